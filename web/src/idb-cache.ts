/**
 * The persistent page tier: verified split pages in IndexedDB, so a later visit answers a
 * repeated query with no index requests.
 *
 * Splits are immutable and content-addressed, so a record never goes stale: the key is the
 * split's content id and a page number (the split's open region is page -1). One database per
 * index URL, so dropping the splits that left one index's manifest never touches another's.
 *
 * A cache must never fail a search: where IndexedDB is missing (Node, some private modes),
 * refuses to open, or runs out of quota, the tier turns itself off with one console warning
 * and the engine keeps its in-memory tier.
 */

import { openDB, unwrap, type DBSchema, type IDBPDatabase } from "idb";

interface PageSchema extends DBSchema {
  pages: {
    key: [string, number];
    value: { split: string; page: number; bytes: Uint8Array };
    indexes: { split: string };
  };
}

/** Page number under which a split's open region (hotcache, footer) is kept. */
const OPEN_REGION = -1;
/**
 * Writes are queued and committed together, one transaction per batch. A batch of pages is
 * committed this long after its first write, so that a query's writes run after its answer
 * rather than beside its last steps (a cold query writes a few hundred pages; committing them at
 * once took 3–4 ms from the time to its answer: docs/design-notes.md, "Pages written after the
 * answer"). An open region is committed at once: the page marks a site file stored once its
 * head is (index.ts, `markStored`).
 */
const PAGE_WRITE_DELAY_MS = 100;

export class IdbPageCache {
  private db: IDBPDatabase<PageSchema> | null;
  private queue: Array<PageSchema["pages"]["value"]> = [];
  /**
   * The pages each split has in the store, as this tab knows them: its keys read once (the
   * first time it is asked for), then this tab's writes added. A query's pages the store lacks
   * are answered from here with no transaction. On a first visit every page is such a miss,
   * and a read transaction per wave made each wave wait for IndexedDB before its request went
   * out (docs/design-notes.md, "The host knows which pages the tier holds"). Pages another tab
   * stores meanwhile are fetched again: a miss, never a wrong page.
   */
  private stored = new Map<string, Promise<Set<number>>>();
  /** The timer of the next batch's commit, while it waits. */
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the queue holds an open region (committed at once). */
  private urgent = false;
  /** The batch being committed. */
  private flushing: Promise<void> | null = null;
  private warned = false;

  private constructor(db: IDBPDatabase<PageSchema> | null, private readonly warn: (message: string) => void) {
    this.db = db;
  }

  /**
   * Opens the database `name`; never throws. Without IndexedDB the cache is inert (every get
   * misses, puts are dropped) and says so once through `warn`.
   */
  static async open(name: string, warn: (message: string) => void = console.warn): Promise<IdbPageCache> {
    if (typeof indexedDB === "undefined") {
      const cache = new IdbPageCache(null, warn);
      cache.disable("IndexedDB is not available here");
      return cache;
    }
    try {
      const db = await openDB<PageSchema>(name, 1, {
        upgrade(db) {
          const store = db.createObjectStore("pages", { keyPath: ["split", "page"] });
          store.createIndex("split", "split");
        },
      });
      return new IdbPageCache(db, warn);
    } catch (error) {
      const cache = new IdbPageCache(null, warn);
      cache.disable(`IndexedDB refused to open (${describe(error)})`);
      return cache;
    }
  }

  /** Whether pages are being persisted. */
  get active(): boolean {
    return this.db !== null;
  }

  /** Page writes queued or being committed. */
  get pendingWrites(): number {
    return this.queue.length + (this.flushing ? 1 : 0);
  }

  async getPages(split: string, pages: number[]): Promise<Array<Uint8Array | undefined>> {
    const db = this.db;
    if (!db) return [];
    try {
      const stored = await this.storedPages(db, split);
      const wanted = pages.filter((page) => stored.has(page));
      if (wanted.length === 0) return pages.map(() => undefined);
      // One request per run of consecutive pages, not per page: a query's ranges are runs
      // of small pages (a word chunk is a few dozen), and each request costs the worker an
      // event to dispatch before the query's first fetch.
      const tx = db.transaction("pages", "readonly");
      const runs = await Promise.all(
        consecutiveRuns(wanted).map(([first, last]) =>
          first === last
            ? tx.store.get([split, first]).then((record) => (record ? [record] : []))
            : tx.store.getAll(IDBKeyRange.bound([split, first], [split, last])),
        ),
      );
      const byPage = new Map(runs.flat().map((record) => [record.page, record.bytes]));
      return pages.map((page) => byPage.get(page));
    } catch (error) {
      this.disable(`IndexedDB read failed (${describe(error)})`);
      return [];
    }
  }

