/// <reference lib="webworker" />
/**
 * The engine's host: a module Web Worker that loads the wasm engine, opens one index, and
 * answers the page's calls (see protocol.ts), so searching never blocks the page. Each worker
 * script (worker.ts, site-worker.ts, site-worker-all.ts) runs it with the engines it carries.
 */

import type { Index } from "./wasm/rangefind_wasm.js";
import type { SiteIndex } from "./wasm-site/rangefind_wasm.js";
import { IdbPageCache } from "./idb-cache.js";
import { WARM_UP_SITE } from "./warm-up-site.js";
import type { Call, Command, ErrorPayload, PrefetchedResponse, Reply } from "./protocol.js";
import type { CacheState, ResourceEntry } from "./types.js";

declare const self: DedicatedWorkerGlobalScope;

/** What the host calls of an engine's glue (each build's glue has its own internal types). */
type Init = (init?: { module_or_path: WebAssembly.Module | string | Promise<Response> }) => Promise<unknown>;
interface SiteEngine {
  default: Init;
  SiteIndex: Pick<typeof SiteIndex, "open">;
}
interface SplitEngine {
  default: Init;
  Index: Pick<typeof Index, "open" | "openTogether">;
}

/** The split engines: English stemming only (the smaller), every stemmer, and with
 * aggregations (every stemmer), each a directory beside the worker. */
export type SplitEngineName = "wasm" | "wasm-all" | "wasm-analytics" | "wasm-analytics-all";

/** The engines a worker script can load. */
export interface Engines {
  /** The site engine that stems as `stemmer` (a language code, or null) needs. */
  site(stemmer: string | null): Promise<SiteEngine>;
  /** The split engine named; absent in the site workers. */
  splits?(name: SplitEngineName): Promise<SplitEngine>;
  /** Where that engine's .wasm is, so that it is fetched beside its glue, not after it. */
  splitsWasm?(name: SplitEngineName): URL;
  /** Whether the English-only engines stem `language`, as a doc mapping names it. */
  englishStems?(language: string): boolean;
}

/** What the page calls of either engine's index (a split index, or a site file). */
type OpenedIndex = Pick<Index, "search" | "preload" | "memoryCacheUsage"> &
  Pick<SiteIndex, "search" | "preload" | "memoryCacheUsage">;

let index: OpenedIndex | null = null;
/** The site engine, when `index` is site files: the warm-up searches with it. */
let siteEngine: SiteEngine | null = null;
/** The warm-up (`warmUp`), once started: searches wait for it. */
let warming: Promise<void> | null = null;
/** The persistent tiers: a split index's, or each site's (a site keeps its own, as when it is
 * searched alone). */
let caches: IdbPageCache[] = [];
let engines: Engines;
const searches = new Map<number, AbortController>();

function opened(): OpenedIndex {
  if (!index) throw payload("closed", "the index is not open");
  return index;
}

function payload(code: string, message: string): ErrorPayload {
  return { code, message };
}

