import DeepLinkCore

/// Android's side of a market's links, from the same rewrite rules as the router: the manifest's
/// `<intent-filter>` elements and the dynamic rules of Android 15 (`Docs/AssociationFiles.md`).
///
/// Android matches a `<data>` path against the link's decoded path, case-sensitively, and ignores
/// the query before Android 15. So:
/// - a rule with literal segments only is an `android:path` and, for repeated slashes,
///   `pathPattern`s (every Android version), and for other letter cases a `pathAdvancedPattern`;
/// - a rule with captures is a `pathAdvancedPattern` (Android 12, API 31, and later): literals
///   as `[eE][nN]`, `/+` between segments, a capture `[^/]+`, an `int` `[0-9]{1,18}`, a `uuid`
///   its hex groups, a trailing `/*`; older versions do not claim it, and the manifest lists it with a link
///   `pathPattern` would also take that the router sends to the browser (``beforeAPI31``);
/// - a rule that needs a query item is claimed from Android 15 (API 35) by
///   `<uri-relative-filter-group>` elements, the item's empty forms refused first, and not
///   before: a path-only filter would claim the link without the item, which the router sends
///   to the browser.
package struct AndroidAppLinks: Sendable {
  /// One `<data>` path of the manifest.
  package struct PathEntry: Sendable, Hashable {
    /// `path` or `pathAdvancedPattern`.
    package var attribute: String
    /// The attribute's value as written in the XML (already escaped for the pattern and XML).
    package var value: String
    /// The lowest API level that reads the attribute.
    package var apiLevel: Int
    /// The rule it came from.
    package var comment: String
  }

  /// One entry of `dynamic_app_link_components`.
  package struct DynamicComponent: Sendable, Hashable {
    /// The `/` expression, if any.
    package var path: String?
    /// The `#` expression, if any.
    package var fragment: String?
    /// Whether matching links stay in the browser.
    package var exclude: Bool
    /// Why it is there.
    package var comments: String
  }

  /// The domains, as the manifest lists them.
  package let hosts: [String]
  /// The manifest's `<data>` paths, in rule order.
  package let paths: [PathEntry]
  /// The rules not claimed on Android, with the reason.
  package let unclaimed: [(rule: String, reason: String)]
  /// Android 15's `<uri-relative-filter-group>` elements for the rules that need query items, in
  /// order: each rule's refusals first (groups are tried in order and the first that matches decides).
  package let groups: [RelativeGroup]
  /// The rules whose pattern Android would refuse (a manifest holding it does not install), left
  /// out of the manifest and listed in ``unclaimed`` too.
  package let refused: [(rule: String, reason: String)]
  /// The rules with captures, claimed from API 31 only, with what `pathPattern` (every version) cannot say about
  /// them and a link it would hand the app that the router sends to the browser
  /// (``olderVersionsReason(_:types:)``).
  package let beforeAPI31: [(rule: String, reason: String)]

  /// The entries for `rules` on `hosts` (every host must get the same rules, as for the AASA).
  package init(rules: [CompiledRewrite], hosts: [String]) {
    self.hosts = hosts
    var paths: [PathEntry] = []
    var unclaimed: [(String, String)] = []
    var refused: [(String, String)] = []
    var groups: [RelativeGroup] = []
    var beforeAPI31: [(String, String)] = []
    for rule in rules {
      guard case .host(let hostPattern) = rule.pattern.namespace, let first = hosts.first, hostPattern.matches(first)
      else { continue }
      let pattern = rule.pattern
      let comment = "\(AppleAppSiteAssociation.webPath(pattern.source)) → \(rule.target.source)"
      let required = pattern.queryCaptures.filter { !$0.isOptional }
      var types: [String: ParameterType] = [:]
      for segment in rule.target.segments {
        if case .parameter(let name, let type) = segment { types[name] = type }
        if case .optional(let name, let type) = segment { types[name] = type }
      }
      var shapes = [pattern.segments]
      if case .optional? = pattern.segments.last { shapes.insert(Array(pattern.segments.dropLast()), at: 0) }
      for segments in shapes {
        let literals = segments.compactMap { segment -> String? in
          if case .literal(let text) = segment { return text }
          return nil
        }
        if required.isEmpty, literals.count == segments.count {
          let path = "/" + literals.joined(separator: "/")
          paths.append(PathEntry(attribute: "path", value: Self.xml(path), apiLevel: 1, comment: comment))
          for glob in Self.slashRunGlobs(literals) {
            paths.append(PathEntry(attribute: "pathPattern", value: Self.xml(glob), apiLevel: 1, comment: comment))
          }
        }
        let advanced =
          segments.map { "/+" + Self.advancedPiece($0, types: types, caseInsensitive: pattern.isCaseInsensitive) }
          .joined() + "/*"
        let entries = Self.parsedEntries(advanced)
        guard entries <= Self.parsedEntryLimit else {
          let reason =
            "its pathAdvancedPattern needs \(entries) parse entries; Android refuses one past "
            + "\(Self.parsedEntryLimit) and the manifest would not install (use fewer captures or a shorter path)"
          if !refused.contains(where: { $0.0 == comment }) {
            refused.append((comment, reason))
            unclaimed.append((comment, reason))
          }
          continue
        }
        guard required.isEmpty else {
          groups += Self.queryGroups(path: advanced, required: required, types: types, comment: comment)
          continue
        }
        paths.append(
          PathEntry(
            attribute: "pathAdvancedPattern", value: Self.xml(advanced.isEmpty ? "/*" : advanced), apiLevel: 31,
            comment: comment))
      }
      let hasCaptures = pattern.segments.contains { if case .literal = $0 { false } else { true } }
      if required.isEmpty, hasCaptures, !refused.contains(where: { $0.0 == comment }) {
        beforeAPI31.append((comment, Self.olderVersionsReason(pattern.segments, types: types)))
      }
      if !required.isEmpty && !refused.contains(where: { $0.0 == comment }) {
        unclaimed.append(
          (
            comment,
            "before API 35, which reads <uri-relative-filter-group>: it needs a query item, and earlier filters match paths only"
          ))
      }
    }
    var seen: Set<PathEntry> = []
    self.paths = paths.filter { seen.insert($0).inserted }
    self.groups = groups
    self.unclaimed = unclaimed
    self.refused = refused
    self.beforeAPI31 = beforeAPI31
  }

  /// A path of literals with runs of slashes, as `pathPattern`s every Android version reads: each
  /// segment after `//*` (a slash, then any more), then no slash, one, or two and more at the end.
  /// Android's simple glob does not give back what `X*` took, and a trailing `/*` with no slash
  /// left does not match (AOSP's `PatternMatcher.matchGlobPattern`), hence the three. Nothing else can be said
  /// before API 31: a simple glob has no character set, so neither another letter case nor a
  /// capture can be bounded.
  static func slashRunGlobs(_ literals: [String]) -> [String] {
    guard !literals.isEmpty else { return [] }
    let escaped = literals.map { literal in
      literal.map { ".*\\".contains($0) ? "\\" + String($0) : String($0) }.joined()
    }
    let glob = escaped.map { "//*" + $0 }.joined()
    return [glob, glob + "/", glob + "//*"]
  }

  /// One segment in PatternMatcher's advanced syntax, before XML escaping.
  static func advancedPiece(_ segment: RoutePattern.Segment, types: [String: ParameterType], caseInsensitive: Bool)
    -> String
  {
    switch segment {
    case .literal(let text):
      return text.map { character -> String in
        let text = String(character)
        if caseInsensitive, character.isASCII, character.isLetter {
          return "[\(text.uppercased())\(text.lowercased())]"
        }
        return ".*+[]{}\\^$?()|".contains(character) ? "\\" + text : text
      }.joined()
    case .parameter(let name, let type), .optional(let name, let type):
      switch types[name] ?? type {
      case .int: return "[0-9]{1,18}"
      case .uuid:
        return [8, 4, 4, 4, 12].map { "[0-9a-fA-F]{\($0)}" }.joined(separator: "-")
      case .string: return stringCapture
      }
    case .catchAll: return catchAllCapture
    }
  }

  /// What the router takes in a string capture, as far as a set can say it, written as the
  /// ranges it allows (XML cannot hold a C0 control, so a set cannot name one to refuse): no
  /// control character, slash or backslash (nor the full-width ones NFKC makes slashes), no bidi
  /// or zero-width format character, and no dot first (a `.` or `..` segment).
  static let stringCapture = "[" + ranges(refusing: firstRefused + refused) + "][" + ranges(refusing: refused) + "]*"

  /// A catch-all: like a string capture, slashes allowed after its first character (a dot
  /// segment after the first is claimed, and the app shows its not-found).
  static let catchAllCapture =
    "[" + ranges(refusing: firstRefused + refused) + "][" + ranges(refusing: refused.filter { $0 != 0x2F...0x2F })
    + "]*"

  /// What a capture never holds: controls, DEL, C1, slashes, backslashes, format characters, and
  /// the invisible characters of the first plane (spaces other than U+0020, the soft hyphen,
  /// U+034F, the Hangul fillers, variation selectors, noncharacters). Private use (U+E000–U+F8FF)
  /// is not refused: the allowed range before it would end in the surrogates, which XML cannot
  /// hold; such a capture is claimed, and the app shows its not-found.
  static let refused: [ClosedRange<UInt32>] = {
    var ranges: [ClosedRange<UInt32>] = [
      0x00...0x1F, 0x2F...0x2F, 0x3A...0x3A, 0x5C...0x5C, 0x7F...0x9F, 0x2044...0x2044, 0x2215...0x2216,
      0x2571...0x2572, 0x29F5...0x29F5, 0x29F8...0x29F9, 0xFE13...0xFE13, 0xFE55...0xFE55, 0xFE68...0xFE68,
      0xFF0F...0xFF0F, 0xFF1A...0xFF1A, 0xFF3C...0xFF3C, 0xFFFD...0xFFFD,
      0xA0...0xA0, 0xAD...0xAD, 0x34F...0x34F, 0x115F...0x1160, 0x1680...0x1680, 0x2000...0x200A, 0x202F...0x202F,
      0x205F...0x205F, 0x3000...0x3000, 0x3164...0x3164, 0xFDD0...0xFDEF, 0xFE00...0xFE0F, 0xFFA0...0xFFA0,
    ]
    // Every format character and separator of the first plane, from the Unicode properties (as
    // the router reads them), so the list cannot drift.
    for value in UInt32(0xA0)...UInt32(0xFFFD) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      switch scalar.properties.generalCategory {
      case .format, .lineSeparator, .paragraphSeparator: ranges.append(value...value)
      default: break
      }
    }
    return ranges
  }()

  /// What a capture never starts with: a dot, or a character NFKC makes one.
  static let firstRefused: [ClosedRange<UInt32>] = [
    0x2E...0x2E, 0x2024...0x2026, 0x3002...0x3002, 0xFE52...0xFE52, 0xFF0E...0xFF0E, 0xFF61...0xFF61,
  ]

  /// The ranges of UTF-16 code units (Android compares Java strings) outside `refused`, as a
  /// PatternMatcher set body: `a-b` pairs, a single character alone. Characters the pattern
  /// treats specially inside a set are escaped.
  static func ranges(refusing refused: [ClosedRange<UInt32>]) -> String {
    var allowed: [ClosedRange<UInt32>] = []
    var next: UInt32 = 0
    for range in refused.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if range.lowerBound > next { allowed.append(next...(range.lowerBound - 1)) }
      next = max(next, range.upperBound + 1)
    }
    // U+FFFE and U+FFFF cannot be written in XML: the last range ends at U+FFFD.
    if next <= 0xFFFD { allowed.append(next...0xFFFD) }
    func character(_ value: UInt32) -> String {
      // Surrogates are not scalars: U+D800…U+DFFF lies inside one allowed range, whose ends are scalars.
      guard let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
      let text = String(Character(scalar))
      let special: Set<String> = ["[", "]", "^", "-", "\\"]
      return special.contains(text) ? "\\" + text : text
    }
    return allowed.map { range in
      range.count == 1 ? character(range.lowerBound) : character(range.lowerBound) + "-" + character(range.upperBound)
    }.joined()
  }

  /// `text` escaped for an XML attribute: a `\` doubles (the XML reader takes one away before the
  /// pattern sees it), `&`, `<`, `>` and `"` become entities, and every character outside
  /// printable ASCII a character reference (`&#x200B;`), so the file shows what it holds.
  static func xml(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case _ where scalar.value < 0x20 || scalar.value > 0x7E:
        result += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The `<intent-filter>` elements to paste into the activity that receives links.
  ///
  /// - Parameter customSchemes: the market's schemes with their fixed hosts, claimed by a second,
  ///   unverified filter.
  package func manifestXML(customSchemes: [(scheme: String, host: String?)]) -> String {
    var xml = "<!-- Generated by `deeplink intent-filters`: paste inside the <activity> that receives links. -->\n"
    xml += "<intent-filter android:autoVerify=\"true\">\n"
    xml += "  <action android:name=\"android.intent.action.VIEW\" />\n"
    xml += "  <category android:name=\"android.intent.category.DEFAULT\" />\n"
    xml += "  <category android:name=\"android.intent.category.BROWSABLE\" />\n"
    xml += "  <data android:scheme=\"https\" />\n"
    for host in hosts { xml += "  <data android:host=\"\(Self.xml(host))\" />\n" }
    if !paths.contains(where: { $0.apiLevel == 1 }) {
      xml += "  <!-- keeps Android 11 and earlier from claiming every path -->\n"
      xml += "  <data android:path=\"/no_match_for_older_android_versions\" />\n"
    }
    for path in paths {
      let level = path.apiLevel > 1 ? " (API \(path.apiLevel)+)" : ""
      xml += "  <!-- \(Self.comment(path.comment))\(level) -->\n"
      xml += "  <data android:\(path.attribute)=\"\(path.value)\" />\n"
    }
    for group in groups {
      xml += "  <!-- \(Self.comment(group.comment)) (API 35+) -->\n"
      xml += "  <uri-relative-filter-group android:allow=\"\(group.allow)\">\n"
      for data in group.data { xml += "    <data android:\(data.attribute)=\"\(Self.xml(data.value))\" />\n" }
      xml += "  </uri-relative-filter-group>\n"
    }
    for (rule, reason) in unclaimed {
      xml += "  <!-- not claimed: \(Self.comment(rule)): \(Self.comment(reason)) -->\n"
    }
    for (rule, reason) in beforeAPI31 {
      xml += "  <!-- not claimed before API 31: \(Self.comment(rule)): \(Self.comment(reason)) -->\n"
    }
    xml += "</intent-filter>\n"
    for scheme in customSchemes {
      xml += "<intent-filter>\n"
      xml += "  <action android:name=\"android.intent.action.VIEW\" />\n"
      xml += "  <category android:name=\"android.intent.category.DEFAULT\" />\n"
      xml += "  <category android:name=\"android.intent.category.BROWSABLE\" />\n"
      xml += "  <data android:scheme=\"\(Self.xml(scheme.scheme))\" />\n"
      xml += "</intent-filter>\n"
    }
    return xml
  }

  /// The Android 15 dynamic rules: the hand-off fragment excluded first, then every path. They
  /// can only narrow what the manifest claims, and a link no entry matches does not open the app,
  /// so any narrower entry would leave in the browser a link the manifest claims and the router
  /// keeps: on the device each entry is a `PatternMatcher` compared case-sensitively, so a rule's
  /// literal prefix (`/fr/panier*`) misses `/FR/PANIER` and `//fr/panier`, which the filters'
  /// patterns take. The manifest decides the paths; these rules keep the hand-off out.
  package var dynamicComponents: [DynamicComponent] {
    [
      DynamicComponent(
        fragment: DeepLinkDecision.browserHandOffFragment, exclude: true,
        comments: "a link the app handed to the browser: never back to the app"),
      DynamicComponent(
        path: "*", exclude: false,
        comments: "every path the intent filters claim: they decide which paths open the app"),
    ]
  }

  private static func comment(_ text: String) -> String {
    text.replacingOccurrences(of: "--", with: "- -")
  }
}

