import DeepLinkCore
import DeepLinkTools

/// The `deeplink` command-line tool: parses the arguments, runs the command, returns the exit status.
///
/// The executable runs `DeepLinkTool.run(DeepLinkTool.processArguments(), environment: .process())`
/// and exits with its status while the environment is alive (what the command composed is left to
/// the exit: ``ToolEnvironment/keepUntilExit(_:)``); tests call ``run(_:environment:)`` with
/// memory streams.
///
/// ```swift
/// let environment = ToolEnvironment.memory()
/// let status = DeepLinkTool.run(["route", "--json", "shop://cart"], environment: environment)
/// environment.standardOutput.text  // {"url":"shop://cart",…}
/// ```
package enum DeepLinkTool {
  /// Runs one command line (without the program name).
  ///
  /// - Returns: the status to exit with (`DESIGN.md`): 0 done, 1 failing check or validation,
  ///   64 usage error, 65 unreadable input.
  package static func run(_ arguments: some Sequence<String>, environment: ToolEnvironment) -> ExitStatus {
    let status = dispatch(Array(arguments), environment: environment)
    environment.standardOutput.flush()
    environment.standardError.flush()
    return status
  }

  /// The process's arguments (without the program name) as raw bytes make them: an argument that
  /// is not valid UTF-8 has each of its invalid bytes percent-escaped instead of replaced with
  /// U+FFFD, so that `route` decides a link given as raw bytes exactly as its percent-encoded form
  /// (`invalid`), as `check` does.
  package static func processArguments() -> [String] {
    PercentEncoding.processArgumentBytes().map(argument)
  }

  /// One argument's bytes as a `String`, invalid UTF-8 percent-escaped.
  package static func argument(_ bytes: some Collection<UInt8>) -> String {
    // An ASCII argument, the usual one, is checked here for the bytes it is; any other goes
    // through the shared UTF-8 check.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String.validUTF8(bytes) ?? PercentEncoding.escapingInvalidUTF8(bytes)
  }

  private static func dispatch(_ arguments: [String], environment: ToolEnvironment) -> ExitStatus {
    let invocation: Invocation
    do {
      invocation = try ArgumentParser.parse(arguments)
    } catch {
      writeError(HelpText.usageError(error), to: environment)
      return .usage
    }
    switch invocation {
    case .help(nil):
      environment.standardOutput.write(HelpText.overview)
      return .success
    case .help(let command?):
      environment.standardOutput.write(HelpText.help(for: command))
      return .success
    case .version:
      environment.standardOutput.write(HelpText.versionLine)
      return .success
    case .run(let parsed):
      do {
        return try run(parsed, environment: environment)
      } catch let error as UsageError {
        writeError(HelpText.usageError(error), to: environment)
        return .usage
      } catch let failure as CommandFailure {
        let first = "deeplink \(parsed.command.rawValue): \(failure.lines.first ?? "")"
        writeError([first] + failure.lines.dropFirst(), to: environment)
        return failure.status
      } catch {
        writeError(["deeplink \(parsed.command.rawValue): \(error)"], to: environment)
        return .failure
      }
    }
  }

  /// Writes an error message on standard error as every output is written: the values of secret
  /// names redacted, and everything a terminal would obey (controls such as ESC, LF and CR, bidi
  /// controls, zero-width and other format characters, U+2028/U+2029) escaped as `\u{…}`,
  /// whatever argument or file the message echoes. Only the message's own structure ends a line:
  /// each of `lines` is written on one line of its own.
  static func writeError(_ lines: [String], to environment: ToolEnvironment) {
    var text = ""
    for line in lines { text += SafeText.visible(SafeText.redactFreeText(line)) + "\n" }
    environment.standardError.write(text)
  }

  private static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    switch parsed.command {
    case .route: try RouteCommand.run(parsed, environment: environment)
    case .explain: try ExplainCommand.run(parsed, environment: environment)
    case .check: try CheckCommand.run(parsed, environment: environment)
    case .routes: try RoutesCommand.run(parsed, environment: environment)
    case .validate: try ValidateCommand.run(parsed, environment: environment)
    case .snapshot: try SnapshotCommand.run(parsed, environment: environment)
    case .catalogue: try CatalogueCommand.run(parsed, environment: environment)
    case .link: try LinkCommand.run(parsed, environment: environment)
    case .policy: try PolicyCommand.run(parsed, environment: environment)
    case .aasa: try AssociationCommands.aasa(parsed, environment: environment)
    case .assetlinks: try AssociationCommands.assetLinks(parsed, environment: environment)
    case .intentFilters: try AssociationCommands.intentFilters(parsed, environment: environment)
    }
  }
}
