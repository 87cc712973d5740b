/**
 * The widget on a Japanese site that declares no language, in real Chromium: `build --site`
 * tells the language from the script, three consecutive characters of a title find its page
 * with the CLI's top 10, and text an input method is still composing (`けんさく` before it
 * becomes `検索`) is not searched: only the composed text is.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { answerTo, cli, nativeSearch, openPage, serve, tempDir, type Server, type Session } from "./harness.js";

let site: string;
let server: Server;
let session: Session | undefined;

const PAGES: Record<string, [title: string, text: string]> = {
  "search.html": ["全文検索エンジンの使い方", "静的なサイトで全文検索を使う方法を説明します。サーバーは要りません。"],
  "packages.html": ["パッケージの管理", "apt-get コマンドでパッケージをインストールし、検索します。"],
  "network.html": ["ネットワークの設定", "インターフェースとファイアウォールを設定します。"],
};

beforeAll(async () => {
  site = tempDir("site-cjk");
  for (const [path, [title, text]] of Object.entries(PAGES)) {
    mkdirSync(join(site, path, ".."), { recursive: true });
    writeFileSync(
      join(site, path),
      `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
        `<script type="module" src="/_rangefind/rangefind-search.js"></script></head>` +
        `<body><header><rangefind-search></rangefind-search></header><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
    );
  }
  execFileSync(cli, ["build", "--site", site, "-q"], { stdio: ["ignore", "ignore", "inherit"] });
  server = await serve(site);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

const index = () => join(site, "_rangefind");

describe("a Japanese site without <html lang>", () => {
  it("is indexed as Japanese", () => {
    const written = JSON.parse(readFileSync(join(index(), "site.json"), "utf8"));
    expect(Object.keys(written.languages)).toEqual(["ja"]);
  });

  it("finds a page by three characters of its title, as the CLI does", async () => {
    session = await openPage(`${server.url}search.html`, { testPage: false });
    const page = session.page;
    for (const text of ["ネット", "使い方", "全文検"]) {
      const answered = answerTo(page, text);
      const box = page.locator("rangefind-search input");
      await box.fill("");
      await box.pressSequentially(text, { delay: 20 });
      const widget = (await answered).response.hits.map((hit) => hit.id);
      const native = nativeSearch(index(), text, 10, ["--typeahead"]).hits.map((hit) => hit.id);
      expect(widget).toEqual(native);
      expect(widget.length).toBeGreaterThan(0);
    }
    const marked = await page.locator("rangefind-search .snippet mark").first().textContent();
    expect(marked).toBe("全文検");
  });

  it("searches the composed text, not what an input method is still composing", async () => {
    await session?.close();
    session = await openPage(`${server.url}search.html`, { testPage: false });
    const page = session.page;
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { searched: string[] }).searched = seen;
      document.addEventListener("rangefind-results", (event) => seen.push((event as CustomEvent).detail.query));
    });
    // No wait after a key (`debounce="0"`): a search of the composing text would start at once.
    await page.evaluate(() => document.querySelector("rangefind-search")!.setAttribute("debounce", "0"));
    await page.locator("rangefind-search input").click();
    const cdp = await page.context().newCDPSession(page);
    // Each step of the composition is taken by the input (its `input` event seen), and the
    // tasks a search of it would start have run (a timer of 0 after it, then a frame).
    await page.evaluate(() => {
      const input = document.querySelector("rangefind-search")!.shadowRoot!.querySelector("input")!;
      const taken: string[] = [];
      (window as unknown as { taken: string[] }).taken = taken;
      input.addEventListener("input", () => setTimeout(() => requestAnimationFrame(() => taken.push(input.value)), 0));
    });
    for (const composing of ["け", "けん", "けんさ", "けんさく"]) {
      await cdp.send("Input.imeSetComposition", { text: composing, selectionStart: composing.length, selectionEnd: composing.length });
      await page.waitForFunction((text) => (window as unknown as { taken: string[] }).taken.includes(text), composing);
    }
    const answered = answerTo(page, "検索");
    await cdp.send("Input.insertText", { text: "検索" });
    const answer = await answered;
    expect(answer.response.hits.map((hit) => hit.id).sort()).toEqual(["/packages.html", "/search.html"]);
    const searched = await page.evaluate(() => (window as unknown as { searched: string[] }).searched);
    expect(searched).toEqual(["検索"]);
  });
});
