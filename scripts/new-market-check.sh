#!/usr/bin/env bash
# Adding a market is one folder and one word: this script proves it on a throwaway market.
# It copies the package's tracked files to a temporary folder, adds market ZZ there (the folder
# Markets/ZZ with Sources, Tests and Examples, and the word "ZZ" in Package.swift's `markets`
# list; nothing else), then builds it warning-free, writes ZZ's decision snapshot and link catalogue
# (the two files a market team generates and commits) and runs every
# suite: the new market's and every platform suite, unchanged. Used by .ci/run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copy="$work/DeepLinkPlatform"
mkdir -p "$copy"
git -C "$root" ls-files -z | tar -C "$root" --null -T - -cf - | tar -C "$copy" -xf -

# The one word.
sed -i -E 's/^let markets = \[(.*)\]$/let markets = [\1, "ZZ"]/' "$copy/Package.swift"
grep -q '^let markets = \[.*"ZZ"\]$' "$copy/Package.swift" || { echo "error: could not add ZZ to the markets list" >&2; exit 1; }

# The one folder.
mkdir -p "$copy/Markets/ZZ/Sources" "$copy/Markets/ZZ/Tests" "$copy/Markets/ZZ/Examples"
cat > "$copy/Markets/ZZ/Sources/ZZMarket.swift" <<'SWIFT'
import DeepLinkCore
import PlatformLinks

/// Market ZZ: a throwaway market made by scripts/new-market-check.sh.
public struct ZZMarket: MarketModule {
  public init() {}

  public var id: String { "ZZ" }
  public var domains: [Domain] { ["shop.example.zz", "www.shop.example.zz"] }
  public var urlSchemes: [URLScheme] { [URLScheme("shopzz", customHost: "zz")] }
  public var marketRoutes: [PlatformRoute] { [.voucher] }
  public var webPaths: [WebPath] {
    [
      WebPath("/p/{slug}/{id}", to: .product), WebPath("/cerca?q={query}", to: .search),
      WebPath("/carrello", to: .cart), WebPath("/ordini/{id}", to: .order), WebPath("/buono/{code}", to: .voucher),
    ]
  }
}

extension PlatformRoute {
  /// A voucher: ZZ only.
  public static let voucher = PlatformRoute("voucher", "/voucher/{code}")
}
SWIFT
cat > "$copy/Markets/ZZ/Tests/ZZMarketTests.swift" <<'SWIFT'
import DeepLinkCore
import DeepLinkTesting
import MarketZZ
import Testing

@Suite struct ZZMarketTests {
  @Test("ZZ's links decide as its table says")
  func table() throws {
    let configuration = try #require(composedConfiguration(ZZMarket()))
    let rows: [DecisionExpectation] = [
      .init("https://shop.example.zz/p/desk/12", route: "/product/{id:int}", parameters: ["id": "12", "slug": "desk"]),
      .init("https://www.shop.example.zz/carrello", route: "/cart"),
      .init("https://shop.example.zz/buono/SUMMER", route: "/voucher/{code}", parameters: ["code": "SUMMER"]),
      .init("shopzz://zz/voucher/SUMMER", route: "/voucher/{code}"),
      .init("shop://voucher/SUMMER", outcome: .notFound),
      .init("https://shop.example.zz/aiuto", outcome: .external),
    ]
    for row in rows { expectDecision(row, in: configuration) }
  }
}
SWIFT
printf 'https://shop.example.zz/p/desk/12\t/product/{id:int}\nhttps://shop.example.zz/carrello\t/cart\nshopzz://zz/voucher/SUMMER\t/voucher/{code}\nhttps://shop.example.zz/aiuto\n' \
  > "$copy/Markets/ZZ/Examples/links.txt"

cd "$copy"
echo "== new market ZZ: build (warnings fail)"
log=$(mktemp)
swift build --build-tests 2>&1 | tee "$log" | tail -n 3
if grep -E "^(/|\./)?[^ ]*(Sources|Tests|Markets)/[^ ]*: warning:" "$log"; then
  echo "error: the copy with market ZZ builds with warnings" >&2
  exit 1
fi
echo "== new market ZZ: decision snapshot and link catalogue"
swift run -q deeplink snapshot --market ZZ --update
swift run -q deeplink catalogue --market ZZ --update
echo "== new market ZZ: every suite"
test_log=$(mktemp)
if ! swift test >"$test_log" 2>&1; then
  grep -E "recorded an issue|error:" "$test_log" | head -n 40 >&2
  echo "error: with market ZZ added, a suite fails (above)" >&2
  exit 1
fi
tail -n 1 "$test_log"
echo "new market ZZ: one folder and one word; built and passed every suite"
