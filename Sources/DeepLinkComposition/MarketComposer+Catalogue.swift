import DeepLinkCore
import PlatformLinks

extension MarketComposer {
  /// A composer over the built-in catalogue (``DeepLinkComposition/MarketCatalogue/markets``) with the platform's own
  /// overrides.
  package init(overrides: [MarketOverride] = PlatformLinks.marketOverrides, checksDestinations: Bool = true) {
    self.init(catalogue: MarketCatalogue.markets, overrides: overrides, checksDestinations: checksDestinations)
  }
}
