#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PercentEncoding {
  /// The process's arguments (without the program name) as the raw bytes the system handed over,
  /// before any UTF-8 repair: what `deeplink route` reads a link from, so that a link given as
  /// raw bytes is decided as its percent-encoded form (``escapingInvalidUTF8(_:)``).
  ///
  /// Here, with the link parser, because reading `argv` takes pointers.
  package static func processArgumentBytes() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
      return Array(
        UnsafeBufferPointer(
          start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }
  }
}
