import AssociationMatchers
import DeepLinkCore
import DeepLinkTools
import Foundation

/// `deeplink aasa --diff DEPLOYED.json`: the links whose claim changes between the file a domain
/// serves now and the one the current rules write, grouped by the component that claims them.
///
/// Apple's CDN takes days to bring a new file to every device, and older app versions stay
/// installed, so both files and every app version meet for a while. Each sample link is judged
/// by ``AppleAppSiteAssociationMatcher`` (the documented reading) over both files; a link whose
/// claim differs is printed with the route the current router decides for it. A claimed link
/// that either file would claim again once an app hands it to the browser (`#no_universal_links`)
/// is printed as a `loop`, and the run exits 1.
enum AssociationDiff {
  /// One link whose claim changes.
  struct Change: Equatable {
    /// The link as judged.
    var link: String
    /// Whether the current file claims it (the deployed one then does not).
    var claimedNow: Bool
    /// `current #N` or `deployed #N` and what that component says: the group the change is listed under.
    var group: String
    /// The current router's decision, as text.
    var router: String
  }

  static func run(
    path: String, appIDs: [String], selection: MarketSelection, host: String, current: String,
    rules: [CompiledRewrite], environment: ToolEnvironment
  ) throws -> ExitStatus {
    let data = try AssociationMerge.contents(of: path, as: "the deployed file")
    let deployed: AppleAppSiteAssociationMatcher
    do {
      deployed = try AppleAppSiteAssociationMatcher(json: data, appID: appIDs.first)
    } catch {
      throw CommandFailure(
        message:
          "the deployed file `\(path)` cannot be read as an apple-app-site-association file: \(error.description)",
        status: .unreadableInput)
    }
    let now = try AppleAppSiteAssociationMatcher(json: Data(current.utf8))
    let links = samples(host: host, rules: rules, files: [deployed, now])
    let changes = self.changes(
      links, deployed: deployed, current: now, configuration: selection.configuration, policy: selection.policy)
    var group: String? = nil
    for change in changes {
      if change.group != group {
        group = change.group
        environment.standardOutput.write(SafeText.visible(change.group) + "\n")
      }
      let arrow = change.claimedNow ? "not claimed → claimed" : "claimed → not claimed"
      environment.standardOutput.write(
        "  \(arrow)\t\(SafeText.visible(SafeText.redactFreeText(change.link)))\trouter: \(change.router)\n")
    }
    let claimed = changes.filter(\.claimedNow).count
    let claimedByEither = links.filter { link in
      [deployed, now].contains { claimIndex($0.decide(link)) != nil }
    }
    let loops = handOffClaims(claimedByEither, files: [("deployed", deployed), ("current", now)])
    for loop in loops {
      environment.standardOutput.write(
        "loop\t\(SafeText.visible(SafeText.redactFreeText(loop.link)))\t\(loop.detail)\n")
    }
    environment.standardError.write(
      "deeplink aasa --diff: \(links.count) links sampled on \(host); \(changes.count) change: "
        + "\(claimed) newly claimed, \(changes.count - claimed) no longer claimed"
        + (loops.isEmpty ? "" : "; \(loops.count) handed to the browser would come back to the app") + "\n")
    return loops.isEmpty ? .success : .failure
  }

  /// The links that, handed to the browser with the hand-off fragment (as an app that has no route
  /// for them does, whichever version it is), either file claims again under some reading of
  /// Apple's rules.
  static func handOffClaims(
    _ links: [String], files: [(name: String, matcher: AppleAppSiteAssociationMatcher)]
  ) -> [(link: String, detail: String)] {
    var loops: [(link: String, detail: String)] = []
    for link in links {
      let handedOff =
        (link.firstIndex(of: "#").map { String(link[..<$0]) } ?? link)
        + "#" + AppleAppSiteAssociation.handOffFragment
      search: for file in files {
        for reading in AppleAppSiteAssociationMatcher.Reading.all {
          guard case .claimed(let index) = file.matcher.decide(handedOff, reading: reading) else { continue }
          loops.append((handedOff, "claimed again by \(file.name) #\(index) [\(reading)]"))
          break search
        }
      }
    }
    return loops
  }

  /// The links of `links` whose claim differs between the two files, grouped by the component that
  /// claims them (the current file's first, then the deployed file's), in component order.
  static func changes(
    _ links: [String], deployed: AppleAppSiteAssociationMatcher, current: AppleAppSiteAssociationMatcher,
    configuration: DeepLinkConfiguration, policy: LinkPolicy?
  ) -> [Change] {
    var keyed: [(key: (Int, Int, Int), change: Change)] = []
    for (position, link) in links.enumerated() {
      let before = deployed.decide(link)
      let after = current.decide(link)
      let (wasClaimed, isClaimed) = (claimIndex(before), claimIndex(after))
      guard (wasClaimed == nil) != (isClaimed == nil) else { continue }
      let (file, matcher, index) =
        isClaimed.map { ("current", current, $0) } ?? ("deployed", deployed, wasClaimed!)
      let decision = configuration.decide(link, policy: policy)
      var router = decision.outcome.rawValue
      if decision.outcome == .routed, let route = decision.route {
        router += " \(route.description)"
      } else if let reason = decision.reason {
        router += " (\(reason.rawValue))"
      }
      keyed.append(
        (
          (isClaimed == nil ? 1 : 0, index, position),
          Change(
            link: link, claimedNow: isClaimed != nil, group: "\(file) #\(index) \(label(matcher.components[index]))",
            router: router)
        ))
    }
    return keyed.sorted { $0.key < $1.key }.map(\.change)
  }

