import DeepLinkCore
import Foundation
import Testing

/// A plugin that takes `shop://wizard/…` links as one step per segment, and counts how it is asked.
private struct WizardPlugin: DeepLinkStepResolvingPlugin {
  let answersInOneResolution: Bool
  private let counts = Locked<(answers: Int, patterns: Int, resolutions: Int)>((0, 0, 0))

  init(answersInOneResolution: Bool) {
    self.answersInOneResolution = answersInOneResolution
  }

  var asked: (answers: Int, patterns: Int, resolutions: Int) { counts.withLock { $0 } }

  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    counts.withLock { $0.answers += 1 }
    return link.pathSegments.first == "wizard" ? .yes(data: nil) : .no
  }

  func stepPatterns(for link: DeepLink) -> [String]? {
    counts.withLock { $0.patterns += 1 }
    guard link.pathSegments.first == "wizard" else { return nil }
    return link.pathSegments.dropFirst().map { "/wizard/\($0)" }
  }

  func resolveDeepLink(_ link: DeepLink) -> (option: DeepLinkHandlerOption, stepPatterns: [String]) {
    guard answersInOneResolution else {
      let option = shouldHandleDeepLink(link)
      return (option, option.acceptance == nil ? [] : stepPatterns(for: link) ?? [])
    }
    counts.withLock { $0.resolutions += 1 }
    guard link.pathSegments.first == "wizard" else { return (.no, []) }
    return (.yes(data: nil), link.pathSegments.dropFirst().map { "/wizard/\($0)" })
  }

  @MainActor func handleDeepLink(with data: Data?, completion: @escaping @Sendable () -> Void) { completion() }
}

/// The default answer of a step-resolving plugin, through the protocol's own extension.
private struct PlainStepsPlugin: DeepLinkStepResolvingPlugin {
  func shouldHandleDeepLink(_ link: DeepLink) -> DeepLinkHandlerOption {
    link.pathSegments.first == "tour" ? .yes(data: nil) : .no
  }

  func stepPatterns(for link: DeepLink) -> [String]? {
    link.pathSegments.first == "tour" ? ["/tour/start", "/tour/{page}"] : nil
  }

  @MainActor func handleDeepLink(with data: Data?, completion: @escaping @Sendable () -> Void) { completion() }
}

@Suite("Step-resolving plugins") @MainActor
struct StepResolvingTests {
  @Test("a decision asks a step-resolving plugin once, for its answer and its patterns together")
  func oneResolutionPerDecision() throws {
    let plugin = WizardPlugin(answersInOneResolution: true)
    let configuration = try #require(
      try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: plugin).initialize().configuration
    )
    let decision = configuration.decide("shop://wizard/name/address/pay")
    #expect(decision.outcome == .routed)
    #expect(decision.route?.description == "/wizard/pay")
    #expect(decision.steps.map(\.description) == ["/wizard/name", "/wizard/address", "/wizard/pay"])
    #expect(configuration.decide("shop://other").outcome == .notFound)
    #expect(plugin.asked.resolutions == 2)
    #expect(plugin.asked.answers == 0)
    #expect(plugin.asked.patterns == 0)
  }

  @Test(
    "without its own resolveDeepLink a plugin is asked for its answer, then for patterns only when it takes the link")
  func defaultResolution() throws {
    let configuration = try #require(
      try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: PlainStepsPlugin())
        .initialize().configuration)
    let decision = configuration.decide("shop://tour/2")
    #expect(decision.route?.description == "/tour/{page}")
    #expect(decision.steps.map(\.description) == ["/tour/start", "/tour/{page}"])
    #expect(configuration.decide("shop://elsewhere").outcome == .notFound)

    let counting = WizardPlugin(answersInOneResolution: false)
    let countingConfiguration = try #require(
      try DeepLinker.configure().add(urlSchemes: [URLScheme("shop")]).install(plugin: counting).initialize()
        .configuration)
    #expect(countingConfiguration.decide("shop://wizard/one").route?.description == "/wizard/one")
    #expect(countingConfiguration.decide("shop://other").outcome == .notFound)
    #expect(counting.asked.answers == 2)
    #expect(counting.asked.patterns == 1)
  }
}
