import PlatformLinks

extension CommandSpecification {
  private static let market = OptionSpecification(
    "--market", value: "ID", help: "decide with this market's configuration (CA, MX); without it, the platform alone")
  private static let json = OptionSpecification("--json", help: "print JSON instead of text")
  private static let policy = OptionSpecification(
    "--policy", value: "FILE", help: "decide under this link policy, checked against the market first")
  private static let requiredMarket = OptionSpecification(
    "--market", value: "ID", help: "the market whose domains the file is for (CA, MX); required")

  /// Every command, in the order `deeplink --help` lists them.
  package static var all: [CommandSpecification] { CommandName.allCases.map(of) }

  /// The specification of `name`.
  ///
  /// Made on demand, one command at a time: a command line reads only its own.
  package static func of(_ name: CommandName) -> CommandSpecification {
    switch name {
    case .route:
      return CommandSpecification(
        name: .route, summary: "decide one link", usage: "[--market ID] [--policy FILE] [--json] URL",
        options: [market, policy, json], positionals: ["URL"], requiredPositionals: 1, requiredOptions: [],
        discussion: """
          Decides URL as a link opened from outside the app (so confirmation barriers apply) and prints \
          the outcome (routed, external, forbidden, ignored, notFound, invalid), the route, its parameters, \
          the rewritten link and the barriers. Token-like query values are printed as REDACTED.
          """)
    case .explain:
      return CommandSpecification(
        name: .explain, summary: "decide one link, step by step", usage: "[--market ID] [--policy FILE] URL",
        options: [market, policy], positionals: ["URL"], requiredPositionals: 1, requiredOptions: [],
        discussion: """
          Prints every stage the link goes through: parse, admit, rewrite (the rules considered), match \
          (the table candidates, and the routes that nearly matched with why they were rejected), barriers \
          and the handler. Token-like query values are printed as REDACTED.
          """)
    case .check:
      return CommandSpecification(
        name: .check, summary: "decide a file of links, one per line",
        usage: "[--market ID] [--policy FILE] [--format text|jsonl] [FILE|-]",
        options: [
          market, policy,
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
          """)
    case .routes:
      return CommandSpecification(
        name: .routes, summary: "print the compiled route table and the market's rules",
        usage: "[--market ID] [--json]",
        options: [market, json], positionals: [], requiredPositionals: 0, requiredOptions: [],
        discussion: """
          Lists the schemes, domains, the route table in registration order (pattern, name, barriers, \
          whether it changes state), the opaque plugins, and the rewrite rules with their platform targets.
          """)
    case .validate:
      return CommandSpecification(
        name: .validate, summary: "run the composition checks", usage: "[--market ID|--all]",
        options: [market, OptionSpecification("--all", help: "every market, and domains or schemes claimed twice")],
        positionals: [], requiredPositionals: 0, requiredOptions: [],
        discussion: """
          Composes the market (or the platform alone, or with --all every market) and prints every problem: \
          conflicting rules, platform links a market captures, rules whose target nothing routes. Exits 1 \
          when there is any.
          """)
    case .snapshot:
      return CommandSpecification(
        name: .snapshot, summary: "compare (or rewrite) the decision snapshot", usage: "[--market ID] [--update]",
        options: [
          market,
          OptionSpecification(
            "--update", help: "rewrite the snapshot file instead of comparing (accepts every change)"),
        ],
        positionals: [], requiredPositionals: 0, requiredOptions: [],
        discussion: """
          Decides the market's corpus (its example links in Markets/<ID>/Examples/links.txt plus links made from \
          every rule and route it owns) and compares each decision with Markets/<ID>/Examples/snapshot.txt. Without \
          --market, the platform's corpus is compared with Snapshots/platform.txt as the platform alone decides it \
          and as every market composition decides it. Prints each link that changed, what decided it before and \
          now; exits 1 on any difference. Run from the package root.
          """)
    case .catalogue:
      return CommandSpecification(
        name: .catalogue, summary: "print a market's link catalogue: routes, example links, QR codes",
        usage: "--market ID [--format md|html] [--update]",
        options: [
          OptionSpecification("--market", value: "ID", help: "the market to catalogue (CA, MX); required"),
          OptionSpecification(
            "--format", value: "FORMAT", allowed: ["md", "html"],
            help: "md (default): Markdown; html: one self-contained page with a QR code per example"),
          OptionSpecification("--update", help: "write Markets/<ID>/Examples/catalogue.md instead of printing"),
        ],
        positionals: [], requiredPositionals: 0, requiredOptions: ["--market"],
        discussion: """
          Lists every route of the market's build (name, pattern, owner, barriers, whether it changes state) \
          and every rule that reaches it, each with an example link (so one per language of the market), \
          whether iOS and Android claim it (by the files `aasa` and `intent-filters` write), and the \
          commands a tester runs (`xcrun simctl openurl booted`, `adb shell am start`). Capture values come \
          from the market's Markets/<ID>/Examples/links.txt. Every example is decided while the catalogue is \
          written; if one does not open the route the catalogue states, the command names it and exits 1. \
          The HTML form carries a QR code per example (inline SVG, no network) and a search box. Run from \
          the package root; `--update` rewrites the committed Markdown a test compares.
          """)
    case .link:
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
          """)
      link.repeatsLastPositional = true
      return link
    case .policy:
      return CommandSpecification(
        name: .policy, summary: "check a runtime link policy against a market",
        usage: "check FILE --market ID",
        options: [requiredMarket], positionals: ["ACTION", "FILE"], requiredPositionals: 2,
        requiredOptions: ["--market"],
        discussion: """
          Reads the link policy document FILE (ACTION is `check`) and checks it against the market's composed \
          configuration as the app does when it receives it: JSON without repeated keys, at most 64 KB, the \
          market's own routes, rules and hosts, no field that would widen what the build allows, no date \
          that has passed. Prints what each entry switches off and exits 0, or names the field at fault and \
          exits 1; 65 when FILE cannot be read. Docs/LinkPolicy.md describes the document.
          """)
    case .aasa:
      return CommandSpecification(
        name: .aasa, summary: "print the apple-app-site-association file for a market's domains",
        usage:
          "--market ID|--platform [--policy FILE] --app-id TEAM.bundle… [--merge FILE] | --report | --verify [FILE|-] "
          + "| --diff DEPLOYED.json",
        options: [
          OptionSpecification(
            "--market", value: "ID", help: "the market whose domains the file is for (CA, MX); or --platform"),
          OptionSpecification(
            "--platform",
            help:
              "the platform's own domains (\(PlatformLinks.domainNames.joined(separator: ", "))) instead of a market's"),
          OptionSpecification(
            "--policy", value: "FILE", help: "exclude the rules and routes this link policy switches off"),
          OptionSpecification(
            "--app-id", value: "TEAM.bundle", repeats: true,
            help: "an app that opens the links: team ID, a dot, bundle ID (repeat for several apps)"),
          OptionSpecification(
            "--report", help: "list the link shapes the file and the router treat differently, and why"),
          OptionSpecification(
            "--verify",
            help: "judge each link of FILE (or standard input) by the file and by the router; exit 1 on a disagreement"),
          OptionSpecification(
            "--diff", value: "DEPLOYED.json",
            help: "list the links whose claim changes between the deployed file and the one the rules write now"),
          OptionSpecification(
            "--merge", value: "FILE",
            help: "write the file with FILE's other services (webcredentials, appclips, activitycontinuation)"),
        ],
        positionals: ["FILE"], requiredPositionals: 0, requiredOptions: [],
        discussion: """
          Writes the `applinks` components iOS reads to decide whether a link of the market's domains opens \
          the app, derived from the rules the router applies there, so that iOS never claims a link the router \
          sends to the browser (no bounce): capture types become exclusions (`$(i)`), repeated slashes \
          `$(s)`, and what the router refuses everywhere is excluded first. Every domain of a market gets the \
          same file. `--report` lists what the file cannot express (Docs/AssociationFiles.md explains each \
          line); `--verify` reads one link per line ('#' comments and blank lines skipped) and prints every \
          link where iOS, under any reading of Apple's open points, and the router disagree. `--diff` judges \
          sample links of every rule and of every component either file claims with by the deployed file and \
          by the one the rules write now, and prints each link whose claim changes under the component that \
          claims it, with the current router's decision (exit 0; 65 when DEPLOYED.json cannot be read or is \
          not an apple-app-site-association file). `--merge FILE` keeps FILE's other top-level keys, in \
          order and byte for byte, after `applinks`; a FILE with `applinks` of its own is refused (exit 1). \
          `--market ID` or `--platform` is required (64 without either).
          """)
    case .assetlinks:
      return CommandSpecification(
        name: .assetlinks, summary: "print Android's assetlinks.json for a market",
        usage: "--market ID --package NAME --fingerprint SHA256… [--dynamic-rules]",
        options: [
          requiredMarket, OptionSpecification("--package", value: "NAME", help: "the Android application ID"),
          OptionSpecification(
            "--fingerprint", value: "SHA256", repeats: true,
            help: "a signing certificate's SHA-256, 32 hex bytes (colons optional); repeat for upload and Play keys"),
          OptionSpecification(
            "--dynamic-rules", help: "add Android 15's dynamic_app_link_components for the market's paths"),
        ],
        positionals: [], requiredPositionals: 0, requiredOptions: ["--market", "--package", "--fingerprint"],
        discussion: """
          Prints the Digital Asset Links statement that lets the app verify the market's domains, with every \
          fingerprint given. `--dynamic-rules` adds the Android 15 rules: the browser hand-off fragment \
          excluded, then every path the intent filters claim. The market is required; without `--market` the command exits 64.
          """)
    case .intentFilters:
      return CommandSpecification(
        name: .intentFilters, summary: "print the AndroidManifest intent filters for a market's links",
        usage: "--market ID",
        options: [requiredMarket],
        positionals: [], requiredPositionals: 0, requiredOptions: ["--market"],
        discussion: """
          Prints `<intent-filter android:autoVerify="true">` for the market's domains and web paths (a path \
          with captures as a `pathAdvancedPattern`, API 31 and later) and a filter for its custom scheme, \
          derived from the rules the router applies, so that Android never claims a link the router sends to \
          the browser. Rules that need a query item are claimed from API 35 by \
          `<uri-relative-filter-group>` elements and listed as not claimed before. A rule whose pattern Android \
          would refuse (past 2,045 parse entries) is left out and named on stderr, and the command exits 1.
          """)
    }
  }

  /// Example command lines of `name`'s help, with a comment each.
  ///
  /// Kept out of ``of(_:)``, so made only when help is printed.
  static func examples(of name: CommandName) -> [(command: String, comment: String)] {
    switch name {
    case .route:
      return [
        ("deeplink route --market CA https://shop.example.ca/fr/panier", "a market web link"),
        ("deeplink route --json 'shop://product/123'", "one JSON object"),
      ]
    case .explain:
      return [
        ("deeplink explain --market CA 'https://shop.example.ca/en/ip/desk/123?utm_source=mail'", "a rewrite"),
        ("deeplink explain 'shop://product/abc'", "a typed capture that rejects its value"),
      ]
    case .check:
      return [
        ("deeplink check --market CA Markets/CA/Examples/links.txt", "a link table with expectations"),
        ("cat links.txt | deeplink check --format jsonl - > decisions.jsonl", "JSON Lines from standard input"),
      ]
    case .routes:
      return [
        ("deeplink routes --market MX", "the MX table"), ("deeplink routes --json", "the platform, as JSON"),
      ]
    case .validate:
      return [("deeplink validate --all", "the whole catalogue"), ("deeplink validate --market CA", "one market")]
    case .snapshot:
      return [
        ("deeplink snapshot --market CA", "compare the CA snapshot"),
        ("deeplink snapshot --market CA --update", "accept the CA changes"),
      ]
    case .catalogue:
      return [
        ("deeplink catalogue --market CA", "Markdown on standard output"),
        ("deeplink catalogue --market CA --format html > catalogue-ca.html", "open on a phone, scan the codes"),
        ("deeplink catalogue --market CA --update", "rewrite Markets/CA/Examples/catalogue.md"),
      ]
    case .link:
      return [
        ("deeplink link --market CA --locale fr product id=123", "https://shop.example.ca/fr/ip/-/123"),
        ("deeplink link --market MX search query=escritorio", "https://shop.example.com.mx/buscar?q=escritorio"),
      ]
    case .policy:
      return [("deeplink policy check policy.json --market CA", "before publishing it to the apps")]
    case .aasa:
      return [
        ("deeplink aasa --market CA --app-id ABCDE12345.com.example.shop", "serve at /.well-known/"),
        ("deeplink aasa --market MX --report", "what stays in the browser, and why"),
        ("deeplink aasa --market CA --verify production-links.txt", "check the web team's links before a release"),
        (
          "deeplink aasa --market CA --diff deployed-aasa.json",
          "what changes for installed apps while both files are served"
        ),
        (
          "deeplink aasa --platform --app-id ABCDE12345.com.example.shop --merge services.json",
          "the platform's domains, with webcredentials and appclips"
        ),
      ]
    case .assetlinks:
      return [
        (
          "deeplink assetlinks --market MX --package com.example.shop --fingerprint 14:6D:E9:…:FA",
          "serve at /.well-known/assetlinks.json"
        )
      ]
    case .intentFilters:
      return [("deeplink intent-filters --market CA", "paste inside the activity that receives links")]
    }
  }
}
