/**
 * The static-site benchmark's browser half (not part of the test suite; `scripts/bench/bench-site.sh`
 * builds both indexes into one site, then runs this): `<rangefind-search>` and Pagefind 1.6.0
 * in Chromium on the same site, through a TCP delay proxy (100 ms RTT, 10 Mbit/s, HTTP/1.1)
 * in front of `rangefind serve` (which compresses whole responses, as CDNs do; Pagefind's
 * index files are gzip files already, served as they are).
 *
 * Each engine gets the query as a person would type it into its search box: field syntax
 * becomes the `section` filter, `*` is dropped (both match the last word as a prefix), and
 * both show 10 results with title, URL and excerpt. Every request is counted by the browser
 * (Playwright sees the engines' workers too), with its encoded body size. Per engine:
 *
 * - cold query: a fresh browser context, the engine loaded first (Pagefind `init()`, rangefind
 *   `element.start()`: engine, index entry files), then one query: requests, bytes, waves
 *   (a request's wave is one more than the latest wave that had ended when it started) and
 *   time to results;
 * - first visit: a fresh context, nothing loaded, one query: every byte, the engine included;
 * - session: a fresh context, five different queries one after another: every byte;
 * - typed session: a fresh context, each engine's own search box with its defaults
 *   (`<rangefind-search>`; Pagefind's UI, which preloads on every keystroke and searches
 *   300 ms after the last), both showing 10 results; five queries typed key by key at
 *   120 ms a key, the box cleared between them: every byte and request, and the results
 *   each box shows at the end of each query.
 *
 * Env: BENCH_SITE (the site, with `_rangefind/` and `pagefind/` built in it), BENCH_QUERIES
 * (a query log, `{"query", "kind"}` per line), BENCH_OUT (where the JSON goes); BENCH_HTTP2=1
 * puts an HTTP/2 front (TLS, one connection, as a CDN serves; scripts/bench/h2-front.mjs) between
 * the delay proxy and the server, so that a wave's requests do not queue behind HTTP/1.1's
 * six connections.
 */

import { it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
// @ts-expect-error: a plain ES module without types
import { startDelayProxy } from "../../scripts/bench/delay-proxy.mjs";
// @ts-expect-error: a plain ES module without types
import { startHttp2Front } from "../../scripts/bench/h2-front.mjs";
import { serve } from "../browser/harness.js";
import { freshPage, median, type Cost, type Recorder } from "./recorder.js";

type Engine = "rangefind" | "pagefind";
/** Set BENCH_ENGINES=rangefind (or pagefind) to measure one of them. */
const ENGINES = (process.env.BENCH_ENGINES ?? "rangefind pagefind").split(/\s+/).filter(Boolean) as Engine[];
const RESULTS = 10;
/** Queries measured cold, spread over the log's kinds. */
const COLD_QUERIES = Number(process.env.BENCH_COLD_QUERIES ?? 40);
const FIRST_VISITS = 10;
const SESSIONS = 5;
/** Milliseconds between keys in a typed session (a quick typist). */
const KEY_DELAY_MS = 120;
/** Set BENCH_HTTP2=1 to serve over HTTP/2 (TLS, one connection) instead of HTTP/1.1. */
const HTTP2 = process.env.BENCH_HTTP2 === "1";
/** Set BENCH_ONLY=typed to measure the typed sessions alone. */
const ONLY_TYPED = process.env.BENCH_ONLY === "typed";
/** Files an engine loads once, at start-up: its code, its wasm, and the index's entry files. */
const START_UP_FILE = /(\.js|\.wasm|\.pf_meta|\.pagefind|site\.json|manifest\.json|pagefind-entry\.json)(\?.*)?$/;

interface Typed {
  text: string;
  section?: string;
}

/** A log query as typed into a search box. */
function asTyped(query: string): Typed {
  let section: string | undefined;
  const text = query
    .replace(/section:"([^"]+)"|section:(\S+)/, (_, quoted, bare) => {
      section = quoted ?? bare;
      return "";
    })
    .replace(/\b(title|page_type):("[^"]*"|\S+)/g, (_, field, value) => (field === "title" ? value.replace(/"/g, "") : ""))
    .replace(/\*/g, "")
    .trim();
  return { text, section };
}

/**
 * The page both engines are measured on. Its script loads an engine only when asked (and is a
 * string: the test runner would rewrite an `import()` in a function passed to the page).
 */
