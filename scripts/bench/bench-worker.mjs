#!/usr/bin/env node
// The Worker benchmark (BENCHMARKS.md, "The edge Worker"): the MDN index (the full corpus when
// ../shared/corpora is here, else the bundled sample), the Worker bundled by `wrangler deploy
// --dry-run`, queried with the shared MDN queries:
//   1. subrequests, bytes and edge-cache hits per cold query (split open; no memory or edge
//      cache), and per query once the edge cache holds what an earlier pass read: the index
//      in a local R2 bucket, the Worker under Miniflare (one workerd process with its R2 and
//      Cache API simulators; `wrangler dev` adds a proxy process in front);
//   2. CPU time of workerd per query, cold and warm (every page in memory; the default answer,
//      without snippets, and with `fields=title,url`): /proc ticks over batches of the 200
//      queries, the Worker alone in a plain `workerd serve` over an origin (`rangefind serve`,
//      another process), so that neither the R2 simulator nor Miniflare's entry worker counts;
//   3. warm requests/s and p50/p95 latency at 1, 10 and 25 connections (autocannon) against
//      one workerd process (one core: workerd runs a Worker on one thread) and two sharing
//      one listening socket (the machine's two cores, as one would self-host workerd).
// Usage: node scripts/bench/bench-worker.mjs [--quick]   (scripts/bench/bench.sh worker runs it)
//   --quick: one CPU batch and 3 s load runs, for a look rather than a figure.
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import autocannon from "autocannon";
import { Miniflare } from "miniflare";

const repo = resolve(import.meta.dirname, "../..");
const corpora = join(repo, "..", "shared", "corpora");
const cli = join(repo, "target", "release", "rangefind");
const wrangler = join(repo, "node_modules", ".bin", "wrangler");
const workerd = join(repo, "node_modules", ".bin", "workerd");
const offline = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" };
const quick = process.argv.includes("--quick");
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const CPU_BATCHES = quick ? 1 : 5;
const LOAD_SECONDS = quick ? 3 : 10;
/** worker/wrangler.jsonc (its comments are whole lines): the vars' defaults, the compatibility date. */
const wranglerConfig = JSON.parse(
  readFileSync(join(repo, "worker", "wrangler.jsonc"), "utf8").replace(/^\s*\/\/.*$/gm, ""),
);
const DEFAULT_READ_THROUGH_KB = Number(wranglerConfig.vars.MAX_READ_THROUGH_KB);
const work = mkdtempSync(join(tmpdir(), "rangefind-bench-worker-"));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The index to serve and the queries to send. */
function corpus() {
  const full = join(corpora, "mdn.jsonl.gz");
  const input = existsSync(full) ? full : join(repo, "examples", "mdn", "sample.jsonl.gz");
  if (input !== full) console.warn(`SKIPPED the full corpus: ${full} is absent; using the bundled sample`);
  const index = join(work, "index");
  execFileSync(cli, ["build", "-q", "--config", join(repo, "examples/mdn/rangefind.yaml"), "--input", input, "--out", index], { stdio: "inherit" });
  const queryFile = join(corpora, "queries-mdn.jsonl");
  const queries = existsSync(queryFile)
    ? readFileSync(queryFile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l).query)
    : ["array", "fetch request", "css grid", "promise then", "event listener"];
  return { index, queries };
}

/** The Worker as wrangler would deploy it: one JS module and the wasm engine. */
function bundle() {
  const out = join(work, "bundle");
  execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", out, "--config", join(repo, "worker", "wrangler.jsonc")], {
    env: offline,
    stdio: "pipe",
  });
  const wasm = readdirSync(out).find((name) => name.endsWith(".wasm"));
  return [
    { type: "ESModule", path: join(out, "index.js") },
    { type: "CompiledWasm", path: join(out, wasm) },
  ];
}

