/**
 * The Worker as a user runs it: the index published into R2 with `wrangler r2 object put
 * --local`, then `wrangler dev` (offline: no metrics, no cf fetch) serving /search on
 * 127.0.0.1. Answers match the CLI's; the second identical query makes no subrequest; a bad
 * parameter is a 400; every answer, good or bad, is what worker/openapi.json describes.
 */

import { afterAll, beforeAll, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildIndex, freePort, nativeSearch, repo, sample, tempDir } from "../browser/harness.js";

const wrangler = join(repo, "node_modules", ".bin", "wrangler");
const config = join(repo, "worker", "wrangler.jsonc");
const offline = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" };

let work: string;
let dev: ChildProcess;
let base: string;
let log = "";

/** `wrangler r2 object put` of one index file into the local bucket of wrangler.jsonc. */
function put(index: string, path: string, state: string): void {
  execFileSync(
    wrangler,
    ["r2", "object", "put", `rangefind-index/mdn/${path}`, "--file", join(index, path), "--local", "--persist-to", state, "--config", config],
    { env: offline, stdio: "pipe" },
  );
}

beforeAll(async () => {
  work = tempDir("wrangler-dev");
  const index = join(work, "index");
  buildIndex(index, sample, 1000);
  const state = join(work, "state");
  type Files = Array<{ path: string }>;
  const manifest = JSON.parse(readFileSync(join(index, "manifest.json"), "utf8")) as { splits: Files; split_filters?: Files; lexicon?: { path: string } };
  // Every file the manifest names, as `rangefind publish` uploads them: the splits, the split
  // filters and the lexicon (a word no document holds is looked up there).
  for (const file of [...manifest.splits, ...(manifest.split_filters ?? []), ...(manifest.lexicon ? [manifest.lexicon] : [])]) put(index, file.path, state);
  put(index, "manifest.json", state); // last, as `rangefind publish` does

  const port = await freePort();
  const inspector = await freePort();
  dev = spawn(
    wrangler,
    ["dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspector),
      "--persist-to", state, "--show-interactive-dev-session=false", "--log-level", "info"],
    { env: offline, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wrangler dev did not start:\n${log}`)), 120_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const ready = log.match(/Ready on (http:\/\/127\.0\.0\.1:\d+)/);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    dev.stdout!.on("data", onData);
    dev.stderr!.on("data", onData);
    dev.on("exit", (code) => reject(new Error(`wrangler dev exited with ${code}:\n${log}`)));
  });
}, 300_000);

afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((done) => dev.once("exit", done));
    process.kill(-dev.pid!, "SIGTERM");
    await exited;
  }
});

it("answers GET /search from R2 like the CLI, then from its caches", async () => {
  for (const query of ["array", "fetch request", "css -grid"]) {
    const expected = nativeSearch(join(work, "index"), query, 10);
    const response = await fetch(`${base}/search?q=${encodeURIComponent(query)}&limit=10`);
    const body = (await response.json()) as { count: number; hits: Array<{ id: string }>; stats: Record<string, number> };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.count).toBe(expected.count);
    expect(body.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id));
    expect(body.stats.subrequests).toBeLessThanOrEqual(10);

    const again = await fetch(`${base}/search?q=${encodeURIComponent(query)}&limit=10`);
    const warm = (await again.json()) as { stats: Record<string, number> };
    expect(warm.stats.subrequests).toBe(0);
  }
});

it("answers POST /search, and a 400 for a bad limit", async () => {
  const post = await fetch(`${base}/search`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://site.example" },
    body: JSON.stringify({ query: "map", limit: 3, filters: { section: "Web/JavaScript" } }),
  });
  expect(post.status).toBe(200);
  expect(post.headers.get("access-control-allow-origin")).toBe("*");
  const body = (await post.json()) as { hits: Array<{ doc: { section: string } }> };
  expect(body.hits.length).toBe(3);
  expect(body.hits.every((h) => h.doc.section === "Web/JavaScript")).toBe(true);

  const bad = await fetch(`${base}/search?q=map&limit=5000`);
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: { message: string } }).error.message).toContain("limit 5000 is above");
});

/** worker/openapi.json, with a validator for each of its component schemas. */
function openApi() {
  const document = JSON.parse(readFileSync(join(repo, "worker", "openapi.json"), "utf8")) as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string }>; responses: Record<string, unknown> }>>;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(document, "openapi");
  const schema = (name: string) => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
    if (!validate) throw new Error(`worker/openapi.json has no schema ${name}`);
    return (value: unknown) => (validate(value) ? "" : ajv.errorsText(validate.errors));
  };
  return { document, schema };
}

it("answers as worker/openapi.json describes: every documented parameter, each answer's shape and status", async () => {
  const { document, schema } = openApi();
  const search = document.paths["/search"];
  const answer = schema("SearchResponse");
  const error = schema("Error");
  const request = schema("SearchRequest");
  type Check = { method: string; path: string; status: number; init?: RequestInit };
  const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const post = { query: "array", limit: 3, offset: 0, snippet: true, filters: { section: ["Web/JavaScript", "Web/API"] }, fields: ["title", "url"],
    start_timestamp: "2000-01-01T00:00:00Z", end_timestamp: 4102444800, sort: { last_modified: "desc" }, count_all: false, typo_tolerance: true, fewer_words: true,
    aggs: { sections: { terms: { field: "section", size: 5 } } } };
  expect(request(post)).toBe("");
  // Every parameter the document lists, at once: the Worker must know each.
  const documented = (search.get.parameters ?? []).map((p) => p.name);
  const values: Record<string, string> = { q: "array", limit: "3", offset: "0", snippet: "false", filters: '{"section":"Web/JavaScript"}', fields: "title,url",
    start_timestamp: "2000-01-01T00:00:00Z", end_timestamp: "2100-01-01T00:00:00Z", sort: "-last_modified", count_all: "false", typo_tolerance: "false",
    fewer_words: "false" };
  expect(documented.sort()).toEqual(Object.keys(values).sort());
  const everyParameter = new URLSearchParams(values).toString();
  const checks: Check[] = [
    { method: "GET", path: `/search?${everyParameter}`, status: 200 },
    { method: "GET", path: "/search?q=promsie&limit=2", status: 200 },
    { method: "POST", path: "/search", status: 200, init: json(post) },
    { method: "GET", path: "/search?q=array&limit=abc", status: 400 },
    { method: "GET", path: "/search?q=array&bogus=1", status: 400 },
    { method: "GET", path: "/search?q=array&sort=url", status: 400 },
    { method: "POST", path: "/search", status: 415, init: { method: "POST", body: "{}" } },
    { method: "POST", path: "/search", status: 413, init: json({ query: "x".repeat(20_000) }) },
    { method: "GET", path: "/elsewhere", status: 404 },
    { method: "PUT", path: "/search", status: 405, init: { method: "PUT" } },
    { method: "OPTIONS", path: "/search", status: 204, init: { method: "OPTIONS", headers: { Origin: "https://site.example", "Access-Control-Request-Method": "POST" } } },
  ];
  for (const check of checks) {
    const response = await fetch(`${base}${check.path}`, check.init);
    const text = await response.text();
    const what = `${check.method} ${check.path.slice(0, 80)}: ${response.status} ${text.slice(0, 300)}`;
    expect(response.status, what).toBe(check.status);
    const operation = check.path.startsWith("/search") ? search[check.method.toLowerCase()] : undefined;
    if (operation) expect(Object.keys(operation.responses), `${what}: status not documented`).toContain(String(response.status));
    if (response.status === 204) continue;
    const body = JSON.parse(text) as unknown;
    expect(response.status < 400 ? answer(body) : error(body), what).toBe("");
  }
});
