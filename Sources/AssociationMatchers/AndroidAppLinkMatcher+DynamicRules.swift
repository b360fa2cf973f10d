import Foundation

extension AndroidAppLinkMatcher {
  /// One entry of `dynamic_app_link_components` (CFG): its keys are ANDed.
  struct DynamicComponent: Sendable, CustomStringConvertible {
    var path: Pattern?
    var fragment: Pattern?
    var query: [(key: String, value: String, name: Pattern, content: Pattern, pair: Pattern)]
    var exclude: Bool

    /// On the device each component becomes a `UriRelativeFilterGroup` (block for `exclude`) of one
    /// `UriRelativeFilter` a key: "/" on `Uri.getPath()` (decoded), "#" on `getFragment()`, each "?" entry on the
    /// query parameters as `key=value`, ANDed (CFG). As AOSP's `UriRelativeFilterGroup.matchData` and
    /// `UriRelativeFilter.matchData` read them: a group with no filter matches nothing, so a component with no keys
    /// never matches; a part the link lacks (no fragment, no query) fails its filter whatever the pattern (a
    /// `PatternMatcher` never matches a null string), so `"#": "*"` does not match a link without a fragment; a query
    /// filter matches when one parameter (split as ``URI/queryParameters``) matches it whole.
    func matches(_ uri: URI) -> Bool {
      guard path != nil || fragment != nil || !query.isEmpty else { return false }
      if let path, !(uri.path.map(path.matches) ?? false) { return false }
      if let fragment, !(uri.fragment.map { fragment.matches(Array($0.utf16)) } ?? false) { return false }
      guard uri.query != nil || query.isEmpty else { return false }
      let parameters = uri.queryParameters
      return query.allSatisfy { entry in
        parameters.contains { entry.pair.matches(Array($0.utf16)) }
      }
    }

    var description: String {
      var parts: [String] = []
      if let path { parts.append("/ \(path)") }
      if let fragment { parts.append("# \(fragment)") }
      for entry in query { parts.append("? \(entry.key)=\(entry.value) (\(entry.name) = \(entry.content))") }
      if exclude { parts.append("exclude") }
      return parts.isEmpty ? "(no keys: no link)" : parts.joined(separator: ", ")
    }
  }

  /// A dynamic-rule expression as a PatternMatcher (CFG: `*` "matches zero or more characters", `?` "matches any
  /// single character", `?*` one or more; "There are no other character restrictions for values"). As AOSP's
  /// `DalComponentParser` converts it (note B3, whose fixture table this passes): no `*` or `?` → LITERAL; one
  /// wildcard, a final `*` → PREFIX of the rest; otherwise SIMPLE_GLOB with `*` → `.*`, `?` → `.`, `.` → `\.` and
  /// `\` → `\\`. TEST confirms `/foo*` → PREFIX `/foo` and `*` → PREFIX ``.
  static func expression(_ text: String, key: String) throws(FileError) -> Pattern {
    let units = Array(text.utf16)
    guard !units.isEmpty else { throw .emptyExpression(key: key) }
    let wildcards = units.filter { $0 == Unit.star || $0 == Unit.question }.count
    if wildcards == 0 { return Pattern(units: units, kind: .literal) }
    if wildcards == 1, units.last == Unit.star { return Pattern(units: Array(units.dropLast()), kind: .prefix) }
    var glob: [UInt16] = []
    for unit in units {
      switch unit {
      case Unit.star: glob += [Unit.dot, Unit.star]
      case Unit.question: glob.append(Unit.dot)
      case Unit.dot: glob += [Unit.backslash, Unit.dot]
      case Unit.backslash: glob += [Unit.backslash, Unit.backslash]
      default: glob.append(unit)
      }
    }
    return Pattern(units: glob, kind: .simpleGlob)
  }

