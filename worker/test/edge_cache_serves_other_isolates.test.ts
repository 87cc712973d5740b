/**
 * Pages go into caches.default as 200 responses under synthetic keys, so an index opened
 * afresh (another isolate, or this one after its memory cache lost them) answers a query it
 * has never seen from the edge cache, with no upstream read but the manifest.
 */

import { beforeAll, expect, it } from "vitest";
import { baseEnv, search, seedBucket } from "./fixture.js";

beforeAll(async () => {
  await seedBucket("index", "mdn/");
});

/** Settings that differ only in a value nothing depends on open a separate index, as another isolate would. */
function isolate(n: number, vars = {}) {
  return { ...baseEnv, MANIFEST_TTL_SECONDS: String(600 + n), ...vars };
}

it("a second isolate answers from the edge cache without upstream reads", async () => {
  const first = await search("fetch request", {}, isolate(1));
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.stats.cache_hits).toBe(0);
  expect(first.body.stats.requests).toBeGreaterThan(0);

  const second = await search("fetch request", {}, isolate(2));
  expect(second.body.hits).toEqual(first.body.hits);
  expect(second.body.stats).toMatchObject({ requests: 0, bytes: 0, subrequests: 1 });
  // Every split's open region and every page the query read came from the edge cache.
  expect(second.body.stats.cache_hits).toBeGreaterThanOrEqual(second.body.stats.splits_total + 1);
});

it("stored pages are plain 200 responses under the Worker's host", async () => {
  await search("array", {}, isolate(3));
  const manifest = JSON.parse(await (await baseEnv.INDEX_BUCKET!.get("mdn/manifest.json"))!.text());
  const split = manifest.splits[0].id as string;
  const stored = await caches.default.match(`https://search.test/.rangefind-edge-cache/v1/${split}/open`);
  expect(stored?.status).toBe(200);
  expect(stored?.headers.get("Cache-Control")).toBe("public, max-age=2592000, immutable");
});

it("with EDGE_CACHE=off, a fresh index reads everything upstream", async () => {
  await search("css", {}, isolate(4));
  const again = await search("css", {}, isolate(5, { EDGE_CACHE: "off" }));
  expect(again.body.stats.cache_hits).toBe(0);
  expect(again.body.stats.requests).toBeGreaterThan(0);
});
