import { describe, expect, it } from "vitest";
import { typeaheadQuery } from "../src/typeahead.js";

describe("typeaheadQuery", () => {
  it("makes the last word of plain text both a word and a prefix", () => {
    expect(typeaheadQuery("fetch ap")).toBe("fetch (ap OR ap*)");
    expect(typeaheadQuery("  promi")).toBe("(promi OR promi*)");
    expect(typeaheadQuery("héllo wörl")).toBe("héllo (wörl OR wörl*)");
  });

  it("leaves a finished word alone: a space ends it", () => {
    expect(typeaheadQuery("fetch api ")).toBe("fetch api");
    expect(typeaheadQuery("")).toBe("");
    expect(typeaheadQuery("   ")).toBe("");
  });

  it("adds only a star to text that uses the query syntax", () => {
    expect(typeaheadQuery('"flex container" ali')).toBe('"flex container" ali*');
    expect(typeaheadQuery("title:array fil")).toBe("title:array fil*");
    expect(typeaheadQuery("css OR gri")).toBe("css OR gri*");
    expect(typeaheadQuery("flex -gri")).toBe("flex -gri");
  });

  it("never puts a star inside an open phrase, after an operator or on punctuation", () => {
    expect(typeaheadQuery('"flex cont')).toBe('"flex cont');
    expect(typeaheadQuery("css OR")).toBe("css OR");
    expect(typeaheadQuery("Array.prototype.ma")).toBe("Array.prototype.ma");
    expect(typeaheadQuery("promis*")).toBe("promis*");
    expect(typeaheadQuery("map()")).toBe("map()");
  });
});
