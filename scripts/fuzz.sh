#!/usr/bin/env bash
# Fuzzes the link parser and the route table with libFuzzer (Fuzz/FuzzDeepLink.swift).
#
#   scripts/fuzz.sh [seconds] [extra libFuzzer options...]     (default: 60 seconds)
#
# Builds Fuzz/FuzzDeepLink.swift with the DeepLinkCore sources and the platform's link catalogue
# (Sources/PlatformLinks, but for the chains, which need DeepLinkNavigation; copied under
# .build-fuzz/platform without their `import DeepLinkCore`) into one module (-D FUZZING: nothing to
# import), with libFuzzer and AddressSanitizer, under .build-fuzz/. Seeds the corpus from Fuzz/seeds.txt (one link a line; '#' comments and blank
# lines skipped) into .build-fuzz/corpus, which is kept between runs and never committed.
# A crash leaves its input as .build-fuzz/crash-* and fails the script; reproduce it with
#   .build-fuzz/fuzz-deeplink .build-fuzz/crash-<hash>
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
out=.build-fuzz
mkdir -p "$out/corpus"

sources=()
while IFS= read -r file; do sources+=("$file"); done < <(find Sources/DeepLinkCore -name '*.swift' | sort)
mkdir -p "$out/platform"
for file in Sources/PlatformLinks/*.swift; do
  [[ "$file" == */PlatformChains.swift ]] && continue
  sed '/^import DeepLinkCore$/d' "$file" > "$out/platform/$(basename "$file")"
  sources+=("$out/platform/$(basename "$file")")
done
sources+=(Fuzz/FuzzDeepLink.swift)

# The toolchain's lld links the sanitizer runtime without gold's "Cannot export local symbol" noise.
linker=()
if command -v ld.lld >/dev/null; then linker=(-use-ld=lld); fi

echo "== building the fuzzer (${#sources[@]} files)"
# Optimised, but with assertions kept: the parser asserts that every string it makes without the
# standard library's UTF-8 check is valid UTF-8 (Docs/Security.md).
swiftc -sanitize=fuzzer,address -parse-as-library -O -assert-config Debug -swift-version 6 -D FUZZING "${linker[@]}" \
  -package-name DeepLinkPlatform \
  -module-name FuzzDeepLink "${sources[@]}" -o "$out/fuzz-deeplink"

count=0
while IFS= read -r line || [[ -n "$line" ]]; do
  [[ -z "$line" || "$line" == \#* ]] && continue
  count=$((count + 1))
  printf '%s' "$line" > "$out/corpus/seed-$(printf '%04d' "$count")"
done < Fuzz/seeds.txt
echo "== fuzzing for ${seconds} s (${count} seeds, corpus ${out}/corpus)"

"$out/fuzz-deeplink" "$out/corpus" -max_len=9000 -timeout=10 -rss_limit_mb=4096 \
  -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/" "$@"
