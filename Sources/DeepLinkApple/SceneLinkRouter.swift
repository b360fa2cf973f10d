#if canImport(UIKit) && !os(watchOS)
  import DeepLinkCore
  import Foundation
  import UIKit

  /// Hands what UIKit gives a scene (and the application delegate) to a ``DeepLinkCore/DeepLinker``:
  /// the URLs and user activities of the connection options at cold start, opened URL
  /// contexts, continued user activities.
  ///
  /// A thin layer over ``IncomingLink`` and ``DeepLinkCore/DeepLinker/route(_:)``, whose logic is
  /// tested on every platform; see `Docs/Adoption.md`.
  ///
  /// ```swift
  /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
  ///   links.route(connectionOptions: options)  // links = SceneLinkRouter(linker: linker)
  /// }
  /// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
  ///   links.route(openURLContexts: contexts)
  /// }
  /// func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
  ///   links.route(userActivity: userActivity)
  /// }
  /// ```
  @MainActor
  public struct SceneLinkRouter {
    /// The router every link goes to.
    public let linker: DeepLinker

    /// Creates the helper.
    public init(linker: DeepLinker) {
      self.linker = linker
    }

    /// Routes the links a scene is connected with at cold start (`scene(_:willConnectTo:options:)`):
    /// every URL context, then every browsing-web user activity.
    ///
    /// - Returns: for each link, whether it is ours and will be handled.
    @discardableResult
    public func route(connectionOptions: UIScene.ConnectionOptions) -> [Bool] {
      let activities = connectionOptions.userActivities.map { $0 as any IncomingUserActivity }
      return linker.route(
        contentsOf: IncomingLink.links(
          openedURLs: connectionOptions.urlContexts.map(\.url), userActivities: activities))
    }

    /// Routes the URLs of `scene(_:openURLContexts:)`.
    ///
    /// - Returns: for each link, whether it is ours and will be handled.
    @discardableResult
    public func route(openURLContexts contexts: Set<UIOpenURLContext>) -> [Bool] {
      linker.route(contentsOf: contexts.map { IncomingLink(openedURL: $0.url) })
    }

    /// Routes a continued user activity (`scene(_:continue:)`,
    /// `application(_:continue:restorationHandler:)`) when it is a universal link.
    ///
    /// - Returns: whether it is a universal link of ours that will be handled.
    @discardableResult
    public func route(userActivity: NSUserActivity) -> Bool {
      guard let link = IncomingLink(userActivity: userActivity) else { return false }
      return linker.route(link)
    }

    /// Routes the links in `application(_:didFinishLaunchingWithOptions:)`'s launch options.
    /// Only for an app that does not also receive them in `application(_:open:options:)` or
    /// `application(_:continue:restorationHandler:)`; see ``IncomingLink/links(launchOptions:)``.
    ///
    /// - Returns: for each link, whether it is ours and will be handled.
    @discardableResult
    public func route(launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> [Bool] {
      var options: [String: Any] = [:]
      for (key, value) in launchOptions ?? [:] { options[key.rawValue] = value }
      return linker.route(contentsOf: IncomingLink.links(launchOptions: options))
    }
  }
#endif
