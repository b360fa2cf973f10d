import DeepLinkComposition
import DeepLinkCore

/// `deeplink aasa` and `deeplink assetlinks`: the association files for a market's domains.
enum AssociationCommands {
  static func aasa(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let appID = parsed.value("--app-id")!
    guard isAppID(appID) else {
      throw UsageError(
        "`--app-id` `\(appID)` is not TEAM.bundle (a 10-character team ID, a dot, the bundle ID)", command: .aasa)
    }
    let selection = try MarketSelection.resolve(parsed)
    let rules = selection.configuration.universalLinks.compactMap { try? $0.compile() }
    let hosts = marketHosts(selection)
    let files = hosts.map { AppleAppSiteAssociation(rules: rules, host: $0) }
    guard let file = files.first else {
      throw CommandFailure(message: "Market\(selection.id ?? "") declares no domains", status: .failure)
    }
    if let different = zip(hosts, files).first(where: { $0.1 != file }) {
      throw CommandFailure(
        message: "`\(different.0)` has different rules from `\(hosts[0])`; serve a file per domain", status: .failure)
    }
    environment.standardOutput.write(file.json(appID: appID))
    return .success
  }

  static func assetLinks(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let package = parsed.value("--package")!
    let fingerprintValue = parsed.value("--fingerprint")!
    guard isPackageName(package) else {
      throw UsageError(
        "`--package` `\(package)` is not an Android application ID (com.example.shop)", command: .assetlinks)
    }
    guard let fingerprint = AssetLinks.normalizedFingerprint(fingerprintValue) else {
      throw UsageError(
        "`--fingerprint` is not a SHA-256: expected 32 hex bytes, as `keytool -list -v` prints them (AB:CD:…)",
        command: .assetlinks)
    }
    _ = try MarketSelection.resolve(parsed)
    environment.standardOutput.write(AssetLinks.json(package: package, fingerprint: fingerprint))
    return .success
  }

  /// The market's own exact domains, as it declares them.
  private static func marketHosts(_ selection: MarketSelection) -> [String] {
    guard let id = selection.id, let market = MarketCatalogue.market(id: id) else { return [] }
    return market.domains.compactMap {
      if case .exact(let host)? = $0.host { return host }
      return nil
    }
  }

  private static func isAppID(_ value: String) -> Bool {
    let parts = value.split(separator: ".", maxSplits: 1)
    guard parts.count == 2, parts[0].count == 10 else { return false }
    return parts[0].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
      && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
      && !parts[1].isEmpty
  }

  private static func isPackageName(_ value: String) -> Bool {
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2
      && parts.allSatisfy { part in
        guard let first = part.first, first.isASCII, first.isLetter else { return false }
        return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      }
  }
}
