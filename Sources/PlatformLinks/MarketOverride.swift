/// The platform's permission for one market to replace one platform rewrite rule.
///
/// Only the platform's catalogue (``PlatformLinks/marketOverrides``) grants these; a market's
/// own `isOverride: true` is refused without one. The market's rule must match exactly the
/// links of the platform rule it replaces (the same pattern), so an override never widens what
/// the market captures.
///
/// ```swift
/// MarketOverride(market: "CA", platformRule: "https://shop.example.com/store/{id}")
/// ```
package struct MarketOverride: Sendable, Hashable, CustomStringConvertible {
  /// The market allowed to override.
  package let market: String
  /// The platform rule's source pattern, as written in ``PlatformLinks/universalLinks``.
  package let platformRule: String

  /// Grants `market` the right to replace the platform rule whose pattern is `platformRule`.
  package init(market: String, platformRule: String) {
    self.market = market
    self.platformRule = platformRule
  }

  package var description: String { "market \(market) may override `\(platformRule)`" }
}
