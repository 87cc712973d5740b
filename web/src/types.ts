/** The public types of the `rangefind` package: the same JSON shape as `rangefind search --json`. */

/** Exact values hits must have, by field (keyword, numeric or bool fields). A list means "any of". */
export type Filters = Record<string, string | number | boolean | Array<string | number | boolean>>;

export interface SearchOptions {
  /** Hits to return (default 10, at most 1000). */
  limit?: number;
  /** Hits to skip, for paging (offset + limit ≤ 10000). */
  offset?: number;
  /** Cut an HTML snippet with `<mark>`ed matches for each hit (default true). */
  snippet?: boolean;
  /** Keep only hits with these field values. */
  filters?: Filters;
  /** Stored fields each hit's `doc` holds (default: all); an unknown name rejects with `invalid_query`. */
  fields?: string[];
  /** Only hits whose timestamp field is in [start_timestamp, end_timestamp): seconds since 1970 or RFC 3339 text; splits outside the range are not read. */
  start_timestamp?: number | string;
  end_timestamp?: number | string;
  /**
   * Order hits by a fast field instead of by score: `"-created_at"` (largest first),
   * `"created_at"` (smallest first), `"created_at:desc"` or `{ created_at: "desc" }`.
   * Ties keep index order.
   */
  sort?: string | Record<string, "asc" | "desc">;
  /**
   * Aggregations over fast fields in Elasticsearch's JSON (terms, date_histogram, histogram,
   * range, stats, avg, min, max, sum, cardinality), over every match; the results come back in
   * `aggregations`. With `limit: 0` only the columns they need are downloaded.
   */
  aggs?: Record<string, unknown>;
  /**
   * `false` lets `count` be a lower bound (`count_is_lower_bound` in the answer): a `sort` on
   * the timestamp field over splits written in time order then reads the newest (or oldest)
   * split first and the others only if the page is not full. Default true.
   */
  count_all?: boolean;
  /**
   * In an index with a lexicon (site indexes, mappings with `typo_tolerance: true`), a word no
   * document holds is searched as the index's words one edit away from it (a letter missing,
   * added, changed, or two swapped); `replaced` in the answer names them. Default true.
   */
  typo_tolerance?: boolean;
  /**
   * When fewer than 10 hits hold every word of a query of several, the hits missing one word
   * follow them, each naming it (`Hit.missing`). `false`: only hits holding every word, and a
   * count of those alone. Default true.
   */
  fewer_words?: boolean;
  /**
   * The text is still being typed (a search box; site indexes only): its last word is also
   * searched as a prefix (`fetch ap` finds `fetch api`), and the pages only that completion
   * finds are ranked after every page the text finds as typed, so the first hits are those of
   * the same search without `typeahead`. Text ending in a space or punctuation is searched as
   * typed. Default false.
   */
  typeahead?: boolean;
  /** Abort the search: it rejects with code `aborted` and stops its downloads. */
  signal?: AbortSignal;
}

export interface Hit {
  /** The document's id field. */
  id: string;
  /** BM25 score over the whole index (0 when hits are sorted by a field). */
  score: number;
  /** The hit's value of the `sort` field (dates as RFC 3339 text). */
  sort?: unknown;
  /** The stored fields of the document. */
  doc: Record<string, unknown>;
  /** HTML with matches in `<mark>`; text is escaped. */
  snippet?: string;
  /**
   * Which value of a multi-valued snippet field the snippet's first match is in; absent when
   * the document holds one value (read it as 0). A site index (`rangefind build --site`)
   * keeps one value per page section, so a hit links to `doc.url + doc.anchors[snippet_value]`.
   */
  snippet_value?: number;
  /** Which of the sites searched together the hit comes from: its position in the list
   * `openSite` was given (`OpenedSite.sites`); absent when one site is searched. */
  index?: number;
  /**
   * The word (or quoted phrase) of the query this hit lacks, as typed. When fewer than 10
   * results hold every word of a query of several, results missing one word follow them, best
   * first; absent on a hit holding every word.
   */
  missing?: string;
}

