import DeepLinkTools
import Foundation
import Testing

/// The catalogue's QR encoder, compared module by module with symbols another encoder made
/// (`Tests/Fixtures/QR`, written by segno 1.6.6 through `generate.py`), and checked for what any
/// decoder relies on whatever the encoder: finder and timing patterns, format and version information.
@Suite struct QRCodeTests {
  /// One stored reference symbol.
  struct Reference: CustomTestStringConvertible, Sendable {
    let name: String
    let data: String
    let version: Int
    let mask: Int
    let rows: [String]

    var testDescription: String { "\(name) (\(data.utf8.count) bytes, version \(version), mask \(mask))" }
  }

  static let fixtures = ToolProcess.repository.appendingPathComponent("Tests/Fixtures/QR")

  /// The symbols segno chose the mask of (each link fills its version).
  static let references = load(fixtures)

  /// The symbols python-qrcode made with a given mask (links that leave room for pad codewords).
  static let forcedMaskReferences = load(fixtures.appendingPathComponent("ForcedMask"))

  static func load(_ directory: URL) -> [Reference] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".txt") }.sorted().compactMap { name in
      guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else {
        return nil
      }
      let lines = text.split(separator: "\n").map(String.init)
      guard lines.count > 2 else { return nil }
      let header = lines[1].split(separator: " ")
      guard header.count == 4, let version = Int(header[1]), let mask = Int(header[3]) else { return nil }
      return Reference(name: name, data: lines[0], version: version, mask: mask, rows: Array(lines.dropFirst(2)))
    }
  }

  /// The modules of `code` that differ from `reference`.
  static func differences(_ code: QRCode, _ reference: Reference) -> [String] {
    var differences: [String] = []
    for (row, line) in reference.rows.enumerated() {
      for (column, module) in line.enumerated() where code.isDark(row: row, column: column) != (module == "1") {
        differences.append("(\(row), \(column))")
      }
    }
    return differences
  }

  @Test("the stored reference symbols cover small, version-information and version-40 symbols")
  func fixturesCoverTheVersions() {
    let versions = Set(Self.references.map(\.version))
    #expect(Self.references.count == 7)
    #expect(versions.isSuperset(of: [1, 3, 7, 10, 40]))
    #expect(Self.references.contains { $0.data.utf8.count == 2_331 && $0.version == 40 })
    // Each link fills its version exactly (Docs/Catalogue.md: where segno's padding is the standard's).
    for reference in Self.references {
      #expect(reference.data.utf8.count == QRCapacity.byteCapacity(version: reference.version), "\(reference.name)")
    }
  }

  @Test("each symbol equals the reference encoder's, module by module", arguments: QRCodeTests.references)
  func matchesReference(_ reference: Reference) throws {
    let code = try QRCode(encoding: reference.data)
    #expect(code.version == reference.version)
    #expect(code.mask == reference.mask, "the penalty rules chose mask \(code.mask), the reference \(reference.mask)")
    #expect(code.size == reference.rows.count)
    let differences = Self.differences(code, reference)
    #expect(differences.isEmpty, "\(differences.count) modules differ, first \(differences.prefix(8))")
  }

  @Test(
    "links with room for pad codewords equal a second encoder's symbol with the same mask, for each mask",
    arguments: QRCodeTests.forcedMaskReferences)
  func matchesForcedMaskReference(_ reference: Reference) throws {
    let code = try QRCode(bytes: Array(reference.data.utf8), forcedMask: reference.mask)
    #expect(code.version == reference.version)
    #expect(reference.data.utf8.count < QRCapacity.byteCapacity(version: reference.version))
    #expect(code.size == reference.rows.count)
    let differences = Self.differences(code, reference)
    #expect(differences.isEmpty, "\(differences.count) modules differ, first \(differences.prefix(8))")
  }

  @Test("the forced-mask references cover the eight masks and versions with version information")
  func forcedMaskFixturesCoverTheMasks() {
    #expect(Set(Self.forcedMaskReferences.map(\.mask)) == Set(0..<8))
    #expect(Self.forcedMaskReferences.contains { $0.version >= 7 })
  }

  @Test("the same bytes with each mask forced give a symbol whose format bits name that mask", arguments: 0..<8)
  func formatBitsNameTheMask(mask: Int) throws {
    let code = try QRCode(bytes: Array("https://shop.example.ca/fr/panier".utf8), forcedMask: mask)
    #expect(code.mask == mask)
    #expect(Self.formatInformation(code) == [(level: 0b00, mask: mask), (level: 0b00, mask: mask)].map { "\($0)" })
  }

  @Test(
    "finder, separator and timing patterns, format bits (level M, the chosen mask) and version bits are in place",
    arguments: [1, 14, 42, 122, 200, 500, 1_500, 2_331])
  func structure(length: Int) throws {
    let data = String(repeating: "https://shop.example.ca/en/cart?x=1", count: 70).prefix(length)
    let code = try QRCode(encoding: String(data))
    let size = code.size
    #expect(size == code.version * 4 + 17)
    for (top, left) in [(0, 0), (0, size - 7), (size - 7, 0)] {
      for row in -1...7 {
        for column in -1...7 {
          let r = top + row
          let c = left + column
          guard (0..<size).contains(r), (0..<size).contains(c) else { continue }
          let ring = max(abs(row - 3), abs(column - 3))
          #expect(code.isDark(row: r, column: c) == (ring != 2 && ring != 4), "finder at (\(r), \(c))")
        }
      }
    }
    for index in 8..<(size - 8) {
      #expect(code.isDark(row: 6, column: index) == (index % 2 == 0))
      #expect(code.isDark(row: index, column: 6) == (index % 2 == 0))
    }
    #expect(code.isDark(row: size - 8, column: 8), "the dark module")
    let format = Self.formatInformation(code)
    #expect(format == Array(repeating: "\((level: 0b00, mask: code.mask))", count: 2))
    if code.version >= 7 {
      #expect(Self.versionInformation(code) == [code.version, code.version])
    }
  }

  @Test("a link past 2,331 bytes is refused with its length and the limit; 2,331 bytes is version 40")
  func tooLong() throws {
    #expect(QRCode.byteLimit == 2_331)
    #expect(try QRCode(bytes: Array(repeating: 0x41, count: 2_331)).version == 40)
    for length in [2_332, 8_192, 100_000] {
      let error = #expect(throws: QRCodeError.self) { try QRCode(bytes: Array(repeating: 0x41, count: length)) }
      #expect(error == .tooLong(bytes: length, limit: 2_331))
      let message = error?.description ?? ""
      #expect(message.contains("\(length) bytes") && message.contains("2331 bytes"), "\(message)")
    }
  }

  @Test("data codewords: mode, count, bytes, terminator, then 0xEC 0x11 padding (ISO/IEC 18004 7.4.10)")
  func padding() {
    // "shop://cart": 0100 · 00001011 · the 11 bytes · 0000, then pad codewords to 16.
    let codewords = QRCode.dataCodewords(Array("shop://cart".utf8), version: 1)
    #expect(codewords == [64, 183, 54, 134, 247, 3, 162, 242, 246, 54, 23, 39, 64, 236, 17, 236])
  }

  @Test("Reed–Solomon: the 1-M error correction of a published example")
  func reedSolomon() {
    // Thonky's QR tutorial, "HELLO WORLD" at 1-M.
    let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    #expect(ReedSolomon(degree: 10).remainder(data) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  }

  @Test("level M byte capacities at the versions the standard's table lists")
  func capacities() {
    let expected = [1: 14, 2: 26, 7: 122, 9: 180, 10: 213, 27: 1_125, 40: 2_331]
    for (version, bytes) in expected {
      #expect(QRCapacity.byteCapacity(version: version) == bytes, "version \(version)")
    }
  }

  /// Both copies of the format information, BCH-decoded to the nearest valid word, as "(level, mask)".
  static func formatInformation(_ code: QRCode) -> [String] {
    let size = code.size
    func read(_ positions: [(Int, Int)]) -> Int {
      positions.enumerated().reduce(0) {
        $0 | ((code.isDark(row: $1.element.0, column: $1.element.1) ? 1 : 0) << $1.offset)
      }
    }
    var first: [(Int, Int)] = (0...5).map { ($0, 8) } + [(7, 8), (8, 8), (8, 7)]
    first += (9..<15).map { (8, 14 - $0) }
    let second: [(Int, Int)] = (0..<8).map { (8, size - 1 - $0) } + (8..<15).map { (size - 15 + $0, 8) }
    return [read(first), read(second)].map { raw in
      // The valid word closest to what was read (at most 3 bits away for a decoder to accept it).
      var best = (distance: 16, data: -1)
      for data in 0..<32 {
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let word = ((data << 10) | remainder) ^ 0x5412
        let distance = (word ^ raw).nonzeroBitCount
        if distance < best.distance { best = (distance, data) }
      }
      return best.distance == 0 ? "\((level: best.data >> 3, mask: best.data & 7))" : "distance \(best.distance)"
    }
  }

  /// Both copies of the version information, as the version they carry (or -1 when not a valid word).
  static func versionInformation(_ code: QRCode) -> [Int] {
    let size = code.size
    var topRight = 0
    var bottomLeft = 0
    for index in 0..<18 {
      let a = size - 11 + index % 3
      let b = index / 3
      if code.isDark(row: b, column: a) { topRight |= 1 << index }
      if code.isDark(row: a, column: b) { bottomLeft |= 1 << index }
    }
    return [topRight, bottomLeft].map { word in
      let version = word >> 12
      var remainder = version
      for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
      return (version << 12 | remainder) == word ? version : -1
    }
  }
}