  putPages(split: string, pages: number[], data: Uint8Array[]): void {
    if (!this.db) return;
    pages.forEach((page, i) => this.queue.push({ split, page, bytes: data[i] }));
    // Known as stored from now on. A read of them made before their write transaction begins
    // misses them (its pages are fetched again); one made after it waits for the commit.
    void this.stored.get(split)?.then((stored) => pages.forEach((page) => stored.add(page)), () => {});
    this.urgent ||= pages.includes(OPEN_REGION);
    this.scheduleFlush();
  }

  /** The pages of `split` in the store, read once: its keys alone, which a first visit has none of. */
  private storedPages(db: IDBPDatabase<PageSchema>, split: string): Promise<Set<number>> {
    let stored = this.stored.get(split);
    if (!stored) {
      const keys = db.getAllKeys("pages", IDBKeyRange.bound([split, -Infinity], [split, Infinity]));
      stored = keys.then((keys) => new Set(keys.map(([, page]) => page)));
      this.stored.set(split, stored);
    }
    return stored;
  }

  async getOpenRegion(split: string): Promise<Uint8Array | undefined> {
    return (await this.getPages(split, [OPEN_REGION]))[0];
  }

  putOpenRegion(split: string, data: Uint8Array): void {
    this.putPages(split, [OPEN_REGION], [data]);
  }

  /** Drops every page of splits not in `live` (they left the manifest). Runs in the background. */
  retainSplits(live: string[]): void {
    const db = this.db;
    if (!db) return;
    const keep = new Set(live);
    for (const split of this.stored.keys()) if (!keep.has(split)) this.stored.delete(split);
    void (async () => {
      const tx = db.transaction("pages", "readwrite");
      let cursor = await tx.store.index("split").openKeyCursor(null, "nextunique");
      const stale: string[] = [];
      while (cursor) {
        if (!keep.has(cursor.key)) stale.push(cursor.key);
        cursor = await cursor.continue();
      }
      await Promise.all(
        stale.map((split) => tx.store.delete(IDBKeyRange.bound([split, -Infinity], [split, Infinity]))),
      );
      await tx.done;
    })().catch((error) => this.disable(`IndexedDB cleanup failed (${describe(error)})`));
  }

  /** Resolves once every queued write is committed (or dropped). */
  async flushed(): Promise<void> {
    while (this.flushing || this.queue.length > 0) {
      await (this.flushing ?? new Promise((resolve) => setTimeout(resolve, PAGE_WRITE_DELAY_MS + 1)));
    }
  }

  /** The methods the wasm engine calls (see wasm/src/persistent.rs). */
  hooks(): object {
    return {
      getPages: (split: string, pages: number[]) => this.getPages(split, pages),
      putPages: (split: string, pages: number[], data: Uint8Array[]) => this.putPages(split, pages, data),
      getOpenRegion: (split: string) => this.getOpenRegion(split),
      putOpenRegion: (split: string, data: Uint8Array) => this.putOpenRegion(split, data),
      retainSplits: (live: string[]) => this.retainSplits(live),
    };
  }

  /** Closes the database; writes still waiting are dropped (`flushed()` then resolves). */
  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.db?.close();
    this.db = null;
  }

  /** Commits the queue when its delay is over (at once with an open region in it); while a
   * batch is being committed, the next waits for it. */
  private scheduleFlush(): void {
    if (this.flushing || (this.timer !== null && !this.urgent)) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.flushing = this.flush().finally(() => {
          this.flushing = null;
          if (this.queue.length > 0) this.scheduleFlush();
        });
      },
      this.urgent ? 0 : PAGE_WRITE_DELAY_MS,
    );
  }

  private async flush(): Promise<void> {
    const db = this.db;
    const batch = this.queue;
    this.queue = [];
    this.urgent = false;
    if (!db || batch.length === 0) return;
    try {
      // Puts on the bare store: a failed one aborts the transaction, which `done` reports,
      // and no request has a listener for the worker to run (a query writes hundreds).
      const tx = db.transaction("pages", "readwrite");
      const store = unwrap(tx.store);
      for (const record of batch) store.put(record);
      await tx.done;
    } catch (error) {
      const full = error instanceof DOMException && error.name === "QuotaExceededError";
      this.disable(
        full
          ? "IndexedDB is full (storage quota exceeded)"
          : `IndexedDB write failed (${describe(error)})`,
      );
    }
  }

  /** Turns persistence off for good, warning once; searches go on from memory. */
  private disable(reason: string): void {
    this.db?.close();
    this.db = null;
    this.queue = [];
    if (!this.warned) {
      this.warned = true;
      this.warn(`rangefind: ${reason}; pages are cached in memory only for this session.`);
    }
  }
}

/** `[first, last]` of each run of consecutive numbers in `pages`, in the order they come. */
export function consecutiveRuns(pages: number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const page of pages) {
    const run = runs[runs.length - 1];
    if (run && page === run[1] + 1) run[1] = page;
    else runs.push([page, page]);
  }
  return runs;
}

function describe(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) return `${error.name}: ${error.message}`;
  return String(error);
}
