extension ParameterType {
  /// Whether the UTF-8 bytes `value` (a segment of a link being matched) are of this type.
  @inline(__always)
  func accepts(bytes value: UnsafeBufferPointer<UInt8>) -> Bool {
    accepts(utf8: value)
  }
}
