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

  /**
   * The open index, reading or refreshing the manifest when due; at once (no promise) when
   * neither is due, which is nearly every request.
   */
  get(now: number): Opened | Promise<Opened> {
    if (this.index !== null && (now - this.checkedAt < this.settings.manifestTtlMs || this.refreshing)) {
      return this.ready;
    }
    return this.getSlowly(now);
  }

  private async getSlowly(now: number): Promise<Opened> {
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
    this.refreshing = this.refresh(index, now);
    try {
      await this.refreshing;
    } finally {
      this.refreshing = null;
    }
    return { index, manifestReads: 1, edgeCache };
  }

  /** The answer of `get` when nothing is due: the open index, no manifest read. */
  private get ready(): Opened {
    return { index: this.index!, manifestReads: 0, edgeCache: this.edgeCache };
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
      // ... and each counts against the subrequest limit, so a gap within that width is
      // worth reading through even when a wave stays above its budget.
      meteredRequests: true,
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

/** The index `settings` name, opened on first use (a promise only when that needs I/O). */
export function openIndex(settings: Settings, origin: string, now: number): Opened | Promise<Opened> {
  let entry = indexes.get(settings.indexKey);
  if (!entry) {
    entry = new OpenIndex(settings, origin);
    indexes.set(settings.indexKey, entry);
  }
  return entry.get(now);
}
