import DeepLinkCore
import PlatformLinks

/// Every market the app ships, generated from `Package.swift`'s `markets` list by
/// `MarketCataloguePlugin`: adding a market is one folder under `Markets/` and one word there.
package enum MarketCatalogue {
  /// The markets, in the order of the list.
  package static var markets: [any MarketModule] { generatedMarkets }

  /// The market with identifier `id` (case-insensitive), or `nil`.
  package static func market(id: String) -> (any MarketModule)? {
    markets.first { $0.id.lowercased() == id.lowercased() }
  }

  /// The identifiers of every market.
  package static var ids: [String] { markets.map(\.id) }
}
