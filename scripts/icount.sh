#!/usr/bin/env bash
# Instruction counts for one benchmark section, with callgrind: repeatable where the wall clock
# is not (a shared machine moves timings by 2x between runs; the same binary's counts move by
# well under 1 %).
#
#   scripts/icount.sh SECTION          lookup, endToEnd, parse, build, decide, hostileDecide, compose
#   scripts/icount.sh check            `deeplink check --market CA --format jsonl`, whole process
#   scripts/icount.sh launch           composing CA and MX (cold process and in process), generated markets
#   CACHE=1 scripts/icount.sh SECTION  also simulate the caches (first-level and last-level data misses)
#
# Build first: swift build -c release --product deeplink-bench (and --product deeplink for check
# and launch).
# BIN=DIR reads the binaries from DIR instead of .build/release, to count another build.
#
# A section runs with `deeplink-bench --instructions`: one warm-up call and one pass of each
# measurement, baselines skipped. Every timed pass runs inside `measuredRegion`, so callgrind
# counts only inside it (--toggle-collect) and writes one dump as each pass ends (--dump-after;
# callgrind 3.19 ignores it when given the same pattern as --toggle-collect, hence two spellings);
# the benchmark names each pass and its operations on standard error, in the same order. Output:
# one line per measurement: instructions per operation (and misses per operation with CACHE=1).
# For check, the whole process is counted over CHECK_LINKS links (default 20,000) from
# `deeplink-bench --check-input`, and the output is checked to have one line per link.
set -euo pipefail
cd "$(dirname "$0")/.."

section=${1:-}
if [[ -z "$section" ]]; then
  sed -n '5,9p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
