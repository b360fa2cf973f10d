/// A route pattern read into byte ranges, without a `String` per literal or name: what a
/// ``RouteTable/Builder`` inserts when given pattern text.
///
/// A range points either into the pattern's own UTF-8 or, for a literal or key with percent
/// escapes, into the decoded bytes.
struct ScannedPattern: PatternScanOutput {
  /// A range of bytes: in the pattern's UTF-8, or in the decoded bytes when `isDecoded`.
  struct Text {
    var start: Int32
    var end: Int32
    var isDecoded: Bool
  }

  /// One path segment: a literal's decoded bytes, or a capture's name, type and kind.
  struct Segment {
    enum Kind: UInt8 { case literal, parameter, optional, catchAll }
    var kind: Kind
    var type: ParameterType
    /// The literal (decoded) or the capture's name.
    var text: Text
  }

  /// A query capture: `key={name:type?}`.
  struct QueryCapture {
    var key: Text
    var name: Text
    var type: ParameterType
    var isOptional: Bool
  }

  /// The pattern's UTF-8.
  let source: [UInt8]
  /// The lowercased scheme for `scheme://` and web patterns; `nil` for app patterns.
  var scheme: String?
  var namespace = RoutePattern.Namespace.app
  /// The path segments, in order.
  private(set) var segments: [Segment] = []
  /// The query captures, in order.
  private(set) var queryCaptures: [QueryCapture] = []
  /// The bytes of literals and keys that had percent escapes, decoded, one after another.
  private var decoded: [UInt8] = []

  /// A scan of `source`, empty until the parser fills it.
  init(source: [UInt8]) {
    self.source = source
    segments.reserveCapacity(8)
  }

  mutating func append(_ segment: Segment) {
    segments.append(segment)
  }

  mutating func append(_ capture: QueryCapture) {
    queryCaptures.append(capture)
  }

  /// Copies `string`'s UTF-8 into the decoded bytes, returning where it is.
  mutating func appendDecoded(_ string: String) -> Text {
    let start = decoded.count
    decoded.append(contentsOf: string.utf8)
    return Text(start: Int32(start), end: Int32(decoded.count), isDecoded: true)
  }

  /// The bytes of `text`.
  @inline(__always)
  func bytes(_ text: Text) -> ArraySlice<UInt8> {
    (text.isDecoded ? decoded : source)[Int(text.start)..<Int(text.end)]
  }

  func hasQueryKey(_ key: Text) -> Bool {
    for capture in queryCaptures where sameKey(capture.key, key) { return true }
    return false
  }

  /// Whether the query keys `a` and `b` are the same `String`: equal bytes, or, when either is
  /// not ASCII, canonically equivalent (as `==` on `String` compares).
  private func sameKey(_ a: Text, _ b: Text) -> Bool {
    let first = bytes(a)
    let second = bytes(b)
    if first.elementsEqual(second) { return true }
    let isASCII = !first.contains { $0 >= 0x80 } && !second.contains { $0 >= 0x80 }
    return !isASCII && string(a) == string(b)
  }

  /// Whether a capture in the path or the query already has the name `name` (names are ASCII
  /// identifiers, so equal bytes mean equal names).
  func hasCapture(named name: Text) -> Bool {
    let bytes = bytes(name)
    for segment in segments where segment.kind != .literal && isText(segment.text, bytes) { return true }
    for capture in queryCaptures where isText(capture.name, bytes) { return true }
    return false
  }

  /// Whether the bytes of `text` are `bytes`: the lengths first, then byte by byte.
  @inline(__always)
  private func isText(_ text: Text, _ bytes: ArraySlice<UInt8>) -> Bool {
    Int(text.end - text.start) == bytes.count && self.bytes(text).elementsEqual(bytes)
  }
}
