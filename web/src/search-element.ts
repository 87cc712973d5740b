/**
 * `<rangefind-search>`: a search box for a static site indexed with `rangefind build --site`.
 *
 * ```html
 * <script type="module" src="/_rangefind/rangefind-search.js"></script>
 * <rangefind-search></rangefind-search>
 * ```
 *
 * Nothing of the engine or the index is downloaded until the box is focused or typed in. Then
 * it reads `site.json`, opens the site file of the page's language (`<html lang>`) with the
 * site engine (one read of its head), and searches as the reader types: an ARIA combobox whose listbox holds the results, moved through with the
 * arrow keys, with the result count announced to screen readers.
 *
 * Attributes: `index` (the `_rangefind/` directory; default: where this script is; several,
 * separated by spaces, are searched as one: `index="/_rangefind/ https://blog.example.com/_rangefind/"`),
 * `placeholder`, `label` (the box's accessible name), `limit` (results per page, default 10),
 * `lang` (the index language; default: the page's), `debounce` (milliseconds to wait after a key
 * before searching; default: half again the reader's own pace between keys, 120–350 ms),
 * `theme` (`light` or `dark`; default: the page's, from its background or `color-scheme`),
 * `deadline` (milliseconds opening the index, and each search, may take before the box shows
 * an error; default 30000).
 *
 * Each answer shown fires `rangefind-results` (bubbling out of the shadow root) with a
 * {@link ResultsDetail}: the query, its cost in `response.stats`, and the time it took.
 */

import { openSite, type OpenedSite, type RangefindIndex } from "./index.js";
import { STYLE } from "./search-element-style.js";
import { pageScheme } from "./page-scheme.js";
import { ReadAhead, TypingPace } from "./typing.js";
import { filterMenus, readAsNote, replacedNote, resultOption, selectedFilters } from "./results-view.js";
import { hitTarget, RESULT_FIELDS, type HitTarget } from "./site.js";
import { RangefindError, type Filters, type SearchResponse } from "./types.js";

/** The `detail` of the `rangefind-results` event the element fires when it shows results. */
export interface ResultsDetail {
  /** The text searched: the box's text, trimmed. */
  query: string;
  /**
   * Whether it was searched as text still being typed (`typeahead`: pages its last word
   * completes to follow the pages it finds as typed); false after Enter.
   */
  typeahead: boolean;
  filters: Filters;
  response: SearchResponse;
  /** Milliseconds from sending the search to its answer, the engine's loading included. */
  ms: number;
}

/** The open site indexes: the engine on one language's index of each site. */
interface Engine {
  sites: OpenedSite["sites"];
  index: RangefindIndex;
}

const TEMPLATE = `
<div class="search" part="container">
  <input part="input" type="search" role="combobox" aria-autocomplete="list" aria-expanded="false"
    aria-controls="results" autocomplete="off" autocapitalize="off" spellcheck="false" enterkeyhint="search">
  <div class="filters" part="filters" role="group" aria-label="Filters" hidden></div>
  <div class="status" part="status" role="status" aria-live="polite" aria-atomic="true"></div>
  <div id="results" class="results" part="results" role="listbox" aria-label="Search results" hidden></div>
  <button class="more" part="more" type="button" hidden>More results</button>
</div>`;

