import AssociationMatchers
import DeepLinkCore
import DeepLinkTools
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `deeplink aasa --verify --market M [FILE|-]`: each link of a file judged by Apple's documented
/// matching over the market's file (``AppleAppSiteAssociationMatcher``, written apart from the
/// writer) and by the router; a line where they disagree is printed, and the run exits 1.
enum AssociationVerifier {
  /// One judged link.
  struct Verdict {
    /// `bounce` (iOS opens the app, the router sends the link to the browser or drops it) or
    /// `browser` (the router would route it, iOS keeps it in the browser); `nil` when they agree.
    var disagreement: String?
    /// The matcher's decision under the documented reading and the router's outcome, as text.
    var detail: String
  }

  static func run(
    _ parsed: ParsedCommand, selection: MarketSelection, aasa: String, environment: ToolEnvironment
  ) throws -> ExitStatus {
    let path = parsed.positionals.first ?? "-"
    let descriptor = path == "-" ? environment.standardInput : open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw CommandFailure(
        message: "cannot read `\(path)`: \(ReadFailure(code: errno).message)", status: .unreadableInput)
    }
    defer { if path != "-" { close(descriptor) } }
    let matcher = try AppleAppSiteAssociationMatcher(json: Data(aasa.utf8))
    let hosts = Set(AssociationCommands.marketHosts(selection))
    var counts = (checked: 0, skipped: 0, bounces: 0, browser: 0)
    // Lines are read as `check` reads them (``LineReader``): only LF or CRLF ends a line, a bare
    // CR and spaces are part of the link, which ends at the first TAB; comments and blank lines
    // are skipped, and bytes that are not UTF-8 are read as their percent-encoded form.
    var reader = LineReader(descriptor: descriptor)
    var batch = CheckLines()
    var more = true
    while more {
      batch.removeAll()
      do {
        more = try reader.read(into: &batch, limit: 4_096)
      } catch {
        throw CommandFailure(message: "cannot read `\(path)`: \(error.message)", status: .unreadableInput)
      }
      for line in batch.lines {
        let link = DeepLinkTool.argument(batch.bytes[line.link])
        guard let host = Self.httpsHost(link), hosts.contains(host) else {
          counts.skipped += 1
          environment.standardError.write(
            "skipped  \(SafeText.visible(SafeText.redactFreeText(link))): not https on one of the market's domains\n")
          continue
        }
        counts.checked += 1
        let verdict = judge(link, matcher: matcher, configuration: selection.configuration, policy: selection.policy)
        guard let disagreement = verdict.disagreement else { continue }
        if disagreement == "bounce" { counts.bounces += 1 } else { counts.browser += 1 }
        environment.standardOutput.write(
          "\(disagreement)\t\(SafeText.visible(SafeText.redactFreeText(link)))\t\(verdict.detail)\n")
      }
    }
    environment.standardError.write(
      "deeplink aasa --verify: \(counts.checked) links checked, \(counts.skipped) skipped; "
        + "\(counts.bounces) bounce (claimed, not routed), \(counts.browser) stay in the browser (routed, not claimed)\n"
    )
    return counts.bounces + counts.browser == 0 ? .success : .failure
  }

  /// How iOS (under every reading of Apple's open points) and the router treat `link`.
  static func judge(
    _ link: String, matcher: AppleAppSiteAssociationMatcher, configuration: DeepLinkConfiguration,
    policy: LinkPolicy? = nil
  ) -> Verdict {
    let decision = configuration.decide(link, policy: policy)
    let routerText = decision.outcome.rawValue + (decision.reason.map { " (\($0.rawValue))" } ?? "")
    let documented = matcher.decide(link, reading: .documented)
    let keptByRouter = decision.outcome == .routed || decision.outcome == .notFound
    for reading in AppleAppSiteAssociationMatcher.Reading.all {
      guard case .claimed(let component) = matcher.decide(link, reading: reading), !keptByRouter else { continue }
      return Verdict(
        disagreement: "bounce",
        detail: "claimed by \(matcher.describe(component)) [\(reading)]; router: \(routerText)")
    }
    if decision.outcome == .routed, !Self.isClaimed(documented) {
      let why: String
      switch documented {
      case .excluded(let component): why = "excluded by \(matcher.describe(component))"
      default: why = "no component claims it"
      }
      return Verdict(disagreement: "browser", detail: "\(why); router: routed \(decision.route?.description ?? "")")
    }
    return Verdict(disagreement: nil, detail: routerText)
  }

  static func isClaimed(_ decision: AppleAppSiteAssociationMatcher.Decision) -> Bool {
    if case .claimed = decision { return true }
    return false
  }

  /// The lower-cased host of an `https` link, from the text alone.
  static func httpsHost(_ link: String) -> String? {
    guard link.lowercased().hasPrefix("https://") else { return nil }
    let rest = link.dropFirst(8)
    let end = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
    var host = rest[..<end].lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    return host
  }
}
