import DeepLinkCore
import DeepLinkTools
import Foundation

/// `deeplink policy check FILE --market ID`: checks a link policy document as the app would.
enum PolicyCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    guard parsed.positionals[0] == "check" else {
      throw UsageError(
        "unknown action `\(SafeText.visible(parsed.positionals[0]))`; expected `check`", command: .policy)
    }
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    let policy = try MarketSelection.readPolicy(parsed.positionals[1], configuration: selection.configuration)
    environment.standardOutput.write(describe(policy, configuration: selection.configuration))
    return .success
  }

  /// One line for the policy, then one per entry with what it switches off.
  static func describe(_ policy: LinkPolicy, configuration: DeepLinkConfiguration) -> String {
    let formatter = ISO8601DateFormatter()
    var text = "policy \(SafeText.visible(policy.version)) for \(policy.market ?? "platform"): "
    text += "\(policy.entries.count) \(policy.entries.count == 1 ? "entry" : "entries")"
    text += policy.expires.map { ", until \(formatter.string(from: $0))" } ?? ""
    text += "\n"
    for entry in policy.entries {
      text += "  off  \(SafeText.visible(entry.target.description))"
      if let fallback = entry.fallback { text += " → \(SafeText.visible(fallback.absoluteString))" }
      if let until = entry.until { text += " until \(formatter.string(from: until))" }
      text += ": \(SafeText.visible(entry.reason))\n"
    }
    return text
  }
}
