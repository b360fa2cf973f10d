import DeepLinkCore
import Foundation

/// What a navigation model's plugin hands from its synchronous `shouldHandleDeepLink` to its
/// main-actor handler: the only channel between the two is the plugin's `Data`.
///
/// Internal: every model encodes the link it matched and, for each step, the index of the
/// node, module or chain step that took it, with the captures.
struct NavigationPayload: Codable, Sendable, Hashable {
  /// One matched step.
  struct Step: Codable, Sendable, Hashable {
    /// The index of the node, module or chain step.
    var index: Int
    /// The pattern as registered.
    var pattern: String
    /// The captured parameters.
    var parameters: DeepLinkParameters
    /// The first path segment of the step's run (chains), `0` otherwise.
    var start: Int = 0
    /// One past the last path segment of the step's run (chains), the segment count otherwise.
    var end: Int = 0
  }

  /// The routed link, written out in normal form.
  var link: String
  /// The matched steps, in order.
  var steps: [Step]

  /// The payload as JSON that `JSONDecoder` reads back (``decode(_:)``).
  ///
  /// Written by hand: a plugin makes a payload for every link it takes, while the decision is
  /// made, and `JSONEncoder` costs tens of thousands of instructions for these few plain values.
  /// Parameters are written in the order the step captured them, so the same payload always gives
  /// the same bytes.
  func encoded() -> Data? {
    var out: [UInt8] = []
    out.reserveCapacity(64 + link.utf8.count + steps.count * 96)
    func write(_ text: StaticString) {
      text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
    func write(_ number: Int) { out.append(contentsOf: String(number).utf8) }
    func write(string: String) {
      out.append(0x22)
      for byte in string.utf8 {
        switch byte {
        case 0x22: write("\\\"")
        case 0x5C: write("\\\\")
        case 0x0A: write("\\n")
        case 0x0D: write("\\r")
        case 0x09: write("\\t")
        case 0x00..<0x20:
          let hex: [UInt8] = Array("0123456789abcdef".utf8)
          write("\\u00")
          out.append(hex[Int(byte >> 4)])
          out.append(hex[Int(byte & 0x0F)])
        default: out.append(byte)
        }
      }
      out.append(0x22)
    }
    write("{\"link\":")
    write(string: link)
    write(",\"steps\":[")
    for (position, step) in steps.enumerated() {
      if position > 0 { write(",") }
      write("{\"index\":")
      write(step.index)
      write(",\"pattern\":")
      write(string: step.pattern)
      write(",\"parameters\":{")
      for (number, parameter) in step.parameters.enumerated() {
        if number > 0 { write(",") }
        write(string: parameter.name)
        write(":")
        write(string: parameter.value)
      }
      write("},\"start\":")
      write(step.start)
      write(",\"end\":")
      write(step.end)
      write("}")
    }
    write("]}")
    return Data(out)
  }

  /// Reads a payload back, with its link parsed again (parsing a link's normal form gives back
  /// the same link).
  static func decode(_ data: Data?) -> (payload: NavigationPayload, link: DeepLink)? {
    guard let data, let payload = try? JSONDecoder().decode(NavigationPayload.self, from: data),
      let link = try? DeepLink(payload.link)
    else { return nil }
    return (payload, link)
  }

  /// The match a step stands for.
  func match(_ step: Step, on link: DeepLink) -> MatchedDeepLink {
    MatchedDeepLink(link: link, pattern: step.pattern, parameters: step.parameters.dictionary)
  }
}

extension DeepLinkNavigationState {
  /// The state a navigation plugin gives its handler when it is called outside a linker
  /// (through `handleDeepLink(with:completion:)` directly): a link from outside, not a cold start.
  static func direct(for link: DeepLink, route: String) -> DeepLinkNavigationState {
    DeepLinkNavigationState(isColdStart: false, source: .external(for: link), route: route, parameters: [:])
  }
}
