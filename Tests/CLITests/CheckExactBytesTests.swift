import DeepLinkCore
import Foundation
import Testing

/// `check` decides the exact bytes of each line, as `route` decides its argument, and its memory
/// stays bounded whatever the line lengths (`Docs/CLI.md`, "check").
@Suite struct CheckExactBytesTests {
  /// A line as `check` reads it (without its LF), and the outcome `route` gives the same bytes.
  /// Both decide as for a link from outside: one the parser refuses whose scheme and host are
  /// the app's is the app's not-found (`Docs/Security.md`, "Refused links").
  static let lines: [(line: String, outcome: String)] = [
    ("  https://shop.example.ca/fr/panier  ", "invalid"),  // the scheme starts with spaces
    ("https://shop.example.ca/fr/panier ", "notFound"),
    ("\thttps://shop.example.ca/fr/panier", "invalid"),  // the TAB ends an empty link
    ("https://shop.example.ca/fr/panier", "routed"),
    ("https://shop.example.ca/fr/panier\r", "routed"),  // CRLF: the terminator
    ("shop://cart\rx", "notFound"),  // a bare CR is part of the line
    ("shop://cart\u{0B}", "notFound"),
  ]

  @Test("check and route agree on every line: only LF or CRLF is removed", arguments: lines.indices)
  func checkAgreesWithRoute(index: Int) throws {
    let row = Self.lines[index]
    let check = try ToolProcess.run(
      ["check", "--format", "jsonl", "--market", "CA", "-"], input: Data((row.line + "\n").utf8))
    let objects = try ToolProcess.jsonLines(check.output)
    #expect(objects.count == 1)
    #expect(objects.first?["outcome"] as? String == row.outcome, "\(objects)")
    // `route` gets the line without its terminator: the LF, and the CR before it.
    var argument = row.line
    if argument.hasSuffix("\r") { argument.removeLast() }
    if !argument.hasPrefix("\t") {
      let route = try ToolProcess.jsonLines(
        try ToolProcess.run(["route", "--json", "--market", "CA", argument]).output)
      #expect(route.first?["outcome"] as? String == row.outcome)
    }
  }

  @Test("a bare CR at the end of the input, with no LF after it, is part of the link")
  func bareCarriageReturnAtEnd() throws {
    let result = try ToolProcess.run(["check", "--format", "jsonl", "-"], input: Data("shop://cart\r".utf8))
    let object = try ToolProcess.jsonLines(result.output).first
    #expect(object?["outcome"] as? String == "notFound")
    #expect(object?["reason"] as? String == "controlCharacter")
  }

  @Test("a link followed by 10 MiB of spaces, and a 6 MiB link, are too long; every line gets one result")
  func longLines() throws {
    var input = Data("shop://cart".utf8)
    input.append(Data(repeating: 0x20, count: 10 << 20))
    input.append(Data("\tnotFound\n".utf8))
    input.append(Data("shop://product/".utf8))
    input.append(Data(repeating: 0x31, count: 6 << 20))
    input.append(Data("\nshop://cart\n".utf8))
    let result = try ToolProcess.run(["check", "--format", "jsonl", "-"], input: input)
    let objects = try ToolProcess.jsonLines(result.output)
    #expect(objects.map { $0["outcome"] as? String } == ["notFound", "notFound", "routed"])
    #expect(objects.prefix(2).allSatisfy { $0["reason"] as? String == "tooLong" })
    #expect(result.error.contains("expectations: 1 checked, 0 not met"))
  }

  @Test("raw bytes that are not UTF-8 are decided as their percent-encoded form")
  func rawInvalidUTF8() throws {
    var input = Data("shop://transaction/".utf8)
    input.append(contentsOf: [0xC0, 0xAF])
    input.append(Data("\nshop://transaction/%C0%AF\n".utf8))
    let result = try ToolProcess.run(["check", "--format", "jsonl", "-"], input: input)
    let objects = try ToolProcess.jsonLines(result.output)
    #expect(objects.count == 2)
    #expect(objects.allSatisfy { $0["outcome"] as? String == "notFound" && $0["reason"] as? String == "invalidUTF8" })
    #expect(objects.first?["url"] as? String == "shop://transaction/%C0%AF")
  }

  @Test("2,000 lines of 66 KB are decided in bounded memory, one result per line")
  func boundedMemory() throws {
    let line = Data(("https://shop.example.ca/fr/ip/" + String(repeating: "a", count: 66_000) + "/1\n").utf8)
    var input = Data(capacity: line.count * 2_000)
    for _ in 0..<2_000 { input.append(line) }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("check-memory-\(UUID().uuidString).txt")
    try input.write(to: file)
    input = Data()
    defer { try? FileManager.default.removeItem(at: file) }

    // The child's own high-water mark of resident memory (Linux), read once, at a point where the
    // child has written every result and cannot exit: its standard error is a pipe the test filled
    // beforehand, so the summary `check` writes last blocks until the test drains it. (The
    // kernel's `ru_maxrss` of the reaped child would not do: the child starts from a `vfork` of
    // the test process and inherits its high-water mark.)
    let errors = Pipe()
    let filler = try Self.fill(errors)
    let process = Process()
    process.executableURL = ToolProcess.executable
    process.arguments = ["check", "--format", "jsonl", "--market", "CA", file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var results = Data()
    var lines = 0
    while lines < 2_000 {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      lines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      results.append(chunk)
    }
    let peakKilobytes = Self.highWaterMark(of: process.processIdentifier)
    let summary = errors.fileHandleForReading.readDataToEndOfFile().dropFirst(filler)
    results.append(output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    #expect(results.split(separator: 0x0A).count == 2_000)
    #expect(String(decoding: summary, as: UTF8.self).contains("2000 links"), "the summary came after the reading")
    #if os(Linux)
      let megabytes = Double(peakKilobytes ?? 0) / 1_024
      // `check` kept 64 KiB of each line before, over 130 MB for this input; the bound is in Docs/CLI.md.
      #expect(megabytes > 0, "the child's memory was never read")
      #expect(megabytes < 64, "peak resident size \(megabytes) MB")
    #endif
  }

  /// Fills `pipe` until a write would block, so the next write to it waits for a reader; returns
  /// how many bytes it wrote.
  static func fill(_ pipe: Pipe) throws -> Int {
    let descriptor = pipe.fileHandleForWriting.fileDescriptor
    let flags = fcntl(descriptor, F_GETFL)
    try #require(fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0)
    defer { _ = fcntl(descriptor, F_SETFL, flags) }
    var written = 0
    let block = [UInt8](repeating: 0x2E, count: 4_096)
    for size in [4_096, 1] {
      while true {
        let count = block.withUnsafeBytes { write(descriptor, $0.baseAddress, size) }
        guard count > 0 else { break }
        written += count
      }
    }
    return written
  }

  /// `VmHWM` of `/proc/<pid>/status` in kilobytes, `nil` where there is no such file.
  static func highWaterMark(of pid: Int32) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }
}
