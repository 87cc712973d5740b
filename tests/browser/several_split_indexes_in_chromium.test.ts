/**
 * Several split indexes searched as one from the npm package, in real Chromium: the bundled MDN
 * sample cut in two indexes (every other document), each built with the same mapping and
 * served by `rangefind serve`. `openIndex(["/a/", "/b/"])` answers what `rangefind search A B`
 * answers — the same hits, scores and index of each hit (the engine's reading both manifests in
 * one wave is the builder test several_split_indexes_search_as_one's).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import type * as Rangefind from "../../web/src/index.js";
import { buildIndex, cli, makeSite, openPage, sample, serve, tempDir, type NativeResponse, type Server, type Session } from "./harness.js";

type PageWindow = Window & { rangefind: typeof Rangefind };

const QUERIES = ["array", "array map", "promise", "fetch AND promise", "css OR grid", "arr*", '"event listener"', "promsie", "section:Web/CSS", "title:set"];

let site: string;
let server: Server;
let session: Session;

beforeAll(async () => {
  site = tempDir("several-split-indexes");
  makeSite(site);
  const lines = gunzipSync(readFileSync(sample)).toString().split("\n").filter((line) => line.trim());
  for (const [name, part] of [["a", 0], ["b", 1]] as const) {
    const input = join(site, `${name}.jsonl`);
    writeFileSync(input, lines.filter((_, n) => n % 2 === part).join("\n") + "\n");
    buildIndex(join(site, name), input, 60);
  }
  server = await serve(site);
  session = await openPage(`${server.url}page.html`);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

/** What `rangefind search A B QUERY --json` prints: hits that name their index. */
interface NativeTogether {
  count: number;
  hits: Array<NativeResponse["hits"][number] & { index?: number }>;
}

/** `rangefind search A B QUERY --json`. */
function nativeTogether(query: string): NativeTogether {
  const out = execFileSync(cli, ["search", join(site, "a"), join(site, "b"), query, "--json", "--limit", "10"]);
  return JSON.parse(out.toString()) as NativeTogether;
}

describe("several split indexes in Chromium", () => {
  it("answers as rangefind search A B, each hit naming its index", async () => {
    const results = await session.page.evaluate(async (texts) => {
      const w = window as unknown as PageWindow;
      const index = await w.rangefind.openIndex(["/a/", "/b/"], { persistent: false });
      const out = [];
      for (const query of texts) {
        const r = await index.search(query, { limit: 10 });
        out.push({ count: r.count, hits: r.hits.map((h) => ({ id: h.id, score: h.score, index: h.index })) });
      }
      index.close();
      return out;
    }, QUERIES);
    let fromB = 0;
    for (const [i, query] of QUERIES.entries()) {
      const native = nativeTogether(query);
      const browser = results[i];
      expect(browser.count, query).toBe(native.count);
      expect(browser.hits.map((h) => [h.id, h.index]), query).toEqual(native.hits.map((h) => [h.id, h.index]));
      browser.hits.forEach((hit, k) => {
        const expected = native.hits[k].score;
        expect(Math.abs(hit.score - expected), `${query}: score of ${hit.id}`).toBeLessThanOrEqual(Math.abs(expected) * 1e-5);
      });
      fromB += browser.hits.filter((h) => h.index === 1).length;
    }
    expect(fromB, "hits come from both indexes").toBeGreaterThan(0);
  });
});
