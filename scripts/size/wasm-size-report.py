#!/usr/bin/env python3
"""Attributes a .wasm module's code bytes to crates, from its name section.

Usage: scripts/size/wasm-size-report.py MODULE.wasm [TOP] [--functions]
With --functions, the TOP largest functions instead of crates.
Run it on the wasm-bindgen output before wasm-opt (which strips names); the split between
crates is what BENCHMARKS.md quotes as "what each feature costs".
"""
import re
import sys
from collections import Counter

from wasm_module import Module


def main():
    args = [a for a in sys.argv[1:] if a != "--functions"]
    functions = "--functions" in sys.argv
    module = Module(open(args[0], "rb").read())
    top = int(args[1]) if len(args) > 1 else 25
    sizes = [len(body) for body in module.bodies]
    if functions:
        largest = sorted(((size, module.name(i)) for i, size in enumerate(sizes)), reverse=True)
        for size, name in largest[:top]:
            print(f"{size:>9}  {name[:160]}")
        return
    crates = Counter()
    for i, size in enumerate(sizes):
        crates[crate_of(module.name(i))] += size
    total = sum(sizes)
    print(f"code {total} bytes in {len(sizes)} functions; data {module.data_bytes} bytes")
    for crate, size in crates.most_common(top):
        print(f"{size:>9} {100 * size / total:5.1f}%  {crate}")


def crate_of(name):
    # Demangled Rust names: `<tantivy::x::Y as Z>::f`, `tantivy::x::f`, `core::ptr::drop_in_place<...>`;
    # a standard library rebuilt from source (scripts/build/build-wasm.sh) adds `[hash]` after each
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
