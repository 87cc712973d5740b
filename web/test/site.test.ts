import { describe, expect, it } from "vitest";
import { hitTarget, pickLanguage, type SiteIndex } from "../src/site.js";

const index = (languages: string[], default_language = languages[0]): SiteIndex => ({
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
