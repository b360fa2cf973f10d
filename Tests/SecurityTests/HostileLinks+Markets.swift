import DeepLinkComposition
import DeepLinkCore

// Hostile links aimed at one market's own domains and schemes, made from the catalogue: each is
// that market's alone, so the platform and every other market decide it differently.

extension HostileLink {
  static let marketSpaces: [HostileLink] = MarketCatalogue.markets.flatMap { market -> [HostileLink] in
    let hosts = market.domains.map(\.name).filter { !$0.hasPrefix("*") }
    let schemes = market.urlSchemes.map { $0.scheme + "://" + ($0.customHost.map { $0 + "/" } ?? "") }
    let web: [HostileLink] = hosts.flatMap { host in
      [
        HostileLink.invalid("https://attacker.test@\(host)/", .userinfoAndBackslash, "userInfo")
          .except(market.id, .keptInApp(reason: "userInfo")),
        .invalid("https://\(host)/cart?q=%00", .controlCharacters, "controlCharacter")
          .except(market.id, .keptInApp(reason: "controlCharacter")),
        .foreign("https://\(host).attacker.test/", .lookAlikeHost),
        .foreign("https://\(host)/..;/account", .encodedDotsAndSlashes)
          .except(market.id, .ownSite(reason: "unmatchedWebPath")),
      ]
    }
    let custom: [HostileLink] = schemes.flatMap { prefix in
      [
        HostileLink.unadmitted(prefix + "..;/account", .encodedDotsAndSlashes).except(market.id, .notFound),
        .invalid(prefix + "cart%00", .controlCharacters, "controlCharacter")
          .except(market.id, .keptInApp(reason: "controlCharacter")),
        .unadmitted(prefix + "store/1;..;/account", .encodedDotsAndSlashes).except(market.id, .notFound),
      ]
    }
    return web + custom
  }
}
