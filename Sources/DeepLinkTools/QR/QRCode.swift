/// A QR code (ISO/IEC 18004:2015) holding bytes: byte mode, error correction level M, the
/// smallest version 1–40 that holds them, the mask the standard's penalty rules choose.
///
/// Written in safe Swift for the catalogue (`deeplink catalogue`); `Docs/Catalogue.md` says how
/// it is tested against another encoder's symbols.
///
/// ```swift
/// let code = try QRCode(encoding: "https://shop.example.ca/fr/panier")
/// code.version  // 3
/// code.isDark(row: 0, column: 0)  // true: a finder pattern's corner
/// ```
package struct QRCode: Sendable, Hashable {
  /// The version, 1…40.
  package let version: Int
  /// The mask pattern applied, 0…7.
  package let mask: Int
  /// The side, in modules (`version * 4 + 17`), without the quiet zone.
  package let size: Int
  /// The modules, row by row: `true` is dark.
  package let modules: [[Bool]]

  /// The largest number of bytes a symbol holds at level M (version 40).
  package static let byteLimit = QRCapacity.byteCapacity(version: QRCapacity.maximumVersion)

  /// Encodes the UTF-8 bytes of `text`.
  ///
  /// - Throws: ``QRCodeError/tooLong(bytes:limit:)`` past ``byteLimit``.
  package init(encoding text: String) throws(QRCodeError) {
    try self.init(bytes: Array(text.utf8))
  }

  /// Encodes `bytes` in byte mode.
  ///
  /// - Parameter forcedMask: a mask to apply instead of the one the penalty rules choose (tests).
  /// - Throws: ``QRCodeError/tooLong(bytes:limit:)`` past ``byteLimit``.
  package init(bytes: [UInt8], forcedMask: Int? = nil) throws(QRCodeError) {
    guard let version = QRCapacity.smallestVersion(holding: bytes.count) else {
      throw .tooLong(bytes: bytes.count, limit: Self.byteLimit)
    }
    let codewords = Self.interleaved(Self.dataCodewords(bytes, version: version), version: version)
    var grid = QRGrid(version: version)
    grid.drawFunctionPatterns()
    grid.drawCodewords(codewords)
    let chosen: Int
    if let forcedMask, (0...7).contains(forcedMask) {
      chosen = forcedMask
    } else {
      var best = (mask: 0, penalty: Int.max)
      for candidate in 0...7 {
        var trial = grid
        trial.apply(mask: candidate)
        let penalty = trial.penalty()
        if penalty < best.penalty { best = (candidate, penalty) }
      }
      chosen = best.mask
    }
    grid.apply(mask: chosen)
    grid.drawInformation(mask: chosen)
    self.version = version
    self.mask = chosen
    self.size = grid.size
    self.modules = grid.modules
  }

  /// Whether the module at `row`, `column` is dark; outside the symbol (the quiet zone), light.
  package func isDark(row: Int, column: Int) -> Bool {
    guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
    return modules[row][column]
  }

  /// The data codewords: mode 0100, the count, the bytes, a terminator, padding to a byte, then
  /// the pad bytes 0xEC 0x11 alternately up to the version's capacity.
  package static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
    var bits = BitBuffer()
    bits.append(0b0100, count: 4)
    bits.append(bytes.count, count: QRCapacity.countBits(version: version))
    for byte in bytes { bits.append(Int(byte), count: 8) }
    let capacity = QRCapacity.dataCodewords(version: version) * 8
    bits.append(0, count: min(4, capacity - bits.count))
    bits.append(0, count: (8 - bits.count % 8) % 8)
    var pad: Int = 0xEC
    while bits.count < capacity {
      bits.append(pad, count: 8)
      pad ^= 0xEC ^ 0x11
    }
    return bits.bytes
  }

  /// The data split into blocks, each followed by its error correction, interleaved (7.6).
  package static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
    let blockCount = QRCapacity.blocks(version: version)
    let correction = QRCapacity.correctionCodewords(version: version)
    let total = QRCapacity.totalCodewords(version: version)
    let shortBlocks = blockCount - total % blockCount
    let shortLength = total / blockCount
    let encoder = ReedSolomon(degree: correction)
    var blocks: [[UInt8]] = []
    var start = 0
    for index in 0..<blockCount {
      let length = shortLength - correction + (index < shortBlocks ? 0 : 1)
      let dataBlock = Array(data[start..<(start + length)])
      start += length
      var block = dataBlock
      if index < shortBlocks { block.append(0) }  // a placeholder keeps the columns aligned
      block += encoder.remainder(dataBlock)
      blocks.append(block)
    }
    var result: [UInt8] = []
    result.reserveCapacity(total)
    for column in 0..<blocks[0].count {
      for (index, block) in blocks.enumerated() where column != shortLength - correction || index >= shortBlocks {
        result.append(block[column])
      }
    }
    return result
  }
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
  private(set) var bits: [Bool] = []

  var count: Int { bits.count }

  mutating func append(_ value: Int, count: Int) {
    guard count > 0 else { return }
    for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
  }

  var bytes: [UInt8] {
    stride(from: 0, to: bits.count, by: 8).map { start in
      var byte: UInt8 = 0
      for offset in 0..<8 where start + offset < bits.count && bits[start + offset] {
        byte |= 0x80 >> UInt8(offset)
      }
      return byte
    }
  }
}
