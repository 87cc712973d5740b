/**
 * `<rangefind-search>` on a real static site in real Chromium, set up as a site owner would:
 * `rangefind build --site`, then the widget's two lines in every page. The site (the bundled
 * MDN sample) is served under a base path (/mdn/) by `rangefind serve`. Typing, results that
 * match the CLI's, keyboard navigation, opening a result, filters, the empty and error states,
 * and an axe-core check in light and dark. Screenshots go to tests/artifacts/.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { ResultsDetail } from "../../web/src/search-element.js";
import { answerTo, cli, nativeSearch, openPage, repo, serve, tempDir, type Server, type Session } from "./harness.js";

const BASE = "/mdn/";
const artifacts = join(repo, "tests", "artifacts");

let root: string;
let site: string;
let server: Server;
let session: Session;

/** The widget's two lines, as the docs give them, in every page of the site. */
function addWidget(siteDir: string): void {
  const pages = execFileSync("find", [siteDir, "-name", "*.html"]).toString().trim().split("\n");
  for (const page of pages) {
    const html = readFileSync(page, "utf8")
      .replace("</head>", `<script type="module" src="${BASE}_rangefind/rangefind-search.js"></script></head>`)
      .replace(/<body>/, `<body><header><rangefind-search label="Search MDN"></rangefind-search></header>`);
    writeFileSync(page, html);
  }
}

