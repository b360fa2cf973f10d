/// The `deeplink` tool's exit statuses (`DESIGN.md`, "Command-line contract").
package enum ExitStatus: Int32, Sendable, Hashable, CaseIterable {
  /// The command did its job (for `check`: every line routed or external, every expectation met).
  case success = 0
  /// `check` found a failing line, `validate` found a problem, or the market does not compose.
  case failure = 1
  /// The command line was wrong: unknown command or option, missing or extra argument, bad value.
  case usage = 64
  /// The input could not be read.
  case unreadableInput = 65
}

/// A mistake on the command line; the tool prints it with the command's usage and exits 64.
package struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong and what was expected instead.
  package let message: String
  /// The command it concerns, if one was recognised (its usage line is printed with it).
  package let command: CommandName?

  /// Creates an error.
  package init(_ message: String, command: CommandName? = nil) {
    self.message = message
    self.command = command
  }

  package var description: String { message }
}
