/**
 * The engine's persistent tier in a Worker: split pages in the edge cache (`caches.default`),
 * so another isolate in the same location, or this one after eviction, reads them without an
 * upstream subrequest.
 *
 * The Cache API refuses 206 responses, so each page (and each split's open region) is stored
 * as its own 200 response under a synthetic URL on the Worker's own host:
 * `https://HOST/.rangefind-edge-cache/v1/SPLIT/PAGE`. Split names are content addresses and
 * the engine checks every page against its checksum, so an entry never goes stale and a
 * damaged one is a miss. Cache failures are misses too: logged once, never an error.
 */

/** The object shape the wasm engine calls (see wasm/src/persistent.rs). */
export interface PersistentTier {
  getPages(split: string, pages: number[]): Promise<(Uint8Array | undefined)[]>;
  putPages(split: string, pages: number[], data: Uint8Array[]): void;
  getOpenRegion(split: string): Promise<Uint8Array | undefined>;
  putOpenRegion(split: string, data: Uint8Array): void;
  retainSplits(live: string[]): void;
}

const PREFIX = "/.rangefind-edge-cache/v1/";

export class EdgePageCache {
  /** Writes not yet settled; the Worker keeps the request alive until they are. */
  private readonly pending = new Set<Promise<void>>();
  private warned = false;

  /**
   * @param cache `caches.default`
   * @param origin the Worker's origin (`https://search.example.com`): keys live on its host
   * @param ttlSeconds how long the edge may keep a page
   */
  constructor(
    private readonly cache: Cache,
    private readonly origin: string,
    private readonly ttlSeconds: number,
  ) {}

  /** Whether writes are under way. */
  writing(): boolean {
    return this.pending.size > 0;
  }

  /** Resolves when every write started so far has settled. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  hooks(): PersistentTier {
    return {
      getPages: (split, pages) => Promise.all(pages.map((page) => this.get(this.key(split, String(page))))),
      putPages: (split, pages, data) => pages.forEach((page, i) => this.put(this.key(split, String(page)), data[i])),
      getOpenRegion: (split) => this.get(this.key(split, "open")),
      putOpenRegion: (split, data) => this.put(this.key(split, "open"), data),
      // Entries of splits that left the manifest simply age out of the edge cache.
      retainSplits: () => {},
    };
  }

  private key(split: string, part: string): string {
    return `${this.origin}${PREFIX}${encodeURIComponent(split)}/${part}`;
  }

  private async get(key: string): Promise<Uint8Array | undefined> {
    try {
      const response = await this.cache.match(key);
      return response ? new Uint8Array(await response.arrayBuffer()) : undefined;
    } catch (error) {
      this.warn("read", error);
      return undefined;
    }
  }

  private put(key: string, data: Uint8Array): void {
    const response = new Response(data, {
      headers: {
        "Content-Type": "application/octet-stream",
        "Cache-Control": `public, max-age=${this.ttlSeconds}, immutable`,
      },
    });
    const write = this.cache.put(key, response).catch((error: unknown) => this.warn("write", error));
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  private warn(what: string, error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    console.warn(`rangefind: edge cache ${what} failed, so it was a miss (later failures are not logged): ${String(error)}`);
  }
}
