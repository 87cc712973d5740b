#!/usr/bin/env bash
# Fuzzes every reader of input from outside with libFuzzer (cargo fuzz; fuzz/README.md lists
# the targets and what each asserts), each for SECONDS (default 30), starting from seeds made
# from the format fixtures and the bundled sample site (target/fuzz-seeds/, remade each run).
# What a target finds stops the run: the input is kept in fuzz/artifacts/TARGET/ and printed.
#
#   scripts/release/fuzz.sh              every target, 30 s each (the test command's bounded run)
#   scripts/release/fuzz.sh 600 html_page manifest_json
#                                the targets named, 10 minutes each (the longer run)
#   scripts/release/fuzz.sh build        only build the targets (the test command does this in the
#                                background, at low priority, while its other steps run)
#
# Installs cargo-fuzz when missing; needs the nightly toolchain (libFuzzer's instrumentation).
# Built without a sanitizer by default (FUZZ_SANITIZER=address for AddressSanitizer): the code
# is safe Rust, and what the targets look for are panics, overflows, hangs and wrong answers.
set -euo pipefail
cd "$(dirname "$0")/../.."
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

seconds=${1:-30}
shift || true
build_only=false
case $seconds in
  build) build_only=true ;;
  '' | *[!0-9]*)
    echo "scripts/release/fuzz.sh: SECONDS must be a whole number of seconds, or \`build\` (got $seconds)" >&2
    exit 2
    ;;
esac
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(split_open_region split_filter_file manifest_json site_json search_request_json
    multipart_byteranges site_file_regions lexicon_regions serve_range_header html_page)
fi
sanitizer=${FUZZ_SANITIZER:-none}

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "scripts/release/fuzz.sh: libFuzzer needs the nightly toolchain (rustup toolchain install nightly)" >&2
  exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  say "cargo install cargo-fuzz (about 2 minutes, once)"
  cargo install cargo-fuzz --locked --quiet
fi
if $build_only; then
  say "cargo fuzz build (every target)"
  exec cargo +nightly fuzz build --sanitizer "$sanitizer" --fuzz-dir fuzz
fi

# Seeds: the current format fixtures, cut as a reader reads them, and pages of the sample site.
seeds=target/fuzz-seeds
rm -rf "$seeds"
fixtures=tests/fixtures/formats
seed() { mkdir -p "$seeds/$1"; cat > "$seeds/$1/$2"; }
for split in "$fixtures"/split-5-*/splits/*.split; do
  tail -c 6000 "$split" > "$seeds.tail"
  seed split_open_region "$(basename "$split")" < "$seeds.tail"
  rm "$seeds.tail"
done
for file in "$fixtures"/split-5-*/filters/*.filter; do seed split_filter_file "$(basename "$file")" < "$file"; done
for dir in "$fixtures"/split-*; do seed manifest_json "$(basename "$dir")" < "$dir/manifest.json"; done
for dir in "$fixtures"/site-*; do seed site_json "$(basename "$dir")" < "$dir/site.json"; done
mkdir -p "$seeds/search_request_json"
for dir in "$fixtures"/*/; do
  [ -f "$dir/expected.json" ] || continue
  # Each recorded query as a request.
  python3 - "$dir/expected.json" "$seeds/search_request_json/$(basename "$dir")" <<'PY'
import json, sys
for i, query in enumerate(json.load(open(sys.argv[1]))):
    open(f"{sys.argv[2]}-{i}", "w").write(json.dumps({"query": query, "limit": 5}))
PY
done
printf '{"query":"fetch","limit":10,"filters":{"section":["Web/API","Glossary"]},"fields":["title"],"sort":"-at","count_all":false}' \
  | seed search_request_json handmade
printf '\x1crangefind-byteranges-3d6f0a1c\r\n--rangefind-byteranges-3d6f0a1c\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes 0-3/100\r\n\r\nabcd\r\n--rangefind-byteranges-3d6f0a1c\r\nContent-Range: bytes 10-11/100\r\n\r\nxy\r\n--rangefind-byteranges-3d6f0a1c--\r\n' \
  | seed multipart_byteranges two-parts
for header in 'bytes=0-99' 'bytes=-500' 'bytes=100-' 'bytes=0-0,10-19,5-7' 'bytes=0-18446744073709551615'; do
  printf '\x10\x27%s' "$header" | seed serve_range_header "$(echo "$header" | tr -c 'a-z0-9' _)"
done
for file in "$fixtures"/site-10-*/en/*.rfsite "$fixtures"/site-10-*/en/lexicon/*.lex; do
  target=site_file_regions
  [[ $file == *.lex ]] && target=lexicon_regions
  # Windows of the file a reader reads on their own: its pages (4 KiB each).
  size=$(wc -c < "$file")
  for block in $(seq 0 $((size / 4096))); do
    { printf '\x07'; dd if="$file" bs=4096 skip="$block" count=1 2>/dev/null; } \
      | seed "$target" "$(basename "$file")-$block"
  done
done
find "$fixtures/source/site" -name '*.html' | while read -r page; do
  seed html_page "$(echo "${page#"$fixtures"/source/site/}" | tr / _)" < "$page"
done

failed=()
for target in "${targets[@]}"; do
  say "cargo fuzz run $target: ${seconds} s"
  mkdir -p "fuzz/corpus/$target"
  if ! cargo +nightly fuzz run --sanitizer "$sanitizer" --fuzz-dir fuzz "$target" \
    "fuzz/corpus/$target" "$seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    2> "target/fuzz-$target.log"; then
    tail -n 40 "target/fuzz-$target.log"
    failed+=("$target")
  else
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)|Done [0-9]+ runs' "target/fuzz-$target.log" || true
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "scripts/release/fuzz.sh: found a failing input in: ${failed[*]} (kept in fuzz/artifacts/)" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} targets, ${seconds} s each, nothing found"
