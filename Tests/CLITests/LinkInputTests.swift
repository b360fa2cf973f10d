import DeepLinkCLI
import Testing

/// `deeplink link` never drops input silently (issue 28, item 8), and every message the tool
/// writes on standard error is escaped like its other outputs (item 7).
@Suite struct LinkInputTests {
  static func run(_ arguments: [String]) -> (status: DeepLinkCLI.ExitStatus, output: String, error: String) {
    let environment = ToolEnvironment.memory()
    let status = DeepLinkTool.run(arguments, environment: environment)
    return (status, environment.standardOutput.text, environment.standardError.text)
  }

  /// Arguments, the exit status, and what standard output or standard error says.
  struct Row: Sendable {
    let arguments: [String]
    let status: DeepLinkCLI.ExitStatus
    let says: String
    init(_ arguments: [String], _ status: DeepLinkCLI.ExitStatus, _ says: String) {
      (self.arguments, self.status, self.says) = (arguments, status, says)
    }
  }

  static let rows: [Row] = [
    Row(["--market", "CA", "--locale", "fr", "product", "id=123"], .success, "https://shop.example.ca/fr/ip/-/123\n"),
    Row(["--market", "CA", "product", "id=123"], .success, "https://shop.example.ca/ip/-/123\n"),
    Row(
      ["--market", "CA", "--locale", "en", "flyer", "store_id=77"], .success, "https://shop.example.ca/en/flyer/77\n"),
    Row(
      ["--market", "MX", "payInStore", "reference=ABC1234567"], .success,
      "https://shop.example.com.mx/pago-en-tienda/ABC1234567\n"
    ),
    // An unsupported --locale.
    Row(
      ["--market", "CA", "--locale", "de", "product", "id=123"], .usage,
      "market CA has no web links for locale `de`; use one of `en`, `fr`"
    ),
    Row(
      ["--market", "MX", "--locale", "es", "product", "id=1"], .usage,
      "market MX has no web links for locale `es`; leave out --locale"
    ),
    Row(
      ["--market", "CA", "--locale", "fr", "transaction", "transaction_id=x"], .usage,
      "market CA has no web link onto `/transaction/{transaction_id}` in any locale; leave out --locale"
    ),
    // A locale needed: the market's rules onto the route all have one (no silent platform link).
    Row(
      ["--market", "CA", "category", "id=42"], .usage,
      "market CA's web links onto `/category/{id:int}` are written for --locale `en`, `fr`: give one of them"
    ),
    Row(["--market", "CA", "flyer", "store_id=77"], .usage, "are written for --locale `en`, `fr`"),
    // An unknown or repeated NAME=VALUE.
    Row(
      ["--market", "CA", "product", "id=123", "colour=red"], .usage,
      "`colour` is not a parameter of `/product/{id:int}`; give `id=…`"
    ),
    Row(["--market", "CA", "cart", "id=1"], .usage, "`id` is not a parameter of `/cart`; it takes none"),
    Row(["--market", "CA", "product", "id=1", "id=2"], .usage, "`id` is given twice; give it once"),
    // A value no rule can carry.
    Row(["--market", "CA", "product", "id=abc"], .failure, "no web link for `/product/{id:int}` with id=abc"),
    Row(["--market", "MX", "payInStore", "reference=x"], .failure, "no web link for `/pay-in-store/{reference}`"),
  ]

  @Test("link prints the link or an error that says what to do", arguments: rows.indices)
  func link(index: Int) {
    let row = Self.rows[index]
    let result = Self.run(["link"] + row.arguments)
    #expect(result.status == row.status, "\(result.error)")
    if row.status == .success {
      #expect(result.output == row.says)
      #expect(result.error.isEmpty)
    } else {
      #expect(result.output.isEmpty)
      #expect(result.error.contains(row.says), "\(result.error)")
    }
  }

  /// Arguments whose error messages echo characters a terminal would obey.
  static let hostileArguments: [[String]] = [
    ["link", "--market", "CA", "--locale", "fr", "search", "query=\u{202E}evil"],
    ["link", "--market", "CA", "search", "q\u{200B}uery=x"],
    ["route", "--market", "X\u{1B}[31mY", "x"],
    ["route", "--market", "\u{FEFF}CA\u{2028}", "x"],
    ["link", "--market", "CA", "\u{2066}product\u{2069}", "id=1"],
    ["check", "--format", "\u{1B}]8;;x\u{7}", "-"],
    ["explain", "--market", "C\u{0085}A", "shop://cart"],
    ["link", "--market", "CA", "product", "token=S3CRET\u{202E}"],
  ]

  @Test("standard error escapes bidi controls, zero-width characters, U+2028 and ESC", arguments: hostileArguments)
  func escapedErrors(arguments: [String]) {
    let result = Self.run(arguments)
    #expect(result.status != .success)
    #expect(!result.error.isEmpty)
    let forbidden: [Unicode.Scalar] = [
      "\u{202E}", "\u{200B}", "\u{FEFF}", "\u{2028}", "\u{1B}", "\u{2066}", "\u{2069}", "\u{7}", "\u{85}",
    ]
    for scalar in result.error.unicodeScalars {
      #expect(!forbidden.contains(scalar), "U+\(String(scalar.value, radix: 16)) in \(result.error.debugDescription)")
    }
    #expect(!result.error.contains("S3CRET"))
  }
}
