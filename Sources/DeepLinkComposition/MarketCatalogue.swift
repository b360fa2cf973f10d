import DeepLinkCore
import MarketCA
import MarketMX
import PlatformLinks

/// Every market the app ships. Adding a market: one folder under `Markets/`, one word in
/// `Package.swift`'s `markets` list, and one entry here.
public enum MarketCatalogue {
  /// The markets, in a stable order.
  public static let markets: [any MarketModule] = [
    CAMarket(),
    MXMarket(),
  ]

  /// The market with identifier `id` (case-insensitive), or `nil`.
  public static func market(id: String) -> (any MarketModule)? {
    markets.first { $0.id.lowercased() == id.lowercased() }
  }

  /// The identifiers of every market.
  public static var ids: [String] { markets.map(\.id) }
}
