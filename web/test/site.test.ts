import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { hitTarget, loadSite, pickLanguage, siteFrom, type SiteJson } from "../src/site.js";

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

  it("never links off the site, whatever the index's paths and anchors hold", () => {
    const link = (url: string, anchor = "") =>
      hitTarget({ id: "h", score: 1, doc: { url, title: "T", sections: ["T", "S"], anchors: ["", anchor] }, snippet_value: 1 }, root).href;
    // Names as an older build stored them, or as a hand-made index holds them.
    expect(link("/javascript:[alert(1)].html")).toBe("https://example.org/docs/javascript:[alert(1)].html");
    expect(link("javascript:alert(1)")).toBe("https://example.org/docs/javascript:alert(1)");
    expect(link("/Help:Contents.html")).toBe("https://example.org/docs/Help:Contents.html");
    expect(link("data:text/html,<script>alert(1)</script>")).toMatch(/^https:\/\/example\.org\/docs\//);
    for (const offSite of ["//evil.example/x", "\\\\evil.example\\x", "/\\evil.example", "https://evil.example/", "../../x", "/%2e%2e/%2e%2e/x"]) {
      const href = link(offSite);
      expect(new URL(href).origin, offSite).toBe("https://example.org");
      expect(new URL(href).pathname.startsWith("/docs/"), `${offSite}: ${href}`).toBe(true);
    }
    expect(link("/a.html", "javascript:alert(1)")).toBe("https://example.org/docs/a.html");
    expect(link("/a.html", "#x")).toBe("https://example.org/docs/a.html#x");
  });
});

describe("siteFrom", () => {
  const at = new URL("https://example.org/docs/_rangefind/site.json");

  it("takes a site root of the index's own host", () => {
    expect(siteFrom(index(["en"]), at).root.href).toBe("https://example.org/docs/");
    expect(siteFrom({ ...index(["en"]), site_root: undefined }, at).root.href).toBe("https://example.org/");
  });

  it("refuses a file outside the index's directory", () => {
    const withPath = (path: string) => {
      const site = index(["en"]);
      site.languages.en.site_file = { path, size: 10, open_region: [0, 10] };
      return site;
    };
    expect(siteFrom(withPath("en/a.rfsite"), at).root.href).toBe("https://example.org/docs/");
    for (const path of ["../other/_rangefind/en/a.rfsite", "/etc/passwd", "https://evil.example/a", "en/../../a", "en\\a"]) {
      expect(() => siteFrom(withPath(path), at), path).toThrow(/outside the index's directory/);
    }
  });

  it("refuses a site root elsewhere, which every link would follow", () => {
    for (const site_root of ["javascript:alert(1)//", "https://evil.example/", "//evil.example/", 7]) {
      expect(() => siteFrom({ ...index(["en"]), site_root } as unknown as SiteJson, at), String(site_root)).toThrow(/site_root/);
    }
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

  it("refuses a body past the bound, by its length or as it arrives, without taking it", async () => {
    for (const mode of ["length", "endless"]) {
      server = createServer((request, response) => {
        response.writeHead(200, mode === "length" ? { "Content-Length": String(500_000_000) } : {});
        const chunk = Buffer.alloc(1 << 20, 32);
        const more = () => {
          while (response.write(chunk)) if (response.destroyed) return;
        };
        response.on("drain", more);
        response.on("error", () => {});
        more();
      });
      await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      await expect(loadSite(new URL(`http://127.0.0.1:${port}/_rangefind/`)), mode).rejects.toMatchObject({
        code: "corrupt",
        message: expect.stringContaining("larger than the 64 MiB"),
      });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it("reports a Retry-After longer than a read waits instead of waiting", async () => {
    const { dir, times } = await serve([[503, { "Retry-After": "3600" }]]);
    await expect(loadSite(dir)).rejects.toMatchObject({ message: expect.stringContaining("retry after 3600 s") });
    expect(times).toHaveLength(1);
  });
});
