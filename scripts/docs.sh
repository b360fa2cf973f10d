#!/usr/bin/env bash
# Builds the symbol documentation of every library product with the toolchain's `docc`, warnings
# as errors, so a broken symbol reference (``Name``), an ambiguous one or an undocumented
# parameter fails CI. No package dependency (no swift-docc-plugin): the build emits the symbol
# graphs (in .build-docs, apart from the main build) and `docc convert` reads them.
#
# One combined conversion: one catalog, DeepLinkPlatform.docc, made here, with the symbol graphs
# of every library module (extension graphs `A@B` included; the executables, DeepLinkCLI and
# DeepLinkTools are not products and are left out), so a comment in one module can link a symbol
# of another (``DeepLinkCore/DeepLinker``). Its landing page lists the modules and the articles of Docs/,
# copied into the catalog, so the handbook is reachable from the symbol documentation.
#
#   scripts/docs.sh            check every product (no output kept)
#   OUT=DIR scripts/docs.sh    also keep the archive as DIR/DeepLinkPlatform.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# The library products of Package.swift, and one `Market<ID>` per word of `markets`.
modules=()
for name in $(sed -n 's/^ *\.library(name: "\([^"]*\)".*/\1/p' Package.swift); do modules+=("$name"); done
for id in $(sed -n 's/^let markets = \[\(.*\)\]/\1/p' Package.swift | tr -d '",'); do modules+=("Market$id"); done
# MarketComposition's symbols are documented under DeepLinkComposition, which re-exports it (the
# compiler writes them into DeepLinkComposition's symbol graph).

# The graphs live beside the build they come from: a module the build finds up to date is not
# compiled again and so writes no graph, and the one of its last compile must still be there.
graphs="$root/.build-docs/symbol-graphs"
mkdir -p "$graphs"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Last first: building a module builds (and graphs) what it depends on, so a module whose graph
# this run has already written needs no build of its own.
stamp="$graphs/.stamp"
touch "$stamp"
for ((i = ${#modules[@]} - 1; i >= 0; i--)); do
  module=${modules[$i]}
  [[ "$graphs/$module.symbols.json" -nt "$stamp" ]] && continue
  if ! swift build --scratch-path .build-docs --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    echo "docs: the build of $module failed" >&2
    exit 1
  fi
done

catalog="$work/DeepLinkPlatform.docc"
mkdir -p "$catalog" "$work/graphs"
module_topics=""
for module in "${modules[@]}"; do
  if [[ ! -f "$graphs/$module.symbols.json" ]]; then
    echo "docs: no symbol graph for $module; remove .build-docs and run again" >&2
    exit 1
  fi
  cp "$graphs/$module.symbols.json" "$work/graphs/"
  # Its extension graphs (`$module@Other`) are written by the same compile: one much older than
  # the module's own graph is left from a compile that extended a module this one no longer does.
  written=$(stat -c %Y "$graphs/$module.symbols.json")
  find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -newermt "@$((written - 60))" \
    -exec cp {} "$work/graphs/" \;
  module_topics+="- \`\`$module\`\`"$'\n'
done
article_topics=""
for article in Docs/*.md; do
  name=$(basename "$article" .md)
  cp "$article" "$catalog/$name.md"
  article_topics+="- <doc:$name>"$'\n'
done
cat >"$catalog/DeepLinkPlatform.md" <<PAGE
# DeepLinkPlatform

Every URL that opens the app, taken to exactly one decision: the library products and the handbook.

@Metadata {
  @TechnologyRoot
}

## Topics

### The library products

$module_topics
### The handbook

$article_topics
PAGE

out="${OUT:-$work/out}"
mkdir -p "$out"
log="$work/docc.log"
if ! docc convert "$catalog" --additional-symbol-graph-dir "$work/graphs" \
  --fallback-display-name DeepLinkPlatform --fallback-bundle-identifier com.example.deeplinkplatform \
  --warnings-as-errors --output-dir "$out/DeepLinkPlatform.doccarchive" >"$log" 2>&1; then
  count=$(grep -cE '^(warning|error):' "$log" || true)
  echo "docs: docc reported $count warning(s) or error(s); a warning fails the run:" >&2
  # Paths as in the repository: Sources/… rather than relative to the temporary catalog, and
  # Docs/<Name>.md for an article's copy.
  sed -E -e "s#(\.\./)+${root#/}/##" -e 's#^( *--> )([A-Za-z]+\.md)#\1Docs/\2#' "$log" >&2
  exit 1
fi
echo "docs: ${#modules[@]} modules and $(ls Docs/*.md | wc -l) articles, no warnings${OUT:+ (archive: $out/DeepLinkPlatform.doccarchive)}"
