#!/usr/bin/env node
// What a fresh engine's first search pays that a later one does not: in a fresh Chromium
// context the widget is started (its engine and index opened), then two queries of other words
// each (so both cold on the network) are searched one after the other; prints, per pair and as
// medians, the milliseconds from the query to its first request and to its results. Loopback,
// no delay: the difference is the engine's and the browser's own first-time work. An
// experiment on the cold query's time (2026-11-27; its figures are in BENCHMARKS.md's history).
//
//   node scripts/bench/first-search-time.mjs SITE_DIR 'q1' 'q2' 'q3' 'q4' …   # SITE_DIR built with build --site
//
// Needs target/release/rangefind (it serves SITE_DIR) and /usr/bin/chromium; writes
// SITE_DIR/first-search.html.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const [siteArg, ...queries] = process.argv.slice(2);
if (!siteArg || queries.length < 2) {
  console.error("usage: node scripts/bench/first-search-time.mjs SITE_DIR QUERY QUERY [QUERY QUERY …]");
  process.exit(2);
}
const site = resolve(siteArg);
const cli = resolve(new URL("../..", import.meta.url).pathname, "target/release/rangefind");
writeFileSync(
  join(site, "first-search.html"),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>first search</title>
<link rel="icon" href="data:,"><body><script type="module">
await import("/_rangefind/rangefind-search.js");
const node = document.createElement("rangefind-search");
node.setAttribute("debounce", "0");
document.body.append(node);
window.search = (text) => new Promise((resolve) => {
  node.addEventListener("rangefind-results", () => resolve(), { once: true });
  const input = node.shadowRoot.querySelector("input");
  input.value = text;
  input.dispatchEvent(new Event("input"));
});
window.ready = true;
</script></body></html>`,
);

const server = spawn(cli, ["serve", site, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const port = await new Promise((found, failed) => {
  server.stdout.on("data", (chunk) => {
    const match = /127\.0\.0\.1:(\d+)/.exec(String(chunk));
    if (match) found(Number(match[1]));
  });
  server.on("exit", () => failed(new Error("rangefind serve exited")));
});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const pairs = [];
try {
  for (let i = 0; i + 1 < queries.length; i += 2) {
    const context = await browser.newContext();
    const page = await context.newPage();
    let firstRequest = null;
    context.on("request", (request) => {
      if (firstRequest === null && !request.url().endsWith("first-search.html")) firstRequest = Date.now();
    });
    await page.goto(`http://127.0.0.1:${port}/first-search.html`);
    await page.waitForFunction(() => window.ready === true);
    await page.evaluate(() => document.querySelector("rangefind-search").start());
    const pair = [];
    for (const query of [queries[i], queries[i + 1]]) {
      await new Promise((r) => setTimeout(r, 300));
      firstRequest = null;
      const sent = Date.now();
      await page.evaluate((text) => window.search(text), query);
      pair.push({ query, toFirstRequest: firstRequest === null ? null : firstRequest - sent, toResults: Date.now() - sent });
    }
    pairs.push(pair);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
for (const pair of pairs) console.log(JSON.stringify(pair));
for (const [n, name] of [[0, "first search"], [1, "second search"]]) {
  const rows = pairs.map((pair) => pair[n]);
  console.log(`${name}: ${median(rows.map((r) => r.toFirstRequest))} ms to its first request, ${median(rows.map((r) => r.toResults))} ms to its results (medians of ${rows.length})`);
}
