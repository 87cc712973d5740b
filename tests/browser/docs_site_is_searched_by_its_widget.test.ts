/**
 * The documentation site (scripts/build/docs-site.sh: MkDocs, then `rangefind build --site`), served
 * by `rangefind serve` and searched in Chromium with the widget every page carries: a page's
 * title typed into the box of another page lists that page first, and following the result
 * lands on it.
 */

import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { answerTo, openPage, repo, serve, tempDir, type Server, type Session } from "./harness.js";

let site: string;
let server: Server;
let session: Session | undefined;

beforeAll(() => {
  const out = tempDir("docs-site");
  execFileSync(join(repo, "scripts", "build", "docs-site.sh"), [], { env: { ...process.env, DOCS_SITE_OUT: out }, stdio: ["ignore", "ignore", "inherit"] });
  site = join(out, "site");
}, 300_000);

beforeAll(async () => {
  server = await serve(site);
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

it("finds a page of the docs by its title through the widget, and the result leads to it", async () => {
  session = await openPage(`${server.url}getting-started/`, { testPage: false });
  const { page } = session;
  const box = page.locator("rangefind-search input");
  const title = "Troubleshooting: every error code";
  const answered = answerTo(page, title);
  await box.click();
  await box.pressSequentially(title, { delay: 20 });
  const detail = await answered;
  expect(detail.response.hits[0]?.doc.url, JSON.stringify(detail.response.hits.map((hit) => hit.doc.url))).toBe("/troubleshooting/");
  const first = page.locator("rangefind-search [role=option]").first();
  await first.click();
  await page.waitForURL(/\/troubleshooting\/(#.*)?$/);
  expect(await page.locator("h1").first().textContent()).toContain("Troubleshooting");
});
