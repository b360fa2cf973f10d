import Foundation

/// What the pipeline decided for a link, before anything asynchronous happens.
public enum DeepLinkOutcome: String, Sendable, Hashable, CaseIterable {
  /// The link is ours and matched a route or plugin.
  case routed
  /// An `http`/`https` link that is not ours (or a path on our domains the app does not open):
  /// it goes to the external-URL handler, that is the browser.
  case external
  /// A blacklist or a whitelist refused the link.
  case forbidden
  /// An excluded scheme or host: dropped silently (still reported to telemetry).
  case ignored
  /// Ours, but nothing routes it.
  case notFound
  /// Malformed, dangerous or of an unregistered scheme: never routed, never opened externally.
  case invalid
}

/// Where a link came from; decides, among other things, whether a confirmation barrier applies.
public enum LinkSource: String, Sendable, Hashable, CaseIterable, Codable {
  /// A custom-scheme link opened from outside the app.
  case customScheme
  /// An `https` link opened from outside the app.
  case universalLink
  /// A link the app itself followed (a banner, a push the app already trusts).
  case inApp

  /// Whether the link came from outside the app.
  package var isExternal: Bool { self != .inApp }

  /// The source a link from outside has when nothing else is known.
  package static func external(for link: DeepLink) -> LinkSource {
    link.isWebLink ? .universalLink : .customScheme
  }
}

/// One line of a decision's trace, as `deeplink explain` prints it.
package struct DeepLinkTraceStep: Sendable, Hashable, CustomStringConvertible {
  /// A stage of the way a link travels.
  package enum Stage: String, Sendable, Hashable, CaseIterable {
    case parse, admit, rewrite, match, gate, execute
  }

  /// The stage.
  package let stage: Stage
  /// What happened, for a person.
  package let detail: String

  /// Creates a step.
  package init(_ stage: Stage, _ detail: String) {
    self.stage = stage
    self.detail = detail
  }

  package var description: String { "\(stage.rawValue): \(detail)" }
}

/// The synchronous decision for one link: parse → admit → rewrite → match.
///
/// Produced by ``DeepLinkConfiguration/decide(_:source:)``, a pure function safe to
/// call from any thread. It is data only: what was decided and why, never how the linker will
/// run it (which handler or plugin, with which payload: that plan is the linker's own).
public struct DeepLinkDecision: Sendable {
  /// The input as received.
  package let input: String
  /// What the pipeline decided.
  public let outcome: DeepLinkOutcome
  /// Why, for every outcome but `routed` (``DeepLinkReason/userInfo``,
  /// ``DeepLinkReason/foreignHost``, ``DeepLinkReason/noRoute``, …); its raw value is the word
  /// the CLI and telemetry print.
  public let reason: DeepLinkReason?
  /// The parsed link, unless parsing failed. A link from outside the app that the operating
  /// system opens the app for but that does not parse, decided `notFound` with
  /// ``DeepLinkReason/encodedSlash`` or ``DeepLinkReason/userInfo``, has its scheme and host only.
  public let link: DeepLink?
  /// The app link a rewrite rule produced, if one applied.
  package let rewrittenTo: DeepLink?
  /// The rewrite rule that produced ``rewrittenTo``, if a rule (not a scheme mapping) applied.
  package let rewriteRule: UniversalLink?
  /// The route or plugin the link was routed to (its ``RouteID/description`` is the matched
  /// pattern as registered, or an opaque plugin's name); `nil` unless `routed`.
  public let route: RouteID?
  /// For a chained link, every step in order, each with the plugin's name and the step's
  /// pattern (``route`` is the last one); empty otherwise.
  package let steps: [RouteID]
  /// The captured parameters plus those a rewrite passed on.
  public let parameters: DeepLinkParameters
  /// The barriers the link must pass, in order (mandatory, the route's, confirmation).
  package let barriers: [BarrierName]
  /// Whether the route waits for the global preconditions.
  package let waitsForPreconditions: Bool
  /// Where the link came from.
  package let source: LinkSource
  /// The steps taken, when tracing was asked for; empty otherwise.
  package let trace: [DeepLinkTraceStep]
  /// Whose link this is: the owner of its domain or scheme, or of the market rule that
  /// rewrote it; `nil` when the link was not admitted.
  package let linkOwner: LinkOwner?
  /// Who declared the route or plugin the link was routed to; `nil` unless `routed`.
  package let owner: LinkOwner?
  /// The version of the link policy the link was decided under, if one was in force.
  package internal(set) var policyVersion: String? = nil
  /// The web page a policy entry sends a switched-off link to (``DeepLinkReason/disabledByPolicy``).
  var policyFallback: DeepLink? = nil

