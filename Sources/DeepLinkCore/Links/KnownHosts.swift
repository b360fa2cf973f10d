#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Host names a link's reading can hand out as they are: a configuration's own domains, so that
/// a link to one of them shares the configuration's `String` instead of making its own.
///
/// Only a host already in normal form (lowercase letters, digits, `-` and `.`) is compared, byte
/// for byte: the result is the same string the reading would have made. Names of up to 15 bytes
/// are left out (`Docs/Performance.md`, "Where the code is shaped for speed").
struct KnownHosts: Sendable {
  /// The most names compared in turn; a configuration with more shares none.
  static let limit = 16

  private let names: [String]

  /// `names`, each made native and contiguous once, here; none when there are more than ``limit``.
  init(_ names: some Sequence<String>) {
    var kept: [String] = []
    for var name in names where name.utf8.count > 15 && !kept.contains(name) {
      name.makeContiguousUTF8()
      kept.append(name)
    }
    self.names = kept.count <= Self.limit ? kept : []
  }

  /// The name whose UTF-8 is `bytes`, or `nil`.
  @inline(__always)
  func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count > 15, let base = bytes.baseAddress else { return nil }
    for name in names where name.utf8.count == bytes.count {
      let equal = name.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, base, bytes.count) == 0 }
      if equal == true { return name }
    }
    return nil
  }
}
