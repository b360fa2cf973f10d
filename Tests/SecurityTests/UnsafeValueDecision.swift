import DeepLinkCore
import Testing

/// What a link whose captured value is unsafe (`Docs/Security.md`, "Captured values") must be
/// decided: from outside the app, the app's not-found, given the link's scheme and host only;
/// from inside it, `invalid`. Either way nothing is routed and no value travels.
enum UnsafeValueDecision {
  /// Records an issue unless `configuration` decides `link` as a link with an unsafe value, from
  /// outside the app and from inside it.
  static func expectRefused(
    _ link: String, by configuration: DeepLinkConfiguration, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let outside = configuration.decide(link)
    #expect(outside.outcome == .notFound, "\(link): \(outside.outcome)", sourceLocation: sourceLocation)
    #expect(outside.reason == .unsafeParameter, "\(link)", sourceLocation: sourceLocation)
    #expect(outside.route == nil && outside.parameters.isEmpty, "\(link)", sourceLocation: sourceLocation)
    #expect(outside.rewrittenTo == nil, "\(link)", sourceLocation: sourceLocation)
    #expect(
      outside.link.map { $0.pathSegments.isEmpty && $0.queryItems.isEmpty && $0.fragment == nil } == true,
      "\(link): the not-found handler gets \(String(describing: outside.link))", sourceLocation: sourceLocation)
    let inside = configuration.decide(link, source: .inApp)
    #expect(inside.outcome == .invalid, "\(link) from inside: \(inside.outcome)", sourceLocation: sourceLocation)
    #expect(inside.reason == .unsafeParameter, "\(link)", sourceLocation: sourceLocation)
    #expect(inside.route == nil && inside.parameters.isEmpty, "\(link)", sourceLocation: sourceLocation)
  }
}
