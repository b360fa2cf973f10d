import DeepLinkCore
import PlatformLinks

/// A router that takes links from the first moment of launch and routes them once its
/// configuration is composed on a background task, so the main thread never waits for it.
///
/// Links handed to ``linker`` before it is ready wait in its cold-start buffer (up to 32) and
/// are routed in arrival order, each once, as soon as the
/// configuration is composed; if composition fails, each is dropped with
/// ``DeepLinkCore/DeepLinkReason/notComposed`` and ``ready`` throws the ``DeepLinkComposition/CompositionError``.
///
/// ```swift
/// let startup = try DeepLinkAssembly.startDeepLinker(market: "CA", container: container)
/// startup.linker.route("https://shop.example.ca/fr/panier")  // waits, then routes
/// let linker = try await startup.ready.value
/// ```
@MainActor
public struct DeepLinkerStartup: Sendable {
  /// The router: hand it every link from launch on.
  public let linker: DeepLinker
  /// Finishes when the configuration is composed and the linker initialised (the buffered
  /// links are then on their way), or throws the ``DeepLinkComposition/CompositionError``.
  public let ready: Task<DeepLinker, any Error>
}

extension MarketComposer {
  /// Starts the router for `market` without waiting for its composition: the services are
  /// resolved from `container` now, on the main actor; the configuration is composed on a
  /// background task; the linker is initialised back on the main actor.
  ///
  /// - Parameters:
  ///   - market: the market, or `nil` for the platform alone.
  ///   - container: must hold `any Navigator` and `any Session`; `any DeepLinkTelemetry` and
  ///     `any DeepLinkClock` are used if registered.
  ///   - configure: a last change to the configurator before it initialises the linker.
  /// - Throws: ``DeepLinkComposition/DependencyError`` when the navigator or the session is missing.
  @MainActor
  package func startDeepLinker(
    for market: (any MarketModule)?, container: DependencyContainer,
    configure: @escaping @MainActor (DeepLinker.Configurator) -> DeepLinker.Configurator = { $0 }
  ) throws -> DeepLinkerStartup {
    let services = MarketServices(
      navigator: try container.resolve((any Navigator).self), session: try container.resolve((any Session).self))
    let clock: any DeepLinkClock =
      container.isRegistered((any DeepLinkClock).self)
      ? try container.resolve((any DeepLinkClock).self) : SystemDeepLinkClock()
    let telemetry: (any DeepLinkTelemetry)? =
      container.isRegistered((any DeepLinkTelemetry).self) ? try container.resolve((any DeepLinkTelemetry).self) : nil
    let linker = DeepLinker(clock: clock)
    linker.telemetry = telemetry
    let composer = self
    let ready = Task { @MainActor () throws -> DeepLinker in
      do {
        let composed = try await Task.detached(priority: .userInitiated) {
          try composer.compose(market, services: services)
        }.value
        var configurator = linker.configure().adopting(composed.specification, compiled: composed.configuration)
          .with(clock: clock)
        if let telemetry { configurator = configurator.with(telemetry: telemetry) }
        let initialized: Result<DeepLinker, DeepLinkConfigurationError> = Result {
          () throws(DeepLinkConfigurationError) -> DeepLinker in try configure(configurator).initialize()
        }
        switch initialized {
        case .success(let linker): return linker
        case .failure(let error):
          throw CompositionError(market: market?.id, problems: [.configuration(error, market: market?.id)])
        }
      } catch {
        linker.dropBufferedLinks(reason: .notComposed)
        throw error
      }
    }
    return DeepLinkerStartup(linker: linker, ready: ready)
  }
}

extension DeepLinkAssembly {
  /// Starts the router for the catalogue market `market` (`nil`: the platform alone) without
  /// waiting for its composition: the services are resolved from `container` now, on the main
  /// actor; the configuration is composed on a background task; the linker is initialised back
  /// on the main actor.
  ///
  /// - Throws: ``DeepLinkComposition/CompositionError`` for an unknown market; ``DeepLinkComposition/DependencyError`` when
  ///   the navigator or the session is missing.
  @MainActor
  public static func startDeepLinker(
    market: String?, container: DependencyContainer,
    configure: @escaping @MainActor (DeepLinker.Configurator) -> DeepLinker.Configurator = { $0 }
  ) throws -> DeepLinkerStartup {
    try DeepLinkAssembly.launchComposer.startDeepLinker(
      for: try DeepLinkAssembly.module(market), container: container, configure: configure)
  }
}
