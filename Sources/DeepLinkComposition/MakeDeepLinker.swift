import DeepLinkCore
import PlatformLinks

/// The app's router, the front door for the common case: the platform's links plus `market`'s
/// (the platform alone for `nil`), showing destinations through `navigator` and asking `session`
/// whether the user is signed in.
///
/// It is ``DeepLinkAssembly/makeDeepLinker(market:container:configure:)`` with a container of
/// those two services; use that one to register more (telemetry, a clock).
///
/// ```swift
/// let linker = try makeDeepLinker(market: "CA", navigator: AppNavigator(), session: AppSession())
/// linker.route("https://shop.example.ca/fr/panier")
/// ```
///
/// - Parameters:
///   - market: the market's identifier (`"CA"`), `nil` for the platform alone.
///   - navigator: shows the destinations links open.
///   - session: the signed-in state and the sign-in flow the authentication barrier uses.
///   - configure: changes to the configuration before it is initialised (handlers, filters).
/// - Throws: ``CompositionError`` for an unknown market or a composition problem the build could
///   not see.
@MainActor
public func makeDeepLinker(
  market: String?, navigator: any Navigator, session: any Session,
  configure: (DeepLinker.Configurator) -> DeepLinker.Configurator = { $0 }
) throws -> DeepLinker {
  let container = DependencyContainer()
  container.register((any Navigator).self) { _ in navigator }
  container.register((any Session).self) { _ in session }
  return try DeepLinkAssembly.makeDeepLinker(market: market, container: container, configure: configure)
}
