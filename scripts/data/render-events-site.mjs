#!/usr/bin/env node
// Renders the shared events corpus (GH-Archive-shaped commits, pull requests and tags of 19 real
// projects) into a static HTML site of N pages, one per event, to measure static-site search at
// sizes no bundled site has (BENCHMARKS.md, "A million pages"). Streams: the corpus is read through `zstd -dc` and each
// page written as it is read, so memory does not grow with N.
//
//   node scripts/data/render-events-site.mjs --pages 10000 --out out/events-site/10k
//   node scripts/data/render-events-site.mjs --pages all --out out/events-site/all
//
// Options: --pages N|all (default 10000), --out DIR (required; emptied first), --input FILE
// (default ../shared/corpora/events-dev.jsonl.zst), --queries FILE (also write a query log
// sampled from the rendered pages: `{"query", "kind"}` per line, as the shared logs: titles,
// body words, prefixes, a word within a repository, two words of a title).
//
// Which events: N spread evenly over the whole corpus (which is sorted by time), so every size
// has every project and era. A page: `<title>` the commit subject (pull request title, tag
// name), `<h1>` the same, then the rest of the message (or the pull request's body), the files
// changed, repository, author login and date; `data-pagefind-filter` repository and type (read
// by rangefind and Pagefind alike), `<html lang="en">`. Pages go to YEAR/MONTH/DAY/ID.html: no
// directory holds more than a few thousand entries.

import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function parseArgs(argv) {
  const options = { pages: "10000", out: null, input: join(repo, "../shared/corpora/events-dev.jsonl.zst"), queries: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    const key = { "--pages": "pages", "--out": "out", "--input": "input", "--queries": "queries" }[flag];
    if (flag === "-h" || flag === "--help") {
      console.log("usage: node scripts/data/render-events-site.mjs --pages N|all --out DIR [--input FILE] [--queries FILE]");
      process.exit(0);
    }
    if (!key || value === undefined) fail(`unknown or incomplete option ${flag} (see --help)`);
    options[key] = value;
    i++;
  }
  if (!options.out) fail("--out DIR is required (see --help)");
  if (options.pages !== "all" && !(Number(options.pages) > 0)) fail(`--pages ${options.pages}: a positive number or "all"`);
  if (!existsSync(options.input)) fail(`${options.input} is missing: the events corpus lives in ../shared/corpora`);
  return options;
}

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(2);
}

/** The corpus's lines, decompressed by the zstd command (Node 20 has no zstd). */
function lines(input) {
  const zstd = spawn("zstd", ["-dc", input], { stdio: ["ignore", "pipe", "inherit"] });
  zstd.on("error", (error) => fail(`running zstd: ${error.message} (scripts/setup.sh installs it)`));
  const reader = createInterface({ input: zstd.stdout, crlfDelay: Infinity });
  return { reader, stop: () => zstd.kill() };
}

async function countLines(input) {
  let count = 0;
  const { reader } = lines(input);
  for await (const _ of reader) count++;
  return count;
}

