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
package struct AppleAppSiteAssociationMatcher: Sendable {
  /// How to read the points Apple's documentation leaves open. `documented` is the plainest reading of the text.
  package struct Reading: Sendable, Hashable, CustomStringConvertible {
    /// How repeated query item names are matched by a `?` dictionary. WWDC19 session 717 says that "the operating
    /// system will require that all instances of a given query item name match your pattern" (`all`); some
    /// third-party tools use `any`; `first` looks only at the first instance.
    package enum RepeatedQueryItems: Sendable, Hashable, CaseIterable {
      /// Every item with the name must match (WWDC19).
      case all
      /// At least one item with the name must match.
      case any
      /// Only the first item with the name is compared.
      case first
    }

    /// How the URL is compared when `percentEncoded` is true. The Components page only says the URL is
    /// "percent-encoded"; it does not say whether equivalent encodings (`%41` vs `A`, `%2f` vs `%2F`) are unified.
    package enum PercentEncoding: Sendable, Hashable, CaseIterable {
      /// The URL's path, query and fragment are compared exactly as written.
      case asWritten
      /// Before comparing, `%XX` of unreserved characters (ALPHA DIGIT - . _ ~) is decoded and the hex digits of
      /// every other `%XX` are upper-cased (RFC 3986 §6.2.2 normalisation). Patterns are left as written.
      case normalized
    }

    /// How repeated query item names are matched.
    package var repeatedQueryItems: RepeatedQueryItems
    /// How the URL is compared when `percentEncoded` is true.
    package var percentEncoding: PercentEncoding
    /// TN3155 shows `swcutil` reporting `/test/*` as matching `https://example.com/test`; when true, a path
    /// pattern ending in `/*` also matches the path without that suffix. Strict globbing (false) does not.
    package var trailingSlashStarMatchesParent: Bool
    /// When true, query item names are percent-decoded (as `NSURLQueryItem.name` is) before being compared with the
    /// `?` dictionary's keys; when false they are compared as written. Apple does not say which.
    package var queryNamesDecoded: Bool

    /// Creates a reading; the defaults are those of `documented`.
    package init(
      repeatedQueryItems: RepeatedQueryItems = .all, percentEncoding: PercentEncoding = .asWritten,
      trailingSlashStarMatchesParent: Bool = false, queryNamesDecoded: Bool = false
    ) {
      self.repeatedQueryItems = repeatedQueryItems
      self.percentEncoding = percentEncoding
      self.trailingSlashStarMatchesParent = trailingSlashStarMatchesParent
      self.queryNamesDecoded = queryNamesDecoded
    }

    /// The plainest reading of Apple's text: `all`, `asWritten`, no trailing-`/*` rule, query names as written.
    package static let documented = Reading()

    /// Every combination of the four choices (24 readings).
    package static let all: [Reading] = RepeatedQueryItems.allCases.flatMap { repeated in
      PercentEncoding.allCases.flatMap { encoding in
        (0..<4).map { bits in
          Reading(
            repeatedQueryItems: repeated, percentEncoding: encoding, trailingSlashStarMatchesParent: bits & 2 != 0,
            queryNamesDecoded: bits & 1 != 0)
        }
      }
    }

    /// A short label such as `repeated=all percent=asWritten slashStar=strict names=raw`.
    package var description: String {
      "repeated=\(repeatedQueryItems) percent=\(percentEncoding) "
        + "slashStar=\(trailingSlashStarMatchesParent ? "parent" : "strict") "
        + "names=\(queryNamesDecoded ? "decoded" : "raw")"
    }
  }

  /// The outcome for one URL. `component` is the 0-based index into `components` of the first matching entry.
  package enum Decision: Sendable, Hashable {
    /// The first matching component is an include: the URL opens the app (`swcutil`: "matched").
    case claimed(component: Int)
    /// The first matching component has `exclude: true`: matching stops and the URL is not a universal link
    /// (`swcutil`: "blocked match").
    case excluded(component: Int)
    /// No component matches, or the URL could not be parsed; the link opens in the browser (TN3155).
    case unclaimed
  }

  /// One entry of `components` (Components page), with `defaults` already applied to its two flags.
  package struct Component: Sendable, Hashable {
    /// The `/` pattern for the URL path; nil means the documented default `*`.
    package var path: String?
    /// The `?` pattern: a string for the whole query, or a Query dictionary; nil means the default `*`.
    package var query: Query?
    /// The `#` pattern for the fragment; nil means the default `*`.
    package var fragment: String?
    /// `exclude`, default false.
    package var exclude: Bool
    /// `caseSensitive` after the defaults cascade (component, then details `defaults`, then applinks `defaults`).
    package var caseSensitive: Bool
    /// `percentEncoded` after the defaults cascade.
    package var percentEncoded: Bool
    /// `comment`, "Text that the system ignores."
    package var comment: String?

    /// The two documented forms of the `?` key.
    package enum Query: Sendable, Hashable {
      /// Matched against the whole query string, without the leading `?`.
      case string(String)
      /// Each key is a query item name; each value a pattern for that item's value (Query page).
      case items([String: String])
    }
  }

  /// Why a file was rejected. `key` values are JSON paths such as `applinks.details[0].components[2].exclude`.
  package enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
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
    package var description: String {
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
  package let appIDs: [String]
  /// The components of the first details entry listing the `appID` given to `init`, or of the first entry.
  package let components: [Component]
  /// The custom variables declared in `applinks.substitutionVariables` (predefined ones are not included).
  package let substitutionVariables: [String: [String]]
  private let compiled: [Compiled]

  /// Parses an AASA file and selects the first details entry that lists `appID` (the first entry when nil).
  /// Every details entry is validated; only the selected one is kept.
  package init(json: Data, appID: String? = nil) throws(FileError) {
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
  package func decide(_ url: String, reading: Reading = .documented) -> Decision {
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
  package func describe(_ index: Int) -> String {
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
}
