import DeepLinkComposition
import DeepLinkCore
import Foundation

/// The market a command works with, and its composed configuration.
struct MarketSelection {
  /// The market's identifier as the catalogue spells it, or `nil` for the platform alone.
  let id: String?
  /// The pure configuration decisions are made with.
  let configuration: DeepLinkConfiguration
  /// The link policy of `--policy FILE`, checked against the configuration, if given.
  var policy: LinkPolicy? = nil

  /// The selection for `--market` (absent: the platform alone).
  ///
  /// Composed as an app's launch composes (``DeepLinkComposition/DeepLinkAssembly/configuration(market:)``):
  /// the build checked every market, so the checks do not run again; `deeplink validate` runs
  /// them.
  ///
  /// The configuration lives until the process exits in the process's environment
  /// (``ToolEnvironment/keepUntilExit(_:)``).
  ///
  /// - Throws: ``UsageError`` for an unknown market; ``CommandFailure`` (status 1) when the
  ///   market does not compose.
  static func resolve(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> MarketSelection {
    let id = try marketID(parsed)
    var selection: MarketSelection
    do {
      selection = MarketSelection(
        id: id,
        configuration: try DeepLinkAssembly.configuration(market: id))
    } catch {
      throw CommandFailure(error, hint: "run `deeplink validate` for details")
    }
    environment.keepUntilExit(selection.configuration)
    if let path = parsed.value("--policy") {
      selection.policy = try readPolicy(path, configuration: selection.configuration)
    }
    return selection
  }

  /// The policy document at `path`, checked against `configuration`.
  ///
  /// - Throws: ``CommandFailure``: status 65 when the file cannot be read, 1 when the policy is refused.
  static func readPolicy(_ path: String, configuration: DeepLinkConfiguration) throws -> LinkPolicy {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CommandFailure(message: "cannot read the policy `\(path)`", status: .unreadableInput)
    }
    defer { try? handle.close() }
    let data: Data
    do {
      // One byte past the limit is enough to tell an oversized document.
      data = try handle.read(upToCount: LinkPolicy.maximumSize + 1) ?? Data()
    } catch {
      throw CommandFailure(
        message: "cannot read the policy `\(path)`: \(error.localizedDescription)", status: .unreadableInput)
    }
    do {
      return try LinkPolicy(json: data, configuration: configuration)
    } catch {
      throw CommandFailure(message: error.description, status: .failure)
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
