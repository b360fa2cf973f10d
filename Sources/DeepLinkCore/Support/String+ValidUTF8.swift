extension String {
  /// The string `bytes` spell when they are well-formed UTF-8, or `nil`.
  ///
  /// The standard library's `String(validating:as:)` does the same but needs iOS 18 and
  /// macOS 15, above the package's iOS 16 / macOS 13 floor (see `Docs/Adoption.md`). Decoding
  /// with repair changes the bytes exactly when they are not well-formed (each ill-formed
  /// sequence becomes U+FFFD, whose own encoding is well-formed), so comparing the decoded
  /// string's UTF-8 with the input is the same check.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  package static func validUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    // ASCII is valid UTF-8: one pass.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    let decoded = String(decoding: bytes, as: UTF8.self)
    return decoded.utf8.elementsEqual(bytes) ? decoded : nil
  }
}
