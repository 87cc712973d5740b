#!/usr/bin/env python3
"""Fails when a dependency is built with other features for the tests than for the CLI.

`cargo build --release` resolves features without dev-dependencies, `cargo test --release`
with them (s3s, proptest, …); a crate both builds use whose features differ is compiled twice,
and with it every crate above it: most of the tree, minutes of every fresh build. The builder
asks for the tests' features in its own dependencies (builder/Cargo.toml, "the test build's
features"); this check says which are missing when a dependency update changes them.

    python3 scripts/checks/feature-unification.py
"""
import re
import subprocess
import sys

TARGET = "x86_64-unknown-linux-gnu"
LINE = re.compile(r"^(\S+ v\S+)(?: \(proc-macro\))?(?: \([^)]*\))? \[([^\]]*)\]")


def features(edges: str) -> dict[str, set[str]]:
    """Package → its features, as `cargo tree` resolves them with these edges."""
    printed = subprocess.run(
        ["cargo", "tree", "--workspace", "--prefix", "none", "--format", "{p} [{f}]",
         "--edges", edges, "--target", TARGET],
        check=True, capture_output=True, text=True,
    ).stdout
    found: dict[str, set[str]] = {}
    for line in printed.splitlines():
        match = LINE.match(line)
        if match:
            found.setdefault(match[1], set()).update(f for f in match[2].split(",") if f)
    return found


def main() -> None:
    built = features("no-dev")
    tested = features("normal,build,dev")
    differing = [
        (package, sorted(tested[package] - built[package]))
        for package in sorted(built.keys() & tested.keys())
        if tested[package] != built[package]
    ]
    if differing:
        for package, extra in differing:
            print(f"  {package}: the tests add {', '.join(extra) or '(fewer features)'}")
        sys.exit(
            f"{len(differing)} dependencies are built with other features for the tests than for "
            "the CLI, so each is compiled twice: ask for these features in builder/Cargo.toml"
        )
    print(f"{len(built)} packages: the CLI's build and the tests' use the same features")


if __name__ == "__main__":
    main()
