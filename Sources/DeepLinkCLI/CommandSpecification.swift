/// The `deeplink` tool's commands.
package enum CommandName: String, Sendable, Hashable, CaseIterable {
  case route, explain, check, routes, validate, snapshot, catalogue, link, policy, aasa, assetlinks
  case intentFilters = "intent-filters"

  /// The command spelled `rawValue`, or `nil` for any other string.
  package init?(rawValue: String) {
    switch rawValue {
    case "route": self = .route
    case "explain": self = .explain
    case "check": self = .check
    case "routes": self = .routes
    case "validate": self = .validate
    case "snapshot": self = .snapshot
    case "catalogue": self = .catalogue
    case "link": self = .link
    case "policy": self = .policy
    case "aasa": self = .aasa
    case "assetlinks": self = .assetlinks
    case "intent-filters": self = .intentFilters
    default: return nil
    }
  }
}

/// One option a command accepts: a flag (`--json`) or an option with a value (`--market ID`).
package struct OptionSpecification: Sendable, Hashable {
  /// The option as typed, with its dashes (`--market`).
  package let name: String
  /// The placeholder of its value in help (`ID`), or `nil` for a flag.
  package let valueName: String?
  /// The values it accepts, when they are a fixed list (`text`, `jsonl`).
  package let allowedValues: [String]?
  /// One line of help.
  package let help: String
  /// Whether the option may be given more than once (`--app-id A --app-id B`); repeating any
  /// other option is a usage error rather than the last one silently winning.
  package let repeats: Bool

  /// Declares an option.
  package init(
    _ name: String, value valueName: String? = nil, allowed: [String]? = nil, repeats: Bool = false, help: String
  ) {
    self.name = name
    self.valueName = valueName
    self.allowedValues = allowed
    self.repeats = repeats
    self.help = help
  }

  /// Whether the option takes a value.
  package var takesValue: Bool { valueName != nil }
}

/// What a command accepts and how it is explained in `--help`.
package struct CommandSpecification: Sendable {
  /// The command.
  package let name: CommandName
  /// One line: what it does.
  package let summary: String
  /// The usage line after `deeplink <command>`, as in `DESIGN.md`.
  package let usage: String
  /// Its options, `--help` aside.
  package let options: [OptionSpecification]
  /// The positional arguments' names, in order (`URL`, `FILE`).
  package let positionals: [String]
  /// How many positional arguments are required (the rest are optional).
  package let requiredPositionals: Int
  /// Options that must be given.
  package let requiredOptions: [String]
  /// A paragraph of detail.
  package let discussion: String
  /// Whether the last positional argument may repeat (`NAME=VALUE…`).
  package var repeatsLastPositional = false

  /// Example command lines with a comment each.
  package var examples: [(command: String, comment: String)] { Self.examples(of: name) }

  /// The option named `name`, if the command has it.
  package func option(named name: String) -> OptionSpecification? {
    options.first { $0.name == name }
  }
}