async function handle(call: Call): Promise<unknown> {
  const command: Command = call;
  switch (command.type) {
    case "open": {
      // Room for every request of a long session, so diagnostics can compare with the stats.
      self.performance.setResourceTimingBufferSize(100_000);
      // A site keeps its own tier, as when it is searched alone; split indexes searched as one
      // share the engine's one tier, named by all of them.
      const urls = command.sites?.map((site) => site.url) ?? [command.urls?.join(" ") ?? command.url];
      caches = command.persistent ? await Promise.all(urls.map((url) => IdbPageCache.open(`rangefind ${url}`))) : [];
      const hooks = caches.map((cache) => (cache.active ? cache.hooks() : null));
      const persistent = caches.length > 0 && caches.every((cache) => cache.active);
      const options = {
        cacheBytes: command.cacheBytes,
        timeoutMs: command.timeoutMs,
        maxRequestsPerWave: command.maxRequestsPerWave,
      };
      if (command.sites) {
        // Site files: the site engine, without tantivy (about a third of the split engine).
        // The page may have compiled its module and read the files' first ranges already,
        // while this script loaded (openSite's `engineDir`).
        const engine = await engines.site(command.stemmer ?? null);
        const compiled = command.module ?? command.wasmUrl;
        await engine.default(compiled === undefined ? undefined : { module_or_path: compiled });
        const fetch = command.prefetched?.length ? answeringFetch(prefetchedAnswers(command.prefetched)) : null;
        const sites = command.sites.map((site, i) => ({ ...site, persistent: hooks[i] ?? null }));
        const site = await engine.SiteIndex.open(sites, options, fetch);
        index = site;
        siteEngine = engine;
        return { pages: site.pages(), open: JSON.parse(site.openStats()) as unknown, persistent };
      }
      // Splits: the engine with aggregations only when asked for (they add about 190 KB,
      // brotli); each stems English only, unless a mapping stems another language. Its .wasm
      // is fetched while its glue loads, and the manifests are read meanwhile: the glue would
      // fetch the .wasm only once loaded, a round trip later (each is revalidated where hosts
      // send `no-cache`).
      const early = earlyManifests(command.urls ?? [command.url]);
      const [english, everyStemmer]: SplitEngineName[] = command.analytics
        ? ["wasm-analytics", "wasm-analytics-all"]
        : ["wasm", "wasm-all"];
      let loading = loadSplitEngine(english);
      // Waited for no longer than one read may take (the engine's default, 30 s): a manifest
      // that never comes is then the English engine's read to time out and report.
      const languages = await within(mappingLanguages(early.responses), command.timeoutMs ?? 30_000, []);
      if (!languages.every((language) => engines.englishStems?.(language) ?? true)) {
        // Another language's data set: the English engine's download is dropped for the
        // one with every stemmer (which the English one would refuse to open it with).
        loading.abort();
        loading = loadSplitEngine(everyStemmer);
      }
      const engine = await loading.glue;
      await engine.default(loading.wasm ? { module_or_path: loading.wasm } : undefined);
      const fetched = answeringFetch(early.answers);
      const splits = command.urls
        ? await engine.Index.openTogether(command.urls, options, hooks[0] ?? null, fetched)
        : await engine.Index.open(command.url, options, hooks[0] ?? null, fetched);
      index = splits;
      siteEngine = null;
      const manifest = JSON.parse(splits.manifest()) as { splits: unknown[] };
      return { splits: manifest.splits.length };
    }
    case "search": {
      await warming;
      const controller = new AbortController();
      searches.set(call.id, controller);
      try {
        return JSON.parse(await opened().search(command.request, controller.signal));
      } finally {
        searches.delete(call.id);
      }
    }
    case "abort":
      searches.get(command.target)?.abort();
      return null;
    case "preload": {
      await warming;
      const stats: unknown = JSON.parse(await opened().preload());
      if (siteEngine && !warming) {
        warming = warmUp(siteEngine);
        await warming;
      }
      return stats;
    }
    case "cacheState": {
      const [memoryPages, memoryBytes] = opened().memoryCacheUsage();
      const state: CacheState = {
        memoryPages,
        memoryBytes,
        persistent: caches.some((cache) => cache.active) ? "indexeddb" : "memory",
        pendingWrites: caches.reduce((sum, cache) => sum + cache.pendingWrites, 0),
      };
      return state;
    }
    case "stored":
      await Promise.all(caches.map((cache) => cache.flushed()));
      return caches.length > 0 && caches.every((cache) => cache.active);
    case "resourceEntries": {
      const entries: ResourceEntry[] = (self.performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
        (e) => ({ name: e.name, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, duration: e.duration }),
      );
      if (command.clear) self.performance.clearResourceTimings();
      return entries;
    }
  }
}

