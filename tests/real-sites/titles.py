#!/usr/bin/env python3
"""Do a site's pages get the title a reader sees? Compares each page's title in a site index
with its <title> less the affix most of the site's titles share (" — Project documentation",
"Project: "), worked out here on its own, not with the builder's code.

    tests/real-sites/titles.py SITE [INDEX]     # INDEX defaults to SITE/_rangefind

A title counts as the reader's when, lowercased and cut into words, it holds at least half of
the words of the cleaned <title> (rustdoc's "Struct std::vec::Vec" for "Vec in std::vec"). Pages without a <title> are not checked. Prints the share of pages that
get their title, the title the most pages share, and a few misses; exits 0.
"""
import collections
import html
import json
import os
import re
import subprocess
import sys
import urllib.parse

SEPARATOR = re.compile(r"\s+[-–—|·:•»/~]+\s+|:\s+")
WORD = re.compile(r"[^\W_]+")


def title_of(path):
    with open(path, "rb") as f:
        text = f.read(200_000).decode("utf-8", "replace")
    head = text.split("</head>", 1)[0]
    match = re.search(r"<title[^>]*>(.*?)</title>", head, re.S | re.I)
    if not match:
        return None
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", match.group(1))).split())


def shared_affixes(titles):
    """Prefixes and suffixes cut at a separator that at least half of the titles share."""
    prefixes, suffixes = collections.Counter(), collections.Counter()
    for title in titles:
        cuts = list(SEPARATOR.finditer(title))
        prefixes.update({title[: m.end()] for m in cuts if m.start() > 0 and m.end() < len(title)})
        suffixes.update({title[m.start():] for m in cuts if m.start() > 0 and m.end() < len(title)})
    enough = max(3, (len(titles) + 1) // 2)
    by_length = lambda counter: sorted((a for a, n in counter.items() if n >= enough), key=len, reverse=True)
    return by_length(prefixes), by_length(suffixes)


def clean(title, prefixes, suffixes):
    for prefix in prefixes:
        if title.startswith(prefix) and len(title) > len(prefix):
            title = title[len(prefix):]
            break
    for suffix in suffixes:
        if title.endswith(suffix) and len(title) > len(suffix):
            title = title[: -len(suffix)]
            break
    return title.strip()


def words(text):
    return set(WORD.findall(text.lower()))


def agrees(indexed, expected):
    a, b = words(indexed), words(expected)
    if not a or not b:
        return indexed.strip().lower() == expected.strip().lower()
    return len(a & b) * 2 >= len(b)


def indexed_pages(index):
    cli = os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "rangefind")
    pages = {}
    for offset in range(0, 1_000_000, 1000):
        answer = json.loads(subprocess.run(
            [cli, "search", index, "*", "--json", "--limit", "1000", "--offset", str(offset),
             "--no-snippet", "--fields", "url,title"], check=True, capture_output=True).stdout)
        for hit in answer["hits"]:
            pages[hit["doc"]["url"]] = hit["doc"].get("title", "")
        if len(answer["hits"]) < 1000:
            return pages
    return pages


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    site = sys.argv[1]
    index = sys.argv[2] if len(sys.argv) > 2 else os.path.join(site, "_rangefind")
    pages = indexed_pages(index)
    expected = {}
    for url in pages:
        path = urllib.parse.unquote(url.lstrip("/"))
        file = os.path.join(site, path)
        if url.endswith("/"):
            file = os.path.join(file, "index.html")
        if os.path.isfile(file):
            title = title_of(file)
            if title:
                expected[url] = title
    prefixes, suffixes = shared_affixes(list(expected.values()))
    checked = {url: clean(title, prefixes, suffixes) for url, title in expected.items()}
    misses = [(url, pages[url], want) for url, want in sorted(checked.items()) if not agrees(pages[url], want)]
    shared = collections.Counter(pages.values()).most_common(1)
    right = len(checked) - len(misses)
    print(json.dumps({
        "site": site,
        "pages": len(pages),
        "checked": len(checked),
        "right": right,
        "share": round(right / max(1, len(checked)), 4),
        "affixes": prefixes[:1] + suffixes[:2],
        "most_shared_title": shared[0] if shared else None,
        "misses": [{"url": u, "indexed": got, "title": want} for u, got, want in misses[:8]],
    }, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
