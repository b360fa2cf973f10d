import DeepLinkCore
import Foundation

/// A ``Deeplinkable`` module's regular expression, compiled: the migration path from
/// string-matching routers.
///
/// **Slower than route patterns.** Route patterns are indexed in one route table (`RouteTable`),
/// so a lookup costs the same with ten modules or a thousand; regular expressions are tried one by
/// one, each scanning the whole link. ``DeeplinkableRouter`` tries them only when no pattern
/// matched.
///
/// The expression must match the entire link in normal form
/// (``DeepLinkCore/DeepLink/absoluteString``, `shop://pdp/123`): it is anchored at both ends, so
/// `shop://evil/pdp/123` does not match `shop://pdp/[0-9]+`. Named groups become parameters.
///
/// ```swift
/// let expression = try DeeplinkRegularExpression(#"shop://pdp/(?<id>[0-9]+)"#)
/// expression.match(try DeepLink("shop://pdp/123"))?["id"]  // "123"
/// ```
package struct DeeplinkRegularExpression: Sendable {
  /// The expression as written.
  package let source: String
  /// The names of its named groups, in order.
  package let groupNames: [String]
  let expression: NSRegularExpression

  /// Compiles an expression, case-insensitively (links' schemes and hosts are lowercase already).
  ///
  /// - Throws: ``DeeplinkRegularExpressionError`` quoting the expression when it does not compile.
  package init(_ source: String) throws(DeeplinkRegularExpressionError) {
    do {
      expression = try NSRegularExpression(pattern: source, options: [.caseInsensitive])
    } catch {
      throw DeeplinkRegularExpressionError(expression: source)
    }
    self.source = source
    self.groupNames = Self.namedGroups(in: source)
  }

  /// The match of the whole of `link`, with the named groups as parameters, or `nil`.
  ///
  /// - Complexity: O(*n*) or worse in the link's length, depending on the expression.
  package func match(_ link: DeepLink) -> MatchedDeepLink? {
    let text = link.absoluteString
    let whole = NSRange(location: 0, length: text.utf16.count)
    guard let result = expression.firstMatch(in: text, options: [.anchored], range: whole), result.range == whole
    else { return nil }
    var parameters: [String: String] = [:]
    for name in groupNames {
      let range = result.range(withName: name)
      guard range.location != NSNotFound, let bounds = Range(range, in: text) else { continue }
      parameters[name] = String(text[bounds])
    }
    return MatchedDeepLink(link: link, pattern: source, parameters: parameters)
  }

  /// The names of `(?<name>…)` groups; `(?<=` and `(?<!` are look-behinds, not names.
  private static func namedGroups(in source: String) -> [String] {
    var names: [String] = []
    var rest = Substring(source)
    while let start = rest.range(of: "(?<") {
      rest = rest[start.upperBound...]
      let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if let first = name.first, first.isLetter, rest.dropFirst(name.count).first == ">" {
        names.append(String(name))
      }
    }
    return names
  }
}
