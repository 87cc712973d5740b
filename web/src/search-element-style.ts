/**
 * The look of `<rangefind-search>`. Every colour, the font and the corner radius are CSS
 * custom properties a page can set on the element (`rangefind-search { --rangefind-accent:
 * teal }`); the defaults follow the page, light or dark (the element marks which in
 * `data-page-scheme`, see page-scheme.ts), and the `theme` attribute (`light`, `dark`) pins one.
 */

/** The dark palette: used under `theme="dark"`, and by default on a dark page. */
const DARK = `
  --rangefind-text: #ececf1;
  --rangefind-muted: #b4b4c0;
  --rangefind-background: #17171b;
  --rangefind-surface: #26262d;
  --rangefind-border: #74747f;
  --rangefind-accent: #8ab4f8;
  --rangefind-mark-background: #6b5300;
  --rangefind-mark-text: #ffffff;
  --rangefind-error: #f2b8b5;`;

export const STYLE = `
:host {
  --rangefind-font: system-ui, sans-serif;
  --rangefind-font-size: 1rem;
  --rangefind-radius: 8px;
  --rangefind-text: #1b1b1f;
  --rangefind-muted: #55555f;
  --rangefind-background: #ffffff;
  --rangefind-surface: #f1f2f6;
  --rangefind-border: #8e8e99;
  --rangefind-accent: #0b57d0;
  --rangefind-mark-background: #ffe27a;
  --rangefind-mark-text: #1b1b1f;
  --rangefind-error: #b3261e;
  display: block;
  font-family: var(--rangefind-font);
  font-size: var(--rangefind-font-size);
  color: var(--rangefind-text);
}
:host([hidden]) { display: none; }
:host([theme="dark"]),
:host([data-page-scheme="dark"]:not([theme="light"])) {
  ${DARK}
}
.search {
  background: var(--rangefind-background);
  color: var(--rangefind-text);
  border-radius: var(--rangefind-radius);
}
input {
  box-sizing: border-box;
  width: 100%;
  padding: 0.6em 0.8em;
  font: inherit;
  color: inherit;
  background: var(--rangefind-background);
  border: 1px solid var(--rangefind-border);
  border-radius: var(--rangefind-radius);
}
input:focus-visible, select:focus-visible, button:focus-visible {
  outline: 2px solid var(--rangefind-accent);
  outline-offset: 1px;
}
.filters { display: flex; flex-wrap: wrap; gap: 0.5em 1em; margin-top: 0.5em; }
.filters[hidden] { display: none; }
label { color: var(--rangefind-muted); font-size: 0.875em; }
select {
  margin-left: 0.4em;
  font: inherit;
  color: var(--rangefind-text);
  background: var(--rangefind-background);
  border: 1px solid var(--rangefind-border);
  border-radius: calc(var(--rangefind-radius) / 2);
  padding: 0.2em 0.4em;
}
.status { margin: 0.6em 0.2em; min-height: 1.2em; color: var(--rangefind-muted); font-size: 0.875em; }
.status.error { color: var(--rangefind-error); }
.search.loading .status::after { content: " …"; }
.results { display: flex; flex-direction: column; gap: 0.25em; }
.results[hidden] { display: none; }
.result {
  display: block;
  padding: 0.6em 0.8em;
  border-radius: var(--rangefind-radius);
  border-left: 3px solid transparent;
  color: inherit;
  text-decoration: none;
}
.result:hover { background: var(--rangefind-surface); }
.result[aria-selected="true"] {
  background: var(--rangefind-surface);
  border-left-color: var(--rangefind-accent);
}
.title { color: var(--rangefind-accent); font-weight: 600; }
.result:hover .title { text-decoration: underline; }
.section { color: var(--rangefind-text); font-weight: 400; }
.path { display: block; color: var(--rangefind-muted); font-size: 0.8em; overflow-wrap: anywhere; }
.snippet { display: block; margin-top: 0.2em; font-size: 0.9em; line-height: 1.45; }
.missing { display: block; color: var(--rangefind-muted); font-size: 0.8em; }
mark { background: var(--rangefind-mark-background); color: var(--rangefind-mark-text); border-radius: 2px; }
.more {
  margin: 0.5em 0.2em;
  font: inherit;
  font-size: 0.9em;
  color: var(--rangefind-accent);
  background: transparent;
  border: 1px solid var(--rangefind-border);
  border-radius: var(--rangefind-radius);
  padding: 0.4em 0.9em;
  cursor: pointer;
}
.more[hidden] { display: none; }
`;
