import DeepLinkCore
import Foundation

// The two architectures the route table replaces, written the way apps commonly write them.

/// A link handler in a chain-of-responsibility registry: each handler is an object that
/// decides for itself whether it can handle a link.
class LinkHandler {
  /// The handler's position in the registry.
  let index: Int

  init(index: Int) {
    self.index = index
  }

  /// Whether this handler takes `link`.
  func canHandle(_ link: DeepLink) -> Bool { false }
}

/// A handler that compares the link's segments with its own pattern: literals by equality,
/// parameters by type.
final class SegmentPatternHandler: LinkHandler {
  private let segments: [GeneratedRoute.Segment]

  init(index: Int, route: GeneratedRoute) {
    self.segments = route.segments
    super.init(index: index)
  }

  override func canHandle(_ link: DeepLink) -> Bool {
    let path = link.pathSegments
    guard path.count == segments.count else { return false }
    for (expected, actual) in zip(segments, path) {
      switch expected {
      case .literal(let literal):
        guard literal == actual else { return false }
      case .parameter(_, let type):
        guard type.accepts(actual) else { return false }
      }
    }
    return true
  }
}

/// Baseline 1: the first handler, in registration order, that can handle the link.
struct LinearRegistry {
  private let handlers: [LinkHandler]

  init(routes: ArraySlice<GeneratedRoute>) {
    handlers = routes.enumerated().map { SegmentPatternHandler(index: $0.offset, route: $0.element) }
  }

  /// The index of the first handler that takes `link`, or -1.
  ///
  /// - Complexity: O(*n*) in the number of handlers.
  func route(_ link: DeepLink) -> Int {
    for handler in handlers where handler.canHandle(link) { return handler.index }
    return -1
  }
}

/// Baseline 2: one compiled regular expression per route, tried in order against the path.
struct RegexRouter {
  private let expressions: [NSRegularExpression]

  init(routes: ArraySlice<GeneratedRoute>) {
    expressions = routes.map { route in
      var source = "^"
      for segment in route.segments {
        source += "/"
        switch segment {
        case .literal(let literal): source += NSRegularExpression.escapedPattern(for: literal)
        case .parameter(_, .string): source += "([^/]+)"
        case .parameter(_, .int): source += "([0-9]{1,18})"
        case .parameter(_, .uuid):
          source += "([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})"
        }
      }
      // The generator only makes valid expressions; a failure here is a bug in it.
      return try! NSRegularExpression(pattern: source + "$")
    }
  }

  /// The index of the first expression matching `path`, or -1.
  ///
  /// - Complexity: O(*n*) expression evaluations in the number of routes.
  func route(_ path: String) -> Int {
    let range = NSRange(location: 0, length: path.utf16.count)
    for (index, expression) in expressions.enumerated()
    where expression.firstMatch(in: path, options: [.anchored], range: range) != nil {
      return index
    }
    return -1
  }
}
