/// Composition's check of each declared destination type against its route and the rewrite
/// rules onto it (see ``LinkDestination`` for the rules it enforces).
enum DestinationCheck {
  /// One capture of a pattern: its name, its type, whether a link may lack it, and its query
  /// key for a query capture.
  struct Capture {
    var name: String
    var type: ParameterType
    var isOptional: Bool
    var isCatchAll = false
    var queryKey: String? = nil

    /// How the pattern writes it (`{id:int}`, `q={query}`), for messages only.
    var written: String {
      if isCatchAll { return "{\(name)...}" }
      let braces = "{" + name + (type == .string ? "" : ":" + type.rawValue) + (isOptional ? "?" : "") + "}"
      return queryKey.map { $0 + "=" + braces } ?? braces
    }
  }

  /// The captures of `pattern`, path first, then query; a catch-all is a plain text capture.
  static func captures(of pattern: RoutePattern) -> [Capture] {
    var captures: [Capture] = []
    for segment in pattern.segments {
      switch segment {
      case .literal: break
      case .parameter(let name, let type):
        captures.append(Capture(name: name, type: type, isOptional: false))
      case .optional(let name, let type):
        captures.append(Capture(name: name, type: type, isOptional: true))
      case .catchAll(let name):
        captures.append(Capture(name: name, type: .string, isOptional: false, isCatchAll: true))
      }
    }
    for query in pattern.queryCaptures {
      captures.append(Capture(name: query.name, type: query.type, isOptional: query.isOptional, queryKey: query.key))
    }
    return captures
  }

  /// Whether a field of this kind holds every value a capture of `type` admits.
  static func holds(_ field: DestinationField, _ type: ParameterType) -> Bool {
    guard !field.isCustom else { return false }
    switch (type, field.kind) {
    case (_, .text): return true
    case (.int, .integer(holdsEveryIntCapture: true)): return true
    case (.uuid, .uuid): return true
    default: return false
    }
  }

  /// Checks `destination` against the route `pattern` and the rules onto it; as a parent screen
  /// of the route (`asParent`), a capture needs no field, but every field still needs a value
  /// every link of the route carries.
  ///
  /// - Throws: the first ``DestinationMismatch``, as a configuration error.
  static func check<Destination: LinkDestination>(
    _ destination: Destination.Type, route pattern: RoutePattern, rules: [CompiledRewrite], asParent: Bool = false
  ) throws(DeepLinkConfigurationError) {
    func mismatch(_ field: String, _ type: String?, _ problem: DestinationMismatch.Problem)
      -> DeepLinkConfigurationError
    {
      .destinationMismatch(
        DestinationMismatch(
          route: pattern.source, destination: String(describing: destination), field: field, fieldType: type,
          problem: problem, isParent: asParent))
    }
    let fields: [DestinationField]
    do {
      fields = try DestinationField.fields(of: destination)
    } catch {
      throw mismatch(error.field, error.fieldType.isEmpty ? nil : error.fieldType, .unreadable(error))
    }
    let captures = captures(of: pattern)
    for capture in captures {
      guard let field = fields.first(where: { $0.name == capture.name }) else {
        if asParent { continue }
        throw mismatch(capture.name, nil, .noField(capture: capture.written))
      }
      guard holds(field, capture.type) else {
        throw mismatch(field.name, field.displayType, .incompatibleType(capture: capture.written, rule: nil))
      }
      if capture.isOptional && !field.isOptional {
        throw mismatch(field.name, field.displayType, .optionalCapture(capture: capture.written))
      }
    }
    for field in fields where !field.isOptional {
      guard captures.contains(where: { $0.name == field.name && !$0.isOptional }) else {
        throw mismatch(field.name, field.displayType, .notCarried)
      }
    }
    // Stand-ins for the route's own captures, so a rule's fixed values are read in a whole
    // destination, as a routed link's are.
    var standIns = DeepLinkParameters()
    for field in fields where !field.isOptional { standIns[field.name] = StandIn.text(of: field.kind) }
    for rule in rules {
      for capture in Self.captures(of: rule.pattern) where !rule.targetParameterNames.contains(capture.name) {
        // Checked even when the rule also passes a fixed value of the name: a captured value wins.
        guard let field = fields.first(where: { $0.name == capture.name }) else { continue }
        guard holds(field, capture.type) else {
          throw mismatch(
            field.name, field.displayType, .incompatibleType(capture: capture.written, rule: rule.pattern.source))
        }
      }
      guard !rule.parameters.isEmpty else { continue }
      var parameters = standIns
      for (name, value) in rule.parameters { parameters[name] = value }
      do {
        _ = try parameters.decode(destination)
      } catch {
        let field = fields.first { $0.name == error.field }
        throw mismatch(
          error.field, field?.displayType,
          .fixedValue(value: rule.parameters[error.field] ?? "", rule: rule.pattern.source))
      }
    }
  }
}
