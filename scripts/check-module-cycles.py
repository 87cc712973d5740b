#!/usr/bin/env python3
"""Fails when files of a Rust crate import each other in a cycle.

    scripts/check-module-cycles.py engine/src builder/src

Each file is a module (`a/b.rs` and `a/b/mod.rs` are `crate::a::b`). A file depends on the
file that *defines* what it names through `crate::`, `super::`, `self::` or a child module's
name, in `use` declarations and in paths within code. Re-exports are followed to where the
item is defined and are not themselves dependencies (a `mod.rs` that re-exports its children
is their front, not their user), nor are `mod` declarations or `#[cfg(test)]` modules.
Prints each cycle as a chain of files; exit status 1 if there is one. `--self-test` checks
that a small crate with a cycle (through a re-export) is caught and one without is not.
"""
import os
import re
import sys


def module_files(root):
    """Module path (tuple of segments after `crate`) -> file."""
    files = {}
    for directory, _, names in os.walk(root):
        for name in names:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, root)[: -len(".rs")].split(os.sep)
            if relative[-1] == "mod":
                relative = relative[:-1]
            if relative in (["lib"], ["main"]):
                relative = []
            if relative and relative[0] == "bin":
                continue
            files[tuple(relative)] = path
    return files


def strip_code(text):
    """The text without comments, string literals or `#[cfg(test)]` modules."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'r#*"(?:.|\n)*?"#*', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    text = re.sub(r"'(?:\\.|[^'\\])'", "' '", text)
    # `#[cfg(test)] mod tests { ... }` and `#[cfg(test)] mod tests;`
    out, at = [], 0
    for match in re.finditer(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*([;{])", text):
        if match.start() < at:
            continue
        out.append(text[at : match.start()])
        if match.group(1) == ";":
            at = match.end()
            continue
        depth, i = 1, match.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        at = i
    out.append(text[at:])
    return "".join(out)


def expand_use_tree(tree):
    """`a::{b, c::{d, e@f}, self}` -> [['a','b'], ['a','c','d'], ...] (`x as y` written `x@y`)."""
    tree = re.sub(r"\s+", "", tree)

    def split_top(s):
        parts, depth, cur = [], 0, ""
        for ch in s:
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
                continue
            depth += {"{": 1, "}": -1}.get(ch, 0)
            cur += ch
        if cur:
            parts.append(cur)
        return parts

    def walk(prefix, s):
        if not s:
            return []
        brace = s.find("{")
        if brace == -1:
            return [prefix + [p for p in s.split("::") if p]]
        head = s[:brace].rstrip(":")
        inner = s[brace + 1 : s.rindex("}")]
        base = prefix + [p for p in head.split("::") if p]
        results = []
        for part in split_top(inner):
            results.extend(walk(base, part))
        return results

    return walk([], tree)


def use_declarations(text):
    """(is_pub, [(segments, bound name)]) for each `use` of the text."""
    for match in re.finditer(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", text):
        tree = re.sub(r"\s+as\s+", "@", match.group(2))
        entries = []
        for segments in expand_use_tree(tree):
            last = segments[-1] if segments else ""
            if "@" in last:
                original, bound = last.split("@")
                segments = segments[:-1] + [original]
            else:
                bound = last
            if segments and segments[-1] == "self":
                segments = segments[:-1]
                bound = segments[-1] if segments else bound
            entries.append((segments, bound))
        yield bool(match.group(1)), entries


def main(roots):
    cycles_found = False
    for root in roots:
        files = module_files(root)
        texts = {m: strip_code(open(f, encoding="utf-8").read()) for m, f in files.items()}
        children = {m: {c[-1] for c in files if len(c) == len(m) + 1 and c[: len(m)] == m} for m in files}
        # Names a module binds by `use` (re-exports and private imports): name -> absolute path.
        bindings = {}

        def absolute(module, segments):
            if not segments:
                return None
            head, rest = segments[0], segments[1:]
            if head == "crate":
                return list(rest)
            if head == "self":
                return list(module) + list(rest)
            if head == "super":
                parent = list(module[:-1])
                while rest and rest[0] == "super":
                    parent, rest = parent[:-1], rest[1:]
                return parent + list(rest)
            if head in children.get(module, ()):
                return list(module) + [head] + list(rest)
            if head in bindings.get(module, {}):
                return bindings[module][head] + list(rest)
            return None  # an external crate or the prelude

        for module, text in texts.items():
            bindings[module] = {}
        # Bindings may name each other; settle them in a few passes.
        for _ in range(4):
            for module, text in texts.items():
                for _, entries in use_declarations(text):
                    for segments, bound in entries:
                        target = absolute(module, segments)
                        if target is not None and bound not in ("*", ""):
                            bindings[module][bound] = target

        def defining_file(path, seen=0):
            """The module that defines the item at `path`."""
            path = list(path)
            for length in range(len(path), -1, -1):
                module = tuple(path[:length])
                if module in files:
                    rest = path[length:]
                    if rest and rest[0] in bindings.get(module, {}) and seen < 8:
                        return defining_file(bindings[module][rest[0]] + rest[1:], seen + 1)
                    return module
            return None

        edges = {m: set() for m in files}
        for module, text in texts.items():
            paths = []
            for is_pub, entries in use_declarations(text):
                if is_pub:
                    continue
                paths.extend(segments for segments, _ in entries)
            code = re.sub(r"\b(pub(?:\([^)]*\))?\s+)?use\s+[^;]+;", "", text)
            for match in re.finditer(r"\b((?:crate|super|self)(?:::\w+)+)", code):
                paths.append(match.group(1).split("::"))
            for segments in paths:
                target = absolute(module, segments)
                if target is None:
                    continue
                defining = defining_file(target)
                if defining is not None and defining != module:
                    edges[module].add(defining)

        # Tarjan's strongly connected components.
        index, low, stack, on_stack, components = {}, {}, [], set(), []

        def connect(node):
            index[node] = low[node] = len(index)
            stack.append(node)
            on_stack.add(node)
            for succ in edges[node]:
                if succ not in index:
                    connect(succ)
                    low[node] = min(low[node], low[succ])
                elif succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    components.append(component)

        sys.setrecursionlimit(10000)
        for node in sorted(edges):
            if node not in index:
                connect(node)
        for component in components:
            cycles_found = True
            members = set(component)
            print(f"import cycle in {root}:")
            for node in sorted(component):
                uses = sorted(files[t] for t in edges[node] if t in members)
                print(f"  {files[node]} uses {', '.join(uses)}")
        if not components:
            print(f"{root}: {len(files)} files, no import cycles")
    return 1 if cycles_found else 0


def self_test():
    import contextlib
    import io
    import tempfile

    def crate(files):
        root = tempfile.mkdtemp()
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                f.write(text)
        with contextlib.redirect_stdout(io.StringIO()):
            return main([root])

    front = {"lib.rs": "mod a;\nmod b;\n", "a/mod.rs": "mod inner;\npub use inner::A;\n"}
    cyclic = dict(front)
    cyclic["a/inner.rs"] = "use crate::b::B;\npub struct A(B);\n"
    cyclic["b.rs"] = "pub struct B;\nfn f(_: crate::a::A) {}\n"
    acyclic = dict(front)
    acyclic["a/inner.rs"] = "pub struct A;\n// use crate::b::B;\n#[cfg(test)]\nmod tests { use crate::b::B; }\n"
    acyclic["b.rs"] = "use crate::a::A;\npub struct B(A);\n"
    assert crate(cyclic) == 1, "a cycle through a re-export was not found"
    assert crate(acyclic) == 0, "comments, tests or re-exports were taken for a cycle"
    print("check-module-cycles: self-test passed")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1:] or ["engine/src", "builder/src", "wasm/src"]))
