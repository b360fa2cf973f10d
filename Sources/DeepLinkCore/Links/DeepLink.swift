import Foundation

/// A parsed, normalised link: the value every stage of the pipeline works on.
///
/// `DeepLink` splits a link over its UTF-8 itself (RFC 3986 structure) rather than trusting
/// Foundation's `URL`, whose parsing differs between platforms and from browsers. Every input on
/// which parsers could disagree is refused with a ``DeepLinkError``; what is accepted is
/// normalised deterministically:
///
/// - the scheme and host are lowercased; one trailing dot on a host is dropped; full-width and
///   ideographic dots in a host become `.`; default ports (`80`, `443`) are dropped;
/// - the path is split on literal `/` and each segment is percent-decoded exactly once; empty
///   segments (trailing or repeated slashes) are dropped;
/// - query items keep their order and repetition; `+` in a query name or value means a space.
///
/// Only `http` and `https` links have a ``host``. For every other scheme the authority is the
/// first path segment: `shop://product/123`, `shop:///product/123` and `shop:/product/123` all
/// have the path segments `["product", "123"]`.
///
/// ```swift
/// let link = try DeepLink("https://Shop.Example.com./ip/desk/123?q=red+shoes")
/// link.host  // "shop.example.com"
/// link.pathSegments  // ["ip", "desk", "123"]
/// link.queryValue("q")  // "red shoes"
/// ```
public struct DeepLink: Sendable, Hashable, CustomStringConvertible {
  /// The longest link accepted, in bytes of UTF-8.
  package static let maximumLength = 8 * 1024
  /// The most path segments a link may have.
  package static let maximumPathSegments = 64

  /// The parts, behind one reference: a link is handed from stage to stage and kept in
  /// decisions, matches and events, and a copy then costs one reference count instead of one
  /// per part.
  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline let scheme: String
    @usableFromInline let host: String?
    @usableFromInline let port: Int?
    @usableFromInline let pathSegments: [String]
    @usableFromInline let queryItems: [DeepLinkQueryItem]
    @usableFromInline let fragment: String?
    /// Whether the link as written had a trailing dot on its host, which reading it dropped.
    let hostHadTrailingDot: Bool

