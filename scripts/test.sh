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
cargo clippy --release --workspace --all-targets --quiet -- -D warnings
echo "==> the engine compiles for wasm32 (browser and Worker hosts)"
cargo clippy -p rangefind-engine --no-default-features --target wasm32-unknown-unknown --quiet -- -D warnings
echo "==> cargo test"
cargo test --release --workspace
echo "==> demo (smoke test)"
DEMO_NO_SERVE=1 PORT=${DEMO_PORT:-18080} ./scripts/demo.sh >/tmp/rangefind-demo.log 2>&1 || { cat /tmp/rangefind-demo.log; exit 1; }
grep -q "documents match" /tmp/rangefind-demo.log
echo "demo: ok"
