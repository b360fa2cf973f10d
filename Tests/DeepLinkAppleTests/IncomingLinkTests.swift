import DeepLinkApple
import DeepLinkCore
import Foundation
import Testing

/// A user activity as the system hands it over, without `NSUserActivity` (not on Linux).
struct FakeActivity: IncomingUserActivity {
  var activityType: String
  var webpageURL: URL?
}

/// A value `as? URL` and `as? any IncomingUserActivity` refuse.
private struct Unrelated {}

@Suite struct IncomingLinkTests {
  struct ActivityRow: Sendable, CustomStringConvertible {
    var type: String
    var page: String?
    var expected: String?
    var description: String { "\(type) \(page ?? "nil") → \(expected ?? "nil")" }
  }

  static let activityRows: [ActivityRow] = [
    ActivityRow(
      type: "NSUserActivityTypeBrowsingWeb", page: "https://shop.example.com/ip/desk/1",
      expected: "https://shop.example.com/ip/desk/1"),
    ActivityRow(type: "NSUserActivityTypeBrowsingWeb", page: nil, expected: nil),
    ActivityRow(type: "com.example.shop.viewing-product", page: "https://shop.example.com/ip/desk/1", expected: nil),
    ActivityRow(type: "com.apple.corespotlightitem", page: nil, expected: nil),
  ]

  @Test("only a browsing-web activity with a web page is a link", arguments: activityRows)
  func userActivity(row: ActivityRow) {
    let activity = FakeActivity(activityType: row.type, webpageURL: row.page.flatMap(URL.init(string:)))
    let link = IncomingLink(userActivity: activity)
    #expect(link?.url.absoluteString == row.expected)
    if let link {
      #expect(link.channel == .userActivity(type: IncomingLink.browsingWebActivityType))
      #expect(link.source == .universalLink)
    }
  }

  @Test("an opened URL keeps its URL and leaves the source to the link's shape")
  func openedURL() {
    let link = IncomingLink(openedURL: URL(string: "shop://product/1")!)
    #expect(link.url.absoluteString == "shop://product/1")
    #expect(link.channel == .openURL)
    #expect(link.source == nil)
    #expect(link.description == "openURL shop://product/1")
  }

  struct LaunchRow: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: the options hold only immutable URLs, strings and value types, never mutated.
    var name: String
    var options: [String: Any]
    var expected: [String]
    var description: String { name }
  }

  static let launchRows: [LaunchRow] = [
    LaunchRow(name: "no options", options: [:], expected: []),
    LaunchRow(
      name: "a launch URL", options: ["UIApplicationLaunchOptionsURLKey": URL(string: "shop://cart")!],
      expected: ["launchOptions shop://cart"]),
    LaunchRow(
      name: "a launch URL as a string is not a URL",
      options: ["UIApplicationLaunchOptionsURLKey": "shop://cart"], expected: []),
    LaunchRow(
      name: "a browsing-web activity",
      options: [
        "UIApplicationLaunchOptionsUserActivityDictionaryKey": [
          "UIApplicationLaunchOptionsUserActivityTypeKey": "NSUserActivityTypeBrowsingWeb",
          "UIApplicationLaunchOptionsUserActivityKey": FakeActivity(
            activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: URL(string: "https://shop.example.com/cart")),
        ] as [AnyHashable: Any]
      ],
      expected: ["userActivity(NSUserActivityTypeBrowsingWeb) https://shop.example.com/cart"]),
    LaunchRow(
      name: "a URL and an activity: the URL first",
      options: [
        "UIApplicationLaunchOptionsUserActivityDictionaryKey": [
          "UIApplicationLaunchOptionsUserActivityKey": FakeActivity(
            activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: URL(string: "https://shop.example.com/a"))
        ] as [AnyHashable: Any],
        "UIApplicationLaunchOptionsURLKey": URL(string: "shop://b")!,
      ],
      expected: ["launchOptions shop://b", "userActivity(NSUserActivityTypeBrowsingWeb) https://shop.example.com/a"]),
    LaunchRow(
      name: "another activity type is not a link",
      options: [
        "UIApplicationLaunchOptionsUserActivityDictionaryKey": [
          "UIApplicationLaunchOptionsUserActivityKey": FakeActivity(
            activityType: "com.example.shop.handoff", webpageURL: URL(string: "https://shop.example.com/a"))
        ] as [AnyHashable: Any]
      ],
      expected: []),
    LaunchRow(
      name: "values of the wrong type are skipped",
      options: [
        "UIApplicationLaunchOptionsURLKey": Unrelated(),
        "UIApplicationLaunchOptionsUserActivityDictionaryKey": [
          "UIApplicationLaunchOptionsUserActivityKey": Unrelated()
        ] as [AnyHashable: Any],
      ],
      expected: []),
  ]

  @Test("launch options give the launch URL, then a browsing-web activity", arguments: launchRows)
  func launchOptions(row: LaunchRow) {
    #expect(IncomingLink.links(launchOptions: row.options).map(\.description) == row.expected)
  }

  @Test("connection options give every URL, then every browsing-web activity, in order")
  func connectionOptions() {
    let links = IncomingLink.links(
      openedURLs: [URL(string: "shop://a")!, URL(string: "shop://b")!],
      userActivities: [
        FakeActivity(activityType: "com.example.shop.handoff", webpageURL: URL(string: "https://shop.example.com/x")),
        FakeActivity(
          activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: URL(string: "https://shop.example.com/c")),
      ])
    #expect(
      links.map(\.description) == [
        "openURL shop://a", "openURL shop://b",
        "userActivity(NSUserActivityTypeBrowsingWeb) https://shop.example.com/c",
      ])
  }
}
