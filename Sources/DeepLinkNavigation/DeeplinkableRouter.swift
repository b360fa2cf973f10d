import DeepLinkCore
import Foundation

/// Deep-linkable modules installed into a ``DeepLinkCore/DeepLinker`` as one opaque plugin: the
/// router of the ``Deeplinkable`` navigation model.
///
/// Every module's patterns are compiled into one route table (`RouteTable`) when the router is
/// created (most specific wins, ties by the order of `modules`); regular expressions, slower, are
/// tried after it in the same order. For the module type a link matches, on the main actor:
///
/// 1. if the type is ``DeeplinkContextUpdatable`` and a module of that type is on screen (the
///    topmost of `visibleModules()`), it is asked to ``DeeplinkContextUpdatable/updateContext(fromDeeplink:)``;
///    `true` ends there;
/// 2. otherwise ``Deeplinkable/module(fromDeeplink:)`` builds a new module and `present`
///    shows it.
///
/// The links come through the engine: invalid and dangerous links never reach a module, and
/// every link is reported to telemetry.
///
/// ```swift
/// let router = try DeeplinkableRouter(
///   modules: [ProductListModule.self, ProductDetailModule.self],
///   visibleModules: { navigator.modulesOnScreen },
///   present: { module, state in navigator.show(module, animated: !state.isColdStart) })
/// let linker = try DeepLinker.configure()
///   .add(urlSchemes: [URLScheme("shop")])
///   .install(plugin: router)
///   .initialize()
/// ```
public struct DeeplinkableRouter: DeepLinkHandlerPlugin {
  /// One module type, erased.
  struct Module: Sendable {
    var typeName: String
    var schemes: Set<String>
    var build: @MainActor @Sendable (MatchedDeepLink) -> (any Deeplinkable)?
    /// Asks the topmost visible module of this type to update; whether it did.
    var update: @MainActor @Sendable ([any Deeplinkable], MatchedDeepLink) -> Bool
  }

  /// One entry of the route table: the module and its pattern as written.
  struct Entry: Sendable {
    var module: Int
    var pattern: String
  }

  /// The name in telemetry, `debugInfo` and ``DeepLinkNavigationState/route``.
  public let name: String
  let modules: [Module]
  let table: RouteTable<Entry>
  let expressions: [(module: Int, expression: DeeplinkRegularExpression)]
  let visibleModules: @MainActor @Sendable () -> [any Deeplinkable]
  let present: @MainActor @Sendable (any Deeplinkable, DeepLinkNavigationState) -> Void

  /// Compiles the modules' patterns and regular expressions.
  ///
  /// - Parameters:
  ///   - modules: the module types, most important first (earlier types win ties).
  ///   - name: the name in telemetry and `debugInfo`.
  ///   - visibleModules: the modules on screen, bottom to top.
  ///   - present: shows a newly built module.
  /// - Throws: ``DeepLinkCore/DeepLinkConfigurationError`` for a malformed pattern or two patterns
  ///   matching the same links; ``DeeplinkRegularExpressionError`` for an expression that does not
  ///   compile.
  @MainActor
  public init(
    modules: [any Deeplinkable.Type], name: String = "DeeplinkableRouter",
    visibleModules: @escaping @MainActor @Sendable () -> [any Deeplinkable] = { [] },
    present: @escaping @MainActor @Sendable (any Deeplinkable, DeepLinkNavigationState) -> Void
  ) throws {
    var erased: [Module] = []
    var builder = RouteTable<Entry>.Builder()
    var expressions: [(module: Int, expression: DeeplinkRegularExpression)] = []
    for type in modules {
      let module = Self.erase(type)
      let index = erased.count
      erased.append(module)
      for source in type.deeplinkPatterns {
        for compiled in try Self.patterns(source, schemes: type.deeplinkSchemes) {
          do {
            try builder.add(compiled, value: Entry(module: index, pattern: source))
          } catch {
            throw DeepLinkConfigurationError.conflictingRoutes(error)
          }
        }
      }
      for source in type.deeplinkRegularExpressions {
        expressions.append((index, try DeeplinkRegularExpression(source)))
      }
    }
    self.name = name
    self.modules = erased
    self.table = builder.build()
    self.expressions = expressions
    self.visibleModules = visibleModules
    self.present = present
  }

  /// The module type and match for `link`: table first, then regular expressions.
  ///
  /// - Complexity: O(*d*) in the link's path segments for patterns; each regular expression
  ///   tried after a miss adds a scan of the link.
  func resolve(_ link: DeepLink) -> (module: Int, match: MatchedDeepLink)? {
    if let match = table.match(link) {
      return (
        match.value.module,
        MatchedDeepLink(link: link, pattern: match.value.pattern, parameters: match.parameters.dictionary)
      )
    }
    for (module, expression) in expressions {
      let schemes = modules[module].schemes
      guard schemes.isEmpty || schemes.contains(link.scheme), let match = expression.match(link) else { continue }
      return (module, match)
    }
    return nil
  }

  /// Accepts `link` when one of the modules' patterns or expressions matches it, naming that
  /// pattern (or expression) as the link's step.
  ///
  /// Reads only the compiled table: safe on any thread.
  public func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    NavigationResolution.option(resolved(link))
  }

  /// Updates the module on screen or builds and presents a new one, for the module the link
  /// resolved to.
  @MainActor public func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) {
    defer { completion() }
    guard let resolution = NavigationResolution.handed(data, state, resolve: resolved),
      let step = resolution.steps.first, modules.indices.contains(step.index)
    else { return }
    open(modules[step.index], resolution.match(step), state)
  }

  /// ``resolve(_:)`` as a resolution of one step.
  private func resolved(_ link: DeepLink) -> NavigationResolution? {
    guard let (module, match) = resolve(link) else { return nil }
    let step = NavigationResolution.Step(
      index: module, pattern: match.pattern, parameters: DeepLinkParameters(match.parameters))
    return NavigationResolution(link: link, steps: [step])
  }

  @MainActor private func open(_ module: Module, _ match: MatchedDeepLink, _ state: DeepLinkNavigationState) {
    if module.update(visibleModules(), match) { return }
    if let built = module.build(match) { present(built, state) }
  }

  // MARK: Compilation

  @MainActor
  private static func erase<M: Deeplinkable>(_ type: M.Type) -> Module {
    Module(
      typeName: String(describing: type),
      schemes: Set(type.deeplinkSchemes.map { $0.lowercased() }),
      build: { M.module(fromDeeplink: $0) },
      update: { visible, match in
        guard let onScreen = visible.last(where: { $0 is M }) as? any DeeplinkContextUpdatable else { return false }
        return onScreen.updateContext(fromDeeplink: match)
      })
  }

  /// The patterns `source` stands for: itself for a module of any scheme or for a pattern
  /// with its own scheme or host; one `scheme://…` pattern per scheme otherwise.
  private static func patterns(_ source: String, schemes: [String]) throws(DeepLinkConfigurationError)
    -> [RoutePattern]
  {
    let sources =
      schemes.isEmpty || !source.hasPrefix("/")
      ? [source] : schemes.map { $0.lowercased() + "://" + source.dropFirst() }
    var patterns: [RoutePattern] = []
    for text in sources {
      do {
        patterns.append(try RoutePattern(text))
      } catch {
        throw .malformedPattern(error)
      }
    }
    return patterns
  }
}
