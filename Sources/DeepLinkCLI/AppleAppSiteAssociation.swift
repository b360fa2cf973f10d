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
/// - a required query capture as a `?` item that is not empty, after excluding the link whose
///   first item of that name is empty (the router reads the first one).
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

  /// The components for the rules that apply to links of `host`.
  ///
  /// - Parameter switchedOff: the reason a link policy gives for each rule it switches off (by
  ///   the rule's pattern): such a rule's links are excluded, right after what is refused
  ///   everywhere, instead of claimed.
  package init(rules: [CompiledRewrite], host: String, switchedOff: [String: String] = [:]) {
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
      for var component in Self.components(for: rule) where !component.exclude {
        component.exclude = true
        component.comment += ": switched off by the link policy: \(reason)"
        components.append(component)
      }
    }
    for rule in ordered where switchedOff[rule.rule.pattern] == nil { components += Self.components(for: rule) }
    var seen: Set<Component> = []
    self.components = components.filter { seen.insert($0).inserted }
  }

  /// What the router refuses on every path of the domain: excluded before any rule.
  static let refusedEverywhere: [Component] = [
    Component(
      fragment: handOffFragment, exclude: true,
      comment: "a link the app handed to the browser: never back to the app"),
    Component(path: "*$(slash)*", exclude: true, comment: "an escaped slash or backslash: invalid"),
    Component(path: "*$(control)*", exclude: true, comment: "a control, bidi or zero-width character: invalid"),
    Component(path: "*$(dot)", exclude: true, comment: "a dot segment: invalid"),
    Component(path: "*$(dot)/*", exclude: true, comment: "a dot segment: invalid"),
    Component(path: "*$(dots)*", exclude: true, comment: "two dots in a row in a capture: invalid"),
    Component(path: "*$(invisible)*", exclude: true, comment: "an invisible character in a capture: invalid"),
    Component(path: "*$(colon)*", exclude: true, comment: "a colon: a capture that reads as a link is unsafe"),
    Component(path: "*$(utf8)*", exclude: true, comment: "an escape that is not UTF-8: invalid"),
    Component(wholeQuery: "*$(utf8)*", exclude: true, comment: "an escape that is not UTF-8: invalid"),
    Component(fragment: "*$(utf8)*", exclude: true, comment: "an escape that is not UTF-8: invalid"),
    Component(wholeQuery: "*$(control)*", exclude: true, comment: "a control, bidi or zero-width character: invalid"),
    Component(fragment: "*$(control)*", exclude: true, comment: "a control, bidi or zero-width character: invalid"),
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
    var includes: [Component] = []
    for segments in shapes {
      let pieces = segments.map { piece($0, types: types) }
      let path = joined(pieces)
      for index in segments.indices {
        guard let reject = rejects(segments, at: index, types: types) else { continue }
        // The other captures hold a character that is not a slash: a `?*` there could otherwise
        // take a repeated slash and push a segment into the rejected position.
        var rejected = pieces
        rejected[index] = "$(\(reject))"
        excludes.append(
          Component(
            path: joined(rejected), exclude: true, caseSensitive: caseSensitive,
            comment: "\(comment): \(reject == "i" ? "not an int, or more segments" : "more segments")"))
      }
      for capture in required {
        excludes.append(
          Component(
            path: path, query: [capture.key: ""], exclude: true, caseSensitive: caseSensitive,
            comment: "\(comment): no \(capture.key)"))
        if (types[capture.name] ?? capture.type) == .int {
          excludes.append(
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
    return excludes + includes
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

  /// `/` and the pieces with `$(s)` between them: a pattern starts with a literal `/`, as every
  /// one of Apple's examples does.
  static func joined(_ pieces: [String]) -> String {
    "/" + pieces.joined(separator: "$(s)")
  }

  /// `/fr/panier` for `https://shop.example.ca/fr/panier`: what the comments quote, the same on every domain.
  static func webPath(_ source: String) -> String {
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
  static func encoded(_ text: String) -> String {
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

  /// 8-4-4-4-12 `$(xdigit)`.
  static let uuidPattern = [8, 4, 4, 4, 12].map { String(repeating: "$(xdigit)", count: $0) }.joined(separator: "-")

  /// The printable ASCII characters a pattern can name one by one: all but `/` and the two
  /// wildcards `*` and `?`, which have no escape.
  static let namedCharacters: [Character] = (UInt8(0x21)...UInt8(0x7E)).map { Character(Unicode.Scalar($0)) }
    .filter { $0 != "/" && $0 != "*" && $0 != "?" }

  /// What a capture's `?*` holds when it spans an extra segment: a character other than `/`
  /// right before a slash that has text after it (`a/b`). Slashes that only repeat the one
  /// before the capture (`//42`) or follow it (`42/`) are not extra segments.
  static let extraSegments: [String] = namedCharacters.map { "*\($0)/?*" }

  /// What an int capture's `?*` may hold that is not 1 to 18 ASCII digits: any other printable
  /// ASCII character (`%` covers every escape, so every non-ASCII character too), an extra
  /// segment, or 19 characters.
  static let intRejects: [String] =
    namedCharacters.filter { !$0.isNumber }.map { "*\($0)*" } + extraSegments
    + [String(repeating: "?", count: 19) + "*"]

  /// Every character the router refuses in any value (`CapturedValueCheck`), percent-encoded:
  /// controls (C0, DEL, C1), format characters (bidi controls, zero-width characters, the
  /// byte-order mark, tags…) and the line and paragraph separators, read from the Unicode
  /// properties so the list cannot drift from the router's.
  static let controlEscapes: [String] = {
    var values = (0..<0x20).map { "%" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) } + ["%7F"]
    var scalars: [UInt32] = []
    for value in UInt32(0x80)...UInt32(0xE01EF) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: scalars.append(value)
      default: break
      }
    }
    return values + escaped(scalars)
  }()

  /// The slash and backslash look-alikes the router refuses in an identifier-like capture.
  static let slashEscapes = escaped([
    0x2044, 0x2215, 0x2571, 0x29F8, 0xFF0F, 0x2216, 0x2572, 0x29F5, 0x29F9, 0xFE68, 0xFF3C,
  ])

  /// Percent-escapes that can never start valid UTF-8: `%C0`, `%C1`, `%F5`–`%FF`, surrogates
  /// (`%ED%A0`–`%ED%BF`), overlong three- and four-byte forms and code points past U+10FFFF. A
  /// lead byte cut short (`%C3A`) or a stray continuation byte cannot be told apart by a pattern:
  /// iOS claims such a link and the app decides it `invalid` (`Docs/AssociationFiles.md`).
  static let invalidUTF8: [String] = {
    func hex(_ byte: Int) -> String { "%" + String(byte, radix: 16, uppercase: true) }
    var values = [0xC0, 0xC1].map(hex) + (0xF5...0xFF).map(hex)
    values += (0xA0...0xBF).map { "%ED" + hex($0) }
    values += (0x80...0x9F).map { "%E0" + hex($0) }
    values += (0x80...0x8F).map { "%F0" + hex($0) }
    values += (0x90...0xBF).map { "%F4" + hex($0) }
    return values
  }()

  /// `scalars` as percent-encoded UTF-8, upper-case hex.
  static func escaped(_ scalars: [UInt32]) -> [String] {
    scalars.compactMap(Unicode.Scalar.init).map { scalar in
      String(scalar).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
    }
  }

  /// `/.` and `/..` segments, escaped or full-width (NFKC makes them dots).
  static let dotSegments: [String] = {
    let dots = [".", "%2E", "%EF%BC%8E", "%EF%B9%92", "%E3%80%82", "%EF%BD%A1"]
    var values = dots.map { "/" + $0 } + ["/%E2%80%A4", "/%E2%80%A5"]
    for first in dots { for second in dots { values.append("/" + first + second) } }
    return values
  }()

  /// Two dots in a row, escaped or as characters NFKC makes dots (`‥`, `…`): an identifier-like
  /// capture refuses them anywhere (`CapturedValueCheck`), and no literal holds them.
  static let dotPairs: [String] = {
    let dots = [".", "%2E", "%EF%BC%8E", "%EF%B9%92", "%E3%80%82", "%E2%80%A4", "%EF%BD%A1"]
    var values = ["%E2%80%A5", "%E2%80%A6"]
    for first in dots { for second in dots { values.append(first + second) } }
    return values
  }()

  /// The invisible characters an identifier-like capture refuses that a pattern can name one by
  /// one (percent-encoded): spaces other than U+0020, the Hangul fillers, U+034F, the soft hyphen,
  /// the variation selectors U+FE00–U+FE0F, the noncharacters of the first plane. Private-use and
  /// unassigned code points, and the supplementary variation selectors and noncharacters, are too
  /// many to list: iOS claims them and the app decides such a link `invalid`
  /// (`Docs/AssociationFiles.md`).
  static let invisibleEscapes: [String] = {
    var scalars: [UInt32] = [0xA0, 0xAD, 0x34F, 0x115F, 0x1160, 0x1680, 0x202F, 0x205F, 0x3000, 0x3164, 0xFFA0]
    scalars += Array(0x2000...0x200A) + Array(0xFE00...0xFE0F) + Array(0xFDD0...0xFDEF) + [0xFFFE, 0xFFFF]
    return scalars.compactMap(Unicode.Scalar.init).map { scalar in
      String(scalar).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
    }
  }()

  /// `values` with their hex digits upper-case and lower-case (a link may use either).
  static func bothCases(_ values: [String]) -> [String] {
    var result: [String] = []
    for value in values {
      result.append(value)
      let lower = value.lowercased()
      if lower != value { result.append(lower) }
    }
    return result
  }

  /// The file, pretty-printed: `{"applinks":{"defaults":…,"substitutionVariables":…,"details":[…]}}`.
  ///
  /// - Parameters:
  ///   - appIDs: the apps that handle the links (`TEAM.bundle`), in order.
  ///   - comments: whether each component carries its `comment`.
  package func json(appIDs: [String], comments: Bool = true) -> String {
    var text = "{\n  \"applinks\": {\n"
    text += "    \"defaults\": { \"caseSensitive\": false },\n"
    text += "    \"substitutionVariables\": {\n"
    text +=
      Self.variables.map { variable in
        "      \(quoted(variable.name)): [" + variable.values.map(quoted).joined(separator: ", ") + "]"
      }.joined(separator: ",\n")
    text += "\n    },\n    \"details\": [\n      {\n"
    text += "        \"appIDs\": [\(appIDs.map(quoted).joined(separator: ", "))],\n        \"components\": [\n"
    text += components.map { component in
      var fields: [String] = []
      if let path = component.path { fields.append("\"/\": \(quoted(path))") }
      if let whole = component.wholeQuery {
        fields.append("\"?\": \(quoted(whole))")
      } else if !component.query.isEmpty {
        let query = component.query.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(quoted($0.value))" }
        fields.append("\"?\": { " + query.joined(separator: ", ") + " }")
      }
      if let fragment = component.fragment { fields.append("\"#\": \(quoted(fragment))") }
      if component.exclude { fields.append("\"exclude\": true") }
      if component.caseSensitive { fields.append("\"caseSensitive\": true") }
      if comments {
        fields.append("\"comment\": \(quoted(component.comment))")
        return "          { " + fields.joined(separator: ", ") + " }"
      }
      return "{" + fields.joined(separator: ",").replacingOccurrences(of: "\": ", with: "\":") + "}"
    }.joined(separator: comments ? ",\n" : ",\n")
    text += "\n        ]\n      }\n    ]\n  }\n}\n"
    return text
  }

  /// Apple's limit on the file's uncompressed size (App Search Programming Guide, "Support Universal Links").
  package static let sizeLimit = 128 * 1024
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

/// `text` as a JSON string literal.
func quoted(_ text: String) -> String {
  var json = JSONWriter()
  json.string(text)
  return String(decoding: json.bytes, as: UTF8.self)
}
