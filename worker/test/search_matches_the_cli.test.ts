/**
 * The Worker answers like the CLI over the same index, from an R2 bucket and from an origin;
 * GET and POST agree; a cold query stays within the subrequest budget and a warm one makes
 * none; concurrent cold queries all succeed; a changed manifest is seen after its TTL.
 */

import { beforeAll, describe, expect, it } from "vitest";
import { type Answer, baseEnv, call, fixture, originEnv, ranked, search, seedBucket } from "./fixture.js";

beforeAll(async () => {
  await seedBucket("index", "mdn/");
});

describe.each([
  ["an R2 bucket", () => ({ ...baseEnv, MEMORY_CACHE_MB: "31" })],
  ["an origin", () => originEnv(`${fixture.origin}index/`)],
])("over %s", (_, environment) => {
  it("answers every query like the CLI; cold: 1 open read and 1 read a wave per split; warm: none", async () => {
    const env = environment();
    for (const [i, query] of fixture.queries.entries()) {
      const cold = await search(query, { limit: "10" }, env);
      expect(cold.status, JSON.stringify(cold.body)).toBe(200);
      expect(cold.body.count).toBe(fixture.expected[i].count);
      expect(ranked(cold.body.hits)).toEqual(ranked(fixture.expected[i].hits));
      // The wave budget (2) is shared by the 3 splits: at most one read per split and wave.
      expect(cold.body.stats.subrequests).toBeLessThanOrEqual(1 + 4 * cold.body.stats.splits_total);
      expect(cold.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(cold.headers.get("Content-Type")).toBe("application/json; charset=utf-8");

      const warm = await search(query, { limit: "10" }, env);
      expect(warm.body.hits).toEqual(cold.body.hits);
      expect(warm.body.stats).toMatchObject({ requests: 0, subrequests: 0, bytes: 0 });
    }
  });
});

it("answers a cold query over a one-split index with at most 10 subrequests", async () => {
  const env = originEnv(`${fixture.origin}single/`);
  for (const [i, query] of fixture.queries.entries()) {
    const cold = await search(query, { limit: "10" }, { ...env, MEMORY_CACHE_MB: String(20 + i), EDGE_CACHE: "off" });
    expect(cold.body.count).toBe(fixture.expected[i].count);
    expect(cold.body.stats.splits_total).toBe(1);
    expect(cold.body.stats.subrequests).toBeLessThanOrEqual(10);
  }
});

it("opens the index once: the first query reads the manifest and opens every split", async () => {
  const env = { ...baseEnv, MEMORY_CACHE_MB: "30", EDGE_CACHE: "off" };
  const first = await search("array", {}, env);
  const splits = first.body.stats.splits_total;
  expect(splits).toBe(3);
  // 1 manifest read, 1 open read per split with the dictionary blocks (one wave), then
  // postings, documents.
  expect(first.body.stats.subrequests).toBe(first.body.stats.requests + 1);
  expect(first.body.stats.waves).toBeLessThanOrEqual(3);
  const second = await search("fetch", {}, env);
  expect(second.body.stats.subrequests).toBe(second.body.stats.requests);
  expect(second.body.stats.splits_opened).toBe(splits);
});

it("takes the same request as JSON in a POST", async () => {
  const filters = { section: ["Web/JavaScript", "Web/API"] };
  const get = await search("map", { limit: "5", offset: "2", snippet: "false", filters: JSON.stringify(filters) });
  const post = await call("/search", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query: "map", limit: 5, offset: 2, snippet: false, filters }),
  });
  expect(post.status, JSON.stringify(post.body)).toBe(200);
  expect(post.body.hits).toEqual(get.body.hits);
  expect(post.body.count).toBe(get.body.count);
  expect(post.body.hits.length).toBe(5);
  expect(post.body.hits.every((h: { snippet?: string }) => h.snippet === undefined)).toBe(true);
  expect(post.headers.get("Cache-Control")).toBe("no-store");
  expect(get.headers.get("Cache-Control")).toBe("public, max-age=60");
});

it("returns only the stored fields asked for, by GET and by POST", async () => {
  const all = await search("fetch request", { limit: "5" });
  const get = await search("fetch request", { limit: "5", fields: "title,url" });
  const post = await call("/search", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query: "fetch request", limit: 5, fields: ["title", "url"] }),
  });
  for (const answer of [get, post]) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(ranked(answer.body.hits)).toEqual(ranked(all.body.hits));
    for (const [i, hit] of answer.body.hits.entries()) {
      // The fields asked for and no other, in the index's stored order (a JSON object's
      // members have no order the contract promises).
      expect(Object.keys(hit.doc).sort()).toEqual(["title", "url"]);
      expect(hit.doc.title).toBe(all.body.hits[i].doc.title);
      expect(hit.snippet).toBe(all.body.hits[i].snippet);
    }
  }
  expect(Object.keys(all.body.hits[0].doc).length).toBeGreaterThan(2);
});

