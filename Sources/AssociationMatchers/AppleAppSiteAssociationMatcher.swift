import Foundation

private typealias AASA = AppleAppSiteAssociationMatcher

/// Decides whether an `apple-app-site-association` (AASA) file claims a URL for one app, using the iOS 13+
/// `components` format as Apple documents it. It is written from Apple's pages only:
/// - applinks: https://developer.apple.com/documentation/bundleresources/applinks
/// - Details: https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary
/// - Components: https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary
/// - Query: https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary/query
/// - Defaults: https://developer.apple.com/documentation/bundleresources/applinks/defaults-swift.dictionary
/// - SubstitutionVariables: https://developer.apple.com/documentation/bundleresources/applinks/substitutionvariables-swift.dictionary
/// - TN3155: https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links
/// - WWDC19 session 717: https://developer.apple.com/videos/play/wwdc2019/717/
///
/// Components are tried in order and the first match wins (Components page). Matching is anchored: a pattern must
/// match the whole URL component. Runtime is O(pattern tokens × text length) per component: the matcher keeps the
/// set of reachable text positions instead of backtracking.
///
/// Open points settled in code rather than by `Reading` (each is repeated where it is implemented):
/// - A `/` pattern without a leading `/` is also tried against the path without its leading `/` (Components page E1:
///   `"abc"` matches `https://www.example.com/abc`).
/// - Query item names are compared case-sensitively; `caseSensitive` applies to patterns and variable values only.
/// - Keys outside the documented Components and Defaults keys, a custom variable named like a predefined one, and an
///   `appID` that no details entry lists are file errors instead of being ignored.
public struct AppleAppSiteAssociationMatcher: Sendable {
  /// How to read the points Apple's documentation leaves open. `documented` is the plainest reading of the text.
  public struct Reading: Sendable, Hashable, CustomStringConvertible {
    /// How repeated query item names are matched by a `?` dictionary. WWDC19 session 717 says that "the operating
    /// system will require that all instances of a given query item name match your pattern" (`all`); some
    /// third-party tools use `any`; `first` looks only at the first instance.
    public enum RepeatedQueryItems: Sendable, Hashable, CaseIterable {
      /// Every item with the name must match (WWDC19).
      case all
      /// At least one item with the name must match.
      case any
      /// Only the first item with the name is compared.
      case first
    }

    /// How the URL is compared when `percentEncoded` is true. The Components page only says the URL is
    /// "percent-encoded"; it does not say whether equivalent encodings (`%41` vs `A`, `%2f` vs `%2F`) are unified.
    public enum PercentEncoding: Sendable, Hashable, CaseIterable {
      /// The URL's path, query and fragment are compared exactly as written.
      case asWritten
      /// Before comparing, `%XX` of unreserved characters (ALPHA DIGIT - . _ ~) is decoded and the hex digits of
      /// every other `%XX` are upper-cased (RFC 3986 §6.2.2 normalisation). Patterns are left as written.
      case normalized
    }

    /// How repeated query item names are matched.
    public var repeatedQueryItems: RepeatedQueryItems
    /// How the URL is compared when `percentEncoded` is true.
    public var percentEncoding: PercentEncoding
    /// TN3155 shows `swcutil` reporting `/test/*` as matching `https://example.com/test`; when true, a path
    /// pattern ending in `/*` also matches the path without that suffix. Strict globbing (false) does not.
    public var trailingSlashStarMatchesParent: Bool
    /// When true, query item names are percent-decoded (as `NSURLQueryItem.name` is) before being compared with the
    /// `?` dictionary's keys; when false they are compared as written. Apple does not say which.
    public var queryNamesDecoded: Bool

    /// Creates a reading; the defaults are those of `documented`.
    public init(
      repeatedQueryItems: RepeatedQueryItems = .all, percentEncoding: PercentEncoding = .asWritten,
      trailingSlashStarMatchesParent: Bool = false, queryNamesDecoded: Bool = false
    ) {
      self.repeatedQueryItems = repeatedQueryItems
      self.percentEncoding = percentEncoding
      self.trailingSlashStarMatchesParent = trailingSlashStarMatchesParent
      self.queryNamesDecoded = queryNamesDecoded
    }

