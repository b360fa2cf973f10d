import Foundation

/// The text of `deeplink --help`, `deeplink <command> --help`, usage errors and `--version`.
package enum HelpText {
  /// The tool's version.
  package static let version = "0.1.0"

  /// `deeplink --version`.
  package static var versionLine: String { "deeplink \(version) (DeepLinkPlatform)\n" }

  /// `deeplink --help`.
  package static var overview: String {
    var text = """
      deeplink — decide what the app does with a URL, as the app itself would.

      USAGE: deeplink <command> [options]

      COMMANDS:

      """
    let width = CommandSpecification.all.map { $0.name.rawValue.count }.max() ?? 0
    for command in CommandSpecification.all {
      text +=
        "  " + command.name.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0)
        + command.summary + "\n"
    }
    text += """

      OPTIONS:
        -h, --help     show help (also after a command: deeplink route --help)
        -V, --version  show the version

      EXIT STATUS: 0 done · 1 a check line failed, a validation problem · 64 usage error · 65 unreadable input

      EXAMPLES:
        deeplink route --market CA https://shop.example.ca/fr/panier
        deeplink check --market CA Markets/CA/Examples/links.txt

      """
    return text
  }

  /// `deeplink <command> --help`.
  package static func help(for name: CommandName) -> String {
    let command = CommandSpecification.of(name)
    var text = "deeplink \(name.rawValue) — \(command.summary)\n\nUSAGE: \(usageLine(name))\n\n"
    text += wrap(command.discussion, indent: "") + "\n"
    let rows =
      command.options.map { option in
        (option.valueName.map { "\(option.name) \($0)" } ?? option.name, option.help)
      } + [("-h, --help", "show this help")]
    let width = rows.map(\.0.count).max() ?? 0
    text += "\nOPTIONS:\n"
    for (left, right) in rows {
      text += "  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right + "\n"
    }
    text += "\nEXAMPLES:\n"
    for example in command.examples {
      text += "  # \(example.comment)\n  \(example.command)\n"
    }
    return text
  }

  /// `USAGE: deeplink route [--market ID] [--json] URL`
  package static func usageLine(_ name: CommandName) -> String {
    "deeplink \(name.rawValue) \(CommandSpecification.of(name).usage)"
  }

  /// The lines of a usage error's message: what was wrong, the usage line, where to read more.
  package static func usageError(_ error: UsageError) -> [String] {
    guard let command = error.command else {
      return ["deeplink: \(error.message)", "USAGE: deeplink <command> [options]; see `deeplink --help`"]
    }
    return [
      "deeplink \(command.rawValue): \(error.message)", "USAGE: \(usageLine(command))",
      "See `deeplink \(command.rawValue) --help`.",
    ]
  }

  private static func wrap(_ text: String, indent: String, width: Int = 100) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(indent + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(indent + line) }
    return lines.joined(separator: "\n")
  }
}