fi
bin=${BIN:-.build/release}
bench="$bin/deeplink-bench"
command -v valgrind >/dev/null || { echo "icount: valgrind is not installed" >&2; exit 69; }
[[ -x "$bench" ]] || { echo "icount: no $bench; run swift build -c release --product deeplink-bench" >&2; exit 66; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache_options=()
if [[ "${CACHE:-0}" == 1 ]]; then cache_options=(--cache-sim=yes); fi

# Prints "Ir [D1mr DLmr]" from a callgrind output file's totals.
totals() {
  awk '/^events:/ { for (i = 2; i <= NF; i++) column[$i] = i - 1 }
       /^(totals|summary):/ { for (i = 2; i <= NF; i++) value[i - 1] = $i }
       END {
         line = value[column["Ir"]] + 0
         if ("D1mr" in column) line = line " " value[column["D1mr"]] + 0 " " value[column["DLmr"]] + 0
         print line
       }' "$1"
}

if [[ "$section" == check ]]; then
  tool="$bin/deeplink"
  [[ -x "$tool" ]] || { echo "icount: no $tool; run swift build -c release --product deeplink" >&2; exit 66; }
  links=${CHECK_LINKS:-20000}
  "$bench" --check-input "$links" >"$work/links.txt"
  status=0
  valgrind --tool=callgrind "${cache_options[@]}" --callgrind-out-file="$work/check.out" \
    "$tool" check --market CA --format jsonl "$work/links.txt" >"$work/out.jsonl" 2>"$work/valgrind.txt" || status=$?
  # The mix holds invalid links, so check exits 1; anything else (a crash included) is a failure.
  if [[ $status -ne 1 ]]; then
    echo "icount: deeplink check exited with $status, expected 1" >&2
    tail -n 20 "$work/valgrind.txt" >&2
    exit 1
  fi
  lines=$(wc -l <"$work/out.jsonl")
  if [[ $lines -ne $links ]]; then
    echo "icount: deeplink check wrote $lines lines for $links links" >&2
    exit 1
  fi
  read -r ir d1 dl <<<"$(totals "$work/check.out")"
  printf '%-44s %14s %12s\n' measurement instructions "per op"
  printf '%-44s %14d %12.0f' "check $links links (whole process)" "$ir" "$(bc -l <<<"$ir / $links")"
  [[ -n "${d1:-}" ]] && printf '   D1 misses/op %.2f  LL misses/op %.2f' "$(bc -l <<<"$d1 / $links")" "$(bc -l <<<"$dl / $links")"
  printf '\n'
  exit 0
fi

if [[ "$section" == launch ]]; then
  # A cold process, as an app at launch: `deeplink route --market ID shop://cart` (compose, decide the
  # first link, print it) less `deeplink --version` (the process and the runtime starting).
  tool="$bin/deeplink"
  [[ -x "$tool" ]] || { echo "icount: no $tool; run swift build -c release --product deeplink" >&2; exit 66; }
  valgrind --tool=callgrind --callgrind-out-file="$work/version.out" "$tool" --version >/dev/null 2>"$work/valgrind.txt"
  read -r version _ <<<"$(totals "$work/version.out")"
  declare -A cold
  for id in CA MX; do
    valgrind --tool=callgrind --callgrind-out-file="$work/route-$id.out" "$tool" route --market "$id" shop://cart \
      >"$work/route-$id.txt" 2>"$work/valgrind.txt"
    grep -q '/cart' "$work/route-$id.txt" || { echo "icount: deeplink route --market $id did not route to /cart" >&2; exit 1; }
    read -r routed _ <<<"$(totals "$work/route-$id.out")"
    cold[$id]=$((routed - version))
  done
fi

valgrind --tool=callgrind "${cache_options[@]}" \
  --toggle-collect='*measuredRegion*' --dump-after='$s14deeplink_bench14measuredRegion*' \
  --callgrind-out-file="$work/cg.out" \
  "$bench" --instructions --only "$section" >"$work/stdout.txt" 2>"$work/stderr.txt" || {
  echo "icount: deeplink-bench failed under callgrind" >&2
  grep -v '^==' "$work/stderr.txt" | tail -n 20 >&2
  exit 1
}
mapfile -t labels < <(sed -n 's/^deeplink-bench: counted \(.*\) operations=\([0-9]*\)$/\2 \1/p' "$work/stderr.txt")
# One dump per measured pass, numbered in order (cg.out.1, cg.out.2…); the final dump at exit
# (cg.out) holds nothing collected.
mapfile -t dumps < <(for dump in "$work"/cg.out.*; do [[ -e "$dump" ]] && echo "${dump##*.} $dump"; done | sort -n | cut -d' ' -f2-)
if [[ ${#labels[@]} -eq 0 || ${#labels[@]} -ne ${#dumps[@]} ]]; then
  echo "icount: ${#labels[@]} measurements but ${#dumps[@]} callgrind dumps" >&2
  exit 1
fi

if [[ "$section" == launch ]]; then
  # In process: one composition each, after a warm-up (labels from LaunchBenchmark).
  declare -A count
  for id in CA MX; do count[cold.$id]=${cold[$id]}; done
  for i in "${!labels[@]}"; do
    label=${labels[$i]#* }
    read -r ir _ <<<"$(totals "${dumps[$i]}")"
    case "$label" in
      "launch compose generated "*" rules") n=${label#launch compose generated }; count[generated.${n% rules}]=$ir ;;
      "launch compose "*" and decide "*) id=${label#launch compose }; count[warm.${id%% *}]=$ir ;;
    esac
  done
  if [[ "${ICOUNT_PAIRS:-0}" == 1 ]]; then
    for key in "${!count[@]}"; do echo "$key ${count[$key]}"; done | sort
    exit 0
  fi
  printf '%-64s %14s %12s\n' measurement instructions "per rule"
  for id in CA MX; do
    printf '%-64s %14d\n' "$id: deeplink route --market $id shop://cart minus --version" "${count[cold.$id]}"
  done
  for id in CA MX; do
    printf '%-64s %14d\n' "$id: compose and decide shop://cart, in process after a warm-up" "${count[warm.$id]}"
  done
  printf '%-64s %14d\n' "generated market of 0 rules, in process" "${count[generated.0]}"
  for n in 100 1000 10000; do
    printf '%-64s %14d %12.0f\n' "generated market of $n rules (per rule: above 0 rules)" "${count[generated.$n]}" \
      "$(bc -l <<<"(${count[generated.$n]} - ${count[generated.0]}) / $n")"
  done
  exit 0
fi
if [[ "${CACHE:-0}" == 1 ]]; then
  printf '%-52s %10s %12s %10s %10s\n' measurement operations "Ir per op" "D1mr/op" "DLmr/op"
else
  printf '%-52s %10s %12s\n' measurement operations "Ir per op"
fi
for i in "${!labels[@]}"; do
  operations=${labels[$i]%% *}
  label=${labels[$i]#* }
  read -r ir d1 dl <<<"$(totals "${dumps[$i]}")"
  if [[ -n "${d1:-}" ]]; then
    printf '%-52s %10d %12.0f %10.2f %10.2f\n' "$label" "$operations" "$(bc -l <<<"$ir / $operations")" \
      "$(bc -l <<<"$d1 / $operations")" "$(bc -l <<<"$dl / $operations")"
  else
    printf '%-52s %10d %12.0f\n' "$label" "$operations" "$(bc -l <<<"$ir / $operations")"
  fi
done
