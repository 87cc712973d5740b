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
  /** Site files to open and search as one: each the directory of its `site.json` and its
   * `site_file` of a language there. Without them, `url` is an index's directory (its
   * manifest). */
  sites?: { url: string; file: SiteFileEntry }[];
  /** Several split indexes (each one's directory) searched as one; `url` is the first. */
  urls?: string[];
  /** The stemmer that picks the site engine (the one with every stemmer, when a site needs it). */
  stemmer?: string | null;
  /** The site engine's module, compiled by the page while this worker's script loaded. */
  module?: WebAssembly.Module;
  /** Where the site engine's .wasm is, when the worker's script carries the glue (the site
   * workers) and the page did not compile it. */
  wasmUrl?: string;
  /** Reads the page made for the engine in parallel with the worker's start (each site file's
   * open region and lexicon's block index). */
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
  /** Answered once every write queued so far reached the persistent tier: whether it still works. */
  | { type: "stored" }
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
