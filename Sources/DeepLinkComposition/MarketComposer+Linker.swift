import DeepLinkCore
import PlatformLinks

extension MarketComposer {
  /// A ready linker for `market` (the platform alone for `nil`), using the container's
  /// `any Navigator` and `any Session` (required) and `any DeepLinkTelemetry` and
  /// `any DeepLinkClock` (optional). The linker runs the configuration the composition compiled.
  ///
  /// - Throws: ``DeepLinkComposition/CompositionError`` for a missing service or any composition problem.
  @MainActor
  package func makeDeepLinker(
    for market: (any MarketModule)?, container: DependencyContainer,
    configure: (DeepLinker.Configurator) -> DeepLinker.Configurator = { $0 }
  ) throws -> DeepLinker {
    let services = MarketServices(
      navigator: try container.resolve((any Navigator).self), session: try container.resolve((any Session).self))
    let composed = try compose(market, services: services)
    var configurator = DeepLinker.configure().adopting(composed.specification, compiled: composed.configuration)
    if container.isRegistered((any DeepLinkTelemetry).self) {
      configurator = configurator.with(telemetry: try container.resolve((any DeepLinkTelemetry).self))
    }
    if container.isRegistered((any DeepLinkClock).self) {
      configurator = configurator.with(clock: try container.resolve((any DeepLinkClock).self))
    }
    do {
      return try configure(configurator).initialize()
    } catch {
      throw CompositionError(market: market?.id, problems: [.configuration(error, market: market?.id)])
    }
  }
}
