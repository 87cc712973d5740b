#!/usr/bin/env python3
"""Fails when files of a Rust crate import each other in a cycle.

    scripts/checks/module-cycles.py engine/src builder/src wasm/src

Each file is a module (`a/b.rs` and `a/b/mod.rs` are `crate::a::b`). A file depends on the
module a path of it names, through `crate::`, `super::`, `self::`, a child module or a name it
binds by `use`: in every `use` declaration, re-exports (`pub use`) included, and in paths and
bare names within code. A name is the module's that names it: whoever takes
`crate::site::DEFAULT_TAIL_PAST` depends on `site/mod.rs`, and `site/mod.rs`, through its
`pub use`, on the file that defines it, so a re-export does not hide a cycle. What a module
names inside its own folder (its children, their children) is not counted: a parent is its
children's front and conductor, and the folder is one unit seen from outside. Neither are
`mod` declarations nor `#[cfg(test)]` modules. Prints each cycle's files and what each uses
of the others; exit status 1 if there is one. `--self-test` checks that cycles through a
re-export (between siblings, and through a parent's front) are caught and that a crate
without one passes.
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

        def named_file(path):
            """The file of the module a path names: its longest prefix that is a module. A name
            a module re-exports (`pub use`) is that module's: its users depend on it, and it on
            the file it re-exports from."""
            for length in range(len(path), -1, -1):
                if tuple(path[:length]) in files:
                    return tuple(path[:length])
            return None

        edges = {m: set() for m in files}
        for module, text in texts.items():
            paths = []
            for is_pub, entries in use_declarations(text):
                for segments, _ in entries:
                    paths.append((segments, is_pub))
            code = re.sub(r"\b(pub(?:\([^)]*\))?\s+)?use\s+[^;]+;", "", text)
            # Paths in code: from `crate`, `super`, `self`, a child module or a name the file
            # binds by `use` (`head_meta::decode(..)`, `HeadMeta { .. }`).
            local = children.get(module, set()) | set(bindings.get(module, {}))
            for match in re.finditer(r"(?<![\w:])([A-Za-z_]\w*(?:::\w+)*)", code):
                segments = match.group(1).split("::")
                if segments[0] in ("crate", "super", "self") or segments[0] in local:
                    paths.append((segments, False))
            for segments, is_pub in paths:
                target = absolute(module, segments)
                if target is None:
                    continue
                named = named_file(target)
                if named is None or named == module:
                    continue
                if named[: len(module)] == module:
                    continue  # a module's own descendants: it is their front
                edges[module].add(named)

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

    # Siblings, one re-exporting the other's item and using it by its bare name, the other
    # taking a function from the first.
    siblings = {
        "lib.rs": "mod site;\n",
        "site/mod.rs": "mod head_meta;\nmod layout;\n",
        "site/head_meta.rs": "use super::layout::corrupt;\npub struct HeadMeta;\n",
        "site/layout.rs": "pub use super::head_meta::HeadMeta;\n"
        "pub fn corrupt() {}\nfn read() { HeadMeta; }\n",
    }
    # Through a parent's front: `options` takes a default the `site` folder re-exports, and
    # `site` takes the options' type.
    through_front = {
        "lib.rs": "mod options;\nmod site;\n",
        "options.rs": "pub struct Args { tail: u32 }\n"
        "fn default() -> u32 { crate::site::DEFAULT_TAIL }\n",
        "site/mod.rs": "mod tails;\npub use tails::DEFAULT_TAIL;\nuse crate::options::Args;\n",
        "site/tails.rs": "pub const DEFAULT_TAIL: u32 = 1;\n",
    }
    # No cycle: a parent using its children, which use the parent's items; the same names in
    # comments, strings and tests.
    acyclic = {
        "lib.rs": "mod options;\nmod site;\npub use site::Report;\n",
        "options.rs": "use crate::site::tails::DEFAULT_TAIL;\n"
        "// use crate::site::Report;\nconst S: &str = \"crate::site::Report\";\n",
        "site/mod.rs": "pub mod tails;\npub struct Report;\nfn run() { tails::go(); }\n",
        "site/tails.rs": "use super::Report;\npub const DEFAULT_TAIL: u32 = 1;\n"
        "pub fn go() {}\n#[cfg(test)]\nmod tests { use crate::options::S; }\n",
    }
    assert crate(siblings) == 1, "a cycle through a sibling's re-export was not found"
    assert crate(through_front) == 1, "a cycle through a parent's re-export was not found"
    assert crate(acyclic) == 0, "a parent's use of its children, comments, strings or tests were taken for a cycle"
    print("module-cycles: self-test passed")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1:] or ["engine/src", "builder/src", "wasm/src"]))
