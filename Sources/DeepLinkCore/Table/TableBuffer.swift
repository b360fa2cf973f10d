#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A growable array of plain values in one block from `malloc`, copy-on-write like `Array`: what
/// a ``RouteTrie`` is built in, and what its compiled form takes over without copying.
///
/// Growing calls `realloc`, which extends the block in place when the allocator can. A block of
/// ``TableMemory/pageReturnMinimum`` or more is moved by hand instead, and its pages returned to
/// the system before it is freed: glibc keeps a freed block of its heap resident, and the blocks
/// a builder outgrows were most of the memory a large build needed. Capacity not yet written is
/// never touched, so it takes no memory until the allocator reuses a resident block for it.
/// ``takeBuffer()`` shrinks the block to its count and hands it over: a builder's arrays become
/// the table's without a second copy existing beside them.
struct TableBuffer<Element: BitwiseCopyable & Sendable>: Sendable {
  private var storage = TableBufferStorage()
  /// The elements: the block of `storage`, bound to `Element` when it was allocated.
  @inline(__always)
  private var base: UnsafeMutablePointer<Element>? { storage.base?.assumingMemoryBound(to: Element.self) }
  /// The number of elements.
  private(set) var count = 0

  init() {}

  /// A buffer of `count` copies of `element`.
  init(repeating element: Element, count: Int) {
    if count > 0 {
      grow(toHold: count)
      base!.initialize(repeating: element, count: count)
      self.count = count
    }
  }

  var isEmpty: Bool { count == 0 }

  /// The element at `index`, which must be below ``count``.
  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "index out of range")
      return base![index]
    }
    set {
      precondition(index >= 0 && index < count, "index out of range")
      if !isKnownUniquelyReferenced(&storage) { grow(toHold: 0) }
      base![index] = newValue
    }
  }

  /// Appends `element`.
  ///
  /// - Complexity: O(1), amortised.
  @inline(__always)
  mutating func append(_ element: Element) {
    if !(isKnownUniquelyReferenced(&storage) && count < storage.capacity) { grow(toHold: 1) }
    (base! + count).initialize(to: element)
    count += 1
  }

  /// Appends `length` elements, which `initialize` writes into the buffer it is given.
  ///
  /// - Complexity: O(`length`), amortised.
  @inline(__always)
  mutating func append(count length: Int, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void) {
    if !(isKnownUniquelyReferenced(&storage) && count + length <= storage.capacity) { grow(toHold: length) }
    initialize(UnsafeMutableBufferPointer(start: base! + count, count: length))
    count += length
  }

  /// Calls `body` with the elements.
  @inline(__always)
  func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Calls `body` with the elements, to write them in place.
  @inline(__always)
  mutating func withUnsafeMutableBufferPointer<Result>(
    _ body: (UnsafeMutableBufferPointer<Element>) throws -> Result
  ) rethrows -> Result {
    if !isKnownUniquelyReferenced(&storage) { grow(toHold: 0) }
    return try body(UnsafeMutableBufferPointer(start: base, count: count))
  }

  /// Keeps only the elements `isKept` takes, in order: in place when no other buffer shares the
  /// block, otherwise in a block of their own.
  mutating func keepOnly(where isKept: (Element) -> Bool) {
    if isKnownUniquelyReferenced(&storage) {
      guard let base else { return }
      var kept = 0
      for index in 0..<count where isKept(base[index]) {
        base[kept] = base[index]
        kept += 1
      }
      count = kept
    } else {
      var kept = TableBuffer()
      withUnsafeBufferPointer { elements in
        for element in elements where isKept(element) { kept.append(element) }
      }
      self = kept
    }
  }

  /// The elements in a block of exactly their size, from `malloc`, which the caller frees with
  /// `free`; the buffer is empty afterwards. When no other buffer shares the block, it is the
  /// block itself, shrunk in place: no copy is made.
  mutating func takeBuffer() -> UnsafeMutableBufferPointer<Element> {
    takeBuffer(count: count)
  }

  /// The elements at the front of a block of `size` elements (at least ``count``), from
  /// `malloc`, which the caller frees with `free`; the elements after ``count`` are not
  /// initialised. The buffer is empty afterwards. When no other buffer shares the block, it is
  /// the block itself, shrunk or grown in place: no copy is made.
  mutating func takeBuffer(count size: Int) -> UnsafeMutableBufferPointer<Element> {
    precondition(size >= count, "a block smaller than its elements")
    defer { self = TableBuffer() }
    guard size > 0 else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
    let bytes = size * MemoryLayout<Element>.stride
    if isKnownUniquelyReferenced(&storage), let base {
      let capacityBytes = storage.capacity * MemoryLayout<Element>.stride
      if capacityBytes > bytes {
        TableMemory.returnPages(UnsafeMutableRawPointer(base) + bytes, count: capacityBytes - bytes)
      }
      guard let raw = realloc(base, bytes) else { fatalError("out of memory") }
      storage.base = nil
      storage.capacity = 0
      return UnsafeMutableBufferPointer(start: raw.bindMemory(to: Element.self, capacity: size), count: size)
    }
    guard let raw = malloc(bytes) else { fatalError("out of memory") }
    let copy = raw.bindMemory(to: Element.self, capacity: size)
    if count > 0 { copy.initialize(from: base!, count: count) }
    return UnsafeMutableBufferPointer(start: copy, count: size)
  }

  /// Makes room for `length` more elements in storage of this buffer's own, at least doubling
  /// when it must grow.
  @inline(never)
  private mutating func grow(toHold length: Int) {
    let needed = count + length
    let minimum = 64 / MemoryLayout<Element>.stride
    let capacity = needed <= storage.capacity ? storage.capacity : Swift.max(minimum, needed, storage.capacity * 2)
    let bytes = Swift.max(1, capacity * MemoryLayout<Element>.stride)
    if isKnownUniquelyReferenced(&storage) {
      let oldBytes = storage.capacity * MemoryLayout<Element>.stride
      if oldBytes < TableMemory.pageReturnMinimum {
        guard let raw = realloc(storage.base, bytes) else { fatalError("out of memory") }
        raw.bindMemory(to: Element.self, capacity: capacity)
        storage.base = raw
      } else {
        // A large block: moved by hand, its pages given back before it is freed. The allocator
        // keeps a freed block in its heap, resident, and a builder outgrows a block of each
        // size once, so those pages would otherwise only add to the memory a build needs.
        guard let raw = malloc(bytes) else { fatalError("out of memory") }
        let moved = raw.bindMemory(to: Element.self, capacity: capacity)
        moved.initialize(from: base!, count: count)
        TableMemory.returnPages(storage.base!, count: oldBytes)
        free(storage.base)
        storage.base = raw
      }
    } else {
      let copy = TableBufferStorage()
      guard let raw = malloc(bytes) else { fatalError("out of memory") }
      let elements = raw.bindMemory(to: Element.self, capacity: capacity)
      if count > 0 { elements.initialize(from: base!, count: count) }
      copy.base = raw
      storage = copy
    }
    storage.capacity = capacity
  }
}

