/**
 * The wasm engine in real Chromium, in its Web Worker, against a real Range server: the same
 * results as the native CLI on the same index; stats that agree with the browser's own
 * resource timing; aborts, filters and bad requests.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type * as Rangefind from "../../web/src/index.js";
import {
  buildIndex,
  makeSite,
  nativeSearch,
  openPage,
  readQueries,
  sample,
  serve,
  sharedCorpus,
  tempDir,
  type Server,
  type Session,
} from "./harness.js";

type PageWindow = Window & { rangefind: typeof Rangefind; index?: Rangefind.RangefindIndex };

/** Queries of every kind the engine supports, for when the shared query log is absent. */
const BUILT_IN_QUERIES = [
  "array",
  "array map",
  "Array.prototype.map()",
  '"event listener"',
  "fetch AND promise",
  "css OR grid",
  "flex -grid",
  "title:array",
  "arr*",
  '"local stor*"',
  "section:Web/JavaScript",
  "nonexistentwordxyz",
  "the",
  "border-radius",
  "(async OR await) function",
  "title:(map OR set)",
];

let site: string;
let server: Server;
let session: Session;
let indexDir: string;
let queries: string[];

beforeAll(async () => {
  site = tempDir("browser-site");
  makeSite(site);
  indexDir = join(site, "index");
  const corpus = sharedCorpus("mdn.jsonl.gz");
  const log = sharedCorpus("queries-mdn.jsonl");
  // The whole MDN corpus in 3 splits when present; else the bundled sample in 3 splits.
  if (corpus) buildIndex(indexDir, corpus, 5000);
  else buildIndex(indexDir, sample, 150);
  queries = [...BUILT_IN_QUERIES, ...(log ? readQueries(log) : [])];
  server = await serve(site);
  session = await openPage(`${server.url}page.html`);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

describe("searching in Chromium", () => {
  it("downloads nothing of the engine or the index before openIndex", async () => {
    // page.html imported the package when the session started.
    const loaded = await session.page.evaluate(() =>
      performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname),
    );
    expect(loaded.filter((path) => /wasm|worker|\/index\//.test(path))).toEqual([]);
    expect(loaded).toContain("/rangefind/index.js");
  });

  it("returns exactly what the native CLI returns, for every query", async () => {
    const { page } = session;
    const browserResults = await page.evaluate(async (texts) => {
      const w = window as unknown as PageWindow;
      const index = await w.rangefind.openIndex("/index/", { persistent: false });
      const out = [];
      for (const query of texts) {
        const r = await index.search(query, { limit: 10 });
        out.push({ count: r.count, hits: r.hits.map((h) => ({ id: h.id, score: h.score, snippet: h.snippet, doc: h.doc })) });
      }
      index.close();
      return out;
    }, queries);
    expect(browserResults.length).toBe(queries.length);
    for (const [i, query] of queries.entries()) {
      const native = nativeSearch(indexDir, query, 10);
      const browser = browserResults[i];
      expect(browser.count, query).toBe(native.count);
      // The same engine code on the same bytes: identical ranking, documents and snippets.
      // Scores agree to f32 rounding (wasm's libm `ln` and native's differ in the last bit).
      expect(browser.hits.map((h) => h.id), query).toEqual(native.hits.map((h) => h.id));
      browser.hits.forEach((hit, k) => {
        const expected = native.hits[k].score;
        expect(Math.abs(hit.score - expected), `${query}: score of ${hit.id}`).toBeLessThanOrEqual(Math.abs(expected) * 1e-5);
      });
      expect(browser.hits.map((h) => h.snippet ?? null), query).toEqual(native.hits.map((h) => h.snippet ?? null));
      expect(browser.hits.map((h) => h.doc), query).toEqual(native.hits.map((h) => h.doc));
    }
  });

  it("reports requests and bytes that the browser's resource timing confirms", async () => {
    const { page } = session;
    const checks = await page.evaluate(async (texts) => {
      const w = window as unknown as PageWindow;
      const index = await w.rangefind.openIndex("/index/", { persistent: false });
      await index.resourceEntries({ clear: true }); // the engine and manifest loads
      const out = [];
      for (const query of texts) {
        const r = await index.search(query, { limit: 10 });
        // Splits, and the lexicon when a word is missing (typo tolerance).
        const entries = (await index.resourceEntries({ clear: true })).filter((e) => /\/index\/(splits|lexicon)\//.test(e.name));
        out.push({
          query,
          stats: r.stats,
          timingRequests: entries.length,
          timingBytes: entries.reduce((sum, e) => sum + e.encodedBodySize, 0),
        });
      }
      index.close();
      return out;
    }, queries.slice(0, 12));
    let cold = 0;
    for (const check of checks) {
      expect(check.stats.requests, check.query).toBe(check.timingRequests);
      expect(check.stats.bytes, check.query).toBe(check.timingBytes);
      if (check.stats.requests > 0) cold++;
    }
    expect(cold, "the queries did reach the network").toBeGreaterThan(0);
    // The first query opens every split and reads its words' dictionary blocks in the same
    // wave (the manifest carries the dictionaries), then postings and documents.
    expect(checks[0].stats.splits_opened).toBe(checks[0].stats.splits_total);
    expect(checks[0].stats.waves, checks[0].query).toBeLessThanOrEqual(3);
  });

  it("repeats a query from memory with no requests", async () => {
    const stats = await session.page.evaluate(async () => {
      const w = window as unknown as PageWindow;
      const index = await w.rangefind.openIndex("/index/", { persistent: false });
      await index.search("array map");
      const again = await index.search("array map");
      index.close();
      return again.stats;
    });
    expect(stats.requests).toBe(0);
    expect(stats.waves).toBe(0);
  });

  it("keeps the memory tier within its byte bound and still answers", async () => {
    const result = await session.page.evaluate(async (texts) => {
      const w = window as unknown as PageWindow;
      const cacheBytes = 64 * 1024;
      const index = await w.rangefind.openIndex("/index/", { persistent: false, cacheBytes });
      let peak = 0;
      const counts = [];
      for (const query of texts) {
        counts.push((await index.search(query)).count);
        peak = Math.max(peak, (await index.cacheState()).memoryBytes);
      }
      index.close();
      return { peak, cacheBytes, counts };
    }, queries.slice(0, 20));
    expect(result.peak).toBeGreaterThan(0);
    expect(result.peak).toBeLessThanOrEqual(result.cacheBytes);
    for (const [i, count] of result.counts.entries()) expect(count, queries[i]).toBe(nativeSearch(indexDir, queries[i], 10).count);
  });

  it("filters by keyword fields, pages with offset, and returns the fields asked for", async () => {
    const result = await session.page.evaluate(async () => {
      const w = window as unknown as PageWindow;
      const index = await w.rangefind.openIndex("/index/", { persistent: false });
      const all = await index.search("array", { limit: 20 });
      const filtered = await index.search("array", { limit: 20, filters: { section: "Web/JavaScript" } });
      const second = await index.search("array", { limit: 5, offset: 5 });
      const narrow = await index.search("array", { limit: 20, fields: ["title"] });
      index.close();
      return { all, filtered, second, narrow };
    });
    expect(result.narrow.hits.map((h) => h.id)).toEqual(result.all.hits.map((h) => h.id));
    for (const hit of result.narrow.hits) expect(Object.keys(hit.doc)).toEqual(["title"]);
    expect(result.filtered.count).toBeGreaterThan(0);
    expect(result.filtered.count).toBeLessThan(result.all.count);
    for (const hit of result.filtered.hits) expect(hit.doc.section).toBe("Web/JavaScript");
    expect(result.second.hits.map((h) => h.id)).toEqual(result.all.hits.slice(5, 10).map((h) => h.id));
  });

  it("sorts by a fast field and aggregates as the CLI does", async () => {
    const aggs = {
      sections: { terms: { field: "section", size: 5 } },
      per_365_days: { date_histogram: { field: "last_modified", fixed_interval: "365d" } },
      newest: { max: { field: "last_modified" } },
    };
    // Buckets of every storage the native engine picks among (a vector by term, lanes, pages,
    // a hash map; packed multi-term keys; terms × histogram flattened), which the browser's
    // engines collect in one hash map: the same buckets. (Ordered where counts tie by key:
    // tantivy leaves the order of equal counts to the storage.)
    const bucketed = {
      by_section: {
        terms: { field: "section", order: { _key: "asc" } },
        aggs: { newest: { max: { field: "last_modified" } } },
      },
      per_type_and_year: {
        terms: { field: "page_type", size: 3 },
        aggs: { years: { date_histogram: { field: "last_modified", fixed_interval: "365d" } } },
      },
      section_and_type: {
        multi_terms: { terms: [{ field: "section" }, { field: "page_type" }], size: 20, order: { _key: "asc" } },
        aggs: { newest: { max: { field: "last_modified" } } },
      },
      type_pairs: { multi_terms: { terms: [{ field: "page_type" }, { field: "section" }], size: 5 } },
      // Filter query strings, read by the engine's own parser in every engine.
      api_pages: {
        filter: "section:Web/API -page_type:web-api-interface",
        aggs: { types: { terms: { field: "page_type", size: 3 } } },
      },
    };
    // Composite aggregations: the CLI's and the Worker's, not the browser's engines'.
    const composite = { pages: { composite: { sources: [{ section: { terms: { field: "section" } } }], size: 2 } } };
    const includes = {
      web: { terms: { field: "section", size: 3, include: "Web/.*" } },
      css: { terms: { field: "section", include: "\\S+/CSS", exclude: "(?i)WEB/API" } },
    };
    const result = await session.page.evaluate(async ({ aggs, includes, bucketed, composite }) => {
      const w = window as unknown as PageWindow;
      const failure = (e: { code: string; message: string }) => `${e.code}: ${e.message}`;
      // The default engine sorts but has no aggregations; the analytics engine has both.
      const small = await w.rangefind.openIndex("/index/", { persistent: false });
      const sorted = await small.search("array", { limit: 10, sort: "-last_modified", fields: ["title"], snippet: false });
      const refused = await small.search("", { limit: 0, aggs }).then(() => "resolved", failure);
      const engines = (index: Rangefind.RangefindIndex) =>
        index.resourceEntries().then((entries) => entries.map((e) => e.name).filter((name) => name.endsWith(".wasm")));
      const smallEngine = await engines(small);
      small.close();
      const index = await w.rangefind.openIndex("/index/", { persistent: false, analytics: true });
      const counted = await index.search("", { limit: 0, aggs });
      const bad = await index.search("", { limit: 0, aggs: { x: { terms: { field: "title" } } } }).then(() => "resolved", failure);
      // Bucket patterns: Perl classes and case folding as the CLI; Unicode properties refused
      // (the browser engines leave regex's property tables out).
      const patterns = await index.search("", { limit: 0, aggs: includes });
      const buckets = await index.search("", { limit: 0, aggs: bucketed });
      const property = await index
        .search("", { limit: 0, aggs: { x: { terms: { field: "section", include: "\\p{Greek}.*" } } } })
        .then(() => "resolved", failure);
      const paged = await index.search("", { limit: 0, aggs: composite }).then(() => "resolved", failure);
      const analyticsEngine = await engines(index);
      index.close();
      // `*` and Lucene's `*:*` are every document: the empty query's answer, at its cost (a
      // fresh index, so that both read the same cold).
      const fresh = await w.rangefind.openIndex("/index/", { persistent: false, analytics: true });
      const everything = await fresh.search("*", { limit: 0, aggs });
      fresh.close();
      const again = await w.rangefind.openIndex("/index/", { persistent: false, analytics: true });
      const lucene = await again.search("*:*", { limit: 0, aggs });
      again.close();
      return { sorted, refused, counted, bad, patterns, buckets, property, paged, smallEngine, analyticsEngine, everything, lucene };
    }, { aggs, includes, bucketed, composite });
    expect(result.smallEngine).toEqual([expect.stringMatching(/\/wasm\/rangefind_wasm_bg\.wasm$/)]);
    expect(result.analyticsEngine).toEqual([expect.stringMatching(/\/wasm-analytics\/rangefind_wasm_bg\.wasm$/)]);
    expect(result.refused).toMatch(/^invalid_query: aggs: this build of the engine has no aggregations.*analytics: true/);
    const sorted = nativeSearch(indexDir, "array", 10, ["--sort=-last_modified", "--fields", "title", "--no-snippet"]);
    expect(result.sorted.hits.map((h) => [h.id, h.sort])).toEqual(sorted.hits.map((h) => [h.id, h.sort]));
    expect(result.sorted.hits[0].sort).toMatch(/^\d{4}-\d\d-\d\dT/);
    const counted = nativeSearch(indexDir, "", 0, ["--aggs", JSON.stringify(aggs)]);
    expect(result.counted.count).toBe(counted.count);
    expect(result.counted.hits).toEqual([]);
    expect(result.counted.aggregations).toEqual(counted.aggregations);
    expect(result.counted.aggregations?.sections.buckets.length).toBe(5);
    expect(result.bad).toMatch(/^invalid_query: aggs: "title" is not a fast field of this index/);
    const patterns = nativeSearch(indexDir, "", 0, ["--aggs", JSON.stringify(includes)]);
    expect(result.patterns.aggregations).toEqual(patterns.aggregations);
    const css = patterns.aggregations?.css as { buckets: Array<{ key: string }> };
    expect(css.buckets.map((b) => b.key)).toEqual(["Web/CSS"]);
    const buckets = nativeSearch(indexDir, "", 0, ["--aggs", JSON.stringify(bucketed)]);
    expect(result.buckets.aggregations).toEqual(buckets.aggregations);
    const pairs = buckets.aggregations?.section_and_type as { buckets: unknown[] };
    expect(pairs.buckets.length).toBeGreaterThan(3);
    const api = buckets.aggregations?.api_pages as { doc_count: number; types: { buckets: Array<{ key: string }> } };
    expect(api.doc_count).toBeGreaterThan(0);
    expect(api.types.buckets.map((b) => b.key)).not.toContain("web-api-interface");
    expect(result.paged).toMatch(/^invalid_query: aggs: the browser's engines have no composite aggregations/);
    const paged = nativeSearch(indexDir, "", 0, ["--aggs", JSON.stringify(composite)]);
    expect((paged.aggregations?.pages as { buckets: unknown[] }).buckets.length).toBe(2);
    expect(result.property).toMatch(/^invalid_query: [^]*Unicode property not found[^]*no Unicode property classes: list the characters/);
    const cost = (stats: Rangefind.SearchStats) => [stats.requests, stats.bytes, stats.waves];
    for (const typed of [result.everything, result.lucene]) {
      expect(typed.count).toBe(counted.count);
      expect(typed.aggregations).toEqual(counted.aggregations);
      expect(cost(typed.stats)).toEqual(cost(result.counted.stats));
    }
  });

  it("rejects bad requests and aborted searches with clear errors", async () => {
    const errors = await session.page.evaluate(async () => {
      const w = window as unknown as PageWindow;
      const index = await w.rangefind.openIndex("/index/", { persistent: false });
      const codeOf = (p: Promise<unknown>) =>
        p.then(
          () => "resolved",
          (e: { code: string; message: string; name: string }) => `${e.name} ${e.code}: ${e.message}`,
        );
      const controller = new AbortController();
      const aborted = codeOf(index.search("css grid layout", { signal: controller.signal }));
      controller.abort();
      const out = {
        aborted: await aborted,
        limit: await codeOf(index.search("array", { limit: 5000 })),
        field: await codeOf(index.search("array", { filters: { nosuchfield: "x" } })),
        fields: await codeOf(index.search("array", { fields: ["title", "nosuchfield"] })),
        missing: await codeOf(w.rangefind.openIndex("/no-such-index/", { persistent: false })),
        afterAbort: (await index.search("array")).count > 0,
      };
      index.close();
      out.aborted = out.aborted.replace(/:.*/, "");
      return { ...out, closed: await codeOf(index.search("array")) };
    });
    expect(errors.aborted).toBe("RangefindError aborted");
    expect(errors.limit).toMatch(/^RangefindError invalid_query: .*limit 5000 is above the maximum 1000/);
    expect(errors.field).toMatch(/^RangefindError invalid_query: .*nosuchfield.*no such field/);
    expect(errors.fields).toMatch(/^RangefindError invalid_query: fields: no stored field "nosuchfield"/);
    expect(errors.missing).toMatch(/^RangefindError not_found: .*manifest\.json/);
    expect(errors.afterAbort).toBe(true);
    expect(errors.closed).toMatch(/^RangefindError closed/);
  });
});