/** The Worker in one workerd process with `vars` over `wrangler.jsonc`'s defaults. */
async function startWorker(modules, index, vars) {
  const config = wranglerConfig;
  const worker = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    modules,
    modulesRoot: join(work, "bundle"),
    compatibilityDate: config.compatibility_date,
    r2Buckets: { INDEX_BUCKET: "rangefind-index" },
    bindings: { ...config.vars, ...vars },
  });
  const base = (await worker.ready).toString().replace(/\/$/, "");
  const bucket = await worker.getR2Bucket("INDEX_BUCKET");
  const manifest = JSON.parse(readFileSync(join(index, "manifest.json"), "utf8"));
  // Every file of the index (splits, split filters, the lexicon), the manifest last, as
  // `rangefind publish` uploads them: with the splits alone, typo and pruning paths failed.
  const files = readdirSync(index, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== "manifest.json")
    .map((entry) => relative(index, join(entry.parentPath, entry.name)));
  for (const path of [...files, "manifest.json"]) {
    // A copy: Miniflare refuses views into Node's shared buffer pool.
    await bucket.put(`${config.vars.INDEX_PREFIX}${path}`, new Uint8Array(readFileSync(join(index, path))));
  }
  const pids = execFileSync("pgrep", ["-f", "workerd serve"]).toString().trim().split("\n").map(Number);
  if (pids.length !== 1) throw new Error(`expected one workerd process, found ${pids.length}: stop other Workers first`);
  return { base, pid: pids[0], splits: manifest.splits.length, stop: () => worker.dispose() };
}

/** `rangefind serve` of `dir` on a free port: resolves to {url, stop}. */
async function serveOrigin(dir) {
  const port = await freePort();
  const child = spawn(cli, ["serve", dir, "--port", String(port)], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  await until(async () => (await fetch(`${url}manifest.json`)).ok);
  return { url, stop: () => child.kill() };
}

function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

async function until(ready) {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if (await ready()) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error("a benchmark server did not start within 10 s");
}

/**
 * The Worker in `processes` plain `workerd serve` processes over the index at `indexUrl`, with
 * `vars` over wrangler.jsonc's defaults; the processes share one listening socket, which the
 * kernel hands connections from (workerd takes `--socket-fd`). No Cache API service is
 * configured, so EDGE_CACHE is off.
 */
async function startWorkerd(modules, indexUrl, vars, processes) {
  const config = wranglerConfig;
  const bindings = { ...config.vars, INDEX_URL: indexUrl, EDGE_CACHE: "off", ...vars };
  // Beside the bundle: `embed` paths are relative to the config file.
  const configFile = join(work, "bundle", `workerd-${Date.now()}.capnp`);
  const text = (value) => JSON.stringify(String(value));
  writeFileSync(
    configFile,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "search", worker = .search),
    # rangefind serve is on 127.0.0.1, which the default network refuses.
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [ (name = "http", http = (), service = "search") ],
);
const search :Workerd.Worker = (
  modules = [
${modules.map((m) => `    (name = ${text(basename(m.path))}, ${m.type === "ESModule" ? "esModule" : "wasm"} = embed ${text(basename(m.path))}),`).join("\n")}
  ],
  compatibilityDate = ${text(config.compatibility_date)},
  bindings = [
${Object.entries(bindings).map(([name, value]) => `    (name = ${text(name)}, text = ${text(value)}),`).join("\n")}
  ],
);
`,
  );
  const socket = createServer();
  await new Promise((done) => socket.listen({ port: 0, host: "127.0.0.1", backlog: 1024 }, done));
  const { port } = socket.address();
  const children = Array.from({ length: processes }, () =>
    spawn(workerd, ["serve", configFile, "-I", join(repo, "node_modules", "workerd"), "--socket-fd=http=3"], {
      stdio: ["ignore", "ignore", "inherit", socket._handle.fd],
    }),
  );
  socket.close(); // the workerd processes hold their own copies of the listening socket
  const base = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${base}/`)).status === 404);
  return {
    base,
    pid: children[0].pid,
    stop: () => Promise.all(children.map((child) => new Promise((done) => { child.once("exit", done); child.kill(); }))),
  };
}

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime + stime
}

