/**
 * The browser benchmark (not part of the test suite; `scripts/bench/bench-browser.sh` runs it):
 * the wasm engine in Chromium over the shared MDN queries, on loopback and through a TCP delay
 * proxy (100 ms RTT, 10 Mbit/s), the latter both straight to `rangefind serve` (HTTP/1.1: six
 * connections, so a wave of more than six requests takes two round trips) and through an
 * HTTP/2 front (one connection, every request of a wave at once, as from a CDN).
 *
 * - cold: one index with no page cache (`cacheBytes: 0`), splits opened by `preload()` first,
 *   so every query pays its own dictionary, postings and document waves; with the default
 *   request budget per wave (6) and with `maxRequestsPerWave: 0` (adjacent pages only);
 * - first visit: a fresh index per query (manifest read, no split opened yet), for the first
 *   queries of the log: the open wave included; and the same on a copy of the index whose
 *   manifest carries no `dictionaries`, so that the words are looked up only once the split
 *   is open (one wave more), side by side;
 * - warm: every query again on an index that has seen it (memory tier), latency p50/p95
 *   measured in the page around `search()` (worker round trip included).
 *
 * Writes out/bench/browser.json and prints a markdown table.
 */

import { it } from "vitest";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as Rangefind from "../../web/src/index.js";
// @ts-expect-error: a plain ES module without types
import { startDelayProxy } from "../../scripts/bench/delay-proxy.mjs";
// @ts-expect-error: a plain ES module without types
import { startHttp2Front } from "../../scripts/bench/h2-front.mjs";
import { buildIndex, makeSite, openPage, readQueries, repo, sample, serve, sharedCorpus } from "../browser/harness.js";

type PageWindow = Window & { rangefind: typeof Rangefind };

interface Measured {
  query: string;
  ms: number;
  requests: number;
  bytes: number;
  waves: number;
}

const FIRST_VISIT_QUERIES = 25;

/** A copy of the index at `from` whose manifest carries no `dictionaries`: what an index built
 * before them, or over their budget, reads. */
function withoutDictionaries(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(to, "manifest.json"), "utf8"));
  for (const split of manifest.splits) delete split.dictionaries;
  writeFileSync(join(to, "manifest.json"), JSON.stringify(manifest));
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const median = (values: number[]) => percentile(values, 50);

