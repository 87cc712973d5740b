/**
 * The package in a vite app and in a webpack app (examples/bundlers): each bundler emits the
 * engine's worker and .wasm, and the built app searches in Chromium; so does the
 * `<rangefind-search>` element bundled by vite, on a site index.
 */

import { beforeAll, describe, expect, it } from "vitest";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build as viteBuild } from "vite";
import webpack from "webpack";
import { execFileSync } from "node:child_process";
import { answerTo, buildIndex, cli, openPage, repo, sample, serve, tempDir, type Server } from "./harness.js";

const example = join(repo, "examples", "bundlers");
let index: string;

beforeAll(() => {
  index = join(tempDir("bundlers-index"), "index");
  buildIndex(index, sample, 150);
});

/** Serves `dist` with the index at /index/, submits a search, returns the count shown. */
async function searchIn(dist: string): Promise<number> {
  cpSync(index, join(dist, "index"), { recursive: true });
  const server: Server = await serve(dist);
  const session = await openPage(`${server.url}index.html`, { testPage: false }).catch(async (error) => {
    await server.stop();
    throw error;
  });
  try {
    await session.page.fill("input", "array map");
    await session.page.click("button");
    await session.page.waitForSelector("output[data-count]", { timeout: 60_000 });
    expect(session.console.filter((m) => m.startsWith("error") || m.startsWith("pageerror"))).toEqual([]);
    return Number(await session.page.getAttribute("output", "data-count"));
  } finally {
    await session.close();
    await server.stop();
  }
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String);
}

describe("bundlers", () => {
  it("vite emits the worker and the wasm, and the app searches", async () => {
    await viteBuild({ configFile: join(example, "vite.config.js"), logLevel: "warn" });
    const dist = join(example, "dist-vite");
    const emitted = files(dist);
    expect(emitted.some((f) => f.endsWith(".wasm")), emitted.join(", ")).toBe(true);
    expect(emitted.some((f) => /worker.*\.js$/.test(f)), emitted.join(", ")).toBe(true);
    expect(await searchIn(dist)).toBeGreaterThan(0);
  });

  it("vite bundles the search box, which searches a site index", async () => {
    await viteBuild({ configFile: join(example, "vite.config.js"), logLevel: "warn" });
    const dist = join(example, "dist-vite");
    const site = tempDir("bundlers-site");
    execFileSync("tar", ["xzf", join(repo, "examples/mdn-site/sample-site.tar.gz"), "-C", site]);
    const out = join(dist, "_rangefind");
    execFileSync(cli, ["build", "--site", join(site, "site-mdn"), "--out", out, "--no-widget", "-q"], { stdio: "ignore" });
    const server: Server = await serve(dist);
    const session = await openPage(`${server.url}search-box.html`, { testPage: false });
    try {
      const answered = answerTo(session.page, "promise");
      await session.page.locator("rangefind-search input").pressSequentially("promise");
      expect((await answered).response.count).toBeGreaterThan(0);
      expect(session.console.filter((m) => m.startsWith("error") || m.startsWith("pageerror"))).toEqual([]);
      // The bundler's copy of the worker, not the widget's own files (there are none here).
      expect(session.requested.some((url) => /\/site-worker/.test(url))).toBe(false);
    } finally {
      await session.close();
      await server.stop();
    }
  });

  it("webpack emits the worker and the wasm, and the app searches", async () => {
    const config = (await import(join(example, "webpack.config.js"))).default;
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(config, (error, result) => (error || !result ? reject(error) : resolve(result))),
    );
    expect(stats.hasErrors(), stats.toString({ all: false, errors: true })).toBe(false);
    const dist = join(example, "dist-webpack");
    cpSync(join(example, "index.html"), join(dist, "index.html"));
    // The page loads webpack's bundle instead of the source module.
    const page = join(dist, "index.html");
    writeFileSync(page, readFileSync(page, "utf8").replace("./src/main.js", "./main.js"));
    const emitted = files(dist);
    expect(emitted.some((f) => f.endsWith(".wasm")), emitted.join(", ")).toBe(true);
    expect(existsSync(join(dist, "main.js"))).toBe(true);
    expect(await searchIn(dist)).toBeGreaterThan(0);
  });
});
