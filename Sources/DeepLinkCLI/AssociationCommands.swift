import AssociationMatchers
import DeepLinkComposition
import DeepLinkCore
import DeepLinkTools
import Foundation
import PlatformLinks

/// `deeplink aasa`, `deeplink assetlinks` and `deeplink intent-filters`: the files that tell iOS
/// and Android which links of a market's domains open the app.
enum AssociationCommands {
  static func aasa(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let appIDs = parsed.values("--app-id")
    for appID in appIDs where !isAppID(appID) {
      throw UsageError(
        "`--app-id` `\(appID)` is not TEAM.bundle (a 10-character team ID, a dot, the bundle ID)", command: .aasa)
    }
    if let duplicate = duplicate(in: appIDs) {
      throw UsageError("`--app-id` `\(duplicate)` is given twice", command: .aasa)
    }
    let modes = ["--report", "--verify", "--diff"].filter { parsed.has($0) || parsed.value($0) != nil }
    if modes.count > 1 {
      throw UsageError("`--report`, `--verify` and `--diff` are separate runs; give one", command: .aasa)
    }
    if parsed.value("--merge") != nil, let mode = modes.first {
      throw UsageError("`--merge` writes the file; give it without `\(mode)`", command: .aasa)
    }
    if !parsed.positionals.isEmpty && !parsed.has("--verify") {
      throw UsageError("a FILE is read only with `--verify`", command: .aasa)
    }
    switch (parsed.value("--market") != nil, parsed.has("--platform")) {
    case (true, true):
      throw UsageError("`--market` and `--platform` name different domains; give one", command: .aasa)
    case (false, false):
      throw UsageError(
        "missing --market ID (or --platform for the platform's own domains, \(PlatformLinks.domainNames.joined(separator: ", ")))",
        command: .aasa)
    default: break
    }
    if appIDs.isEmpty && modes.isEmpty {
      throw UsageError("missing --app-id TEAM.bundle (give it once per app)", command: .aasa)
    }
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    // Read before anything is written, so a file that cannot be merged leaves nothing half done.
    let merged = try parsed.value("--merge").map { path in
      try AssociationMerge.members(of: AssociationMerge.contents(of: path, as: "the file to merge into"), path: path)
    }
    let (host, rules, switchedOff) = try domainRules(selection)
    // The file as served, which the report, the verifier and the diff judge too.
    let served = AppleAppSiteAssociation.served(
      rules: rules, host: host, switchedOff: switchedOff, appIDs: appIDs.isEmpty ? ["TEAMID1234.verify"] : appIDs,
      merging: { AssociationMerge.merged($0, with: merged ?? []) })
    if let deployed = parsed.value("--diff") {
      return try AssociationDiff.run(
        path: deployed, appIDs: appIDs, selection: selection, host: host, current: served.text, rules: rules,
        environment: environment)
    }
    if parsed.has("--report") {
      let report = AssociationReport(rules: rules, host: host, leadingSlashRuns: served.file.leadingSlashRuns)
      environment.standardOutput.write(
        report.text(market: selection.id ?? "", host: host, fileSize: served.text.utf8.count))
      return .success
    }
    if parsed.has("--verify") {
      return try AssociationVerifier.run(
        parsed, selection: selection, aasa: served.text, environment: environment)
    }
    guard served.fits else {
      throw CommandFailure(
        message:
          "the file would be \(served.text.utf8.count) bytes, over Apple's limit of \(AppleAppSiteAssociation.sizeLimit); "
          + "serve fewer rules on these domains",
        status: .failure)
    }
    for note in served.notes { environment.standardError.write("deeplink aasa: \(note)\n") }
    environment.standardOutput.write(served.text)
    return .success
  }

  /// The market's first domain, the compiled rules, and the reasons the policy gives for the rules
  /// it switches off; every domain must get the same file.
  static func domainRules(
    _ selection: MarketSelection
  ) throws -> (host: String, rules: [CompiledRewrite], switchedOff: [String: String]) {
    let rules = selection.configuration.rewriteRules
    let hosts = marketHosts(selection)
    var switchedOff: [String: String] = [:]
    if let policy = selection.policy {
      let now = Date()
      if let host = hosts.first(where: { policy.entry(switchingOffHost: $0, at: now) != nil }) {
        throw CommandFailure(
          message:
            "the policy switches off the host `\(host)`: every domain gets the same file, so take the domain out of "
            + "the app's associated domains in the next release; the app already hands its links to the browser",
          status: .failure)
      }
      for rule in rules {
        if let entry = policy.entry(switchingOff: rule.rule, at: now) {
          switchedOff[rule.rule.pattern] = "\(policy.version): \(entry.reason)"
        }
      }
    }
    let files = hosts.map { AppleAppSiteAssociation(rules: rules, host: $0, switchedOff: switchedOff) }
    guard let file = files.first else {
      throw CommandFailure(message: "Market\(selection.id ?? "") declares no domains", status: .failure)
    }
    if let different = zip(hosts, files).first(where: { $0.1 != file }) {
      if let policy = selection.policy, let problem = oneDomainEntry(policy, rules: rules, hosts: hosts) {
        throw CommandFailure(message: problem, status: .failure)
      }
      throw CommandFailure(
        message: "`\(different.0)` has different rules from `\(hosts[0])`; serve a file per domain", status: .failure)
    }
    return (hosts[0], rules, switchedOff)
  }

