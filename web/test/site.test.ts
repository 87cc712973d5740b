import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { hitTarget, loadSite, pickLanguage, type SiteJson } from "../src/site.js";

const index = (languages: string[], default_language = languages[0]): SiteJson => ({
  format: 1,
  default_language,
  languages: Object.fromEntries(languages.map((tag) => [tag, { path: `${tag}/`, pages: 1, stemmer: null, filters: {} }])),
  site_root: "../",
});

describe("pickLanguage", () => {
  it("takes the page's language, then its family, then the site's default", () => {
    expect(pickLanguage(index(["en", "fr"]), "fr")).toBe("fr");
    expect(pickLanguage(index(["en", "fr"]), "FR-ca")).toBe("fr");
    expect(pickLanguage(index(["en", "pt-br"]), "pt")).toBe("pt-br");
    expect(pickLanguage(index(["en", "pt", "pt-br"]), "pt-PT")).toBe("pt");
    expect(pickLanguage(index(["en", "fr"], "fr"), "de")).toBe("fr");
    expect(pickLanguage(index(["en"]), "")).toBe("en");
  });
});

describe("hitTarget", () => {
  const root = new URL("https://example.org/docs/");
  const doc = {
    url: "/guide/",
    title: "Guide",
    sections: ["Guide", "Install", "Use"],
    anchors: ["", "#install", "#:~:text=Use"],
  };

  it("links to the section the snippet comes from, under the site's root", () => {
    expect(hitTarget({ id: "1", score: 1, doc, snippet_value: 1 }, root)).toEqual({
      href: "https://example.org/docs/guide/#install",
      title: "Guide",
      section: "Install",
    });
    expect(hitTarget({ id: "1", score: 1, doc, snippet_value: 2 }, root).href).toBe(
      "https://example.org/docs/guide/#:~:text=Use",
    );
  });

  it("links to the page itself for its first section and for pages of one section", () => {
    expect(hitTarget({ id: "1", score: 1, doc }, root)).toEqual({ href: "https://example.org/docs/guide/", title: "Guide" });
    const single = { url: "/a.html", title: "A", sections: "A", anchors: "" };
    expect(hitTarget({ id: "2", score: 1, doc: single }, root)).toEqual({ href: "https://example.org/docs/a.html", title: "A" });
  });
});

describe("loadSite", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A real server on 127.0.0.1 answering the nth request for site.json with `answers[n]`
   * (status, headers); the last answer repeats. Returns its URL and the request times. */
  async function serve(answers: [number, Record<string, string>][]): Promise<{ dir: URL; times: number[] }> {
    const times: number[] = [];
    const body = JSON.stringify(index(["en"]));
    server = createServer((request, response) => {
      times.push(Date.now());
      const [status, headers] = answers[Math.min(times.length, answers.length) - 1];
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end(status === 200 ? body : "busy");
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { dir: new URL(`http://127.0.0.1:${port}/_rangefind/`), times };
  }

  it("retries a busy host, waiting as its Retry-After asks", async () => {
    const { dir, times } = await serve([[503, { "Retry-After": "1" }], [429, {}], [200, {}]]);
    const site = await loadSite(dir);
    expect(site.index.default_language).toBe("en");
    expect(times).toHaveLength(3);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950); // Retry-After: 1 over a 100 ms backoff
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(350); // the second backoff, 400 ms
  });

  it("gives up after three attempts, saying so, and at once on a permanent status", async () => {
    const busy = await serve([[502, {}]]);
    await expect(loadSite(busy.dir)).rejects.toMatchObject({ code: "http", message: expect.stringContaining("HTTP 502 (after 3 attempts)") });
    expect(busy.times).toHaveLength(3);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const missing = await serve([[404, {}]]);
    await expect(loadSite(missing.dir)).rejects.toMatchObject({ code: "not_found" });
    expect(missing.times).toHaveLength(1);
  });

  it("reports a Retry-After longer than a read waits instead of waiting", async () => {
    const { dir, times } = await serve([[503, { "Retry-After": "3600" }]]);
    await expect(loadSite(dir)).rejects.toMatchObject({ message: expect.stringContaining("retry after 3600 s") });
    expect(times).toHaveLength(1);
  });
});
