#!/usr/bin/env python3
"""What each area of a .wasm module costs after brotli: the area's function bodies blanked
(replaced by `unreachable`), the module compressed again (brotli -q 11), the difference printed.

Usage: scripts/size/wasm-brotli-areas.py MODULE.wasm [split | LABEL=REGEX ...]

MODULE must keep its names section (wasm-opt -g); the names section itself is left out of
every measurement. An area is the functions whose demangled name matches REGEX; without
arguments, the site engine's areas as BENCHMARKS.md ("Engine size") lists them; with `split`,
the split engine's. An area's
figure is what removing its code alone would save: areas that share code each count it.
Each area costs one brotli run of the module (about a second per 300 KB).
"""
import re
import subprocess
import sys

from wasm_module import Module, uleb

SITE_ENGINE_AREAS = [
    ("deflate: miniz_oxide and Frames", r"miniz_oxide|frames::Frames"),
    ("the open", r"SiteToOpen|future_to_promise.*SiteIndex>::open|OpenRegion|footer|head_meta|layout::Head"),
    ("the search's steps", r"site::search|read_each|read_records|typo_step"),
    ("the search's future at the JS boundary", r"future_to_promise.*search_promise"),
    ("the query language", r"query_syntax|query_text|site::query"),
    ("typo tolerance", r"typos::"),
    ("HTTP: fetch source, retries, ranges", r"wasm[^:]*::fetch::|range_http|byteranges|io::source"),
    ("scoring and ranking", r"site::evaluate|site::scored|site::matches|site::file::postings|length_code|bm25"),
    ("the page fetcher and its caches", r"io::fetch|io::cache|paged_file"),
    ("JSON values, host values, answers", r"serde_json|indexmap|json_fields|js_value|response_json|request_json"),
    ("the analyser and the stemmer", r"analysis::|frostem"),
    ("hash maps, formatting", r"hashbrown|fmt::"),
]

SPLIT_ENGINE_AREAS = [
    ("tantivy: queries, scoring, collectors", r"^<?tantivy::query|^<?tantivy::collector|tantivy::query::|tantivy::collector::"),
    ("tantivy: postings, positions, fieldnorms", r"tantivy::postings|tantivy::positions|tantivy::fieldnorm|SegmentPostings|BlockSegmentPostings"),
    ("tantivy: doc store (lz4)", r"tantivy::store|lz4_flex"),
    ("tantivy: index, segments, schema, directory", r"tantivy::index|tantivy::core|tantivy::schema|tantivy::directory|tantivy::indexer|tantivy::reader|tantivy::termdict"),
    ("tantivy-columnar (fast fields)", r"tantivy_columnar|tantivy::fastfield"),
    ("term dictionary (sstable, fst)", r"tantivy_sstable|tantivy_fst"),
    ("regex (QueryParser's RegexQuery, facets)", r"regex_syntax|regex_automata|aho_corasick|memchr|tantivy_fst::regex|RegexQuery|regex::"),
    ("fuzzy terms (levenshtein)", r"levenshtein|FuzzyTermQuery|fuzzy_query"),
    ("tantivy's QueryParser", r"query_parser"),
    ("serde_json", r"serde_json"),
    ("futures", r"futures"),
    ("rangefind engine", r"rangefind_engine"),
    ("rangefind wasm adapter", r"rangefind_wasm"),
    ("Snowball stemmers (18)", r"frostem"),
    ("time (RFC 3339)", r"^<?time::|<time::"),
    ("rayon, crossbeam", r"rayon|crossbeam"),
    ("formatting", r"fmt::"),
    ("hash maps", r"hashbrown"),
]


def main():
    module = Module(open(sys.argv[1], "rb").read())
    named = sys.argv[2:] == ["split"]
    areas = SPLIT_ENGINE_AREAS if named else [arg.split("=", 1) for arg in sys.argv[2:]] or SITE_ENGINE_AREAS
    bodies = module.bodies

    def brotli(blank):
        out = bytearray(module.data[:8])
        for kind, body in module.sections:
            if kind == 0:
                continue  # custom sections: the names
            if kind == 10:
                code = bytearray(uleb(len(bodies)))
                for i, function in enumerate(bodies):
                    function = b"\x00\x00\x0b" if i in blank else function  # no locals; unreachable
                    code += uleb(len(function)) + function
                body = bytes(code)
            out += bytes([kind]) + uleb(len(body)) + body
        run = subprocess.run(["brotli", "-q", "11", "-c"], input=bytes(out), capture_output=True, check=True)
        return len(run.stdout)

    whole = brotli(set())
    print(f"module: {whole} bytes brotli without its names, {sum(map(len, bodies))} bytes of code")
    print(f"{'brotli':>8} {'raw':>8} {'fns':>5}  area")
    for label, pattern in areas:
        area = {i for i in range(len(bodies)) if re.search(pattern, module.name(i))}
        raw = sum(len(bodies[i]) for i in area)
        print(f"{whole - brotli(area):>8} {raw:>8} {len(area):>5}  {label}")


if __name__ == "__main__":
    main()