const BENCH_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title>
<link rel="icon" href="data:,"><body><script type="module">
const RESULTS = ${RESULTS};
let pagefind = null;
async function element() {
  let node = document.querySelector("rangefind-search");
  if (!node) {
    await import("/_rangefind/rangefind-search.js");
    node = document.createElement("rangefind-search");
    node.setAttribute("debounce", "0");
    node.setAttribute("limit", String(RESULTS));
    document.body.append(node);
  }
  return node;
}
window.bench = {
  // Puts the engine's own search box on the page, with its defaults but 10 results.
  async box(engine, debounce) {
    if (engine === "pagefind") {
      const style = document.createElement("link");
      style.rel = "stylesheet";
      style.href = "/pagefind/pagefind-ui.css";
      document.head.append(style);
      await import("/pagefind/pagefind-ui.js");
      const holder = document.createElement("div");
      holder.id = "pagefind-box";
      document.body.append(holder);
      new window.PagefindUI({ element: "#pagefind-box", pageSize: RESULTS, showImages: false });
      return ".pagefind-ui__search-input";
    }
    await import("/_rangefind/rangefind-search.js");
    const node = document.createElement("rangefind-search");
    node.setAttribute("limit", String(RESULTS));
    if (debounce) node.setAttribute("debounce", debounce);
    document.body.append(node);
    return "rangefind-search input";
  },
  // When the last key changed the text, and when the box last changed what it shows.
  watch(engine) {
    const times = { input: 0, shown: 0 };
    document.addEventListener("input", () => { times.input = performance.now(); }, true);
    const shows = engine === "pagefind" ? document.querySelector("#pagefind-box") : document.querySelector("rangefind-search").shadowRoot;
    new MutationObserver(() => { times.shown = performance.now(); }).observe(shows, { subtree: true, childList: true, characterData: true });
    window.typing = times;
  },
  // Milliseconds from the last key to the last change of the results shown.
  sinceLastKey() {
    return Math.max(0, window.typing.shown - window.typing.input);
  },
  // The links of the results the box shows now.
  shown(engine) {
    const links = engine === "pagefind"
      ? document.querySelectorAll(".pagefind-ui__result-link")
      : document.querySelector("rangefind-search").shadowRoot.querySelectorAll("a[part=result]");
    return [...links].map((a) => new URL(a.href).pathname.replace(/[/](index[.]html)?$/, ""));
  },
  // Loads the engine and its index's entry files, without searching.
  async load(engine) {
    if (engine === "pagefind") {
      pagefind = await import("/pagefind/pagefind.js");
      // init() resolves before Pagefind has its wasm and pf_meta (it only starts loading
      // them); a search waits for both. An empty preload waits for them too, and loads no
      // index chunk, so the cold query that follows pays only for what the query needs.
      await pagefind.init();
      await pagefind.preload("");
    } else {
      await (await element()).start();
    }
  },
  // Searches; resolves when RESULTS results with excerpts are ready.
  async search(engine, typed) {
    const started = performance.now();
    if (engine === "pagefind") {
      pagefind ??= await import("/pagefind/pagefind.js");
      const answer = await pagefind.search(typed.text, typed.section ? { filters: { section: typed.section } } : {});
      await Promise.all(answer.results.slice(0, RESULTS).map((r) => r.data()));
      return { ms: performance.now() - started, count: answer.results.length };
    }
    const node = await element();
    const root = node.shadowRoot;
    const select = root.querySelector('select[data-filter="section"]');
    if (select) select.value = typed.section ?? "";
    else if (typed.section) throw new Error("the section filter is not loaded");
    const answered = new Promise((resolve) =>
      node.addEventListener("rangefind-results", (event) => resolve(event.detail.response.count), { once: true }));
    const input = root.querySelector("input");
    input.value = typed.text;
    input.dispatchEvent(new Event("input"));
    const count = await answered;
    return { ms: performance.now() - started, count };
  },
};
window.ready = true;
</script></body></html>`;

type BenchWindow = Window & {
  bench: {
    box(engine: Engine, debounce?: string): Promise<string>;
    watch(engine: Engine): void;
    sinceLastKey(): number;
    shown(engine: Engine): string[];
    load(engine: Engine): Promise<void>; search(engine: Engine, typed: Typed): Promise<{ ms: number; count: number }> };
};

const load = (page: Page, engine: Engine) => page.evaluate((e) => (window as unknown as BenchWindow).bench.load(e), engine);
const search = (page: Page, engine: Engine, typed: Typed) =>
  page.evaluate(([e, t]) => (window as unknown as BenchWindow).bench.search(e, t), [engine, typed] as const);


it("measures rangefind and Pagefind on one site in Chromium", { timeout: 7_200_000 }, async () => {
  const site = process.env.BENCH_SITE;
  if (!site || !process.env.BENCH_QUERIES || !process.env.BENCH_OUT) throw new Error("run scripts/bench/bench-site.sh, which sets BENCH_SITE, BENCH_QUERIES and BENCH_OUT");
  const log = readFileSync(process.env.BENCH_QUERIES!, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { query: string; kind: string });
  const step = Math.max(1, Math.floor(log.length / COLD_QUERIES));
  const cold = log.filter((_, i) => i % step === 0).slice(0, COLD_QUERIES).map((q) => ({ ...q, typed: asTyped(q.query) }));
  const plain = cold.filter((q) => !q.typed.section);
  writeFileSync(join(site, "bench.html"), BENCH_PAGE);
  const server = await serve(site);
  const front = HTTP2 ? await startHttp2Front({ target: new URL(server.url).host }) : undefined;
  const target = front ? `127.0.0.1:${front.port}` : new URL(server.url).host;
  const proxy = await startDelayProxy({ target, rttMs: 100, mbit: 10 });
  const base = `${front ? "https" : "http"}://127.0.0.1:${proxy.port}/bench.html`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
      // The HTTP/2 front's certificate is self-signed for 127.0.0.1.
      ...(front ? ["--ignore-certificate-errors"] : []),
    ],
  });
  const fresh = () => freshPage(browser, base, { ignoreHTTPSErrors: Boolean(front) });
  const report: Record<string, unknown> = { site, queries: cold.length, protocol: front ? "HTTP/2" : "HTTP/1.1" };
  try {
    for (const engine of ENGINES) {
      const typedSessions = await typeSessions(engine, plain.map((q) => q.typed.text), fresh);
      if (ONLY_TYPED) {
        report[engine] = { typed_session: typedSessions };
        console.log(engine, JSON.stringify({ ...typedSessions, sessions: undefined }));
        continue;
      }
      const rows: Array<Cost & { query: string; count: number }> = [];
      /** What loading the engine and its index's entry files cost, before each cold query. */
      const starts: Array<ReturnType<Recorder["since"]>> = [];
      for (const { query, typed } of cold) {
        const { context, recorder, page } = await fresh();
        const loadFrom = recorder.done.length;
        await load(page, engine);
        await recorder.settled();
        starts.push(recorder.since(loadFrom));
        const from = recorder.done.length;
        const origin = Date.now();
        const { ms, count } = await search(page, engine, typed);
        await recorder.settled();
        const spent = recorder.since(from, origin);
        // A cold query must pay only for the query: an engine file or entry file fetched here
        // means load() did not wait for the engine's start-up, and the figures would be wrong.
        const late = spent.timeline.filter(([file]) => START_UP_FILE.test(file));
        if (late.length > 0) throw new Error(`${engine} fetched start-up files during the cold query ${query}: ${late.map(([file]) => file).join(", ")}`);
        rows.push({ query, count, ms, ...spent });
        await context.close();
      }
      const firstVisits: Cost[] = [];
      for (const { typed } of plain.slice(0, FIRST_VISITS)) {
        const { context, recorder, page } = await fresh();
        const from = recorder.done.length;
        const origin = Date.now();
        const { ms } = await search(page, engine, typed);
        await recorder.settled();
        firstVisits.push({ ms, ...recorder.since(from, origin) });
        await context.close();
      }
      const sessions: number[] = [];
      for (let s = 0; s < Math.min(SESSIONS, Math.floor(plain.length / 5)); s++) {
        const { context, recorder, page } = await fresh();
        for (const { typed } of plain.slice(s * 5, s * 5 + 5)) await search(page, engine, typed);
        await recorder.settled();
        sessions.push(recorder.since(0).bytes);
        await context.close();
      }
      report[engine] = {
        cold: {
          median_requests: median(rows.map((r) => r.requests)),
          median_bytes: median(rows.map((r) => r.bytes)),
          median_waves: median(rows.map((r) => r.waves)),
          median_ms: median(rows.map((r) => r.ms)),
          rows,
        },
        start: {
          median_requests: median(starts.map((r) => r.requests)),
          median_bytes: median(starts.map((r) => r.bytes)),
          // Waves after the page's own HTML (which the recorder does not see): the script first.
          median_waves: median(starts.map((r) => r.waves)),
          files: starts[0]?.timeline?.map(([file, bytes]) => [file, bytes]),
        },
        first_visit: {
          median_bytes: median(firstVisits.map((r) => r.bytes)),
          median_ms: median(firstVisits.map((r) => r.ms)),
          median_requests: median(firstVisits.map((r) => r.requests)),
          median_waves: median(firstVisits.map((r) => r.waves)),
          rows: firstVisits,
        },
        session_of_5_bytes: { median: median(sessions), all: sessions },
        typed_session: typedSessions,
      };
      console.log(engine, JSON.stringify({
        ...(report[engine] as object),
        cold: { ...(report[engine] as { cold: object }).cold, rows: undefined },
        first_visit: { ...(report[engine] as { first_visit: object }).first_visit, rows: undefined },
        typed_session: { ...typedSessions, sessions: undefined },
      }));
    }
  } finally {
    await browser.close();
    await proxy.close();
    await front?.close();
    await server.stop();
    writeFileSync(process.env.BENCH_OUT!, JSON.stringify(report, null, 2));
  }
});

