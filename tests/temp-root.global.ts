/**
 * One temporary directory per test run, removed when the run ends: every `tempDir` of the
 * browser, packages and worker tests is made inside it. Test files used to leave their
 * directories behind (sites, packed tarballs, installed projects: about 0.5 GB a full run),
 * which filled the disk of a machine that runs the suite often.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    tempRoot: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), `rangefind-tests-${project.name}-`));
  project.provide("tempRoot", root);
  return () => rmSync(root, { recursive: true, force: true });
}
