/**
 * rangefind: full-text search over static files, in the browser.
 *
 * ```js
 * import { openIndex } from "rangefind";
 * const index = await openIndex("/search-index/");
 * const { count, hits, stats } = await index.search("array map", { limit: 10 });
 *
 * // A static site's index (`rangefind build --site`): the directory holding site.json.
 * const { site, index: pages } = await openSite("/_rangefind/");
 * ```
 *
 * Importing this module downloads nothing. `openIndex` starts the engine in a module Web
 * Worker (the `.wasm` is a separate asset next to `worker.js`) and reads the index's
 * manifest; each search then reads only the byte ranges it needs, caching them in memory and
 * IndexedDB.
 */

import type { Call, Command, ErrorPayload, Reply } from "./protocol.js";
import { loadSite, pickLanguage, type Site, type SiteFileEntry } from "./site.js";
import {
  RangefindError,
  type CacheState,
  type OpenOptions,
  type ResourceEntry,
  type SearchOptions,
  type SearchResponse,
  type SearchStats,
} from "./types.js";

export * from "./types.js";
export { hitTarget, type HitTarget, type Site, type SiteFileEntry, type SiteIndex, type SiteLanguage } from "./site.js";

type Pending = { resolve: (value: unknown) => void; reject: (error: RangefindError) => void };

/** An open index. Searches may run concurrently; each runs in the engine's worker. */
export class RangefindIndex {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure: RangefindError | null = null;

  /** @internal Use {@link openIndex}. */
  constructor(private readonly worker: Worker, readonly url: string) {
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(toError(reply.error));
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.fail(new RangefindError("engine", `the search engine failed to load or crashed: ${event.message || "unknown error"}`));
    };
  }

  /** Searches the index: `{count, hits, stats}`, as `rangefind search --json` prints. */
  search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    const { signal, ...request } = options;
    if (signal?.aborted) return Promise.reject(new RangefindError("aborted", "the search was aborted"));
    const { id, result } = this.call<SearchResponse>({ type: "search", request: { query, ...request } });
    signal?.addEventListener("abort", () => this.post({ type: "abort", target: id }), { once: true });
    return result;
  }

  /** Reads now what a first search would (every split's open region, one concurrent wave; for
   * a site file, its lexicon's block index), so the first search is faster. */
  preload(): Promise<SearchStats> {
    return this.call<SearchStats>({ type: "preload" }).result;
  }

  /** The memory and persistent tiers' state. */
  cacheState(): Promise<CacheState> {
    return this.call<CacheState>({ type: "cacheState" }).result;
  }

  /** The requests the engine's worker made, from the browser's resource timing. */
  resourceEntries(options: { clear?: boolean } = {}): Promise<ResourceEntry[]> {
    return this.call<ResourceEntry[]>({ type: "resourceEntries", clear: options.clear ?? false }).result;
  }

  /** Stops the engine; calls still pending reject with code `closed`. */
  close(): void {
    this.worker.terminate();
    this.fail(new RangefindError("closed", "the index was closed"));
  }

  /** @internal */
  call<T>(command: Command): { id: number; result: Promise<T> } {
    const id = this.nextId++;
    const result = new Promise<T>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...command, id } as Call);
    });
    return { id, result };
  }

  private post(command: Command): void {
    if (!this.failure) this.worker.postMessage({ ...command, id: 0 } as Call);
  }

  private fail(error: RangefindError): void {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

function toError(error: ErrorPayload): RangefindError {
  return new RangefindError(error.code, error.message);
}

/**
 * Opens the index whose `manifest.json` is at `url` (absolute, or relative to the page):
 * starts the engine and reads the manifest. Rejects with a {@link RangefindError} when the
 * index cannot be read.
 */
export async function openIndex(url: string | URL, options: OpenOptions = {}): Promise<RangefindIndex> {
  const absolute = new URL(url, globalThis.location?.href).href;
  return startEngine(absolute, options);
}

/** Options of {@link openSite}. */
export interface SiteOpenOptions extends Omit<OpenOptions, "analytics"> {
  /** The language of the page searching, a BCP 47 tag (default: the page's `<html lang>`). */
  lang?: string;
}

/** A static site's index, opened for one of its languages. */
export interface OpenedSite {
  /** Its `site.json`, and where hits link to (see {@link hitTarget}). */
  site: Site;
  /** The language searched: `site.index.languages[language]`. */
  language: string;
  /** That language's index. */
  index: RangefindIndex;
}

/**
 * Opens a static site's index (`rangefind build --site`) whose `site.json` is in the directory
 * `dir`: picks the language for `options.lang`, then opens that language's site file with the
 * site engine (one read of its head), or the splits of an index built before site files.
 */
export async function openSite(dir: string | URL, options: SiteOpenOptions = {}): Promise<OpenedSite> {
  const absolute = new URL(dir, globalThis.location?.href);
  const site = await loadSite(absolute.href.endsWith("/") ? absolute : new URL(`${absolute.href}/`));
  const language = pickLanguage(site.index, options.lang ?? globalThis.document?.documentElement.lang ?? "");
  const entry = site.index.languages[language];
  const index = entry.site_file
    ? await startEngine(new URL(".", site.url).href, options, { file: entry.site_file, stemmer: entry.stemmer })
    : await startEngine(new URL(entry.path, site.url).href, options);
  return { site, language, index };
}

/** Starts the engine's worker and opens `url`: an index's directory, or with `siteFile` the
 * directory of `site.json` (and the stemmer of the site file's language). */
async function startEngine(
  url: string,
  options: OpenOptions,
  siteFile?: { file: SiteFileEntry; stemmer: string | null },
): Promise<RangefindIndex> {
  const worker = options.workerUrl
    ? new Worker(options.workerUrl, { type: "module", name: "rangefind" })
    : new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "rangefind" });
  const index = new RangefindIndex(worker, url);
  try {
    await index.call({
      type: "open",
      url,
      cacheBytes: options.cacheBytes,
      persistent: options.persistent ?? true,
      timeoutMs: options.timeoutMs,
      maxRequestsPerWave: options.maxRequestsPerWave,
      analytics: options.analytics ?? false,
      siteFile: siteFile?.file,
      stemmer: siteFile?.stemmer,
    }).result;
  } catch (error) {
    worker.terminate();
    throw error;
  }
  return index;
}
