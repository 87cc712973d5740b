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
export { hitTarget, type HitTarget, type Site, type SiteFileEntry, type SiteIndex, type SiteJson, type SiteLanguage } from "./site.js";

type Pending = { resolve: (value: unknown) => void; reject: (error: RangefindError) => void };

/** An open index. Searches may run concurrently; each runs in the engine's worker. */
export class RangefindIndex {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure: RangefindError | null = null;

  /** @internal Use {@link openIndex}. */
  constructor(
    private readonly worker: Worker,
    readonly url: string,
    private readonly deadlineMs: number = DEFAULT_DEADLINE_MS,
  ) {
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
    return this.within(result, "searching", () => this.post({ type: "abort", target: id }));
  }

  /**
   * `result`, or past the deadline a rejection naming what was waited for (`doing` the index),
   * after `stop` tells the engine to give up (an aborted search, a worker terminated).
   * @internal
   */
  within<T>(result: Promise<T>, doing: string, stop: () => void): Promise<T> {
    if (!(this.deadlineMs > 0)) return result;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stop();
        reject(deadlinePassed(this.deadlineMs, `${doing} ${this.url}`));
      }, this.deadlineMs);
    });
    return Promise.race([result, expired]).finally(() => clearTimeout(timer));
  }

  /** Reads now what a first search would (every split's open region, one concurrent wave; for
   * a site file, its lexicon's block index), so the first search is faster. For site files it
   * also warms the engine up: a search of a one-page site the worker holds, which reads
   * nothing, has the browser compile the search's code before the first query. */
  preload(): Promise<SearchStats> {
    return this.within(this.call<SearchStats>({ type: "preload" }).result, "preloading", () => {});
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

/** {@link OpenOptions.deadlineMs}'s default, as `rangefind search --timeout`'s (30 s). */
const DEFAULT_DEADLINE_MS = 30_000;

/** The error of a call that did not finish within `deadlineMs` while `waiting` (what for). */
function deadlinePassed(deadlineMs: number, waiting: string): RangefindError {
  return new RangefindError(
    "http",
    `no answer within ${deadlineMs / 1000} s (deadlineMs) ${waiting}: its host did not answer in time`,
  );
}

function toError(error: ErrorPayload): RangefindError {
  return new RangefindError(error.code, error.message);
}

/**
 * Opens the index whose `manifest.json` is at `url` (absolute, or relative to the page):
 * starts the engine and reads the manifest. Rejects with a {@link RangefindError} when the
 * index cannot be read.
 *
 * Given several URLs (`openIndex(["/events-2024-01/", "/events-2024-02/"])`), opens indexes
 * built with one doc mapping and searches them as one: one ranked list, scored as one index
 * over all their documents would score it, each hit's `index` its index's position in the
 * list (hits of one index have none). Their manifests are read at once.
 */
export async function openIndex(
  url: string | URL | readonly (string | URL)[],
  options: OpenOptions = {},
): Promise<RangefindIndex> {
  const urls = (Array.isArray(url) ? url : [url]).map((u) => new URL(u, globalThis.location?.href).href);
  if (urls.length === 0) throw new RangefindError("invalid_input", "openIndex: no index URL given");
  return startEngine(urls[0], options, undefined, urls.length > 1 ? urls : undefined);
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
  /** Its `site.json`, and where hits link to (see {@link hitTarget}); with several sites, the
   * first's. */
  site: Site;
  /** The language searched: `site.index.languages[language]`. */
  language: string;
  /** Every site opened, in the order given, with the language searched in each: a hit's
   * `index` is its site's position here (hits of one site have none). */
  sites: { site: Site; language: string }[];
  /** The index searching them: one ranked list over all their pages. */
  index: RangefindIndex;
}

/**
 * Opens a static site's index (`rangefind build --site`) whose `site.json` is in the directory
 * `dir`: picks the language for `options.lang`, then opens that language's site file with the
 * site engine (one read of its head), or the splits of an index built before site files.
 *
 * Given several directories (`openSite(["/docs/_rangefind/", "https://blog.example.com/_rangefind/"])`),
 * opens each site's file at once and searches them as one: one ranked list, words scored with
 * their IDF over all the sites' pages (each site keeps its own length normalisation: README,
 * "Several sites, one search box"), in the waves of one site. Sites on other origins must allow this page's origin (CORS) and the
 * `Range` header. `options.siteIndex` is the first site's `site.json`.
 */
export async function openSite(dir: string | URL | (string | URL)[], options: SiteOpenOptions = {}): Promise<OpenedSite> {
  const dirs = Array.isArray(dir) ? dir : [dir];
  if (dirs.length === 0) throw new RangefindError("invalid_query", "openSite needs at least one directory");
  const lang = options.lang ?? globalThis.document?.documentElement.lang ?? "";
  const sites = await Promise.all(
    dirs.map(async (dir, i) => {
      const absolute = new URL(dir, globalThis.location?.href);
      const siteDir = absolute.href.endsWith("/") ? absolute : new URL(`${absolute.href}/`);
      const inlined = i === 0 ? options.siteIndex : undefined;
      const site =
        inlined !== undefined
          ? siteFrom(inlined, siteJsonUrl(siteDir))
          : await loadSiteWithin(siteDir, options.deadlineMs ?? DEFAULT_DEADLINE_MS);
      return { site, language: pickLanguage(site.index, lang) };
    }),
  );
  const files = sites.map(({ site, language }) => ({
    url: new URL(".", site.url),
    language: site.index.languages[language],
  }));
  const [first] = sites;
  const firstEntry = files[0].language;
  let index: RangefindIndex;
  if (!firstEntry.site_file && files.length === 1) {
    index = await startEngine(new URL(firstEntry.path, first.site.url).href, options);
  } else {
    const opened = files.map(({ url, language }, i) => {
      if (!language.site_file) {
        throw new RangefindError(
          "incompatible",
          `${sites[i].site.url.href} has no site file (built by an older rangefind): rebuild it to search it with other sites`,
        );
      }
      return { url, file: language.site_file, stemmer: language.stemmer };
    });
    index =
      options.engineDir !== undefined
        ? await startSiteEngine(opened, new URL(options.engineDir, globalThis.location?.href), options)
        : await startEngine(opened[0].url.href, options, opened);
  }
  return { site: first.site, language: first.language, sites, index };
}

/** `site.json` in `dir`, or past `deadlineMs` a rejection naming it. */
async function loadSiteWithin(dir: URL, deadlineMs: number): Promise<Site> {
  if (!(deadlineMs > 0)) return loadSite(dir);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  try {
    return await loadSite(dir, controller.signal);
  } catch (error) {
    throw controller.signal.aborted ? deadlinePassed(deadlineMs, `reading ${siteJsonUrl(dir).href}`) : error;
  } finally {
    clearTimeout(timer);
  }
}

/** The largest lexicon block index read ahead of the first query, as the engine's
 * `MAX_PRELOADED_INDEX_BYTES` (engine/src/typos/lexicon.rs): past it (a site of 100,000 pages
 * and more), a first visit does not pay for it; a first typo does. */
const MAX_PRELOADED_LEXICON_INDEX_BYTES = 32 * 1024;

/** A site file to open: the directory of its `site.json`, its entry there, its stemmer. */
interface SiteFileToOpen {
  url: URL;
  file: SiteFileEntry;
  stemmer: string | null;
}

/** The stemmer whose engine can search all of `sites`: the engine with every stemmer when
 * one of them needs it. */
function engineStemmer(sites: SiteFileToOpen[]): string | null {
  const other = sites.find((site) => siteEngineFor(site.stemmer) !== "wasm-site");
  return (other ?? sites[0]).stemmer;
}

/**
 * Starts the site engine in one wave: the worker's script (which carries the engine's glue),
 * the engine's module (compiled here) and each site file's first reads (its open region and its
 * lexicon's block index, unless an earlier visit left them in IndexedDB) all requested at once;
 * then the worker opens the site files from what was read, with no request of its own.
 */
async function startSiteEngine(sites: SiteFileToOpen[], engineDir: URL, options: SiteOpenOptions): Promise<RangefindIndex> {
  const stemmer = engineStemmer(sites);
  const engine = siteEngineFor(stemmer);
  const wasmUrl = new URL(`${engine}/rangefind_wasm_bg.wasm`, engineDir);
  const workerUrl = new URL(engine === "wasm-site" ? "site-worker.js" : "site-worker-all.js", engineDir);
  const persistent = options.persistent ?? true;
  const reads: [URL, [number, number]][] = [];
  for (const { url, file } of sites) {
    if (persistent && isStored(url, file)) continue;
    reads.push([new URL(file.path, url), file.open_region]);
    const lexicon = file.lexicon;
    if (lexicon && lexicon.index[1] - lexicon.index[0] <= MAX_PRELOADED_LEXICON_INDEX_BYTES) {
      reads.push([new URL(lexicon.path, url), lexicon.index]);
    }
  }
  const worker = new Worker(workerUrl, { type: "module", name: "rangefind" });
  const index = new RangefindIndex(worker, sites[0].url.href, options.deadlineMs);
  try {
    // One deadline for the reads ahead and the open: a host that never answers either fails it.
    const opening = Promise.all([
      compileModule(wasmUrl),
      Promise.all(reads.map(([url, range]) => prefetch(url, range))),
    ]).then(
      ([module, prefetched]) =>
        index.call<{ persistent?: boolean }>({
          type: "open",
          url: sites[0].url.href,
          cacheBytes: options.cacheBytes,
          persistent,
          timeoutMs: options.timeoutMs,
          maxRequestsPerWave: options.maxRequestsPerWave,
          analytics: false,
          sites: sites.map(({ url, file }) => ({ url: url.href, file })),
          stemmer,
          module,
          wasmUrl: wasmUrl.href,
          prefetched: prefetched.filter((read) => read !== null),
        }).result,
    );
    const opened = await index.within(opening, "opening", () => worker.terminate());
    // Marked once the heads' writes are committed: marked before, a page closed meanwhile
    // would leave the next visit skipping the read ahead of a head IndexedDB does not hold.
    if (opened.persistent) {
      index.call<boolean>({ type: "stored" }).result.then(
        (stored) => stored && sites.forEach(({ url, file }) => markStored(url, file)),
        () => {},
      );
    }
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
    // A busy host's answer (429, 5xx) is passed on as it came: the engine's first attempt then
    // fails with it and waits as its Retry-After asks (or gives up when that is too long),
    // rather than asking again at once.
    const busy = response.status === 429 || response.status >= 500;
    if (response.status !== 206 && !busy) {
      void response.body?.cancel();
      return null;
    }
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    if (busy) void response.body?.cancel();
    const body = busy ? new ArrayBuffer(0) : await response.arrayBuffer();
    return { url: url.href, range, status: response.status, headers, body };
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

/** Starts the engine's worker and opens `url`: an index's directory, or the site files of
 * `sites` (`url`: the first's directory). */
async function startEngine(
  url: string,
  options: OpenOptions,
  sites?: SiteFileToOpen[],
  urls?: string[],
): Promise<RangefindIndex> {
  const worker = options.workerUrl
    ? new Worker(options.workerUrl, { type: "module", name: "rangefind" })
    : new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "rangefind" });
  const index = new RangefindIndex(worker, url, options.deadlineMs);
  try {
    await index.within(index.call({
      type: "open",
      url,
      cacheBytes: options.cacheBytes,
      persistent: options.persistent ?? true,
      timeoutMs: options.timeoutMs,
      maxRequestsPerWave: options.maxRequestsPerWave,
      analytics: options.analytics ?? false,
      sites: sites?.map(({ url, file }) => ({ url: url.href, file })),
      urls,
      stemmer: sites && engineStemmer(sites),
    }).result, "opening", () => worker.terminate());
  } catch (error) {
    worker.terminate();
    throw error;
  }
  return index;
}
