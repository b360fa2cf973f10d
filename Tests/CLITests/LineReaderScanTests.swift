import Foundation
import Testing

@testable import DeepLinkCLI

/// `check`'s reader scans lines over a `Span` where the system has one and byte by byte where it
/// does not (macOS and iOS before 26); both must cut the same lines and judge the same links
/// plain (copied into the JSON line without escaping).
@Suite struct LineReaderScanTests {
  /// Input, and for each link line whether its link is plain.
  static let inputs: [(text: String, plain: [Bool])] = [
    ("shop://cart\n", [true]),
    ("shop://cart\r\n", [true]),
    ("shop://cart\r\nshop://product/1\r\n", [true, true]),
    ("shop://cart?x=a\u{2028}b\r\n", [false]),
    ("shop://cart?x=a\u{202E}b\r\n", [false]),
    ("shop://cart?x=a\u{200B}b\n", [false]),
    ("shop://cart?x=\"q\"\r\n", [false]),
    ("shop://cart?x=a\\b\r\n", [false]),
    ("shop://cart\r\r\n", [false]),
    ("shop://cart\u{7F}\n", [false]),  // DEL is escaped as every control is
    ("shop://cart\t/cart\r\n", [true]),
    ("shop://cart?x=\u{E9}\t/cart\r\n", [false]),
    ("shop://cart\t/cart \u{2028}\r\nshop://product/2", [true, true]),
    ("# a comment\r\n\r\n  \t \nshop://cart\r\n", [true]),
    ("https://shop.example.ca/fr/recherche?q=caf\u{E9}&utm_source=mail\r\nshop://cart", [false, true]),
  ]

  @Test("with and without Span, every chunk size: the same lines, and plain only where no byte needs escaping")
  func sameLinesBothWays() throws {
    for (text, plain) in Self.inputs {
      for chunkSize in [1, 2, 3, 7, 16, 1 << 20] {
        let spans = try read(text, chunkSize: chunkSize, scansSpans: true)
        let bytes = try read(text, chunkSize: chunkSize, scansSpans: false)
        #expect(bytes.map(\.description) == spans.map(\.description), "\(text.debugDescription) in \(chunkSize)s")
        for scanned in [spans, bytes] {
          #expect(scanned.map(\.isPlain) == plain, "\(text.debugDescription) in \(chunkSize)s")
        }
      }
    }
  }

  private struct ScannedLine {
    let number: Int
    let link: [UInt8]
    let expected: String?
    let isPlain: Bool
    var description: String { "\(number) \(link) \(expected ?? "-") \(isPlain)" }
  }

  private func read(_ text: String, chunkSize: Int, scansSpans: Bool) throws -> [ScannedLine] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("line-reader-\(UUID().uuidString).txt")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var reader = LineReader(descriptor: handle.fileDescriptor, chunkSize: chunkSize, scansSpans: scansSpans)
    var result: [ScannedLine] = []
    var more = true
    while more {
      var batch = CheckLines()
      more = try reader.read(into: &batch, limit: 2)
      for line in batch.lines {
        result.append(
          ScannedLine(
            number: line.number, link: Array(batch.bytes[line.link]), expected: line.expected, isPlain: line.isPlain))
      }
    }
    return result
  }
}
