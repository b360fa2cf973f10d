import DeepLinkCore
import DeepLinkTools
import Foundation

/// The link lines of one `check` batch: every link's bytes in one buffer, so that once a batch's
/// buffers have grown, reading and deciding its lines allocates nothing per line.
struct CheckLines: Sendable {
  /// One line: where its link is in ``bytes``, and what it should route to.
  struct Line: Sendable {
    /// The 1-based line number in the input.
    var number: Int
    /// The link's bytes in ``CheckLines/bytes``.
    var link: Range<Int>
    /// The expected route pattern or outcome word, if the line has one.
    var expected: String?
    /// Whether the link's bytes are all printable ASCII other than `"` and `\\`: a JSON string
    /// holds them as they are, and the line's result can copy them without a second look.
    var isPlain: Bool
  }

  /// The links' exact bytes, one after another: of each, everything before the line's first TAB
  /// (or terminator). For an over-long link, its first ``LineReader/maximumKept`` bytes, which
  /// are more than a link may have, so it is certain to be `invalid`.
  fileprivate(set) var bytes: [UInt8] = []
  /// The lines, in input order.
  fileprivate(set) var lines: [Line] = []

  /// The number of lines.
  var count: Int { lines.count }

  /// Empties the batch, keeping its buffers' capacity.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    lines.removeAll(keepingCapacity: true)
  }
}

/// Reads `check` input line by line through a fixed buffer, never holding the whole input or a
/// whole long line.
///
/// Only the line terminator, LF or CRLF, is removed: a link is decided on its exact bytes, as
/// `route` decides its argument (spaces, tabs before the first TAB and a bare CR are part of it).
/// A link's first ``maximumKept`` bytes are kept and the rest is skipped, so an over-long link is
/// `invalid` after reading at most one more byte than a link may have; after the first TAB, up to
/// ``maximumExpectation`` bytes of the expectation are kept. A line that is empty or holds only
/// spaces and tabs is blank, and one that starts with `#` is a comment: both are skipped.
///
/// Memory: one chunk (``init(descriptor:chunkSize:)``; twice that while a read is copied in) plus
/// at most ``maximumExpectation`` bytes for the line being read, whatever the lengths of the
/// lines; its link's bytes (at most ``maximumKept``) go straight into the batch.
struct LineReader {
  /// The bytes of a link kept for deciding: one more than ``DeepLink/maximumLength``, so that a
  /// longer link is still refused as too long.
  static let maximumKept = DeepLink.maximumLength + 1
  /// The bytes of an expectation kept.
  static let maximumExpectation = 4 * 1024

  private let input: FileHandle
  private let chunkSize: Int
  /// Whether lines are scanned over a `Span` where the system has one (always, but in tests of
  /// the scan that older systems run).
  private let scansSpans: Bool
  private var chunk: [UInt8] = []
  private var position = 0
  private var end = 0
  private var atEnd = false
  private var lineNumber = 0

  // The line being read: its link goes straight into the batch's bytes, from `linkStart`.
  private var linkStart = 0
  private var expectation: [UInt8] = []
  private var inExpectation = false
  private var linkTruncated = false
  /// The link's bytes so far that a JSON string could not hold as they are.
  private var linkEscapes = 0
  private var expectationTruncated = false
  private var lineHasBytes = false
  private var lastByteIsCR = false

  /// A reader of `descriptor` with a buffer of `chunkSize` bytes. Without `scansSpans`, lines
  /// are scanned as on a system without `Span` (macOS and iOS before 26), with the same results.
  init(descriptor: Int32, chunkSize: Int = 1 << 20, scansSpans: Bool = true) {
    self.input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    self.chunkSize = chunkSize
    self.scansSpans = scansSpans
  }

  /// Appends up to `limit` link lines to `lines`, and stops early once their kept bytes reach
  /// `byteBudget`. A line is never split between two calls.
  ///
  /// - Returns: `false` once the input is exhausted.
  /// - Throws: the `errno` of a failed read.
  mutating func read(into lines: inout CheckLines, limit: Int, byteBudget: Int = .max) throws(ReadFailure) -> Bool {
    var kept = 0
    linkStart = lines.bytes.count
    while lines.count < limit && kept < byteBudget {
      if position == end {
        if atEnd {
          if lineHasBytes { finishLine(terminated: false, into: &lines, kept: &kept) }
          return false
        }
        try refill()
        continue
      }
      let (stop, tab, escapes) = scanLine()
      append(position, stop, tab: tab, escapes: escapes, to: &lines.bytes)
      position = stop
      if stop < end {
        position += 1
        finishLine(terminated: true, into: &lines, kept: &kept)
      }
    }
    return true
  }

  private mutating func refill() throws(ReadFailure) {
    let data: Data?
    do {
      data = try input.read(upToCount: chunkSize)
    } catch {
      let code = (error as NSError).domain == NSPOSIXErrorDomain ? Int32((error as NSError).code) : EIO
      throw ReadFailure(code: code)
    }
    chunk = data.map { [UInt8]($0) } ?? []
    position = 0
    end = chunk.count
    if end == 0 { atEnd = true }
  }