    init(
      scheme: String, host: String?, port: Int?, pathSegments: [String], queryItems: [DeepLinkQueryItem],
      fragment: String?, hostHadTrailingDot: Bool = false
    ) {
      self.scheme = scheme
      self.host = host
      self.port = port
      self.pathSegments = pathSegments
      self.queryItems = queryItems
      self.fragment = fragment
      self.hostHadTrailingDot = hostHadTrailingDot
    }
  }

  @usableFromInline
  let storage: Storage

  /// The scheme, lowercased (`https`, `shop`).
  @inlinable public var scheme: String { storage.scheme }
  /// The host of an `http` or `https` link, lowercased, without a trailing dot; `nil` for
  /// custom schemes, whose authority is the first path segment.
  @inlinable public var host: String? { storage.host }
  /// An explicit, non-default port of a web link.
  @inlinable public var port: Int? { storage.port }
  /// The decoded path segments, without empty ones.
  @inlinable public var pathSegments: [String] { storage.pathSegments }
  /// The decoded query items in their original order, repetitions included.
  @inlinable public var queryItems: [DeepLinkQueryItem] { storage.queryItems }
  /// The decoded fragment, if the link has one.
  @inlinable public var fragment: String? { storage.fragment }

  /// Creates a link from its already-normalised parts.
  ///
  /// Used by rewrites and reverse routing. The parts are taken as they are; to read a link a
  /// person or another app produced, use ``init(_:)-(String)``.
  package init(
    scheme: String, host: String? = nil, port: Int? = nil, pathSegments: [String],
    queryItems: [DeepLinkQueryItem] = [], fragment: String? = nil
  ) {
    storage = Storage(
      scheme: scheme, host: host, port: port, pathSegments: pathSegments, queryItems: queryItems, fragment: fragment)
  }

  /// Whether the host, as the link was written, ended with a dot (`.`, `%2E`, or a full-width or
  /// ideographic full stop) that reading it dropped (`https://shop.example.ca./en/cart`): the
  /// same link to the router, another host to Android, which compares hosts as written. Not one
  /// of the parts: `==` and `hash(into:)` leave it out; `false` for a link made from its parts.
  package var hostHadTrailingDot: Bool { storage.hostHadTrailingDot }

  /// A link with these parts, as the parser made them.
  init(storage: Storage) {
    self.storage = storage
  }

  /// Whether two links have the same parts (the same storage is checked first).
  public static func == (lhs: DeepLink, rhs: DeepLink) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port
        && lhs.pathSegments == rhs.pathSegments && lhs.queryItems == rhs.queryItems && lhs.fragment == rhs.fragment)
  }

  /// Hashes every part, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(scheme)
    hasher.combine(host)
    hasher.combine(port)
    hasher.combine(pathSegments)
    hasher.combine(queryItems)
    hasher.combine(fragment)
  }

  /// Whether this is an `http` or `https` link (a universal link or a web page).
  package var isWebLink: Bool { host != nil }

  /// The decoded path, `/` followed by the segments joined with `/` (`/` for no segments).
  public var path: String { "/" + pathSegments.joined(separator: "/") }

  /// The link's scheme, host and port alone: what the app's not-found is given for a link the
  /// system opened the app for and the router refused (`Docs/Security.md`, "Refused links").
  package var schemeAndHost: DeepLink { DeepLink(scheme: scheme, host: host, port: port, pathSegments: []) }

  /// The value of the first query item called `name`, or `nil` if there is none.
  ///
  /// - Complexity: O(*n*) in the number of query items.
  public func queryValue(_ name: String) -> String? {
    for item in queryItems where item.name == name { return item.value }
    return nil
  }

  /// Every value of the query items called `name`, in order.
  package func queryValues(_ name: String) -> [String] {
    queryItems.compactMap { $0.name == name ? $0.value : nil }
  }

  /// The link written out again in normal form, percent-encoding as needed.
  ///
  /// Parsing `absoluteString` gives back an equal `DeepLink`.
  public var absoluteString: String {
    // Written as bytes into one buffer, then made into one string.
    var out: [UInt8] = []
    if #unavailable(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26) {
      // (Where `Span` is, `appendAbsoluteString` reserves its room itself.)
      out.reserveCapacity(
        pathSegments.reduce(scheme.utf8.count + (host?.utf8.count ?? 0) + 16) { $0 + $1.utf8.count + 1 })
    }
    appendAbsoluteString(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the UTF-8 of ``absoluteString`` to `out`, without making the string (`deeplink
  /// check` writes rewritten links straight into its output).
  ///
  /// - Complexity: O(*n*) in the link's length.
  package func appendAbsoluteString(to out: inout [UInt8]) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      // Room for the worst case (every part's byte percent-encoded) reserved once, and every
      // part written into it through one `OutputSpan`: no byte pays the array's checks.
      var room = 0
      forEachPart { _ in
        room += 1
      } part: { text, component in
        room += (component == nil ? 1 : 3) * text.utf8.count
      }
      out.append(addingCapacity: room) { out in appendAbsoluteString(to: &out) }
      return
    }
    forEachPart {
      out.append($0)
    } part: {
      PercentEncoding.append($0, allowing: $1, to: &out)
    }
  }

  /// ``appendAbsoluteString(to:)-([UInt8])`` into room already reserved for every byte of every
  /// part percent-encoded.
  @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
  private func appendAbsoluteString(to out: inout OutputSpan<UInt8>) {
    forEachPart {
      out.append($0)
    } part: {
      PercentEncoding.append($0, allowing: $1, to: &out)
    }
  }

  /// The UTF-8 length of ``absoluteString``, without writing it.
  ///
  /// - Complexity: O(*n*) in the link's length.
  var absoluteStringLength: Int {
    var length = 0
    forEachPart { _ in
      length += 1
    } part: { text, component in
      length += component.map { PercentEncoding.encodedLength(of: text, allowing: $0) } ?? text.utf8.count
    }
    return length
  }

  /// ``absoluteString``'s layout, the one description of it: `byte` for each byte between the
  /// parts (`://`, `/`, `?`, `&`, `=`, `#`) and `part` for each part, with the characters it
  /// keeps unencoded (`nil`: written as it is), in order.
  @inline(__always)
  private func forEachPart(_ byte: (UInt8) -> Void, part: (String, PercentEncoding.Component?) -> Void) {
    part(scheme, nil)
    byte(0x3A)
    byte(0x2F)
    byte(0x2F)
    if let host {
      part(host, nil)
      if let port {
        byte(0x3A)
        part(String(port), nil)
      }
    }
    var first = host == nil
    for segment in pathSegments {
      if !first { byte(0x2F) }
      first = false
      part(segment, .pathSegment)
    }
    if host != nil && pathSegments.isEmpty { byte(0x2F) }
    for (index, item) in queryItems.enumerated() {
      byte(index == 0 ? 0x3F : 0x26)
      part(item.name, .queryComponent)
      if let value = item.value {
        byte(0x3D)
        part(value, .queryComponent)
      }
    }
    if let fragment {
      byte(0x23)
      part(fragment, .fragment)
    }
  }

  public var description: String { absoluteString }
}

extension DeepLink {
  /// Reads a link from a Foundation `URL`, through its `absoluteString`, by the same rules as
  /// ``init(_:)-(String)``.
  ///
  /// - Throws: ``DeepLinkError`` when the link is invalid.
  public init(_ url: URL) throws(DeepLinkError) {
    try self.init(url.absoluteString)
  }
}

/// One `name=value` item of a link's query, decoded.
public struct DeepLinkQueryItem: Sendable, Hashable, CustomStringConvertible {
  /// The decoded name.
  public let name: String
  /// The decoded value; `nil` when the item has no `=` at all (`?flag`).
  public let value: String?

  /// Creates a query item.
  package init(name: String, value: String?) {
    self.name = name
    self.value = value
  }

  public var description: String { value.map { "\(name)=\($0)" } ?? name }
}
