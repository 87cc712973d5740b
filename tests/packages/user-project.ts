/**
 * A site owner's empty project with rangefind installed from npm the way users get it: the
 * packages as `npm pack` makes them (scripts/release/pack-npm.mjs), installed with npm on a PATH
 * without cargo or rustc, so nothing can fall back to a Rust toolchain.
 */

import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { repo, tempDir } from "../browser/harness";

/** The bundled sample of the MDN site (site-mdn/ inside). */
export const sampleSite = join(repo, "examples/mdn-site/sample-site.tar.gz");

/** The tarballs of `rangefind` and this machine's CLI package, packed into a fresh directory. */
export function packPackages(): { main: string; cli: string } {
  const out = tempDir("npm-pack");
  execFileSync("node", [join(repo, "scripts/release/pack-npm.mjs"), "--out", out], { stdio: ["ignore", "ignore", "inherit"] });
  const tarballs = readdirSync(out).filter((name) => name.endsWith(".tgz"));
  const main = tarballs.find((name) => name.startsWith("rangefind-0") || /^rangefind-\d/.test(name));
  const cli = tarballs.find((name) => name.startsWith("rangefind-cli-linux-x64-"));
  if (!main || !cli) throw new Error(`pack-npm.mjs packed ${tarballs.join(", ")}`);
  return { main: join(out, main), cli: join(out, cli) };
}

/** PATH without the directories that hold cargo or rustc (node and npm stay). */
export function pathWithoutRust(): string {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir && !["cargo", "rustc", "rustup"].some((tool) => existsSync(join(dir, tool))))
    .join(delimiter);
}

/** The environment of a user without Rust: no cargo on PATH, no RANGEFIND_* settings. */
export function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: pathWithoutRust(), npm_config_audit: "false", npm_config_fund: "false" };
  for (const name of Object.keys(env)) if (name.startsWith("RANGEFIND_") || name.startsWith("CARGO")) delete env[name];
  return env;
}

/** An empty npm project in a temporary directory. */
export function emptyProject(prefix: string): string {
  const dir = tempDir(prefix);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `${prefix}-trial`, private: true, type: "module" }, null, 2));
  return dir;
}

/** Runs a command in `dir` as the user would (PATH without Rust); returns its stdout. */
export function run(dir: string, command: string, args: string[], env: NodeJS.ProcessEnv = userEnvironment()): string {
  return execFileSync(command, args, { cwd: dir, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
}

/** `npm install` of `specs` (tarballs, or packages npm's cache holds) into `dir`. */
export function npmInstall(dir: string, specs: string[], flags: string[] = []): void {
  run(dir, "npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...flags, ...specs]);
}

/** Unpacks the bundled sample site into DIR/NAME (its pages, no index yet). */
export function unpackSample(dir: string, name: string): string {
  execFileSync("tar", ["xzf", sampleSite, "-C", dir]);
  execFileSync("mv", [join(dir, "site-mdn"), join(dir, name)]);
  return join(dir, name);
}

/** A long-running command (npx, then the tool) and the first http:// URL it printed. */
export interface Started {
  url: string;
  /** SIGTERM to the command's whole process group (npx, a shell, the tool). */
  stop(): void;
}

/** Starts a long-running command in its own process group; resolves once it prints a URL. */
export function startPrintingUrl(dir: string, command: string, args: string[]): Promise<Started> {
  const child = spawn(command, args, { cwd: dir, env: userEnvironment(), stdio: ["ignore", "pipe", "inherit"], detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  return new Promise((resolve, reject) => {
    let printed = "";
    child.stdout!.setEncoding("utf8").on("data", (text: string) => {
      printed += text;
      const url = /http:\/\/[\w.:[\]-]+\/\S*/.exec(printed.replace(/\x1b\[[0-9;]*m/g, ""));
      if (url) resolve({ url: url[0], stop });
    });
    child.on("exit", (code) => reject(new Error(`${command} ${args.join(" ")} exited (${code}) before printing a URL:\n${printed}`)));
  });
}

/** The hits of `rangefind search --json` run through npx in `dir`. */
export function npxSearch(dir: string, index: string, query: string): { count: number; hits: { url?: string; title?: string }[] } {
  const response = JSON.parse(run(dir, "npx", ["rangefind", "search", index, query, "--json", "--fields", "title,url"]));
  return { count: response.count, hits: response.hits.map((hit: { doc: { url?: string; title?: string } }) => hit.doc) };
}