async function ask(base, query, extra = "") {
  const response = await fetch(`${base}/search?q=${encodeURIComponent(query)}&limit=10${extra}`);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function costs(base, queries) {
  const rows = [];
  for (const query of queries) rows.push((await ask(base, query)).stats);
  const pick = (key) => rows.map((r) => r[key]);
  return {
    subrequests: { median: median(pick("subrequests")), p95: percentile(pick("subrequests"), 95), max: Math.max(...pick("subrequests")) },
    bytes: median(pick("bytes")),
    cacheHits: median(pick("cache_hits")),
    overTen: rows.filter((r) => r.subrequests > 10).length,
  };
}

/** CPU milliseconds of the workerd process per query, per batch of all `queries`. */
async function cpuPerQuery(worker, queries, extra) {
  const batches = [];
  for (let batch = 0; batch < CPU_BATCHES; batch++) {
    const before = cpuSeconds(worker.pid);
    for (const query of queries) await ask(worker.base, query, extra);
    batches.push(((cpuSeconds(worker.pid) - before) / queries.length) * 1000);
  }
  return { batches: batches.map((v) => +v.toFixed(2)), median: +median(batches).toFixed(2) };
}

async function load(base, queries, connections) {
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: LOAD_SECONDS,
    requests: queries.map((q) => ({ method: "GET", path: `/search?q=${encodeURIComponent(q)}&limit=10` })),
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    if (status === 200) latencies.push(ms);
  });
  const result = await instance;
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  const { index, queries } = corpus();
  const modules = bundle();
  const results = { queries: queries.length, date: new Date().toISOString().slice(0, 10) };

  // 1. Cold, over R2: the split open, nothing cached; with the default widest read-through and
  // a narrower one (fewer bytes, more subrequests). Then, with the edge cache on, the same
  // queries once a first pass has filled it (a memory cache of 0 makes the isolate as cold as
  // a new one).
  results.cold = [];
  for (const readThroughKb of [DEFAULT_READ_THROUGH_KB, 512]) {
    const worker = await startWorker(modules, index, {
      MEMORY_CACHE_MB: "0",
      EDGE_CACHE: "off",
      MAX_READ_THROUGH_KB: String(readThroughKb),
    });
    results.splits = worker.splits;
    await ask(worker.base, queries[0]); // opens the index (manifest + split open)
    results.cold.push({ maxReadThroughKb: readThroughKb, ...(await costs(worker.base, queries)) });
    await worker.stop();
  }
  let worker = await startWorker(modules, index, { MEMORY_CACHE_MB: "0", EDGE_CACHE: "on" });
  await costs(worker.base, queries);
  results.edgeWarm = await costs(worker.base, queries);
  await worker.stop();

  // 2. CPU per query in plain workerd over an origin: cold (no memory cache; both widths of
  // read-through), then warm.
  const origin = await serveOrigin(index);
  for (const cold of results.cold) {
    worker = await startWorkerd(modules, origin.url, { MEMORY_CACHE_MB: "0", MAX_READ_THROUGH_KB: String(cold.maxReadThroughKb) }, 1);
    await ask(worker.base, queries[0]);
    cold.cpuPerQueryMs = await cpuPerQuery(worker, queries, "");
    await worker.stop();
  }
  worker = await startWorkerd(modules, origin.url, {}, 1);
  for (const query of queries) await ask(worker.base, query);
  results.cpuPerWarmQueryMs = {
    default: await cpuPerQuery(worker, queries, ""),
    noSnippet: await cpuPerQuery(worker, queries, "&snippet=false"),
    titleAndUrl: await cpuPerQuery(worker, queries, "&fields=title,url"),
  };

  // 3. Warm load: one workerd process, then two.
  results.load = [];
  for (const processes of [1, 2]) {
    if (processes > 1) {
      await worker.stop();
      worker = await startWorkerd(modules, origin.url, {}, processes);
      await load(worker.base, queries, 10); // warms every process's memory cache
    }
    for (const connections of [1, 10, 25]) results.load.push({ processes, ...(await load(worker.base, queries, connections)) });
  }
  await worker.stop();
  origin.stop();

  const out = join(repo, "out", "bench", "worker.json");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
  console.log(`written to ${out}`);
  rmSync(work, { recursive: true, force: true });
}

await main();
