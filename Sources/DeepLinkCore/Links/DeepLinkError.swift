/// Why a string could not be read as a deep link.
///
/// Such a link is never routed into the app and never handed to the external-URL handler: it is
/// `invalid`, except that a link from outside the app on one of its own domains or schemes with
/// an escaped slash (``encodedSlash(offset:)``) or user info (``userInfo``), which Android opens
/// the app for, is `notFound`, and the app shows its not-found. `reason` is a short machine-readable word (used in
/// telemetry and in the `deeplink` tool's `reason` field); ``description`` names the offending
/// input and what would make it acceptable.
public enum DeepLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The input is empty.
  case empty
  /// The input, or its normal form (``DeepLink/absoluteString``, which percent-encoding can make
  /// longer), is longer than `DeepLink.maximumLength` bytes of UTF-8; `bytes` is the longer one.
  case tooLong(bytes: Int)
  /// The input has no `scheme:` prefix (this includes scheme-relative links such as `//host/path`).
  case missingScheme
  /// The scheme contains a character other than ASCII letters, digits, `+`, `-` and `.`,
  /// or does not start with a letter.
  case invalidScheme(String)
  /// The input contains a C0 or C1 control character, DEL or NUL, raw or percent-encoded.
  case controlCharacter(offset: Int)
  /// The input contains a backslash, raw or (in a path segment or host) percent-encoded.
  case backslash(offset: Int)
  /// The input contains an ASCII character that RFC 3986 never allows unencoded
  /// (space, `"`, `<`, `>`, `[`, `]`, `^`, &#96;, `{`, `|`, `}`).
  case invalidCharacter(Character, offset: Int)
  /// A `%` is not followed by two hexadecimal digits.
  case malformedPercentEscape(offset: Int)
  /// Percent-decoding produced bytes that are not valid UTF-8.
  case invalidUTF8(offset: Int)
  /// The authority carries user information (`user@host`), a classic host-confusion trick.
  case userInfo
  /// An `http` or `https` link has no `//` authority (`http:host/path`), or its host is empty.
  case missingHost
  /// The host is an IP address in some notation (`127.0.0.1`, `3232235521`, `0xC0A80001`, `[::1]`).
  case ipAddressHost(String)
  /// The host contains something other than ASCII letters, digits, `-` and `.` once decoded
  /// (non-ASCII hosts are rejected: there is no IDNA processing).
  case invalidHost(String)
  /// The host has an empty label (`a..b`, `.a`, or more than one trailing dot).
  case emptyHostLabel(String)
  /// A host label is longer than 63 bytes, or the host longer than 253.
  case hostTooLong(String)
  /// The port is empty, not a decimal number, above 65535, or given on a custom scheme.
  case invalidPort(String)
  /// A path segment is, or decodes to, `.` or `..`.
  case dotSegment(offset: Int)
  /// A path segment decodes to something containing `/`.
  case encodedSlash(offset: Int)
  /// The path has more than `DeepLink.maximumPathSegments` segments.
  case tooManyPathSegments(Int)

  /// A short, stable, machine-readable word for the failure.
  package var reason: DeepLinkReason {
    switch self {
    case .empty: .empty
    case .tooLong: .tooLong
    case .missingScheme: .missingScheme
    case .invalidScheme: .invalidScheme
    case .controlCharacter: .controlCharacter
    case .backslash: .backslash
    case .invalidCharacter: .invalidCharacter
    case .malformedPercentEscape: .malformedPercentEscape
    case .invalidUTF8: .invalidUTF8
    case .userInfo: .userInfo
    case .missingHost: .missingHost
    case .ipAddressHost: .ipAddressHost
    case .invalidHost: .invalidHost
    case .emptyHostLabel: .emptyHostLabel
    case .hostTooLong: .hostTooLong
    case .invalidPort: .invalidPort
    case .dotSegment: .dotSegment
    case .encodedSlash: .encodedSlash
    case .tooManyPathSegments: .tooManyPathSegments
    }
  }

  public var description: String {
    switch self {
    case .empty:
      "the link is empty; pass a full link such as `shop://product/123`"
    case .tooLong(let bytes):
      "the link is \(bytes) bytes long; links over \(DeepLink.maximumLength) bytes are refused"
    case .missingScheme:
      "the link has no scheme; write it with one, such as `https://host/path` or `shop://path`"
    case .invalidScheme(let scheme):
      "the scheme `\(scheme)` is malformed; a scheme is a letter followed by letters, digits, `+`, `-` or `.`"
    case .controlCharacter(let offset):
      "the link contains a control or NUL character (raw or percent-encoded) at byte \(offset); remove it"
    case .backslash(let offset):
      "the link contains a backslash at byte \(offset); parsers disagree on backslashes, so it is refused"
    case .invalidCharacter(let character, let offset):
      "the link contains `\(character.debugDescription)` unencoded at byte \(offset); percent-encode it"
    case .malformedPercentEscape(let offset):
      "the `%` at byte \(offset) is not followed by two hexadecimal digits; encode a literal `%` as `%25`"
    case .invalidUTF8(let offset):
      "the percent-escapes at byte \(offset) do not decode to valid UTF-8"
    case .userInfo:
      "the link carries user information (`user@host`); links with userinfo are refused"
    case .missingHost:
      "the web link has no host; write it as `https://host/path`"
    case .ipAddressHost(let host):
      "the host `\(host)` is an IP address; only domain names are accepted"
    case .invalidHost(let host):
      "the host `\(host)` is not ASCII letters, digits, `-` and `.`; non-ASCII hosts are refused (no IDNA)"
    case .emptyHostLabel(let host):
      "the host `\(host)` has an empty label; remove the extra dot"
    case .hostTooLong(let host):
      "the host `\(host.prefix(80))…` is too long (a label over 63 bytes or a host over 253)"
    case .invalidPort(let port):
      "the port `\(port)` is not accepted; use a decimal port up to 65535 on an http or https link, or none"
    case .dotSegment(let offset):
      "the path segment at byte \(offset) is or decodes to `.` or `..`; such segments are refused"
    case .encodedSlash(let offset):
      "the path segment at byte \(offset) decodes to a value containing `/`; such segments are refused"
    case .tooManyPathSegments(let count):
      "the path has \(count) segments; links with more than \(DeepLink.maximumPathSegments) are refused"
    }
  }
}
