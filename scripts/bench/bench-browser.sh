#!/usr/bin/env bash
# The browser benchmark: the wasm engine in Chromium over the shared MDN queries (or the bundled
# sample), on loopback and through a 100 ms RTT / 10 Mbit/s delay proxy. Writes
# out/bench/browser.json and prints the summary that BENCHMARKS.md quotes.
set -euo pipefail
cd "$(dirname "$0")/../.."
./scripts/setup.sh
npx vitest run --project benchmark --reporter verbose tests/benchmarks/browser.bench-run.ts