/// Android's Digital Asset Links statement for an app.
package enum AssetLinks {
  /// `[{"relation":[…],"target":{…},"relation_extensions":{…}}]`, pretty-printed.
  ///
  /// - Parameters:
  ///   - package: the application ID.
  ///   - fingerprints: the signing certificates' SHA-256 (the upload key and Play's signing key).
  ///   - dynamicComponents: Android 15's `dynamic_app_link_components`, if wanted.
  package static func json(
    package: String, fingerprints: [String], dynamicComponents: [AndroidAppLinks.DynamicComponent]?
  )
    -> String
  {
    var text = """
      [
        {
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": {
            "namespace": "android_app",
            "package_name": \(JSONWriter.literal(package)),
            "sha256_cert_fingerprints": [\(fingerprints.map(JSONWriter.literal).joined(separator: ", "))]
          }
      """
    if let dynamicComponents {
      text += ",\n    \"relation_extensions\": {\n      \"delegate_permission/common.handle_all_urls\": {\n"
      text += "        \"dynamic_app_link_components\": [\n"
      text += dynamicComponents.map { component in
        var fields: [String] = []
        if let path = component.path { fields.append("\"/\": \(JSONWriter.literal(path))") }
        if let fragment = component.fragment { fields.append("\"#\": \(JSONWriter.literal(fragment))") }
        if component.exclude { fields.append("\"exclude\": true") }
        fields.append("\"comments\": \(JSONWriter.literal(component.comments))")
        return "          { " + fields.joined(separator: ", ") + " }"
      }.joined(separator: ",\n")
      text += "\n        ]\n      }\n    }"
    }
    text += "\n  }\n]\n"
    return text
  }

  /// `fingerprint` as Android writes it (`14:6D:…`, 32 upper-case hex bytes), or `nil` when it
  /// is not a SHA-256 (with or without colons).
  package static func normalizedFingerprint(_ fingerprint: String) -> String? {
    let hex = fingerprint.filter { $0 != ":" }.uppercased()
    guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
    var pairs: [String] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      pairs.append(String(hex[index..<next]))
      index = next
    }
    return pairs.joined(separator: ":")
  }
}
