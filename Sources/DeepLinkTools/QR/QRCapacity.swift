/// The block structure of a QR symbol at error correction level M (ISO/IEC 18004:2015, table 9).
///
/// A symbol's codewords are its modules left after the function patterns, divided by 8; at each
/// version they are split into `blocks` Reed–Solomon blocks of equal error correction length.
package enum QRCapacity {
  /// The largest version.
  package static let maximumVersion = 40

  /// Error correction codewords per block at level M, by version (index 0 unused).
  private static let correctionPerBlock: [Int] = [
    0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
    26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ]

  /// Reed–Solomon blocks at level M, by version (index 0 unused).
  private static let blockCounts: [Int] = [
    0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
    17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ]

  /// The side of a symbol of `version`, in modules.
  package static func size(version: Int) -> Int { version * 4 + 17 }

  /// Error correction codewords per block.
  package static func correctionCodewords(version: Int) -> Int { correctionPerBlock[version] }

  /// The number of Reed–Solomon blocks.
  package static func blocks(version: Int) -> Int { blockCounts[version] }

  /// Modules that carry codewords (data and error correction), remainder bits included.
  package static func dataModules(version: Int) -> Int {
    var result = (16 * version + 128) * version + 64
    if version >= 2 {
      let alignments = version / 7 + 2
      result -= (25 * alignments - 10) * alignments - 55
      if version >= 7 { result -= 36 }
    }
    return result
  }

  /// All codewords of the symbol.
  package static func totalCodewords(version: Int) -> Int { dataModules(version: version) / 8 }

  /// Data codewords at level M.
  package static func dataCodewords(version: Int) -> Int {
    totalCodewords(version: version) - correctionCodewords(version: version) * blocks(version: version)
  }

  /// Bits of the character count in byte mode: 8 up to version 9, 16 after.
  package static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

  /// The most bytes a byte-mode segment holds at `version`, level M.
  package static func byteCapacity(version: Int) -> Int {
    (dataCodewords(version: version) * 8 - 4 - countBits(version: version)) / 8
  }

  /// The smallest version whose level-M byte capacity holds `count` bytes, or `nil`.
  package static func smallestVersion(holding count: Int) -> Int? {
    (1...maximumVersion).first { byteCapacity(version: $0) >= count }
  }

  /// The centres of the alignment patterns along one axis (ISO/IEC 18004, annex E).
  package static func alignmentCentres(version: Int) -> [Int] {
    guard version > 1 else { return [] }
    let count = version / 7 + 2
    let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
    var result = [6]
    var position = size(version: version) - 7
    for _ in 0..<(count - 1) {
      result.insert(position, at: 1)
      position -= step
    }
    return result
  }
}