/// The block of a ``TableBuffer``, whatever its elements: the class is not generic, and the
/// buffer binds the block to its element type.
private final class TableBufferStorage: @unchecked Sendable {
  // @unchecked Sendable is safe: a storage is written only through a buffer holding the only
  // reference to it (`isKnownUniquelyReferenced` is checked before every write, and a shared
  // one is copied first), so a storage that two buffers — and so two threads — see is only read.
  /// The block from `malloc`, bound to the buffer's element type.
  var base: UnsafeMutableRawPointer? = nil
  /// The elements the block holds.
  var capacity = 0

  deinit { free(base) }
}

/// Pattern sources and long literals: bytes appended run after run.
typealias ByteArena = TableBuffer<UInt8>

extension TableBuffer where Element == UInt8 {
  /// Appends `bytes`.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    append(count: bytes.count) { buffer in
      // Runs are short: a loop beats a call to `memcpy`.
      for k in 0..<bytes.count { buffer[k] = bytes[k] }
    }
  }
}

/// Blocks of the compiled table: from `malloc`, freed with `free`, like the blocks a
/// ``TableBuffer`` hands over.
enum TableMemory {
  /// An uninitialised block for `count` elements; empty (no block) when `count` is 0.
  static func allocate<Element: BitwiseCopyable>(_: Element.Type, count: Int) -> UnsafeMutableBufferPointer<Element> {
    guard count > 0 else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
    guard let raw = malloc(count * MemoryLayout<Element>.stride) else { fatalError("out of memory") }
    return UnsafeMutableBufferPointer(start: raw.bindMemory(to: Element.self, capacity: count), count: count)
  }

  /// The smallest block whose pages are given back before it is freed or shrunk. Pages given
  /// back are faulted in again when the allocator hands the block out anew, which costs more
  /// than it saves for small blocks: at 256 KB a 10,000-route build took about 150 more page
  /// faults; at 512 KB it takes none, and a 100,000-route build still returns its large blocks.
  static let pageReturnMinimum = 512 * 1024

  /// Gives the whole pages inside `count` bytes at `start`, which the caller is about to free or
  /// no longer needs, back to the system (`madvise(MADV_DONTNEED)`: they read as zeros if
  /// touched again); ranges below ``pageReturnMinimum`` are left alone.
  static func returnPages(_ start: UnsafeMutableRawPointer, count: Int) {
    #if canImport(Glibc)
      guard count >= pageReturnMinimum else { return }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let first = (Int(bitPattern: start) + page - 1) / page * page
      let end = (Int(bitPattern: start) + count) / page * page
      guard end > first, let pages = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(pages, end - first, MADV_DONTNEED)
    #endif
  }

  /// Frees a block from ``allocate(_:count:)`` or ``TableBuffer/takeBuffer()``.
  static func deallocate<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
    free(buffer.baseAddress)
  }
}
