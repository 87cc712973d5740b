#!/usr/bin/env bash
# The whole test suite: formatting, lints, unit and end-to-end tests, and the demo as a smoke
# test. Installs what is missing first (scripts/setup.sh). Tests that need ../shared/corpora
# say so and skip that part when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

echo "==> cargo fmt --check"
cargo fmt --all -- --check
echo "==> cargo clippy -D warnings"
cargo clippy --release --all-targets --quiet -- -D warnings
echo "==> clippy for wasm32 (the engine without tantivy or native features: the site engine; and the wasm adapter: splits, splits with aggregations, the site engine alone)"
cargo clippy -p rangefind-engine --no-default-features --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p rangefind-wasm --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p rangefind-wasm --no-default-features --target wasm32-unknown-unknown --quiet -- -D warnings
cargo clippy -p rangefind-wasm --features aggregations --target wasm32-unknown-unknown --quiet -- -D warnings
echo "==> tsc --noEmit"
npx tsc --noEmit -p web && npx tsc --noEmit -p web/tsconfig.worker.json && npx tsc --noEmit -p tests \
  && npx tsc --noEmit -p worker
echo "==> cargo test"
cargo test --release
echo "==> vitest: unit tests (Node) and browser tests (Chromium against rangefind serve)"
npx vitest run --project unit --project browser
echo "==> vitest: the Worker in workerd (local R2, caches.default, real origins) and under wrangler dev"
npx vitest run --project worker --project worker-e2e
echo "==> demo (smoke test)"
DEMO_NO_SERVE=1 PORT=${DEMO_PORT:-18080} ./scripts/demo.sh >/tmp/rangefind-demo.log 2>&1 || { cat /tmp/rangefind-demo.log; exit 1; }
grep -q "pages match" /tmp/rangefind-demo.log
echo "demo: ok"
