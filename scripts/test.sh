#!/usr/bin/env bash
# The whole test suite: formatting, lints, unit and end-to-end tests, and the demo as a smoke
# test. Installs what is missing first (scripts/setup.sh). Tests that need ../shared/corpora
# say so and skip that part when it is absent. Every reader of outside input is fuzzed here
# through `cargo test` (bounded property tests on damaged fixtures, engine/src/fuzzing.rs);
# coverage-guided fuzzing with libFuzzer is its own command, scripts/release/fuzz.sh (fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says when it starts (minutes since the start), so a slow run shows where it went.
phase() { printf '==> [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
phase "setup"
./scripts/setup.sh

# Tests that need ../shared/corpora fail when it is here and a file is missing; where it is
# absent they skip those parts, and the list of what was skipped is printed at the end.
export RANGEFIND_SKIP_LOG="$PWD/target/skipped-tests.log"
rm -f "$RANGEFIND_SKIP_LOG"
if [ -d ../shared/corpora ]; then
  export RANGEFIND_CORPORA=required
else
  echo "note: ../shared/corpora is absent: tests skip the parts that need it (listed at the end)"
fi

mkdir -p target

phase "engine sizes (brotli -q 11) within their bounds"
python3 scripts/size/check-engine-sizes.py

phase "cargo fmt --check"
cargo fmt --all -- --check
phase "cargo clippy -D warnings"
cargo clippy --release --all-targets --quiet -- -D warnings
phase "clippy for wasm32 (the engine without tantivy or native features: the site engine; and the wasm adapter: splits, splits with aggregations, as the browser builds them too (small-code), the site engine alone)"
cargo clippy -p rangefind-engine --no-default-features --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p rangefind-wasm --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p rangefind-wasm --no-default-features --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p rangefind-wasm --features aggregations --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p rangefind-wasm --features aggregations,small-code --target wasm32-unknown-unknown --quiet -- -D warnings
phase "no import cycles between the files of engine/, builder/ and wasm/"
python3 scripts/checks/module-cycles.py --self-test
python3 scripts/checks/module-cycles.py engine/src builder/src wasm/src
phase "third_party/: each patched crate is the published crate with its patch"
./scripts/vendor/crates.sh --check
phase "the CLI's build and the tests' resolve dependencies with the same features (each compiled once)"
python3 scripts/checks/feature-unification.py
phase "tsc --noEmit"
npx tsc --noEmit -p web && npx tsc --noEmit -p web/tsconfig.worker.json && npx tsc --noEmit -p tests \
  && npx tsc --noEmit -p web/tsconfig.node.json && npx tsc --noEmit -p worker
phase "cargo test"
cargo test --release
# The engine as the site engine is built (no tantivy, English stemmer only).
cargo test --release -p rangefind-engine --no-default-features --lib
phase "vitest: unit tests (Node), browser tests (Chromium against rangefind serve), the npm packages as users install them"
npx vitest run --project unit --project browser --project packages
phase "vitest: the Worker in workerd (local R2, caches.default, real origins) and under wrangler dev"
npx vitest run --project worker --project worker-e2e
phase "demo (smoke test)"
DEMO_NO_SERVE=1 PORT=${DEMO_PORT:-18080} ./scripts/demo.sh >/tmp/rangefind-demo.log 2>&1 || { cat /tmp/rangefind-demo.log; exit 1; }
grep -q "pages match" /tmp/rangefind-demo.log
echo "demo: ok"
if [ -s "$RANGEFIND_SKIP_LOG" ]; then
  echo "skipped for want of ../shared/corpora:"
  sort -u "$RANGEFIND_SKIP_LOG"
fi
phase "done"
