/**
 * The data-set benchmark's browser half (not part of the test suite; `scripts/bench/bench-duckdb.sh`
 * builds everything it reads, then runs this): rangefind's split engine (with aggregations),
 * DuckDB-Wasm and sql.js-httpvfs in Chromium on the same events, through a TCP delay proxy
 * (100 ms RTT, 10 Mbit/s, HTTP/1.1) in front of `rangefind serve`, which honours `Range` for all.
 *
 * rangefind reads the split index at `/index/`; DuckDB reads `/events-*.parquet`, registered as
 * an HTTP file (range reads), once with DuckDB's default row groups and once with smaller ones;
 * sql.js-httpvfs reads `/events.sqlite3` (FTS5 and indexes) by ranges of 4 KiB pages.
 * Every request is counted by the browser (Playwright sees the engines' workers too), with its
 * encoded body size; a request's wave is one more than the latest wave that had ended when it
 * started. Per engine and request:
 *
 * - open: a fresh browser context, the engine loaded and the data opened as each engine's API
 *   does it, once per visit: rangefind's `openIndex` (its worker and wasm, the manifest and the
 *   split filter files), DuckDB's `instantiate` and `connect` (its worker and wasm: DuckDB reads
 *   nothing of a file before a query needs it), sql.js-httpvfs's `createDbWorker`;
 * - cold: then the request, which reads what it needs: rangefind's split opens (hotcache and
 *   footer of each split it reaches) and query; DuckDB's `registerFileURL` and query (the
 *   file's size, its Parquet footer, the columns); sql.js-httpvfs's query (the pages it reads);
 * - warm: the same request again in that context (rangefind's memory cache; whatever DuckDB and
 *   the browser's HTTP cache keep);
 * - first visit: a fresh context, the engine's download and the first request.
 *
 * Answers are compared between the engines (see `sameAnswer`). Env: BENCH_SITE (the directory
 * served), BENCH_SQLITE (the SQLite database; none: sql.js-httpvfs is not measured),
 * BENCH_REQUESTS (scripts/data/events-vs-duckdb-queries.py's output), BENCH_OUT (the
 * JSON written), BENCH_PARQUET (the Parquet files, space-separated, the first with DuckDB's
 * defaults; the others are measured on every request but the text queries after the first of
 * each kind: a text query scans the whole `text` column whatever the row groups),
 * BENCH_LOOPBACK=1 (no delay proxy), BENCH_ONLY="rangefind sqlite" (those of the engines).
 */

