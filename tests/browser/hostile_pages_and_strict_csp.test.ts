/**
 * `<rangefind-search>` on a site whose pages are hostile, served with a strict
 * Content-Security-Policy, in real Chromium:
 * - page files named as URLs with a scheme (`javascript:[alert(1)].html`, a wiki's
 *   `Help:Contents.html`) link to themselves on the site, and opening them runs nothing;
 * - text that looks like markup is shown as text in snippets;
 * - under `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'` the
 *   widget is styled and searches, and the browser reports no violation.
 * - a host that never answers the index's files: the box shows an error within its deadline.
 * The site is served by `rangefind serve` behind a small proxy that adds the policy to every
 * answer (the worker's script included, whose own policy governs the engine's compile).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { answerTo, cli, openPage, serve, tempDir, type Server, type Session } from "./harness.js";

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";

let site: string;
let server: Server;
let proxy: HttpServer;
let origin: string;
let session: Session;

/** A page of the site with the widget's two lines. */
function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script type="module" src="/_rangefind/rangefind-search.js"></script></head>
<body><header><rangefind-search></rangefind-search></header>
<main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

/** How the proxy misbehaves on the index's site file and lexicon: never answers, or answers
 * the first request for the site file `429` with `Retry-After: 1` (noting when each came). */
type Fault = { silent: true } | { busyOnce: number[] };

/** Forwards every request to `upstream`, adding the policy to each answer, and misbehaving
 * as `fault` says. */
function strictPolicyProxy(upstream: URL, fault?: Fault): Promise<HttpServer> {
  const front = createServer((incoming, outgoing) => {
    const indexFile = /\.(rfsite|lex)$/.test(incoming.url ?? "");
    if (fault && "silent" in fault && indexFile) return;
    if (fault && "busyOnce" in fault && incoming.url?.endsWith(".rfsite")) {
      fault.busyOnce.push(Date.now());
      if (fault.busyOnce.length === 1) {
        outgoing.writeHead(429, { "retry-after": "1", "content-security-policy": CSP });
        outgoing.end();
        return;
      }
    }
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, "content-security-policy": CSP });
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => front.listen(0, "127.0.0.1", () => resolve(front)));
}

beforeAll(async () => {
  site = tempDir("hostile-site");
  writeFileSync(join(site, "index.html"), page("Home", "The home page of a small site about fish."));
  writeFileSync(join(site, "javascript:[alert(1)].html"), page("Zebrafish scheme", "Zebrafish live in rivers."));
  writeFileSync(join(site, "Help:Contents.html"), page("Zebrafish help", "Help about zebrafish tanks."));
  writeFileSync(
    join(site, "markup.html"),
    page("Zebrafish markup", "Zebrafish &lt;img src=x onerror=&quot;window.pwned=1&quot;&gt; and &lt;b&gt;bold&lt;/b&gt; claims."),
  );
  execFileSync(cli, ["build", "--site", site, "-q"], { stdio: ["ignore", "ignore", "inherit"] });
  server = await serve(site);
  proxy = await strictPolicyProxy(new URL(server.url));
  origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  session = await openPage(`${origin}/index.html`, { testPage: false });
  await session.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  session.page.on("dialog", (dialog) => {
    session.console.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await session.page.reload();
});

afterAll(async () => {
  await session?.close();
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await server?.stop();
});

const box = () => session.page.locator("rangefind-search input");
const options = () => session.page.locator("rangefind-search [role=option]");

describe("hostile pages under a strict Content-Security-Policy", () => {
  it("the page is served with the policy", async () => {
    const answer = await fetch(`${origin}/_rangefind/site-worker.js`);
    expect(answer.headers.get("content-security-policy")).toBe(CSP);
  });

  it("finds the pages, each linked on the site, and is styled", async () => {
    const answered = answerTo(session.page, "zebrafish");
    await box().click();
    await box().pressSequentially("zebrafish", { delay: 20 });
    const answer = await answered;
    expect(answer.response.count).toBe(3);
    const hrefs = await options().evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.sort()).toEqual(
      [`${origin}/Help%3AContents.html`, `${origin}/javascript%3A[alert(1)].html`, `${origin}/markup.html`].sort(),
    );
    // Each link is the page it names: the server finds the file behind the escaped colon.
    for (const href of hrefs) expect((await fetch(href)).status, href).toBe(200);
    // The constructed stylesheet applies (an inline <style> would have been blocked).
    const radius = await session.page.evaluate(() =>
      getComputedStyle(document.querySelector("rangefind-search")!).getPropertyValue("--rangefind-radius").trim(),
    );
    expect(radius).toBe("8px");
  });

  it("shows markup in a page's text as text", async () => {
    const snippet = session.page.locator("rangefind-search [role=option]", { hasText: "Zebrafish markup" }).locator(".snippet");
    await expect.poll(() => snippet.textContent()).toContain('<img src=x onerror="window.pwned=1">');
    expect(await snippet.locator("img, b").count()).toBe(0);
    expect(await snippet.locator("mark").count()).toBeGreaterThan(0);
    expect(await session.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  });

  it("reports no violation of the policy and opens no dialog", async () => {
    const violations = await session.page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    expect(violations).toEqual([]);
    expect(session.console.filter((message) => /Refused to|Content Security Policy|dialog:/i.test(message))).toEqual([]);
  });

  it("opening the page named like a javascript: URL opens that page and runs nothing", async () => {
    await session.page.locator("rangefind-search [role=option]", { hasText: "Zebrafish scheme" }).click();
    await session.page.waitForURL((url) => url.href === `${origin}/javascript%3A[alert(1)].html`);
    expect(await session.page.locator("h1").textContent()).toBe("Zebrafish scheme");
    expect(session.console.filter((message) => /dialog:|Refused to/i.test(message))).toEqual([]);
  });

  it("shows an error within its deadline when the host never answers", async () => {
    const silent = await strictPolicyProxy(new URL(server.url), { silent: true });
    const silentOrigin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const visit = await openPage(`${silentOrigin}/index.html`, { testPage: false });
    try {
      const page = visit.page;
      await page.evaluate(() => document.querySelector("rangefind-search")!.setAttribute("deadline", "2000"));
      await page.locator("rangefind-search input").click();
      await page.locator("rangefind-search input").pressSequentially("zebrafish");
      const status = page.locator("rangefind-search [role=status]");
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/no answer within 2 s/);
      expect(await status.textContent()).toContain(silentOrigin);
    } finally {
      await visit.close();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("waits as a busy host asks, from the first read of the site file on", async () => {
    const times: number[] = [];
    const busy = await strictPolicyProxy(new URL(server.url), { busyOnce: times });
    const busyOrigin = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
    const visit = await openPage(`${busyOrigin}/index.html`, { testPage: false });
    try {
      const answered = answerTo(visit.page, "zebrafish");
      await visit.page.locator("rangefind-search input").click();
      await visit.page.locator("rangefind-search input").pressSequentially("zebrafish");
      expect((await answered).response.count).toBe(3);
      // The widget's read ahead got the 429; the engine's next read waited the second asked.
      expect(times.length).toBeGreaterThanOrEqual(2);
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);
    } finally {
      await visit.close();
      busy.closeAllConnections();
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});