  /// The line's bytes in the chunk from `position`: where they stop (its LF, or the chunk's end);
  /// while the link is being read, also the first TAB, and how many bytes before it a JSON string
  /// could not hold as they are (``CheckLines/Line/isPlain``).
  ///
  /// - Complexity: O(*n*) in the bytes, one pass.
  private func scanLine() -> (stop: Int, tab: Int?, escapes: Int) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), scansSpans {
      let bytes = chunk.span.extracting(position..<end)
      // Words of eight bytes with nothing to escape (no LF or TAB among them) are passed over whole.
      var plain = 0
      while plain + 8 <= bytes.count && !PlainBytes.mayHoldByteToEscape(bytes, at: plain) { plain += 8 }
      if inExpectation {
        for index in plain..<bytes.count where bytes[index] == 0x0A { return (position + index, nil, 0) }
        return (end, nil, 0)
      }
      var escapes = 0
      var tab: Int? = nil
      for index in plain..<bytes.count {
        let byte = bytes[index]
        // LF and TAB are among the bytes to escape: one test for the usual byte.
        guard JSONWriter.mayNeedEscape(byte) else { continue }
        if byte == 0x0A { return (position + index, nil, escapes) }
        if byte == 0x09 {
          tab = index
          break
        }
        escapes &+= 1
      }
      guard let tab else { return (end, nil, escapes) }
      for index in (tab + 1)..<bytes.count where bytes[index] == 0x0A {
        return (position + index, position + tab, escapes)
      }
      return (end, position + tab, escapes)
    }
    // Without `Span`: the same results, byte by byte. The count is exact, as above: a CRLF
    // line's CR is taken back out of it (`finishLine`).
    let stop = chunk[position..<end].firstIndex(of: 0x0A) ?? end
    if inExpectation { return (stop, nil, 0) }
    let tab = chunk[position..<stop].firstIndex(of: 0x09)
    var escapes = 0
    for byte in chunk[position..<(tab ?? stop)] where JSONWriter.mayNeedEscape(byte) { escapes &+= 1 }
    return (stop, tab, escapes)
  }

  /// Adds `chunk[from..<to]`, which holds no LF, to the line being read: its link part (before
  /// `tab`, with `escapes` bytes a JSON string cannot hold as they are) to `bytes`.
  private mutating func append(_ from: Int, _ to: Int, tab: Int?, escapes: Int, to bytes: inout [UInt8]) {
    guard from < to else { return }
    lineHasBytes = true
    lastByteIsCR = chunk[to - 1] == 0x0D
    var start = from
    if !inExpectation {
      linkEscapes += escapes
      let room = linkStart + Self.maximumKept - bytes.count
      let link = chunk[from..<(tab ?? to)]
      bytes.append(contentsOf: link.prefix(room))
      if link.count > room { linkTruncated = true }
      guard let tab else { return }
      inExpectation = true
      start = tab + 1
    }
    let room = Self.maximumExpectation - expectation.count
    expectation.append(contentsOf: chunk[start..<to].prefix(room))
    if to - start > room { expectationTruncated = true }
  }

  /// Ends the line being read: removes its CR when an LF follows it, and emits it unless it is
  /// blank or a comment (then its link's bytes are taken back out of `lines`).
  private mutating func finishLine(terminated: Bool, into lines: inout CheckLines, kept: inout Int) {
    lineNumber += 1
    if terminated && lastByteIsCR {
      // The CR is the line's last byte: in the expectation when there is a TAB, else in the link
      // (unless it was past the bytes kept).
      if inExpectation {
        if !expectationTruncated { expectation.removeLast() }
      } else if !linkTruncated {
        lines.bytes.removeLast()
        linkEscapes -= 1  // the CR was one
      }
    }
    let link = linkStart..<lines.bytes.count
    defer {
      linkStart = lines.bytes.count
      if !expectation.isEmpty { expectation.removeAll(keepingCapacity: true) }
      inExpectation = false
      linkTruncated = false
      linkEscapes = 0
      expectationTruncated = false
      lineHasBytes = false
      lastByteIsCR = false
    }
    let isBlank =
      lines.bytes[link].allSatisfy { $0 == 0x20 || $0 == 0x09 } && expectation.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    if isBlank || lines.bytes[link].first == 0x23 {
      lines.bytes.removeSubrange(link)
      return
    }
    var expected: String? = nil
    if inExpectation {
      let field = trimmed(expectation)
      if !field.isEmpty { expected = field }
    }
    kept += link.count + expectation.count
    lines.lines.append(
      CheckLines.Line(number: lineNumber, link: link, expected: expected, isPlain: linkEscapes == 0 && !linkTruncated))
  }

  /// The expectation field without the spaces and tabs around it.
  private func trimmed(_ bytes: [UInt8]) -> String {
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

/// A read of the input failed.
struct ReadFailure: Error {
  /// The `errno`.
  var code: Int32
  /// The system's words for it.
  var message: String { String(cString: strerror(code)) }
}
