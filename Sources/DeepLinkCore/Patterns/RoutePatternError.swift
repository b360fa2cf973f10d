/// A route pattern that could not be read, with where and why.
///
/// ```text
/// route pattern `/product/{id` is malformed at character 9: the capture is not closed; end it with `}`
/// ```
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the pattern.
  package enum Problem: Sendable, Hashable {
    /// The pattern starts neither with `/` nor with `scheme://`.
    case missingStart
    /// The scheme is not a letter followed by letters, digits, `+`, `-` or `.`.
    case invalidScheme(String)
    /// A web pattern's host is missing or not a valid exact or `*.suffix` host.
    case invalidHost(String)
    /// Two slashes in a row leave an empty segment.
    case emptySegment
    /// A `{` is not closed by `}`.
    case unclosedCapture
    /// A `}` or `{` stands outside a capture.
    case strayBrace
    /// A capture shares its segment with literal text (`id-{id}`).
    case partialSegmentCapture
    /// A capture's name is not a letter or `_` followed by letters, digits or `_`.
    case invalidParameterName(String)
    /// A capture names a type other than `string`, `int` or `uuid`.
    case unknownType(String)
    /// Two captures have the same name.
    case duplicateParameter(String)
    /// A catch-all capture is not the last segment, or is typed, or appears in the query.
    case misplacedCatchAll
    /// A required segment follows an optional one.
    case optionalNotTrailing
    /// A literal segment is `.` or `..`, or contains a character a link segment cannot hold.
    case invalidLiteral(String)
    /// A query item is not `key={capture}`, or its key repeats.
    case invalidQueryItem(String)
    /// The pattern has a fragment (`#…`); fragments never take part in routing.
    case fragment
  }

  /// The pattern as written.
  package let pattern: String
  /// The offset, in characters, where the problem was found.
  package let offset: Int
  /// What is wrong.
  package let problem: Problem

  /// Creates an error for `pattern` at `offset`.
  package init(pattern: String, offset: Int, problem: Problem) {
    self.pattern = pattern
    self.offset = offset
    self.problem = problem
  }

  public var description: String {
    "route pattern `\(pattern)` is malformed at character \(offset): \(advice)"
  }

  private var advice: String {
    switch problem {
    case .missingStart:
      "a pattern starts with `/` (the app's links) or `scheme://` (`shopca://flyer/{id}`, `https://host/path`)"
    case .invalidScheme(let scheme):
      "`\(scheme)` is not a scheme; use a letter followed by letters, digits, `+`, `-` or `.`"
    case .invalidHost(let host):
      "`\(host)` is not a host pattern; write an exact host (`shop.example.ca`) or `*.shop.example.ca`"
    case .emptySegment:
      "two slashes leave an empty segment; remove one"
    case .unclosedCapture:
      "the capture is not closed; end it with `}`"
    case .strayBrace:
      "a brace stands outside a capture; captures are written `{name}`"
    case .partialSegmentCapture:
      "a capture must fill a whole segment; split the literal text into its own segment"
    case .invalidParameterName(let name):
      "`\(name)` is not a parameter name; use a letter or `_` followed by letters, digits or `_`"
    case .unknownType(let type):
      "`\(type)` is not a parameter type; use `string`, `int` or `uuid`"
    case .duplicateParameter(let name):
      "the parameter `\(name)` is captured twice; give each capture its own name"
    case .misplacedCatchAll:
      "a catch-all `{name...}` must be the last path segment, untyped and outside the query"
    case .optionalNotTrailing:
      "a required segment follows an optional one; optional segments may only end the path"
    case .invalidLiteral(let literal):
      "`\(literal)` cannot be a path segment (it is `.`/`..` or contains `/`, `?`, `#` or a control character)"
    case .invalidQueryItem(let item):
      "`\(item)` is not a query capture; write `key={name}` or `key={name?}`, each key once"
    case .fragment:
      "patterns have no fragment; remove the `#…` part"
    }
  }
}