  /// The dynamic rules of `data`, or `nil` when it declares none (or an empty list: CFG, "If any field is malformed
  /// or empty, the dynamic rules are discarded").
  static func dynamicComponents(_ data: Data) throws(FileError) -> [DynamicComponent]? {
    let root: JSON
    do { root = try JSONDecoder().decode(JSON.self, from: data) } catch { throw .notJSON }
    // CFG: the file is "a JSON array" of statements, each with `relation` (an array of strings) and `target`.
    guard case .array(let statements) = root else {
      throw .wrongType(key: "the assetlinks file", expected: "an array of statements")
    }
    var lists: [(key: String, components: [JSON])] = []
    for (index, statement) in statements.enumerated() {
      let key = "[\(index)]"
      guard case .object(let fields) = statement else { throw .wrongType(key: key, expected: "an object") }
      if let relation = fields["relation"] {
        guard case .array(let relations) = relation, relations.allSatisfy({ $0.string != nil }) else {
          throw .wrongType(key: "\(key).relation", expected: "an array of strings")
        }
      }
      guard case .object(let target)? = fields["target"] else {
        throw .wrongType(key: "\(key).target", expected: "an object")
      }
      // CFG: the dynamic rules belong to an app statement (`"namespace": "android_app"`).
      guard target["namespace"]?.string == "android_app" else { continue }
      guard let extensions = fields["relation_extensions"] else { continue }
      guard case .object(let byRelation) = extensions else {
        throw .wrongType(key: "\(key).relation_extensions", expected: "an object")
      }
      let relationKey = "\(key).relation_extensions[\"\(handleAllURLs)\"]"
      guard let entry = byRelation[handleAllURLs] else { continue }
      guard case .object(let entryFields) = entry else { throw .wrongType(key: relationKey, expected: "an object") }
      guard let list = entryFields["dynamic_app_link_components"] else { continue }
      let listKey = "\(relationKey).dynamic_app_link_components"
      guard case .array(let components) = list else { throw .wrongType(key: listKey, expected: "an array") }
      lists.append((listKey, components))
    }
    guard lists.count <= 1 else { throw .duplicateDynamicComponents }
    guard let (listKey, components) = lists.first, !components.isEmpty else { return nil }
    var result: [DynamicComponent] = []
    for (index, component) in components.enumerated() {
      let key = "\(listKey)[\(index)]"
      guard case .object(let fields) = component else { throw .wrongType(key: key, expected: "an object") }
      var parsed = DynamicComponent(query: [], exclude: false)
      for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
        let field = "\(key)[\"\(name)\"]"
        switch name {
        case "/", "#":
          guard let text = value.string else { throw .wrongType(key: field, expected: "a string") }
          let pattern = try expression(text, key: field)
          if name == "/" { parsed.path = pattern } else { parsed.fragment = pattern }
        case "?":
          guard case .object(let entries) = value else {
            throw .wrongType(key: field, expected: "an object of strings")
          }
          for (entryKey, entryValue) in entries.sorted(by: { $0.key < $1.key }) {
            guard let text = entryValue.string else {
              throw .wrongType(key: "\(field)[\"\(entryKey)\"]", expected: "a string")
            }
            let name = try expression(entryKey, key: "\(field) key")
            let content =
              text.isEmpty ? Pattern(units: [], kind: .literal) : try expression(text, key: "\(field)[\"\(entryKey)\"]")
            let pair = try expression(entryKey + "=" + text, key: field)
            parsed.query.append((entryKey, text, name, content, pair))
          }
        case "exclude":
          guard case .bool(let flag) = value else { throw .wrongType(key: field, expected: "true or false") }
          parsed.exclude = flag
        case "comments":
          // Read (and ignored) by AOSP's statement parser; CFG does not list it.
          guard value.string != nil else { throw .wrongType(key: field, expected: "a string") }
        default:
          throw .unknownComponentKey(name)
        }
      }
      result.append(parsed)
    }
    return result
  }

  typealias JSON = DocumentJSON
}

// MARK: - PatternMatcher
