/// <reference lib="webworker" />
/**
 * The engine's host: a module Web Worker that loads the wasm engine, opens one index, and
 * answers the page's calls (see protocol.ts), so searching never blocks the page.
 */

import type { Index } from "./wasm/rangefind_wasm.js";
import type { SiteIndex } from "./wasm-site/rangefind_wasm.js";
import { IdbPageCache } from "./idb-cache.js";
import type { Call, Command, ErrorPayload, Reply } from "./protocol.js";
import type { CacheState, ResourceEntry } from "./types.js";

declare const self: DedicatedWorkerGlobalScope;

/** What the page calls of either engine's index (a split index, or a site file). */
type OpenedIndex = Pick<Index, "search" | "preload" | "memoryCacheUsage"> &
  Pick<SiteIndex, "search" | "preload" | "memoryCacheUsage">;

/** The stemmers of the smaller site engine (wasm-site/; engine/Cargo.toml's `all-stemmers`):
 * English, and none. The engine refuses a site file it cannot stem, so a wrong list here is an
 * error, never unstemmed queries. */
const ENGLISH_ONLY_ENGINE_STEMMERS = new Set<string | null>([null, "en", "english"]);

let index: OpenedIndex | null = null;
let cache: IdbPageCache | null = null;
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
      cache = command.persistent ? await IdbPageCache.open(`rangefind ${command.url}`) : null;
      const hooks = cache?.active ? cache.hooks() : null;
      const options = {
        cacheBytes: command.cacheBytes,
        timeoutMs: command.timeoutMs,
        maxRequestsPerWave: command.maxRequestsPerWave,
      };
      // Each engine's glue resolves its .wasm next to it (new URL(…, import.meta.url)); the
      // paths are literal, so that bundlers see and emit them.
      if (command.siteFile) {
        // A site file: the site engine, without tantivy (about a third of the split engine),
        // with the English stemmer only unless the site's language needs another.
        const engine = ENGLISH_ONLY_ENGINE_STEMMERS.has(command.stemmer ?? null)
          ? await import("./wasm-site/rangefind_wasm.js")
          : await import("./wasm-site-all/rangefind_wasm.js");
        await engine.default();
        const site = await engine.SiteIndex.open(command.url, command.siteFile, options, hooks, null);
        index = site;
        return { pages: site.pages(), open: JSON.parse(site.openStats()) as unknown };
      }
      // Splits: the engine with aggregations only when asked for (they add about 226 KB,
      // brotli).
      const engine = command.analytics
        ? await import("./wasm-analytics/rangefind_wasm.js")
        : await import("./wasm/rangefind_wasm.js");
      await engine.default();
      const splits = await engine.Index.open(command.url, options, hooks, null);
      index = splits;
      const manifest = JSON.parse(splits.manifest()) as { splits: unknown[] };
      return { splits: manifest.splits.length };
    }
    case "search": {
      const controller = new AbortController();
      searches.set(call.id, controller);
      try {
        return JSON.parse(await opened().search(JSON.stringify(command.request), controller.signal));
      } finally {
        searches.delete(call.id);
      }
    }
    case "abort":
      searches.get(command.target)?.abort();
      return null;
    case "preload":
      return JSON.parse(await opened().preload());
    case "cacheState": {
      const [memoryPages, memoryBytes] = opened().memoryCacheUsage();
      const state: CacheState = {
        memoryPages,
        memoryBytes,
        persistent: cache?.active ? "indexeddb" : "memory",
        pendingWrites: cache?.pendingWrites ?? 0,
      };
      return state;
    }
    case "resourceEntries": {
      const entries: ResourceEntry[] = (self.performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
        (e) => ({ name: e.name, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, duration: e.duration }),
      );
      if (command.clear) self.performance.clearResourceTimings();
      return entries;
    }
  }
}

function toPayload(error: unknown): ErrorPayload {
  if (error && typeof error === "object" && "code" in error && "message" in error) {
    return payload(String((error as { code: unknown }).code), String((error as { message: unknown }).message));
  }
  if (error instanceof Error) return payload("internal", `${error.name}: ${error.message}`);
  return payload("internal", String(error));
}

self.onmessage = (event: MessageEvent<Call>) => {
  const call = event.data;
  handle(call).then(
    (value) => self.postMessage({ id: call.id, ok: true, value } satisfies Reply),
    (error: unknown) => self.postMessage({ id: call.id, ok: false, error: toPayload(error) } satisfies Reply),
  );
};
