#if canImport(SwiftUI)
  import DeepLinkCore
  import Foundation
  import SwiftUI

  /// Routes the links SwiftUI hands a view hierarchy: `onOpenURL` (custom-scheme links) and
  /// `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)` (universal links).
  ///
  /// A thin layer over ``IncomingLink`` and ``DeepLinkCore/DeepLinker/route(_:)``, whose logic is
  /// tested on every platform; see `Docs/Adoption.md`.
  ///
  /// ```swift
  /// WindowGroup {
  ///   ContentView().routesDeepLinks(to: linker)
  /// }
  /// ```
  public struct DeepLinkRoutingModifier: ViewModifier {
    /// The router every link goes to.
    public let linker: DeepLinker

    /// Creates the modifier.
    public init(linker: DeepLinker) {
      self.linker = linker
    }

    /// Adds the two handlers to `content`.
    public func body(content: Content) -> some View {
      content
        .onOpenURL { url in
          // SwiftUI calls its handlers on the main thread.
          MainActor.assumeIsolated { _ = linker.route(IncomingLink(openedURL: url)) }
        }
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
          guard let link = IncomingLink(userActivity: activity) else { return }
          MainActor.assumeIsolated { _ = linker.route(link) }
        }
    }
  }

  extension View {
    /// Routes the links SwiftUI hands this view hierarchy to `linker`; see
    /// ``DeepLinkRoutingModifier``.
    public func routesDeepLinks(to linker: DeepLinker) -> some View {
      modifier(DeepLinkRoutingModifier(linker: linker))
    }
  }
#endif
