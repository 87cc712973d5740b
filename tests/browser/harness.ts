/**
 * What the browser tests share: building an index with the release CLI, a site holding the
 * `rangefind` package and a page that loads it, a real Range server (`rangefind serve`) on
 * 127.0.0.1, and Debian's Chromium driven by playwright-core.
 */

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import type { ResultsDetail } from "../../web/src/search-element.js";

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const cli = join(repo, "target", "release", "rangefind");
export const sharedCorpora = join(repo, "..", "shared", "corpora");

/** Chromium flags for this machine: no network beyond loopback, no sandbox as root. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A shared corpus file, or null when the corpora are absent: that part of the test is skipped,
 * said on the console and in `RANGEFIND_SKIP_LOG` (listed by scripts/test.sh at the end). Where
 * the corpora are expected (`RANGEFIND_CORPORA=required`, set by scripts/test.sh when
 * ../shared/corpora is there) an absent file fails the test instead.
 */
export function sharedCorpus(file: string): string | null {
  const path = join(sharedCorpora, file);
  if (existsSync(path)) return path;
  const message = `SKIPPED part of ${expect.getState().currentTestName ?? "a test"}: ${path} is absent (the shared corpora are not here)`;
  if (process.env.RANGEFIND_CORPORA === "required") {
    throw new Error(`${message}, but RANGEFIND_CORPORA=required says they are expected`);
  }
  console.warn(message);
  if (process.env.RANGEFIND_SKIP_LOG) appendFileSync(process.env.RANGEFIND_SKIP_LOG, `${message}\n`);
  return null;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

/** A fresh directory inside the run's temporary root (tests/temp-root.global.ts removes it). */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(inject("tempRoot"), `${prefix}-`));
}

/** Builds an index with the release CLI. */
export function buildIndex(out: string, input: string, splitDocs: number): void {
  rmSync(out, { recursive: true, force: true });
  execFileSync(
    cli,
    ["build", "--config", join(repo, "examples/mdn/rangefind.yaml"), "--input", input, "--out", out, "--split-docs", String(splitDocs), "-q"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
}

/** The bundled MDN sample (440 pages). */
export const sample = join(repo, "examples/mdn/sample.jsonl.gz");

/**
 * A site directory: the built package under /rangefind/ and /page.html, which imports it and
 * sets `window.rangefind`.
 */
export function makeSite(root: string): void {
  const dist = join(repo, "web", "dist");
  if (!existsSync(join(dist, "index.js"))) throw new Error("web/dist is missing: run `npm run build` first");
  mkdirSync(root, { recursive: true });
  rmSync(join(root, "rangefind"), { recursive: true, force: true });
  cpSync(dist, join(root, "rangefind"), { recursive: true });
  writeFileSync(
    join(root, "page.html"),
    `<!doctype html><meta charset="utf-8"><title>rangefind test page</title>
<link rel="icon" href="data:,">
<script type="module">
import * as rangefind from "./rangefind/index.js";
window.rangefind = rangefind;
window.ready = true;
</script>
`,
  );
}

export interface Server {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `rangefind serve DIR --port 0` and waits for its address. */
export async function serve(root: string): Promise<Server> {
  const child = spawn(cli, ["serve", root, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        // Exited, or killed by a signal (then exitCode stays null).
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console messages of the page and its workers (Playwright reports both on the page). */
  console: string[];
  /** URLs of every request of the page and its workers, in order. */
  requested: string[];
  close(): Promise<void>;
}

/**
 * Chromium with a fresh profile on `url`; for the test site's page.html (`testPage`), once the
 * package loaded.
 */
export async function openPage(url: string, { testPage = true, selfSigned = false } = {}): Promise<Session> {
  // `selfSigned`: accept the benchmark's self-signed HTTP/2 front (scripts/bench/h2-front.mjs); the
  // flag covers worker scripts too, which the context option alone does not.
  const args = selfSigned ? [...CHROMIUM_ARGS, "--ignore-certificate-errors"] : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args });
  const context = await browser.newContext({ ignoreHTTPSErrors: selfSigned });
  const page = await context.newPage();
  const messages: string[] = [];
  page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto(url);
  if (testPage) await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  return { browser, context, page, console: messages, requested, close: () => browser.close() };
}

/** Waits until `page` loaded the package again (after a reload). */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
}

/**
 * The widget's answer to `text` (trimmed, as the widget searches it): the detail of the first
 * `rangefind-results` event for it, or for any query when `text` is undefined. Call it before
 * typing, await it after: answers to the text's beginnings, shown while typing, are skipped.
 */
export function answerTo(page: Page, text?: string): Promise<ResultsDetail> {
  return page.evaluate(
    (expected) =>
      new Promise<ResultsDetail>((resolve) => {
        document.addEventListener("rangefind-results", function listen(event) {
          const detail = (event as CustomEvent<ResultsDetail>).detail;
          if (expected !== null && detail.query !== expected) return;
          document.removeEventListener("rangefind-results", listen);
          resolve(detail);
        });
      }),
    text === undefined ? null : text.trim(),
  );
}

/** `rangefind search INDEX QUERY --json` with the native CLI. */
export function nativeSearch(index: string, query: string, limit: number, extra: string[] = []): NativeResponse {
  const out = execFileSync(cli, ["search", index, query, "--json", "--limit", String(limit), ...extra], { maxBuffer: 64 << 20 });
  return JSON.parse(out.toString()) as NativeResponse;
}

export interface NativeResponse {
  count: number;
  hits: Array<{ id: string; score: number; sort?: unknown; doc: Record<string, unknown>; snippet?: string; missing?: string }>;
  aggregations?: Record<string, unknown>;
  replaced?: Array<{ word: string; with: string[] }>;
  read_as?: Record<string, "filter" | "field">;
}

/** Query texts of a JSONL query log (`{"query": ...}` per line). */
export function readQueries(path: string): string[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { query: string }).query);
}
