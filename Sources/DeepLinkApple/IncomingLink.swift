import DeepLinkCore
import Foundation

/// A link as the system hands it to the app, before the router decides it: an opened URL, a
/// continued browsing-web user activity (a universal link), or a URL in the launch options.
///
/// Pure values, tested on Linux; the SwiftUI modifier and the UIKit scene helper only turn
/// what UIKit and SwiftUI hand over into these and call ``DeepLinkCore/DeepLinker/route(_:)``.
///
/// ```swift
/// // scene(_:continue:)
/// if let link = IncomingLink(userActivity: userActivity) { linker.route(link) }
/// ```
public struct IncomingLink: Sendable, Hashable, CustomStringConvertible {
  /// How the link reached the app.
  package enum Channel: Sendable, Hashable {
    /// `application(_:open:options:)`, `scene(_:openURLContexts:)`, the URL contexts of a
    /// scene's connection options, SwiftUI's `onOpenURL`.
    case openURL
    /// A continued user activity of this type (universal links:
    /// ``IncomingLink/browsingWebActivityType``).
    case userActivity(type: String)
    /// The `url` key of `application(_:didFinishLaunchingWithOptions:)`'s launch options.
    case launchOptions
  }

  /// `NSUserActivityTypeBrowsingWeb`: the activity type of a universal link.
  public static let browsingWebActivityType = "NSUserActivityTypeBrowsingWeb"

  /// The link.
  public let url: URL
  /// How it reached the app.
  package let channel: Channel

  /// A URL the system opened in the app (a custom-scheme link, or a web link handed over by
  /// `open(_:)`).
  public init(openedURL url: URL) {
    self.url = url
    self.channel = .openURL
  }

  /// The web page of a continued user activity, when the activity is a universal link: its type
  /// is ``browsingWebActivityType`` and it has a web page URL. Other activities (Handoff of the
  /// app's own activity types, Spotlight) are not links: `nil`.
  public init?(userActivityType type: String, webpageURL: URL?) {
    guard type == Self.browsingWebActivityType, let webpageURL else { return nil }
    self.url = webpageURL
    self.channel = .userActivity(type: type)
  }

  /// The link a continued user activity carries; see ``init(userActivityType:webpageURL:)``.
  public init?(userActivity: some IncomingUserActivity) {
    self.init(userActivityType: userActivity.activityType, webpageURL: userActivity.webpageURL)
  }

  init(launchURL url: URL) {
    self.url = url
    self.channel = .launchOptions
  }

  /// The source the router is told: a browsing-web activity is a universal link from outside
  /// the app; for the other channels, `nil` lets the router tell a custom-scheme link from a
  /// web link by its shape (`LinkSource.external(for:)`).
  public var source: LinkSource? {
    switch channel {
    case .userActivity: .universalLink
    case .openURL, .launchOptions: nil
    }
  }

  public var description: String {
    switch channel {
    case .openURL: "openURL \(url.absoluteString)"
    case .userActivity(let type): "userActivity(\(type)) \(url.absoluteString)"
    case .launchOptions: "launchOptions \(url.absoluteString)"
    }
  }
}

extension IncomingLink {
  /// The launch options' key of the URL that launched the app
  /// (`UIApplication.LaunchOptionsKey.url`).
  package static let launchURLKey = "UIApplicationLaunchOptionsURLKey"
  /// The launch options' key of the user activity dictionary
  /// (`UIApplication.LaunchOptionsKey.userActivityDictionary`).
  package static let launchUserActivityDictionaryKey = "UIApplicationLaunchOptionsUserActivityDictionaryKey"
  /// The user activity dictionary's key of the activity itself.
  package static let launchUserActivityKey = "UIApplicationLaunchOptionsUserActivityKey"

  /// The links in `application(_:didFinishLaunchingWithOptions:)`'s launch options, keyed by
  /// the keys' raw values: the launch URL, then a browsing-web user activity.
  ///
  /// UIKit also calls `application(_:open:options:)` with the launch URL when
  /// `didFinishLaunching` returns `true`, and `application(_:continue:restorationHandler:)` with
  /// the activity: route these links only when the app does not receive them there too, or
  /// they are routed twice (`Docs/Adoption.md`).
  ///
  /// - Parameter launchOptions: the launch options with `rawValue` keys; values of other
  ///   types than expected are skipped.
  /// - Returns: the links, in that order; empty when none.
  public static func links(launchOptions: [String: Any]) -> [IncomingLink] {
    var links: [IncomingLink] = []
    if let url = launchOptions[launchURLKey] as? URL {
      links.append(IncomingLink(launchURL: url))
    }
    if let activities = launchOptions[launchUserActivityDictionaryKey] as? [AnyHashable: Any],
      let activity = activities[launchUserActivityKey] as? any IncomingUserActivity,
      let link = IncomingLink(userActivity: activity)
    {
      links.append(link)
    }
    return links
  }

  /// The links of a scene's connection options at cold start: every opened URL, then every
  /// browsing-web user activity, in the order given.
  ///
  /// - Parameters:
  ///   - urls: the URLs of `connectionOptions.urlContexts`.
  ///   - userActivities: `connectionOptions.userActivities`.
  package static func links(openedURLs urls: [URL], userActivities: [any IncomingUserActivity]) -> [IncomingLink] {
    urls.map(IncomingLink.init(openedURL:)) + userActivities.compactMap { IncomingLink(userActivity: $0) }
  }
}
