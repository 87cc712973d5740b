/**
 * What a caller can get wrong is answered with a 4xx naming the problem (never a 500), CORS
 * follows CORS_ALLOW_ORIGIN, and a misconfigured Worker says which setting is wrong.
 */

import { beforeAll, expect, it } from "vitest";
import { baseEnv, call, search, seedBucket } from "./fixture.js";

beforeAll(async () => {
  await seedBucket("index", "mdn/");
});

const json = { "Content-Type": "application/json" };

it.each([
  ["limit=abc", { q: "array", limit: "abc" }, "limit must be a whole number"],
  ["a limit above MAX_LIMIT", { q: "array", limit: "101" }, "limit 101 is above this endpoint's maximum, 100"],
  ["a negative offset", { q: "array", offset: "-1" }, "offset must be a whole number"],
  ["an offset above MAX_OFFSET", { q: "array", offset: "5000" }, "offset 5000 is above this endpoint's maximum, 1000"],
  ["a query above MAX_QUERY_LENGTH", { q: "a".repeat(513) }, "the query is 513 characters long; this endpoint accepts 512 at most"],
  ["no query and no filters", { q: "  " }, "nothing to search"],
  ["an unknown parameter", { q: "array", lmit: "5" }, 'unknown parameter "lmit"; accepted: q, limit, offset, snippet, filters, fields, start_timestamp, end_timestamp, sort'],
  ["a sort on a field that is not fast", { q: "array", sort: "-title" }, 'sort: "title" is not a fast field of this index'],
  ["a sort order that is neither asc nor desc", { q: "array", sort: "last_modified:up" }, "use asc or desc"],
  ["fields naming a field that is not stored", { q: "array", fields: "title,nope" }, 'no stored field "nope"; the stored fields are'],
  ["an empty name in fields", { q: "array", fields: "title," }, "fields must list stored field names"],
  ["a start_timestamp that is not a time", { q: "array", start_timestamp: "yesterday" }, "is not a timestamp"],
  ["an empty time range", { q: "array", start_timestamp: "2025-01-02T00:00:00Z", end_timestamp: "2025-01-01T00:00:00Z" }, "must be before end_timestamp"],
  ["filters that are not JSON", { q: "array", filters: "section=Web" }, "filters must be JSON"],
  ["filters that are not an object", { q: "array", filters: "[1]" }, "filters must be an object"],
  ["a filter on a field that is not a filter field", { q: "array", filters: '{"nope":"x"}' }, "nope"],
  ["snippet=maybe", { q: "array", snippet: "maybe" }, "snippet must be true or false"],
])("GET with %s: 400", async (_, params, message) => {
  const answer = await search(params.q, params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.error.message).toContain(message);
  expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
});

it("a repeated parameter: 400", async () => {
  const answer = await call("/search?q=array&q=map");
  expect(answer.status).toBe(400);
  expect(answer.body.error.message).toBe("parameter q is given more than once");
});

it("a query the engine cannot parse is searched as words, not an error", async () => {
  const answer = await search('title:(("unbalanced');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
});

it.each([
  ["not JSON", json, "{query:", 400, "the body is not JSON"],
  ["an array", json, "[]", 400, "the body must be a JSON object"],
  ["an unknown field", json, '{"query":"a","limt":3}', 400, 'unknown field "limt"'],
  ["empty aggregations", json, '{"query":"a","aggregations":{}}', 400, "aggs must be an object of named aggregations"],
  ["both aggs and aggregations", json, '{"aggs":{"a":{}},"aggregations":{"a":{}}}', 400, "give aggs or aggregations, not both"],
  ["an aggregation on a field that is not fast", json, '{"aggs":{"t":{"terms":{"field":"title"}}}}', 400, '"title" is not a fast field'],
  ["an unknown kind of aggregation", json, '{"aggs":{"m":{"median":{"field":"section"}}}}', 400, "aggs: "],
  ["a sort that is a list", json, '{"query":"a","sort":["-last_modified"]}', 400, "sort must name one fast field"],
  ["a string limit", json, '{"query":"a","limit":"ten"}', 400, "limit must be a whole number"],
  ["a filter value that is an object", json, '{"query":"a","filters":{"section":{"a":1}}}', 400, "filter section: a value must be"],
  ["no Content-Type", {}, '{"query":"a"}', 415, "send Content-Type: application/json"],
  ["a body over 16 KB", json, JSON.stringify({ query: "a".repeat(20_000) }), 413, "larger than 16384 bytes"],
])("POST with %s: %i", async (_, headers, body, status, message) => {
  const answer = await call("/search", { method: "POST", headers, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.message).toContain(message);
});

it("other paths are 404 and other methods 405, in JSON", async () => {
  const missing = await call("/other");
  expect(missing.status).toBe(404);
  expect(missing.body.error.code).toBe("not_found");
  const put = await call("/search", { method: "PUT", body: "x" });
  expect(put.status).toBe(405);
  expect(put.headers.get("Allow")).toBe("GET, POST, OPTIONS");
});

it("answers CORS preflights, and allows only the listed origins when given a list", async () => {
  const preflight = await call("/search", { method: "OPTIONS", headers: { Origin: "https://a.example" } });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST, OPTIONS");
  expect(preflight.headers.get("Access-Control-Allow-Headers")).toBe("Content-Type");
  expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");

  const listed = { ...baseEnv, CORS_ALLOW_ORIGIN: "https://a.example, https://b.example" };
  const allowed = await call("/search?q=array", { headers: { Origin: "https://b.example" } }, listed);
  expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://b.example");
  expect(allowed.headers.get("Vary")).toBe("Origin");
  const other = await call("/search?q=array", { headers: { Origin: "https://c.example" } }, listed);
  expect(other.status).toBe(200);
  expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
  const none = await call("/search?q=array", { headers: { Origin: "https://a.example" } }, { ...baseEnv, CORS_ALLOW_ORIGIN: "" });
  expect(none.headers.get("Access-Control-Allow-Origin")).toBeNull();
});

it.each([
  ["no bucket and no INDEX_URL", { INDEX_BUCKET: undefined, INDEX_URL: undefined }, "bind an R2 bucket as INDEX_BUCKET, or set INDEX_URL"],
  ["an ftp INDEX_URL", { INDEX_BUCKET: undefined, INDEX_URL: "ftp://example.com/" }, "INDEX_URL must be http(s)"],
  ["MAX_LIMIT=lots", { MAX_LIMIT: "lots" }, 'MAX_LIMIT must be an integer from 1 to 1000, not "lots"'],
  ["EDGE_CACHE=sometimes", { EDGE_CACHE: "sometimes" }, "EDGE_CACHE must be on or off"],
])("a Worker with %s answers 500 misconfigured, naming the setting", async (_, vars, message) => {
  const answer = await call("/search?q=array", {}, { ...baseEnv, ...vars });
  expect(answer.status).toBe(500);
  expect(answer.body.error.code).toBe("misconfigured");
  expect(answer.body.error.message).toContain(message);
});
