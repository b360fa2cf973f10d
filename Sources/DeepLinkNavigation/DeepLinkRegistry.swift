import DeepLinkCore
import Foundation

/// The smallest navigation model, for small apps: handlers asked in order, the first that can
/// handle a link handles it, and a fallback gets the app's links that none takes.
///
/// It is a thin layer over a ``DeepLinkCore/DeepLinker``: each handler is installed as an opaque
/// plugin, in order, and the fallback is the linker's not-found handler. So the registry has the
/// engine's security rules (a `javascript:` link, a link with userinfo, a `..` segment or an IP
/// host never reaches a handler or the fallback), rewrites, filters, barriers and telemetry;
/// ``linker`` is there for everything else.
///
/// ```swift
/// let registry = try DeepLinkRegistry(
///   schemes: ["shop"],
///   handlers: [LoginHandler(), ProductsHandler(), PaymentHandler()],
///   fallback: { link in navigator.showHome() })
///
/// // SwiftUI: WindowGroup { ContentView().onOpenURL { registry.handle($0) } }
/// ```
@MainActor
public struct DeepLinkRegistry {
  /// A handler installed as a plugin.
  struct HandlerPlugin: DeepLinkHandlerPlugin {
    let handler: any DeepLinkHandler

    var name: String { handler.name }

    func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
      handler.canHandle(link) ? .yes(data: nil) : .no
    }

    /// Hands the handler the link the linker decided (``DeepLinkCore/DeepLinkNavigationState/link``).
    @MainActor func handleDeepLink(
      with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
    ) {
      defer { completion() }
      guard let link = state.link else { return }
      handler.handle(link, state: state)
    }
  }

  /// The linker the registry drives; set telemetry, barriers or the external-URL handler here
  /// or through the configurator.
  public let linker: DeepLinker
  /// The handlers, in the order they are asked.
  package let handlers: [any DeepLinkHandler]

  /// Creates a registry on a configurator: the handlers are installed after the plugins it
  /// already has, and the configuration is initialised.
  ///
  /// - Parameters:
  ///   - configurator: a configured linker (schemes, domains, telemetry, barriers…).
  ///   - handlers: asked in order; the first that can handle a link handles it.
  ///   - fallback: receives the app's links that no handler takes (the linker's not-found
  ///     handler); never invalid, forbidden or external links.
  /// - Throws: ``DeepLinkCore/DeepLinkConfigurationError`` from `initialize()`.
  public init(
    _ configurator: DeepLinker.Configurator, handlers: [any DeepLinkHandler],
    fallback: (@MainActor (DeepLink) -> Void)? = nil
  ) throws(DeepLinkConfigurationError) {
    var configurator = configurator
    for handler in handlers { configurator = configurator.install(plugin: HandlerPlugin(handler: handler)) }
    if let fallback { configurator = configurator.with(notFoundHandler: fallback) }
    self.linker = try configurator.initialize()
    self.handlers = handlers
  }

  /// Creates a registry for links of `schemes` and universal links to `domains`.
  ///
  /// - Parameters:
  ///   - schemes: the app's custom schemes, the app scheme first (`["shop"]`).
  ///   - domains: the hosts the app claims (exact or `*.suffix`).
  ///   - handlers: asked in order; the first that can handle a link handles it.
  ///   - fallback: receives the app's links that no handler takes.
  /// - Throws: ``DeepLinkCore/DeepLinkConfigurationError`` for no scheme, a duplicate scheme or a
  ///   bad domain.
  public init(
    schemes: [String], domains: [String] = [], handlers: [any DeepLinkHandler],
    fallback: (@MainActor (DeepLink) -> Void)? = nil
  ) throws(DeepLinkConfigurationError) {
    try self.init(
      DeepLinker.configure().add(urlSchemes: schemes.map { URLScheme($0) }).add(
        allowedDomains: domains.map { Domain($0) }),
      handlers: handlers, fallback: fallback)
  }

  /// Handles a link and returns at once: `true` when it is the app's and will be handled.
  @discardableResult
  public func handle(_ url: URL) -> Bool { linker.route(url) }
}
