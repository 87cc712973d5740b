#!/usr/bin/env bash
# The documentation as a static site, searched by rangefind: docs/ with the README (its home),
# BENCHMARKS.md, CHANGELOG.md and the Worker's README, built by MkDocs (the project's own
# recipe, docs/integrations.md) into out/docs-site/site/, then indexed by `rangefind build
# --site`, which writes the <rangefind-search> widget every page loads.
#
#   scripts/build/docs-site.sh            build it (the release workflow publishes it to GitHub Pages)
#   scripts/build/docs-site.sh --serve    build it, then serve it on http://127.0.0.1:${PORT:-8080}/
#   DOCS_SITE_OUT=DIR scripts/build/docs-site.sh   build it in DIR rather than out/docs-site
#
# MkDocs comes from PyPI into a virtual environment of its own (~/.cache/rangefind/docs-tools);
# the CLI is target/release/rangefind (scripts/setup.sh --demo builds it when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/release/common.sh # say, MKDOCS_VERSION
REPOSITORY=https://github.com/rangefind/rangefind/blob/main

serve=false
case "${1:-}" in
  --serve) serve=true ;;
  "") ;;
  *) echo "usage: scripts/build/docs-site.sh [--serve]" >&2; exit 2 ;;
esac

tools=${RANGEFIND_DOCS_TOOLS:-$HOME/.cache/rangefind/docs-tools}
if [ "$("$tools/bin/mkdocs" --version 2>/dev/null | awk '{print $3}')" != "$MKDOCS_VERSION" ]; then
  say "MkDocs $MKDOCS_VERSION into $tools (pip)"
  python3 -m venv "$tools"
  "$tools/bin/pip" install --quiet --disable-pip-version-check "mkdocs==$MKDOCS_VERSION"
fi
[ -x target/release/rangefind ] || ./scripts/setup.sh --demo

work=${DOCS_SITE_OUT:-out/docs-site}
rm -rf "$work"
mkdir -p "$work/pages"
cp -r scripts/build/docs-site/mkdocs.yml scripts/build/docs-site/overrides "$work/"
cp -r docs/. "$work/pages/"
cp README.md "$work/pages/index.md"
cp BENCHMARKS.md "$work/pages/benchmarks.md"
cp CHANGELOG.md "$work/pages/changelog.md"
cp worker/README.md "$work/pages/worker.md"
# Links between the staged documents as the site has them; links to the repository's other
# files (scripts, examples, licences) to the repository itself.
python3 - "$work/pages" "$REPOSITORY" <<'PY'
import pathlib, re, sys
pages, repository = pathlib.Path(sys.argv[1]), sys.argv[2]
moved = {"README.md": "index.md", "BENCHMARKS.md": "benchmarks.md", "CHANGELOG.md": "changelog.md",
         "worker/README.md": "worker.md"}
staged = {"index.md": "", "benchmarks.md": "", "changelog.md": "", "worker.md": "worker/"}
link = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")
for page in pages.rglob("*.md"):
    name = page.relative_to(pages).as_posix()
    # Where the page's links were written from, in the repository.
    origin = staged.get(name, "docs/" + (name.rsplit("/", 1)[0] + "/" if "/" in name else ""))
    def rewrite(match):
        target, anchor = match.group(1), match.group(2) or ""
        if re.match(r"^[a-z]+:", target):
            return match.group(0)
        path = pathlib.PurePosixPath(origin + target)
        parts = []
        for part in path.parts:
            if part == "..":
                parts = parts[:-1]
            elif part != ".":
                parts.append(part)
        resolved = "/".join(parts)
        if resolved in moved:
            resolved = moved[resolved]
        elif resolved.startswith("docs/"):
            resolved = resolved[len("docs/"):]
        else:
            return f"]({repository}/{resolved}{anchor})"
        depth = name.count("/")
        return "](" + "../" * depth + resolved + anchor + ")"
    page.write_text(link.sub(rewrite, page.read_text()))
PY
say "mkdocs build"
(cd "$work" && "$tools/bin/mkdocs" build --quiet)
say "rangefind build --site $work/site"
target/release/rangefind build --site "$work/site" --quiet
echo "the documentation site: $work/site ($(find "$work/site" -name '*.html' | wc -l) pages)"
if $serve; then
  exec target/release/rangefind serve "$work/site" --port "${PORT:-8080}"
fi
