import DeepLinkCore
import DeepLinkNavigation
import DeepLinkTesting
import Foundation

/// A linker for the navigation suites: the app scheme `shop`, the market scheme `shopca` with
/// custom host `ca` (so `shopca://ca/cart` is rewritten to `shop://cart`), the domain
/// `shop.example.com`, recording telemetry; `install` adds the model under test.
@MainActor
struct NavigationFixture {
  let linker: DeepLinker
  let telemetry = RecordingTelemetry()

  init(_ install: (DeepLinker.Configurator) throws -> DeepLinker.Configurator) throws {
    let configurator = DeepLinker.configure()
      .add(urlSchemes: [URLScheme("shop"), URLScheme("shopca", customHost: "ca")])
      .add(allowedDomains: ["shop.example.com"])
      .with(telemetry: telemetry)
    linker = try install(configurator).initialize()
  }
}

/// Links the engine refuses before any navigation model sees them, each with the reason it is
/// `invalid`. Every model's suite routes these and checks that nothing navigates.
enum HostileLinks {
  static let all: [String] = [
    "javascript:alert(1)",
    "file:///etc/passwd",
    "https://shop.example.com@attacker.test/cart",
    "https://127.0.0.1/cart",
    "shop://product/%2e%2e/cart",
    "shop://cart%00",
    "shop://cart/%E0%A4%A",
  ]
}

extension HostileLinks {
  /// Whether the engine refuses `link` from outside the app as the app's not-found rather than
  /// `invalid`: a link on the app's own scheme that the parser refuses, which the system opened the
  /// app for (`Docs/Security.md`, "Refused links"). From inside the app every hostile link is `invalid`.
  static func isKeptInApp(_ link: String) -> Bool { link.hasPrefix("shop://") }

  /// Whether `result` is what the engine gives hostile `link` from outside the app.
  static func isRefusedFromOutside(_ result: DeepLinkResult, _ link: String) -> Bool {
    isKeptInApp(link) ? result == .notFound : result.isInvalid
  }
}

extension DeepLinkResult {
  /// Whether the engine refused the link as invalid.
  var isInvalid: Bool {
    if case .invalid = self { return true }
    return false
  }
}
