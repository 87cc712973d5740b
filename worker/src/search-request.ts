/**
 * `GET /search?q=&limit=&offset=&snippet=&filters=&fields=&start_timestamp=&end_timestamp=&sort=&count_all=&typo_tolerance=&fewer_words=` and `POST /search` (JSON body, which
 * may also carry `aggs`) into the
 * engine's search request, within the configured bounds. Anything a caller can get wrong is a
 * `BadRequest` (400) that says what and how to fix it, never a 500.
 */

import type { Settings } from "./config.js";

/** The engine's request (wasm/src/lib.rs, `Index.search`). */
export interface EngineRequest {
  query: string;
  limit: number;
  offset: number;
  snippet: boolean;
  filters: Record<string, FilterValue | FilterValue[]>;
  /** Stored fields of each hit's `doc` (all when absent); the engine checks the names. */
  fields?: string[];
  /** `[start, end)` of the timestamp field: seconds since 1970 or RFC 3339 (the engine checks). */
  start_timestamp?: number | string;
  end_timestamp?: number | string;
  /** A fast field to order hits by: `"-created_at"`, `"created_at:asc"`, `{"created_at": "desc"}`. */
  sort?: string | Record<string, string>;
  /** Elasticsearch-style aggregations over fast fields (the engine checks them). */
  aggs?: Record<string, unknown>;
  /** `false`: the count may be a lower bound, and a sort on the timestamp may stop early. */
  count_all: boolean;
  /** `false`: search only the words as typed (no typo tolerance). */
  typo_tolerance: boolean;
  /** `false`: only hits holding every word (none missing one when fewer than 10 hold them all). */
  fewer_words: boolean;
}

type FilterValue = string | number | boolean;

export class BadRequest extends Error {
  override name = "BadRequest";
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Largest POST body accepted, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Filter fields and values a request may name. */
const MAX_FILTER_FIELDS = 16;
const MAX_FILTER_VALUES = 64;
const MAX_FILTER_VALUE_LENGTH = 256;
/** Field names `fields` may list. */
const MAX_FIELDS = 64;
const MAX_FIELD_NAME_LENGTH = 128;

const GET_PARAMETERS = ["q", "limit", "offset", "snippet", "filters", "fields", "start_timestamp", "end_timestamp", "sort", "count_all", "typo_tolerance", "fewer_words"];
const POST_FIELDS = ["query", "limit", "offset", "snippet", "filters", "fields", "start_timestamp", "end_timestamp", "sort", "aggs", "aggregations", "count_all", "typo_tolerance", "fewer_words"];

function count(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 0) {
    throw new BadRequest(`${name} must be a whole number from 0 to ${max}, not ${JSON.stringify(value)}`);
  }
  if (number > max) throw new BadRequest(`${name} ${number} is above this endpoint's maximum, ${max}`);
  return number;
}

function bool(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new BadRequest(`${name} must be true or false, not ${JSON.stringify(value)}`);
}

function queryText(value: unknown, settings: Settings): string {
  if (value === undefined) return "";
  if (typeof value !== "string") throw new BadRequest(`query must be a string, not ${JSON.stringify(value)}`);
  if (value.length > settings.maxQueryLength) {
    throw new BadRequest(`the query is ${value.length} characters long; this endpoint accepts ${settings.maxQueryLength} at most`);
  }
  return value;
}

function filterValue(field: string, value: unknown): FilterValue {
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string" && value.length <= MAX_FILTER_VALUE_LENGTH) return value;
  if (typeof value === "string") {
    throw new BadRequest(`filter ${field}: a value may be ${MAX_FILTER_VALUE_LENGTH} characters long at most`);
  }
  throw new BadRequest(`filter ${field}: a value must be a string, number or boolean, not ${JSON.stringify(value)}`);
}

function filtersOf(value: unknown): EngineRequest["filters"] {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new BadRequest(`filters must be an object such as {"section": "Web/CSS"}, not ${JSON.stringify(value)}`);
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_FILTER_FIELDS) throw new BadRequest(`filters may name ${MAX_FILTER_FIELDS} fields at most`);
  let values = 0;
  const filters: EngineRequest["filters"] = {};
  for (const [field, wanted] of entries) {
    const list = Array.isArray(wanted) ? wanted.map((v) => filterValue(field, v)) : [filterValue(field, wanted)];
    values += list.length;
    if (Array.isArray(wanted) && list.length === 0) throw new BadRequest(`filter ${field}: the list of values is empty`);
    filters[field] = Array.isArray(wanted) ? list : list[0];
  }
  if (values > MAX_FILTER_VALUES) throw new BadRequest(`filters may list ${MAX_FILTER_VALUES} values at most`);
  return filters;
}

/** `fields`: a list of names (POST) or a comma-separated string of them (GET). */
function fieldNames(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const names = typeof value === "string" ? value.split(",").map((name) => name.trim()) : value;
  if (!Array.isArray(names) || !names.every((name) => typeof name === "string" && name !== "")) {
    throw new BadRequest(`fields must list stored field names, such as "title,url" or ["title", "url"], not ${JSON.stringify(value)}`);
  }
  if (names.length > MAX_FIELDS) throw new BadRequest(`fields may list ${MAX_FIELDS} names at most`);
  const long = names.find((name) => name.length > MAX_FIELD_NAME_LENGTH);
  if (long !== undefined) throw new BadRequest(`fields: a name may be ${MAX_FIELD_NAME_LENGTH} characters long at most`);
  return names;
}

