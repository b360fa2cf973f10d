/// A route pattern read into byte ranges, without a `String` per literal or name: what
/// ``RoutePattern`` makes its segments from and what a ``RouteTable/Builder`` inserts.
///
/// A value lives only inside ``RoutePatternParser/withScan(_:_:)``: its buffers are temporary
/// allocations (on the stack for ordinary patterns) and a range points either into the pattern's
/// own UTF-8 or, for a literal or key with percent escapes, into the decoded bytes.
struct ScannedPattern {
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
  let source: UnsafeBufferPointer<UInt8>
  /// The lowercased scheme for `scheme://` and web patterns; `nil` for app patterns.
  var scheme: String?
  var namespace = RoutePattern.Namespace.app
  private let segmentStorage: UnsafeMutableBufferPointer<Segment>
  private(set) var segmentCount = 0
  private let queryStorage: UnsafeMutableBufferPointer<QueryCapture>
  private(set) var queryCount = 0
  private let decoded: UnsafeMutableBufferPointer<UInt8>
  private var decodedCount = 0

  /// A scan of `source` into buffers large enough for any pattern of its length: `count / 2 + 1`
  /// segments, `count / 6 + 1` query captures and `count` decoded bytes.
  init(
    source: UnsafeBufferPointer<UInt8>, segments: UnsafeMutableBufferPointer<Segment>,
    queryCaptures: UnsafeMutableBufferPointer<QueryCapture>, decoded: UnsafeMutableBufferPointer<UInt8>
  ) {
    self.source = source
    self.segmentStorage = segments
    self.queryStorage = queryCaptures
    self.decoded = decoded
  }

  /// The path segments, in order.
  var segments: UnsafeBufferPointer<Segment> {
    UnsafeBufferPointer(rebasing: segmentStorage[0..<segmentCount])
  }

  /// The query captures, in order.
  var queryCaptures: UnsafeBufferPointer<QueryCapture> {
    UnsafeBufferPointer(rebasing: queryStorage[0..<queryCount])
  }

  mutating func append(_ segment: Segment) {
    precondition(segmentCount < segmentStorage.count, "the scan sized its buffer for every segment")
    segmentStorage[segmentCount] = segment
    segmentCount += 1
  }

  mutating func append(_ capture: QueryCapture) {
    precondition(queryCount < queryStorage.count, "the scan sized its buffer for every query capture")
    queryStorage[queryCount] = capture
    queryCount += 1
  }

  /// Copies `string`'s UTF-8 into the decoded bytes, returning where it is.
  mutating func appendDecoded(_ string: String) -> Text {
    var string = string
    let start = decodedCount
    string.withUTF8 { utf8 in
      for byte in utf8 {
        decoded[decodedCount] = byte
        decodedCount += 1
      }
    }
    return Text(start: Int32(start), end: Int32(decodedCount), isDecoded: true)
  }

  /// The bytes of `text`.
  @inline(__always)
  func bytes(_ text: Text) -> UnsafeBufferPointer<UInt8> {
    let base = text.isDecoded ? UnsafeBufferPointer(decoded) : source
    return UnsafeBufferPointer(rebasing: base[Int(text.start)..<Int(text.end)])
  }

  /// The `String` of `text`.
  func string(_ text: Text) -> String {
    String(decoding: bytes(text), as: UTF8.self)
  }

  /// Whether the query keys `a` and `b` are the same `String`: equal bytes, or, when either is
  /// not ASCII, canonically equivalent (as `==` on `String` compares).
  func sameKey(_ a: Text, _ b: Text) -> Bool {
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
  private func isText(_ text: Text, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard Int(text.end - text.start) == bytes.count else { return false }
    let other = self.bytes(text)
    for k in 0..<bytes.count where other[k] != bytes[k] { return false }
    return true
  }
}
