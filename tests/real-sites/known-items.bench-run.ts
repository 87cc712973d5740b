/**
 * Known-item search on a real site: does searching a page's title, or one of its headings,
 * find that page first (found@1) or in the top 10 (found@10)? Through the CLI, the widget in
 * Chromium and Pagefind's API in Chromium, on the same pages. Run by tests/real-sites/run.sh,
 * which builds both indexes into a copy of the site; not part of the test suite.
 *
 * The queries are sampled from the pages themselves (a fixed seed): titles (not the URLs that
 * stand in for missing ones), and headings whose text is on one page only (a heading such as
 * "Description" on every page names none). A title shared by several pages counts as found
 * when the hit has that title. On sites in Chinese, Japanese or Korean, also runs of 3–4
 * consecutive CJK characters cut from titles (and from one-page headings) that occur in at
 * most 10 titles (headings): found when the page they were cut from is in the hits.
 *
 * Env: REAL_SITE (the site, with `_rangefind/` and `pagefind/` in it), REAL_SITE_NAME,
 * REAL_SITE_SAMPLE (queries of each kind, default 100), REAL_SITE_OUT (JSON results).
 */

import { afterAll, beforeAll, describe, it } from "vitest";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { answerTo, nativeSearch, openPage, serve, type Server, type Session } from "../browser/harness.js";

const site = process.env.REAL_SITE ?? "";
const name = process.env.REAL_SITE_NAME ?? site;
const sampleSize = Number(process.env.REAL_SITE_SAMPLE ?? 100);
const index = join(site, "_rangefind");
const withPagefind = existsSync(join(site, "pagefind", "pagefind.js"));

type Engine = "cli" | "widget" | "pagefind";
type Kind = "title" | "heading" | "title run" | "heading run";

interface Known {
  kind: Kind;
  text: string;
  url: string;
}

interface Page_ {
  url: string;
  title: string;
  sections: string[];
}

/** Every page of the index: url, title and section headings (`*` pages through all). */
function pagesOf(): Page_[] {
  const pages: Page_[] = [];
  for (let offset = 0; ; offset += 1000) {
    const answer = nativeSearch(index, "*", 1000, ["--offset", String(offset), "--no-snippet", "--fields", "url,title,sections"]);
    for (const hit of answer.hits) {
      const sections = hit.doc.sections;
      pages.push({
        url: String(hit.doc.url),
        title: String(hit.doc.title ?? ""),
        sections: Array.isArray(sections) ? sections.map(String) : [],
      });
    }
    if (answer.hits.length < 1000 || offset + 1000 >= 10_000) return pages;
  }
}

/** A fixed-seed shuffle (mulberry32), so a run samples the same queries again. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function sample(pages: Page_[]): Known[] {
  // A page without a title of its own is titled with its URL, which nobody types.
  const titled = pages.filter((page) => page.title !== page.url && /[\p{L}\p{N}]/u.test(page.title));
  const titles = shuffled(titled, 1)
    .slice(0, sampleSize)
    .map((page): Known => ({ kind: "title", text: page.title, url: page.url }));
  const onPages = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const heading of page.sections) {
      const key = heading.trim().toLowerCase();
      if (!/[\p{L}\p{N}]/u.test(key)) continue;
      onPages.set(key, (onPages.get(key) ?? new Set()).add(page.url));
    }
  }
  const headings: Known[] = [];
  for (const page of pages) {
    for (const heading of new Set(page.sections.map((h) => h.trim()))) {
      if (onPages.get(heading.toLowerCase())?.size === 1) headings.push({ kind: "heading", text: heading, url: page.url });
    }
  }
  const oneTitle = titled.map((page): Known => ({ kind: "title run", text: page.title, url: page.url }));
  return [
    ...titles,
    ...shuffled(headings, 2).slice(0, sampleSize),
    ...cjkRuns(oneTitle, 3),
    ...cjkRuns(headings.map((known) => ({ ...known, kind: "heading run" })), 4),
  ];
}

/** Letters of scripts written without spaces (Han, kana, Hangul). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Up to `sampleSize` runs of 3–4 consecutive CJK letters, one per text of `texts` (a random
 * place, a fixed seed), each occurring in at most 10 of the texts.
 */
function cjkRuns(texts: Known[], seed: number): Known[] {
  const runs: Known[] = [];
  const taken = new Set<string>();
  for (const known of shuffled(texts, seed)) {
    if (runs.length >= sampleSize) break;
    const letters = [...known.text];
    const places: string[] = [];
    for (const length of [3, 4]) {
      for (let at = 0; at + length <= letters.length; at++) {
        const run = letters.slice(at, at + length);
        if (run.every((c) => CJK.test(c))) places.push(run.join(""));
      }
    }
    const candidates = shuffled(places, seed + runs.length).filter(
      (run) => !taken.has(run) && texts.filter((other) => other.text.includes(run)).length <= 10,
    );
    if (candidates.length === 0) continue;
    taken.add(candidates[0]);
    runs.push({ kind: known.kind, text: candidates[0], url: known.url });
  }
  return runs;
}

/** A page's path as both tools name it: decoded, without `index.html`, anchor or query. */
function normalised(url: string): string {
  const path = decodeURIComponent(new URL(url, "http://site/").pathname);
  return path.replace(/\/index\.html$/, "/");
}

