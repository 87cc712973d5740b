/**
 * One search box over two sites on two origins, in real Chromium: the bundled MDN sample cut in
 * two sites (its Web API pages, and the rest), each built and served on its own port by
 * `rangefind serve` (which allows other origins by CORS). `<rangefind-search index="/_rangefind/
 * http://127.0.0.1:PORT/_rangefind/">` on the first searches both as one: it shows what
 * `rangefind search A B` finds, links the second site's pages to its origin, says which site
 * each hit came from, offers both sites' filter values, and costs the waves of one site.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Page } from "playwright-core";
import { answerTo, cli, nativeSearch, openPage, repo, serve, tempDir, type NativeResponse, type Server, type Session } from "./harness.js";

const QUERIES = ["fetch", "array map", "promise", "grid template", "event", "css -grid", "promsie", '"flex container"', "element"];

let root: string;
let servers: Server[] = [];
let session: Session;

/** Every file under `dir`. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const api = () => join(root, "api");
const rest = () => join(root, "rest");
const indexOf = (site: string) => join(site, "_rangefind");

beforeAll(async () => {
  root = tempDir("several-sites");
  execFileSync("tar", ["xzf", join(repo, "examples/mdn-site/sample-site.tar.gz"), "-C", root]);
  const whole = join(root, "site-mdn");
  for (const file of files(whole)) {
    const path = relative(whole, file);
    const to = join(path.startsWith("web/api/") ? api() : rest(), path);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(file, to);
  }
  for (const site of [api(), rest()]) execFileSync(cli, ["build", "--site", site, "-q"], { stdio: ["ignore", "ignore", "inherit"] });
  servers = [await serve(api()), await serve(rest())];
  writeFileSync(
    join(api(), "search.html"),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Search</title><link rel="icon" href="data:,">
<script type="module" src="/_rangefind/rangefind-search.js"></script>
<rangefind-search debounce="20" index="/_rangefind/ ${servers[1].url}_rangefind/"></rangefind-search>`,
  );
  session = await openPage(`${servers[0].url}search.html`, { testPage: false });
});

afterAll(async () => {
  await session?.close();
  for (const server of servers) await server.stop();
});

/** The page and site (its origin) a result links to, without the section's anchor. */
const pageOf = (href: string) => {
  const url = new URL(href);
  return url.origin + url.pathname;
};

/** What the CLI's hit links to: its page on the site it came from. */
function cliPages(response: NativeResponse): string[] {
  return response.hits.map((hit) => {
    const site = servers[(hit as { index?: number }).index ?? 0].url;
    return pageOf(new URL(String(hit.doc.url).replace(/^\//, ""), site).href);
  });
}

/** `rangefind search API REST TEXT --json`: both sites' indexes searched as one. */
function searchBoth(text: string): NativeResponse & { stats: { waves: number } } {
  const args = ["search", indexOf(api()), indexOf(rest()), text, "--json", "--limit", "10"];
  return JSON.parse(execFileSync(cli, args).toString()) as NativeResponse & { stats: { waves: number } };
}

async function widgetSearch(page: Page, text: string) {
  const answered = answerTo(page, text);
  await page.locator("rangefind-search input").fill(text);
  const detail = await answered;
  const hrefs = await page.locator("rangefind-search [role=option]").evaluateAll((nodes) => nodes.map((node) => (node as HTMLAnchorElement).href));
  return { detail, pages: hrefs.map(pageOf) };
}

describe("one search box over two sites on two origins", () => {
  it("shows what rangefind search A B finds, each hit linking to its own site", async () => {
    const differences: string[] = [];
    let fromSecond = 0;
    for (const text of QUERIES) {
      const together = searchBoth(text);
      const expected = cliPages(together);
      const { detail, pages } = await widgetSearch(session.page, text);
      // The CLI's hits first, in its order; completions of the last word fill the rest.
      if (JSON.stringify(pages.slice(0, expected.length)) !== JSON.stringify(expected)) {
        differences.push(`${text}: widget ${JSON.stringify(pages)} CLI ${JSON.stringify(expected)}`);
      }
      if (detail.response.count < together.count) differences.push(`${text}: count ${detail.response.count} < ${together.count}`);
      fromSecond += detail.response.hits.filter((hit) => hit.index === 1).length;
    }
    expect(differences).toEqual([]);
    expect(fromSecond).toBeGreaterThan(10);
    // The second site was read across origins, and nothing was refused.
    expect(session.requested.some((url) => url.startsWith(`${servers[1].url}_rangefind/en/`))).toBe(true);
    expect(session.console.filter((line) => /CORS|error/i.test(line))).toEqual([]);
  });

  it("offers the filter values of both sites and filters across them", async () => {
    const page = session.page;
    const options = await page.locator("rangefind-search select[data-filter=section] option").allTextContents();
    expect(options.some((text) => text.startsWith("Web/API"))).toBe(true);
    expect(options.some((text) => text.startsWith("Web/JavaScript"))).toBe(true);
    const answered = answerTo(page, "map");
    await page.locator("rangefind-search select[data-filter=section]").selectOption("Web/JavaScript");
    await page.locator("rangefind-search input").fill("map");
    const { response } = await answered;
    expect(response.count).toBeGreaterThan(0);
    expect(response.hits.every((hit) => hit.index === 1)).toBe(true);
    await page.locator("rangefind-search select[data-filter=section]").selectOption("");
  });

  it("costs the waves of one site", () => {
    for (const text of ["fetch", "array map", '"flex container"']) {
      const one = nativeSearch(indexOf(rest()), text, 10) as NativeResponse & { stats: { waves: number } };
      const both = searchBoth(text);
      expect(both.stats.waves, text).toBe(one.stats.waves);
    }
  });
});
