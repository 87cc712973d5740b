// docs/troubleshooting.md explains every code the package and the edge Worker answer with
// themselves (the engine's codes are checked against it in engine/src/error.rs): each
// `new RangefindError("code"` and worker `payload("code"` in web/src, and each
// `errorResponse(STATUS, "code"` in worker/src, has its section there.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

function codesThrownBy(dir: string): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
    const text = readFileSync(join(dir, file), "utf8");
    for (const match of text.matchAll(/(?:new RangefindError\(|\bpayload\(|\berrorResponse\([^,]+, )"([a-z_]+)"/g)) codes.add(match[1]);
  }
  return codes;
}

describe("error codes", () => {
  it("each code the package and the Worker answer with is explained in docs/troubleshooting.md", () => {
    const codes = new Set([...codesThrownBy(join(root, "web", "src")), ...codesThrownBy(join(root, "worker", "src"))]);
    for (const code of ["aborted", "closed", "engine", "bad_request", "timeout", "misconfigured"]) expect(codes).toContain(code);
    const page = readFileSync(join(root, "docs", "troubleshooting.md"), "utf8");
    const missing = [...codes].filter((code) => !page.includes(`### \`${code}\``));
    expect(missing).toEqual([]);
  });
});
