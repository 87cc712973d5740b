/**
 * Once typing stops, `<rangefind-search>` shows what `rangefind search` finds for the same
 * text, in the same order: the widget completes the last word only *after* the pages the text
 * finds as typed. Every query of the shared MDN query log is typed into the widget on the
 * shared MDN site (or, without the shared corpora, a list of queries on the bundled sample),
 * in real Chromium against `rangefind serve`, and compared with the CLI's top 10.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { answerTo, cli, nativeSearch, openPage, readQueries, repo, serve, sharedCorpus, tempDir, type NativeResponse, type Server, type Session } from "./harness.js";

/** Without the shared corpora: queries of the same kinds, for the bundled sample. */
const SAMPLE_QUERIES = [
  "fetch",
  "fetch ap",
  "promise",
  "promi",
  "omni",
  "array map",
  "grid template",
  "border-block-end-wid",
  "HTMLMediaElement: duration property",
  "Array.prototype.map() — JavaScript | MDN",
  "json — JSON encoder",
  '"flex container"',
  "promsie",
  "transformat",
  "css -grid",
  "title:Array",
  "zzxqwv",
];

let root: string;
let server: Server;
let session: Session;
let queries: string[];
let index: string;

beforeAll(async () => {
  root = tempDir("widget-cli");
  const site = sharedCorpus("site-mdn.tar.gz");
  const log = sharedCorpus("queries-mdn.jsonl");
  execFileSync("tar", ["xzf", site ?? join(repo, "examples/mdn-site/sample-site.tar.gz"), "-C", root]);
  queries = site && log ? readQueries(log) : SAMPLE_QUERIES;
  const siteDir = join(root, "site-mdn");
  // One page holding the widget, as a site's template would.
  writeFileSync(
    join(siteDir, "search.html"),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Search</title><link rel="icon" href="data:,">
<script type="module" src="/_rangefind/rangefind-search.js"></script>
<rangefind-search debounce="20"></rangefind-search>`,
  );
  execFileSync(cli, ["build", "--site", siteDir, "-q"], { stdio: ["ignore", "ignore", "inherit"] });
  index = join(siteDir, "_rangefind");
  server = await serve(siteDir);
  session = await openPage(`${server.url}search.html`, { testPage: false });
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

interface Shown {
  count: number;
  /** The count is a lower bound (`count_is_lower_bound`). */
  atLeast: boolean;
  urls: string[];
}

/** Puts `text` in the box at once, as a paste or a fast typist would, and reads the results. */
async function widgetSearch(page: Page, text: string): Promise<Shown> {
  const answered = answerTo(page, text);
  await page.locator("rangefind-search input").fill(text);
  const { count, count_is_lower_bound: atLeast = false } = (await answered).response;
  const hrefs = await page.locator("rangefind-search [role=option]").evaluateAll((nodes) => nodes.map((node) => (node as HTMLAnchorElement).href));
  // The page's path, without the section's anchor or text fragment.
  return { count, atLeast, urls: hrefs.map((href) => new URL(href).pathname) };
}

function cliUrls(response: NativeResponse): string[] {
  return response.hits.map((hit) => String(hit.doc.url));
}

/** Whether the first hit is the page titled `text` (a known-item query). */
function foundFirst(text: string, urls: string[], titles: Map<string, string>): boolean {
  return urls.length > 0 && titles.get(urls[0])?.toLowerCase() === text.toLowerCase();
}

describe("the widget answers as the CLI once typing stops", () => {
  it("shows the CLI's top 10 for every query of the log, then completions of the last word", async () => {
    const differences: string[] = [];
    const titles = new Map<string, string>();
    let widgetFirst = 0;
    let cliFirst = 0;
    for (const text of queries) {
      // The pages holding every word (`--all-words`): while the last word is typed, its
      // completions fill the box, and pages lacking a word come only when those are too few.
      const native = nativeSearch(index, text, 10, ["--all-words"]);
      for (const hit of native.hits) titles.set(String(hit.doc.url), String(hit.doc.title));
      const expected = cliUrls(native);
      const shown = await widgetSearch(session.page, text);
      // The CLI's hits first, in its order; the completions fill what is left of the 10.
      if (JSON.stringify(shown.urls.slice(0, expected.length)) !== JSON.stringify(expected)) {
        differences.push(`${text}: widget ${JSON.stringify(shown.urls)} CLI ${JSON.stringify(expected)}`);
      }
      if (native.count >= 10 && shown.urls.length !== 10) differences.push(`${text}: ${shown.urls.length} shown`);
      // The widget asks for its first hits, not a count of all: past a common word's best
      // postings the count is a lower bound (shown as "N+"), the CLI's exact.
      if (shown.atLeast ? shown.count < shown.urls.length : native.count > 0 && shown.count < native.count) {
        differences.push(`${text}: count ${shown.count}${shown.atLeast ? "+" : ""}, CLI ${native.count}`);
      }
      if (foundFirst(text, expected, titles)) cliFirst += 1;
      if (foundFirst(text, shown.urls, titles)) widgetFirst += 1;
    }
    console.log(
      `widget = CLI top 10 for ${queries.length - differences.length}/${queries.length} queries; ` +
        `a page titled as the query first: widget ${widgetFirst}, CLI ${cliFirst}`,
    );
    expect(differences).toEqual([]);
    expect(widgetFirst).toBeGreaterThanOrEqual(cliFirst);
  });

  it("completes the last word being typed, after the pages the text finds as typed", async () => {
    // `promi` is no word of the site: the pages shown are the completions (`promise`, …).
    const asTyped = nativeSearch(index, "promi", 10);
    const typing = nativeSearch(index, "promi", 10, ["--typeahead"]);
    expect(typing.count).toBeGreaterThan(asTyped.count);
    const shown = await widgetSearch(session.page, "promi");
    expect(shown.urls).toEqual(cliUrls(typing));
    expect(typing.hits.some((hit) => String(hit.doc.title).startsWith("Promise"))).toBe(true);
    // Enter: the text as typed, without completion.
    const answered = answerTo(session.page);
    await session.page.locator("rangefind-search input").press("Enter");
    expect((await answered).typeahead).toBe(false);
    const options = await session.page.locator("rangefind-search [role=option]").count();
    expect(options).toBe(Math.min(10, asTyped.hits.length));
  });
});
