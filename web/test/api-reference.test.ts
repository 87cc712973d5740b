// docs/api/ is the JavaScript API reference TypeDoc writes from the package's own types and doc
// comments (web/typedoc.json). When an exported type or its comment changes, this fails until
// the reference is written again: `npm run docs:api`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const written = mkdtempSync(join(tmpdir(), "rangefind-api-"));
afterAll(() => rmSync(written, { recursive: true, force: true }));

/** Every file below `dir`, by its path relative to it, with its text. */
function files(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.set(relative(dir, full), readFileSync(full, "utf8"));
    }
  };
  walk(dir);
  return found;
}

describe("the JavaScript API reference", () => {
  it("is what TypeDoc writes from the package's types (npm run docs:api)", () => {
    const typedoc = join(root, "node_modules", ".bin", "typedoc");
    execFileSync(typedoc, ["--options", join(root, "web", "typedoc.json"), "--out", written, "--logLevel", "Error"], { stdio: "pipe" });
    const fresh = files(written);
    const committed = files(join(root, "docs", "api"));
    expect([...committed.keys()].sort(), "files of docs/api (npm run docs:api writes them)").toEqual([...fresh.keys()].sort());
    for (const [path, text] of fresh) expect(committed.get(path), `docs/api/${path} is stale: npm run docs:api`).toBe(text);
    expect(fresh.get("index/functions/openIndex.md")).toContain("openIndex");
  }, 60_000);
});
