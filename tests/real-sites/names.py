#!/usr/bin/env python3
"""Names typed: does a page named in its title come first when its name is searched?

Usage: tests/real-sites/names.py INDEX [--before CLI INDEX] [--sample N]

API generators title a page with its name and words that say what kind of thing it names
("Module std::thread", "util::io Namespace Reference", "Primitive Type char"); a reader types
the name. For each page of INDEX (a site index, `rangefind build --site`) whose title is such a
name, searches the name through the CLI as the widget searches its box (`--typeahead`, 10
hits) and counts found@1 and found@10: a hit is the page, or a page with the same name. With
`--before CLI INDEX`, the same queries through another CLI and index beside it (a build of the
same site before a change). The name is cut here as `builder/src/site/words/title_name.rs` cuts
it, words apart by spaces; a sample of N pages (default 400; fixed seed).
BENCHMARKS.md, "Names typed", quotes it.
"""
import argparse
import json
import random
import subprocess

CLI = "target/release/rangefind"
# As builder/src/site/words/title_name.rs: KIND_WORDS.
KIND_WORDS = set(
    "annotation class constant crate definition enum exception file function interface keyword"
    " macro method module namespace package primitive record reference static struct template"
    " trait type union".split()
)


def name_of(title):
    """The title less the kind words before and after its name, or None."""
    words = title.split()
    first, last = 0, len(words)
    while first + 1 < last and words[first].lower() in KIND_WORDS:
        first += 1
    while last > first + 1 and words[last - 1].lower() in KIND_WORDS:
        last -= 1
    name = words[first:last]
    if len(name) == len(words) or all(word.lower() in KIND_WORDS for word in name):
        return None
    return " ".join(name)


def search(cli, index, query, *args):
    done = subprocess.run([cli, "search", index, "--json", "--fields", "url,title",
                           "--no-snippet", *args, "--", query], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{cli} search {index} {query!r}: {done.stderr.strip()}")
    return json.loads(done.stdout)["hits"]


def every_page(cli, index):
    pages = []
    while True:
        got = search(cli, index, "*", "--limit", "1000", "--offset", str(len(pages)))
        pages += got
        if len(got) < 1000:
            return pages


def rank(cli, index, url, name):
    hits = search(cli, index, name, "--limit", "10", "--typeahead")
    for at, hit in enumerate(hits):
        if hit["doc"]["url"] == url or name_of(hit["doc"].get("title") or "") == name:
            return at + 1
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("index")
    parser.add_argument("--before", nargs=2, metavar=("CLI", "INDEX"))
    parser.add_argument("--sample", type=int, default=400)
    parser.add_argument("--cli", default=CLI)
    args = parser.parse_args()
    runs = [("after", args.cli, args.index)]
    if args.before:
        runs.insert(0, ("before", *args.before))
    named = []
    for hit in every_page(args.cli, args.index):
        title = hit["doc"].get("title") or ""
        if name_of(title):
            named.append((hit["doc"]["url"], title, name_of(title)))
    random.Random(7).shuffle(named)
    named = named[: args.sample]
    found = {label: [0, 0] for label, _, _ in runs}
    for url, title, name in named:
        ranks = {label: rank(cli, index, url, name) for label, cli, index in runs}
        for label, at in ranks.items():
            found[label][0] += at == 1
            found[label][1] += at is not None
        if len(set(ranks.values())) > 1 or ranks["after"] != 1:
            print(f"  {name!r} ({title}): " + ", ".join(f"{k} {v}" for k, v in ranks.items()))
    print(json.dumps({label: {"names": len(named), "found@1": one, "found@10": ten}
                      for label, (one, ten) in found.items()}))


if __name__ == "__main__":
    main()
