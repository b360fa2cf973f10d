import DeepLinkCore
import Foundation

/// (c): parsing and normalising a string into a ``DeepLink``, next to Foundation's
/// `URLComponents(string:)` reading the host, the path and the query items.
struct ParseBenchmark: BenchmarkSection {
  let key = "parse"
  /// The fixed set of links, each with a short name for the output.
  static let links: [(name: String, text: String)] = [
    ("custom-scheme-query", "shop://product/123?ref=home&utm_source=push"),
    (
      "https-4-segments-3-query",
      "https://shop.example.com/ip/desk/office-chair/123456?color=black&size=large&ref=search"
    ),
    (
      "percent-encoded",
      "https://shop.example.com/search/caf%C3%A9%20cr%C3%A8me/r%C3%A9sultats?q=%E2%82%AC%2010&sort=price%2Basc"
    ),
    ("2kb", twoKilobyteLink),
  ]

  /// A share link of exactly 2,048 bytes: six segments and a long tracking query.
  static let twoKilobyteLink: String = {
    var text = "https://shop.example.com/share/campaign/2026/spring/landing/123456?"
    var item = 0
    while text.utf8.count < 2_048 - 40 {
      text += (item == 0 ? "" : "&") + "param\(item)=value-\(item)-abcdefghijklmnop"
      item += 1
    }
    text += "&pad=" + String(repeating: "x", count: 2_048 - text.utf8.count - 5)
    return text
  }()

  /// Parses per sample call, to keep the closure call out of the figure.
  private static let parsesPerCall = 16

  func run(_ context: BenchmarkContext) -> SectionReport {
    context.progress("parse")
    let sink = context.sink
    var lines = [
      "(c) Parse a String: DeepLink(_:) vs URLComponents(string:) + host, path, queryItems; median per parse",
      "  link                        bytes   deeplink   foundation   deeplink/foundation",
    ]
    var json: [JSON] = []
    var goals: [Goal] = []
    for (name, text) in Self.links {
      precondition((try? DeepLink(text)) != nil && URLComponents(string: text) != nil, "benchmark link \(name)")
      let ours = context.harness.measure("parse deeplink \(name)", operations: Self.parsesPerCall) {
        for _ in 0..<Self.parsesPerCall {
          // Every link of the set is valid; -1 would mean a refusal.
          guard let link = try? DeepLink(text) else {
            sink.consume(-1)
            continue
          }
          sink.consume(link.pathSegments.count &+ link.queryItems.count &+ (link.host?.utf8.count ?? 0))
        }
      }
      let foundation = context.harness.measure("parse foundation \(name)", operations: Self.parsesPerCall) {
        for _ in 0..<Self.parsesPerCall {
          guard let components = URLComponents(string: text) else {
            sink.consume(-1)
            continue
          }
          sink.consume(
            (components.host?.utf8.count ?? 0) &+ components.path.utf8.count &+ (components.queryItems?.count ?? 0))
        }
      }
      let ratio = ours.median / foundation.median
      lines.append(
        "  " + Format.pad(name, 26) + Format.pad(String(text.utf8.count), 7, right: true)
          + Format.pad(Format.time(ours.median), 11, right: true)
          + Format.pad(Format.time(foundation.median), 13, right: true)
          + Format.pad(Format.percent(ratio), 22, right: true))
      json.append(
        .object([("link", .string(name)), ("engine", .string("deeplink")), ("nsPerOp", .number(ours.median))]))
      json.append(
        .object([("link", .string(name)), ("engine", .string("foundation")), ("nsPerOp", .number(foundation.median))]))
      goals.append(
        Goal(name: "(c) parse ≤ 30 % of Foundation: \(name)", measured: Format.percent(ratio), met: ratio <= 0.30))
    }
    return SectionReport(key: "parse", json: .array(json), lines: lines, goals: goals)
  }
}