beforeAll(async () => {
  root = tempDir("widget-site");
  execFileSync("tar", ["xzf", join(repo, "examples/mdn-site/sample-site.tar.gz"), "-C", root]);
  site = join(root, "mdn");
  execFileSync("mv", [join(root, "site-mdn"), site]);
  addWidget(site);
  execFileSync(cli, ["build", "--site", site, "-q"], { stdio: ["ignore", "ignore", "inherit"] });
  mkdirSync(artifacts, { recursive: true });
  server = await serve(root);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

/** The CLI's answer from the site file, which the widget searches. */
function siteSearch(query: string, limit: number, extra: string[] = []) {
  return nativeSearch(join(site, "_rangefind"), query, limit, ["--site-file", ...extra]);
}

const box = (page: Page) => page.locator("rangefind-search input");
const options = (page: Page) => page.locator("rangefind-search [role=option]");
const status = (page: Page) => page.locator("rangefind-search [role=status]");

/** A fresh browser on a page of the site. */
async function visit(path = "glossary/api/", colorScheme: "light" | "dark" = "light"): Promise<Page> {
  await session?.close();
  session = await openPage(`${server.url}${BASE.slice(1)}${path}`, { testPage: false });
  await session.page.emulateMedia({ colorScheme });
  return session.page;
}

/** Types `text` into the box and waits for the answer to it. */
async function typeAndWait(page: Page, text: string): Promise<void> {
  const answered = answerTo(page, text);
  await box(page).click();
  await box(page).pressSequentially(text, { delay: 30 });
  await answered;
}

describe("<rangefind-search> on a static site", () => {
  it("downloads nothing of the engine or the index until the box is focused", async () => {
    const page = await visit();
    await page.waitForLoadState("networkidle");
    const before = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
    expect(before).toContain(`${BASE}_rangefind/rangefind-search.js`);
    expect(before.filter((path) => /worker|wasm|site\.json|manifest|split/.test(path))).toEqual([]);
    await box(page).focus();
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith(".rfsite")));
  });

  it("starts in one wave after its script: worker, module and the site file's first reads at once", async () => {
    const page = await visit();
    await page.waitForLoadState("networkidle");
    const start = () =>
      page.evaluate(async () => {
        await (document.querySelector("rangefind-search") as unknown as { start(): Promise<unknown> }).start();
      });
    const since = (count: number) => session.requested.slice(count).map((url) => new URL(url).pathname);
    const before = session.requested.length;
    await start();
    const entry = (JSON.parse(readFileSync(join(site, "_rangefind", "site.json"), "utf8")) as {
      languages: { en: { site_file: { path: string; lexicon: { path: string } } } };
    }).languages.en.site_file;
    const dir = `${BASE}_rangefind/`;
    // site.json is inlined into the script; the worker carries the engine's glue.
    expect(since(before).sort()).toEqual(
      [`${dir}site-worker.js`, `${dir}wasm-site/rangefind_wasm_bg.wasm`, `${dir}${entry.path}`, `${dir}${entry.lexicon.path}`].sort(),
    );
    // One wave: each of the page's reads was sent before any of them was answered (the
    // worker's script is requested by the same call; Chromium's timing of it is not usable).
    const timings = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => /\.wasm$|\.rfsite$|\.lex$/.test(e.name))
        .map((e) => ({ start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
    );
    expect(timings.length).toBe(3);
    expect(Math.max(...timings.map((t) => t.start))).toBeLessThan(Math.min(...timings.map((t) => t.end)));
    // The engine's warm-up (a search of the one-page site the worker holds) found its page and
    // read nothing: the requests above are all there were.
    expect(session.console.filter((message) => message.includes("warm-up"))).toEqual([]);
    // A later visit finds the site file's head and lexicon index in IndexedDB: not read again.
    // Polled from here: `waitForFunction` would take an async predicate's promise for a
    // truthy answer.
    const pendingWrites = () =>
      page.evaluate(async () => {
        type Opened = { index: { cacheState(): Promise<{ pendingWrites: number }> } };
        const widget = document.querySelector("rangefind-search") as unknown as { engine: Promise<Opened> };
        return (await (await widget.engine).index.cacheState()).pendingWrites;
      });
    await expect.poll(pendingWrites, { timeout: 10_000 }).toBe(0);
    await page.reload();
    await page.waitForLoadState("networkidle");
    const again = session.requested.length;
    await start();
    expect(since(again).filter((path) => path.endsWith(".rfsite") || path.includes("lexicon"))).toEqual([]);
    await typeAndWait(page, "grid");
    expect(await options(page).count()).toBeGreaterThan(0);
  });

  it("searches as you type and shows what the CLI finds, linked to the matching section", async () => {
    const page = await visit();
    await typeAndWait(page, "fetch api");
    const native = siteSearch("fetch api", 10, ["--typeahead"]);
    await expect.poll(() => options(page).count()).toBe(Math.min(10, native.count));
    const hrefs = await options(page).evaluateAll((nodes) => nodes.map((node) => (node as HTMLAnchorElement).href));
    const expected = native.hits.map((hit) => {
      const value = (hit as { snippet_value?: number }).snippet_value ?? 0;
      const anchors = hit.doc.anchors;
      const anchor = Array.isArray(anchors) ? anchors[value] : value === 0 ? (anchors ?? "") : "";
      return `${server.url}${BASE.slice(1)}${String(hit.doc.url).slice(1)}${anchor}`;
    });
    expect(hrefs).toEqual(expected);
    expect(await status(page).textContent()).toBe(
      `${native.count} result${native.count === 1 ? "" : "s"} for “fetch api”` + (native.count > 10 ? ", showing 10" : ""),
    );
    expect(await options(page).first().locator("mark").count()).toBeGreaterThan(0);
    // The site engine on the site file: no splits, no manifest, no split engine.
    const read = session.requested.map((url) => new URL(url).pathname);
    expect(read.some((path) => path.endsWith(".rfsite"))).toBe(true);
    expect(read.some((path) => path.endsWith("/wasm-site/rangefind_wasm_bg.wasm"))).toBe(true);
    expect(read.filter((path) => /\/wasm\/|manifest\.json|\/splits\//.test(path))).toEqual([]);
    await box(page).press("ArrowDown");
    await page.screenshot({ path: join(artifacts, "widget-results-light.png") });
  });

  it("reads a typed text's words between keys and its records once, after the last key, cancelling nothing", async () => {
    const page = await visit();
    await box(page).click();
    await page.evaluate(async () => {
      const widget = document.querySelector("rangefind-search") as unknown as HTMLElement & { start(): Promise<unknown> };
      await widget.start();
      // A pause longer than the typing, so that only the whole text is searched for results.
      widget.setAttribute("debounce", "1500");
      const shown: string[] = [];
      document.addEventListener("rangefind-results", (event) => shown.push((event as CustomEvent<ResultsDetail>).detail.query));
      (window as unknown as { shown: string[] }).shown = shown;
    });
    const cancelled: string[] = [];
    session.context.on("requestfailed", (request) => cancelled.push(request.url()));
    const text = "margin inl";
    const answered = answerTo(page, text);
    await box(page).pressSequentially(text, { delay: 60 });
    const detail = await answered;
    expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual([text]);
    // Each beginning of the text was read ahead as a count alone (words, a typo's lexicon
    // blocks), never cancelled: the search after the last key found its words read and read
    // its hits' records in one wave.
    expect(cancelled).toEqual([]);
    expect(detail.response.stats.waves).toBe(1);
    const native = siteSearch(text, 10, ["--typeahead"]);
    expect(detail.response.count).toBe(native.count);
    expect(await options(page).count()).toBe(Math.min(10, native.count));
    const paths = await options(page).evaluateAll((nodes) => nodes.map((node) => new URL((node as HTMLAnchorElement).href).pathname));
    expect(paths).toEqual(native.hits.map((hit) => `${BASE}${String(hit.doc.url).slice(1)}`));
  });

  it("finds a word from its first letters (prefix on the last word)", async () => {
    const page = await visit();
    await typeAndWait(page, "promi");
    const titles = await options(page).locator(".title").allTextContents();
    expect(titles.some((title) => title.startsWith("Promise"))).toBe(true);
  });

  it("finds the page despite a typo, and says which word it searched instead", async () => {
    const page = await visit();
    await typeAndWait(page, "promsie");
    const native = siteSearch("promsie", 10, ["--typeahead"]);
    expect(native.replaced?.map((r) => r.word)).toEqual(["promsie"]);
    const instead = native.replaced![0].with;
    expect(instead).toContain("promise");
    const titles = await options(page).locator(".title").allTextContents();
    expect(titles.some((title) => title.startsWith("Promise"))).toBe(true);
    expect(await options(page).count()).toBe(Math.min(10, native.count));
    expect(await status(page).textContent()).toContain(`(searched ${instead.join(" or ")} for promsie)`);
  });

  it("moves through results with the arrow keys and opens one with Enter", async () => {
    const page = await visit();
    await typeAndWait(page, "promise");
    const input = box(page);
    await input.press("ArrowDown");
    await input.press("ArrowDown");
    expect(await input.getAttribute("aria-activedescendant")).toBe("result-1");
    await input.press("ArrowUp");
    expect(await input.getAttribute("aria-activedescendant")).toBe("result-0");
    expect(await options(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("aria-selected")))).toEqual(
      (await options(page).evaluateAll((nodes) => nodes.map((_, i) => String(i === 0)))),
    );
    expect(await input.evaluate((node) => node.getRootNode() instanceof ShadowRoot && (node.getRootNode() as ShadowRoot).activeElement === node)).toBe(true);
    const target = await options(page).first().getAttribute("href");
    const title = await options(page).first().locator(".title").evaluate((node) => node.firstChild!.textContent);
    // Chromium keeps text fragments (#:~:text=…) out of the page's URL.
    const path = new URL(target!).pathname;
    await Promise.all([page.waitForURL((url) => url.pathname === path), input.press("Enter")]);
    expect(await page.title()).toContain(title!);
  });

  it("closes the list with Escape, then clears the box", async () => {
    const page = await visit();
    await typeAndWait(page, "grid");
    const input = box(page);
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    await input.press("Escape");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await input.inputValue()).toBe("grid");
    await input.press("Escape");
    expect(await input.inputValue()).toBe("");
    await expect.poll(() => status(page).textContent()).toBe("");
  });

  it("narrows results with the site's filters", async () => {
    const page = await visit();
    await typeAndWait(page, "property");
    const filtered = answerTo(page);
    await page.locator("rangefind-search select").selectOption("Web/CSS");
    await filtered;
    const native = siteSearch("property", 10, ["--typeahead", "--filter", "filter.section=Web/CSS"]);
    expect(native.count).toBeGreaterThan(0);
    expect(await status(page).textContent()).toMatch(new RegExp(`^${native.count} results? for “property”`));
    const paths = await options(page).locator(".path").allTextContents();
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.startsWith(`${BASE}web/css/`)).toBe(true);
  });

  it("filters by a filter key typed as a field, and says it read it so", async () => {
    const page = await visit();
    const text = 'section:"Web/CSS" property';
    await typeAndWait(page, text);
    const typed = siteSearch(text, 10, ["--typeahead"]);
    const filtered = siteSearch("property", 10, ["--typeahead", "--filter", "filter.section=Web/CSS"]);
    expect(typed.count).toBeGreaterThan(0);
    expect(typed.count).toBe(filtered.count);
    expect(typed.read_as).toEqual({ section: "filter" });
    expect(await status(page).textContent()).toMatch(
      new RegExp(`^${typed.count} results? for “${text}”.*\\(section: read as a filter\\)$`),
    );
    const paths = await options(page).locator(".path").allTextContents();
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.startsWith(`${BASE}web/css/`)).toBe(true);
  });

  it("shows the pages missing one word when none holds every word, and which", async () => {
    const page = await visit();
    const text = "property zzxqwv";
    await typeAndWait(page, text);
    const native = siteSearch(text, 10, ["--typeahead"]);
    expect(native.count).toBeGreaterThan(0);
    expect(native.hits.every((hit) => hit.missing === "zzxqwv")).toBe(true);
    expect(await status(page).textContent()).toMatch(new RegExp(`^${native.count} results? for “${text}”`));
    const shown = await options(page).locator(".missing").allTextContents();
    expect(shown.length).toBe(native.hits.length);
    for (const note of shown) expect(note).toBe("Missing: zzxqwv");
    // The word is struck through as text, never markup.
    expect(await options(page).first().locator(".missing s").textContent()).toBe("zzxqwv");
  });

  it("says when nothing matches", async () => {
    const page = await visit();
    await typeAndWait(page, "zzxqwv");
    expect(await status(page).textContent()).toBe("No results for “zzxqwv”");
    expect(await box(page).getAttribute("aria-expanded")).toBe("false");
    expect(await options(page).count()).toBe(0);
  });

  it("says why search is unavailable when the index is missing", async () => {
    const page = await visit();
    await page.evaluate(() => {
      const element = document.createElement("rangefind-search");
      element.id = "broken";
      element.setAttribute("index", "/no-such-index/");
      document.body.append(element);
    });
    const input = page.locator("#broken input");
    await input.click();
    await input.pressSequentially("array");
    await expect
      .poll(() => page.locator("#broken [role=status]").textContent())
      .toMatch(/^Search is unavailable: .*\/no-such-index\/site\.json does not exist/);
  });

  it("keeps searching when the site is rebuilt under it (its site file replaced)", async () => {
    const page = await visit();
    await typeAndWait(page, "grid");
    const siteFile = () => (JSON.parse(readFileSync(join(site, "_rangefind", "site.json"), "utf8")) as { languages: { en: { site_file: { path: string } } } }).languages.en.site_file.path;
    const before = siteFile();
    // A page gains a word, and the site is rebuilt: a new site file, the old one deleted.
    const changed = join(site, "glossary", "api", "index.html");
    writeFileSync(changed, readFileSync(changed, "utf8").replace("<p>In Web development", "<p>Zebracorn. In Web development"));
    execFileSync(cli, ["build", "--site", site, "-q"], { stdio: ["ignore", "ignore", "inherit"] });
    expect(siteFile()).not.toBe(before);
    expect(existsSync(join(site, "_rangefind", before))).toBe(false);
    await box(page).fill("");
    await typeAndWait(page, "zebracorn");
    expect(await status(page).textContent()).toBe("1 result for “zebracorn”");
    expect(await options(page).first().getAttribute("href")).toContain("/glossary/api/");
  });

  it("takes the page's colours, not the reader's preference, unless its theme is set", async () => {
    const inputBackground = (page: Page) =>
      box(page).evaluate((input) => getComputedStyle(input).backgroundColor);
    const scheme = (page: Page) => page.locator("rangefind-search").getAttribute("data-page-scheme");
    // A light page (it paints no background and declares no color-scheme) for a reader who
    // prefers dark: a light box.
    const page = await visit("glossary/api/", "dark");
    expect(await scheme(page)).toBe("light");
    expect(await inputBackground(page)).toBe("rgb(255, 255, 255)");
    // The page switches to a dark background: the box follows.
    await page.evaluate(() => (document.body.style.background = "#1c1b22"));
    await expect.poll(() => scheme(page)).toBe("dark");
    expect(await inputBackground(page)).toBe("rgb(23, 23, 27)");
    // No background, `color-scheme: light dark`: the reader's preference decides.
    await page.evaluate(() => {
      document.body.style.background = "";
      document.documentElement.style.colorScheme = "light dark";
    });
    await expect.poll(() => scheme(page)).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => scheme(page)).toBe("light");
    // `theme` pins one.
    await page.evaluate(() => {
      document.querySelector("rangefind-search")!.setAttribute("theme", "dark");
    });
    expect(await inputBackground(page)).toBe("rgb(23, 23, 27)");
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`has no serious or critical accessibility violations (axe-core, ${scheme} page)`, async () => {
      const page = await visit("glossary/api/", scheme);
      // A dark page paints a dark background (the box follows the page, not the preference).
      if (scheme === "dark") await page.evaluate(() => (document.body.style.cssText = "background: #1c1b22; color: #eee"));
      await typeAndWait(page, "fetch");
      await box(page).press("ArrowDown");
      await page.screenshot({ path: join(artifacts, `widget-axe-${scheme}.png`) });
      await page.addScriptTag({ path: join(repo, "node_modules/axe-core/axe.min.js") });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> }> } }).axe;
        const result = await axe.run({ include: [["rangefind-search"]] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
      });
      console.log(`axe-core (${scheme}): ${violations.length} violation(s)`, violations);
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    });
  }
});
