import DeepLinkComposition

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command reads and writes: the process's standard streams, or memory in tests.
package struct ToolEnvironment {
  /// Results.
  package var standardOutput: ByteOutput
  /// Diagnostics, summaries and progress.
  package var standardError: ByteOutput
  /// The descriptor `check` reads for `-` or no file.
  package var standardInput: Int32
  /// Whether standard error is a terminal (then long `check` runs show progress).
  package var errorIsTerminal: Bool
  /// What commands composed, kept while the environment lives (the process's environment, which
  /// the executable keeps until it exits); `nil` in memory environments.
  private let kept: KeptObjects?

  /// Whether what a command composed is left for the process's exit to reclaim, as an app never
  /// frees its configuration (the process's environment), instead of being freed when the command
  /// returns (memory environments: tests run many commands in one process and must not leak).
  package var keepsUntilExit: Bool { kept != nil }

  /// An environment.
  package init(
    standardOutput: ByteOutput, standardError: ByteOutput, standardInput: Int32, errorIsTerminal: Bool,
    keepsUntilExit: Bool = false
  ) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.standardInput = standardInput
    self.errorIsTerminal = errorIsTerminal
    self.kept = keepsUntilExit ? KeptObjects() : nil
  }

  /// The process's own streams.
  package static func process() -> ToolEnvironment {
    ToolEnvironment(
      standardOutput: .standardOutput(), standardError: .standardError(), standardInput: 0,
      errorIsTerminal: isatty(2) == 1, keepsUntilExit: true)
  }

  /// Memory streams, for tests: read ``ByteOutput/text`` after running.
  package static func memory(standardInput: Int32 = 0) -> ToolEnvironment {
    ToolEnvironment(
      standardOutput: .memory(), standardError: .memory(), standardInput: standardInput, errorIsTerminal: false)
  }

  /// Keeps `object` alive as long as this environment when ``keepsUntilExit`` (the executable
  /// keeps the process's environment until it exits); otherwise does nothing, and `object` is
  /// freed with its last reference.
  ///
  /// The executable keeps its composed configuration (hundreds of objects) this way: the process
  /// exits without freeing it, as an app never frees its own.
  package func keepUntilExit(_ object: AnyObject) {
    kept?.objects.append(object)
  }
}

/// The objects a process's environment keeps until the exit.
private final class KeptObjects {
  var objects: [AnyObject] = []
}

/// A command that could not do its job, with the status to exit with.
struct CommandFailure: Error {
  /// The message's lines, without line breaks: each is written escaped
  /// (``DeepLinkTool/writeError(_:to:)``), so a line break inside one comes out as `\u{A}`.
  var lines: [String]
  var status: ExitStatus

  /// A one-line message.
  init(message: String, status: ExitStatus) {
    self.lines = [message]
    self.status = status
  }

  /// A message of several lines.
  init(lines: [String], status: ExitStatus) {
    self.lines = lines
    self.status = status
  }

  /// A composition that failed (status 1): a line that says so, a line per problem, then `hint`.
  init(_ error: CompositionError, hint: String? = nil) {
    let header = "composition of \(error.market.map { "market \($0)" } ?? "the platform") failed:"
    self.init(lines: [header] + error.problems.map { "  - \($0)" } + (hint.map { [$0] } ?? []), status: .failure)
  }
}
