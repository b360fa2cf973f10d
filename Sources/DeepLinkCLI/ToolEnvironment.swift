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

  /// An environment.
  package init(standardOutput: ByteOutput, standardError: ByteOutput, standardInput: Int32, errorIsTerminal: Bool) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.standardInput = standardInput
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's own streams.
  package static func process() -> ToolEnvironment {
    ToolEnvironment(
      standardOutput: .standardOutput(), standardError: .standardError(), standardInput: 0,
      errorIsTerminal: isatty(2) == 1)
  }

  /// Memory streams, for tests: read ``ByteOutput/text`` after running.
  package static func memory(standardInput: Int32 = 0) -> ToolEnvironment {
    ToolEnvironment(
      standardOutput: .memory(), standardError: .memory(), standardInput: standardInput, errorIsTerminal: false)
  }
}

/// A command that could not do its job, with the status to exit with.
struct CommandFailure: Error {
  var message: String
  var status: ExitStatus
}
