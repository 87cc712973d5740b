/**
 * The site engine built for browsers (web/src/wasm-site/, no tantivy) in real Chromium,
 * against `rangefind serve`: it opens the site file `build --site` wrote with one request, and
 * answers each query with the same hits, scores, snippets and costs as the native CLI's
 * `search --site-file` on the same file. A wave's scattered runs of the site file go in one
 * request (`multipart/byteranges`); from a host that answers several ranges with the whole
 * file (as S3 does), the engine reads them one by one, and answers the same.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join } from "node:path";
import { cli, nativeSearch, openPage, repo, serve, tempDir, type Server, type Session } from "./harness.js";

const QUERIES = [
  "array",
  "array map",
  "(promis OR promis*)",
  '"array map"',
  "title:array",
  "map -array",
  "css grid layout",
  "nonexistentwordxyz",
];

type Cost = { requests: number; bytes: number };
type Answer = {
  count: number;
  hits: Array<{ id: string; score: number; snippet?: string; snippet_value?: number }>;
  stats: { requests: number; bytes: number; waves: number; elapsed_ms: number };
};
type PageWindow = Window & {
  searchCold(query: string): Promise<{ open: Cost; opening: Cost; answer: Answer; fetched: Cost }>;
  openSiteFile(file: { path: string; size: number; open_region: [number, number] }): Promise<unknown>;
};

let root: string;
let server: Server;
let session: Session;

beforeAll(async () => {
  const engine = join(repo, "web", "src", "wasm-site");
  if (!existsSync(join(engine, "rangefind_wasm_bg.wasm"))) throw new Error("web/src/wasm-site is missing: run scripts/build/build-wasm.sh");
  const dir = tempDir("site-engine");
  execFileSync("tar", ["xzf", join(repo, "examples/mdn-site/sample-site.tar.gz"), "-C", dir]);
  root = readdirSync(dir)
    .map((name) => join(dir, name))
    .find((path) => statSync(path).isDirectory())!;
  execFileSync(cli, ["build", "--site", root, "--no-widget", "-q"]);
  mkdirSync(join(root, "site-engine"), { recursive: true });
  for (const file of ["rangefind_wasm.js", "rangefind_wasm_bg.wasm"]) cpSync(join(engine, file), join(root, "site-engine", file));
  writeFileSync(
    join(root, "site-engine.html"),
    `<!doctype html><meta charset="utf-8"><title>site engine</title><link rel="icon" href="data:,">
<script type="module">
import init, { SiteIndex } from "./site-engine/rangefind_wasm.js";
await init();
const base = new URL("/_rangefind/", location.href).href;
const site = await (await fetch(base + "site.json")).json();
// A fresh index per query: each answer is cold, as each CLI process is.
// HTTP requests of the index's files and their bodies' bytes, as the browser saw them.
const seen = () => {
  const entries = performance.getEntriesByType("resource").filter((entry) => /[.](rfsite|lex)$/.test(entry.name));
  performance.clearResourceTimings();
  return { requests: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0) };
};
window.searchCold = async (query) => {
  const file = site.languages[site.default_language].site_file;
  performance.clearResourceTimings();
  const index = await SiteIndex.open([{ url: base, file, persistent: null }], {}, null);
  const open = JSON.parse(index.openStats());
  const opening = seen();
  const answer = JSON.parse(await index.search({ query, limit: 10 }));
  return { open, opening, answer, fetched: seen() };
};
window.openSiteFile = (file) => SiteIndex.open([{ url: base, file, persistent: null }], {}, null);
window.ready = true;
</script>`,
  );
  server = await serve(root);
  session = await openPage(`${server.url}site-engine.html`);
}, 300_000);

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

/** A host that reads one range per request and answers several with the whole file (200), as
 * S3 does; counts the requests for several. */
function serveOneRangeAtATime(dir: string): Promise<{ url: string; several: () => number; server: HttpServer }> {
  let several = 0;
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };
  const server = createServer((request, response) => {
    const path = join(dir, decodeURIComponent(new URL(request.url!, "http://x").pathname));
    if (!existsSync(path) || !statSync(path).isFile()) return void response.writeHead(404).end();
    const bytes = readFileSync(path);
    const headers = { "content-type": types[extname(path)] ?? "application/octet-stream", etag: `"${bytes.length}"` };
    const range = request.headers.range?.match(/^bytes=(\d+)-(\d+)$/);
    if (request.headers.range?.includes(",")) several += 1;
    if (!range) return void response.writeHead(200, headers).end(bytes);
    const [start, last] = [Number(range[1]), Math.min(Number(range[2]), bytes.length - 1)];
    response.writeHead(206, { ...headers, "content-range": `bytes ${start}-${last}/${bytes.length}` }).end(bytes.subarray(start, last + 1));
  });
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () => done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, several: () => several, server })),
  );
}

