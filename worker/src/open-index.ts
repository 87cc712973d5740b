/**
 * The index an isolate keeps open across requests: the wasm engine is instantiated once, the
 * manifest is read on the first request and again when it is older than MANIFEST_TTL_SECONDS
 * (a refresh keeps the caches and the splits already opened), and the page caches (memory,
 * then the edge cache) serve later requests.
 */

import { Index, initSync } from "./wasm/rangefind_wasm.js";
import engineModule from "./wasm/rangefind_wasm_bg.wasm";
import type { Settings } from "./config.js";
import { EdgePageCache } from "./edge-cache.js";
import { baseUrlOf, upstreamFetch } from "./upstream.js";

let engineReady = false;

function startEngine(): void {
  if (!engineReady) {
    initSync({ module: engineModule });
    engineReady = true;
  }
}

/** An index and what getting it cost this request. */
export interface Opened {
  index: Index;
  /** Manifest reads this request made (0 or 1). */
  manifestReads: number;
  edgeCache: EdgePageCache | null;
}

class OpenIndex {
  private index: Index | null = null;
  private opening: Promise<Index> | null = null;
  private refreshing: Promise<void> | null = null;
  private checkedAt = 0;
  readonly edgeCache: EdgePageCache | null;

  constructor(
    private readonly settings: Settings,
    origin: string,
  ) {
    this.edgeCache = settings.edgeCache ? new EdgePageCache(caches.default, origin, settings.edgeCacheTtlSeconds) : null;
  }

  /** The open index, reading or refreshing the manifest when due. */
  async get(now: number): Promise<Opened> {
    const edgeCache = this.edgeCache;
    if (this.index === null) {
      if (this.opening) return { index: await this.opening, manifestReads: 0, edgeCache };
      this.opening = this.open(now);
      try {
        return { index: await this.opening, manifestReads: 1, edgeCache };
      } finally {
        this.opening = null;
      }
    }
    const index = this.index;
    if (now - this.checkedAt < this.settings.manifestTtlMs) return { index, manifestReads: 0, edgeCache };
    if (this.refreshing) return { index, manifestReads: 0, edgeCache };
    this.refreshing = this.refresh(index, now);
    try {
      await this.refreshing;
    } finally {
      this.refreshing = null;
    }
    return { index, manifestReads: 1, edgeCache };
  }

  private async open(now: number): Promise<Index> {
    startEngine();
    const { settings } = this;
    const options = {
      cacheBytes: settings.memoryCacheBytes,
      timeoutMs: settings.upstreamTimeoutMs,
      // workerd rejects cache modes other than no-store on fetch; pages live in our tiers anyway.
      noStore: false,
      // Fewer, larger reads: each one is a subrequest (50 per request on the free plan), and
      // bytes from R2 or a nearby origin cost far less than a request.
      maxRequestsPerWave: settings.maxRequestsPerWave,
      maxReadThroughBytes: settings.maxReadThroughBytes,
    };
    const index = await Index.open(
      baseUrlOf(settings.upstream),
      options,
      this.edgeCache?.hooks() ?? null,
      upstreamFetch(settings.upstream),
    );
    this.index = index;
    this.checkedAt = now;
    return index;
  }

  /** A failed refresh keeps the index it had (and says so once per TTL in the log). */
  private async refresh(index: Index, now: number): Promise<void> {
    this.checkedAt = now;
    try {
      await index.refresh();
    } catch (error) {
      console.warn(`rangefind: the manifest could not be read again; still serving the one read before: ${String(error)}`);
    }
  }
}

/** Open indexes of this isolate, by settings (one Worker normally has one). */
const indexes = new Map<string, OpenIndex>();

/** The index `settings` name, opened on first use. */
export function openIndex(settings: Settings, origin: string, now: number): Promise<Opened> {
  const key = JSON.stringify({ ...settings, upstream: undefined });
  let entry = indexes.get(key);
  if (!entry) {
    entry = new OpenIndex(settings, origin);
    indexes.set(key, entry);
  }
  return entry.get(now);
}