    /// The plainest reading of Apple's text: `all`, `asWritten`, no trailing-`/*` rule, query names as written.
    public static let documented = Reading()

    /// Every combination of the four choices (24 readings).
    public static let all: [Reading] = RepeatedQueryItems.allCases.flatMap { repeated in
      PercentEncoding.allCases.flatMap { encoding in
        (0..<4).map { bits in
          Reading(
            repeatedQueryItems: repeated, percentEncoding: encoding, trailingSlashStarMatchesParent: bits & 2 != 0,
            queryNamesDecoded: bits & 1 != 0)
        }
      }
    }

    /// A short label such as `repeated=all percent=asWritten slashStar=strict names=raw`.
    public var description: String {
      "repeated=\(repeatedQueryItems) percent=\(percentEncoding) "
        + "slashStar=\(trailingSlashStarMatchesParent ? "parent" : "strict") "
        + "names=\(queryNamesDecoded ? "decoded" : "raw")"
    }
  }

  /// The outcome for one URL. `component` is the 0-based index into `components` of the first matching entry.
  public enum Decision: Sendable, Hashable {
    /// The first matching component is an include: the URL opens the app (`swcutil`: "matched").
    case claimed(component: Int)
    /// The first matching component has `exclude: true`: matching stops and the URL is not a universal link
    /// (`swcutil`: "blocked match").
    case excluded(component: Int)
    /// No component matches, or the URL could not be parsed; the link opens in the browser (TN3155).
    case unclaimed
  }

  /// One entry of `components` (Components page), with `defaults` already applied to its two flags.
  public struct Component: Sendable, Hashable {
    /// The `/` pattern for the URL path; nil means the documented default `*`.
    public var path: String?
    /// The `?` pattern: a string for the whole query, or a Query dictionary; nil means the default `*`.
    public var query: Query?
    /// The `#` pattern for the fragment; nil means the default `*`.
    public var fragment: String?
    /// `exclude`, default false.
    public var exclude: Bool
    /// `caseSensitive` after the defaults cascade (component, then details `defaults`, then applinks `defaults`).
    public var caseSensitive: Bool
    /// `percentEncoded` after the defaults cascade.
    public var percentEncoded: Bool
    /// `comment`, "Text that the system ignores."
    public var comment: String?

    /// The two documented forms of the `?` key.
    public enum Query: Sendable, Hashable {
      /// Matched against the whole query string, without the leading `?`.
      case string(String)
      /// Each key is a query item name; each value a pattern for that item's value (Query page).
      case items([String: String])
    }
  }

  /// Why a file was rejected. `key` values are JSON paths such as `applinks.details[0].components[2].exclude`.
  public enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data is not JSON.
    case notJSON
    /// A required key is absent (`applinks`, `applinks.details`, a details entry's `components` or app ID).
    case missingKey(String)
    /// A key holds a value of the wrong JSON type.
    case wrongType(key: String, expected: String)
    /// `applinks.details` is an empty array.
    case emptyDetails
    /// A key that Apple does not document for a Components or Defaults dictionary (the Defaults page lists only
    /// `caseSensitive` and `percentEncoded`, so `/`, `?`, `#` and `exclude` are rejected there too).
    case unknownKey(String)
    /// No details entry lists the app ID given to `init`.
    case appIDNotListed(String)
    /// A pattern uses `$(name)` but no such variable exists.
    case unknownVariable(name: String, key: String)
    /// A pattern has `$(` without `)`, or a name containing `$` or `(`.
    case malformedVariable(key: String)
    /// A variable name contains `$`, `(` or `)`, or is empty.
    case invalidVariableName(String)
    /// A variable's value uses another variable, which the SubstitutionVariables page forbids.
    case variableValueUsesVariable(name: String)
    /// A custom variable reuses a predefined name; Apple does not say which would win, so this is rejected.
    case predefinedVariableRedefined(String)

