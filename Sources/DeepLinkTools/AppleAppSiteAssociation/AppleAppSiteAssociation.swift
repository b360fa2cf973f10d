import DeepLinkCore

/// The `applinks` part of an apple-app-site-association file for one domain, derived from the
/// rewrite rules the router applies to that domain, so that iOS claims a link only when the
/// router keeps it in the app (`Docs/AssociationFiles.md` gives each choice with Apple's page).
///
/// Apple's components are tried in order and the first that matches decides. The file starts
/// with what the router refuses on every path (the browser hand-off fragment, escaped slashes,
/// control and format characters, dot segments); then, for each rule from the most specific,
/// the exclusions that stand for its capture types, then the components that claim its links:
/// - each literal segment as written (percent-encoded), each capture `*$(n)*` (a run holding a
///   character that is not a slash), and `$(s)` (one to three slashes) between segments, since
///   the router ignores repeated slashes (the pattern itself starts with one literal `/`, as all
///   of Apple's examples do);
/// - a capture's `*` also spans `/`, so every capture not followed by another is excluded first
///   when it holds a slash with text on both sides (`$(x)`), and an `int` capture when it holds
///   anything but 1 to 18 digits (`$(i)`);
/// - rules with more literal segments come first, then rules with more segments, so no rule's
///   exclusion of extra segments hides a longer rule's links;
/// - a `uuid` capture as 32 `$(xdigit)` with its dashes;
/// - a final string or int capture as `*$(e)`: a character that is not a slash, then none to
///   three slashes (the router ignores a trailing slash run); its extra segment is a slash with
///   text on both sides (`*$(n)*/*$(n)*`, for an int `$(j)`), since `$(x)` would also take `42//`;
/// - a required query capture as a `?` item that is not empty, after excluding the link whose
///   first item of that name is empty (the router reads the first one); before those exclusions,
///   when it is the rule's only required item and a string, the whole query starting with the
///   item (its name as written or fully escaped) and a value (`$(first_q)`), which every reading
///   of repeated items and of escaped names claims;
/// - after a rule's components, the same again for a path starting with two to four slashes
///   (`/$(s)` instead of `/`), unless the file leaves them out to stay under ``sizeLimit``.
package struct AppleAppSiteAssociation: Sendable, Hashable {
  /// One entry of `components`.
  package struct Component: Sendable, Hashable {
    /// The `/` pattern, or `nil` for any path.
    package var path: String?
    /// The `?` patterns by item name; empty when the component sets none.
    package var query: [String: String] = [:]
    /// The `?` pattern of the whole query, when the component matches the query as one string.
    package var wholeQuery: String? = nil
    /// The `#` pattern, or `nil` for any fragment.
    package var fragment: String? = nil
    /// Whether links matching it are excluded rather than claimed.
    package var exclude: Bool
    /// Whether the component compares case-sensitively, against the file's default of `false`.
    package var caseSensitive: Bool = false
    /// Why it is there, for people reading the file.
    package var comment: String
  }

  /// The fragment a link handed to the browser carries so that no association file claims it
  /// again (Apple's own example of an excluded fragment).
  package static let handOffFragment = DeepLinkDecision.browserHandOffFragment

  /// The file's substitution variables, in the order they are written.
  package static let variables: [(name: String, values: [String])] = [
    ("s", ["/", "//", "///"]),
    ("i", intRejects),
    ("x", extraSegments),
    ("j", lastIntRejects),
    ("e", captureEnds),
    ("n", namedCharacters.map(String.init)),
    ("slash", bothCases(["%2F", "%5C", "\\"] + slashEscapes)),
    ("control", bothCases(controlEscapes)),
    ("dot", bothCases(dotSegments)),
    ("dots", bothCases(dotPairs)),
    ("invisible", bothCases(invisibleEscapes)),
    ("colon", bothCases([":", "%3A"] + escaped([0xFF1A, 0xFE13, 0xFE55]))),
    ("utf8", bothCases(invalidUTF8)),
  ]

  /// The components, in the order iOS reads them.
  package let components: [Component]

  /// The variables the file declares: ``variables``, then one `first_NAME` for each query item a
  /// component claims as the query's first item.
  package var substitutionVariables: [(name: String, values: [String])] {
    var keys: [String] = []
    for component in components {
      guard let whole = component.wholeQuery, whole.hasPrefix("$(first_"), whole.hasSuffix(")") else { continue }
      let key = String(whole.dropFirst("$(first_".count).dropLast())
      if !keys.contains(key) { keys.append(key) }
    }
    return Self.variables + keys.map { ("first_\($0)", Self.firstItemValues($0)) }
  }

  /// Whether each rule's components are written again for paths starting with two to four
  /// slashes (``leadingSlashCopies(_:)``).
  package let leadingSlashRuns: Bool

  /// The components for the rules that apply to links of `host`.
  ///
  /// - Parameters:
  ///   - switchedOff: the reason a link policy gives for each rule it switches off (by the
  ///     rule's pattern): such a rule's links are excluded, right after what is refused
  ///     everywhere, instead of claimed.
  ///   - leadingSlashRuns: whether each rule's components are followed by their copies for a
  ///     path starting with two to four slashes; `false` leaves such links in the browser and each
  ///     rule's part of the file about half as long (``served(rules:host:switchedOff:appIDs:merging:)``).
  package init(
    rules: [CompiledRewrite], host: String, switchedOff: [String: String] = [:], leadingSlashRuns: Bool = true
  ) {
    self.leadingSlashRuns = leadingSlashRuns
    func ruleComponents(_ rule: CompiledRewrite) -> [Component] {
      let own = Self.components(for: rule)
      return leadingSlashRuns ? own + Self.leadingSlashCopies(own) : own
    }
    let applicable = rules.filter { rule in
      if case .host(let pattern) = rule.pattern.namespace { return pattern.matches(host) }
      return false
    }
    var components = Self.refusedEverywhere
    let ordered = applicable.enumerated().sorted { a, b in
      let (x, y) = (Self.specificity(a.element.pattern), Self.specificity(b.element.pattern))
      return x != y ? x > y : a.offset < b.offset
    }.map(\.element)
    for rule in ordered {
      guard let reason = switchedOff[rule.rule.pattern] else { continue }
      for var component in ruleComponents(rule) where !component.exclude {
        component.exclude = true
        component.comment += ": switched off by the link policy: \(reason)"
        components.append(component)
      }
    }
    for rule in ordered where switchedOff[rule.rule.pattern] == nil { components += ruleComponents(rule) }
    var seen: Set<Component> = []
    self.components = components.filter { seen.insert($0).inserted }
  }

  /// What the router refuses on every path of the domain: excluded before any rule.
  static let refusedEverywhere: [Component] = [
    Component(
      fragment: handOffFragment, exclude: true,
      comment: "a link the app handed to the browser: never back to the app"),
    Component(path: "*$(slash)*", exclude: true, comment: "an escaped slash or backslash: refused"),
    Component(path: "*$(control)*", exclude: true, comment: "a control, bidi or zero-width character: refused"),
    Component(path: "*$(dot)", exclude: true, comment: "a dot segment: refused"),
    Component(path: "*$(dot)/*", exclude: true, comment: "a dot segment: refused"),
    Component(path: "*$(dots)*", exclude: true, comment: "two dots in a row in a capture: refused"),
    Component(path: "*$(invisible)*", exclude: true, comment: "an invisible character in a capture: refused"),
    Component(path: "*$(colon)*", exclude: true, comment: "a colon: a capture that reads as a link is unsafe"),
    Component(path: "*$(utf8)*", exclude: true, comment: "an escape that is not UTF-8: refused"),
    Component(wholeQuery: "*$(utf8)*", exclude: true, comment: "an escape that is not UTF-8: refused"),
    Component(fragment: "*$(utf8)*", exclude: true, comment: "an escape that is not UTF-8: refused"),
    Component(wholeQuery: "*$(control)*", exclude: true, comment: "a control, bidi or zero-width character: refused"),
    Component(fragment: "*$(control)*", exclude: true, comment: "a control, bidi or zero-width character: refused"),
  ]

  /// The exclusions and claims of one rule.
  static func components(for rule: CompiledRewrite) -> [Component] {
    let pattern = rule.pattern
    let caseSensitive = !pattern.isCaseInsensitive
    let comment = "\(webPath(pattern.source)) → \(rule.target.source)"
    var types: [String: ParameterType] = [:]
    for segment in rule.target.segments {
      if case .parameter(let name, let type) = segment { types[name] = type }
      if case .optional(let name, let type) = segment { types[name] = type }
    }
    for capture in rule.target.queryCaptures { types[capture.name] = capture.type }

    var shapes: [[RoutePattern.Segment]] = [pattern.segments]
    if case .optional? = pattern.segments.last { shapes.insert(Array(pattern.segments.dropLast()), at: 0) }
    let required = pattern.queryCaptures.filter { !$0.isOptional }
    var query: [String: String] = [:]
    for capture in required { query[capture.key] = "?*" }

    var excludes: [Component] = []
    var firstItems: [Component] = []
    var queryExcludes: [Component] = []
    var includes: [Component] = []
    for segments in shapes {
      let pieces = segments.map { piece($0, types: types) }
      // A final string or int capture ends with a character that is not a slash, then up to three
      // slashes (`$(e)`): the router ignores a trailing slash run, and a capture ending in `*` is not claimed.
      let endsWithCapture = Self.endsWithCapture(segments, types: types)
      var claimed = pieces
      if endsWithCapture { claimed[claimed.count - 1] = "*$(e)" }
      let path = joined(claimed)
      for index in segments.indices {
        guard let reject = rejects(segments, at: index, types: types) else { continue }
        // The other captures hold a character that is not a slash: a `?*` there could otherwise
        // take a repeated slash and push a segment into the rejected position.
        var rejected = pieces
        if endsWithCapture && index == segments.count - 1 {
          // The last capture: a slash with text on both sides is an extra segment; slashes at
          // its start or end only repeat a separator (`$(j)`: an int's other characters too).
          rejected[index] = reject == "i" ? "$(j)" : "*$(n)*/*$(n)*"
        } else {
          rejected[index] = "$(\(reject))"
        }
        excludes.append(
          Component(
            path: joined(rejected), exclude: true, caseSensitive: caseSensitive,
            comment: "\(comment): \(reject == "i" ? "not an int, or more segments" : "more segments")"))
      }
      if let first = Self.firstItemVariable(rule, types: types) {
        // Before the item's exclusions, which read every repeated item or decoded names under some
        // readings: the whole query starting with the item, its value not empty, as the router reads it.
        firstItems.append(
          Component(
            path: path, wholeQuery: "$(\(first.name))", exclude: false, caseSensitive: true,
            comment: "\(comment): \(first.key) first"))
      }
      for capture in required {
        queryExcludes.append(
          Component(
            path: path, query: [capture.key: ""], exclude: true, caseSensitive: caseSensitive,
            comment: "\(comment): no \(capture.key)"))
        if (types[capture.name] ?? capture.type) == .int {
          queryExcludes.append(
            Component(
              path: path, query: [capture.key: "$(i)"], exclude: true, caseSensitive: caseSensitive,
              comment: "\(comment): \(capture.key) not an int"))
        }
      }
      includes.append(
        Component(path: path, query: query, exclude: false, caseSensitive: caseSensitive, comment: comment))
      if endsWithFixedText(segments) {
        includes.append(
          Component(path: path + "$(s)", query: query, exclude: false, caseSensitive: caseSensitive, comment: comment))
      }
    }
    return excludes + firstItems + queryExcludes + includes
  }

  /// `components` again, each path starting `/$(s)` instead of `/`: a literal slash, then one to
  /// three more, so a link starting with two to four slashes, which the router reads as one, is
  /// claimed and excluded as the same link with one. The copy still starts with a literal `/`, so
  /// it does not depend on how iOS reads a pattern without one. A component for any path, or one
  /// starting with `*` (what is refused everywhere), already covers every start.
  static func leadingSlashCopies(_ components: [Component]) -> [Component] {
    components.compactMap { component in
      guard let path = component.path, path.hasPrefix("/") else { return nil }
      var copy = component
      copy.path = "/$(s)" + path.dropFirst()
      copy.comment += " (after two to four slashes)"
      return copy
    }
  }

  /// The variable for the rule's one required query item when the router's reading of it can be
  /// said as the start of the whole query: a string capture (an int's value has no pattern there)
  /// whose name is ASCII letters, digits and `_` (a variable's name is made from it).
  static func firstItemVariable(
    _ rule: CompiledRewrite, types: [String: ParameterType]
  ) -> (name: String, key: String)? {
    let required = rule.pattern.queryCaptures.filter { !$0.isOptional }
    guard required.count == 1, let capture = required.first, (types[capture.name] ?? capture.type) == .string,
      !capture.key.isEmpty,
      capture.key.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
      })
    else { return nil }
    return ("first_\(capture.key)", capture.key)
  }

  /// `NAME=` and its fully percent-encoded spellings (upper- and lower-case hex), each followed by
  /// a first character of the value (any character a pattern can name but `&`) and then anything:
  /// the query's first item is `NAME` with a value that is not empty, which is the item the router
  /// reads (the first of that name, its name decoded). Compared case-sensitively: `Q=` is another item.
  static func firstItemValues(_ key: String) -> [String] {
    let encoded = key.utf8.map { "%" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    var names = [key, encoded]
    if encoded.lowercased() != encoded { names.append(encoded.lowercased()) }
    return names.flatMap { name in namedCharacters.filter { $0 != "&" }.map { "\(name)=\($0)*" } }
  }

  /// The pattern of one segment: a literal percent-encoded as a browser sends it; a capture
  /// `*$(n)*`, any run with at least one character that is not a slash, so a capture can never
  /// be only the slashes of an empty segment (which would let a rule of more segments claim a
  /// link of fewer).
  static func piece(_ segment: RoutePattern.Segment, types: [String: ParameterType]) -> String {
    switch segment {
    case .literal(let text): return encoded(text)
    case .parameter(let name, let type), .optional(let name, let type):
      return (types[name] ?? type) == .uuid ? uuidPattern : capture
    case .catchAll: return capture
    }
  }

  /// A capture's pattern.
  static let capture = "*$(n)*"

  /// The variable that stands for the values the router refuses at `index`, if a `?*` there
  /// could hold one: `i` for an int capture; `x` for the last string capture of a run
  /// (a slash inside it is an extra segment; a capture followed by another leaves the slash to
  /// the later one's exclusion).
  static func rejects(_ segments: [RoutePattern.Segment], at index: Int, types: [String: ParameterType]) -> String? {
    let next = index + 1 < segments.count ? segments[index + 1] : nil
    let followedByCapture: Bool
    switch next {
    case .parameter(let name, let type)?, .optional(let name, let type)?:
      followedByCapture = (types[name] ?? type) != .uuid
    case .catchAll?, .literal?, nil:
      followedByCapture = false
    }
    switch segments[index] {
    case .literal, .catchAll: return nil
    case .parameter(let name, let type), .optional(let name, let type):
      switch types[name] ?? type {
      case .int: return "i"
      case .uuid: return nil
      case .string: return followedByCapture ? nil : "x"
      }
    }
  }

  /// Whether the last segment is fixed text (a literal or a uuid), which a trailing slash does not reach.
  static func endsWithFixedText(_ segments: [RoutePattern.Segment]) -> Bool {
    switch segments.last {
    case .literal?, nil: return true
    case .parameter, .optional, .catchAll: return false
    }
  }

  /// Whether the last segment is a string or int capture (not a catch-all, not a uuid).
  static func endsWithCapture(_ segments: [RoutePattern.Segment], types: [String: ParameterType]) -> Bool {
    switch segments.last {
    case .parameter(let name, let type)?, .optional(let name, let type)?: (types[name] ?? type) != .uuid
    case .literal?, .catchAll?, nil: false
    }
  }

  /// `/` and the pieces with `$(s)` between them: a pattern starts with a literal `/`, as every
  /// one of Apple's examples does.
  static func joined(_ pieces: [String]) -> String {
    "/" + pieces.joined(separator: "$(s)")
  }

  /// `/fr/panier` for `https://shop.example.ca/fr/panier`: what the comments quote, the same on every domain.
  package static func webPath(_ source: String) -> String {
    guard let scheme = source.range(of: "://") else { return source }
    let rest = source[scheme.upperBound...]
    return rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { String(rest[$0...]) } ?? "/"
  }

  /// More literal segments first, then more segments (a rule's exclusion of extra segments
  /// would otherwise hide the links of a longer rule with the same literals), then required
  /// query items.
  private static func specificity(_ pattern: RoutePattern) -> Int {
    let literals = pattern.segments.filter { if case .literal = $0 { true } else { false } }.count
    return literals * 1_000 + pattern.segments.count * 10 + pattern.queryCaptures.count
  }

  /// `text` as it stands in a link's path: unreserved characters and sub-delimiters as they
  /// are, everything else percent-encoded with upper-case hex.
  package static func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if byte < 0x80,
        scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))
          || "-._~!$&'()+,;=:@".unicodeScalars.contains(scalar)
      {
        result.unicodeScalars.append(scalar)
      } else {
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }

  /// Apple's limit on the file's uncompressed size (App Search Programming Guide, "Support Universal Links").
  package static let sizeLimit = 128 * 1024
}

extension String {
  /// The string with zeros before it up to `width` characters (`"7"` → `"07"`): a hex byte in a percent-escape.
  package func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
