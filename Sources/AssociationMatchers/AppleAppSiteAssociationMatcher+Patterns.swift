import Foundation

private typealias AASA = AppleAppSiteAssociationMatcher

/// Patterns: wildcards and substitution variables compiled to tokens, and a component's match (the Components and SubstitutionVariables pages).
extension AppleAppSiteAssociationMatcher {
  // MARK: - Patterns

  /// A compiled pattern element. `*` is "zero or more characters" (it crosses `/`), `?` "any single character"
  /// (Components page); no escape syntax is documented. A character is one Unicode scalar (URLs as written are ASCII).
  enum Token: Sendable {
    case literal(Unicode.Scalar)
    case one
    case run
    case oneOf(Set<Unicode.Scalar>)
    case alternatives([[Token]])
  }

  /// SubstitutionVariables page: the ASCII classes are lists of one-character strings. `region` and `lang` come from
  /// Foundation's `Locale.Region.isoRegions` / `Locale.LanguageCode.isoLanguageCodes`, which on Linux also include
  /// UN M.49 area codes (`001`) and three-letter languages; Apple's example `UK` is not an ISO code and is absent.
  static let predefined: [String: [String]] = {
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
  static func tokens(_ text: String, folded: Bool) -> [Token] {
    (folded ? text.lowercased() : text).unicodeScalars.map { $0 == "*" ? .run : $0 == "?" ? .one : .literal($0) }
  }

  static func compile(
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
  static func merged(_ options: [[Token]]) -> [[Token]] {
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
  static func advance(_ tokens: [Token], from start: [Int], in text: [Unicode.Scalar]) -> [Int] {
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

  static func fullMatch(_ tokens: [Token], _ text: [Unicode.Scalar], _ cache: TextCache) -> Bool {
    if text.count < 64 {
      let bits = cache.bits(text)
      return advance(tokens, from: 1, in: bits) & (1 << UInt64(text.count)) != 0
    }
    return advance(tokens, from: [0], in: text).last == text.count
  }

  /// The texts one URL is compared in, and their bit masks, made once per ``decide(_:reading:)``.
  final class TextCache {
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
  final class BitText {
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
  static func advance(_ tokens: [Token], from start: UInt64, in text: BitText) -> UInt64 {
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

  struct Compiled: Sendable {
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
}