    /// A sentence naming what is wrong.
    public var description: String {
      switch self {
      case .notJSON: "the file is not JSON"
      case .missingKey(let key): "missing key \(key)"
      case .wrongType(let key, let expected): "\(key) must be \(expected)"
      case .emptyDetails: "applinks.details is empty"
      case .unknownKey(let key): "undocumented key \(key)"
      case .appIDNotListed(let appID): "no details entry lists the app ID \(appID)"
      case .unknownVariable(let name, let key): "\(key) uses the unknown substitution variable $(\(name))"
      case .malformedVariable(let key): "\(key) has a malformed $(...) reference"
      case .invalidVariableName(let name): "invalid substitution variable name \"\(name)\""
      case .variableValueUsesVariable(let name): "a value of substitution variable \(name) uses another variable"
      case .predefinedVariableRedefined(let name): "substitution variable \(name) redefines a predefined one"
      }
    }
  }

  /// The app IDs (`appID` and `appIDs`) of the selected details entry.
  public let appIDs: [String]
  /// The components of the first details entry listing the `appID` given to `init`, or of the first entry.
  public let components: [Component]
  /// The custom variables declared in `applinks.substitutionVariables` (predefined ones are not included).
  public let substitutionVariables: [String: [String]]
  private let compiled: [Compiled]

  /// Parses an AASA file and selects the first details entry that lists `appID` (the first entry when nil).
  /// Every details entry is validated; only the selected one is kept.
  public init(json: Data, appID: String? = nil) throws(FileError) {
    let root: JSON
    do { root = try JSONDecoder().decode(JSON.self, from: json) } catch { throw .notJSON }
    guard let top = root.object else { throw .wrongType(key: "the file", expected: "an object") }
    guard let applinks = try Self.take(top["applinks"], "applinks", "an object", \.object) else {
      throw .missingKey("applinks")
    }
    let variablesKey = "applinks.substitutionVariables"
    var variables: [String: [String]] = [:]
    for (name, list) in try Self.take(applinks["substitutionVariables"], variablesKey, "an object", \.object) ?? [:] {
      guard !name.isEmpty, !name.contains(where: { "$()".contains($0) }) else { throw .invalidVariableName(name) }
      guard Self.predefined[name] == nil else { throw .predefinedVariableRedefined(name) }
      guard let values = list.strings else {
        throw .wrongType(key: "\(variablesKey).\(name)", expected: "an array of strings")
      }
      guard !values.contains(where: { $0.contains("$(") }) else { throw .variableValueUsesVariable(name: name) }
      variables[name] = values
    }
    let domainFlags = try Self.flags(applinks["defaults"], "applinks.defaults", inheriting: Flags())
    guard let details = try Self.take(applinks["details"], "applinks.details", "an array", \.array) else {
      throw .missingKey("applinks.details")
    }
    guard !details.isEmpty else { throw .emptyDetails }
    var selected: (ids: [String], components: [Component], compiled: [Compiled])?
    for (index, entryValue) in details.enumerated() {
      let key = "applinks.details[\(index)]"
      guard let entry = entryValue.object else { throw .wrongType(key: key, expected: "an object") }
      guard entry["appID"] != nil || entry["appIDs"] != nil else { throw .missingKey("\(key).appIDs") }
      let ids =
        try [Self.take(entry["appID"], "\(key).appID", "a string", \.string)].compactMap { $0 }
        + (Self.take(entry["appIDs"], "\(key).appIDs", "an array of strings", \.strings) ?? [])
      let entryFlags = try Self.flags(entry["defaults"], "\(key).defaults", inheriting: domainFlags)
      guard let list = try Self.take(entry["components"], "\(key).components", "an array", \.array) else {
        throw .missingKey("\(key).components")
      }
      var parsed: [Component] = []
      var compiled: [Compiled] = []
      for (position, value) in list.enumerated() {
        let componentKey = "\(key).components[\(position)]"
        parsed.append(try Self.component(value, componentKey, inheriting: entryFlags))
        compiled.append(try Compiled(parsed[position], componentKey, variables))
      }
      if selected == nil, appID.map(ids.contains) ?? true { selected = (ids, parsed, compiled) }
    }
    guard let selected else { throw .appIDNotListed(appID ?? "") }
    (appIDs, components, compiled, substitutionVariables) = (selected.0, selected.1, selected.2, variables)
  }

  /// Returns the decision for `url`, an absolute `http`/`https` URL string. Its path, query and fragment are taken
  /// from the string as written (RFC 3986 delimiters `?` and `#`); an empty path stays empty and an absent query or
  /// fragment reads as the empty string. A URL with another scheme, no host, characters outside printable ASCII or a
  /// `%` not followed by two hex digits is unparsable and therefore `.unclaimed`.
  public func decide(_ url: String, reading: Reading = .documented) -> Decision {
    guard var parts = URLParts(url) else { return .unclaimed }
    if reading.percentEncoding == .normalized {
      parts.path = Self.percent(parts.path, decodeAll: false)
      parts.query = parts.query.map { Self.percent($0, decodeAll: false) }
      parts.fragment = parts.fragment.map { Self.percent($0, decodeAll: false) }
    }
    let cache = TextCache()
    for (index, entry) in compiled.enumerated() where entry.matches(parts, reading, cache) {
      return components[index].exclude ? .excluded(component: index) : .claimed(component: index)
    }
    return .unclaimed
  }

  /// One line describing component `index` as JSON-like text with its effective flags, for failure messages.
  public func describe(_ index: Int) -> String {
    guard components.indices.contains(index) else { return "no component #\(index)" }
    let component = components[index]
    var fields: [String] = []
    if let path = component.path { fields.append("\"/\": \(Self.quote(path))") }
    switch component.query {
    case .string(let text): fields.append("\"?\": \(Self.quote(text))")
    case .items(let items):
      let pairs = items.sorted { $0.key < $1.key }.map { "\(Self.quote($0.key)): \(Self.quote($0.value))" }
      fields.append("\"?\": {\(pairs.joined(separator: ", "))}")
    case nil: break
    }
    if let fragment = component.fragment { fields.append("\"#\": \(Self.quote(fragment))") }
    if component.exclude { fields.append("\"exclude\": true") }
    fields.append("\"caseSensitive\": \(component.caseSensitive), \"percentEncoded\": \(component.percentEncoded)")
    if let comment = component.comment { fields.append("\"comment\": \(Self.quote(comment))") }
    return "#\(index) {\(fields.joined(separator: ", "))}"
  }

  // MARK: - File parsing

  private enum JSON: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSON]), object([String: JSON])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([JSON].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: JSON].self))
      }
    }

    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var string: String? { if case .string(let value) = self { value } else { nil } }
    var array: [JSON]? { if case .array(let value) = self { value } else { nil } }
    var object: [String: JSON]? { if case .object(let value) = self { value } else { nil } }
    var strings: [String]? {
      array.flatMap { list in list.allSatisfy { $0.string != nil } ? list.compactMap(\.string) : nil }
    }
  }

  private struct Flags {
    var caseSensitive = true
    var percentEncoded = true
  }

  /// The value of `key` if present; throws when it is present with another JSON type than `pick` accepts.
  private static func take<T>(
    _ value: JSON?, _ key: String, _ expected: String, _ pick: (JSON) -> T?
  ) throws(FileError) -> T? {
    guard let value else { return nil }
    guard let picked = pick(value) else { throw .wrongType(key: key, expected: expected) }
    return picked
  }

  private static func rejectUnknownKeys(_ object: [String: JSON], _ key: String, known: [String]) throws(FileError) {
    if let extra = object.keys.sorted().first(where: { !known.contains($0) }) { throw .unknownKey("\(key).\(extra)") }
  }

  /// Defaults page: "The more specific definition overrides the less specific."
  private static func flags(
    _ value: JSON?, _ key: String, inheriting outer: Flags, allowingOtherKeys: Bool = false
  ) throws(FileError) -> Flags {
    guard let object = try take(value, key, "an object", \.object) else { return outer }
    if !allowingOtherKeys { try rejectUnknownKeys(object, key, known: ["caseSensitive", "percentEncoded"]) }
    return Flags(
      caseSensitive: try take(object["caseSensitive"], "\(key).caseSensitive", "a Boolean", \.bool)
        ?? outer.caseSensitive,
      percentEncoded: try take(object["percentEncoded"], "\(key).percentEncoded", "a Boolean", \.bool)
        ?? outer.percentEncoded)
  }

  private static func component(_ value: JSON, _ key: String, inheriting outer: Flags) throws(FileError) -> Component {
    guard let object = value.object else { throw .wrongType(key: key, expected: "an object") }
    try rejectUnknownKeys(object, key, known: ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"])
    var query: Component.Query?
    if let items = object["?"]?.object {
      var patterns: [String: String] = [:]
      for (name, pattern) in items { patterns[name] = try take(pattern, "\(key).?.\(name)", "a string", \.string) }
      query = .items(patterns)
    } else if let text = try take(object["?"], "\(key).?", "a string or an object of strings", \.string) {
      query = .string(text)
    }
    let flags = try flags(value, key, inheriting: outer, allowingOtherKeys: true)
    return Component(
      path: try take(object["/"], "\(key)./", "a string", \.string), query: query,
      fragment: try take(object["#"], "\(key).#", "a string", \.string),
      exclude: try take(object["exclude"], "\(key).exclude", "a Boolean", \.bool) ?? false,
      caseSensitive: flags.caseSensitive, percentEncoded: flags.percentEncoded,
      comment: try take(object["comment"], "\(key).comment", "a string", \.string))
  }

  private static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\": out += "\\\(scalar)"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  // MARK: - Patterns

  /// A compiled pattern element. `*` is "zero or more characters" (it crosses `/`), `?` "any single character"
  /// (Components page); no escape syntax is documented. A character is one Unicode scalar (URLs as written are ASCII).
  private enum Token: Sendable {
    case literal(Unicode.Scalar)
    case one
    case run
    case oneOf(Set<Unicode.Scalar>)
    case alternatives([[Token]])
  }

  /// SubstitutionVariables page: the ASCII classes are lists of one-character strings. `region` and `lang` come from
  /// Foundation's `Locale.Region.isoRegions` / `Locale.LanguageCode.isoLanguageCodes`, which on Linux also include
  /// UN M.49 area codes (`001`) and three-letter languages; Apple's example `UK` is not an ISO code and is absent.
  private static let predefined: [String: [String]] = {
    func range(_ from: Unicode.Scalar, _ to: Unicode.Scalar) -> [String] {
      (from.value...to.value).compactMap(Unicode.Scalar.init).map { String($0) }
    }
    let upper = range("A", "Z")
    let lower = range("a", "z")
    let digit = range("0", "9")
    return [
      "alpha": upper + lower, "upper": upper, "lower": lower, "alnum": upper + lower + digit, "digit": digit,
      "xdigit": digit + range("A", "F") + range("a", "f"),
      "region": Locale.Region.isoRegions.map(\.identifier),
      "lang": Locale.LanguageCode.isoLanguageCodes.map(\.identifier),
    ]
  }()

  /// Turns pattern text without variables into tokens; with `caseSensitive: false` both pattern text and variable
  /// values are lower-cased, as is the URL text (SubstitutionVariables page: values follow `caseSensitive`).
  private static func tokens(_ text: String, folded: Bool) -> [Token] {
    (folded ? text.lowercased() : text).unicodeScalars.map { $0 == "*" ? .run : $0 == "?" ? .one : .literal($0) }
  }

  private static func compile(
    _ pattern: String, _ key: String, folded: Bool, _ variables: [String: [String]]
  ) throws(FileError) -> [Token] {
    var result: [Token] = []
    var rest = Substring(pattern)
    while let start = rest.range(of: "$(") {
      result += tokens(String(rest[..<start.lowerBound]), folded: folded)
      guard let close = rest[start.upperBound...].firstIndex(of: ")") else { throw .malformedVariable(key: key) }
      let name = String(rest[start.upperBound..<close])
      guard !name.contains(where: { "$(".contains($0) }) else { throw .malformedVariable(key: key) }
      if let values = variables[name] {
        result.append(.alternatives(merged(values.map { tokens($0, folded: folded) })))
      } else if let values = predefined[name] {
        let folded = values.map { folded ? $0.lowercased() : $0 }
        if folded.allSatisfy({ $0.unicodeScalars.count == 1 }) {
          result.append(.oneOf(Set(folded.compactMap(\.unicodeScalars.first))))
        } else {
          result.append(.alternatives(folded.map { $0.unicodeScalars.map(Token.literal) }))
        }
      } else {
        throw .unknownVariable(name: name, key: key)
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + tokens(String(rest), folded: folded)
  }

  /// `options` with those that differ in one single-character position only written as one
  /// option with a set there (`*a*`, `*b*` → `*[ab]*`): the same language, walked once.
  private static func merged(_ options: [[Token]]) -> [[Token]] {
    func key(_ token: Token) -> String? {
      switch token {
      case .literal(let scalar): "l\(scalar.value)"
      case .one: "?"
      case .run: "*"
      case .oneOf(let set): "s" + set.map { String($0.value) }.sorted().joined(separator: ",")
      case .alternatives: nil
      }
    }
    var groups: [String: (index: Int, set: Set<Unicode.Scalar>, template: [Token])] = [:]
    var order: [String] = []
    var kept: [[Token]] = []
    for option in options {
      let keys = option.map(key)
      guard !keys.contains(where: { $0 == nil }),
        let index = option.indices.first(where: { if case .literal = option[$0] { true } else { false } }),
        option.indices.filter({ if case .literal = option[$0] { true } else { false } }).count == 1,
        case .literal(let scalar) = option[index]
      else {
        kept.append(option)
        continue
      }
      var shape = keys.map { $0 ?? "" }
      shape[index] = "#"
      let groupKey = shape.joined(separator: " ")
      if groups[groupKey] == nil {
        groups[groupKey] = (index, [], option)
        order.append(groupKey)
      }
      groups[groupKey]?.set.insert(scalar)
    }
    for groupKey in order {
      guard var group = groups[groupKey] else { continue }
      group.template[group.index] = group.set.count == 1 ? group.template[group.index] : .oneOf(group.set)
      kept.append(group.template)
    }
    return kept
  }

  /// Positions in `text` reachable after `tokens`, starting from the ascending positions `start`.
  private static func advance(_ tokens: [Token], from start: [Int], in text: [Unicode.Scalar]) -> [Int] {
    var positions = start
    for token in tokens {
      guard let first = positions.first else { return [] }
      switch token {
      case .literal(let scalar): positions = positions.filter { $0 < text.count && text[$0] == scalar }.map { $0 + 1 }
      case .one: positions = positions.filter { $0 < text.count }.map { $0 + 1 }
      case .oneOf(let set): positions = positions.filter { $0 < text.count && set.contains(text[$0]) }.map { $0 + 1 }
      case .run: positions = Array(first...text.count)
      case .alternatives(let options):
        var reached = [Bool](repeating: false, count: text.count + 1)
        for option in options {
          for position in advance(option, from: positions, in: text) { reached[position] = true }
        }
        positions = reached.indices.filter { reached[$0] }
      }
    }
    return positions
  }

  private static func fullMatch(_ tokens: [Token], _ text: [Unicode.Scalar], _ cache: TextCache) -> Bool {
    if text.count < 64 {
      let bits = cache.bits(text)
      return advance(tokens, from: 1, in: bits) & (1 << UInt64(text.count)) != 0
    }
    return advance(tokens, from: [0], in: text).last == text.count
  }

  /// The texts one URL is compared in, and their bit masks, made once per ``decide(_:reading:)``.
  private final class TextCache {
    var texts: [String: [Unicode.Scalar]] = [:]
    var bitTexts: [[Unicode.Scalar]: BitText] = [:]

    func text(_ raw: String, caseSensitive: Bool, percentEncoded: Bool) -> [Unicode.Scalar] {
      let key = "\(caseSensitive ? 1 : 0)\(percentEncoded ? 1 : 0)" + raw
      if let text = texts[key] { return text }
      let plain = percentEncoded ? raw : AASA.percent(raw, decodeAll: true)
      let text = Array((caseSensitive ? plain : plain.lowercased()).unicodeScalars)
      texts[key] = text
      return text
    }

    func bits(_ text: [Unicode.Scalar]) -> BitText {
      if let bits = bitTexts[text] { return bits }
      let bits = BitText(text)
      bitTexts[text] = bits
      return bits
    }
  }

  /// A text of fewer than 64 scalars, for the same walk as ``advance(_:from:in:)`` with the reachable
  /// positions 0…count as the bits of one word.
  private final class BitText {
    let text: [Unicode.Scalar]
    /// Bits 0…count.
    let all: UInt64
    /// Bits 0..<count: positions that have a character after them.
    let before: UInt64
    /// The positions holding each scalar of the text.
    let positions: [Unicode.Scalar: UInt64]

    init(_ text: [Unicode.Scalar]) {
      self.text = text
      all = text.count == 63 ? ~0 : (1 << UInt64(text.count + 1)) - 1
      before = (1 << UInt64(text.count)) - 1
      var positions: [Unicode.Scalar: UInt64] = [:]
      var index = 0
      while index < text.count {
        positions[text[index], default: 0] |= 1 << UInt64(index)
        index += 1
      }
      self.positions = positions
    }

    func mask(_ scalar: Unicode.Scalar) -> UInt64 { positions[scalar] ?? 0 }

    func mask(_ set: Set<Unicode.Scalar>) -> UInt64 {
      var mask: UInt64 = 0
      for (scalar, bits) in positions where set.contains(scalar) { mask |= bits }
      return mask
    }
  }

  /// ``advance(_:from:in:)`` over a ``BitText``: each token moves every reachable position at once.
  private static func advance(_ tokens: [Token], from start: UInt64, in text: BitText) -> UInt64 {
    var positions = start
    for token in tokens {
      guard positions != 0 else { return 0 }
      switch token {
      case .literal(let scalar): positions = (positions & text.mask(scalar)) << 1
      case .one: positions = (positions & text.before) << 1
      case .oneOf(let set): positions = (positions & text.mask(set)) << 1
      case .run: positions = text.all & ~((1 << UInt64(positions.trailingZeroBitCount)) - 1)
      case .alternatives(let options):
        var reached: UInt64 = 0
        for option in options {
          reached |= advance(option, from: positions, in: text)
          if reached & text.all == text.all { break }
        }
        positions = reached
      }
    }
    return positions & text.all
  }

  private struct Compiled: Sendable {
    var path: [Token]?
    var parentPath: [Token]?
    var pathHasLeadingSlash = true
    var queryString: [Token]?
    var queryItems: [(name: String, pattern: [Token])]?
    var fragment: [Token]?
    var caseSensitive: Bool
    var percentEncoded: Bool

    init(_ component: Component, _ key: String, _ variables: [String: [String]]) throws(FileError) {
      (caseSensitive, percentEncoded) = (component.caseSensitive, component.percentEncoded)
      func compile(_ pattern: String?, _ suffix: String) throws(FileError) -> [Token]? {
        guard let pattern else { return nil }
        return try AASA.compile(pattern, "\(key).\(suffix)", folded: !component.caseSensitive, variables)
      }
      path = try compile(component.path, "/")
      pathHasLeadingSlash = component.path?.hasPrefix("/") ?? true
      parentPath = try compile(component.path.flatMap { $0.hasSuffix("/*") ? String($0.dropLast(2)) : nil }, "/")
      fragment = try compile(component.fragment, "#")
      switch component.query {
      case .string(let text): queryString = try compile(text, "?")
      case .items(let items):
        var list: [(name: String, pattern: [Token])] = []
        for (name, pattern) in items.sorted(by: { $0.key < $1.key }) {
          list.append((name, try compile(pattern, "?.\(name)") ?? []))
        }
        queryItems = list
      case nil: break
      }
    }

    /// The text a pattern is compared with: as written when `percentEncoded` is true, percent-decoded otherwise
    /// (Components page: "whether URLs are percent-encoded"); lower-cased when `caseSensitive` is false.
    func text(_ raw: String, _ cache: TextCache) -> [Unicode.Scalar] {
      cache.text(raw, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
    }

    /// Components page: a URL matches only if it matches every key the component specifies.
    func matches(_ url: URLParts, _ reading: Reading, _ cache: TextCache) -> Bool {
      if let path {
        // Components page E1: `"/": "abc"` matches `https://www.example.com/abc`, so a pattern without a leading `/`
        // is also tried against the path without its leading `/`.
        var texts = [text(url.path, cache)]
        if !pathHasLeadingSlash, url.path.hasPrefix("/") { texts.append(text(String(url.path.dropFirst()), cache)) }
        let patterns = [path] + (reading.trailingSlashStarMatchesParent ? parentPath.map { [$0] } ?? [] : [])
        guard texts.contains(where: { text in patterns.contains { AASA.fullMatch($0, text, cache) } }) else {
          return false
        }
      }
      if let queryString, !AASA.fullMatch(queryString, text(url.query ?? "", cache), cache) { return false }
      if let queryItems {
        // Query page and WWDC19: unlisted items are ignored; absent items and items without a value read as "".
        // Names are compared exactly (case-sensitively): `caseSensitive` is documented for patterns only.
        let items = (url.query ?? "").split(separator: "&").map { item in
          let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
          let name = String(pair[0])
          return (
            name: reading.queryNamesDecoded ? AASA.percent(name, decodeAll: true) : name,
            value: pair.count > 1 ? String(pair[1]) : ""
          )
        }
        for (name, pattern) in queryItems {
          let values = items.filter { $0.name == name }.map { text($0.value, cache) }
          let accepted: Bool
          switch (values.first, reading.repeatedQueryItems) {
          case (nil, _): accepted = AASA.fullMatch(pattern, [], cache)
          case (let first?, .first): accepted = AASA.fullMatch(pattern, first, cache)
          case (_, .all): accepted = values.allSatisfy { AASA.fullMatch(pattern, $0, cache) }
          case (_, .any): accepted = values.contains { AASA.fullMatch(pattern, $0, cache) }
          }
          guard accepted else { return false }
        }
      }
      if let fragment, !AASA.fullMatch(fragment, text(url.fragment ?? "", cache), cache) { return false }
      return true
    }
  }

  // MARK: - URLs

  private struct URLParts {
    var path: String
    var query: String?
    var fragment: String?

    /// RFC 3986 appendix B split of an `http`/`https` URL with a non-empty host, after checking that it is printable
    /// ASCII and that every `%` starts a `%XX` escape.
    init?(_ url: String) {
      let bytes = Array(url.utf8)
      let escapesValid = bytes.indices.allSatisfy { index in
        bytes[index] != UInt8(ascii: "%")
          || (index + 2 < bytes.count && AASA.hex(bytes[index + 1]) != nil && AASA.hex(bytes[index + 2]) != nil)
      }
      guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), escapesValid else { return nil }
      // RFC 3986 appendix B by hand: `scheme://authority` then path, `?query`, `#fragment`.
      let lower = url.lowercased()
      let schemeLength = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
      guard schemeLength > 0 else { return nil }
      var rest = Substring(url).dropFirst(schemeLength)
      var fragment: String? = nil
      if let hash = rest.firstIndex(of: "#") {
        fragment = String(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
      }
      var query: String? = nil
      if let mark = rest.firstIndex(of: "?") {
        query = String(rest[rest.index(after: mark)...])
        rest = rest[..<mark]
      }
      let slash = rest.firstIndex(of: "/") ?? rest.endIndex
      var host = rest[..<slash]
      if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
      guard let first = host.first, first != ":" else { return nil }
      (self.path, self.query, self.fragment) = (String(rest[slash...]), query, fragment)
    }
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init)
  }

  /// RFC 3986 unreserved characters: ALPHA DIGIT - . _ ~
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    let character = Character(Unicode.Scalar(byte))
    return character.isASCII && (character.isLetter || character.isNumber || "-._~".contains(character))
  }

  /// With `decodeAll`, decodes every `%XX` (invalid UTF-8 becomes U+FFFD; `+` stays `+`). Without it, applies the
  /// `normalized` reading: decodes unreserved characters and upper-cases the hex digits of the rest.
  private static func percent(_ text: String, decodeAll: Bool) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]),
        let low = hex(bytes[index + 2])
      {
        let byte = high << 4 | low
        if decodeAll || isUnreserved(byte) {
          out.append(byte)
        } else {
          out += [UInt8(ascii: "%")] + Array(String(format: "%02X", byte).utf8)
        }
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