  private static func claimIndex(_ decision: AppleAppSiteAssociationMatcher.Decision) -> Int? {
    if case .claimed(let index) = decision { return index }
    return nil
  }

  /// The component's patterns, then its comment.
  static func label(_ component: AppleAppSiteAssociationMatcher.Component) -> String {
    var parts: [String] = []
    if let path = component.path { parts.append("/ \(path)") }
    switch component.query {
    case .string(let text): parts.append("? \(text)")
    case .items(let items):
      parts.append("? " + items.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: "&"))
    case nil: break
    }
    if let fragment = component.fragment { parts.append("# \(fragment)") }
    let patterns = "[" + (parts.isEmpty ? "every link" : parts.joined(separator: " ")) + "]"
    return component.comment.map { "\(patterns) \($0)" } ?? patterns
  }

  /// The links both files are judged on: for each current rule of the domain, a typical link and
  /// the variants a change of rule most often moves (a trailing slash, two slashes at the start,
  /// other letter case, a value its capture type refuses, an extra segment, its query item
  /// missing, escaped or repeated empty); and an example of every component either file claims with, so a path only the
  /// deployed file knows is judged too.
  static func samples(host: String, rules: [CompiledRewrite], files: [AppleAppSiteAssociationMatcher]) -> [String] {
    var links: [String] = []
    var seen: Set<String> = []
    func add(_ pathAndQuery: String) {
      let link = "https://\(host)\(pathAndQuery)"
      if seen.insert(link).inserted { links.append(link) }
    }
    for rule in rules {
      guard case .host(let pattern) = rule.pattern.namespace, pattern.matches(host) else { continue }
      var types: [String: ParameterType] = [:]
      for segment in rule.target.segments {
        if case .parameter(let name, let type) = segment { types[name] = type }
        if case .optional(let name, let type) = segment { types[name] = type }
      }
      let segments = rule.pattern.segments
      func path(_ value: (String, ParameterType) -> String) -> String {
        "/"
          + segments.map { segment in
            switch segment {
            case .literal(let text): AppleAppSiteAssociation.encoded(text)
            case .parameter(let name, let type), .optional(let name, let type): value(name, types[name] ?? type)
            case .catchAll(let name): value(name, types[name] ?? .string)
            }
          }.joined(separator: "/")
      }
      let typical = path { _, type in typicalValue(type) }
      let query = rule.pattern.queryCaptures.filter { !$0.isOptional }.map { "\($0.key)=chair" }
        .joined(separator: "&")
      let suffix = query.isEmpty ? "" : "?" + query
      add(typical + suffix)
      add(typical + "/" + suffix)
      add("/" + typical + suffix)
      add(typical.uppercased() + suffix)
      add(typical + "/extra" + suffix)
      add(path { _, type in type == .string ? "standing-desk" : "abc" } + suffix)
      if !query.isEmpty {
        add(typical)
        // The spellings of a required item the router reads and only some files claim: its name
        // escaped, and repeated empty.
        let required = rule.pattern.queryCaptures.filter { !$0.isOptional }.map(\.key)
        let escaped = required.map { key in
          key.utf8.map { "%" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined() + "=chair"
        }
        add(typical + "?" + escaped.joined(separator: "&"))
        add(typical + suffix + "&" + required.map { "\($0)=" }.joined(separator: "&"))
      }
    }
    for file in files {
      for component in file.components where !component.exclude && component.fragment == nil {
        var link = instance(of: component.path ?? "/", variables: file.substitutionVariables)
        if !link.hasPrefix("/") { link = "/" + link }
        switch component.query {
        case .items(let items):
          link +=
            "?"
            + items.sorted { $0.key < $1.key }.map {
              "\($0.key)=\(instance(of: $0.value, variables: file.substitutionVariables))"
            }.joined(separator: "&")
        case .string(let text): link += "?" + instance(of: text, variables: file.substitutionVariables)
        case nil: break
        }
        add(link)
      }
    }
    return links
  }

  private static func typicalValue(_ type: ParameterType) -> String {
    switch type {
    case .int: "123"
    case .uuid: "123e4567-e89b-12d3-a456-426614174000"
    case .string: "standing-desk"
    }
  }

  /// A text a pattern matches: `?` a digit, `*` more digits (so an `int` capture takes them), a
  /// variable its first value (a predefined one, a character of its class).
  static func instance(of pattern: String, variables: [String: [String]]) -> String {
    var text = ""
    var rest = Substring(pattern)
    while let character = rest.first {
      if rest.hasPrefix("$("), let close = rest.firstIndex(of: ")") {
        let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close])
        text += instance(of: variables[name]?.first ?? predefinedExample(name), variables: [:])
        rest = rest[rest.index(after: close)...]
        continue
      }
      switch character {
      case "?": text += "1"
      case "*": text += "23"
      default: text.append(character)
      }
      rest = rest.dropFirst()
    }
    return text
  }

  private static func predefinedExample(_ name: String) -> String {
    switch name {
    case "upper": "A"
    case "digit", "xdigit": "1"
    default: "a"
    }
  }
}
