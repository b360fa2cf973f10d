import Testing

/// One hostile link: the input, the class of attack it belongs to, and what must become of it.
///
/// The rows are written from the classes in `Docs/Security.md`, not copied from public payload
/// lists. Build them with the four constructors, which also set
/// ``mustNeverReachExternalHandler``:
///
/// | constructor | parses? | may the app route it? | may the browser get it? |
/// |---|---|---|---|
/// | ``invalid(_:_:_:)`` | no, with that reason | no | no |
/// | ``refused(_:_:)`` | yes | no | no: not `http(s)`, or the platform's own site |
/// | ``foreign(_:_:)`` | yes | no | yes: an unambiguous web link to a host that is not ours |
/// | ``inert(_:_:route:parameters:)`` | yes | yes, with exactly these (inert) parameters | no |
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

  /// What must become of the link.
  enum Expectation: Sendable, Equatable {
    /// `DeepLink(_:)` throws a ``DeepLinkError`` whose `reason` is this.
    case invalid(reason: String)
    /// The link parses but no app route takes it: it is refused, `notFound`, or (for web links)
    /// goes to the browser.
    case neverRoutedIntoApp
    /// The link reaches the app, but only as these parameters, decoded exactly once and never
    /// resolved as a path: the attack in it is inert data the app must still validate.
    case routedInert(route: String, parameters: [String: String])
  }

  let link: String
  let linkClass: LinkClass
  let expectation: Expectation
  /// Whether the link is ambiguous or dangerous: it must never reach the external-URL handler.
  ///
  /// Checked today as: `DeepLink(_:)` throws, or the parsed link is not an `http`/`https` link
  /// to a host outside the platform's domains (a custom scheme only the admit step can refuse,
  /// or the platform's own site); and the gate does not decide `external` to a foreign host.
  let mustNeverReachExternalHandler: Bool

  /// A link the parser must refuse with `reason`; never routed, never external.
  static func invalid(_ link: String, _ linkClass: LinkClass, _ reason: String) -> HostileLink {
    HostileLink(
      link: link, linkClass: linkClass, expectation: .invalid(reason: reason), mustNeverReachExternalHandler: true)
  }

  /// A link that parses but must be neither routed into the app nor handed to the browser.
  static func refused(_ link: String, _ linkClass: LinkClass) -> HostileLink {
    HostileLink(link: link, linkClass: linkClass, expectation: .neverRoutedIntoApp, mustNeverReachExternalHandler: true)
  }

  /// An unambiguous web link to a host that is not the platform's: never routed into the app;
  /// opening it in the browser is what tapping it anywhere else would do.
  static func foreign(_ link: String, _ linkClass: LinkClass) -> HostileLink {
    HostileLink(
      link: link, linkClass: linkClass, expectation: .neverRoutedIntoApp, mustNeverReachExternalHandler: false)
  }

  /// A link that routes, with the attack reduced to inert parameter values.
  static func inert(
    _ link: String, _ linkClass: LinkClass, route: String, parameters: [String: String] = [:]
  ) -> HostileLink {
    HostileLink(
      link: link, linkClass: linkClass, expectation: .routedInert(route: route, parameters: parameters),
      mustNeverReachExternalHandler: true)
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
