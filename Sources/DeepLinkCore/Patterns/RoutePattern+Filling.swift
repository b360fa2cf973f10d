/// Where a pattern being filled (``RoutePattern/fillPath(from:)``, ``RoutePattern/fillQuery(from:_:)``)
/// reads the value of each capture: a share link's parameters by name, a rewrite's matched link by
/// position.
protocol PatternFillValues {
  /// The value for the path capture `name`, the pattern's segment at `position`; `nil` when there
  /// is none.
  func pathValue(_ name: String, at position: Int) -> String?
  /// The value for the query capture `name`, at `index` among the pattern's query captures; `nil`
  /// when there is none.
  func queryValue(_ name: String, at index: Int) -> String?
  /// Whether the value for the path capture at `position` is a segment of a parsed link, which the
  /// link parser has already checked as ``RoutePattern/isSegmentValue(_:)`` checks a value.
  func isLinkSegment(at position: Int) -> Bool
}

extension PatternFillValues {
  func isLinkSegment(at position: Int) -> Bool { false }
}

/// Parameters by name, as a share link is given them.
extension Dictionary: PatternFillValues where Key == String, Value == String {
  func pathValue(_ name: String, at position: Int) -> String? { self[name] }
  func queryValue(_ name: String, at index: Int) -> String? { self[name] }
}

extension RoutePattern {
  /// The path this pattern matches with `values` in its captures: the one writer of a pattern's
  /// path, for share links (``link(_:scheme:host:)``) and rewrites (``RewritePlan``).
  ///
  /// Literals are written as they are. A capture's value must be of its type and one segment
  /// (``isSegmentValue(_:)``, unless it is a segment of a parsed link); a catch-all's value is
  /// split on `/`, each part one segment. An optional capture left out may not be followed by a
  /// capture with a value: the link would read that value back as the left-out one. The segments
  /// are decoded text; a link percent-encodes them when it is written out.
  ///
  /// - Parameter values: where each capture's value is read.
  /// - Returns: the link's path segments.
  /// - Throws: ``ReverseRoutingError/missingParameter(name:pattern:)`` for a required capture
  ///   without a value (or the left-out optional before one with a value),
  ///   ``ReverseRoutingError/invalidValue(name:value:pattern:)`` for a value that does not fit.
  func fillPath(from values: some PatternFillValues) throws(ReverseRoutingError) -> [String] {
    var path: [String] = []
    path.reserveCapacity(segments.count)
    var absentOptional: String? = nil
    for (position, segment) in segments.enumerated() {
      switch segment {
      case .literal(let text):
        path.append(text)
      case .parameter(let name, let type), .optional(let name, let type):
        guard let value = values.pathValue(name, at: position) else {
          if case .optional = segment {
            absentOptional = absentOptional ?? name
            continue
          }
          throw .missingParameter(name: name, pattern: source)
        }
        if let absentOptional { throw .missingParameter(name: absentOptional, pattern: source) }
        guard type.accepts(value), values.isLinkSegment(at: position) || Self.isSegmentValue(value) else {
          throw .invalidValue(name: name, value: value, pattern: source)
        }
        path.append(value)
      case .catchAll(let name):
        guard let value = values.pathValue(name, at: position) else {
          throw .missingParameter(name: name, pattern: source)
        }
        for part in value.split(separator: "/", omittingEmptySubsequences: false) {
          let part = String(part)
          guard Self.isSegmentValue(part) else { throw .invalidValue(name: name, value: value, pattern: source) }
          path.append(part)
        }
      }
    }
    return path
  }

  /// Hands `append` this pattern's query captures with `values` in them, in the order written: the
  /// one writer of a pattern's query, for share links and rewrites.
  ///
  /// An optional capture without a value is left out. A value must be of its capture's type and
  /// hold no control character.
  ///
  /// - Parameters:
  ///   - values: where each capture's value is read.
  ///   - append: called with each query item, in order.
  /// - Throws: ``ReverseRoutingError/missingParameter(name:pattern:)`` for a required capture
  ///   without a value, ``ReverseRoutingError/invalidValue(name:value:pattern:)`` for a value that
  ///   does not fit.
  func fillQuery(
    from values: some PatternFillValues, _ append: (DeepLinkQueryItem) -> Void
  ) throws(ReverseRoutingError) {
    for (index, capture) in queryCaptures.enumerated() {
      guard let value = values.queryValue(capture.name, at: index) else {
        if capture.isOptional { continue }
        throw .missingParameter(name: capture.name, pattern: source)
      }
      guard capture.type.accepts(value), Self.hasNoControlCharacter(value) else {
        throw .invalidValue(name: capture.name, value: value, pattern: source)
      }
      append(DeepLinkQueryItem(name: capture.key, value: value))
    }
  }

  /// Whether `value` can be one path segment: not empty, `.` or `..`, without `/`, `\` or a
  /// control character.
  static func isSegmentValue(_ value: String) -> Bool {
    !value.isEmpty && value != "." && value != ".." && !value.utf8.contains(0x2F) && !value.utf8.contains(0x5C)
      && hasNoControlCharacter(value)
  }

  /// Whether `value` holds no control character (C0, DEL or C1).
  static func hasNoControlCharacter(_ value: String) -> Bool {
    value.unicodeScalars.allSatisfy { !($0.value < 0x20 || ($0.value >= 0x7F && $0.value <= 0x9F)) }
  }
}
