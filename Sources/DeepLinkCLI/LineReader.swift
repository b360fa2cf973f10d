#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One link line of a `check` input: the link and, after a TAB, what it should route to.
struct CheckLine: Sendable {
  /// The 1-based line number in the input.
  var number: Int
  /// The link as written (its first ``LineReader/maximumKept`` bytes for an over-long line,
  /// which is then certain to be `invalid`).
  var link: String
  /// The expected route pattern or outcome word, if the line has one.
  var expected: String?
}

/// Reads `check` input line by line through a fixed buffer, never holding the whole input.
///
/// A line of any length is read: its first ``maximumKept`` bytes are kept (more than a link may
/// have, so an over-long link stays `invalid`), the rest is skipped, except what follows its last
/// TAB (the expectation). `#` comments and blank lines are skipped; a trailing CR is dropped.
final class LineReader {
  /// The bytes of a line kept for deciding: eight times ``DeepLink/maximumLength``.
  static let maximumKept = 64 * 1024
  /// The bytes kept after the last TAB of an over-long line.
  static let maximumExpectation = 4 * 1024

  private let descriptor: Int32
  private var chunk: [UInt8]
  private var position = 0
  private var end = 0
  private var atEnd = false
  private var lineNumber = 0
  private var pending: [UInt8] = []
  private var overlong = false
  private var sawTabInSkipped = false
  private var tail: [UInt8] = []

  /// A reader of `descriptor` with a buffer of `chunkSize` bytes.
  init(descriptor: Int32, chunkSize: Int = 1 << 20) {
    self.descriptor = descriptor
    self.chunk = [UInt8](repeating: 0, count: chunkSize)
  }

  /// Appends up to `limit` link lines to `lines`.
  ///
  /// - Returns: `false` once the input is exhausted.
  /// - Throws: the `errno` of a failed read.
  func read(into lines: inout [CheckLine], limit: Int) throws(ReadFailure) -> Bool {
    while lines.count < limit {
      if position == end {
        if atEnd {
          if !pending.isEmpty || overlong { finishPendingLine(into: &lines) }
          return false
        }
        try refill()
        continue
      }
      let newline: Int? = chunk.withUnsafeBytes { raw in
        memchr(raw.baseAddress! + position, 0x0A, end - position).map {
          raw.baseAddress!.distance(to: UnsafeRawPointer($0))
        }
      }
      if let newline {
        if pending.isEmpty && !overlong {
          chunk.withUnsafeBufferPointer { emit(UnsafeBufferPointer(rebasing: $0[position..<newline]), into: &lines) }
        } else {
          appendToPending(position, newline)
          finishPendingLine(into: &lines)
        }
        position = newline + 1
      } else {
        appendToPending(position, end)
        position = end
      }
    }
    return true
  }

  private func refill() throws(ReadFailure) {
    let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
    if count < 0 {
      if errno == EINTR { return }
      throw ReadFailure(code: errno)
    }
    position = 0
    end = count
    if count == 0 { atEnd = true }
  }

  private func appendToPending(_ from: Int, _ to: Int) {
    guard from < to else { return }
    var start = from
    if !overlong {
      let room = Self.maximumKept - pending.count
      if to - from <= room {
        pending.append(contentsOf: chunk[from..<to])
        return
      }
      pending.append(contentsOf: chunk[from..<(from + room)])
      overlong = true
      start = from + room
    }
    // Skipped bytes: remember only what follows the last TAB.
    if let tab = chunk[start..<to].lastIndex(of: 0x09) {
      sawTabInSkipped = true
      tail.removeAll(keepingCapacity: true)
      tail.append(contentsOf: chunk[(tab + 1)..<min(to, tab + 1 + Self.maximumExpectation)])
    } else if sawTabInSkipped, tail.count < Self.maximumExpectation {
      tail.append(contentsOf: chunk[start..<min(to, start + Self.maximumExpectation - tail.count)])
    }
  }

  private func finishPendingLine(into lines: inout [CheckLine]) {
    let expectation = sawTabInSkipped ? tail : nil
    pending.withUnsafeBufferPointer { emit($0, overlongExpectation: expectation, into: &lines) }
    pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
    overlong = false
    sawTabInSkipped = false
    tail.removeAll(keepingCapacity: true)
  }

  private func emit(
    _ bytes: UnsafeBufferPointer<UInt8>, overlongExpectation: [UInt8]? = nil, into lines: inout [CheckLine]
  ) {
    lineNumber += 1
    var line = bytes
    if let last = line.last, last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
    let tab = line.firstIndex(of: 0x09)
    let link = trimmed(UnsafeBufferPointer(rebasing: line[..<(tab ?? line.endIndex)]))
    if link.isEmpty && tab == nil && overlongExpectation == nil { return }  // blank
    if link.first == 0x23 { return }  // # comment
    var expected: String? = nil
    if let tab {
      let field = trimmed(UnsafeBufferPointer(rebasing: line[(tab + 1)...]))
      if !field.isEmpty { expected = String(decoding: field, as: UTF8.self) }
    } else if let overlongExpectation {
      expected = overlongExpectation.withUnsafeBufferPointer { raw in
        var field = trimmed(raw)
        if field.last == 0x0D { field = UnsafeBufferPointer(rebasing: field.dropLast()) }
        return field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
      }
    }
    if link.isEmpty && expected == nil { return }
    lines.append(CheckLine(number: lineNumber, link: String(decoding: link, as: UTF8.self), expected: expected))
  }

  private func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }
}

/// A read of the input failed.
struct ReadFailure: Error {
  /// The `errno`.
  var code: Int32
  /// The system's words for it.
  var message: String { String(cString: strerror(code)) }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, pointer, count)
}
