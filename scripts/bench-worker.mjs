#!/usr/bin/env node
// The Worker benchmark (BENCHMARKS.md, "The edge Worker"): the MDN index (the full corpus when
// ../shared/corpora is here, else the bundled sample) put into a local R2 bucket, served by
// `wrangler dev` (local workerd), queried with the shared MDN queries:
//   1. subrequests, bytes and edge-cache hits per cold query (no memory cache, no edge cache),
//      and per query when another isolate has filled the edge cache;
//   2. CPU time of the workerd processes per warm query (sequential batches; /proc ticks);
//   3. warm requests/s and p50/p95 latency at 1, 10 and 25 connections (autocannon).
// Usage: node scripts/bench-worker.mjs   (scripts/bench.sh worker runs it after the build)
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";

const repo = resolve(import.meta.dirname, "..");
const corpora = join(repo, "..", "shared", "corpora");
const cli = join(repo, "target", "release", "rangefind");
const wrangler = join(repo, "node_modules", ".bin", "wrangler");
const config = join(repo, "worker", "wrangler.jsonc");
const offline = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" };
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const work = mkdtempSync(join(tmpdir(), "rangefind-bench-worker-"));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

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

function putIntoR2(index, state) {
  const manifest = JSON.parse(readFileSync(join(index, "manifest.json"), "utf8"));
  for (const path of [...manifest.splits.map((s) => s.path), "manifest.json"]) {
    execFileSync(wrangler, ["r2", "object", "put", `rangefind-index/mdn/${path}`, "--file", join(index, path), "--local", "--persist-to", state, "--config", config], { env: offline, stdio: "pipe" });
  }
  return manifest;
}

/** `wrangler dev` with `vars`; resolves to {base, stop, workerdPids}. */
async function startDev(state, vars) {
  const port = await freePort();
  const inspector = await freePort();
  const args = ["dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector), "--persist-to", state, "--show-interactive-dev-session=false"];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child = spawn(wrangler, args, { env: offline, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  const base = await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`wrangler dev did not start:\n${log}`)), 120_000);
    const onData = (chunk) => {
      log += chunk;
      const ready = log.match(/Ready on (http:\/\/127\.0\.0\.1:\d+)/);
      if (ready) {
        clearTimeout(timer);
        done(ready[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
  });
  // wrangler dev runs two workerd processes (an entry proxy and the Worker): both are counted.
  const workerdPids = execFileSync("pgrep", ["-g", String(child.pid), "-f", "workerd serve"]).toString().trim().split("\n").map(Number);
  return {
    base,
    workerdPids,
    stop: () => new Promise((done) => { child.once("exit", done); process.kill(-child.pid, "SIGTERM"); }),
  };
}

function cpuTicks(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
  }
  return ticks;
}

async function ask(base, query) {
  const response = await fetch(`${base}/search?q=${encodeURIComponent(query)}&limit=10`);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function costs(base, queries) {
  const rows = [];
  for (const query of queries) rows.push((await ask(base, query)).stats);
  const pick = (key) => rows.map((r) => r[key]);
  return {
    subrequests: { median: median(pick("subrequests")), max: Math.max(...pick("subrequests")) },
    bytes: median(pick("bytes")),
    cacheHits: median(pick("cache_hits")),
    overTen: rows.filter((r) => r.subrequests > 10).length,
  };
}

async function main() {
  const { index, queries } = corpus();
  const state = join(work, "state");
  const manifest = putIntoR2(index, state);
  const results = { splits: manifest.splits.length, queries: queries.length };

  // 1. Cold: nothing cached but the opened split; then a second isolate over a filled edge cache.
  let dev = await startDev(state, { MEMORY_CACHE_MB: "0", EDGE_CACHE: "off" });
  await ask(dev.base, queries[0]); // opens the index (manifest + split open)
  results.cold = await costs(dev.base, queries);
  await dev.stop();
  dev = await startDev(state, { MEMORY_CACHE_MB: "0", EDGE_CACHE: "on" });
  await costs(dev.base, queries); // fills the edge cache
  await dev.stop();
  dev = await startDev(state, { MEMORY_CACHE_MB: "0", EDGE_CACHE: "on" });
  await ask(dev.base, queries[0]);
  results.edgeWarm = await costs(dev.base, queries);
  await dev.stop();

  // 2 and 3: warm (every page in memory after one pass).
  dev = await startDev(state, {});
  for (const query of queries) await ask(dev.base, query);
  const perQueryMs = [];
  for (let batch = 0; batch < 5; batch++) {
    const before = cpuTicks(dev.workerdPids);
    for (const query of queries) await ask(dev.base, query);
    perQueryMs.push(((cpuTicks(dev.workerdPids) - before) / TICKS_PER_SECOND / queries.length) * 1000);
  }
  results.cpuPerWarmQueryMs = { batches: perQueryMs.map((v) => +v.toFixed(2)), median: +median(perQueryMs).toFixed(2) };

  results.load = [];
  for (const connections of [1, 10, 25]) {
    const latencies = [];
    const instance = autocannon({
      url: dev.base,
      connections,
      duration: 10,
      requests: queries.map((q) => ({ method: "GET", path: `/search?q=${encodeURIComponent(q)}&limit=10` })),
    });
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms);
    });
    const result = await instance;
    results.load.push({
      connections,
      requestsPerSecond: Math.round(result.requests.average),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
  await dev.stop();

  const out = join(repo, "out", "bench", "worker.json");
  writeFileSync(out, JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
  console.log(`written to ${out}`);
  rmSync(work, { recursive: true, force: true });
}

await main();
