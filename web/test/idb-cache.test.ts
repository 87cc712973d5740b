/**
 * The IndexedDB tier on fake-indexeddb (a complete in-memory IndexedDB): pages and open
 * regions round-trip, splits that left the manifest are dropped, indexes do not share
 * records, and writes are batched.
 */

import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { consecutiveRuns, IdbPageCache } from "../src/idb-cache.js";

const bytes = (...values: number[]) => new Uint8Array(values);
let databases = 0;
const fresh = () => `test ${++databases}`;

describe("IdbPageCache", () => {
  it("stores pages and open regions and gives them back in the order asked", async () => {
    const cache = await IdbPageCache.open(fresh(), () => expect.fail("no warning expected"));
    expect(cache.active).toBe(true);
    cache.putPages("s1", [3, 1], [bytes(3, 3), bytes(1)]);
    cache.putOpenRegion("s1", bytes(9, 9, 9));
    expect(cache.pendingWrites).toBeGreaterThan(0);
    await cache.flushed();
    expect(cache.pendingWrites).toBe(0);
    expect(await cache.getPages("s1", [1, 2, 3])).toEqual([bytes(1), undefined, bytes(3, 3)]);
    expect(await cache.getOpenRegion("s1")).toEqual(bytes(9, 9, 9));
    expect(await cache.getOpenRegion("s2")).toBeUndefined();
  });

  it("reads runs of pages at once, whatever their order and gaps", async () => {
    expect(consecutiveRuns([4, 5, 6, 9, 10, 2, -1])).toEqual([[4, 6], [9, 10], [2, 2], [-1, -1]]);
    const cache = await IdbPageCache.open(fresh(), () => expect.fail("no warning expected"));
    const pages = [10, 11, 12, 14, 20];
    cache.putPages("s1", pages, pages.map((page) => bytes(page)));
    cache.putPages("s2", [13], [bytes(99)]);
    await cache.flushed();
    expect(await cache.getPages("s1", [14, 11, 12, 13, 20, 21, 10])).toEqual([
      bytes(14), bytes(11), bytes(12), undefined, bytes(20), undefined, bytes(10),
    ]);
  });

  it("answers the pages a split lacks with no transaction once it knows the split's keys", async () => {
    const name = fresh();
    const cache = await IdbPageCache.open(name, () => expect.fail("no warning expected"));
    cache.putPages("s", [1, 2], [bytes(1), bytes(2)]);
    await cache.flushed();
    const transactions = vi.spyOn(IDBDatabase.prototype, "transaction");
    try {
      // The first read of a split reads its keys (one transaction), then its stored pages.
      expect(await cache.getPages("s", [1, 7])).toEqual([bytes(1), undefined]);
      const first = transactions.mock.calls.length;
      expect(first).toBe(2);
      // Pages it lacks: answered from its keys alone (a first visit's every read).
      expect(await cache.getPages("s", [7, 8, 9])).toEqual([undefined, undefined, undefined]);
      expect(await cache.getOpenRegion("s")).toBeUndefined();
      expect(transactions.mock.calls.length).toBe(first);
      // What this tab writes is known at once, and read from the store once written.
      cache.putPages("s", [8], [bytes(8)]);
      await cache.flushed();
      const written = transactions.mock.calls.length;
      expect(await cache.getPages("s", [7, 8, 9])).toEqual([undefined, bytes(8), undefined]);
      expect(transactions.mock.calls.length).toBe(written + 1);
      // Another tab's cache reads the keys the store holds now.
      const other = await IdbPageCache.open(name);
      expect(await other.getPages("s", [1, 2, 8])).toEqual([bytes(1), bytes(2), bytes(8)]);
    } finally {
      transactions.mockRestore();
    }
  });

  it("drops every record of splits that left the manifest, and only those", async () => {
    const cache = await IdbPageCache.open(fresh());
    for (const split of ["old", "kept", "older"]) {
      cache.putPages(split, [0, 1], [bytes(1), bytes(2)]);
      cache.putOpenRegion(split, bytes(7));
    }
    await cache.flushed();
    cache.retainSplits(["kept"]);
    await expect.poll(() => cache.getPages("old", [0, 1])).toEqual([undefined, undefined]);
    expect(await cache.getPages("older", [0])).toEqual([undefined]);
    expect(await cache.getOpenRegion("old")).toBeUndefined();
    expect(await cache.getPages("kept", [0, 1])).toEqual([bytes(1), bytes(2)]);
    expect(await cache.getOpenRegion("kept")).toEqual(bytes(7));
  });

  it("keeps each index's pages apart", async () => {
    const a = await IdbPageCache.open(fresh());
    const b = await IdbPageCache.open(fresh());
    a.putPages("same-id", [0], [bytes(1)]);
    await a.flushed();
    b.retainSplits([]);
    await b.flushed();
    expect(await a.getPages("same-id", [0])).toEqual([bytes(1)]);
    expect(await b.getPages("same-id", [0])).toEqual([undefined]);
  });

  it("commits pages a while after their first write, and an open region at once", async () => {
    const cache = await IdbPageCache.open(fresh(), () => expect.fail("no warning expected"));
    const transactions = vi.spyOn(IDBDatabase.prototype, "transaction");
    const writes = () => transactions.mock.calls.filter(([, mode]) => mode === "readwrite").length;
    // Timers of no delay, scheduled after the commit's: they run first unless it is due.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    try {
      // A query's pages wait (its answer goes first), then go in one transaction.
      cache.putPages("s", [1, 2], [bytes(1), bytes(2)]);
      await tick();
      cache.putPages("s", [3], [bytes(3)]);
      await tick();
      expect(writes()).toBe(0);
      expect(cache.pendingWrites).toBe(3);
      await cache.flushed();
      expect(writes()).toBe(1);
      // An open region does not wait, and takes the waiting pages with it.
      cache.putPages("s", [4], [bytes(4)]);
      cache.putOpenRegion("s", bytes(9));
      await tick();
      expect(writes()).toBe(2);
      await cache.flushed();
    } finally {
      transactions.mockRestore();
    }
    expect(await cache.getPages("s", [1, 2, 3, 4])).toEqual([bytes(1), bytes(2), bytes(3), bytes(4)]);
    expect(await cache.getOpenRegion("s")).toEqual(bytes(9));
  });

  it("drops the writes still waiting when closed, and says they are done", async () => {
    const cache = await IdbPageCache.open(fresh(), () => expect.fail("no warning expected"));
    cache.putPages("s", [1], [bytes(1)]);
    expect(cache.pendingWrites).toBe(1);
    cache.close();
    expect(cache.pendingWrites).toBe(0);
    await cache.flushed();
  });

  it("exposes exactly the methods the wasm engine calls", async () => {
    const hooks = (await IdbPageCache.open(fresh())).hooks() as Record<string, unknown>;
    expect(Object.keys(hooks).sort()).toEqual(["getOpenRegion", "getPages", "putOpenRegion", "putPages", "retainSplits"]);
    for (const method of Object.values(hooks)) expect(typeof method).toBe("function");
  });

  it("turns itself off with one warning when a write fails, and keeps answering", async () => {
    const warnings: string[] = [];
    const cache = await IdbPageCache.open(fresh(), (message) => warnings.push(message));
    cache.putPages("s", [0], [bytes(1)]);
    await cache.flushed();
    // A value IndexedDB cannot store (a function) makes the write transaction fail.
    cache.putPages("s", [1], [(() => 0) as unknown as Uint8Array]);
    await cache.flushed();
    cache.putPages("s", [2], [(() => 0) as unknown as Uint8Array]);
    await cache.flushed();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^rangefind: IndexedDB write failed .*memory only/);
    expect(cache.active).toBe(false);
    expect(await cache.getPages("s", [0])).toEqual([]);
  });
});
