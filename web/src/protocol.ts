/** Messages between the page (`index.ts`) and the engine's Web Worker (`worker.ts`). */

import type { SiteFileEntry } from "./site.js";
import type { SearchOptions } from "./types.js";

export interface OpenMessage {
  type: "open";
  url: string;
  cacheBytes?: number;
  persistent: boolean;
  timeoutMs?: number;
  maxRequestsPerWave?: number;
  analytics: boolean;
  /** A site file (`site.json`'s `site_file` of a language) to open, `url` being the
   * directory of `site.json`; without it, `url` is an index's directory (its manifest). */
  siteFile?: SiteFileEntry;
  /** The site file's stemmer (`site.json`'s `stemmer`), which picks the site engine. */
  stemmer?: string | null;
  /** The site engine's module, compiled by the page while this worker's script loaded. */
  module?: WebAssembly.Module;
  /** Where the site engine's .wasm is, when the worker's script carries the glue (the site
   * workers) and the page did not compile it. */
  wasmUrl?: string;
  /** Reads the page made for the engine in parallel with the worker's start (the site file's
   * open region, the lexicon's block index). */
  prefetched?: PrefetchedResponse[];
}

/** A range read the page made ahead of the engine, as it came: the engine checks it as any. */
export interface PrefetchedResponse {
  url: string;
  /** The `Range` header it was sent with. */
  range: string;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

export interface SearchMessage {
  type: "search";
  /** The engine's request: the options a page passes, less what stays in the page. */
  request: { query: string } & Omit<SearchOptions, "signal">;
}

export type Command =
  | OpenMessage
  | SearchMessage
  | { type: "preload" }
  | { type: "cacheState" }
  | { type: "resourceEntries"; clear: boolean }
  | { type: "abort"; target: number };

/** A command with its call id. */
export type Call = Command & { id: number };

export interface ErrorPayload {
  code: string;
  message: string;
}

/** The answer to call `id`. */
export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorPayload };
