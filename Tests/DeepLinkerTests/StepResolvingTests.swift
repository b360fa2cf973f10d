import DeepLinkCore
import Foundation
import Testing

/// A plugin that takes `shop://wizard/…` links as one step per segment, and counts how it is asked.
private struct WizardPlugin: DeepLinkHandlerPlugin {
  private let counts = Locked(0)

  var asked: Int { counts.withLock { $0 } }

  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    counts.withLock { $0 += 1 }
    guard link.pathSegments.first == "wizard" else { return .no }
    return .yes(data: nil, steps: link.pathSegments.dropFirst().map { "/wizard/\($0)" })
  }

  @MainActor func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) { completion() }
}

/// A plugin that takes `shop://tour/…` links without naming steps.
private struct TourPlugin: DeepLinkHandlerPlugin {
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    link.pathSegments.first == "tour" ? .yes(data: nil) : .no
  }

  @MainActor func handleDeepLink(
    with data: (any Sendable)?, state: DeepLinkNavigationState, completion: @escaping @Sendable () -> Void
  ) { completion() }
}

@Suite("Plugins that name steps") @MainActor
struct StepResolvingTests {
  @Test("a decision asks a plugin once, and reports the steps its answer names")
  func oneAnswerPerDecision() throws {
    let plugin = WizardPlugin()
    let configuration = try #require(
      try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: plugin).initialize().configuration
    )
    let decision = configuration.decide("shop://wizard/name/address/pay")
    #expect(decision.outcome == .routed)
    #expect(decision.route?.description == "/wizard/pay")
    #expect(decision.steps.map(\.description) == ["/wizard/name", "/wizard/address", "/wizard/pay"])
    #expect(configuration.decide("shop://other").outcome == .notFound)
    #expect(plugin.asked == 2)
  }

  @Test("an answer without steps is reported by the plugin's name")
  func answerWithoutSteps() throws {
    let configuration = try #require(
      try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: TourPlugin())
        .initialize().configuration)
    let decision = configuration.decide("shop://tour/2")
    #expect(decision.route == RouteID(name: "TourPlugin"))
    #expect(decision.steps.isEmpty)
    #expect(configuration.decide("shop://elsewhere").outcome == .notFound)
  }
}