/**
 * Searches a one-page site held in this script (warm-up-site.ts) the ways a reader does, once
 * a site is preloaded, while the reader is still typing. The browser compiles a wasm function
 * on its first call (V8 compiles lazily), and the search's code is a few large functions: the
 * reader's first query would otherwise wait for them to compile between its waves. Its
 * requests are answered here from the site's bytes, so it reads nothing
 * (docs/design-notes.md, "Warming the engine up").
 */
async function warmUp(engine: SiteEngine): Promise<void> {
  // Of this origin, as a site's own files are: its reads take the same path (several ranges
  // in one request).
  const url = new URL("/_rangefind-warm-up/", self.location.href).href;
  const files = new Map(Object.entries(WARM_UP_SITE.bytes).map(([path, base64]) => [url + path, decodeBase64(base64)]));
  try {
    const site = await engine.SiteIndex.open([{ url, file: WARM_UP_SITE.file, persistent: null }], {}, memoryFetch(files));
    try {
      for (const request of WARM_UP_SITE.queries) {
        const { count } = JSON.parse(await site.search(request)) as { count: number };
        if (count !== 1) throw new Error(`"${request.query}" found ${count} pages, not its 1`);
      }
    } finally {
      site.free();
    }
  } catch (error) {
    // Searches work without it, only slower: say so, once.
    console.warn(`rangefind: the engine's warm-up failed (${toPayload(error).message})`);
  }
}

function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** A `fetch` answering GETs of `files` (URL → bytes) with a range, or several in parts, as a
 * static server does. */
function memoryFetch(files: Map<string, Uint8Array>): (request: Request) => Promise<Response> {
  return async (request) => {
    const bytes = files.get(request.url);
    const ranges = /^bytes=(.*)$/.exec(request.headers.get("Range") ?? "")?.[1].split(",");
    if (!bytes || !ranges) return new Response(null, { status: 404 });
    const parts = ranges.map((range) => {
      const [first, last] = range.split("-").map(Number);
      const start = range.startsWith("-") ? bytes.length - last : first;
      const end = range.startsWith("-") || Number.isNaN(last) ? bytes.length : last + 1;
      return { range: `bytes ${start}-${end - 1}/${bytes.length}`, body: bytes.slice(start, end) };
    });
    if (parts.length === 1) {
      return new Response(parts[0].body, { status: 206, headers: { "Content-Range": parts[0].range } });
    }
    const boundary = "rangefind-warm-up";
    const encoder = new TextEncoder();
    const body = parts.flatMap(({ range, body }) => [
      encoder.encode(`--${boundary}\r\nContent-Range: ${range}\r\n\r\n`),
      body,
      encoder.encode("\r\n"),
    ]);
    body.push(encoder.encode(`--${boundary}--\r\n`));
    const headers = { "Content-Type": `multipart/byteranges; boundary=${boundary}` };
    return new Response(new Blob(body), { status: 206, headers });
  };
}

function toPayload(error: unknown): ErrorPayload {
  if (error && typeof error === "object" && "code" in error && "message" in error) {
    return payload(String((error as { code: unknown }).code), String((error as { message: unknown }).message));
  }
  if (error instanceof Error) return payload("internal", `${error.name}: ${error.message}`);
  return payload("internal", String(error));
}

/** An answer ready for one request the engine will send, by its URL and `Range` header. */
type Answer = (request: Request) => Promise<Response>;

/** The key of an answer: a request's URL and its `Range` header (`null` without one). */
const answerKey = (url: string, range: string | null) => `${url} ${range}`;

/**
 * A `fetch` for the engine that answers the first request of each key of `answers` with its
 * answer (a retry, or a later read, goes to the network), and sends every other request.
 */
function answeringFetch(answers: Map<string, Answer>): (request: Request) => Promise<Response> {
  return (request) => {
    const key = answerKey(request.url, request.headers.get("Range"));
    const answer = answers.get(key);
    if (!answer) return fetch(request);
    answers.delete(key);
    return answer(request);
  };
}

