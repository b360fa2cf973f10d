/// Reed–Solomon error correction over GF(256) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1
/// (0x11D) and generator roots α⁰ … α^(degree−1), α = 2 (ISO/IEC 18004, 7.5.2).
package struct ReedSolomon: Sendable {
  /// The generator polynomial's coefficients, highest power first, its leading 1 left out.
  package let generator: [UInt8]

  /// The generator for `degree` error correction codewords (1…255).
  package init(degree: Int) {
    precondition((1...255).contains(degree), "Reed–Solomon degree out of range")
    var coefficients = [UInt8](repeating: 0, count: degree)
    coefficients[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for index in coefficients.indices {
        coefficients[index] = Self.multiply(coefficients[index], root)
        if index + 1 < coefficients.count { coefficients[index] ^= coefficients[index + 1] }
      }
      root = Self.multiply(root, 0x02)
    }
    generator = coefficients
  }

  /// The error correction codewords of `data`: the remainder of data·x^degree divided by the generator.
  package func remainder(_ data: some Sequence<UInt8>) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: generator.count)
    for byte in data {
      let factor = byte ^ result[0]
      result.removeFirst()
      result.append(0)
      for index in result.indices { result[index] ^= Self.multiply(generator[index], factor) }
    }
    return result
  }

  /// The product of two field elements (Russian-peasant multiplication modulo 0x11D).
  package static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
    var product = 0
    for bit in stride(from: 7, through: 0, by: -1) {
      product = (product << 1) ^ ((product >> 7) * 0x11D)
      product ^= ((Int(y) >> bit) & 1) * Int(x)
    }
    return UInt8(product)
  }
}
