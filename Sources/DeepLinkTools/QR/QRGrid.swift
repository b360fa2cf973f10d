/// A symbol being drawn: modules and which of them belong to function patterns.
///
/// Coordinates are `row` (down) and `column` (right), both from the top-left corner.
struct QRGrid: Sendable {
  let version: Int
  let size: Int
  var modules: [[Bool]]
  var isFunction: [[Bool]]

  init(version: Int) {
    self.version = version
    size = QRCapacity.size(version: version)
    modules = Array(repeating: Array(repeating: false, count: size), count: size)
    isFunction = modules
  }

  mutating func setFunction(row: Int, column: Int, _ dark: Bool) {
    modules[row][column] = dark
    isFunction[row][column] = true
  }

  /// Finder patterns with separators, timing patterns, alignment patterns, the dark module and
  /// the reserved format and version areas (6.3).
  mutating func drawFunctionPatterns() {
    for index in 0..<size {
      setFunction(row: 6, column: index, index % 2 == 0)
      setFunction(row: index, column: 6, index % 2 == 0)
    }
    drawFinder(row: 3, column: 3)
    drawFinder(row: 3, column: size - 4)
    drawFinder(row: size - 4, column: 3)
    let centres = QRCapacity.alignmentCentres(version: version)
    let last = centres.count - 1
    for (i, row) in centres.enumerated() {
      for (j, column) in centres.enumerated()
      where !(i == 0 && j == 0) && !(i == 0 && j == last) && !(i == last && j == 0) {
        drawAlignment(row: row, column: column)
      }
    }
    // The format and version areas and the dark module are reserved, light while the masks are
    // judged, and drawn once the mask is chosen (``drawInformation(mask:)``).
    drawFormatBits(0, darkModule: false)
    if version >= 7 { drawVersionBits(0) }
  }

  /// The format information for `mask`, the dark module and the version information.
  mutating func drawInformation(mask: Int) {
    drawFormatBits(Self.formatBits(mask: mask), darkModule: true)
    if version >= 7 { drawVersionBits(Self.versionBits(version: version)) }
  }

  private mutating func drawFinder(row: Int, column: Int) {
    for dr in -4...4 {
      for dc in -4...4 {
        let distance = max(abs(dr), abs(dc))
        let r = row + dr
        let c = column + dc
        guard (0..<size).contains(r), (0..<size).contains(c) else { continue }
        setFunction(row: r, column: c, distance != 2 && distance != 4)
      }
    }
  }

  private mutating func drawAlignment(row: Int, column: Int) {
    for dr in -2...2 {
      for dc in -2...2 { setFunction(row: row + dr, column: column + dc, max(abs(dr), abs(dc)) != 1) }
    }
  }

  /// The 15 format bits for level M and `mask`: BCH(15,5) with generator 0x537, masked with 0x5412 (7.9).
  static func formatBits(mask: Int) -> Int {
    let data = (0b00 << 3) | mask  // level M is 00
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    return ((data << 10) | remainder) ^ 0x5412
  }

  /// The 18 version bits: BCH(18,6) with generator 0x1F25 (7.10).
  static func versionBits(version: Int) -> Int {
    var remainder = version
    for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
    return (version << 12) | remainder
  }

  /// Both copies of the format information, and the dark module.
  private mutating func drawFormatBits(_ bits: Int, darkModule: Bool) {
    func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
    // Around the top-left finder: bits 0–7 down column 8 (skipping the timing row), 8–14 along row 8.
    for index in 0...5 { setFunction(row: index, column: 8, bit(index)) }
    setFunction(row: 7, column: 8, bit(6))
    setFunction(row: 8, column: 8, bit(7))
    setFunction(row: 8, column: 7, bit(8))
    for index in 9..<15 { setFunction(row: 8, column: 14 - index, bit(index)) }
    // The second copy: bits 0–7 along row 8 from the right, 8–14 down column 8 at the bottom.
    for index in 0..<8 { setFunction(row: 8, column: size - 1 - index, bit(index)) }
    for index in 8..<15 { setFunction(row: size - 15 + index, column: 8, bit(index)) }
    setFunction(row: size - 8, column: 8, darkModule)
  }

  private mutating func drawVersionBits(_ bits: Int) {
    for index in 0..<18 {
      let dark = (bits >> index) & 1 == 1
      let a = size - 11 + index % 3
      let b = index / 3
      setFunction(row: b, column: a, dark)  // top right
      setFunction(row: a, column: b, dark)  // bottom left
    }
  }

  /// Places the codewords in the two-column zigzag from the bottom-right corner (7.7.3).
  mutating func drawCodewords(_ codewords: [UInt8]) {
    let totalBits = codewords.count * 8
    var index = 0
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }  // the vertical timing pattern
      let upward = (right + 1) & 2 == 0
      for step in 0..<size {
        let row = upward ? size - 1 - step : step
        for offset in 0..<2 {
          let column = right - offset
          guard !isFunction[row][column], index < totalBits else { continue }
          modules[row][column] = (codewords[index >> 3] >> UInt8(7 - (index & 7))) & 1 == 1
          index += 1
        }
      }
      right -= 2
    }
  }

  /// Whether mask pattern `mask` inverts the module at `row`, `column` (table 10).
  static func masks(_ mask: Int, row i: Int, column j: Int) -> Bool {
    switch mask {
    case 0: (i + j) % 2 == 0
    case 1: i % 2 == 0
    case 2: j % 3 == 0
    case 3: (i + j) % 3 == 0
    case 4: (i / 2 + j / 3) % 2 == 0
    case 5: (i * j) % 2 + (i * j) % 3 == 0
    case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
    default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
    }
  }

  /// Inverts the data modules the mask selects.
  mutating func apply(mask: Int) {
    for row in 0..<size {
      for column in 0..<size where !isFunction[row][column] && Self.masks(mask, row: row, column: column) {
        modules[row][column].toggle()
      }
    }
  }
}
