import Testing

@testable import DeepLinkTools

@Suite struct PlainBytesTests {
  @Test("a word with a byte to escape in any lane is never taken as plain; printable words are")
  func everyByteInEveryLane() {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    for neighbour: UInt8 in [0x20, 0x21, 0x61, 0x7E, 0x7F] {
      for byte in UInt8.min...UInt8.max {
        for lane in 0..<8 {
          var word = [UInt8](repeating: neighbour, count: 8)
          word[lane] = byte
          let mayHold = PlainBytes.mayHoldByteToEscape(word.span, at: 0)
          if JSONWriter.mayNeedEscape(byte) || JSONWriter.mayNeedEscape(neighbour) {
            #expect(mayHold, "byte \(byte) in lane \(lane) among \(neighbour)")
          } else {
            #expect(!mayHold, "byte \(byte) in lane \(lane) among \(neighbour)")
          }
          let arePlain = PlainBytes.arePlain(word.span)
          #expect(arePlain == !word.contains(where: JSONWriter.mayNeedEscape))
        }
      }
    }
  }

  @Test("runs of every length are judged exactly", arguments: 0..<20)
  func runs(length: Int) {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    let plain = [UInt8](repeating: 0x61, count: length)
    let plainIsPlain = PlainBytes.arePlain(plain.span)
    #expect(plainIsPlain)
    for position in 0..<length {
      for byte: UInt8 in [0x0A, 0x09, 0x22, 0x5C, 0x1F, 0x7F, 0x80, 0xFF] {
        var run = plain
        run[position] = byte
        let runIsPlain = PlainBytes.arePlain(run.span)
        #expect(!runIsPlain, "\(byte) at \(position) of \(length)")
      }
    }
  }
}
