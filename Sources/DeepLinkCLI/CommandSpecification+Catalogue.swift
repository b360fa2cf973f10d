extension CommandSpecification {
  private static let market = OptionSpecification(
    "--market", value: "ID", help: "decide with this market's configuration (CA, MX); without it, the platform alone")
  private static let json = OptionSpecification("--json", help: "print JSON instead of text")

  /// Every command, in the order `deeplink --help` lists them.
  package static let all: [CommandSpecification] = [
    CommandSpecification(
      name: .route, summary: "decide one link", usage: "[--market ID] [--json] URL",
      options: [market, json], positionals: ["URL"], requiredPositionals: 1, requiredOptions: [],
      discussion: """
        Decides URL as a link opened from outside the app (so confirmation barriers apply) and prints \
        the outcome (routed, external, forbidden, ignored, notFound, invalid), the route, its parameters, \
        the rewritten link and the barriers. Token-like query values are printed as REDACTED.
        """,
      examples: [
        ("deeplink route --market CA https://shop.example.ca/fr/panier", "a market web link"),
        ("deeplink route --json 'shop://product/123'", "one JSON object"),
      ]),
    CommandSpecification(
      name: .explain, summary: "decide one link, step by step", usage: "[--market ID] URL",
      options: [market], positionals: ["URL"], requiredPositionals: 1, requiredOptions: [],
      discussion: """
        Prints every stage the link goes through: parse, admit, rewrite (the rules considered), match \
        (the table candidates, and the routes that nearly matched with why they were rejected), barriers \
        and the handler. Token-like query values are printed as REDACTED.
        """,
      examples: [
        ("deeplink explain --market CA 'https://shop.example.ca/en/ip/desk/123?utm_source=mail'", "a rewrite"),
        ("deeplink explain 'shop://product/abc'", "a typed capture that rejects its value"),
      ]),
    CommandSpecification(
      name: .check, summary: "decide a file of links, one per line",
      usage: "[--market ID] [--format text|jsonl] [FILE|-]",
      options: [
        market,
        OptionSpecification(
          "--format", value: "FORMAT", allowed: ["text", "jsonl"],
          help: "text (default) or jsonl: one JSON object a line"),
      ],
      positionals: ["FILE"], requiredPositionals: 0, requiredOptions: [],
      discussion: """
        Reads FILE (or standard input, for `-` or no FILE) line by line: `URL` or `URL<TAB>expected`, where \
        expected is a route pattern (`/cart`, `/product/{id}`: capture types may be left out) or an outcome \
        word (`external`). Lines starting with `#` and blank lines are skipped. One result is printed per \
        link; the summary (counts by outcome, mismatches) goes to standard error. Exits 0 when every link \
        is routed or external and every expectation is met, 1 otherwise, 65 when the input cannot be read.
        """,
      examples: [
        ("deeplink check --market CA Markets/CA/Examples/links.txt", "a link table with expectations"),
        ("cat links.txt | deeplink check --format jsonl - > decisions.jsonl", "JSON Lines from standard input"),
      ]),
    CommandSpecification(
      name: .routes, summary: "print the compiled route table and the market's rules", usage: "[--market ID] [--json]",
      options: [market, json], positionals: [], requiredPositionals: 0, requiredOptions: [],
      discussion: """
        Lists the schemes, domains, the route table in registration order (pattern, name, barriers, \
        whether it changes state), the opaque plugins, and the rewrite rules with their platform targets.
        """,
      examples: [("deeplink routes --market MX", "the MX table"), ("deeplink routes --json", "the platform, as JSON")]),
    CommandSpecification(
      name: .validate, summary: "run the composition checks", usage: "[--market ID|--all]",
      options: [market, OptionSpecification("--all", help: "every market, and domains or schemes claimed twice")],
      positionals: [], requiredPositionals: 0, requiredOptions: [],
      discussion: """
        Composes the market (or the platform alone, or with --all every market) and prints every problem: \
        conflicting rules, platform links a market captures, rules whose target nothing routes. Exits 1 \
        when there is any.
        """,
      examples: [("deeplink validate --all", "the whole catalogue"), ("deeplink validate --market CA", "one market")]),
    CommandSpecification(
      name: .snapshot, summary: "compare (or rewrite) the decision snapshot", usage: "[--market ID] [--update]",
      options: [
        market,
        OptionSpecification("--update", help: "rewrite the snapshot file instead of comparing (accepts every change)"),
      ],
      positionals: [], requiredPositionals: 0, requiredOptions: [],
      discussion: """
        Decides the market's corpus (its example links in Markets/<ID>/Examples/links.txt plus links made from \
        every rule and route it owns) and compares each decision with Markets/<ID>/Examples/snapshot.txt. Without \
        --market, the platform's corpus is compared with Snapshots/platform.txt as the platform alone decides it \
        and as every market composition decides it. Prints each link that changed, what decided it before and \
        now; exits 1 on any difference. Run from the package root.
        """,
      examples: [
        ("deeplink snapshot --market CA", "compare the CA snapshot"),
        ("deeplink snapshot --market CA --update", "accept the CA changes"),
      ]),
    {
      var link = CommandSpecification(
        name: .link, summary: "print the market's canonical web link for a route",
        usage: "--market ID [--locale L] ROUTE [NAME=VALUE…]",
        options: [market, OptionSpecification("--locale", value: "L", help: "the language of the link (`en`, `fr`)")],
        positionals: ["ROUTE", "NAME=VALUE"], requiredPositionals: 1, requiredOptions: ["--market"],
        discussion: """
          The reverse of a rewrite: fills the market's web rule for ROUTE (a route's name or pattern) with \
          the parameters, preferring a rule for --locale, else one without a language, else the platform's \
          rule; a capture the route does not take (a slug) gets `-`. The link is printed only if deciding \
          it gives back the same route and parameters; otherwise the command says why and exits 1.
          """,
        examples: [
          ("deeplink link --market CA --locale fr product id=123", "https://shop.example.ca/fr/ip/-/123"),
          ("deeplink link --market MX search query=escritorio", "https://shop.example.com.mx/buscar?q=escritorio"),
        ])
      link.repeatsLastPositional = true
      return link
    }(),
    CommandSpecification(
      name: .aasa, summary: "print the apple-app-site-association file for a market's domains",
      usage: "--market ID --app-id TEAM.bundle",
      options: [market, OptionSpecification("--app-id", value: "TEAM.bundle", help: "the app's team and bundle ID")],
      positionals: [], requiredPositionals: 0, requiredOptions: ["--market", "--app-id"],
      discussion: """
        Derives the `applinks` components from the rules the router uses for the market's domains: \
        captures become `?*`, required query captures a `?` component, and paths with more segments than \
        a rule are excluded first. AASA wildcards cannot express capture types: a claimed link whose \
        value a typed route rejects (`/ip/desk/abc`) reaches the app, which sends it to the browser.
        """,
      examples: [("deeplink aasa --market CA --app-id ABCDE12345.com.example.shop", "serve at /.well-known/")]),
    CommandSpecification(
      name: .assetlinks, summary: "print Android's assetlinks.json for a market",
      usage: "--market ID --package NAME --fingerprint SHA256",
      options: [
        market, OptionSpecification("--package", value: "NAME", help: "the Android application ID"),
        OptionSpecification(
          "--fingerprint", value: "SHA256", help: "the signing certificate's SHA-256, 32 hex bytes (colons optional)"),
      ],
      positionals: [], requiredPositionals: 0, requiredOptions: ["--market", "--package", "--fingerprint"],
      discussion: "Prints the Digital Asset Links statement that lets the app handle all URLs of the market's domains.",
      examples: [
        (
          "deeplink assetlinks --market MX --package com.example.shop --fingerprint 14:6D:E9:…:FA",
          "serve at /.well-known/assetlinks.json"
        )
      ]),
  ]

  /// The specification of `name`.
  package static func of(_ name: CommandName) -> CommandSpecification {
    all.first { $0.name == name }!
  }
}