it("measures the engine in Chromium", { timeout: 3_600_000 }, async () => {
  const out = join(repo, "out", "bench-browser");
  const site = join(out, "site");
  makeSite(site);
  const corpus = sharedCorpus("mdn.jsonl.gz");
  const log = sharedCorpus("queries-mdn.jsonl");
  buildIndex(join(site, "index"), corpus ?? sample, corpus ? 250_000 : 150);
  withoutDictionaries(join(site, "index"), join(site, "index-without-dictionaries"));
  const queries = log ? readQueries(log) : ["array", "array map", "css grid", '"event listener"', "fetch*", "title:promise"];
  const server = await serve(site);
  const target = new URL(server.url).host;
  const proxy = await startDelayProxy({ target, rttMs: 100, mbit: 10 });
  const front = await startHttp2Front({ target });
  const proxyToFront = await startDelayProxy({ target: `127.0.0.1:${front.port}`, rttMs: 100, mbit: 10 });
  const results: Record<string, unknown> = { corpus: corpus ? "mdn (14,593 pages)" : "bundled sample (440 pages)", queries: queries.length };
  try {
    for (const [network, base] of [
      ["loopback, HTTP/1.1", server.url],
      ["100 ms RTT, 10 Mbit/s, HTTP/1.1", `http://127.0.0.1:${proxy.port}/`],
      ["100 ms RTT, 10 Mbit/s, HTTP/2", `https://127.0.0.1:${proxyToFront.port}/`],
    ] as const) {
      const session = await openPage(`${base}page.html`, { selfSigned: base.startsWith("https") });
      try {
        // Cold, with the default request budget per wave (6) and with adjacent pages only.
        const coldWith = (maxRequestsPerWave: number): Promise<Measured[]> =>
          session.page.evaluate(
            async ([texts, budget]) => {
              const w = window as unknown as PageWindow;
              const index = await w.rangefind.openIndex("/index/", {
                persistent: false,
                cacheBytes: 0,
                maxRequestsPerWave: budget,
              });
              await index.preload();
              const rows = [];
              for (const query of texts) {
                const started = performance.now();
                const { stats } = await index.search(query);
                rows.push({ query, ms: performance.now() - started, requests: stats.requests, bytes: stats.bytes, waves: stats.waves });
              }
              index.close();
              return rows;
            },
            [queries, maxRequestsPerWave] as const,
          );
        const cold = await coldWith(6);
        const coldAdjacentOnly = await coldWith(0);
        const firstVisitTo = (root: string): Promise<Measured[]> =>
          session.page.evaluate(
            async ([texts, root]) => {
              const w = window as unknown as PageWindow;
              const rows = [];
              for (const query of texts) {
                const index = await w.rangefind.openIndex(root, { persistent: false });
                const started = performance.now();
                const { stats } = await index.search(query);
                rows.push({ query, ms: performance.now() - started, requests: stats.requests, bytes: stats.bytes, waves: stats.waves });
                index.close();
              }
              return rows;
            },
            [queries.slice(0, FIRST_VISIT_QUERIES), root] as const,
          );
        const firstVisit = await firstVisitTo("/index/");
        const firstVisitWithoutDictionaries = await firstVisitTo("/index-without-dictionaries/");
        // Warm queries never touch the network: measured once, on loopback.
        const warm = network.startsWith("loopback") ? await session.page.evaluate(async (texts) => {
          const w = window as unknown as PageWindow;
          const index = await w.rangefind.openIndex("/index/", { persistent: false });
          for (const query of texts) await index.search(query);
          const page: number[] = [];
          const engine: number[] = [];
          for (let round = 0; round < 3; round++) {
            for (const query of texts) {
              const started = performance.now();
              const { stats } = await index.search(query);
              page.push(performance.now() - started);
              engine.push(stats.elapsed_ms);
              if (stats.requests !== 0) throw new Error(`warm query ${query} made ${stats.requests} requests`);
            }
          }
          index.close();
          return { page, engine };
        }, queries) : null;
        const rttMs = network.startsWith("loopback") ? 0 : 100;
        const bitsPerMs = network.startsWith("loopback") ? Infinity : 10_000;
        const summary = (rows: Measured[]) => ({
          median_ms: median(rows.map((r) => r.ms)),
          p95_ms: percentile(rows.map((r) => r.ms), 95),
          median_requests: median(rows.map((r) => r.requests)),
          median_bytes: median(rows.map((r) => r.bytes)),
          max_waves: Math.max(...rows.map((r) => r.waves)),
          median_waves: median(rows.map((r) => r.waves)),
          // The target: time to results ≤ waves × RTT + 50 ms.
          within_budget: rows.filter((r) => r.ms <= r.waves * rttMs + 50).length,
          // Time beyond the network's floor (waves × RTT, bytes at the link's bandwidth):
          // the engine, the worker and the browser.
          median_overhead_ms: median(rows.map((r) => r.ms - r.waves * rttMs - (r.bytes * 8) / bitsPerMs)),
        });
        results[network] = {
          cold: summary(cold),
          cold_adjacent_pages_only: summary(coldAdjacentOnly),
          first_visit: summary(firstVisit),
          first_visit_without_dictionaries: summary(firstVisitWithoutDictionaries),
          warm: warm && {
            p50_ms: median(warm.page),
            p95_ms: percentile(warm.page, 95),
            engine_p50_ms: median(warm.engine),
            engine_p95_ms: percentile(warm.engine, 95),
          },
          rows: { cold, first_visit: firstVisit },
        };
      } finally {
        await session.close();
      }
    }
  } finally {
    await proxyToFront.close();
    await front.close();
    await proxy.close();
    await server.stop();
  }
  mkdirSync(join(repo, "out", "bench"), { recursive: true });
  writeFileSync(join(repo, "out", "bench", "browser.json"), JSON.stringify(results, null, 2));
  const { rows: _rows, ...printable } = results as Record<string, unknown> & { rows?: unknown };
  console.log(
    JSON.stringify(printable, (key, value) => (key === "rows" ? undefined : typeof value === "number" ? Math.round(value * 10) / 10 : value), 2),
  );
});