  /// The link the route matched: the rewritten one if a rewrite applied.
  package var routedLink: DeepLink? { rewrittenTo ?? link }

  /// The fragment a link handed to the browser from one of the app's own domains carries: the
  /// association files the package writes exclude it (Apple's documented example of an excluded
  /// fragment; an exclusion in Android's dynamic rules), so the operating system cannot give the
  /// link back to the app and no hand-off can loop.
  package static let browserHandOffFragment = "no_universal_links"

  /// The link the external-URL handler gets for an ``DeepLinkOutcome/external`` decision, `nil`
  /// for any other outcome.
  ///
  /// A link to another site is handed over as it came. A link to one of the app's own domains
  /// — a path the app does not open (``DeepLinkReason/unmatchedWebPath``), a cleartext `http`
  /// link (``DeepLinkReason/cleartextWebLink``), which the browser may upgrade to an `https` link
  /// the association files claim, or a link the link policy switches off without a fallback
  /// (``DeepLinkReason/disabledByPolicy``) — is handed over with its fragment replaced by
  /// ``browserHandOffFragment``; the page loses its own fragment, which the server never sees
  /// anyway. A policy entry's fallback is handed over instead of the link when it has one.
  package var browserLink: DeepLink? {
    guard outcome == .external, let link else { return nil }
    if reason == .disabledByPolicy, let policyFallback { return policyFallback }
    guard reason == .unmatchedWebPath || reason == .cleartextWebLink || reason == .disabledByPolicy else {
      return link
    }
    return DeepLink(
      scheme: link.scheme, host: link.host, port: link.port, pathSegments: link.pathSegments,
      queryItems: link.queryItems, fragment: Self.browserHandOffFragment)
  }
}

/// What a route in the table leads to.
///
/// A final class with constant properties: a decision and its candidates hand it on for one
/// reference count.
final class RouteTarget: Sendable {
  enum Kind: Sendable {
    /// A handler added with `addRoute`; the index into the linker's handlers.
    case handler(Int)
    /// An installed plugin; the index into the configuration's plugins.
    case plugin(Int)
  }

  let kind: Kind
  let name: String
  let barriers: [BarrierName]
  let waitForPreconditions: Bool
  let changesState: Bool
  /// Who declared the route or plugin: a market's see only that market's links.
  let owner: LinkOwner
  /// A plugin route's extra check of the captured values (``PluginRoute``).
  let acceptsParameters: (@Sendable (DeepLinkParameters) -> Bool)?
  /// The captures that hold free text, exempt from the slash and dot part of ``CapturedValueCheck``,
  /// sorted (a route has a handful of captures: a list is searched faster than a set is hashed).
  let freeTextParameters: [String]
  /// The query keys of the free-text captures (`q` of `?q={query}`): the first item of such a key
  /// is the captured one, kept in the link even when its value is a link.
  let freeTextQueryKeys: [String]
  /// The catch-all captures (`{rest...}`), whose values are segments joined with `/`: each
  /// segment is checked on its own.
  let catchAllParameters: [String]
  /// The app's value for a link of this route, if the route declares one.
  let destination: (any LinkDestination.Type)?
  /// Where the route's screen lives in the app, if the route says.
  let placement: LinkPlacement?

  init(
    kind: Kind, name: String, barriers: [BarrierName], waitForPreconditions: Bool, changesState: Bool,
    owner: LinkOwner = .platform, acceptsParameters: (@Sendable (DeepLinkParameters) -> Bool)? = nil,
    freeTextParameters: Set<String> = [], pattern: RoutePattern? = nil,
    destination: (any LinkDestination.Type)? = nil, placement: LinkPlacement? = nil
  ) {
    self.destination = destination
    self.placement = placement
    self.freeTextParameters = freeTextParameters.sorted()
    self.freeTextQueryKeys = (pattern?.queryCaptures ?? []).filter { freeTextParameters.contains($0.name) }.map(\.key)
    var catchAll: [String] = []
    for case .catchAll(let name) in pattern?.segments ?? [] { catchAll.append(name) }
    self.catchAllParameters = catchAll
    self.kind = kind
    self.name = name
    self.barriers = barriers
    self.waitForPreconditions = waitForPreconditions
    self.changesState = changesState
    self.owner = owner
    self.acceptsParameters = acceptsParameters
  }
}
