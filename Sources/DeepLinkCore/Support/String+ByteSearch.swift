extension String.UTF8View {
  /// Whether a byte satisfies `predicate`: over the string's `Span` (a bounds-checked view of the
  /// bytes) where the platform has it, else byte by byte. For the scans every link's strings go through (`;` in a segment, `-` in a host,
  /// bytes a JSON string must escape).
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  @inlinable
  package func containsByte(where predicate: (UInt8) -> Bool) -> Bool {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      let span = self.span
      for index in span.indices where predicate(span[index]) { return true }
      return false
    }
    return contains(where: predicate)
  }

  /// Whether `byte` is one of the bytes (``containsByte(where:)``).
  @inlinable
  package func containsByte(_ byte: UInt8) -> Bool {
    containsByte { $0 == byte }
  }
}
