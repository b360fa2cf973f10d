/// Why a link was not routed or handled: one stable word for every outcome but `routed` and for
/// every way a routed link can be dropped.
///
/// The raw values are the words the `deeplink` tool's `reason` field, decision snapshots and
/// telemetry events (``DeepLinkEvent/reason``) print; they never change.
///
/// ```swift
/// configuration.decide("shop://nowhere").reason  // .noRoute
/// configuration.decide("shop://nowhere").reason?.rawValue  // "noRoute"
/// ```
public enum DeepLinkReason: String, Sendable, Hashable, CaseIterable {
  // MARK: parse (`invalid`; `encodedSlash` and `userInfo` are `notFound` for a link from outside on the app's
  // own domains or schemes, which Android opens the app for): see ``DeepLinkError``

  case empty, tooLong, missingScheme, invalidScheme, controlCharacter, backslash, invalidCharacter
  case malformedPercentEscape, invalidUTF8, userInfo, missingHost, ipAddressHost, invalidHost, emptyHostLabel
  case hostTooLong, invalidPort, dotSegment, encodedSlash, tooManyPathSegments

  // MARK: admit

  /// An excluded scheme (`ignored`).
  case excludedScheme
  /// An excluded host (`ignored`).
  case excludedHost
  /// A blacklisted scheme (`forbidden`).
  case blacklistedScheme
  /// A blacklisted host (`forbidden`).
  case blacklistedHost
  /// A scheme not on the whitelist (`forbidden`).
  case notWhitelistedScheme
  /// A host not on the whitelist (`forbidden`).
  case notWhitelistedHost
  /// A web link to a host that is not one of the app's domains (`external`); `notFound` for an `https` link to one
  /// of them written with a trailing dot (`shop.example.ca.`), which Android reads as another host and never opens
  /// the app for: one that reaches the app anyway is kept in it and never routed.
  case foreignHost
  /// A web link on a non-default port: `notFound` for an `https` link to one of the app's domains
  /// (Android opens the app for it whatever its port, so it is kept in the app), `external` otherwise.
  case nonDefaultPort
  /// A cleartext `http` link to one of the app's domains (`external`): the app opens only `https`
  /// links, as iOS and Android do; the browser gets it, with the hand-off fragment, and can
  /// upgrade it to `https`.
  case cleartextWebLink
  /// A custom scheme the app did not register (`invalid`).
  case unregisteredScheme

  // MARK: match

  /// A path on the app's domains the app does not open (`external`: the browser shows it).
  case unmatchedWebPath
  /// Ours, but no route or plugin takes it (`notFound`).
  case noRoute
  /// A captured value holds a link, a slash, a dot segment or an invisible control (`invalid`).
  case unsafeParameter

  // MARK: gate and execute (``DeepLinkResult/dropped(reason:)``, ``DeepLinkResult/notFound``)

  /// A barrier refused the link.
  case barrierFailed
  /// A precondition refused the link.
  case preconditionFailed
  /// The preconditions did not answer in time.
  case preconditionTimeout
  /// The pending-link queue was full; the oldest waiting link was dropped.
  case queueOverflow
  /// The cold-start buffer was full; the oldest buffered link was dropped.
  case coldStartBufferOverflow
  /// The router's configuration could not be composed at launch: a link that waited for it is
  /// dropped.
  case notComposed
  /// An opaque plugin's answer named a barrier that is not installed, and no other candidate
  /// took the link: it is decided `notFound` (the plugin is skipped), never dropped at run time.
  case unknownBarrier
  /// A link restored after a relaunch (``DeepLinker/restore(_:)``) was past its deadline.
  case expired
  /// Every candidate's handler declined the link (`notFound`).
  case allCandidatesDeclined
  /// The link policy in force switches the link's route, rule or host off
  /// (``LinkPolicy``): `external` to the entry's fallback or the link itself, else `notFound`.
  case disabledByPolicy

  /// Whether the link parser refused the link for this reason: the decision's input was never
  /// read as a link, so it may hold anything (a password in user info), and tools show it only
  /// cut and redacted as raw text, even when the decision keeps its scheme and host.
  package var isParserRefusal: Bool {
    switch self {
    case .empty, .tooLong, .missingScheme, .invalidScheme, .controlCharacter, .backslash, .invalidCharacter,
      .malformedPercentEscape, .invalidUTF8, .userInfo, .missingHost, .ipAddressHost, .invalidHost, .emptyHostLabel,
      .hostTooLong, .invalidPort, .dotSegment, .encodedSlash, .tooManyPathSegments:
      true
    default: false
    }
  }
}

extension DeepLinkDecision {
  /// Why a link was not routed; see ``DeepLinkReason``.
  package typealias Reason = DeepLinkReason
}
