import DeepLinkCore
import Foundation

extension DeepLinker {
  /// Routes a link as the system handed it over, with the source its channel implies
  /// (``DeepLinkApple/IncomingLink/source``); see
  /// ``DeepLinkCore/DeepLinker/route(_:source:)-(URL,_)``.
  ///
  /// - Returns: `true` when the link is ours and will be handled (or, before initialisation,
  ///   was buffered to be).
  @discardableResult
  public func route(_ incoming: IncomingLink) -> Bool {
    route(incoming.url, source: incoming.source)
  }

  /// Routes each link in order (a scene's connection options, the launch options).
  ///
  /// - Returns: for each link, whether it is ours and will be handled.
  @discardableResult
  package func route(contentsOf incoming: [IncomingLink]) -> [Bool] {
    incoming.map { route($0) }
  }

  /// Routes a link as the system handed it over and waits until it is handled, refused or
  /// dropped.
  public func handle(_ incoming: IncomingLink) async -> DeepLinkResult {
    await handle(incoming.url, source: incoming.source)
  }
}
