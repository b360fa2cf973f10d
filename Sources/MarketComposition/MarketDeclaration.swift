import DeepLinkCore
import PlatformLinks

/// What one market declares, read once from its module: its plugins and barriers made over the
/// services, and its side of the boundary.
struct MarketDeclaration {
  var plugins: [any DeepLinkHandlerPlugin]
  var barriers: [any DeepLinkHandlingBarrier]
  var side: MarketBoundary.Side
  /// The market's own routes (``PlatformLinks/MarketModule/marketRoutes``).
  var marketRoutes: [PlatformRoute]

  init(_ market: any MarketModule, services: MarketServices) {
    plugins = market.plugins(services: services)
    barriers = market.barriers(services: services)
    marketRoutes = market.marketRoutes
    side = MarketBoundary.Side(
      owner: .market(market.id), domains: market.domains, schemes: market.urlSchemes,
      rules: market.universalLinks,
      // A plugin route whose pattern does not parse is reported when the market is compiled.
      routes: plugins.flatMap { plugin in
        plugin.routes.compactMap { route in
          (try? route.pattern).map { MarketBoundary.Route(name: plugin.name, pattern: $0) }
        }
      },
      barriers: barriers.map(\.name))
  }

  /// The market's identifier.
  var id: String { side.owner.marketID ?? "" }

  /// What the build's check of the market read, as one number: its domains, schemes, rules
  /// (patterns, targets, fixed parameters, override flags), routes and barriers. A launch whose
  /// market declares anything else runs the checks again.
  var fingerprint: UInt64 {
    var fingerprint = Fingerprint()
    for domain in side.domains { fingerprint.add(domain.name) }
    for scheme in side.schemes {
      fingerprint.add(scheme.scheme)
      fingerprint.add(scheme.customHost ?? "")
    }
    for rule in side.rules {
      fingerprint.add(rule.pattern)
      fingerprint.add(rule.target.description)
      fingerprint.add(rule.isOverride ? "override" : "")
      fingerprint.add(unordered: rule.parameters)
    }
    for plugin in plugins {
      for route in plugin.routes {
        fingerprint.add(plugin.name)
        fingerprint.add(route.source)
      }
    }
    for barrier in side.barriers { fingerprint.add(barrier.rawValue) }
    return fingerprint.value
  }

  /// The market's own routes that are malformed, and those no plugin of the market handles.
  var routeProblems: [CompositionProblem] {
    var problems: [CompositionProblem] = []
    let handled = Set(side.routes.map(\.pattern))
    for route in marketRoutes {
      let pattern: RoutePattern
      do {
        pattern = try route.pattern
      } catch {
        problems.append(.invalidRoute(market: id, route: route.name, error))
        continue
      }
      if !handled.contains(pattern) {
        problems.append(.unhandledMarketRoute(market: id, route: route.name, pattern: route.source))
      }
    }
    return problems
  }
}

/// A 64-bit FNV-1a hash of a sequence of texts, the same in every process (unlike `Hasher`).
struct Fingerprint {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Adds `text` and a separator, so `"ab", "c"` and `"a", "bc"` differ.
  mutating func add(_ text: String) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      let bytes = text.utf8.span
      for index in bytes.indices { mix(bytes[index]) }
    } else {
      for byte in text.utf8 { mix(byte) }
    }
    mix(0)
  }

  /// Adds the pairs of `dictionary` in any order.
  mutating func add(unordered dictionary: [String: String]) {
    var sum: UInt64 = 0
    for (key, value) in dictionary {
      var pair = Fingerprint()
      pair.add(key)
      pair.add(value)
      sum &+= pair.value
    }
    for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: sum >> UInt64(shift))) }
  }

  private mutating func mix(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
  }
}
