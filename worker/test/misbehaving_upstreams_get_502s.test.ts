/**
 * When the index's host misbehaves, the Worker answers 502 with the engine's reason (or 504
 * past SEARCH_TIMEOUT_MS), within bounded time, and never fetches outside the configured index.
 */

import { expect, it } from "vitest";
import { upstreamFetch } from "../src/upstream.js";
import { baseEnv, fixture, originEnv, search } from "./fixture.js";

const quick = { UPSTREAM_TIMEOUT_MS: "500", SEARCH_TIMEOUT_MS: "4000", EDGE_CACHE: "off" };

it.each([
  ["ignores Range", "ignores-range", 502, "the server ignored the Range header"],
  ["cuts bodies short", "truncated", 502, "short or misplaced read"],
  ["fails with 503", "fails", 502, "unexpected status 503"],
  ["serves changed bytes", "corrupt", 502, "checksum mismatch: the file is corrupt or was changed"],
  ["never answers", "hangs", 502, "no answer within 500 ms"],
])("an origin that %s (/%s/): %i with the reason", async (_, mode, status, reason) => {
  const started = Date.now();
  const answer = await search("array", {}, originEnv(`${fixture.misbehaving}${mode}/`, quick));
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.message).toContain(reason);
  expect(answer.body.error.message).toContain(`${fixture.misbehaving}${mode}/`);
  expect(Date.now() - started).toBeLessThan(15_000);
});

it("a split uploaded again (same bytes, new ETag) is checked once more and read on", async () => {
  const env = originEnv(`${fixture.misbehaving}reuploaded/`, quick);
  const first = await search("array", {}, env);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  // Another query reads other pages, now answered under the new ETag.
  const answer = await search("fetch request", {}, env);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.count).toBeGreaterThan(0);
});

it("a split replaced by other bytes under its name: 409 naming it, on every query", async () => {
  // The origin serves other bytes from the second read of each split: the first search's page
  // reads already see them, after its open reads.
  const env = originEnv(`${fixture.misbehaving}replaced/`, quick);
  for (const query of ["array", "fetch request", "css grid"]) {
    const answer = await search(query, {}, env);
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.error.code).toBe("changed");
    expect(answer.body.error.message).toContain("replaced on the server by other content under the same name");
  }
});

it("an origin that refuses connections: 502 saying the request failed, without blaming CORS", async () => {
  // Nothing listens on port 1. A Worker has no origin of its own for CORS to apply to: the
  // hint the browser engine gives for a cross-origin page would mislead here.
  const answer = await search("array", {}, originEnv("http://127.0.0.1:1/index/", quick));
  expect(answer.status, JSON.stringify(answer.body)).toBe(502);
  expect(answer.body.error.message).toContain("the request failed");
  expect(answer.body.error.message).not.toContain("CORS");
});

it("no index at the origin: 502 naming the missing manifest", async () => {
  const answer = await search("array", {}, originEnv(`${fixture.origin}nothing-here/`, quick));
  expect(answer.status).toBe(502);
  expect(answer.body.error.code).toBe("not_found");
  expect(answer.body.error.message).toContain("no manifest.json in");
});

it("no index under the bucket prefix: 502", async () => {
  const answer = await search("array", {}, { ...baseEnv, INDEX_PREFIX: "nothing-here/" });
  expect(answer.status).toBe(502);
  expect(answer.body.error.message).toContain("no manifest.json in");
});

it("an origin slower than SEARCH_TIMEOUT_MS: 504", async () => {
  const env = originEnv(`${fixture.misbehaving}hangs/`, { ...quick, UPSTREAM_TIMEOUT_MS: "3000", SEARCH_TIMEOUT_MS: "1000" });
  const answer = await search("array", {}, env);
  expect(answer.status, JSON.stringify(answer.body)).toBe(504);
  expect(answer.body.error.code).toBe("timeout");
});

it("never fetches outside the configured index", async () => {
  const fetchUpstream = upstreamFetch({ kind: "origin", baseUrl: `${fixture.origin}index/` });
  for (const url of [`${fixture.origin}index/../grown/manifest.json`, `${fixture.origin}indexes/x`, "https://example.com/index/x"]) {
    await expect(fetchUpstream(new Request(url))).rejects.toThrow(/outside the configured index/);
  }
  const inside = await fetchUpstream(new Request(`${fixture.origin}index/manifest.json`));
  expect(inside.status).toBe(200);
});