const SEARCH_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Search</title>
<link rel="icon" href="data:,"><script type="module" src="/_rangefind/rangefind-search.js"></script>
<rangefind-search debounce="20"></rangefind-search>
<script type="module">
let pagefind = null;
window.pagefindTop = async (text) => {
  pagefind ??= await import("/pagefind/pagefind.js");
  const answer = await pagefind.search(text);
  const data = await Promise.all(answer.results.slice(0, 10).map((r) => r.data()));
  return data.map((d) => ({ url: d.url, title: d.meta?.title ?? "" }));
};
window.ready = true;
</script>`;

interface Shown {
  url: string;
  title: string;
}

async function widgetTop(page: Page, text: string): Promise<Shown[]> {
  const answered = answerTo(page, text);
  await page.locator("rangefind-search input").fill(text);
  return (await answered).response.hits.map((hit) => ({ url: hit.id, title: String(hit.doc.title ?? "") }));
}

async function top(engine: Engine, page: Page, text: string): Promise<Shown[]> {
  if (engine === "cli") {
    // As the widget searches what is typed in its box: the last word also as a prefix.
    const answer = nativeSearch(index, text, 10, ["--typeahead", "--no-snippet", "--fields", "url,title"]);
    return answer.hits.map((hit) => ({ url: String(hit.doc.url), title: String(hit.doc.title ?? "") }));
  }
  if (engine === "widget") return widgetTop(page, text);
  return page.evaluate((t) => (window as unknown as { pagefindTop(t: string): Promise<Shown[]> }).pagefindTop(t), text);
}

/** The rank (1-based) of the known page in `shown`, or null. */
function rankOf(known: Known, shown: Shown[]): number | null {
  const at = shown.findIndex(
    (hit) => normalised(hit.url) === normalised(known.url) || (known.kind === "title" && hit.title.trim() === known.text.trim()),
  );
  return at < 0 ? null : at + 1;
}

let server: Server;
let session: Session;

beforeAll(async () => {
  if (!site) throw new Error("REAL_SITE is not set: run tests/real-sites/run.sh DIR");
  writeFileSync(join(site, "rangefind-known-items.html"), SEARCH_PAGE);
  server = await serve(site);
  session = await openPage(`${server.url}rangefind-known-items.html`);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

describe(`known items on ${name}`, () => {
  it("finds pages by their titles and headings", async () => {
    const known = sample(pagesOf());
    const engines: Engine[] = withPagefind ? ["cli", "widget", "pagefind"] : ["cli", "widget"];
    const rows: Array<Known & Record<Engine, number | null>> = [];
    let widgetDiffers = 0;
    for (const item of known) {
      const row = { ...item } as Known & Record<Engine, number | null>;
      const shown: Partial<Record<Engine, Shown[]>> = {};
      for (const engine of engines) {
        shown[engine] = await top(engine, session.page, item.text);
        row[engine] = rankOf(item, shown[engine]!);
      }
      // The widget shows the CLI's hits first, in its order; completions of the last word
      // fill what is left of the 10.
      const urls = (list: Shown[] = [], count = 10) => JSON.stringify(list.slice(0, count).map((hit) => normalised(hit.url)));
      if (urls(shown.cli) !== urls(shown.widget, shown.cli?.length)) {
        widgetDiffers += 1;
        if (widgetDiffers <= 5) console.log(`widget ≠ CLI for ${JSON.stringify(item.text)}: ${urls(shown.widget)} against ${urls(shown.cli)}`);
      }
      rows.push(row);
    }
    const summary: Record<string, unknown> = { site: name, queries: known.length, widget_top10_differs_from_cli: widgetDiffers };
    const lines = [`${name}: ${known.length} known-item queries (widget top 10 ≠ CLI's for ${widgetDiffers})`];
    for (const kind of ["title", "heading", "title run", "heading run"] as Kind[]) {
      const ofKind = rows.filter((row) => row.kind === kind);
      if (ofKind.length === 0) continue;
      const cells = engines.map((engine) => {
        const at1 = ofKind.filter((row) => row[engine] === 1).length;
        const at10 = ofKind.filter((row) => row[engine] !== null).length;
        summary[`${kind}_${engine}`] = { found_at_1: at1 / ofKind.length, found_at_10: at10 / ofKind.length, queries: ofKind.length };
        return `${engine} ${((100 * at1) / ofKind.length).toFixed(0)} % / ${((100 * at10) / ofKind.length).toFixed(0)} %`;
      });
      lines.push(`  ${kind}s (${ofKind.length}), found@1 / found@10: ${cells.join(", ")}`);
    }
    const misses = rows.filter((row) => row.cli !== 1).slice(0, 15);
    if (misses.length) lines.push("  not first in the CLI:", ...misses.map((row) => `    ${row.kind} ${JSON.stringify(row.text)} → ${row.url}: rank ${row.cli ?? "-"}`));
    console.log(lines.join("\n"));
    if (process.env.REAL_SITE_OUT) writeFileSync(process.env.REAL_SITE_OUT, JSON.stringify({ summary, rows }, null, 2));
  }, 3_600_000);
});
