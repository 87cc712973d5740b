/**
 * Warm queries of the site engine in Chromium (not part of the test suite;
 * `scripts/bench/bench-site-warm.sh` builds the site and runs this): the time a search-as-you-type
 * box waits for an answer when every byte it needs is already in the engine's memory.
 *
 * The site (the bundled MDN sample, or the shared MDN site) is served by `rangefind serve` on
 * loopback; the page opens it with `openSite` from the npm package (the engine in its Web
 * Worker, as the widget runs it) and asks what the widget asks: 10 hits with the widget's
 * fields, `count_all: false`. Each query of the log is searched once (which reads its bytes),
 * then `BENCH_WARM_REPEATS` times more: each repeat is timed in the page around `search()`
 * (the worker's round trip included) and inside the engine (`stats.elapsed_ms`); a query's warm
 * time is the median of its repeats, and the run's figure the median over queries. Requests
 * during the repeats are counted: a warm query makes none.
 *
 * Env: BENCH_SITE (the site, `_rangefind/` built in it, the package in `rangefind/`),
 * BENCH_QUERIES (a query log, `{"query"}` per line), BENCH_OUT (where the JSON goes),
 * BENCH_WARM_QUERIES (how many of the log, default 200), BENCH_WARM_REPEATS (default 7).
 */

import { it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { openPage, serve } from "../browser/harness.js";
import { median } from "./recorder.js";

const QUERIES = Number(process.env.BENCH_WARM_QUERIES ?? 200);
const REPEATS = Number(process.env.BENCH_WARM_REPEATS ?? 7);

interface Timed {
  query: string;
  hits: number;
  page_ms: number;
  engine_ms: number;
  requests: number;
}

type PageWindow = Window & {
  warm(query: string, repeats: number): Promise<{ hits: number; page: number[]; engine: number[] }>;
};

it("warm queries of the site engine in Chromium", { timeout: 3_600_000 }, async () => {
  const site = process.env.BENCH_SITE!;
  const out = process.env.BENCH_OUT!;
  const queries = readFileSync(process.env.BENCH_QUERIES!, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { query: string }).query)
    .slice(0, QUERIES);
  const server = await serve(site);
  const session = await openPage(`${server.url}warm.html`);
  try {
    const { page } = session;
    let requests = 0;
    page.context().on("request", () => requests++);
    const rows: Timed[] = [];
    for (const query of queries) {
      await page.evaluate((q) => (window as unknown as PageWindow).warm(q, 0), query);
      const before = requests;
      const timed = await page.evaluate(([q, n]) => (window as unknown as PageWindow).warm(q as string, n as number), [query, REPEATS]);
      rows.push({
        query,
        hits: timed.hits,
        page_ms: median(timed.page),
        engine_ms: median(timed.engine),
        requests: requests - before,
      });
    }
    const summary = {
      site,
      queries: rows.length,
      repeats: REPEATS,
      page_ms_median: median(rows.map((row) => row.page_ms)),
      page_ms_p90: [...rows.map((row) => row.page_ms)].sort((a, b) => a - b)[Math.floor(rows.length * 0.9)],
      engine_ms_median: median(rows.map((row) => row.engine_ms)),
      requests_during_repeats: rows.reduce((sum, row) => sum + row.requests, 0),
    };
    console.log(JSON.stringify(summary));
    writeFileSync(out, JSON.stringify({ summary, rows }, null, 1));
  } finally {
    await session.close();
    await server.stop();
  }
});
