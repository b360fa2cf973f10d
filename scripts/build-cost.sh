#!/usr/bin/env bash
# What the build-time composition check (MarketCheckPlugin) costs a build: a clean debug
# `swift build` of the package with and without it, and the time an incremental `swift build`
# takes after one market file changes (median of 5 each). Each variant builds in a copy of the
# package's tracked files; "without" removes the plugin and its tool from Package.swift and
# stands in for the generated file the check writes. Figures: Docs/Performance.md.
#
#   scripts/build-cost.sh        both variants (about 15 minutes on 2 cores)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

copy() { # $1: folder
  mkdir -p "$1"
  git -C "$root" ls-files -z | tar -C "$root" --null -T - -cf - | tar -C "$1" -xf -
}
seconds() { # runs "$@", prints its wall time in seconds; a failure stops the script
  local start end log
  log=$(mktemp)
  start=$(date +%s.%N)
  if ! "$@" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "build-cost: \`$*\` failed in $PWD" >&2
    exit 1
  fi
  end=$(date +%s.%N)
  printf '%.2f\n' "$(echo "$end - $start" | bc)"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

measure() { # $1: variant name, $2: folder
  cd "$2"
  local clean
  clean=$(seconds swift build)
  echo "$1: clean build ${clean} s"
  local times=()
  for i in 1 2 3 4 5; do
    # A change a market team makes: one web path's text (so the check's verdict is computed anew).
    sed -i -E "s|\"/fr/panier[0-9]*\"|\"/fr/panier$i\"|" Markets/CA/Sources/CAMarket.swift
    grep -q "\"/fr/panier$i\"" Markets/CA/Sources/CAMarket.swift
    times+=("$(seconds swift build)")
  done
  echo "$1: incremental build after changing a web path in Markets/CA/Sources/CAMarket.swift: ${times[*]} s; median $(printf '%s\n' "${times[@]}" | median) s"
  cd "$root"
}

copy "$work/with"
copy "$work/without"
python3 - "$work/without/Package.swift" <<'PY'
import sys
path = sys.argv[1]
lines = open(path).read().split("\n")
text = "\n".join(lines).replace(', .plugin(name: "MarketCheckPlugin")', "")
lines = text.split("\n")
def remove_block(name):
    global lines
    at = next(i for i, line in enumerate(lines) if f'name: "{name}"' in line)
    start = at if lines[at].lstrip().startswith(".") else at - 1
    end = next(i for i in range(at, len(lines)) if lines[i].rstrip().endswith("),"))
    del lines[start:end + 1]
remove_block("MarketCheckPlugin")
remove_block("MarketChecker")
text = "\n".join(lines)
assert '"MarketCheckPlugin"' not in text and '"MarketChecker"' not in text, "could not remove the check"
open(path, "w").write(text)
PY
rm -rf "$work/without/Sources/MarketChecker" "$work/without/Plugins/MarketCheckPlugin"
cat >"$work/without/Sources/DeepLinkComposition/MarketChecks+Stand-in.swift" <<'SWIFT'
extension DeepLinkAssembly {
  @Sendable static func checkedWhenBuilt(market id: String) -> UInt64? { nil }
}
SWIFT
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
measure "without the check" "$work/without"
measure "with the check" "$work/with"
