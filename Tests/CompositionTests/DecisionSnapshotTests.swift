import DeepLinkComposition
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// Every market's decision snapshot and the platform's: any change of a link's decision fails
/// here, naming the link and what decides it now, until `deeplink snapshot --update` accepts it.
@Suite struct DecisionSnapshotTests {
  static func stored(_ path: String) throws -> DecisionSnapshot {
    DecisionSnapshot(text: try String(contentsOf: PackageManifest.root.appendingPathComponent(path), encoding: .utf8))
  }

  static func record(_ differences: [String], _ what: String) {
    for difference in differences {
      Issue.record("\(what): \(difference); accept with `swift run deeplink snapshot … --update`")
    }
  }

  @Test("each market decides its corpus as its snapshot says", arguments: MarketCatalogue.ids)
  func market(id: String) throws {
    let examples = DecisionSnapshot.exampleLinks(
      in: try String(contentsOf: PackageManifest.exampleLinks(market: id), encoding: .utf8))
    #expect(!examples.isEmpty)
    let current = try DecisionSnapshot(market: id, examples: examples)
    let stored = try Self.stored("Markets/\(id)/Examples/snapshot.txt")
    #expect(current.lines.count == stored.lines.count)
    Self.record(current.differences(from: stored), "market \(id)")
  }

  @Test("the platform decides its corpus as its snapshot says, alone and with every market")
  func platform() throws {
    let stored = try Self.stored("Snapshots/platform.txt")
    Self.record(try DecisionSnapshot(market: nil).differences(from: stored), "the platform")
    for id in MarketCatalogue.ids {
      Self.record(try DecisionSnapshot.platform(composedWith: id).differences(from: stored), "with market \(id)")
    }
  }

  @Test("a changed decision is reported with the link, its old and its new decision")
  func differencesNameTheLink() throws {
    let stored = DecisionSnapshot(
      text: "https://shop.example.com/cart\trouted\t/cart\t\t\trule `https://shop.example.com/cart` of the platform\n")
    let configuration = try DeepLinkAssembly.configuration(market: nil)
    let now = DecisionSnapshot(configuration: configuration, links: ["https://shop.example.com/cart", "shop://cart"])
    #expect(now.differences(from: stored).count == 2)
    let changed = DecisionSnapshot(
      text: "https://shop.example.com/cart\trouted\t/orders\t\tauthentication\trule `x` of market BR\n")
    let message = try #require(now.differences(from: changed).first)
    #expect(
      message.contains(
        "`https://shop.example.com/cart` changed: was routed, /orders, authentication, rule `x` of market BR"))
    #expect(message.contains("now routed, /cart"))
  }
}
