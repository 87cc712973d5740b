/**
 * What `<rangefind-search>` shows besides its box, as plain DOM: a result as a listbox option,
 * the filter menus of the sites searched, and the note on words typo tolerance replaced.
 */

import type { OpenedSite } from "./index.js";
import type { HitTarget } from "./site.js";
import type { Filters, Hit, Replaced, SearchResponse } from "./types.js";

/**
 * A result as an option of the listbox: title (› section), path and snippet, linked; and the
 * word of the query it lacks, when it lacks one (`Hit.missing`).
 */
export function resultOption(
  target: HitTarget,
  { snippet, missing }: Pick<Hit, "snippet" | "missing">,
  position: number,
): HTMLAnchorElement {
  const option = document.createElement("a");
  option.className = "result";
  option.id = `result-${position}`;
  option.href = target.href;
  option.tabIndex = -1;
  option.setAttribute("role", "option");
  option.setAttribute("aria-selected", "false");
  option.setAttribute("part", "result");
  const title = element("span", "title", target.title);
  if (target.section) title.append(element("span", "section", ` › ${target.section}`));
  const url = new URL(target.href);
  // A result of another site (several searched as one) says which.
  const path = url.origin === location.origin ? url.pathname : url.host + url.pathname;
  option.append(title, element("span", "path", path));
  if (snippet) {
    const text = element("span", "snippet", "");
    text.append(...snippetNodes(snippet));
    option.append(text);
  }
  if (missing) {
    const note = element("span", "missing", "Missing: ");
    note.append(element("s", "", missing));
    option.append(note);
  }
  return option;
}

/** HTML's five escapes, as the engine writes them (engine/src/snippets/html.rs). */
const ESCAPED: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#39;": "'" };

/**
 * A snippet (text escaped by the engine, matches in `<mark>`) as text nodes and `<mark>`
 * elements, never parsed as HTML: whatever an index or an engine let through, it is shown as
 * text, so no page's content can add markup or script to the page showing it.
 */
export function snippetNodes(snippet: string): Node[] {
  const nodes: Node[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<\/?mark>)/)) {
    if (piece === "<mark>" || piece === "</mark>") {
      marked = piece === "<mark>";
      continue;
    }
    if (!piece) continue;
    const text = piece.replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => ESCAPED[entity]);
    nodes.push(marked ? element("mark", "", text) : document.createTextNode(text));
  }
  return nodes;
}

/** A menu per filter of the sites' pages, each value with its pages in all of them. */
export function filterMenus(sites: OpenedSite["sites"]): HTMLLabelElement[] {
  const filters: Record<string, Record<string, number>> = {};
  for (const { site, language } of sites) {
    for (const [name, values] of Object.entries(site.index.languages[language].filters ?? {})) {
      const all = (filters[name] ??= {});
      for (const [value, pages] of Object.entries(values)) all[value] = (all[value] ?? 0) + pages;
    }
  }
  const names = Object.keys(filters).filter((name) => Object.keys(filters[name]).length > 0);
  return names.map((name) => {
    const select = document.createElement("select");
    select.dataset.filter = name;
    select.append(new Option(`All`, ""));
    const values = Object.entries(filters[name]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    for (const [value, pages] of values) select.append(new Option(`${value} (${pages})`, value));
    const label = element("label", "", name) as HTMLLabelElement;
    label.append(select);
    return label;
  });
}

/** The values chosen in the menus of `container`, as a search's filters. */
export function selectedFilters(container: HTMLElement): Filters {
  const filters: Filters = {};
  for (const select of container.querySelectorAll("select")) {
    if (select.value) filters[`filter.${select.dataset.filter}`] = select.value;
  }
  return filters;
}

/** ` (searched fetch for fecth)` when typo tolerance replaced words of the query. */
export function replacedNote(replaced: Replaced[] | undefined): string {
  if (!replaced?.length) return "";
  const each = replaced.map(({ word, with: instead }) => `${instead.join(" or ")} for ${word}`);
  return ` (searched ${each.join(", ")})`;
}

/**
 * ` (section: read as a filter)` when the query typed a filter key of the site as a field;
 * where a searched field has the key's name, that it searched the field.
 */
export function readAsNote(readAs: SearchResponse["read_as"]): string {
  const each = Object.entries(readAs ?? {}).map(([key, how]) =>
    how === "filter" ? `${key}: read as a filter` : `${key}: searched as a field, filter.${key}: filters`,
  );
  return each.length ? ` (${each.join("; ")})` : "";
}

function element(tag: string, className: string, text: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = text;
  return node;
}
