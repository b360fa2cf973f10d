import Foundation

/// What the system hands the app when it continues a user activity: its type and, for a
/// universal link, the web page.
///
/// `NSUserActivity` conforms on Apple platforms; tests on Linux use a plain value.
public protocol IncomingUserActivity {
  /// The activity's type; universal links arrive as ``IncomingLink/browsingWebActivityType``.
  var activityType: String { get }
  /// The web page the activity continues, for a browsing-web activity.
  var webpageURL: URL? { get }
}

#if canImport(Darwin)
  extension NSUserActivity: IncomingUserActivity {}
#endif
