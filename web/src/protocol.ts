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
