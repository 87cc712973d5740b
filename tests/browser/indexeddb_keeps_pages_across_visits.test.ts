/**
 * The persistent tier in real Chromium: a repeated query after a page reload makes no index
 * request; splits that left the manifest are evicted; a full quota falls back to memory with
 * one warning and never fails a search.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type * as Rangefind from "../../web/src/index.js";
import { buildIndex, makeSite, openPage, reload, sample, serve, tempDir, type Server } from "./harness.js";

type PageWindow = Window & { rangefind: typeof Rangefind; index?: Rangefind.RangefindIndex };

const QUERIES = ["array map", "css grid", '"event listener"', "fetch*"];

let site: string;
let server: Server;

beforeAll(async () => {
  site = tempDir("idb-site");
  makeSite(site);
  buildIndex(join(site, "index"), sample, 150);
  server = await serve(site);
});

afterAll(async () => {
  await server?.stop();
});

/** Opens `/index/` as `window.index` and runs `queries`; returns their stats. */
async function openAndSearch(page: Page, queries: string[]): Promise<Rangefind.SearchStats[]> {
  return page.evaluate(async (texts) => {
    const w = window as unknown as PageWindow;
    w.index = await w.rangefind.openIndex("/index/");
    const stats = [];
    for (const query of texts) stats.push((await w.index.search(query)).stats);
    return stats;
  }, queries);
}

/** Waits until every page write reached IndexedDB. (Polled from here: `waitForFunction`
 * takes the promise an async predicate returns for a truthy answer, and waits for nothing.) */
async function settled(page: Page): Promise<Rangefind.CacheState> {
  const state = () => page.evaluate(() => (window as unknown as PageWindow).index!.cacheState());
  await expect.poll(async () => (await state()).pendingWrites, { timeout: 10_000 }).toBe(0);
  return state();
}

/** Split ids with pages stored for `/index/`, read straight from IndexedDB. */
async function storedSplits(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = `rangefind ${new URL("/index/", location.href).href}`;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const splits = await new Promise<string[]>((resolve, reject) => {
      const request = db.transaction("pages").objectStore("pages").getAll();
      request.onsuccess = () => resolve([...new Set(request.result.map((r: { split: string }) => r.split))].sort());
      request.onerror = () => reject(request.error);
    });
    db.close();
    return splits;
  });
}

/** Content ids the manifest names, of splits and split filter files: what IndexedDB may keep. */
async function manifestSplits(): Promise<string[]> {
  type Named = Array<{ id: string }>;
  const manifest = (await (await fetch(`${server.url}index/manifest.json`)).json()) as { splits: Named; split_filters?: Named };
  return [...manifest.splits, ...(manifest.split_filters ?? [])].map((s) => s.id).sort();
}

describe("the IndexedDB tier", () => {
  it("answers a repeated query after a page reload with no index requests", async () => {
    const session = await openPage(`${server.url}page.html`);
    try {
      const first = await openAndSearch(session.page, QUERIES);
      expect(first[0].requests).toBeGreaterThan(0);
      const state = await settled(session.page);
      expect(state.persistent).toBe("indexeddb");

      await reload(session.page);
      const again = await session.page.evaluate(async (texts) => {
        const w = window as unknown as PageWindow;
        w.index = await w.rangefind.openIndex("/index/");
        const stats = [];
        for (const query of texts) stats.push((await w.index.search(query)).stats);
        return { stats, entries: await w.index.resourceEntries() };
      }, QUERIES);
      for (const stats of again.stats) {
        expect(stats.requests).toBe(0);
        expect(stats.bytes).toBe(0);
        expect(stats.waves).toBe(0);
      }
      // What the browser saw: no split read at all, and the manifest from the HTTP cache.
      const index = again.entries.filter((e) => e.name.includes("/index/"));
      expect(index.filter((e) => e.name.includes("/splits/"))).toEqual([]);
      expect(index.map((e) => [e.name.replace(/.*\/index\//, ""), e.transferSize])).toEqual([["manifest.json", 0]]);
    } finally {
      await session.close();
    }
  });

  it("evicts the pages of splits that left the manifest", async () => {
    const session = await openPage(`${server.url}page.html`);
    try {
      await openAndSearch(session.page, QUERIES);
      await settled(session.page);
      const before = await manifestSplits();
      expect(await storedSplits(session.page)).toEqual(before);

      // Rebuild with other split boundaries: every split id changes.
      buildIndex(join(site, "index"), sample, 200);
      const after = await manifestSplits();
      expect(after.some((id) => before.includes(id))).toBe(false);
      // The reader's cached manifest expires (max-age); here the cache is cleared instead.
      const cdp = await session.context.newCDPSession(session.page);
      await cdp.send("Network.clearBrowserCache");
      await reload(session.page);
      await openAndSearch(session.page, QUERIES);
      await settled(session.page);
      await expect.poll(() => storedSplits(session.page), { timeout: 10_000 }).toEqual(after);
    } finally {
      await session.close();
    }
  });

  it("falls back to memory with one warning when the storage quota is exhausted", async () => {
    const session = await openPage(`${server.url}page.html`);
    try {
      const cdp = await session.context.newCDPSession(session.page);
      await cdp.send("Storage.overrideQuotaForOrigin", { origin: server.url.replace(/\/$/, ""), quotaSize: 1 });
      const stats = await openAndSearch(session.page, [...QUERIES, ...QUERIES]);
      const state = await settled(session.page);
      expect(state.persistent).toBe("memory");
      // Every search answered; the repeats came from memory.
      expect(stats.slice(QUERIES.length).every((s) => s.requests === 0)).toBe(true);
      const warnings = session.console.filter((m) => m.includes("rangefind:"));
      expect(warnings, JSON.stringify(session.console)).toHaveLength(1);
      expect(warnings[0]).toMatch(/IndexedDB is full \(storage quota exceeded\)|QuotaExceededError/);
    } finally {
      await session.close();
    }
  });
});