import { it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
// @ts-expect-error: a plain ES module without types
import { startDelayProxy } from "../../scripts/bench/delay-proxy.mjs";
import { serve } from "../browser/harness.js";
import { freshPage, median, type Recorder } from "./recorder.js";

interface BenchRequest {
  kind: string;
  name: string;
  answer: "newest" | "days" | "repos";
  rangefind: { query: string; options: Record<string, unknown> };
  /** DuckDB's SQL over the Parquet (`__EVENTS__`). */
  sql: string;
  /** SQLite's over scripts/data/events-sqlite.py's database. */
  sqlite: string;
}

/** An answer both engines give alike: the events or buckets, and how many. */
interface Answer {
  /** Events in the buckets, or events listed. */
  count: number;
  /** `newest`: [created_at ms, id] of each hit; `days` and `repos`: [key, events] of each bucket. */
  rows: Array<[number | string, number | string]>;
}

interface Engine {
  name: "rangefind" | "duckdb" | "sqlite";
  /** The file DuckDB (Parquet) or sql.js-httpvfs (SQLite) reads; none for rangefind. */
  file?: string;
}


/**
 * The page both engines run in. Its script loads an engine only when asked (and is a string:
 * the test runner would rewrite an `import()` in a function passed to the page).
 */
const BENCH_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title>
<link rel="icon" href="data:,"><body><script type="module">
let rangefind = null, index = null, duckdb = null, db = null, conn = null, registered = null, sqlite = null;
const plain = (value) => (typeof value === "bigint" ? Number(value) : value);
window.bench = {
  async load(engine, file) {
    if (engine === "rangefind") {
      rangefind = await import("/rangefind/index.js");
      index = await rangefind.openIndex("/index/", { persistent: false, analytics: true });
    } else if (engine === "sqlite") {
      // sql.js-httpvfs is a UMD script: it sets window.createDbWorker.
      await new Promise((loaded, failed) => {
        const script = document.createElement("script");
        script.src = "/sqljs/index.js";
        script.onload = loaded;
        script.onerror = failed;
        document.head.append(script);
      });
      sqlite = await window.createDbWorker(
        [{ from: "inline", config: { serverMode: "full", url: "/" + file, requestChunkSize: 4096 } }],
        "/sqljs/sqlite.worker.js", "/sqljs/sql-wasm.wasm");
    } else {
      duckdb = await import("/duckdb/duckdb.js");
      db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), new Worker("/duckdb/duckdb-browser-eh.worker.js"));
      await db.instantiate("/duckdb/duckdb-eh.wasm");
      conn = await db.connect();
    }
  },
  // Runs one request; resolves to the time it took and its answer.
  async run(engine, request, parquet) {
    const started = performance.now();
    if (engine === "sqlite") {
      const rows = await sqlite.db.query(request.sqlite);
      return { ms: performance.now() - started, raw: { rows } };
    }
    if (engine === "rangefind") {
      const answer = await index.search(request.rangefind.query, request.rangefind.options);
      return { ms: performance.now() - started, raw: { count: answer.count, hits: answer.hits.map((h) => [Date.parse(h.doc.created_at), h.id]), aggregations: answer.aggregations } };
    }
    if (registered !== parquet) {
      await db.registerFileURL(parquet, location.origin + "/" + parquet, duckdb.DuckDBDataProtocol.HTTP, false);
      registered = parquet;
    }
    const table = await conn.query(request.sql.replaceAll("__EVENTS__", "'" + parquet + "'"));
    const rows = table.toArray().map((row) => Object.fromEntries(Object.entries(row.toJSON()).map(([k, v]) => [k, plain(v)])));
    return { ms: performance.now() - started, raw: { rows } };
  },
};
window.ready = true;
</script></body></html>`;

type BenchWindow = Window & {
  bench: {
    load(engine: string, file?: string): Promise<void>;
    run(engine: string, request: BenchRequest, file?: string): Promise<{ ms: number; raw: RawAnswer }>;
  };
};

interface RawAnswer {
  count?: number;
  hits?: Array<[number, string]>;
  aggregations?: Record<string, { buckets: Array<{ key: number | string; doc_count: number }> }>;
  rows?: Array<Record<string, number | string>>;
}

/** Both engines' answers in one shape. */
function answerOf(request: BenchRequest, raw: RawAnswer): Answer {
  if (raw.rows) {
    const rows = raw.rows;
    if (request.answer === "newest") return { count: rows.length, rows: rows.map((r) => [Number(r.ms), String(r.id)]) };
    const buckets = rows.map((r): [number | string, number] => [request.answer === "days" ? Number(r.day) : String(r.key), Number(r.n)]);
    return { count: buckets.reduce((sum, [, n]) => sum + n, 0), rows: sortedBuckets(buckets) };
  }
  // The requests ask for the newest events without their count (`count_all: false`).
  if (request.answer === "newest") return { count: raw.hits?.length ?? 0, rows: raw.hits ?? [] };
  const name = request.answer === "days" ? "per_day" : "repos";
  // A date histogram lists empty days between the first and the last; SQL's GROUP BY does not.
  const buckets = (raw.aggregations?.[name]?.buckets ?? []).filter((b) => b.doc_count > 0).map((b): [number | string, number] => [b.key, b.doc_count]);
  return { count: buckets.reduce((sum, [, n]) => sum + n, 0), rows: sortedBuckets(buckets) };
}

const sortedBuckets = (buckets: Array<[number | string, number]>) => [...buckets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Whether two answers are the same: the same buckets; for the newest events, the same
 * timestamps in order and the same events at each, but among the events sharing the page's
 * oldest timestamp, which ones made the page is free (both orders are right).
 */
function sameAnswer(request: BenchRequest, a: Answer, b: Answer): boolean {
  if (a.count !== b.count || a.rows.length !== b.rows.length) return false;
  if (request.answer !== "newest") return JSON.stringify(a.rows) === JSON.stringify(b.rows);
  if (a.rows.some(([time], i) => time !== b.rows[i][0])) return false;
  const last = a.rows.at(-1)?.[0];
  const ids = (answer: Answer) => answer.rows.filter(([time]) => time !== last).map(([, id]) => id).sort().join();
  return ids(a) === ids(b);
}

it("measures rangefind and DuckDB-Wasm on the events in Chromium", { timeout: 14_400_000 }, async () => {
  const site = process.env.BENCH_SITE;
  if (!site || !process.env.BENCH_REQUESTS || !process.env.BENCH_OUT || !process.env.BENCH_PARQUET) {
    throw new Error("run scripts/bench/bench-duckdb.sh, which sets BENCH_SITE, BENCH_REQUESTS, BENCH_PARQUET and BENCH_OUT");
  }
  const requests = readFileSync(process.env.BENCH_REQUESTS, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as BenchRequest);
  const [defaultParquet, ...tunedParquets] = process.env.BENCH_PARQUET.split(/\s+/).filter(Boolean);
  const sqliteFile = process.env.BENCH_SQLITE;
  const only = process.env.BENCH_ONLY?.split(/\s+/).filter(Boolean);
  const engines: Engine[] = [
    { name: "rangefind" as const },
    { name: "duckdb" as const, file: defaultParquet },
    ...tunedParquets.map((file) => ({ name: "duckdb" as const, file })),
    ...(sqliteFile ? [{ name: "sqlite" as const, file: sqliteFile }] : []),
  ]
    // BENCH_ONLY="rangefind sqlite" (any of rangefind, duckdb, sqlite): measure those engines.
    .filter((engine) => !only || only.includes(engine.name));
  /** A text query scans the whole text column whatever the row groups: once per kind is enough. */
  const firstOfKind = new Set(["Q4", "Q5"].map((kind) => requests.find((r) => r.kind === kind)));
  const measured = (engine: Engine) =>
    engine.name !== "duckdb" || engine.file === defaultParquet ? requests : requests.filter((r) => !["Q4", "Q5"].includes(r.kind) || firstOfKind.has(r));
  writeFileSync(join(site, "bench.html"), BENCH_PAGE);
  const server = await serve(site);
  const loopback = process.env.BENCH_LOOPBACK === "1";
  const proxy = loopback ? undefined : await startDelayProxy({ target: new URL(server.url).host, rttMs: 100, mbit: 10 });
  const base = proxy ? `http://127.0.0.1:${proxy.port}/bench.html` : `${server.url}bench.html`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
  });
  const fresh = () => freshPage(browser, base);
  const load = (page: Page, engine: Engine) =>
    page.evaluate(([name, file]) => (window as unknown as BenchWindow).bench.load(name, file), [engine.name, engine.file] as const);
  const run = (page: Page, engine: Engine, request: BenchRequest) =>
    page.evaluate(([name, r, file]) => (window as unknown as BenchWindow).bench.run(name, r, file), [engine.name, request, engine.file] as const);
  const report: Record<string, unknown> = { network: loopback ? "loopback" : "100 ms RTT, 10 Mbit/s, HTTP/1.1", requests: requests.length };
  const answers = new Map<string, Map<string, Answer>>();
  try {
    for (const engine of engines) {
      const label = engine.file ? `${engine.name} ${engine.file}` : engine.name;
      const mine = new Map<string, Answer>();
      answers.set(label, mine);
      // The first visit: the engine's download, then the first request.
      const visit = await fresh();
      const visitStarted = Date.now();
      await load(visit.page, engine);
      await run(visit.page, engine, requests[0]);
      await visit.recorder.settled();
      const firstVisit = { ms: Date.now() - visitStarted, ...visit.recorder.since(0) };
      await visit.context.close();
      const rows = [];
      const opens: Array<ReturnType<Recorder["since"]> & { ms: number }> = [];
      for (const request of measured(engine)) {
        const { context, recorder, page } = await fresh();
        const loadFrom = recorder.done.length;
        const loadStarted = Date.now();
        await load(page, engine);
        const loadMs = Date.now() - loadStarted;
        await recorder.settled();
        opens.push({ ms: loadMs, ...recorder.since(loadFrom, loadStarted) });
        const from = recorder.done.length;
        const coldStarted = Date.now();
        const cold = await run(page, engine, request);
        await recorder.settled();
        const coldCost = recorder.since(from, coldStarted);
        const warmFrom = recorder.done.length;
        const warm = await run(page, engine, request);
        await recorder.settled();
        const warmCost = recorder.since(warmFrom);
        await context.close();
        const answer = answerOf(request, cold.raw);
        mine.set(request.name, answer);
        const row = {
          kind: request.kind,
          name: request.name,
          count: answer.count,
          cold: { ms: cold.ms, requests: coldCost.requests, bytes: coldCost.bytes, waves: coldCost.waves },
          warm: { ms: warm.ms, requests: warmCost.requests, bytes: warmCost.bytes, waves: warmCost.waves },
          // The largest requests: where the bytes went.
          largest: [...coldCost.timeline].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([file, bytes]) => `${file} ${bytes}`),
          // [file, bytes, start, end] of each request of the cold run, ms from its start.
          timeline: coldCost.timeline,
        };
        rows.push(row);
        console.log(label, JSON.stringify({ ...row, largest: undefined, timeline: undefined }));
      }
      // What opening cost beside the engine's own files (its scripts and wasm).
      const dataOf = (open: (typeof opens)[number]) => open.timeline.filter(([file]) => !/\.(m?js|wasm)$/.test(file));
      report[label] = {
        open: {
          ms: median(opens.map((o) => o.ms)),
          requests: median(opens.map((o) => o.requests)),
          bytes: median(opens.map((o) => o.bytes)),
          waves: median(opens.map((o) => o.waves)),
          data_requests: median(opens.map((o) => dataOf(o).length)),
          data_bytes: median(opens.map((o) => dataOf(o).reduce((sum, [, bytes]) => sum + bytes, 0))),
          files: opens[0]?.timeline.map(([file, bytes, start, end]) => `${file} ${bytes} ${start}-${end}`),
        },
        first_visit: { ms: firstVisit.ms, requests: firstVisit.requests, bytes: firstVisit.bytes, waves: firstVisit.waves, files: firstVisit.timeline.map(([file, bytes]) => `${file} ${bytes}`) },
        rows,
      };
    }
    // Answers: each DuckDB run against rangefind's.
    const reference = answers.get("rangefind") ?? new Map<string, Answer>();
    const differences: string[] = [];
    for (const [label, theirs] of answers) {
      if (label === "rangefind") continue;
      for (const request of requests) {
        const mine = reference.get(request.name);
        const other = theirs.get(request.name);
        if (mine && other && !sameAnswer(request, mine, other)) differences.push(`${label}: ${request.name}: rangefind ${JSON.stringify(mine).slice(0, 300)} duckdb ${JSON.stringify(other).slice(0, 300)}`);
      }
    }
    report.answers_differ = differences;
    console.log(differences.length === 0 ? "every answer the same in both engines" : `answers differ:\n${differences.join("\n")}`);
    const summary: Record<string, Record<string, unknown>> = {};
    for (const engine of engines) {
      const label = engine.file ? `${engine.name} ${engine.file}` : engine.name;
      const { rows } = report[label] as { rows: Array<{ kind: string; cold: Record<string, number>; warm: Record<string, number> }> };
      for (const kind of [...new Set(rows.map((r) => r.kind))]) {
        const of = rows.filter((r) => r.kind === kind);
        summary[kind] ??= {};
        summary[kind][label] = {
          n: of.length,
          cold_bytes: median(of.map((r) => r.cold.bytes)),
          cold_requests: median(of.map((r) => r.cold.requests)),
          cold_waves: median(of.map((r) => r.cold.waves)),
          cold_ms: Math.round(median(of.map((r) => r.cold.ms))),
          warm_bytes: median(of.map((r) => r.warm.bytes)),
          warm_ms: Math.round(median(of.map((r) => r.warm.ms)) * 10) / 10,
        };
      }
    }
    report.summary = summary;
    console.log(JSON.stringify(summary, null, 1));
  } finally {
    await browser.close();
    await proxy?.close();
    await server.stop();
    writeFileSync(process.env.BENCH_OUT!, JSON.stringify(report, null, 2));
  }
});
