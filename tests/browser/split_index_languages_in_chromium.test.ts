/**
 * Split indexes in another language than English, from the npm package in real Chromium: the
 * split engine stems English only (wasm/, the smaller download), so `openIndex` on an index
 * whose mapping stems French loads the engine with every stemmer (wasm-all/) and finds a word
 * in another inflection as `rangefind search` does, while an English index never downloads it;
 * the same of the engines with aggregations (wasm-analytics/, wasm-analytics-all/).
 * The English engine itself refuses the French index by name rather than search it unstemmed.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as Rangefind from "../../web/src/index.js";
import { cli, makeSite, nativeSearch, openPage, serve, tempDir, type Server, type Session } from "./harness.js";

type PageWindow = Window & { rangefind: typeof Rangefind };

const DOCUMENTS = [
  { id: "recettes", title: "Les recettes de cuisine", body: "Nous mangeons des légumes frais et des fruits de saison." },
  { id: "voyages", title: "Voyages en train", body: "Les trains régionaux traversent les montagnes. Réservez vos billets en ligne." },
  { id: "musees", title: "Les musées de la ville", body: "Les expositions changent chaque mois; les visites guidées sont gratuites." },
];

let site: string;
let server: Server;
let session: Session;

/** Builds `documents` into `site/NAME` with text fields stemmed in `language`. */
function build(name: string, language: string): void {
  const input = join(site, `${name}.jsonl`);
  const config = join(site, `${name}.yaml`);
  writeFileSync(input, DOCUMENTS.map((doc) => JSON.stringify(doc)).join("\n") + "\n");
  writeFileSync(
    config,
    `id_field: id\ndefault_search_fields: [title, body]\nfields:\n  - { name: id, type: keyword }\n` +
      `  - { name: title, type: text, language: ${language} }\n  - { name: body, type: text, language: ${language} }\n`,
  );
  execFileSync(cli, ["build", "--config", config, "--input", input, "--out", join(site, name), "-q"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

beforeAll(async () => {
  site = tempDir("split-languages");
  makeSite(site);
  build("fr", "fr");
  build("en", "en");
  server = await serve(site);
  session = await openPage(`${server.url}page.html`);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

/** The engines (.wasm) the page and its workers asked for since `from` requests. */
const enginesAsked = (from: number) =>
  session.requested
    .slice(from)
    .map((url) => new URL(url).pathname)
    .filter((path) => path.endsWith(".wasm"));

/** `openIndex(path)` (with aggregations when `analytics`), then `query`'s hit ids and count. */
async function search(path: string, query: string, analytics = false): Promise<{ ids: string[]; count: number }> {
  return session.page.evaluate(
    async ([path, query, analytics]) => {
      const w = window as unknown as PageWindow;
      const index = await w.rangefind.openIndex(path, { persistent: false, analytics });
      try {
        const found = await index.search(query, { limit: 10 });
        return { ids: found.hits.map((hit) => hit.id), count: found.count };
      } finally {
        index.close();
      }
    },
    [path, query, analytics] as const,
  );
}

describe("a split index stemmed in French", () => {
  it("loads the engine with every stemmer and finds another inflection as the CLI does", async () => {
    const from = session.requested.length;
    const found = await search("/fr/", "réserver");
    expect(found.ids).toEqual(["voyages"]);
    expect(found).toEqual({ ids: nativeSearch(join(site, "fr"), "réserver", 10).hits.map((hit) => hit.id), count: 1 });
    const asked = enginesAsked(from);
    expect(asked).toContain("/rangefind/wasm-all/rangefind_wasm_bg.wasm");
    expect(asked.filter((path) => path !== "/rangefind/wasm/rangefind_wasm_bg.wasm")).toEqual(["/rangefind/wasm-all/rangefind_wasm_bg.wasm"]);
  });

  it("loads the engine with aggregations and every stemmer when asked for aggregations", async () => {
    const from = session.requested.length;
    const found = await search("/fr/", "réserver", true);
    expect(found).toEqual({ ids: ["voyages"], count: 1 });
    const asked = enginesAsked(from).filter((path) => path !== "/rangefind/wasm-analytics/rangefind_wasm_bg.wasm");
    expect(asked).toEqual(["/rangefind/wasm-analytics-all/rangefind_wasm_bg.wasm"]);
  });

  it("is refused by the English-only engine, which names the language", async () => {
    // A string, so that vitest leaves the page's `import()` as it is.
    const refusal = await session.page.evaluate(`(async () => {
      const glue = await import(new URL("/rangefind/wasm/rangefind_wasm.js", location.href).href);
      await glue.default();
      return glue.Index.open(new URL("/fr/", location.href).href, {}, null, null).then(
        () => "opened",
        (error) => error.code + ": " + error.message,
      );
    })()`);
    expect(refusal).toMatch(/^incompatible: .*stems french words.*English stemmer only.*wasm-all\//);
  });
});

describe("a split index stemmed in English", () => {
  it("never downloads the engine with every stemmer", async () => {
    const from = session.requested.length;
    const found = await search("/en/", "trains");
    expect(found.ids).toEqual(nativeSearch(join(site, "en"), "trains", 10).hits.map((hit) => hit.id));
    expect(found.ids).toEqual(["voyages"]);
    expect(enginesAsked(from)).toEqual(["/rangefind/wasm/rangefind_wasm_bg.wasm"]);
  });

  it("never downloads the engine with aggregations and every stemmer", async () => {
    const from = session.requested.length;
    const found = await search("/en/", "trains", true);
    expect(found.ids).toEqual(["voyages"]);
    expect(enginesAsked(from)).toEqual(["/rangefind/wasm-analytics/rangefind_wasm_bg.wasm"]);
  });
});
