import Foundation

private typealias AASA = AppleAppSiteAssociationMatcher

/// Reading the file: the `applinks` keys, defaults and components (the Components and Defaults pages).
extension AppleAppSiteAssociationMatcher {
  typealias JSON = DocumentJSON

  // MARK: - File parsing

  struct Flags {
    var caseSensitive = true
    var percentEncoded = true
  }

  /// The value of `key` if present; throws when it is present with another JSON type than `pick` accepts.
  static func take<T>(
    _ value: JSON?, _ key: String, _ expected: String, _ pick: (JSON) -> T?
  ) throws(FileError) -> T? {
    guard let value else { return nil }
    guard let picked = pick(value) else { throw .wrongType(key: key, expected: expected) }
    return picked
  }

  static func rejectUnknownKeys(_ object: [String: JSON], _ key: String, known: [String]) throws(FileError) {
    if let extra = object.keys.sorted().first(where: { !known.contains($0) }) { throw .unknownKey("\(key).\(extra)") }
  }

  /// Defaults page: "The more specific definition overrides the less specific."
  static func flags(
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

  static func component(_ value: JSON, _ key: String, inheriting outer: Flags) throws(FileError) -> Component {
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

  static func quote(_ text: String) -> String {
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
}
