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

# A market mistake fails the build (MarketCheckPlugin), naming the market and both sides; the
# market without the mistake built above.
market_file=Markets/ZZ/Sources/ZZMarket.swift
cp "$market_file" "$work/ZZMarket.swift"
expect_build_failure() { # $1: what the mistake is; $2: a pattern every line of the message must show
  local log
  log=$(mktemp)
  if swift build >"$log" 2>&1; then
    echo "error: market ZZ with $1 built; the composition check should have failed the build" >&2
    exit 1
  fi
  if ! grep -E "ZZMarket\.swift:[0-9]+:1: error: .*$2" "$log"; then
    grep -E "error" "$log" | head -n 20 >&2
    echo "error: the build of market ZZ with $1 failed without the expected message (above)" >&2
    exit 1
  fi
}
echo "== new market ZZ: a takeover of a platform link fails the build"
cat >>"$market_file" <<'SWIFT'

extension ZZMarket {
  public var rules: [UniversalLink] { [UniversalLink("https://shop.example.com/cart", to: .cart)] }
}
SWIFT
expect_build_failure "a rule on the platform's domain" \
  "rule \`https://shop.example.com/cart → /cart\` of market ZZ captures .*, which the platform routes to \`/cart\`"
cp "$work/ZZMarket.swift" "$market_file"
echo "== new market ZZ: a destination that does not fit its route fails the build"
sed -i 's|PlatformRoute("voucher", "/voucher/{code}")|PlatformRoute("voucher", "/voucher/{code}", destination: VoucherPage.self)|' \
  "$market_file"
cat >>"$market_file" <<'SWIFT'

/// A voucher whose code the link's text capture cannot fill.
public struct VoucherPage: LinkDestination {
  public let code: Int
}
SWIFT
expect_build_failure "a destination that does not fit" "market ZZ: route \`/voucher/\{code\}\`, destination \`VoucherPage\`"
cp "$work/ZZMarket.swift" "$market_file"
echo "new market ZZ: one folder and one word; built and passed every suite; its mistakes fail the build"
