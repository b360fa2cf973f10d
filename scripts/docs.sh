#!/usr/bin/env bash
# Builds each library product's symbol documentation with the toolchain's `docc`, warnings as
# errors, so a broken symbol reference (``Name``) or an undocumented parameter fails CI.
# The build emits the symbol graphs (into .build-docs, apart from the main build); each module
# gets a catalog made here; DeepLinkCore's also holds the articles of Docs/, which its landing
# page lists, so the handbook is reachable from the symbol documentation.
#
#   scripts/docs.sh            check every product (no output kept)
#   OUT=DIR scripts/docs.sh    also keep the rendered archives in DIR/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(DeepLinkCore DeepLinkNavigation PlatformLinks DeepLinkComposition DeepLinkApple DeepLinkTesting AssociationMatchers)
for id in $(sed -n 's/^let markets = \[\(.*\)\]/\1/p' Package.swift | tr -d '",'); do modules+=("Market$id"); done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
graphs="$work/graphs"
mkdir -p "$graphs"
for module in "${modules[@]}"; do
  swift build --scratch-path .build-docs --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
done

status=0
for module in "${modules[@]}"; do
  catalog="$work/$module.docc"
  mkdir -p "$catalog" "$work/sg-$module"
  cp "$graphs/$module.symbols.json" "$work/sg-$module/"
  cp "$graphs/$module"@*.symbols.json "$work/sg-$module/" 2>/dev/null || true
  if [[ "$module" == DeepLinkCore ]]; then
    topics=""
    for article in Docs/*.md; do
      name=$(basename "$article" .md)
      cp "$article" "$catalog/$name.md"
      topics+="- <doc:$name>"$'\n'
    done
    cat >"$catalog/DeepLinkCore.md" <<PAGE
# \`\`DeepLinkCore\`\`

Link parsing, route patterns, the compiled route table and the \`DeepLinker\` pipeline.

## Topics

### The handbook

$topics
PAGE
  fi
  mkdir -p "${OUT:-$work/out}"
  out="${OUT:-$work/out}/$module.doccarchive"
  if ! docc convert "$catalog" --additional-symbol-graph-dir "$work/sg-$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "com.example.deeplinkplatform.$module" \
    --warnings-as-errors --output-dir "$out" >"$work/$module.log" 2>&1; then
    echo "docs: $module has documentation warnings:" >&2
    grep -E "warning|error" "$work/$module.log" >&2 || cat "$work/$module.log" >&2
    status=1
  else
    echo "docs: $module ok"
  fi
done
exit $status
