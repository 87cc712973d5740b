#!/usr/bin/env bash
# Installs this machine's wheel (scripts/release/build-wheels.py) with pip into a fresh virtual
# environment on a PATH without Rust, and uses it as a Sphinx or MkDocs user would:
#
#   scripts/release/check-pip.sh        (about 2 minutes; MkDocs and Sphinx come from PyPI)
#
# 0. `twine check --strict` of every wheel: the metadata and README PyPI would show;
# 1. `pip install rangefind` from out/wheels only (--no-index): the `rangefind` command is on
#    the environment's PATH; `--version`; `build --site` on the bundled sample and a search;
# 2. the MkDocs recipe of docs/integrations.md on a new MkDocs project, then a search that finds
#    its page, and the widget's script in the built page;
# 3. the Sphinx recipe the same way, on a new Sphinx project.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/release/common.sh

SPHINX_VERSION=9.0.4
TWINE_VERSION=7.0.0
ls out/wheels/rangefind-*manylinux_2_17_x86_64*.whl >/dev/null 2>&1 \
  || fail "no linux-x64 wheel in out/wheels: run scripts/release/build-cli.sh linux-x64 and scripts/release/build-wheels.py"

work=$(mktemp -d "${TMPDIR:-/tmp}/rangefind-check-pip.XXXXXX")
trap 'rm -rf "$work"' EXIT
repo=$PWD
version=$(release_version)

say "twine check --strict (PyPI's own check of the metadata)"
python3 -m venv "$work/twine"
"$work/twine/bin/pip" install --quiet --disable-pip-version-check "twine==$TWINE_VERSION"
"$work/twine/bin/twine" check --strict out/wheels/*.whl

say "a fresh virtual environment, PATH without Rust: pip install rangefind"
python3 -m venv "$work/venv"
# The user's PATH: the environment first, then the system's, and nothing that holds cargo.
PATH="$work/venv/bin:$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -e cargo -e rustup | while read -r dir; do
  [ -x "$dir/cargo" ] || [ -x "$dir/rustc" ] || printf '%s:' "$dir"; done)"
export PATH
unset VIRTUAL_ENV CARGO_HOME RUSTUP_HOME
! command -v cargo >/dev/null || fail "cargo is still on PATH ($(command -v cargo))"
pip install --quiet --disable-pip-version-check --no-index --find-links out/wheels rangefind
[ "$(command -v rangefind)" = "$work/venv/bin/rangefind" ] || fail "rangefind is not the environment's: $(command -v rangefind)"
printed=$(rangefind --version)
echo "$printed"
[[ "$printed" == "rangefind $version "* ]] || fail "--version printed '$printed'"

# `rangefind search INDEX QUERY` finds a page whose title or URL matches PATTERN.
finds() {
  local index=$1 query=$2 pattern=$3
  rangefind search "$index" "$query" --json --fields title,url >"$work/found.json"
  python3 - "$work/found.json" "$query" "$pattern" <<'EOF'
import json, re, sys
found = json.load(open(sys.argv[1], encoding="utf-8"))
docs = [hit["doc"] for hit in found["hits"]]
if not any(re.search(sys.argv[3], f"{d.get('title', '')} {d.get('url', '')}", re.I) for d in docs):
    sys.exit(f"check-pip: {sys.argv[2]!r} found {found['count']} pages, none matching {sys.argv[3]!r}: {docs}")
print(f"{sys.argv[2]!r}: {found['count']} pages, first {docs[0].get('title')!r} {docs[0].get('url')}")
EOF
}

say "rangefind build --site on the bundled sample"
tar xzf examples/mdn-site/sample-site.tar.gz -C "$work"
rangefind build --site "$work/site-mdn" --quiet
finds "$work/site-mdn/_rangefind" "fetch api" fetch

say "MkDocs $MKDOCS_VERSION, the recipe of docs/integrations.md"
pip install --quiet --disable-pip-version-check "mkdocs==$MKDOCS_VERSION"
cd "$work" && mkdocs new docs-site >/dev/null 2>&1 && cd docs-site
cat >docs/tides.md <<'EOF'
# Tide tables

Spring tides follow the new and the full moon; neap tides the quarter moons.
EOF
cat >>mkdocs.yml <<'EOF'
theme:
  name: mkdocs
  custom_dir: overrides
EOF
# The recipe's theme override, as the documentation site uses it.
cp -r "$repo/scripts/build/docs-site/overrides" overrides
mkdocs build --quiet && rangefind build --site site --quiet
finds site/_rangefind "neap tides" "tide"
grep -q '_rangefind/rangefind-search.js' site/tides/index.html || fail "the MkDocs page lacks the widget's script"
[ -s site/_rangefind/rangefind-search.js ] || fail "the MkDocs build has no widget"

say "Sphinx $SPHINX_VERSION, the recipe of docs/integrations.md"
cd "$work"
pip install --quiet --disable-pip-version-check "sphinx==$SPHINX_VERSION"
sphinx-quickstart --quiet --project Harbour --author trial --sep docs-sphinx >/dev/null
cd docs-sphinx
cat >source/moorings.rst <<'EOF'
Moorings
========

A swing mooring lets the boat turn with the wind and the tide.
EOF
sed -i 's/^   :caption: Contents:/   :caption: Contents:\n\n   moorings/' source/index.rst
cat >>source/conf.py <<'EOF'
html_js_files = [("/_rangefind/rangefind-search.js", {"type": "module"})]
templates_path = ["_templates"]
EOF
mkdir -p source/_templates
echo '<rangefind-search></rangefind-search>' >source/_templates/searchfield.html
sphinx-build -q -b html source build/html && rangefind build --site build/html --quiet
finds build/html/_rangefind "swing mooring" "mooring"
grep -q '<rangefind-search></rangefind-search>' build/html/moorings.html || fail "the Sphinx page lacks the widget"
cd "$repo"
say "pip: passed"
