/// A command line after parsing: the command, its option values, flags and positionals.
///
/// Options are lists searched in order: a command line has a few.
package struct ParsedCommand: Sendable, Hashable {
  /// The command.
  package let command: CommandName
  /// The name of each option value given (`--market`), in the order given; only an option
  /// declared to repeat appears more than once.
  package let optionNames: [String]
  /// The value of each option in ``optionNames``, at the same position (`CA`).
  package let optionValues: [String]
  /// The flags given (`--json`), each once.
  package let flags: [String]
  /// The positional arguments, in order.
  package let positionals: [String]

  /// The value of `option`, if given.
  package func value(_ option: String) -> String? {
    optionNames.firstIndex(of: option).map { optionValues[$0] }
  }

  /// Every value of a repeating `option`, in the order given.
  package func values(_ option: String) -> [String] {
    optionNames.indices.filter { optionNames[$0] == option }.map { optionValues[$0] }
  }

  /// Whether `flag` was given.
  package func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What the tool was asked to do.
package enum Invocation: Sendable, Hashable {
  /// Print the help of the tool (`nil`) or of one command.
  case help(CommandName?)
  /// Print the version.
  case version
  /// Run a command.
  case run(ParsedCommand)
}

/// Reads `deeplink`'s command line by hand: `--option value`, `--option=value`, flags, `--`
/// to end options, `-` as a positional (standard input).
///
/// ```swift
/// let invocation = try ArgumentParser.parse(["route", "--market", "CA", "shop://cart"])
/// ```
package enum ArgumentParser {
  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``UsageError`` naming the unknown command or option, the missing value or
  ///   argument, or the unexpected one, with a suggestion when a close name exists.
  package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let first = arguments.first else { throw UsageError("missing command; expected one of: \(commandList)") }
    switch first {
    case "--help", "-h", "help":
      if arguments.count > 1, let command = CommandName(rawValue: arguments[1]) { return .help(command) }
      return .help(nil)
    case "--version", "-V":
      return .version
    default:
      break
    }
    guard let command = CommandName(rawValue: first) else {
      if first.hasPrefix("-") {
        throw UsageError("unknown option `\(first)` before the command; expected a command: \(commandList)")
      }
      let hint = suggestion(for: first, among: CommandName.allCases.map(\.rawValue)).map { "; did you mean `\($0)`?" }
      throw UsageError("unknown command `\(first)`\(hint ?? "; expected one of: \(commandList)")")
    }
    let specification = CommandSpecification.of(command)
    var optionNames: [String] = []
    var optionValues: [String] = []
    var flags: [String] = []
    var positionals: [String] = []
    var index = 1
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "--help" || argument == "-h" { return .help(command) }
      var name = argument
      var inlineValue: String? = nil
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let optionIndex = specification.options.firstIndex(where: { $0.name == name }) else {
        let known = specification.options.map(\.name) + ["--help"]
        let hint = suggestion(for: name, among: known).map { "; did you mean `\($0)`?" }
        throw UsageError(
          "unknown option `\(name)`\(hint ?? "; expected one of: " + known.joined(separator: ", "))", command: command)
      }
      let option = specification.options[optionIndex]
      guard let valueName = option.valueName else {
        guard inlineValue == nil else { throw UsageError("`\(name)` takes no value", command: command) }
        guard !flags.contains(name) else { throw UsageError("`\(name)` is given twice", command: command) }
        flags.append(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !arguments[index].hasPrefix("--") {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError("`\(name)` needs a value: \(name) \(valueName)", command: command)
      }
      guard !value.isEmpty else { throw UsageError("`\(name)` needs a non-empty \(valueName)", command: command) }
      if let allowed = option.allowedValues, !allowed.contains(value) {
        throw UsageError(
          "`\(name)` does not accept `\(value)`; expected one of: \(allowed.joined(separator: ", "))", command: command)
      }
      if !option.repeats && optionNames.contains(name) {
        throw UsageError("`\(name)` is given twice; give it once", command: command)
      }
      optionNames.append(name)
      optionValues.append(value)
    }
    for required in specification.requiredOptions where !optionNames.contains(required) {
      let valueName = specification.option(named: required)?.valueName ?? ""
      throw UsageError("missing \(required) \(valueName)", command: command)
    }
    if positionals.count < specification.requiredPositionals {
      throw UsageError("missing \(specification.positionals[positionals.count])", command: command)
    }
    if positionals.count > specification.positionals.count && !specification.repeatsLastPositional {
      let extra = positionals[specification.positionals.count]
      throw UsageError(
        specification.positionals.isEmpty
          ? "unexpected argument `\(extra)`; `\(command.rawValue)` takes options only"
          : "unexpected argument `\(extra)`; expected a single \(specification.positionals.joined(separator: " "))",
        command: command)
    }
    return .run(
      ParsedCommand(
        command: command, optionNames: optionNames, optionValues: optionValues, flags: flags, positionals: positionals))
  }

  private static var commandList: String { CommandName.allCases.map(\.rawValue).joined(separator: ", ") }

  /// The closest of `candidates` to `word`, if it is close enough to be a typo.
  static func suggestion(for word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= max(1, best.count / 3) else { return nil }
    return best
  }

  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
