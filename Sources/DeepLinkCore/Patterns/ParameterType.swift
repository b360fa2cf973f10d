/// The type of a captured parameter, checked while matching.
///
/// `{id:int}` does not match `abc`: a typed capture that does not fit makes the matcher try the
/// next candidate, so typing is part of precedence, not validation after the fact.
package enum ParameterType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Any non-empty segment or value.
  case string
  /// One to 18 ASCII digits (so the value always fits an `Int64`, and an `Int` where it is 64 bits).
  case int
  /// A UUID in its 8-4-4-4-12 hexadecimal form, in either case.
  case uuid

  /// Whether `value` is of this type.
  ///
  /// - Complexity: O(*n*) in the length of `value`; no allocation.
  package func accepts(_ value: String) -> Bool {
    accepts(utf8: value.utf8)
  }

  /// Whether the UTF-8 bytes `value` are of this type.
  @inline(__always)
  func accepts(utf8 value: some Collection<UInt8>) -> Bool {
    switch self {
    case .string:
      return !value.isEmpty
    case .int:
      var count = 0
      for byte in value {
        guard byte >= 0x30 && byte <= 0x39 else { return false }
        count += 1
      }
      return count > 0 && count <= 18
    case .uuid:
      var index = 0
      for byte in value {
        if index == 8 || index == 13 || index == 18 || index == 23 {
          guard byte == 0x2D else { return false }
        } else {
          guard PercentEncoding.hexValue(byte) != nil else { return false }
        }
        index += 1
      }
      return index == 36
    }
  }

  package var description: String { rawValue }
}
