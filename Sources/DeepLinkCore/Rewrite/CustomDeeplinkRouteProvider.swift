/// What a market (or the platform) contributes to the app's link space: its domains, its web
/// paths and its custom schemes, each rewritten onto the platform's links.
///
/// ```swift
/// struct StoreLinks: CustomDeeplinkRouteProvider {
///   var domains: [Domain] { [Domain("shop.example.ca")] }
///   var urlSchemes: [URLScheme] { [URLScheme("shopca", customHost: "ca")] }
///   var universalLinks: [UniversalLink] {
///     [UniversalLink("https://shop.example.ca/fr/panier", to: "/cart", parameters: ["locale": "fr"])]
///   }
/// }
/// ```
public protocol CustomDeeplinkRouteProvider: Sendable {
  /// The hosts claimed for universal links.
  var domains: [Domain] { get }
  /// The rewrite rules from web (or market-scheme) links onto app links.
  var universalLinks: [UniversalLink] { get }
  /// The custom schemes, each mapped onto the platform's links.
  var urlSchemes: [URLScheme] { get }
}
