/// A link encodes as its normal form, one string (`"shop://product/123"`), and decodes by the
/// same rules as ``DeepLink/init(_:)-(String)``: a stored link that no longer parses fails to
/// decode with `DecodingError.dataCorrupted` naming why, never as a different link.
extension DeepLink: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a valid link: \(error.description)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(absoluteString)
  }
}
