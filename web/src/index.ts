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

import type { Call, Command, ErrorPayload, PrefetchedResponse, Reply } from "./protocol.js";
import {
  loadSite,
  pickLanguage,
  siteEngineFor,
  siteFrom,
  siteJsonUrl,
  type Site,
  type SiteFileEntry,
  type SiteLanguage,
} from "./site.js";
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
  /** The contents of the site's `site.json`, when the page has them (the widget's script
   * carries them): its request is saved. */
  siteIndex?: unknown;
  /**
   * The directory holding the files `rangefind build --site` writes beside `site.json`
   * (`site-worker.js`, `wasm-site/`): the engine then starts in one wave, its worker, its
   * module and the site file's first reads requested together, instead of one after another.
   */
  engineDir?: string | URL;
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
  const siteDir = absolute.href.endsWith("/") ? absolute : new URL(`${absolute.href}/`);
  const site = options.siteIndex !== undefined ? siteFrom(options.siteIndex, siteJsonUrl(siteDir)) : await loadSite(siteDir);
  const language = pickLanguage(site.index, options.lang ?? globalThis.document?.documentElement.lang ?? "");
  const entry = site.index.languages[language];
  const siteUrl = new URL(".", site.url);
  const index = !entry.site_file
    ? await startEngine(new URL(entry.path, site.url).href, options)
    : options.engineDir !== undefined
      ? await startSiteEngine(siteUrl, entry, entry.site_file, new URL(options.engineDir, globalThis.location?.href), options)
      : await startEngine(siteUrl.href, options, { file: entry.site_file, stemmer: entry.stemmer });
  return { site, language, index };
}

/**
 * Starts the site engine in one wave: the worker's script (which carries the engine's glue),
 * the engine's module (compiled here) and the site file's first reads (its open region and its
 * lexicon's block index, unless an earlier visit left them in IndexedDB) all requested at once;
 * then the worker opens the site file from what was read, with no request of its own.
 */
async function startSiteEngine(
  siteUrl: URL,
  language: SiteLanguage,
  file: SiteFileEntry,
  engineDir: URL,
  options: SiteOpenOptions,
): Promise<RangefindIndex> {
  const engine = siteEngineFor(language.stemmer);
  const wasmUrl = new URL(`${engine}/rangefind_wasm_bg.wasm`, engineDir);
  const workerUrl = new URL(engine === "wasm-site" ? "site-worker.js" : "site-worker-all.js", engineDir);
  const persistent = options.persistent ?? true;
  const stored = persistent && isStored(siteUrl, file);
  const reads: [string, [number, number]][] = stored ? [] : [[file.path, file.open_region]];
  if (!stored && file.lexicon) reads.push([file.lexicon.path, file.lexicon.index]);
  const worker = new Worker(workerUrl, { type: "module", name: "rangefind" });
  const [module, prefetched] = await Promise.all([
    compileModule(wasmUrl),
    Promise.all(reads.map(([path, range]) => prefetch(new URL(path, siteUrl), range))),
  ]);
  const index = new RangefindIndex(worker, siteUrl.href);
  try {
    const opened = await index.call<{ persistent?: boolean }>({
      type: "open",
      url: siteUrl.href,
      cacheBytes: options.cacheBytes,
      persistent,
      timeoutMs: options.timeoutMs,
      maxRequestsPerWave: options.maxRequestsPerWave,
      analytics: false,
      siteFile: file,
      stemmer: language.stemmer,
      module,
      wasmUrl: wasmUrl.href,
      prefetched: prefetched.filter((read) => read !== null),
    }).result;
    if (opened.persistent) markStored(siteUrl, file);
  } catch (error) {
    worker.terminate();
    throw error;
  }
  return index;
}

/** The engine's module, compiled while it downloads; undefined when that fails here (a server
 * without `application/wasm`, a policy against compiling in the page), the worker then
 * loading it itself and reporting what is wrong. */
async function compileModule(url: URL): Promise<WebAssembly.Module | undefined> {
  try {
    const response = await fetch(url);
    if (!response.ok) return undefined;
    return (response.headers.get("Content-Type") ?? "").startsWith("application/wasm")
      ? await WebAssembly.compileStreaming(response)
      : await WebAssembly.compile(await response.arrayBuffer());
  } catch {
    return undefined;
  }
}

/** `[start, end)` of `url`, read as the engine reads it (same `Range` header, not cached by the
 * browser: the engine keeps pages itself); null on any failure, the engine then reading it. */
async function prefetch(url: URL, [start, end]: [number, number]): Promise<PrefetchedResponse | null> {
  const range = `bytes=${start}-${end - 1}`;
  try {
    const response = await fetch(url, { headers: { Range: range }, cache: "no-store" });
    if (response.status !== 206) return null;
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    return { url: url.href, range, status: response.status, headers, body: await response.arrayBuffer() };
  } catch {
    return null;
  }
}

/** Whether an earlier visit opened this site file with IndexedDB on: its open region and
 * lexicon index are then read from there, and not fetched ahead. (Wrong only when the browser
 * evicted the store: the engine then reads them itself.) */
function isStored(siteUrl: URL, file: SiteFileEntry): boolean {
  try {
    return globalThis.localStorage?.getItem(storedKey(siteUrl, file)) === "1";
  } catch {
    return false;
  }
}

function markStored(siteUrl: URL, file: SiteFileEntry): void {
  try {
    globalThis.localStorage?.setItem(storedKey(siteUrl, file), "1");
  } catch {
    // No storage (a sandboxed frame, a full quota): the next visit reads ahead again.
  }
}

function storedKey(siteUrl: URL, file: SiteFileEntry): string {
  return `rangefind stored ${new URL(file.path, siteUrl).href}`;
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