/** The page's reads of the site files (URL and range), as answers: what the page read. */
function prefetchedAnswers(responses: PrefetchedResponse[]): Map<string, Answer> {
  return new Map(
    responses.map((read) => [
      answerKey(read.url, read.range),
      () => Promise.resolve(new Response(read.body, { status: read.status, headers: read.headers })),
    ]),
  );
}

/** A split engine being loaded: its glue, and its .wasm being fetched beside it. */
interface LoadingEngine {
  glue: Promise<SplitEngine>;
  wasm: Promise<Response> | undefined;
  /** Drops it: the download stops, and neither promise's failure is reported. */
  abort(): void;
}

function loadSplitEngine(name: SplitEngineName): LoadingEngine {
  if (!engines.splits) throw payload("incompatible", "this worker searches site files only: open the index with worker.js");
  const controller = new AbortController();
  const wasmUrl = engines.splitsWasm?.(name);
  const wasm = wasmUrl && fetch(wasmUrl, { signal: controller.signal });
  const glue = engines.splits(name);
  // Handled here, so that a failure while the glue loads (or of a dropped engine) leaves no
  // unhandled rejection; the glue still sees the fetch's error.
  wasm?.catch(() => undefined);
  glue.catch(() => undefined);
  return { glue, wasm, abort: () => controller.abort() };
}

/**
 * The languages the doc mappings of `manifests` stem (`language` of their fields), read from
 * copies of the early reads; an answer that is not a manifest names none, and the engine
 * reports what is wrong with it.
 */
async function mappingLanguages(manifests: Array<Promise<Response>>): Promise<string[]> {
  const languages = await Promise.all(
    manifests.map(async (response) => {
      try {
        const copy = (await response).clone();
        if (!copy.ok) return [];
        const manifest = (await copy.json()) as { mapping?: { fields?: Array<{ language?: unknown }> } };
        return (manifest.mapping?.fields ?? []).flatMap((field) => (typeof field.language === "string" ? [field.language] : []));
      } catch {
        return [];
      }
    }),
  );
  return languages.flat();
}

/** `promise`'s value, or `otherwise` once `ms` milliseconds have passed without it. */
function within<T>(promise: Promise<T>, ms: number, otherwise: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(otherwise), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/**
 * Each index's `manifest.json` (the engine's URL: the index's, a `/` added if missing), read
 * from now on, before the engine has loaded, as answers to the engine's first read of it: the
 * open takes one round trip less. Aborting the engine's request aborts the early read, so the
 * engine's timeout still holds. The responses are there to be looked at (copies) before.
 */
function earlyManifests(urls: string[]): { answers: Map<string, Answer>; responses: Array<Promise<Response>> } {
  const responses: Array<Promise<Response>> = [];
  const answers = new Map(
    urls.map((url) => {
      // As the engine writes it (its base, then the file's name), as a Request holds it.
      const manifest = new URL(`${url.endsWith("/") ? url : `${url}/`}manifest.json`).href;
      const controller = new AbortController();
      const response = fetch(manifest, { signal: controller.signal });
      // Handled here, so that a read the engine never takes leaves no unhandled rejection.
      response.catch(() => undefined);
      responses.push(response);
      const answer: Answer = (request) => {
        const abort = () => controller.abort(request.signal.reason);
        if (request.signal.aborted) abort();
        else request.signal.addEventListener("abort", abort, { once: true });
        return response;
      };
      return [answerKey(manifest, null), answer];
    }),
  );
  return { answers, responses };
}

/** Answers the page's calls with `available` engines. */
export function serveEngines(available: Engines): void {
  engines = available;
  self.onmessage = (event: MessageEvent<Call>) => {
    const call = event.data;
    handle(call).then(
      (value) => self.postMessage({ id: call.id, ok: true, value } satisfies Reply),
      (error: unknown) => self.postMessage({ id: call.id, ok: false, error: toPayload(error) } satisfies Reply),
    );
  };
}
