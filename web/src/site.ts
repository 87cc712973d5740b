/**
 * A static site's index (`rangefind build --site`): its `site.json`, which language's index a
 * page searches, and where a hit links to.
 */

import { RangefindError, type Hit } from "./types.js";

/** `site.json`, format 1, as `rangefind_engine::site::site_json` defines it (tsc checks a built
 * one against these types: tests/fixtures/site-json-type-check.ts). */
export interface SiteJson {
  format: number;
  /** The language pages without a matching index search. */
  default_language: string;
  languages: Record<string, SiteLanguage>;
  /** The site's root relative to `site.json`; absent when the index was written outside the site. */
  site_root?: string;
}

export interface SiteLanguage {
  /** The language's index, relative to `site.json`. */
  path: string;
  pages: number;
  stemmer: string | null;
  /** Filter values with their page counts, by filter name (searched as `filter.NAME`). */
  filters: Record<string, Record<string, number>>;
  /** The language's pages as one site file, which the site engine searches; absent in
   * indexes written before site files, whose splits (`path`) are searched instead. */
  site_file?: SiteFileEntry;
}

/** A language's site file: its path relative to `site.json`, size and open region, and its
 * lexicon (for typo tolerance). The engine reads it as it is. */
export interface SiteFileEntry {
  path: string;
  size: number;
  open_region: [number, number];
  lexicon?: LexiconEntry;
}

/** A lexicon file as `site.json` names it. */
export interface LexiconEntry {
  id: string;
  /** Relative to `site.json`. */
  path: string;
  size: number;
  words: [number, number];
  /** Its block index: what a reader reads first. */
  index: [number, number];
  /** Its format (2: CRC-32 block checksums); absent means 1, which this engine refuses. */
  format?: number;
}

/** @deprecated The earlier name of {@link SiteJson}. */
export type SiteIndex = SiteJson;

/** A site index read from `dir` (the directory holding `site.json`). */
export interface Site {
  index: SiteJson;
  /** Where `site.json` is. */
  url: URL;
  /** What hits' `url` paths are relative to. */
  root: URL;
}

/** The stored fields a result shows. */
export const RESULT_FIELDS = ["url", "title", "sections", "anchors"];

/** Reads `site.json` from `dir`; rejects with a {@link RangefindError} saying what is wrong. */
export async function loadSite(dir: URL, signal?: AbortSignal): Promise<Site> {
  const url = siteJsonUrl(dir);
  const response = await fetchWithRetries(url, signal);
  const text = await bodyWithin(response, SITE_JSON_LIMIT, url);
  let index: unknown;
  try {
    index = JSON.parse(text);
  } catch {
    throw new RangefindError("corrupt", `${url.href} is not JSON`);
  }
  return siteFrom(index, url);
}

/** The most bytes of `site.json` a page takes, as the engine's `WHOLE_FILE_LIMIT`
 * (engine/src/io/store.rs): a host whose body never ends must not take the page's memory. */
export const SITE_JSON_LIMIT = 64 << 20;

/** `response`'s body as text, refused as soon as it passes `limit` bytes (by its
 * `Content-Length`, or as it arrives). */