type Fresh = () => Promise<{ context: BrowserContext; recorder: Recorder; page: Page }>;

/**
 * Typed sessions: per session a fresh context with the engine's own search box, five queries
 * typed key by key, the box emptied between them. Bytes and requests of the whole session
 * (the engine's start included, as a visitor pays it), and of its searches alone.
 */
async function typeSessions(engine: Engine, texts: string[], fresh: Fresh) {
  const sessions: Array<{ bytes: number; requests: number; search_bytes: number; search_requests: number; shown: string[][]; ms_after_last_key: number[]; timeline: Array<[string, number, number, number]> }> = [];
  for (let s = 0; s < Math.min(SESSIONS, Math.floor(texts.length / 5)); s++) {
    const { context, recorder, page } = await fresh();
    const from = recorder.done.length;
    // BENCH_TYPED_DEBOUNCE: the widget's `debounce` attribute (default: none, the widget's own).
    const debounce = process.env.BENCH_TYPED_DEBOUNCE;
    const input = await page.evaluate(([e, d]) => (window as unknown as BenchWindow).bench.box(e, d), [engine, debounce] as const);
    const box = page.locator(input);
    await box.click();
    await page.evaluate((e) => (window as unknown as BenchWindow).bench.watch(e), engine);
    const shown: string[][] = [];
    const msAfterLastKey: number[] = [];
    for (const text of texts.slice(s * 5, s * 5 + 5)) {
      await box.pressSequentially(text, { delay: KEY_DELAY_MS });
      await recorder.quiet(600);
      shown.push(await page.evaluate((e) => (window as unknown as BenchWindow).bench.shown(e), engine));
      msAfterLastKey.push(await page.evaluate(() => (window as unknown as BenchWindow).bench.sinceLastKey()));
      await box.press("ControlOrMeta+a");
      await box.press("Backspace");
      await recorder.quiet(400);
    }
    const all = recorder.since(from);
    const searches = all.timeline.filter(([file]) => !START_UP_FILE.test(file));
    sessions.push({
      bytes: all.bytes,
      requests: all.requests,
      search_bytes: searches.reduce((sum, [, bytes]) => sum + bytes, 0),
      search_requests: searches.length,
      shown,
      ms_after_last_key: msAfterLastKey,
      timeline: all.timeline,
    });
    await context.close();
  }
  return {
    median_bytes: median(sessions.map((r) => r.bytes)),
    median_requests: median(sessions.map((r) => r.requests)),
    median_search_bytes: median(sessions.map((r) => r.search_bytes)),
    median_search_requests: median(sessions.map((r) => r.search_requests)),
    // From the last key of a query to the last change of the results it shows.
    median_ms_after_last_key: median(sessions.flatMap((r) => r.ms_after_last_key)),
    sessions,
  };
}
