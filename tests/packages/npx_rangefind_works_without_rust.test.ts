// `npx rangefind` as a site owner gets it: the packages packed, installed into an empty project
// on a PATH without cargo or rustc, then the CLI's version, a site build of the bundled sample,
// `--serve` and a search that finds pages, over HTTP as the widget reads them.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repo } from "../browser/harness";
import { emptyProject, npmInstall, npxSearch, packPackages, run, startPrintingUrl, unpackSample, userEnvironment } from "./user-project";

const version = JSON.parse(readFileSync(join(repo, "web/package.json"), "utf8")).version as string;
let tarballs: { main: string; cli: string };

beforeAll(() => {
  tarballs = packPackages();
});

describe("rangefind from npm, with no Rust toolchain", () => {
  let project: string;
  const stops: (() => void)[] = [];
  afterAll(() => stops.forEach((stop) => stop()));

  beforeAll(() => {
    // The test means nothing if cargo is still reachable.
    expect(() => execFileSync("which", ["cargo"], { env: userEnvironment(), stdio: "ignore" })).toThrow();
    project = emptyProject("npx");
    npmInstall(project, [tarballs.main, tarballs.cli]);
  });

  it("installs the launcher and this platform's binary, and nothing else", () => {
    expect(existsSync(join(project, "node_modules/.bin/rangefind"))).toBe(true);
    expect(existsSync(join(project, "node_modules/@rangefind/cli-linux-x64/bin/rangefind"))).toBe(true);
    // The other platforms' packages are optional dependencies whose os/cpu do not match.
    expect(existsSync(join(project, "node_modules/@rangefind/cli-darwin-arm64"))).toBe(false);
  });

  it("prints its version and the formats it writes", () => {
    expect(run(project, "npx", ["rangefind", "--version"]).trim()).toMatch(
      new RegExp(`^rangefind ${version.split(".").join("\\.")} \\(split format \\d+, manifest \\d+, split filters \\d+, site layout \\d+, site\\.json \\d+, lexicon format \\d+\\)$`),
    );
  });

  it("builds the bundled sample site and finds its pages", () => {
    const site = unpackSample(project, "public");
    run(project, "npx", ["rangefind", "build", "--site", "public", "--quiet"]);
    for (const file of ["site.json", "rangefind-search.js", "worker.js", "wasm-site/rangefind_wasm_bg.wasm"]) {
      expect(existsSync(join(site, "_rangefind", file)), file).toBe(true);
    }
    const found = npxSearch(project, "public/_rangefind", "fetch api");
    expect(found.count).toBeGreaterThan(0);
    expect(found.hits.some((hit) => /fetch/i.test(hit.title ?? ""))).toBe(true);
  });

  it("builds and serves the site with --serve, and the index answers over HTTP", async () => {
    const site = unpackSample(project, "served");
    const { url, stop } = await startPrintingUrl(project, "npx", ["rangefind", "build", "--site", "served", "--serve", "--port", "0", "--quiet"]);
    stops.push(stop);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const head = await fetch(`${url}_rangefind/site.json`, { headers: { Range: "bytes=0-9" } });
    expect(head.status).toBe(206);
    const found = npxSearch(project, `${url}_rangefind/`, "grid layout");
    expect(found.count).toBeGreaterThan(0);
    expect(existsSync(join(site, "_rangefind", "site.json"))).toBe(true);
    // The page with the search box, for a site whose pages do not carry the widget yet.
    const searchPage = await fetch(`${url}_rangefind/`);
    expect(searchPage.status).toBe(200);
    expect(await searchPage.text()).toContain("<rangefind-search>");
  });

  it("stops the CLI when the launcher is told to stop (a process manager's SIGTERM)", async () => {
    const launcher = spawn("node", [join(project, "node_modules/.bin/rangefind"), "serve", "public", "--port", "0"], {
      cwd: project,
      env: userEnvironment(),
      stdio: ["ignore", "pipe", "inherit"],
    });
    const url = await new Promise<string>((resolve) =>
      launcher.stdout!.setEncoding("utf8").on("data", (text: string) => {
        const found = /http:\/\/\S+\//.exec(text);
        if (found) resolve(found[0]);
      }),
    );
    expect((await fetch(url)).status).toBe(200);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => launcher.on("exit", (_code, signal) => resolve(signal)));
    launcher.kill("SIGTERM");
    expect(await exited).toBe("SIGTERM");
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe("an install without the platform package", () => {
  it("says which package is missing and how to get it", () => {
    const project = emptyProject("npx-omit");
    npmInstall(project, [tarballs.main], ["--omit=optional"]);
    let message = "";
    try {
      run(project, "npx", ["rangefind", "--version"]);
    } catch (error) {
      message = String((error as { stderr?: string }).stderr);
    }
    expect(message).toContain("@rangefind/cli-linux-x64");
    expect(message).toContain("npm install @rangefind/cli-linux-x64");
  });
});
