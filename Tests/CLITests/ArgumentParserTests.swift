import DeepLinkCLI
import Testing

@Suite struct ArgumentParserTests {
  @Test("options, flags and the positional argument are read in any order")
  func readsACommandLine() throws {
    let invocation = try ArgumentParser.parse(["route", "shop://cart", "--json", "--market=CA"])
    guard case .run(let command) = invocation else {
      Issue.record("expected a command, got \(invocation)")
      return
    }
    #expect(command.command == .route)
    #expect(command.value("--market") == "CA")
    #expect(command.has("--json"))
    #expect(command.positionals == ["shop://cart"])
  }

  @Test("--help and --version, alone or after a command")
  func helpAndVersion() throws {
    #expect(try ArgumentParser.parse(["--help"]) == .help(nil))
    #expect(try ArgumentParser.parse(["check", "--help"]) == .help(.check))
    #expect(try ArgumentParser.parse(["--version"]) == .version)
  }

  @Test("an option declared to repeat keeps every value, in order")
  func repeatedOptions() throws {
    let invocation = try ArgumentParser.parse([
      "aasa", "--market", "CA", "--app-id", "ABCDE12345.com.example.shop", "--app-id=FGHIJ67890.com.example.clip",
    ])
    guard case .run(let parsed) = invocation else {
      Issue.record("expected a command, got \(invocation)")
      return
    }
    #expect(parsed.values("--app-id") == ["ABCDE12345.com.example.shop", "FGHIJ67890.com.example.clip"])
    #expect(parsed.value("--market") == "CA")
  }

  @Test(
    "a usage mistake says what was expected",
    arguments: [
      (["route", "--jsn", "shop://cart"], "did you mean `--json`"),
      (["route"], "missing URL"),
      (["route", "a", "b"], "unexpected argument `b`"),
      (["rout", "shop://cart"], "did you mean `route`"),
      (["check", "--format", "xml"], "expected one of: text, jsonl"),
      (["check", "--market"], "`--market` needs a value"),
      (["intent-filters"], "missing --market"),
      (["route", "--market", "CA", "--market", "MX", "shop://cart"], "`--market` is given twice"),
      (["route", "--json", "--json", "shop://cart"], "`--json` is given twice"),
      (["routes", "--json=yes"], "takes no value"),
      ([], "missing command"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect {
      _ = try ArgumentParser.parse(arguments)
    } throws: { error in
      (error as? UsageError)?.message.contains(message) == true
    }
  }

  @Test("`-` is a positional argument: standard input")
  func dashIsStandardInput() throws {
    guard case .run(let command) = try ArgumentParser.parse(["check", "-"]) else {
      Issue.record("expected a command")
      return
    }
    #expect(command.positionals == ["-"])
  }

  @Test("an argument's bytes: ASCII and UTF-8 read as they spell, bytes that are not UTF-8 percent-escaped")
  func argumentBytes() {
    #expect(DeepLinkTool.argument([UInt8]()) == "")
    #expect(DeepLinkTool.argument(Array("shop://cart".utf8)) == "shop://cart")
    #expect(DeepLinkTool.argument(Array("shop://transaction/caf\u{E9}".utf8)) == "shop://transaction/caf\u{E9}")
    #expect(DeepLinkTool.argument(Array("shop://cart#".utf8) + [0x80]) == "shop://cart#%80")
    #expect(
      DeepLinkTool.argument(Array("shop://search?q=a".utf8) + [0xED, 0xA0, 0x80]) == "shop://search?q=a%ED%A0%80")
  }

  @Test("every command is read back from its spelling, and nothing else is a command")
  func commandNames() {
    for name in CommandName.allCases {
      #expect(CommandName(rawValue: name.rawValue) == name)
    }
    for spelling in ["", "Route", "intentFilters", "routes ", "help"] {
      #expect(CommandName(rawValue: spelling) == nil)
    }
  }

  @Test("every command's help has a usage line and examples")
  func commandHelp() {
    for name in CommandName.allCases {
      let help = HelpText.help(for: name)
      #expect(help.contains("USAGE: deeplink \(name.rawValue)"))
      #expect(help.contains("EXAMPLES:"))
    }
  }

  @Test("the tool runs in memory for unit tests")
  func runsInMemory() {
    let environment = ToolEnvironment.memory()
    let status = DeepLinkTool.run(["route", "--json", "shop://cart"], environment: environment)
    #expect(status == .success)
    #expect(environment.standardOutput.text.hasPrefix(#"{"url":"shop://cart","market":null,"outcome":"routed""#))
  }
}
