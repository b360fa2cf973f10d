import DeepLinkComposition
import DeepLinkCore
import PlatformLinks
import Testing

/// Composes a market for a test: a composition error fails the test with its message (every
/// problem, naming both sides) instead of crashing the test process, and the result is `nil`.
///
/// ```swift
/// let configuration = try #require(composedConfiguration(CAMarket()))
/// ```
///
/// - Parameters:
///   - market: the market, or `nil` for the platform alone.
///   - composer: the catalogue and platform overrides to compose against.
///   - sourceLocation: where a composition error is reported; the caller's line by default.
package func composedConfiguration(
  _ market: (any MarketModule)?, composer: MarketComposer = MarketComposer(),
  sourceLocation: SourceLocation = #_sourceLocation
) -> DeepLinkConfiguration? {
  do {
    return try composer.configuration(for: market)
  } catch {
    Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
    return nil
  }
}

/// A ready linker for `market` over a recording navigator (also the session) and, if given,
/// recording telemetry; a composition error fails the test with its message and gives `nil`.
///
/// ```swift
/// let navigator = RecordingNavigator()
/// let linker = try #require(composedLinker(CAMarket(), navigator: navigator))
/// ```
@MainActor
package func composedLinker(
  _ market: (any MarketModule)?, navigator: RecordingNavigator, telemetry: RecordingTelemetry? = nil,
  composer: MarketComposer = MarketComposer(), sourceLocation: SourceLocation = #_sourceLocation
) -> DeepLinker? {
  let container = DependencyContainer()
  container.register((any Navigator).self) { _ in navigator }
  container.register((any Session).self) { _ in navigator }
  if let telemetry { container.register((any DeepLinkTelemetry).self) { _ in telemetry } }
  do {
    return try composer.makeDeepLinker(for: market, container: container)
  } catch {
    Issue.record(Comment(rawValue: String(describing: error)), sourceLocation: sourceLocation)
    return nil
  }
}

/// The problems composing `market` finds, as their messages, for tables of refused markets.
package func compositionMessages(
  _ market: any MarketModule, composer: MarketComposer = MarketComposer()
) -> [String] {
  composer.problems(of: market).map(\.description)
}