export async function bodyWithin(response: Response, limit: number, url: URL): Promise<string> {
  const tooLarge = () =>
    new RangefindError("corrupt", `${url.href}: larger than the ${limit >> 20} MiB a reader takes of a site.json: not a file rangefind wrote`);
  if (Number(response.headers.get("Content-Length") ?? 0) > limit) {
    void response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new RangefindError("http", `${url.href}: the body was cut off: ${(error as Error).message}`);
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      void reader.cancel();
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(body);
}

/** The engine's retry policy for every read (engine/src/io/range_http.rs: `ATTEMPTS`,
 * `backoff_ms`, `MAX_RETRY_AFTER_MS`), for the one file read before the engine loads: a host
 * that is briefly unavailable (a 503, a dropped connection) delays the search, not fails it. */
const ATTEMPTS = 3;
const MAX_RETRY_AFTER_MS = 10_000;
const backoffMs = (attempt: number): number => 100 << (2 * (attempt - 1));

/** A 2xx response for `url`, after up to {@link ATTEMPTS} attempts while failures may pass
 * (a network error, 429, 5xx), waiting as the server's `Retry-After` (seconds) asks when it
 * asks for longer than the backoff. */
export async function fetchWithRetries(url: URL, signal?: AbortSignal): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let failure: RangefindError;
    let waitMs = backoffMs(attempt);
    try {
      const response = await fetch(url, { signal });
      if (response.ok) return response;
      if (response.status === 404) {
        throw new RangefindError("not_found", `${url.href} does not exist: build the index with \`rangefind build --site\``);
      }
      failure = new RangefindError("http", `${url.href}: HTTP ${response.status}`);
      if (response.status !== 429 && response.status < 500) throw failure;
      const retryAfterMs = Number(response.headers.get("Retry-After")?.trim() || NaN) * 1000;
      if (retryAfterMs > MAX_RETRY_AFTER_MS) {
        throw new RangefindError(
          "http",
          `${failure.message}: the server asked to retry after ${retryAfterMs / 1000} s, longer than the ${MAX_RETRY_AFTER_MS / 1000} s a read waits`,
        );
      }
      if (retryAfterMs > waitMs) waitMs = retryAfterMs;
    } catch (error) {
      if (error instanceof RangefindError) throw error;
      if (signal?.aborted) throw new RangefindError("aborted", `reading ${url.href} was aborted`);
      failure = new RangefindError("http", `could not fetch ${url.href}: ${(error as Error).message}`);
    }
    if (attempt >= ATTEMPTS) throw new RangefindError(failure.code, `${failure.message} (after ${attempt} attempts)`);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/** Where `site.json` is in the directory `dir`. */
export function siteJsonUrl(dir: URL): URL {
  return new URL("site.json", dir);
}

/** The site whose `site.json` at `url` holds `index` (read, or inlined into the widget's
 * script by `build --site`); rejects an index this version cannot read. */
export function siteFrom(index: unknown, url: URL): Site {
  const site = index as SiteJson | null;
  if (site?.format !== 1 || typeof site.languages !== "object" || !site.languages[site.default_language]) {
    throw new RangefindError("incompatible", `${url.href} is not a site index of format 1 (rebuild it with this version of rangefind)`);
  }
  // Every file it names must be below it, as the engine requires (json_fields::is_inside).
  for (const [tag, language] of Object.entries(site.languages)) {
    for (const path of [language?.path, language?.site_file?.path, language?.site_file?.lexicon?.path]) {
      if (path !== undefined && !isInside(path)) {
        throw new RangefindError("corrupt", `${url.href}: language ${tag} names ${JSON.stringify(path)}, outside the index's directory (paths are relative, without \`..\`)`);
      }
    }
  }
  const root = new URL(typeof site.site_root === "string" ? site.site_root : "/", url);
  // Hits link below the root: it must be a directory of the index's own host.
  if ((site.site_root !== undefined && typeof site.site_root !== "string") || root.origin !== url.origin) {
    throw new RangefindError("corrupt", `${url.href}: its site_root ${JSON.stringify(site.site_root)} is not a directory of ${url.origin}`);
  }
  return { index: site, url, root };
}

/** Whether `path` stays below the file naming it: relative, without `..`, `.`, `\` or `:`. */
function isInside(path: unknown): boolean {
  return (
    typeof path === "string" &&
    path !== "" &&
    !path.startsWith("/") &&
    !/[\\:]/.test(path) &&
    path.split("/").every((part) => part !== ".." && part !== ".")
  );
}

/** The stemmers of the smaller engines (wasm-site/ and wasm/; engine/Cargo.toml's
 * `all-stemmers`): English, and none. The engines refuse an index they cannot stem, so a wrong
 * list here is an error, never unstemmed queries. */
const ENGLISH_ONLY_ENGINE_STEMMERS = new Set<string | null>([null, "en", "english"]);

/** Whether the English-only engines stem `language` (a code or English name, as a site file or
 * a mapping names it; null for none). */
export function englishEngineStems(language: string | null | undefined): boolean {
  return ENGLISH_ONLY_ENGINE_STEMMERS.has(language?.toLowerCase() ?? null);
}

/** The directory of the site engine a language with `stemmer` needs, beside the worker:
 * `wasm-site` (English only, the smaller) or `wasm-site-all` (every stemmer). */
export function siteEngineFor(stemmer: string | null | undefined): "wasm-site" | "wasm-site-all" {
  return englishEngineStems(stemmer) ? "wasm-site" : "wasm-site-all";
}

/**
 * The language whose index a page in `lang` searches: the same tag, else the same primary
 * subtag (`en-US` → `en`, `pt` → `pt-br`), else the site's default.
 */
export function pickLanguage(index: SiteJson, lang: string): string {
  const wanted = lang.trim().toLowerCase();
  const available = Object.keys(index.languages);
  if (available.includes(wanted)) return wanted;
  const primary = wanted.split("-")[0];
  const sameFamily = available.filter((tag) => tag.split("-")[0] === primary);
  if (sameFamily.includes(primary)) return primary;
  return sameFamily[0] ?? index.default_language;
}

/** Where a hit links to, and the heading of the section its snippet comes from. */
export interface HitTarget {
  href: string;
  title: string;
  /** The matching section's heading, when it is not the page's first section. */
  section?: string;
}

/** The page and section a hit of a site index links to. */
export function hitTarget(hit: Hit, root: URL): HitTarget {
  const value = hit.snippet_value ?? 0;
  const path = String(hit.doc.url ?? "");
  const anchor = valueAt(hit.doc.anchors, value) ?? "";
  const title = String(valueAt(hit.doc.title, 0) ?? path);
  const href = linkOnSite(path, anchor, root);
  const section = value > 0 ? valueAt(hit.doc.sections, value) : undefined;
  return section && section !== title ? { href, title, section } : { href, title };
}

/**
 * The page at `path` (a URL path from the site's root, as `build --site` stores it) with its
 * `anchor`, as a link under `root`. An index is input like any other: whatever its paths hold
 * (`javascript:…`, `//host`, backslashes, `..`), the link is resolved as a path below the root
 * ("./" first, so no first segment is read as a scheme) and checked to be there; a path that
 * still leaves it links to the root itself. An anchor is only ever a fragment.
 */
export function linkOnSite(path: string, anchor: string, root: URL): string {
  const fragment = anchor.startsWith("#") ? anchor : "";
  const url = new URL(`./${path.replace(/^[/\\]+/, "")}${fragment}`, root);
  const below = url.origin === root.origin && url.pathname.startsWith(root.pathname) && /^https?:$/.test(url.protocol);
  return below ? url.href : root.href;
}

/** Value `i` of a stored field: a field holding one value is stored as that value. */
function valueAt(field: unknown, i: number): string | undefined {
  const value = Array.isArray(field) ? field[i] : i === 0 ? field : undefined;
  return value === undefined || value === null ? undefined : String(value);
}