/** What a query cost: counted where requests are sent, never estimated. */
export interface SearchStats {
  /** HTTP range requests sent. */
  requests: number;
  /** Bytes received. */
  bytes: number;
  /** Sequential network rounds. */
  waves: number;
  /** Splits in the index. */
  splits_total: number;
  /** Splits the query opened. */
  splits_opened: number;
  /** Pages and split open regions read from IndexedDB (the Worker: the edge cache) instead of the network. */
  cache_hits: number;
  /** Time inside the engine, network included. */
  elapsed_ms: number;
}

export interface SearchResponse {
  /** Documents matching in the whole index (at least this many with `count_is_lower_bound`). */
  count: number;
  /** Present (true) when `count_all: false` let the search skip splits that could not change the page. */
  count_is_lower_bound?: boolean;
  hits: Hit[];
  /** Aggregation results by name, in Elasticsearch's shape, when the request had `aggs`. */
  aggregations?: Record<string, any>;
  /** Words of the query no document holds, and the words one edit away searched instead. */
  replaced?: Replaced[];
  /**
   * How each `KEY:value` of the query whose KEY is a filter key of the site was read, by key:
   * `"filter"` (as `filter.KEY:value`) where no searched field has that name, else `"field"`.
   * Site indexes only; absent when the query names none.
   */
  read_as?: Record<string, "filter" | "field">;
  stats: SearchStats;
}

/** A word of the query that typo tolerance replaced. */
export interface Replaced {
  /** The word as the index analyses it (lowercased, accents folded). */
  word: string;
  /** The index's words searched instead, the most frequent first. */
  with: string[];
}

export interface OpenOptions {
  /** Byte bound of the in-memory page cache (default 64 MiB). */
  cacheBytes?: number;
  /**
   * Keep pages in IndexedDB, so a later visit repeats a query with no index requests
   * (default true). Falls back to memory, with one console warning, where IndexedDB is
   * unavailable or full.
   */
  persistent?: boolean;
  /** Milliseconds one HTTP attempt may take before it is retried (default 30000). */
  timeoutMs?: number;
  /**
   * Milliseconds opening the index, and each search, may take in all, every read and retry
   * included (default 30000; 0: none). Past it the call rejects with code `http`, naming the
   * index waited for, and the engine stops reading for it: a host that never answers gives an
   * error, not a search box that shows nothing.
   */
  deadlineMs?: number;
  /**
   * Requests one network wave aims at (default 6, the connections a browser opens to an
   * HTTP/1.1 host): small gaps between wanted pages are read through to stay within it.
   * 0 joins only adjacent pages, for HTTP/2 hosts where extra requests cost no round trip.
   */
  maxRequestsPerWave?: number;
  /**
   * Load the engine with aggregations (`aggs` in `search`): about 190 KB more to download
   * (brotli), so it is off by default; without it a search with `aggs` rejects with
   * `invalid_query`. Sorting works either way.
   */
  analytics?: boolean;
  /**
   * Where the engine's Web Worker script is. Defaults to the `worker.js` shipped next to this
   * module (bundlers such as vite and webpack follow the `new URL(…, import.meta.url)`).
   */
  workerUrl?: string | URL;
}

/** Where the page cache stands, for diagnostics. */
export interface CacheState {
  /** Pages and bytes in the memory tier. */
  memoryPages: number;
  memoryBytes: number;
  /** `indexeddb`, or `memory` when persistence is off or unavailable. */
  persistent: "indexeddb" | "memory";
  /** Page writes queued for IndexedDB and not yet committed. */
  pendingWrites: number;
}

/** Network activity the engine's worker saw, from the browser's resource timing. */
export interface ResourceEntry {
  name: string;
  transferSize: number;
  encodedBodySize: number;
  duration: number;
}

/** An error from the engine, with a stable code. */
export class RangefindError extends Error {
  /** `not_found`, `http`, `corrupt`, `incompatible`, `invalid_query`, `aborted`, `closed`, `internal`, ... */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = "RangefindError";
    this.code = code;
  }
}
