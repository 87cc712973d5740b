/**
 * Misbehaving hosts seen from Chromium: a server that ignores `Range` (Python's http.server),
 * one that never answers, a split missing from the host, a truncated split. Each search rejects
 * with a clear RangefindError naming the file, and never hangs.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { readdirSync, rmSync, statSync, truncateSync } from "node:fs";
import { join } from "node:path";
import type * as Rangefind from "../../web/src/index.js";
import { buildIndex, freePort, makeSite, openPage, sample, serve, tempDir, type Server, type Session } from "./harness.js";

type PageWindow = Window & { rangefind: typeof Rangefind };

let site: string;
let server: Server;
let session: Session;
let python: ChildProcess | null = null;

/** The error (`name code: message`) a search of `indexUrl` rejects with. */
function searchError(indexUrl: string, on: Session = session): Promise<string> {
  return on.page.evaluate(async (url) => {
    const w = window as unknown as PageWindow;
    try {
      const index = await w.rangefind.openIndex(url, { persistent: false, timeoutMs: 10_000 });
      try {
        const r = await index.search("array");
        return `resolved with ${r.count} hits`;
      } finally {
        index.close();
      }
    } catch (e) {
      const error = e as { name: string; code: string; message: string };
      return `${error.name} ${error.code}: ${error.message}`;
    }
  }, indexUrl);
}

beforeAll(async () => {
  site = tempDir("faults-site");
  makeSite(site);
  for (const name of ["index", "missing", "truncated"]) buildIndex(join(site, name), sample, 150);
  const splitsOf = (name: string) => readdirSync(join(site, name, "splits")).map((f) => join(site, name, "splits", f));
  rmSync(splitsOf("missing")[0]);
  const victim = splitsOf("truncated")[0];
  truncateSync(victim, statSync(victim).size - 5000);
  server = await serve(site);
  session = await openPage(`${server.url}page.html`);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
  python?.kill();
});

describe("bad hosts, seen from the browser", () => {
  it("names a server that ignores Range", async () => {
    const port = await freePort();
    python = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", site], { stdio: "ignore" });
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/index/manifest.json`).catch(() => null))?.status, { timeout: 10_000 })
      .toBe(200);
    // Python serves the whole site (page, package, index): the engine loads, the reads fail.
    const pythonSession = await openPage(`http://127.0.0.1:${port}/page.html`);
    try {
      const error = await searchError("/index/", pythonSession);
      expect(error).toMatch(/^RangefindError http: .*ignored the Range header/);
      // The first ranged read: a split filter file (read when the index opens) or a split.
      expect(error).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}/index/(filters|splits)/`));
    } finally {
      await pythonSession.close();
    }
  });

  it("says a cross-origin host may lack CORS headers", async () => {
    const port = await freePort();
    const cors = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", site], { stdio: "ignore" });
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/index/manifest.json`).catch(() => null))?.status, { timeout: 10_000 })
        .toBe(200);
      const error = await searchError(`http://127.0.0.1:${port}/index/`);
      expect(error).toMatch(/^RangefindError http: .*manifest\.json.*CORS/);
    } finally {
      cors.kill();
    }
  });

  it("gives up on a manifest that never comes, within its timeouts", async () => {
    // Accepts every request and answers none (cross-origin: a GET without headers of its own
    // needs no preflight).
    const silent = createServer(() => undefined);
    await new Promise<void>((listening) => silent.listen(0, "127.0.0.1", listening));
    const port = (silent.address() as { port: number }).port;
    try {
      const error = await session.page.evaluate(async (url) => {
        const w = window as unknown as PageWindow;
        const started = performance.now();
        const failed = await w.rangefind.openIndex(url, { persistent: false, timeoutMs: 1_000, deadlineMs: 0 }).then(
          () => "opened",
          (e: { name: string; code: string; message: string }) => `${e.name} ${e.code}: ${e.message}`,
        );
        return { failed, seconds: (performance.now() - started) / 1000 };
      }, `http://127.0.0.1:${port}/index/`);
      expect(error.failed).toMatch(/^RangefindError http: .*\/index\/manifest\.json.*no answer within 1000 ms/);
      // The worker's look at the manifest (1 s), then the engine's attempts with their backoff.
      expect(error.seconds).toBeLessThan(20);
    } finally {
      silent.closeAllConnections();
      await new Promise((closed) => silent.close(closed));
    }
  });

  it("names a split missing from the host", async () => {
    const error = await searchError("/missing/");
    expect(error).toMatch(/^RangefindError not_found: .*\/missing\/splits\/\w+\.split/);
  });

  it("names a truncated split", async () => {
    const error = await searchError("/truncated/");
    expect(error).toMatch(/^RangefindError corrupt: .*\/truncated\/splits\/\w+\.split/);
  });
});