describe("the site engine in Chromium", () => {
  it("answers as the native site engine does, at the same cost", async () => {
    let ranges = 0;
    let requests = 0;
    for (const query of QUERIES) {
      const { open, opening, answer, fetched } = await session.page.evaluate((q) => (window as unknown as PageWindow).searchCold(q), query);
      // Costs are counted as sent: the requests and body bytes the browser saw.
      expect(open, query).toMatchObject(opening);
      expect({ requests: answer.stats.requests, bytes: answer.stats.bytes }, query).toEqual(fetched);
      // A wave's runs of the file go in one request.
      expect(answer.stats.requests, query).toBeLessThanOrEqual(answer.stats.waves);
      // A wave's runs go in one request here (`multipart/byteranges`), so no gap between
      // them is read through: the CLI plans them so with no request budget.
      const native = nativeSearch(join(root, "_rangefind"), query, 10, ["--site-file", "--max-requests-per-wave", "0"]) as unknown as Answer;
      expect(open, query).toMatchObject({ requests: 1, waves: 1 });
      if (query !== "nonexistentwordxyz") expect(answer.count, query).toBeGreaterThan(0);
      expect(answer.count, query).toBe(native.count);
      expect(answer.hits.map((h) => h.id), query).toEqual(native.hits.map((h) => h.id));
      // Scores are f32s printed by JS in wasm, by zmij natively; wasm's float arithmetic (its
      // `ln`) may differ from the native one in the last bit.
      answer.hits.forEach((hit, k) => {
        const expected = native.hits[k].score;
        expect(Math.abs(hit.score - expected), `${query}: score of ${hit.id}`).toBeLessThanOrEqual(Math.abs(expected) * 1e-5);
      });
      expect(Number.isFinite(answer.stats.elapsed_ms), query).toBe(true);
      expect(answer.hits.map((h) => [h.snippet, h.snippet_value]), query).toEqual(native.hits.map((h) => [h.snippet, h.snippet_value]));
      // The same ranges as the CLI reads, in the same waves: the bytes read and the parts'
      // headers of the answers that hold several.
      expect(answer.stats.waves, query).toBe(native.stats.waves);
      expect(answer.stats.bytes, query).toBeGreaterThanOrEqual(native.stats.bytes);
      expect(answer.stats.bytes - native.stats.bytes, query).toBeLessThanOrEqual(200 * native.stats.requests);
      ranges += native.stats.requests;
      requests += answer.stats.requests;
    }
    expect(requests, "the waves' ranges in fewer requests").toBeLessThan(ranges);
    expect(session.console.filter((line) => /error/i.test(line))).toEqual([]);
  }, 120_000);

  it("reads range by range from a host that answers several ranges with the whole file", async () => {
    const host = await serveOneRangeAtATime(root);
    const other = await openPage(`${host.url}site-engine.html`);
    try {
      for (const query of QUERIES) {
        const { answer } = await other.page.evaluate((q) => (window as unknown as PageWindow).searchCold(q), query);
        const native = nativeSearch(join(root, "_rangefind"), query, 10, ["--site-file"]) as unknown as Answer;
        expect(answer.hits.map((h) => h.id), query).toEqual(native.hits.map((h) => h.id));
        expect(answer.stats, query).toMatchObject({ requests: native.stats.requests, bytes: native.stats.bytes });
      }
      // Each fresh index asks once at most, then reads range by range.
      expect(host.several()).toBeGreaterThan(0);
      expect(host.several()).toBeLessThanOrEqual(QUERIES.length);
    } finally {
      await other.close();
      host.server.close();
    }
  }, 120_000);

  it("says what is wrong with a bad request", async () => {
    const message = await session.page.evaluate(async () => {
      try {
        await (window as unknown as PageWindow).openSiteFile({ path: "en/missing.rfsite", size: 10, open_region: [0, 10] });
        return "opened";
      } catch (error) {
        return `${(error as { code?: string }).code}: ${(error as Error).message}`;
      }
    });
    expect(message).toMatch(/^not_found: .*missing\.rfsite/);
  });
});
