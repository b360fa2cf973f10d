import DeepLinkCore
import Testing

/// One hostile link: the input, the class of attack it belongs to, and what the composed
/// configuration of each market (and of the platform alone) must decide for it.
///
/// The rows are written from the classes in `Docs/Security.md`, not copied from public payload
/// lists. Build them with the constructors, one per exact decision:
///
/// | constructor | parses? | decision | may the browser get it? |
/// |---|---|---|---|
/// | ``invalid(_:_:_:)`` | no, with that reason, and its scheme and host are not the configuration's, or malformed, or an authority with a backslash | `invalid`, the parser's reason | no |
/// | ``keptInApp(_:_:_:)`` | no, with that reason (any), but its scheme and host alone parse and are the configuration's domain (`https`, any port) or scheme | `notFound`, the parser's reason, the link its scheme and host only | no |
/// | ``unadmitted(_:_:)`` | yes | `invalid`, `unregisteredScheme` | no |
/// | ``notFound(_:_:)`` | yes | `notFound`, `noRoute` | no |
/// | ``trailingDotHost(_:_:)`` | yes (one of the configuration's hosts, written with a trailing dot) | `notFound`, `foreignHost` | no |
/// | ``ownSite(_:_:_:)`` | yes | `external` with that reason, on one of the configuration's domains | only with the hand-off fragment |
/// | ``foreign(_:_:reason:)`` | yes | `external`, to a host that is not the configuration's | yes, as it came |
/// | ``inert(_:_:route:parameters:barriers:)`` | yes | `routed` to exactly that route, parameters and barriers | no |
///
/// A row decides the same in every configuration unless ``except(_:_:)`` says otherwise for a
/// market, by its catalogue identifier: a refused link on a market-only domain or scheme is
/// ``invalid(_:_:_:)`` everywhere but `.except(marketID, .keptInApp(reason: …))` in its market.
struct HostileLink: Sendable, CustomTestStringConvertible {
  /// The classes of hostile links the suite covers.
  enum LinkClass: String, Sendable, CaseIterable {
    case userinfoAndBackslash
    case lookAlikeHost
    case lookAlikeScheme
    case encodedDotsAndSlashes
    case doubleEncoding
    case traversalInParameters
    case dangerousScheme
    case controlCharacters
    case malformedEscapesAndInvalidUTF8
    case ipHost
    case emptyHostAndSlashCount
    case portTricks
    case schemeRelative
    case fragmentAndQueryConfusion
    case parameterTypeConfusion
    case idnHomographAndFullWidthDots
    case rawUnsafeCharacters
    case overLong
    case nestedURLParameter
  }

  /// The exact decision for the link.
  enum Expectation: Sendable, Equatable {
    /// `DeepLink(_:)` throws a ``DeepLinkError`` whose `reason` is this, and the decision is
    /// `invalid` with it: the link's scheme and host are not the configuration's, or do not parse
    /// on their own, or its authority holds a backslash.
    case invalid(reason: String)
    /// `DeepLink(_:)` throws a ``DeepLinkError`` whose `reason` is this, and the decision is
    /// `notFound` with it: the operating system opens the app for such a link on the app's own
    /// domains or schemes, so the app shows its not-found (`Docs/AssociationFiles.md`).
    case keptInApp(reason: String)
    /// The link parses, but its scheme is not one the configuration admits: `invalid`,
    /// `unregisteredScheme`.
    case unadmitted
    /// The link parses and is the configuration's, but no route takes it: `notFound`, `noRoute`.
    case notFound
    /// The link parses to one of the configuration's hosts, but written with a trailing dot, which Android reads
    /// as another host: `notFound`, `foreignHost`.
    case trailingDotHost
    /// A link on one of the configuration's own domains that the app does not open: `external`
    /// with this reason, handed to the browser only with the hand-off fragment.
    case ownSite(reason: String)
    /// An unambiguous web link to a host that is not the configuration's: `external` with this
    /// reason; opening it in the browser is what tapping it anywhere else would do.
    case foreign(reason: String)
    /// The link reaches the app, but only as these parameters, decoded exactly once and never
    /// resolved as a path: the attack in it is inert data the app must still validate.
    case routed(route: String, parameters: [String: String], barriers: [BarrierName])
  }