it("splits the hits at a time bound, given as RFC 3339 (GET) or seconds (POST)", async () => {
  const bound = "2025-06-01T00:00:00Z";
  const all = await search("array", { limit: "100", fields: "last_modified" });
  const early = await search("array", { limit: "100", fields: "last_modified", end_timestamp: bound });
  const late = await call("/search", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query: "array", limit: 100, fields: ["last_modified"], start_timestamp: Date.parse(bound) / 1000 }),
  });
  for (const answer of [all, early, late]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(early.body.count).toBeGreaterThan(0);
  expect(late.body.count).toBeGreaterThan(0);
  expect(early.body.count + late.body.count).toBe(all.body.count);
  for (const hit of early.body.hits) expect(hit.doc.last_modified < bound).toBe(true);
  for (const hit of late.body.hits) expect(hit.doc.last_modified >= bound).toBe(true);
});

it("sorts by a fast field (GET) and aggregates (POST) as the CLI does", async () => {
  const { aggs, aggregated, newest } = fixture.analytics;
  const sorted = await search("array", { sort: "-last_modified", fields: "title", snippet: "false" });
  expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
  expect(sorted.body.count).toBe(newest.count);
  expect(sorted.body.hits.map((h: { id: string; sort: unknown }) => [h.id, h.sort])).toEqual(newest.hits.map((h) => [h.id, h.sort]));
  const counted = await call("/search", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ limit: 0, aggs }),
  });
  expect(counted.status, JSON.stringify(counted.body)).toBe(200);
  expect(counted.body.count).toBe(aggregated.count);
  expect(counted.body.hits).toEqual([]);
  expect(counted.body.aggregations).toEqual(aggregated.aggregations);
  expect(counted.body.stats.subrequests).toBeGreaterThanOrEqual(0);
});

it("answers `*` and `*:*` as every document, at the empty query's cost", async () => {
  const { aggs, aggregated } = fixture.analytics;
  // Each query on an index of its own (a memory cache size of its own), read cold.
  const cold = (query: string, cacheMb: number) =>
    call(
      "/search",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query, limit: 0, aggs }) },
      { ...baseEnv, MEMORY_CACHE_MB: String(cacheMb), EDGE_CACHE: "off" },
    );
  const empty = await cold("", 40);
  expect(empty.status, JSON.stringify(empty.body)).toBe(200);
  const cost = (answer: Answer) => [answer.body.stats.requests, answer.body.stats.bytes, answer.body.stats.waves];
  for (const [query, cacheMb] of [["*", 41], ["*:*", 42]] as const) {
    const answer = await cold(query, cacheMb);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.count).toBe(aggregated.count);
    expect(answer.body.aggregations).toEqual(aggregated.aggregations);
    expect(cost(answer), query).toEqual(cost(empty));
  }
});

it("answers concurrent cold queries, sharing reads, each correctly", async () => {
  const env = originEnv(`${fixture.origin}index/`, { MEMORY_CACHE_MB: "29", EDGE_CACHE: "off" });
  const queries = [...fixture.queries, ...fixture.queries];
  const answers = await Promise.all(queries.map((q) => search(q, { limit: "10" }, env)));
  for (const [i, answer] of answers.entries()) {
    const expected = fixture.expected[i % fixture.queries.length];
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(ranked(answer.body.hits)).toEqual(ranked(expected.hits));
  }
});

it("reads the manifest again after MANIFEST_TTL_SECONDS and finds appended splits", async () => {
  await seedBucket("first-half", "growing/");
  // A TTL far longer than the searches within it take, however slow the machine; past it the
  // test waits for the answer to change (polled), not for a fixed time.
  const env = { ...baseEnv, INDEX_PREFIX: "growing/", MANIFEST_TTL_SECONDS: "3" };
  const before = await search("array", {}, env);
  expect(before.status, JSON.stringify(before.body)).toBe(200);
  // The index grows (new splits, then the manifest), as `rangefind build --append` publishes.
  await seedBucket("grown", "growing/");
  const within = await search("array", {}, env);
  expect(within.body.count).toBe(before.body.count);
  let after = within;
  await expect
    .poll(async () => (after = await search("array", {}, env)).body.count, { timeout: 20_000, interval: 250 })
    .toBe(fixture.expected[0].count);
  expect(after.body.count).toBeGreaterThan(before.body.count);
  expect(after.body.stats.splits_total).toBeGreaterThan(before.body.stats.splits_total);
  // One manifest read, and only the new splits are opened (the old ones are kept).
  const newSplits = after.body.stats.splits_total - before.body.stats.splits_total;
  expect(after.body.stats.subrequests).toBeGreaterThanOrEqual(1 + newSplits);
});