/** A time bound: an integer (seconds since 1970) or short text (RFC 3339, or digits). */
function timestamp(name: string, value: unknown): number | string | undefined {
  if (value === undefined) return undefined;
  if ((typeof value === "number" && Number.isInteger(value)) || (typeof value === "string" && value.length <= 64)) {
    return value;
  }
  throw new BadRequest(`${name} must be seconds since 1970 or RFC 3339 text such as 2024-05-01T00:00:00Z, not ${JSON.stringify(value)}`);
}

/** `sort`: a field name with an optional `-` or `:asc`/`:desc`, or `{"field": "asc"|"desc"}`. */
function sortOf(value: unknown): EngineRequest["sort"] {
  if (value === undefined) return undefined;
  const short = (text: unknown) => typeof text === "string" && text.length > 0 && text.length <= MAX_FIELD_NAME_LENGTH + 5;
  if (short(value)) return value as string;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 1 && short(entries[0][0]) && (entries[0][1] === "asc" || entries[0][1] === "desc")) {
      return value as Record<string, string>;
    }
  }
  throw new BadRequest(`sort must name one fast field, such as "-created_at" (newest first) or {"created_at": "desc"}, not ${JSON.stringify(value)}`);
}

/** `aggs` (or `aggregations`): an object of named aggregations; the engine checks the rest. */
function aggsOf(fields: Record<string, unknown>): EngineRequest["aggs"] {
  if (fields.aggs !== undefined && fields.aggregations !== undefined) {
    throw new BadRequest("give aggs or aggregations, not both");
  }
  const value = fields.aggs ?? fields.aggregations;
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    throw new BadRequest(`aggs must be an object of named aggregations, such as {"per_day": {"date_histogram": {"field": "created_at", "fixed_interval": "1d"}}}, not ${JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}

function request(fields: Record<string, unknown>, settings: Settings): EngineRequest {
  const query = queryText(fields.query, settings);
  const filters = filtersOf(fields.filters);
  const timed = fields.start_timestamp !== undefined || fields.end_timestamp !== undefined;
  const sort = sortOf(fields.sort);
  const aggs = aggsOf(fields);
  if (query.trim() === "" && Object.keys(filters).length === 0 && !timed && sort === undefined && aggs === undefined) {
    throw new BadRequest("nothing to search: give a query (q=… or \"query\"), filters, a time range, a sort or aggregations");
  }
  return {
    query,
    limit: count("limit", fields.limit, 10, settings.maxLimit),
    offset: count("offset", fields.offset, 0, settings.maxOffset),
    snippet: bool("snippet", fields.snippet, true),
    filters,
    fields: fieldNames(fields.fields),
    start_timestamp: timestamp("start_timestamp", fields.start_timestamp),
    end_timestamp: timestamp("end_timestamp", fields.end_timestamp),
    sort,
    aggs,
    count_all: bool("count_all", fields.count_all, true),
    typo_tolerance: bool("typo_tolerance", fields.typo_tolerance, true),
    fewer_words: bool("fewer_words", fields.fewer_words, true),
  };
}

function unknownNames(names: string[], known: string[], what: string): void {
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BadRequest(`unknown ${what} ${unknown.map((n) => JSON.stringify(n)).join(", ")}; accepted: ${known.join(", ")}`);
  }
}

/** The request of `GET /search?…`. */
export function fromQueryString(params: URLSearchParams, settings: Settings): EngineRequest {
  const names = [...params.keys()];
  unknownNames(names, GET_PARAMETERS, "parameter");
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new BadRequest(`parameter ${repeated} is given more than once`);
  let filters: unknown;
  const filtersText = params.get("filters");
  if (filtersText !== null) {
    try {
      filters = JSON.parse(filtersText);
    } catch {
      throw new BadRequest(`filters must be JSON such as {"section":"Web/CSS"}, not ${JSON.stringify(filtersText)}`);
    }
  }
  const get = (name: string) => params.get(name) ?? undefined;
  return request(
    {
      query: get("q"),
      limit: get("limit"),
      offset: get("offset"),
      snippet: get("snippet"),
      filters,
      fields: get("fields"),
      start_timestamp: get("start_timestamp"),
      end_timestamp: get("end_timestamp"),
      sort: get("sort"),
      count_all: get("count_all"),
      typo_tolerance: get("typo_tolerance"),
      fewer_words: get("fewer_words"),
    },
    settings,
  );
}

/** The body as text, reading no more than MAX_BODY_BYTES of it. */
async function boundedText(incoming: Request): Promise<string> {
  const tooLarge = () => new BadRequest(`the body is larger than ${MAX_BODY_BYTES} bytes`, 413);
  if (Number(incoming.headers.get("Content-Length") ?? "0") > MAX_BODY_BYTES) throw tooLarge();
  if (!incoming.body) return "";
  const reader = incoming.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new BadRequest("the body is not UTF-8 text");
  }
}

/** The request of `POST /search` with a JSON body. */
export async function fromBody(incoming: Request, settings: Settings): Promise<EngineRequest> {
  const type = incoming.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new BadRequest(`POST /search takes a JSON body: send Content-Type: application/json (not ${JSON.stringify(type)})`, 415);
  }
  const text = await boundedText(incoming);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new BadRequest(`the body is not JSON: ${(error as Error).message}`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new BadRequest(`the body must be a JSON object such as {"query": "array map", "limit": 10}`);
  }
  const fields = body as Record<string, unknown>;
  unknownNames(Object.keys(fields), POST_FIELDS, "field");
  return request(fields, settings);
}
