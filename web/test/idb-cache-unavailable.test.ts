/**
 * Where IndexedDB does not exist at all (Node here; some private browsing modes), the tier is
 * inert: one warning, every read a miss, writes dropped, nothing thrown.
 */

import { expect, it } from "vitest";
import { IdbPageCache } from "../src/idb-cache.js";

it("warns once and misses quietly without IndexedDB", async () => {
  expect(typeof indexedDB).toBe("undefined");
  const warnings: string[] = [];
  const cache = await IdbPageCache.open("no idb", (message) => warnings.push(message));
  expect(cache.active).toBe(false);
  cache.putPages("s", [0], [new Uint8Array([1])]);
  cache.putOpenRegion("s", new Uint8Array([2]));
  cache.retainSplits([]);
  await cache.flushed();
  expect(await cache.getPages("s", [0])).toEqual([]);
  expect(await cache.getOpenRegion("s")).toBeUndefined();
  expect(warnings).toEqual(["rangefind: IndexedDB is not available here; pages are cached in memory only for this session."]);
});
