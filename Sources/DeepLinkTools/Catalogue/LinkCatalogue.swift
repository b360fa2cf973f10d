import DeepLinkCore

/// A market's link catalogue: every route with the rules that reach it, an example link per rule
/// (so per language of the market), whether iOS and Android claim it, and its QR code.
///
/// Every example is decided by the router while the catalogue is made, and the catalogue is made
/// only if each decides as it states (routed, to its route); ``LinkCatalogue/Builder`` throws otherwise.
package struct LinkCatalogue: Sendable {
  /// One route and its examples.
  package struct Entry: Sendable {
    /// The route's pattern as registered.
    package let pattern: String
    /// The route's name.
    package let name: String
    /// Who declared it: `platform` or a market's identifier.
    package let owner: String
    /// Its barriers, as declared.
    package let barriers: [String]
    /// Whether it changes state (so a link from outside passes the confirmation barrier).
    package let changesState: Bool
    /// Where its screen lives: the tab and the parent screens below it (`account`, above
    /// `OrderHistoryPage`), or `nil` when the route does not say.
    package let navigation: String?
    /// The examples, web rules first (in effect order), then app links.
    package let examples: [Example]
  }

  /// Whether iOS or Android opens the app for an example.
  package enum Claim: String, Sendable, Hashable {
    /// The association file (or intent filter) the package writes claims the link.
    case claimed = "yes"
    /// It does not: the link opens in the browser.
    case unclaimed = "no"
    /// A custom-scheme link: the app opens it through its registered scheme, no file involved.
    case scheme = "scheme"
  }

  /// One example link.
  package struct Example: Sendable {
    /// The link, as shown, decided and encoded (secrets redacted before deciding).
    package let link: String
    /// The rule that reaches the route (`https://shop.example.ca/fr/panier`), or the app link's scheme (`shopca://ca`).
    package let via: String
    /// Who declared the rule or scheme.
    package let owner: String
    /// The rule's fixed `locale`, if it has one.
    package let language: String?
    /// The barriers the router applies to this link from outside the app.
    package let barriers: [String]
    /// iOS, by the apple-app-site-association the package writes, read as Apple documents it.
    package let iOS: Claim
    /// Android 12 (API 31) and later, by the intent filters the package writes.
    package let android: Claim
    /// The link's QR code.
    package let qrCode: QRCode

    /// `xcrun simctl openurl booted '<link>'`.
    package var simulatorCommand: String { "xcrun simctl openurl booted " + MarkupText.shellQuoted(link) }
    /// `adb shell am start -W -a android.intent.action.VIEW -d '<link>'`.
    ///
    /// `adb shell` joins its arguments with spaces and hands the line to the device's shell, which
    /// would read a query's `&` as its own; so the link is quoted twice: `"'<link>'"`, single quotes
    /// for the device inside double quotes for the local shell (a link with a quote, `$`, `` ` ``,
    /// `\` or `!` is quoted in single quotes at both levels instead).
    package var adbCommand: String {
      "adb shell am start -W -a android.intent.action.VIEW -d " + MarkupText.deviceShellQuoted(link)
    }
  }

  /// The market's identifier.
  package let market: String
  /// The market's domains and schemes as the configuration lists them.
  package let domains: [String]
  /// The custom schemes (`shop://`, `shopca://ca`).
  package let schemes: [String]
  /// The languages of the market: its rules' fixed `locale` values, sorted.
  package let languages: [String]
  /// Every route, in registration order.
  package let entries: [Entry]

  /// All examples.
  package var examples: [Example] { entries.flatMap(\.examples) }
}

/// Why a catalogue could not be made.
package struct CatalogueError: Error, Sendable, CustomStringConvertible {
  package let description: String

  package init(_ description: String) { self.description = description }
}
