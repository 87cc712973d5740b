#!/usr/bin/env node
// The Worker benchmark (BENCHMARKS.md, "The edge Worker"): the MDN index (the full corpus when
// ../shared/corpora is here, else the bundled sample) put into a local R2 bucket, the Worker
// bundled by `wrangler deploy --dry-run` and run by Miniflare in one local workerd process
// (`wrangler dev` adds a proxy process in front, which alone caps a trivial endpoint near
// 500 requests/s on this machine), queried with the shared MDN queries:
//   1. subrequests, bytes and edge-cache hits per cold query (split open; no memory or edge
//      cache), and per query once the edge cache holds what an earlier pass read;
//   2. CPU time of the workerd process per warm query (every page in memory), with the
//      default answer, without snippets, and with `fields=title,url` (/proc ticks over
//      batches of the 200 queries);
//   3. warm requests/s and p50/p95 latency at 1, 10 and 25 connections (autocannon).
// Usage: node scripts/bench-worker.mjs [--quick]   (scripts/bench.sh worker runs it)
//   --quick: one CPU batch and 3 s load runs, for a look rather than a figure.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { Miniflare } from "miniflare";

const repo = resolve(import.meta.dirname, "..");
const corpora = join(repo, "..", "shared", "corpora");
const cli = join(repo, "target", "release", "rangefind");
const wrangler = join(repo, "node_modules", ".bin", "wrangler");
const offline = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" };
const quick = process.argv.includes("--quick");
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const CPU_BATCHES = quick ? 1 : 5;
const LOAD_SECONDS = quick ? 3 : 10;
const DEFAULT_READ_THROUGH_KB = Number(
  /"MAX_READ_THROUGH_KB":\s*"(\d+)"/.exec(readFileSync(join(repo, "worker", "wrangler.jsonc"), "utf8"))[1],
);
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
  const config = JSON.parse(
    readFileSync(join(repo, "worker", "wrangler.jsonc"), "utf8").replace(/^\s*\/\/.*$/gm, ""),
  );
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
  for (const path of [...manifest.splits.map((s) => s.path), "manifest.json"]) {
    // A copy: Miniflare refuses views into Node's shared buffer pool.
    await bucket.put(`${config.vars.INDEX_PREFIX}${path}`, new Uint8Array(readFileSync(join(index, path))));
  }
  const pids = execFileSync("pgrep", ["-f", "workerd serve"]).toString().trim().split("\n").map(Number);
  if (pids.length !== 1) throw new Error(`expected one workerd process, found ${pids.length}: stop other Workers first`);
  return { base, pid: pids[0], splits: manifest.splits.length, stop: () => worker.dispose() };
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

  // 1. Cold: the split open, nothing cached. Then, in a Worker with the edge cache on, the
  // same queries once a first pass has filled it (a memory cache of 0 makes the isolate as
  // cold as a new one).
  // Cold twice: with the default widest read-through and a narrower one (fewer bytes, more
  // subrequests), CPU included (verifying and copying pages read through costs some).
  results.cold = [];
  for (const readThroughKb of [DEFAULT_READ_THROUGH_KB, 512]) {
    const worker = await startWorker(modules, index, {
      MEMORY_CACHE_MB: "0",
      EDGE_CACHE: "off",
      MAX_READ_THROUGH_KB: String(readThroughKb),
    });
    results.splits = worker.splits;
    await ask(worker.base, queries[0]); // opens the index (manifest + split open)
    const before = cpuSeconds(worker.pid);
    const cold = await costs(worker.base, queries);
    const cpuMs = +(((cpuSeconds(worker.pid) - before) / queries.length) * 1000).toFixed(2);
    results.cold.push({ maxReadThroughKb: readThroughKb, ...cold, cpuPerQueryMs: cpuMs });
    await worker.stop();
  }
  let worker = await startWorker(modules, index, { MEMORY_CACHE_MB: "0", EDGE_CACHE: "on" });
  await costs(worker.base, queries);
  results.edgeWarm = await costs(worker.base, queries);
  await worker.stop();

  // 2 and 3: warm (every page in memory after one pass).
  worker = await startWorker(modules, index, {});
  for (const query of queries) await ask(worker.base, query);
  results.cpuPerWarmQueryMs = {
    default: await cpuPerQuery(worker, queries, ""),
    noSnippet: await cpuPerQuery(worker, queries, "&snippet=false"),
    titleAndUrl: await cpuPerQuery(worker, queries, "&fields=title,url"),
  };
  results.load = [];
  for (const connections of [1, 10, 25]) results.load.push(await load(worker.base, queries, connections));
  await worker.stop();

  const out = join(repo, "out", "bench", "worker.json");
  writeFileSync(out, JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
  console.log(`written to ${out}`);
  rmSync(work, { recursive: true, force: true });
}

await main();
