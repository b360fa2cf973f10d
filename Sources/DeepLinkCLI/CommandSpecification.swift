/// The `deeplink` tool's commands.
public enum CommandName: String, Sendable, Hashable, CaseIterable {
  case route, explain, check, routes, validate, snapshot, link, aasa, assetlinks
}

/// One option a command accepts: a flag (`--json`) or an option with a value (`--market ID`).
public struct OptionSpecification: Sendable, Hashable {
  /// The option as typed, with its dashes (`--market`).
  public let name: String
  /// The placeholder of its value in help (`ID`), or `nil` for a flag.
  public let valueName: String?
  /// The values it accepts, when they are a fixed list (`text`, `jsonl`).
  public let allowedValues: [String]?
  /// One line of help.
  public let help: String

  /// Declares an option.
  public init(_ name: String, value valueName: String? = nil, allowed: [String]? = nil, help: String) {
    self.name = name
    self.valueName = valueName
    self.allowedValues = allowed
    self.help = help
  }

  /// Whether the option takes a value.
  public var takesValue: Bool { valueName != nil }
}

/// What a command accepts and how it is explained in `--help`.
public struct CommandSpecification: Sendable {
  /// The command.
  public let name: CommandName
  /// One line: what it does.
  public let summary: String
  /// The usage line after `deeplink <command>`, as in `DESIGN.md`.
  public let usage: String
  /// Its options, `--help` aside.
  public let options: [OptionSpecification]
  /// The positional arguments' names, in order (`URL`, `FILE`).
  public let positionals: [String]
  /// How many positional arguments are required (the rest are optional).
  public let requiredPositionals: Int
  /// Options that must be given.
  public let requiredOptions: [String]
  /// A paragraph of detail.
  public let discussion: String
  /// Example command lines with a comment each.
  public let examples: [(command: String, comment: String)]
  /// Whether the last positional argument may repeat (`NAME=VALUE…`).
  public var repeatsLastPositional = false

  /// The option named `name`, if the command has it.
  public func option(named name: String) -> OptionSpecification? {
    options.first { $0.name == name }
  }
}
