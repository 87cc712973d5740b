#!/usr/bin/env python3
"""Attributes a .wasm module's code bytes to crates, from its name section.

Usage: scripts/wasm-size-report.py MODULE.wasm [TOP] [--functions]
With --functions, the TOP largest functions instead of crates.
Run it on the wasm-bindgen output before wasm-opt (which strips names); the split between
crates is what BENCHMARKS.md quotes as "what each feature costs".
"""
import re
import sys
from collections import Counter


def leb(data, pos):
    result = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, pos


def sections(data):
    pos = 8
    while pos < len(data):
        kind = data[pos]
        size, pos = leb(data, pos + 1)
        yield kind, data[pos:pos + size]
        pos += size


def main():
    args = [a for a in sys.argv[1:] if a != "--functions"]
    functions = "--functions" in sys.argv
    data = open(args[0], "rb").read()
    top = int(args[1]) if len(args) > 1 else 25
    imported = 0
    sizes = []
    names = {}
    data_bytes = 0
    for kind, body in sections(data):
        if kind == 2:  # imports: function imports take the first indices
            count, p = leb(body, 0)
            for _ in range(count):
                for _ in range(2):
                    n, p = leb(body, p)
                    p += n
                k = body[p]
                p += 1
                if k == 0:
                    _, p = leb(body, p)
                    imported += 1
                elif k == 1:
                    p += 1
                    flags, p = leb(body, p)
                    _, p = leb(body, p)
                    if flags & 1:
                        _, p = leb(body, p)
                elif k == 2:
                    flags, p = leb(body, p)
                    _, p = leb(body, p)
                    if flags & 1:
                        _, p = leb(body, p)
                elif k == 3:
                    p += 2
        elif kind == 10:
            count, p = leb(body, 0)
            for _ in range(count):
                size, p = leb(body, p)
                sizes.append(size)
                p += size
        elif kind == 11:
            data_bytes = len(body)
        elif kind == 0:
            n, p = leb(body, 0)
            if body[p:p + n] != b"name":
                continue
            p += n
            while p < len(body):
                sub = body[p]
                size, p = leb(body, p + 1)
                end = p + size
                if sub == 1:
                    count, q = leb(body, p)
                    for _ in range(count):
                        index, q = leb(body, q)
                        length, q = leb(body, q)
                        names[index] = body[q:q + length].decode("utf8", "replace")
                        q += length
                p = end
    if functions:
        largest = sorted(((size, names.get(i + imported, "?")) for i, size in enumerate(sizes)), reverse=True)
        for size, name in largest[:top]:
            name = re.sub(r"\[[0-9a-f]+\]", "", name)
            print(f"{size:>9}  {name[:160]}")
        return
    crates = Counter()
    for i, size in enumerate(sizes):
        name = names.get(i + imported, "?")
        crates[crate_of(name)] += size
    total = sum(sizes)
    print(f"code {total} bytes in {len(sizes)} functions; data {data_bytes} bytes")
    for crate, size in crates.most_common(top):
        print(f"{size:>9} {100 * size / total:5.1f}%  {crate}")


def crate_of(name):
    # Demangled Rust names: `<tantivy::x::Y as Z>::f`, `tantivy::x::f`, `core::ptr::drop_in_place<...>`;
    # a standard library rebuilt from source (scripts/build-wasm.sh) adds `[hash]` after each
    # crate name, and names drop glue `core::ptr::drop_glue::<...>`.
    name = re.sub(r"\[[0-9a-f]+\]", "", name)
    generic = re.match(r"core::ptr::drop_glue::<(.*)>", name)
    if generic:
        name = generic.group(1)
    generic = re.match(r"core::ptr::drop_in_place<(.*)>", name)
    if generic:
        name = generic.group(1)
    name = name.lstrip("<&*").replace("mut ", "").replace("dyn ", "")
    match = re.match(r"([A-Za-z_][A-Za-z0-9_]*)::", name)
    return match.group(1) if match else name.split("(")[0][:40]


if __name__ == "__main__":
    main()
