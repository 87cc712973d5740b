/**
 * What the browser benchmarks count: every request a browser context makes (its pages and their
 * workers), with its encoded size and when it started and ended, and from those a query's
 * requests, bytes and waves, and their medians.
 */

import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from "playwright-core";

/** The middle value of `values` (the upper one of an even count; 0 of none). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

export interface Cost {
  requests: number;
  bytes: number;
  waves: number;
  ms: number;
}

/** Requests seen by a browser context, with when each started and ended. */
export class Recorder {
  readonly done: Array<{ url: string; bytes: number; start: number; end: number }> = [];
  private pending = new Set<Request>();

  constructor(context: BrowserContext) {
    context.on("request", (request) => this.pending.add(request));
    const finish = async (request: Request) => {
      const timing = request.timing();
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
      this.done.push({
        url: request.url(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        start: timing.startTime,
        end: timing.startTime + Math.max(timing.responseEnd, 0),
      });
      this.pending.delete(request);
    };
    context.on("requestfinished", finish);
    context.on("requestfailed", finish);
  }

  async settled(): Promise<void> {
    for (let i = 0; i < 200 && this.pending.size > 0; i++) await new Promise((r) => setTimeout(r, 25));
  }

  /**
   * Waits until no request has been pending for `quietMs` (an engine between two waves, or
   * a search box waiting out its debounce, is never quiet that long).
   */
  async quiet(quietMs: number): Promise<void> {
    let quietSince = Date.now();
    for (let i = 0; i < 2000 && Date.now() - quietSince < quietMs; i++) {
      await new Promise((r) => setTimeout(r, 25));
      if (this.pending.size > 0) quietSince = Date.now();
    }
  }

  /** The cost of the requests from `from` on, leaving out the host page itself. */
  since(from: number, origin = 0): Omit<Cost, "ms"> & { timeline: Array<[string, number, number, number]> } {
    const rows = this.done.slice(from).filter((r) => !r.url.endsWith("/bench.html") && !r.url.endsWith("favicon.ico"));
    rows.sort((a, b) => a.start - b.start);
    const waves: number[] = [];
    rows.forEach((row, i) => {
      waves[i] = 1;
      for (let j = 0; j < i; j++) if (rows[j].end <= row.start) waves[i] = Math.max(waves[i], waves[j] + 1);
    });
    return {
      requests: rows.length,
      bytes: rows.reduce((sum, row) => sum + row.bytes, 0),
      waves: Math.max(0, ...waves),
      // [file, bytes, start, end], ms from `origin`: where a query's time goes.
      timeline: rows.map((r) => [r.url.replace(/^.*\//, ""), r.bytes, Math.round(r.start - origin), Math.round(r.end - origin)]),
    };
  }
}


/**
 * A fresh browser context (no HTTP cache, no IndexedDB) with its recorder, on `url`, once the
 * page's script has set `window.ready` and its own requests are done.
 */
export async function freshPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; recorder: Recorder; page: Page }> {
  const context = await browser.newContext(options);
  const recorder = new Recorder(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  await recorder.settled();
  return { context, recorder, page };
}