export class RangefindSearchElement extends HTMLElement {
  private readonly root: ShadowRoot;
  private readonly input: HTMLInputElement;
  private readonly filters: HTMLElement;
  private readonly status: HTMLElement;
  private readonly listbox: HTMLElement;
  private readonly more: HTMLButtonElement;
  private engine: Promise<Engine> | null = null;
  private targets: HitTarget[] = [];
  private active = -1;
  /** The search whose results are shown, to repeat it for "More results". */
  private shown: Search | null = null;
  /** Enter was pressed since the last keystroke: the text is searched as typed, no completion. */
  private finished = false;
  /** Bumped by each search: an answer to an older one is dropped. */
  private generation = 0;
  private inFlight: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the reader stops typing, without a `debounce` attribute. */
  private readonly pace = new TypingPace();
  /** Reads the words of the text being typed, between keys (a count alone: no records). */
  private readonly readAhead = new ReadAhead(async (text) => {
    const { index } = await this.start();
    return index.search(text, {
      limit: 0,
      typeahead: true,
      count_all: false,
      filters: selectedFilters(this.filters),
    });
  });
  /** Follows the page's colours while connected (see {@link followPageScheme}). */
  private schemeWatch: (() => void) | null = null;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: "open" });
    this.root.innerHTML = TEMPLATE;
    adoptStyle(this.root);
    this.input = this.byPart("input") as HTMLInputElement;
    this.filters = this.byPart("filters");
    this.status = this.byPart("status");
    this.listbox = this.byPart("results");
    this.more = this.byPart("more") as HTMLButtonElement;
    this.input.addEventListener("focus", () => {
      this.matchPage();
      void this.start().catch(() => {});
    });
    // While an input method composes (Chinese, Japanese, Korean), the text is not yet what
    // the reader means (`けんさく` before it becomes `検索`): it is searched once composed.
    // Text an input method is still composing is not searched: its composition's end is.
    const typed = () => {
      this.finished = false;
      this.pace.key();
      // The search in flight answers text the reader has typed past: it stops reading.
      this.inFlight?.abort();
      if (this.input.value.trim()) this.readAhead.want(this.input.value);
      this.scheduleSearch();
    };
    this.input.addEventListener("input", (event) => {
      if (!(event as InputEvent).isComposing) typed();
    });
    this.input.addEventListener("compositionend", typed);
    this.input.addEventListener("keydown", (event) => this.onKey(event));
    this.filters.addEventListener("change", () => this.searchNow());
    this.more.addEventListener("click", () => void this.search(true));
  }

  connectedCallback(): void {
    this.input.placeholder = this.getAttribute("placeholder") ?? "Search";
    this.input.setAttribute("aria-label", this.getAttribute("label") ?? "Search this site");
    this.schemeWatch = this.followPageScheme();
  }

  disconnectedCallback(): void {
    this.schemeWatch?.();
    this.schemeWatch = null;
    clearTimeout(this.timer);
    this.inFlight?.abort();
    this.closeEngine();
  }

  /**
   * Without a `theme` attribute the box takes the page's colours ({@link pageScheme}), now
   * and when the page switches them (a class or style on `<html>` or `<body>`, or the
   * reader's preference). Returns what stops following.
   */
  private followPageScheme(): () => void {
    this.matchPage();
    const observer = new MutationObserver(() => this.matchPage());
    const watched = { attributes: true, attributeFilter: ["class", "style", "data-theme", "data-color-scheme"] };
    observer.observe(document.documentElement, watched);
    if (document.body) observer.observe(document.body, watched);
    const preference = matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => this.matchPage();
    preference.addEventListener("change", onChange);
    return () => {
      observer.disconnect();
      preference.removeEventListener("change", onChange);
    };
  }

  private matchPage(): void {
    const scheme = pageScheme(this);
    if (this.getAttribute("data-page-scheme") !== scheme) this.setAttribute("data-page-scheme", scheme);
  }

  private closeEngine(): void {
    const engine = this.engine;
    this.engine = null;
    void engine?.then((open) => open.index.close()).catch(() => {});
  }

  /** Loads the engine and the index now, instead of on first focus. */
  start(): Promise<Engine> {
    this.engine ??= this.open().catch((error: unknown) => {
      // Let the next focus or keystroke try again.
      this.engine = null;
      this.showError(error);
      throw error;
    });
    return this.engine;
  }

  private async open(): Promise<Engine> {
    const listed = (this.getAttribute("index") ?? "").split(/\s+/).filter(Boolean);
    const dirs = (listed.length > 0 ? listed : [SCRIPT_DIR]).map((dir) => new URL(dir, document.baseURI));
    const lang = this.getAttribute("lang") ?? undefined;
    const deadline = Number(this.getAttribute("deadline") ?? NaN);
    const deadlineMs = Number.isFinite(deadline) && deadline >= 0 ? deadline : undefined;
    // Written by `build --site` (it inlined site.json): the engine's files are beside this
    // script, and so is the index, unless a rebuild has replaced the site since. Bundled from
    // the npm package instead, the bundler emits worker.js (openSite's default start).
    const engineDir = INLINED_SITE === undefined ? undefined : SCRIPT_DIR;
    const inlined = dirs[0].href === SCRIPT_DIR && !inlinedSiteIsStale ? INLINED_SITE : undefined;
    const opened = await openSite(dirs, { lang, siteIndex: inlined, engineDir, deadlineMs }).catch((error: unknown) => {
      if (inlined === undefined || !(error instanceof RangefindError) || error.code !== "not_found") throw error;
      inlinedSiteIsStale = true;
      return openSite(dirs, { lang, engineDir, deadlineMs });
    });
    const { sites, index } = opened;
    this.filters.replaceChildren(...filterMenus(sites));
    this.filters.hidden = this.filters.childElementCount === 0;
    // Read what a first query needs beyond the open (a site file's lexicon index; an older
    // index's split hotcaches) while the reader is still typing. A failure here resurfaces,
    // explained, in the search itself.
    await index.preload().catch(() => {});
    return { sites, index };
  }

  private scheduleSearch(): void {
    clearTimeout(this.timer);
    const fixed = Number(this.getAttribute("debounce") ?? NaN);
    const delay = Number.isFinite(fixed) ? fixed : this.pace.pause();
    this.timer = setTimeout(() => void this.search(false), delay);
  }

  private searchNow(): void {
    clearTimeout(this.timer);
    void this.search(false);
  }

  /** Runs the box's query; `more` appends the next page of the results shown. */
  private async search(more: boolean): Promise<void> {
    // The engine completes the last word itself, unless the text ends in a space or
    // punctuation, so the hits start with what the same text finds in the CLI.
    const search: Search =
      more && this.shown
        ? this.shown
        : { text: this.input.value, typeahead: !this.finished, filters: selectedFilters(this.filters) };
    const query = search.text.trim();
    const generation = ++this.generation;
    this.inFlight?.abort();
    if (!query) {
      this.showResults(null, null, false);
      return;
    }
    const controller = new AbortController();
    this.inFlight = controller;
    this.byPart("container").classList.add("loading");
    const started = performance.now();
    try {
      const { index, sites } = await this.start();
      const response = await this.searchOnce(index, search, more, controller.signal).catch(
        async (error: unknown) => {
          // A rebuild deleted the site file this reader opened: read the new one.
          if (!(error instanceof RangefindError) || error.code !== "not_found") throw error;
          inlinedSiteIsStale = true;
          this.closeEngine();
          const reopened = await this.start();
          return this.searchOnce(reopened.index, search, more, controller.signal);
        },
      );
      if (generation !== this.generation) return;
      this.showResults(response, search, more, sites);
      const { typeahead, filters } = search;
      const detail: ResultsDetail = { query, typeahead, filters, response, ms: performance.now() - started };
      this.dispatchEvent(new CustomEvent("rangefind-results", { bubbles: true, composed: true, detail }));
    } catch (error) {
      if (generation !== this.generation || (error instanceof RangefindError && error.code === "aborted")) return;
      this.showError(error);
    } finally {
      if (generation === this.generation) this.byPart("container").classList.remove("loading");
    }
  }

  private searchOnce(index: RangefindIndex, search: Search, more: boolean, signal: AbortSignal) {
    return index.search(search.text, {
      limit: this.limit(),
      offset: more ? this.targets.length : 0,
      fields: RESULT_FIELDS,
      filters: search.filters,
      typeahead: search.typeahead,
      // The first hits, not every one: a common word's postings past its best stay unread,
      // and the count may be a lower bound (shown as "N+").
      count_all: false,
      signal,
    });
  }

  private limit(): number {
    const limit = Number(this.getAttribute("limit") ?? 10);
    return Number.isInteger(limit) && limit > 0 ? Math.min(limit, 100) : 10;
  }

  private showResults(response: SearchResponse | null, search: Search | null, more: boolean, sites?: Engine["sites"]): void {
    this.status.classList.remove("error");
    if (!more) {
      this.listbox.replaceChildren();
      this.targets = [];
      this.setActive(-1);
    }
    if (!response || !sites) {
      this.shown = null;
      this.status.textContent = "";
      this.setOpen(false);
      this.more.hidden = true;
      return;
    }
    this.shown = search;
    const { count } = response;
    const atLeast = response.count_is_lower_bound ?? false;
    for (const hit of response.hits) {
      const target = hitTarget(hit, sites[hit.index ?? 0].site.root);
      const position = this.targets.length;
      const option = resultOption(target, hit, position);
      option.addEventListener("mousemove", () => this.setActive(position));
      this.listbox.append(option);
      this.targets.push(target);
    }
    const typed = this.input.value.trim();
    this.status.textContent =
      (count === 0
        ? `No results for “${typed}”`
        : `${count}${atLeast ? "+" : ""} result${count === 1 && !atLeast ? "" : "s"} for “${typed}”` +
          replacedNote(response.replaced) +
          (this.targets.length < count || atLeast ? `, showing ${this.targets.length}` : "")) +
      readAsNote(response.read_as);
    this.setOpen(this.targets.length > 0);
    this.more.hidden = this.targets.length >= count && !atLeast;
  }

  private showError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.status.classList.add("error");
    this.status.textContent = `Search is unavailable: ${message}`;
    this.byPart("container").classList.remove("loading");
  }

  private onKey(event: KeyboardEvent): void {
    // Keys that pick or commit an input method's candidate are the input method's.
    if (event.isComposing || event.keyCode === 229) return;
    const last = this.targets.length - 1;
    switch (event.key) {
      case "ArrowDown":
        if (last < 0) return;
        this.setOpen(true);
        this.setActive(this.active >= last ? 0 : this.active + 1);
        break;
      case "ArrowUp":
        if (last < 0) return;
        this.setOpen(true);
        this.setActive(this.active <= 0 ? last : this.active - 1);
        break;
      case "Enter":
        if (this.active >= 0 && !this.listbox.hidden) {
          (this.listbox.children[this.active] as HTMLAnchorElement).click();
        } else {
          this.finished = true;
          this.searchNow();
        }
        break;
      case "Escape":
        if (!this.listbox.hidden) {
          this.setActive(-1);
          this.setOpen(false);
        } else if (this.input.value) {
          this.input.value = "";
          this.searchNow();
        } else return;
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  private setActive(position: number): void {
    this.listbox.children[this.active]?.setAttribute("aria-selected", "false");
    this.active = position;
    const option = this.listbox.children[position] as HTMLElement | undefined;
    if (option) {
      option.setAttribute("aria-selected", "true");
      option.scrollIntoView({ block: "nearest" });
      this.input.setAttribute("aria-activedescendant", option.id);
    } else {
      this.input.removeAttribute("aria-activedescendant");
    }
  }

  private setOpen(open: boolean): void {
    this.listbox.hidden = !open;
    this.input.setAttribute("aria-expanded", String(open));
  }

  private byPart(name: string): HTMLElement {
    return this.root.querySelector(`[part="${name}"]`) as HTMLElement;
  }
}

/** One search of the box: its text, how it was typed, the filters chosen. */
interface Search {
  text: string;
  /** Still being typed: the engine completes the last word (`typeahead`). */
  typeahead: boolean;
  filters: Filters;
}

/** The directory this script was loaded from: where `build --site` puts it, next to `site.json`. */
const SCRIPT_DIR = new URL(".", import.meta.url).href;

/** The widget's stylesheet, made once and shared by every box on the page. */
let sheet: CSSStyleSheet | undefined;

/**
 * Styles `root` with a constructed stylesheet, not a `<style>` element: a page whose
 * Content-Security-Policy has no `style-src 'unsafe-inline'` blocks the element but not a
 * stylesheet made by script (docs/deploy.md, "Content-Security-Policy"). Browsers without
 * constructable stylesheets (none that run the engine: it needs Safari 16.4, as they do) get
 * the element.
 */
function adoptStyle(root: ShadowRoot): void {
  if (!("adoptedStyleSheets" in root) || typeof CSSStyleSheet.prototype.replaceSync !== "function") {
    const style = document.createElement("style");
    style.textContent = STYLE;
    root.prepend(style);
    return;
  }
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  root.adoptedStyleSheets = [sheet];
}

/** `site.json` as `build --site` inlined it into this script (it declares the variable before
 * the script's code), saving a request before the engine can start; undefined in the npm
 * package's copy. */
declare const __RANGEFIND_SITE__: unknown;
const INLINED_SITE: unknown = typeof __RANGEFIND_SITE__ === "undefined" ? undefined : __RANGEFIND_SITE__;

/** Set when the inlined site.json named a site file that is gone (a rebuild, this script from
 * the browser's cache): site.json is read from then on. */
let inlinedSiteIsStale = false;

if (!customElements.get("rangefind-search")) customElements.define("rangefind-search", RangefindSearchElement);

declare global {
  interface HTMLElementTagNameMap {
    "rangefind-search": RangefindSearchElement;
  }
  interface HTMLElementEventMap {
    "rangefind-results": CustomEvent<ResultsDetail>;
  }
}
