import DeepLinkComposition
import DeepLinkCore

/// The market a command works with, and its composed configuration.
struct MarketSelection {
  /// The market's identifier as the catalogue spells it, or `nil` for the platform alone.
  let id: String?
  /// The pure configuration decisions are made with.
  let configuration: DeepLinkConfiguration

  /// The selection for `--market` (absent: the platform alone).
  ///
  /// - Throws: ``UsageError`` for an unknown market; ``CommandFailure`` (status 1) when the
  ///   market does not compose.
  static func resolve(_ parsed: ParsedCommand) throws -> MarketSelection {
    let id = try marketID(parsed)
    do {
      return MarketSelection(id: id, configuration: try DeepLinkAssembly.configuration(market: id))
    } catch {
      throw CommandFailure(message: error.description + "\nrun `deeplink validate` for details", status: .failure)
    }
  }

  /// The catalogue's spelling of `--market`'s value, `nil` without it.
  ///
  /// - Throws: ``UsageError`` naming the known markets when there is no such market.
  static func marketID(_ parsed: ParsedCommand) throws(UsageError) -> String? {
    guard let value = parsed.value("--market") else { return nil }
    guard let market = MarketCatalogue.market(id: value) else {
      throw UsageError(
        "unknown market `\(value)`; known markets: \(MarketCatalogue.ids.joined(separator: ", "))",
        command: parsed.command)
    }
    return market.id
  }
}
