/// A route pattern's values (a `String` per literal, name and key), made as the scanner reads it:
/// what ``RoutePattern/init(_:caseInsensitive:)`` keeps. Made straight from the scan, not from a
/// ``ScannedPattern`` read first: that one's lists cost an allocation and a free a pattern.
struct PatternValues: PatternScanOutput {
  let source: [UInt8]
  var scheme: String?
  var namespace = RoutePattern.Namespace.app
  /// The path segments, in order.
  private(set) var segments: [RoutePattern.Segment] = []
  /// The query captures, in order.
  private(set) var queryCaptures: [RoutePattern.QueryCapture] = []
  /// The bytes of literals and keys that had percent escapes, decoded, one after another.
  private var decoded: [UInt8] = []

  /// Values for `source`, empty until the scanner fills them.
  init(source: [UInt8]) {
    self.source = source
  }

  mutating func append(_ segment: ScannedPattern.Segment) {
    // Room for every segment at the first: one allocation, not one a doubling.
    if segments.isEmpty { segments.reserveCapacity(segmentBound(from: segment.text)) }
    let text = string(segment.text)
    switch segment.kind {
    case .literal: segments.append(.literal(text))
    case .parameter: segments.append(.parameter(name: text, type: segment.type))
    case .optional: segments.append(.optional(name: text, type: segment.type))
    case .catchAll: segments.append(.catchAll(name: text))
    }
  }

  /// The segments, moved out (the values keep an empty list): no reference count to take and
  /// give back again as the values are let go.
  mutating func takeSegments() -> [RoutePattern.Segment] {
    var taken: [RoutePattern.Segment] = []
    swap(&taken, &segments)
    return taken
  }

  /// The query captures, moved out as ``takeSegments()`` moves the segments.
  mutating func takeQueryCaptures() -> [RoutePattern.QueryCapture] {
    var taken: [RoutePattern.QueryCapture] = []
    swap(&taken, &queryCaptures)
    return taken
  }

  mutating func append(_ capture: ScannedPattern.QueryCapture) {
    queryCaptures.append(
      RoutePattern.QueryCapture(
        key: string(capture.key), name: string(capture.name), type: capture.type, isOptional: capture.isOptional))
  }

  mutating func appendDecoded(_ string: String) -> ScannedPattern.Text {
    let start = decoded.count
    decoded.append(contentsOf: string.utf8)
    return ScannedPattern.Text(start: Int32(start), end: Int32(decoded.count), isDecoded: true)
  }

  @inline(__always)
  func bytes(_ text: ScannedPattern.Text) -> ArraySlice<UInt8> {
    (text.isDecoded ? decoded : source)[Int(text.start)..<Int(text.end)]
  }

  func hasCapture(named name: ScannedPattern.Text) -> Bool {
    // Names are ASCII identifiers: equal bytes mean equal names.
    let bytes = bytes(name)
    for segment in segments {
      if let captured = segment.captureName, captured.utf8.count == bytes.count, captured.utf8.elementsEqual(bytes) {
        return true
      }
    }
    for capture in queryCaptures where capture.name.utf8.count == bytes.count && capture.name.utf8.elementsEqual(bytes)
    {
      return true
    }
    return false
  }

  func hasQueryKey(_ key: ScannedPattern.Text) -> Bool {
    guard !queryCaptures.isEmpty else { return false }
    let key = string(key)
    return queryCaptures.contains { $0.key == key }
  }

  /// At least the number of segments from the one `first` is in: one more than the `/` after
  /// its start (a `/` in the query only makes it larger).
  private func segmentBound(from first: ScannedPattern.Text) -> Int {
    var count = 1
    for index in (first.isDecoded ? 0 : Int(first.start))..<source.count where source[index] == UInt8(ascii: "/") {
      count += 1
    }
    return count
  }
}
