/// What the pattern scanner (``RoutePatternParser``) writes into as it reads a pattern: each
/// segment and query capture as byte ranges (``ScannedPattern/Text``) of the pattern's UTF-8 or
/// of the decoded bytes, which the output keeps as it likes.
///
/// Two outputs: ``ScannedPattern`` keeps the ranges (what a ``RouteTable/Builder`` inserts from
/// pattern text) and ``PatternValues`` makes a ``RoutePattern``'s values as the scan goes. The
/// scanner is generic over them, so each gets its own specialised copy: no intermediate scan a
/// ``RoutePattern`` is made from and then frees.
protocol PatternScanOutput {
  /// The pattern's UTF-8.
  var source: [UInt8] { get }
  /// The lowercased scheme for `scheme://` and web patterns; `nil` for app patterns.
  var scheme: String? { get set }
  var namespace: RoutePattern.Namespace { get set }
  /// Appends the next path segment.
  mutating func append(_ segment: ScannedPattern.Segment)
  /// Appends the next query capture.
  mutating func append(_ capture: ScannedPattern.QueryCapture)
  /// Keeps `string`'s UTF-8 as decoded bytes, returning where it is.
  mutating func appendDecoded(_ string: String) -> ScannedPattern.Text
  /// The bytes of `text`.
  func bytes(_ text: ScannedPattern.Text) -> ArraySlice<UInt8>
  /// Whether a capture in the path or the query already has the name `name`.
  func hasCapture(named name: ScannedPattern.Text) -> Bool
  /// Whether a query capture already has the key `key` (compared as `String`s).
  func hasQueryKey(_ key: ScannedPattern.Text) -> Bool
}

extension PatternScanOutput {
  /// The `String` of `text`.
  func string(_ text: ScannedPattern.Text) -> String {
    String(decoding: bytes(text), as: UTF8.self)
  }
}
