/**
 * Runs in Node before the Worker tests: builds a real index of the bundled MDN sample with the
 * release CLI (in 3 splits, and in one; plus a first-half index and the same index with the second half appended, for
 * the manifest-refresh test), serves it with `rangefind serve` and with a misbehaving origin,
 * and records the CLI's own answers to compare the Worker's with.
 */

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { TestProject } from "vitest/node";
import { cli, nativeSearch, repo, sample, serve } from "../../tests/browser/harness.js";
import { startMisbehavingOrigin } from "./misbehaving-origin.js";

export const QUERIES = ["array", "fetch request", "\"event listener\"", "css -grid", "promis*"];
/** Aggregations the Worker must answer as the CLI does. */
export const AGGS = {
  sections: { terms: { field: "section", size: 5 } },
  per_365_days: { date_histogram: { field: "last_modified", fixed_interval: "365d" } },
  kinds: { cardinality: { field: "page_type" } },
};

declare module "vitest" {
  export interface ProvidedContext {
    /** JSON: {origin, misbehaving, queries, expected} (see test/fixture.ts). */
    fixture: string;
  }
}

function build(out: string, input: string, append: boolean, splitDocs = 150): void {
  const args = ["build", "-q", "--config", join(repo, "examples/mdn/rangefind.yaml"), "--input", input, "--out", out];
  execFileSync(cli, [...args, "--split-docs", String(splitDocs), ...(append ? ["--append"] : [])], { stdio: "inherit" });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Made here, not with the harness's tempDir: a global setup runs outside the test workers.
  const root = mkdtempSync(join(tmpdir(), "rangefind-worker-test-"));
  build(join(root, "index"), sample, false);
  build(join(root, "single"), sample, false, 1000);
  // The sample in two halves: "growing" starts as the first and gets the second appended.
  const lines = gunzipSync(readFileSync(sample)).toString("utf8").trimEnd().split("\n");
  const half = Math.floor(lines.length / 2);
  writeFileSync(join(root, "first.jsonl"), lines.slice(0, half).join("\n") + "\n");
  writeFileSync(join(root, "second.jsonl"), lines.slice(half).join("\n") + "\n");
  build(join(root, "first-half"), join(root, "first.jsonl"), false);
  build(join(root, "grown"), join(root, "first.jsonl"), false);
  build(join(root, "grown"), join(root, "second.jsonl"), true);

  const origin = await serve(root);
  const misbehaving = await startMisbehavingOrigin(join(root, "index"));
  const expected = QUERIES.map((query) => nativeSearch(join(root, "index"), query, 10));
  const analytics = {
    aggs: AGGS,
    aggregated: nativeSearch(join(root, "index"), "", 0, ["--aggs", JSON.stringify(AGGS)]),
    newest: nativeSearch(join(root, "index"), "array", 10, ["--sort=-last_modified", "--fields", "title", "--no-snippet"]),
  };
  project.provide(
    "fixture",
    JSON.stringify({ origin: origin.url, misbehaving: misbehaving.url, queries: QUERIES, expected, analytics }),
  );
  return async () => {
    await origin.stop();
    await new Promise((done) => misbehaving.server.close(done));
    rmSync(root, { recursive: true, force: true });
  };
}