  /// What to do when the domains' files differ only because `policy` names a rule of one domain
  /// (`https://shop.example.ca/ip/{slug}/{id}`): the file is the same on every domain, so the
  /// rule must be named by its web path, which switches it off on all of them; `nil` when the
  /// files differ without the policy too.
  private static func oneDomainEntry(_ policy: LinkPolicy, rules: [CompiledRewrite], hosts: [String]) -> String? {
    let files = hosts.map { AppleAppSiteAssociation(rules: rules, host: $0, switchedOff: [:]) }
    guard files.allSatisfy({ $0 == files[0] }) else { return nil }
    for entry in policy.entries {
      guard case .rule(let pattern) = entry.target, pattern.contains("://") else { continue }
      let host = AssociationVerifier.httpsHost(pattern) ?? pattern
      let webPath = AppleAppSiteAssociation.webPath(pattern)
      return "the policy switches off \(entry.target) on `\(host)` alone, but every domain of the market gets the same "
        + "file: name the rule by its web path (`{\"rule\": \"\(webPath)\"}`) to switch it off on every domain, or "
        + "write the file without --policy (the app applies the policy itself as soon as it has it)"
    }
    return nil
  }

  static func assetLinks(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let package = parsed.value("--package")!
    guard isPackageName(package) else {
      throw UsageError(
        "`--package` `\(package)` is not an Android application ID (com.example.shop)", command: .assetlinks)
    }
    var fingerprints: [String] = []
    for value in parsed.values("--fingerprint") {
      guard let fingerprint = AssetLinks.normalizedFingerprint(value) else {
        throw UsageError(
          "`--fingerprint` `\(value)` is not a SHA-256: expected 32 hex bytes, as `keytool -list -v` prints them (AB:CD:…)",
          command: .assetlinks)
      }
      guard !fingerprints.contains(fingerprint) else {
        throw UsageError("`--fingerprint` `\(value)` is given twice", command: .assetlinks)
      }
      fingerprints.append(fingerprint)
    }
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    var dynamic: [AndroidAppLinks.DynamicComponent]? = nil
    if parsed.has("--dynamic-rules") {
      let rules = selection.configuration.rewriteRules
      dynamic = AndroidAppLinks(rules: rules, hosts: marketHosts(selection)).dynamicComponents
    }
    environment.standardOutput.write(
      AssetLinks.json(package: package, fingerprints: fingerprints, dynamicComponents: dynamic))
    return .success
  }

  static func intentFilters(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    let rules = selection.configuration.rewriteRules
    let hosts = marketHosts(selection)
    guard !hosts.isEmpty else {
      throw CommandFailure(message: "Market\(selection.id ?? "") declares no domains", status: .failure)
    }
    let schemes = marketSchemes(selection)
    let links = AndroidAppLinks(rules: rules, hosts: hosts)
    environment.standardOutput.write(links.manifestXML(customSchemes: schemes))
    // A pattern Android refuses would keep the whole manifest from installing: the rule is left out and named.
    for (rule, reason) in links.refused {
      environment.standardError.write("deeplink intent-filters: rule `\(rule)` is left out: \(reason)\n")
    }
    return links.refused.isEmpty ? .success : .failure
  }

  /// The market's own exact domains, as it declares them; the platform's without a market.
  static func marketHosts(_ selection: MarketSelection) -> [String] {
    guard let id = selection.id else { return PlatformLinks.domainNames }
    guard let market = MarketCatalogue.market(id: id) else { return [] }
    return market.domains.compactMap {
      if case .exact(let host)? = $0.host { return host }
      return nil
    }
  }

  /// The market's own custom schemes with their fixed hosts.
  static func marketSchemes(_ selection: MarketSelection) -> [(scheme: String, host: String?)] {
    guard let id = selection.id, let market = MarketCatalogue.market(id: id) else { return [] }
    return market.urlSchemes.map { ($0.scheme, $0.customHost) }
  }

  private static func duplicate(in values: [String]) -> String? {
    var seen: Set<String> = []
    return values.first { !seen.insert($0).inserted }
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