const escape = (text) =>
  String(text ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** Title and body text of an event. */
function content(event) {
  const payload = event.payload ?? {};
  if (event.type === "PullRequestEvent") {
    const pr = payload.pull_request ?? {};
    return { title: pr.title || `Pull request #${payload.number}`, body: pr.body ?? "", files: [] };
  }
  if (event.type === "CreateEvent") {
    const description = payload.description ? `: ${payload.description}` : "";
    return { title: `${payload.ref_type ?? "ref"} ${payload.ref}${description}`, body: payload.description ?? "", files: [] };
  }
  const message = String(payload.message ?? "");
  const cut = message.indexOf("\n");
  const subject = (cut < 0 ? message : message.slice(0, cut)).trim() || `Commit ${String(payload.sha ?? "").slice(0, 10)}`;
  return { title: subject, body: cut < 0 ? "" : message.slice(cut + 1).trim(), files: payload.files ?? [] };
}

function page(event, { title, body, files }) {
  const repository = event.repo?.name ?? "";
  const login = event.payload?.author?.login ?? event.actor?.login ?? "";
  const date = String(event.created_at ?? "");
  const fileList = files.length ? `<h2>Files</h2><ul>${files.map((f) => `<li><code>${escape(f)}</code></li>`).join("")}</ul>` : "";
  const message = body ? `<h2>Message</h2><pre>${escape(body)}</pre>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><header><nav><a href="/">Events</a> › ${escape(repository)}</nav></header>
<main data-pagefind-body><h1>${escape(title)}</h1>
<p class="meta"><span data-pagefind-filter="repository">${escape(repository)}</span> · <span data-pagefind-filter="type">${escape(event.type)}</span> · by ${escape(login)} · <time datetime="${escape(date)}">${escape(date.slice(0, 10))}</time></p>
${message}${fileList}</main>
<footer>Rendered from public commit metadata (GH-Archive-shaped) for search benchmarks.</footer></body></html>
`;
}

/** A query log drawn from the rendered pages (fixed seed): titles as typed, words of bodies, prefixes, words within a repository (a filter), two words of a title. */
class QueryLog {
  constructor(wanted) {
    this.wanted = wanted;
    this.seen = 0;
    this.kept = [];
    this.state = 42;
  }
  random() {
    // mulberry32
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Reservoir sampling of pages. */
  offer(event, text) {
    this.seen++;
    const item = { repository: event.repo?.name ?? "", title: text.title, body: text.body };
    if (this.kept.length < this.wanted) this.kept.push(item);
    else {
      const at = Math.floor(this.random() * this.seen);
      if (at < this.wanted) this.kept[at] = item;
    }
  }
  queries() {
    const words = (text) => (text.match(/[A-Za-z][A-Za-z]{5,}/g) ?? []).map((w) => w.toLowerCase());
    const pick = (list) => list[Math.floor(this.random() * list.length)];
    const out = [];
    this.kept.forEach((item, i) => {
      const titleWords = words(item.title);
      const bodyWords = words(item.body);
      switch (i % 4) {
        case 0:
          out.push({ query: item.title, kind: "title" });
          break;
        case 1:
          if (bodyWords.length) out.push({ query: pick(bodyWords), kind: "body_word" });
          break;
        case 2: {
          const word = pick(titleWords.length ? titleWords : bodyWords);
          if (word) out.push({ query: `${word.slice(0, 4)}*`, kind: "prefix" });
          break;
        }
        default: {
          const word = pick(titleWords);
          if (word) out.push({ query: word, kind: "repository", filter: { repository: item.repository } });
        }
      }
    });
    // Two words of a commit subject (or title), in their order: queries of several common
    // words, whose cost grows with the site unless their postings are read in part. Drawn
    // with a random stream of their own, so the kinds above stay what they were.
    const pairs = new QueryLog(0);
    pairs.state = 4242;
    for (const item of this.kept) {
      if (out.filter((q) => q.kind === "two_words").length >= TWO_WORD_QUERIES) break;
      const titleWords = item.title.match(/[A-Za-z]{2,}/g) ?? [];
      if (titleWords.length < 2) continue;
      const first = Math.floor(pairs.random() * (titleWords.length - 1));
      const second = first + 1 + Math.floor(pairs.random() * (titleWords.length - first - 1));
      out.push({ query: `${titleWords[first]} ${titleWords[second]}`, kind: "two_words" });
    }
    return out;
  }
}

/** How many two-word queries the log holds. */
const TWO_WORD_QUERIES = 40;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  process.stderr.write("counting the corpus's events… ");
  const total = await countLines(options.input);
  const pages = options.pages === "all" ? total : Math.min(total, Number(options.pages));
  console.error(`${total.toLocaleString("en")}; rendering ${pages.toLocaleString("en")} pages into ${options.out}`);
  rmSync(options.out, { recursive: true, force: true });
  mkdirSync(options.out, { recursive: true });
  const made = new Set();
  const log = options.queries ? new QueryLog(200) : null;
  const { reader, stop } = lines(options.input);
  const rendering = Date.now();
  let index = 0;
  let written = 0;
  for await (const line of reader) {
    // Event i is kept when it crosses the next multiple of total/pages: N spread evenly.
    const keep = Math.floor(((index + 1) * pages) / total) > Math.floor((index * pages) / total);
    index++;
    if (!keep) continue;
    const event = JSON.parse(line);
    const text = content(event);
    const day = String(event.created_at ?? "0000-00-00").slice(0, 10).split("-");
    const dir = join(options.out, ...day);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(join(dir, `${event.id}.html`), page(event, text));
    log?.offer(event, text);
    written++;
    if (written % 20000 === 0) {
      const seconds = (Date.now() - rendering) / 1000;
      const eta = ((pages - written) * seconds) / written;
      console.error(`  ${written.toLocaleString("en")} / ${pages.toLocaleString("en")} pages, ${Math.round(written / seconds)} pages/s, about ${Math.round(eta)} s left`);
    }
    if (written >= pages) break;
  }
  stop();
  writeFileSync(
    join(options.out, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Events</title></head><body><main><h1>Events</h1><p>${written} events of 19 projects, one page each, under YEAR/MONTH/DAY/.</p></main></body></html>\n`,
  );
  if (log) writeFileSync(options.queries, log.queries().map((q) => JSON.stringify(q)).join("\n") + "\n");
  console.error(`wrote ${written.toLocaleString("en")} pages in ${made.size.toLocaleString("en")} directories in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => fail(error.stack ?? String(error)));
