import Foundation

/// Bytes appended run after run while a ``RouteTrie`` is built (pattern sources, literal
/// edges' bytes): a copy-on-write buffer like `[UInt8]`, for less per append.
///
/// Appending a short run to `[UInt8]` goes through the generic `append(contentsOf:)` and costs
/// about 70 instructions; here it is a capacity and uniqueness check and the bytes. Growing
/// reallocates, which extends the block in place when the allocator can instead of copying it.
struct ByteArena: Sendable {
  /// The bytes, in a block from `malloc`.
  private final class Storage: @unchecked Sendable {
    // @unchecked Sendable is safe: a Storage is written only through an arena holding the only
    // reference to it (`isKnownUniquelyReferenced` is checked before every write, and a shared
    // one is copied first), so a Storage that two arenas — and so two threads — see is only read.
    var base: UnsafeMutablePointer<UInt8>? = nil
    var capacity = 0

    deinit { free(base) }
  }

  private var storage = Storage()
  /// The number of bytes.
  private(set) var count = 0

  init() {}

  /// Appends `length` bytes, which `initialize` writes into the buffer it is given.
  ///
  /// - Complexity: O(`length`), amortised.
  @inline(__always)
  mutating func append(count length: Int, _ initialize: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
    if !(isKnownUniquelyReferenced(&storage) && count + length <= storage.capacity) { grow(toHold: length) }
    initialize(UnsafeMutableBufferPointer(start: storage.base! + count, count: length))
    count += length
  }

  /// Appends `bytes`.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    append(count: bytes.count) { buffer in
      // Runs are short: a loop beats a call to `memcpy`.
      for k in 0..<bytes.count { buffer[k] = bytes[k] }
    }
  }

  /// A new buffer of exactly `count` bytes holding a copy of the bytes, which the caller frees.
  func copiedBuffer() -> UnsafeMutableBufferPointer<UInt8> {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
    withUnsafeBufferPointer { _ = buffer.initialize(fromContentsOf: $0) }
    return buffer
  }

  /// Calls `body` with the bytes.
  func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: storage.base, count: count))
  }

  /// Makes room for `length` more bytes in storage of this arena's own, at least doubling.
  @inline(never)
  private mutating func grow(toHold length: Int) {
    let capacity = Swift.max(64, count + length, storage.capacity * 2)
    if isKnownUniquelyReferenced(&storage) {
      guard let raw = realloc(storage.base, capacity) else { fatalError("out of memory") }
      storage.base = raw.bindMemory(to: UInt8.self, capacity: capacity)
    } else {
      let copy = Storage()
      guard let raw = malloc(capacity) else { fatalError("out of memory") }
      copy.base = raw.bindMemory(to: UInt8.self, capacity: capacity)
      if count > 0 { copy.base!.update(from: storage.base!, count: count) }
      storage = copy
    }
    storage.capacity = capacity
  }
}
