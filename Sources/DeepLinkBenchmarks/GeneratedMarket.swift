import DeepLinkCore
import PlatformLinks

/// A market of `rules` generated rules, for measuring how composing grows with the rules: web
/// rules on its own host to the product, search and cart routes, and rules of its own scheme to
/// the product route, in turn, every pattern distinct. With `takeover`, one more rule claims a
/// platform link (`https://shop.example.com/ip/{slug}/{id:int}`, inside the platform's
/// `/ip/{slug}/{id}`), which composition must refuse.
///
/// ```swift
/// let market = GeneratedMarket(id: "G", rules: 1_000)
/// let problems = MarketComposer(catalogue: [market]).problems(of: market)  // []
/// ```
struct GeneratedMarket: MarketModule {
  /// The rule a planted takeover adds: a platform web path, claimed by the market.
  static let takeover = UniversalLink("https://shop.example.com/ip/{slug}/{id:int}", to: .product)

  let id: String
  let ruleCount: Int
  let hasTakeover: Bool

  /// A market `id` (host `shop.example.<id>`, scheme `shop<id>` with custom host `<id>`).
  init(id: String, rules: Int, takeover: Bool = false) {
    self.id = id
    self.ruleCount = rules
    self.hasTakeover = takeover
  }

  private var host: String { "shop.example.\(id.lowercased())" }
  private var scheme: String { "shop\(id.lowercased())" }

  var domains: [Domain] { [Domain(host)] }
  var urlSchemes: [URLScheme] { [URLScheme(scheme, customHost: id.lowercased())] }

  var rules: [UniversalLink] {
    var rules: [UniversalLink] = []
    rules.reserveCapacity(ruleCount + 1)
    for index in 0..<ruleCount {
      switch index % 4 {
      case 0: rules.append(UniversalLink("https://\(host)/p\(index)/{slug}/{id}", to: .product))
      case 1: rules.append(UniversalLink("https://\(host)/s\(index)?q={query}", to: .search))
      case 2: rules.append(UniversalLink("\(scheme)://q\(index)/{id}", to: .product))
      default:
        rules.append(UniversalLink("https://\(host)/c\(index)", to: .cart, parameters: ["campaign": "c\(index)"]))
      }
    }
    if hasTakeover { rules.append(Self.takeover) }
    return rules
  }
}