  let link: String
  let linkClass: LinkClass
  /// What every configuration decides unless ``exceptions`` names it.
  let expectation: Expectation
  /// What a market's configuration decides instead, by the market's catalogue identifier.
  private(set) var exceptions: [String: Expectation] = [:]

  /// The exact decision of the configuration of `market` (`nil`: the platform alone).
  func expectation(in market: String?) -> Expectation {
    market.flatMap { exceptions[$0] } ?? expectation
  }

  /// The same row, decided as `other` in the configuration of `market` (a catalogue identifier).
  func except(_ market: String, _ other: Expectation) -> HostileLink {
    var row = self
    row.exceptions[market] = other
    return row
  }

  /// A link the parser must refuse with `reason`.
  static func invalid(_ link: String, _ linkClass: LinkClass, _ reason: String) -> HostileLink {
    HostileLink(link: link, linkClass: linkClass, expectation: .invalid(reason: reason))
  }

  /// A link the parser must refuse with `reason` whose scheme and host are the configuration's:
  /// the configuration keeps it in the app, as its not-found.
  static func keptInApp(_ link: String, _ linkClass: LinkClass, _ reason: String) -> HostileLink {
    HostileLink(link: link, linkClass: linkClass, expectation: .keptInApp(reason: reason))
  }

  /// A link of a scheme the configuration does not admit.
  static func unadmitted(_ link: String, _ linkClass: LinkClass) -> HostileLink {
    HostileLink(link: link, linkClass: linkClass, expectation: .unadmitted)
  }

  /// A link to one of the configuration's hosts written with a trailing dot.
  static func trailingDotHost(_ link: String, _ linkClass: LinkClass) -> HostileLink {
    HostileLink(link: link, linkClass: linkClass, expectation: .trailingDotHost)
  }

  /// A link of the configuration's that no route takes.
  static func notFound(_ link: String, _ linkClass: LinkClass) -> HostileLink {
    HostileLink(link: link, linkClass: linkClass, expectation: .notFound)
  }

  /// A link on the configuration's own domains that goes to the browser for `reason`.
  static func ownSite(_ link: String, _ linkClass: LinkClass, _ reason: String) -> HostileLink {
    HostileLink(link: link, linkClass: linkClass, expectation: .ownSite(reason: reason))
  }

  /// A web link to a host that is not the configuration's.
  static func foreign(_ link: String, _ linkClass: LinkClass, reason: String = "foreignHost") -> HostileLink {
    HostileLink(link: link, linkClass: linkClass, expectation: .foreign(reason: reason))
  }

  /// A link that routes, with the attack reduced to inert parameter values.
  ///
  /// - Parameters:
  ///   - route: the route's pattern as registered (`/product/{id:int}`).
  ///   - parameters: every parameter the decision carries, no more.
  ///   - barriers: every barrier the decision lists, in order.
  static func inert(
    _ link: String, _ linkClass: LinkClass, route: String, parameters: [String: String] = [:],
    barriers: [BarrierName] = []
  ) -> HostileLink {
    HostileLink(
      link: link, linkClass: linkClass,
      expectation: .routed(route: route, parameters: parameters, barriers: barriers))
  }

  var testDescription: String {
    let shown = link.unicodeScalars.map {
      $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
    }
    .joined()
    let prefix = shown.count > 90 ? String(shown.prefix(90)) + "…(\(link.utf8.count) bytes)" : shown
    return "[\(linkClass.rawValue)] \(prefix)"
  }
}

/// The route a decision names, as a pattern string: the one place the suite reads a decision's
/// route, so a change of the route's type is a change here.
func routePattern(of decision: DeepLinkDecision) -> String? {
  decision.route?.description
}
