import DeepLinkCore

extension AndroidAppLinks {
  /// One `<uri-relative-filter-group>` (Android 15, API 35): its `<data>` elements are ANDed, a
  /// query one matching any one of the link's query parameters whole (`key=value`, decoded).
  package struct RelativeGroup: Sendable, Hashable {
    /// One `<data>` element of the group.
    package struct Data: Sendable, Hashable {
      /// `pathAdvancedPattern`, `query` or `queryAdvancedPattern`.
      package var attribute: String
      /// The pattern, before XML escaping.
      package var value: String
    }

    /// `true` claims the matching links; `false` keeps them in the browser.
    package var allow: Bool
    /// The group's `<data>` elements.
    package var data: [Data]
    /// Why it is there.
    package var comment: String
  }

  /// The groups for a rule with required query items on the path `path` (an advanced pattern):
  /// first, for each required item, a refusal of the link holding it empty or without a value
  /// (`q=`, `q`), since the router reads an item's first value and Android takes the link if any
  /// one parameter matches; then the claim of the path with every required item holding a value
  /// the router takes.
  static func queryGroups(
    path: String, required: [RoutePattern.QueryCapture], types: [String: ParameterType], comment: String
  ) -> [RelativeGroup] {
    let pathData = RelativeGroup.Data(attribute: "pathAdvancedPattern", value: path)
    var groups: [RelativeGroup] = []
    for capture in required {
      for empty in [capture.key + "=", capture.key] {
        groups.append(
          RelativeGroup(
            allow: false, data: [pathData, RelativeGroup.Data(attribute: "query", value: empty)],
            comment: "\(comment): `\(empty)` stays in the browser"))
      }
    }
    let items = required.map { capture in
      RelativeGroup.Data(
        attribute: "queryAdvancedPattern",
        value: escapedLiteral(capture.key) + "=" + queryValue(types[capture.name] ?? capture.type))
    }
    groups.append(RelativeGroup(allow: true, data: [pathData] + items, comment: comment))
    return groups
  }

  /// `text` as literal characters of an advanced pattern, compared exactly.
  static func escapedLiteral(_ text: String) -> String {
    text.map { ".*+[]{}\\^$?()|".contains($0) ? "\\" + String($0) : String($0) }.joined()
  }

  /// A query item's value the router takes, as far as a set can say it: an `int` or `uuid` as in
  /// the path; a string as a string capture is, and without `%` either (Android decodes the query
  /// once, the router looks up to four more times for a link inside it).
  static func queryValue(_ type: ParameterType) -> String {
    switch type {
    case .int, .uuid:
      return advancedPiece(.parameter(name: "value", type: type), types: [:], caseInsensitive: false)
    case .string:
      let percent: ClosedRange<UInt32> = 0x25...0x25
      return "[" + ranges(refusing: firstRefused + refused + [percent]) + "]["
        + ranges(refusing: refused + [percent]) + "]*"
    }
  }
}
