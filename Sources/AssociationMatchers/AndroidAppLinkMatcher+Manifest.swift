import Foundation

extension AndroidAppLinkMatcher {
  /// One `<data>` matcher on a URI part (path, scheme-specific part, query or fragment).
  struct DataMatcher: Sendable {
    /// The attribute's name without `android:` (`pathAdvancedPattern`).
    var attribute: String
    /// The value the pattern sees (after XML and resource-string unescaping).
    var value: String
    var pattern: Pattern
    /// The lowest API level that reads the attribute (DATA: `pathSuffix`, `pathAdvancedPattern` "Introduced in API
    /// level 31"; the `query*`/`fragment*` attributes, API 35).
    var apiLevel: Int

    var label: String { "\(attribute)=\"\(value)\"" }
  }

  /// One `android:host` (+ `android:port`) of a filter.
  struct Authority: Sendable {
    /// The host in lower case, without its leading `*`.
    var host: [UInt16]
    /// Whether the host started with `*` (DATA: "a `*` ... matches zero or more characters" and "must be the first
    /// character").
    var wild: Bool
    var port: Int?

    /// AOSP's `IntentFilter.AuthorityEntry.match`: a `*` host matches any host ending in the rest (`*.google.com`
    /// matches `www.google.com` and `.google.com`; the bare `google.com` does not end in `.google.com`), compared
    /// ignoring case (`compareToIgnoreCase`) with the host as `Uri.getHost()` gives it (a trailing dot kept). The
    /// port is checked only when the filter names one (a negative `android:port` names none): a filter without
    /// `android:port` accepts every port, and one that names a port refuses a link without one (`Uri.getPort()` is
    /// -1 then).
    func matches(_ uri: URI) -> Bool {
      guard let host = uri.host else { return false }
      let lower = Array(host.lowercased().utf16)
      if wild {
        guard lower.count >= self.host.count, Array(lower.suffix(self.host.count)) == self.host else { return false }
      } else {
        guard lower == self.host else { return false }
      }
      if let port, port >= 0 { return port == uri.port }
      return true
    }
  }

  /// A `<uri-relative-filter-group>` (URG, API 35).
  struct Group: Sendable {
    enum Part: Sendable { case path, query, fragment }
    var allow: Bool
    var matchers: [(part: Part, matcher: DataMatcher)]

    /// URG: the `<data>` elements of one group are ANDed; a `query` matcher must match one of the parameters, in any
    /// order. A group with nothing in it never matches (AOSP's `UriRelativeFilterGroup`; URG is silent).
    func matches(_ uri: URI) -> Bool {
      guard !matchers.isEmpty else { return false }
      return matchers.allSatisfy { part, matcher in
        switch part {
        case .path: uri.path.map(matcher.pattern.matches) ?? false
        case .query: uri.queryParameters.contains { matcher.pattern.matches(Array($0.utf16)) }
        case .fragment: uri.fragment.map { matcher.pattern.matches(Array($0.utf16)) } ?? false
        }
      }
    }
  }

  /// One `<intent-filter>`, with its `<data>` elements pooled (DATA).
  struct Filter: Sendable {
    var actions: [String] = []
    var categories: [String] = []
    var schemes: [String] = []
    var authorities: [Authority] = []
    var paths: [DataMatcher] = []
    var schemeSpecificParts: [DataMatcher] = []
    var hasMIMEType = false
    var groups: [Group] = []

    /// The `<data>` matcher that takes `uri` at `apiLevel`, or `nil`.
    func match(_ uri: URI, apiLevel: Int) -> String? {
      // IF, "Intent resolution": a web link is an implicit ACTION_VIEW intent with category BROWSABLE, and
      // startActivity adds DEFAULT; ADD lists the three for App Links.
      guard actions.contains("android.intent.action.VIEW"), categories.contains("android.intent.category.DEFAULT"),
        categories.contains("android.intent.category.BROWSABLE")
      else { return nil }
      // IF, "Data test": a URI without a MIME type passes only a filter that specifies no MIME type.
      guard !hasMIMEType else { return nil }
      // DATA: "If a scheme isn't specified for the intent filter, all the other URI attributes are ignored" — and
      // such a filter takes only content: and file: URIs (IF), so no web link.
      guard let scheme = uri.scheme, schemes.contains(scheme) else { return nil }
      let ssps = schemeSpecificParts.filter { $0.apiLevel <= apiLevel }
      if let ssp = ssps.first(where: { $0.pattern.matches(uri.schemeSpecificPart) }) { return ssp.label }
      // DATA: "If a host is not specified for the filter, the port attribute and all the path attributes are
      // ignored"; IF: a filter with only a scheme takes every URI with that scheme.
      guard !authorities.isEmpty else { return ssps.isEmpty ? "any host and path" : nil }
      guard authorities.contains(where: { $0.matches(uri) }) else { return nil }
      // DATA: an attribute introduced after `apiLevel` is not read there; a filter whose path attributes are all
      // unread has none (IF: a filter with scheme and host only passes URIs "regardless of their paths").
      // URG: groups are read from API 35 and ORed with the filter-level paths.
      let paths = self.paths.filter { $0.apiLevel <= apiLevel }
      let groups = apiLevel >= 35 ? self.groups : []
      if paths.isEmpty && groups.isEmpty { return "any path" }
      if let decoded = uri.path, let path = paths.first(where: { $0.pattern.matches(decoded) }) { return path.label }
      // URG: groups are checked in order and the first that matches decides (allow or block).
      if let index = groups.firstIndex(where: { $0.matches(uri) }), groups[index].allow {
        return "uri-relative-filter-group \(index)"
      }
      return nil
    }
  }

  /// The attributes of `<data>` (DATA; `ssp*` from the `R.attr` reference; `query*`, `fragment*` from DATA and URG,
  /// API 35), with the PatternMatcher type each builds and the API level that reads it.
  static let pathAttributes: [String: (kind: Pattern.Kind, apiLevel: Int)] = [
    "path": (.literal, 1), "pathPrefix": (.prefix, 1), "pathPattern": (.simpleGlob, 1),
    "pathAdvancedPattern": (.advancedGlob, 31), "pathSuffix": (.suffix, 31),
  ]
  static let schemeSpecificAttributes: [String: (kind: Pattern.Kind, apiLevel: Int)] = [
    "ssp": (.literal, 19), "sspPrefix": (.prefix, 19), "sspPattern": (.simpleGlob, 19),
    "sspAdvancedPattern": (.advancedGlob, 31), "sspSuffix": (.suffix, 31),
  ]
  static let relativeAttributes: [String: (part: Group.Part, kind: Pattern.Kind)] = [
    "query": (.query, .literal), "queryPrefix": (.query, .prefix), "queryPattern": (.query, .simpleGlob),
    "queryAdvancedPattern": (.query, .advancedGlob), "querySuffix": (.query, .suffix),
    "fragment": (.fragment, .literal), "fragmentPrefix": (.fragment, .prefix),
    "fragmentPattern": (.fragment, .simpleGlob), "fragmentAdvancedPattern": (.fragment, .advancedGlob),
    "fragmentSuffix": (.fragment, .suffix),
  ]
  /// A fixed order for a `<data>` element's attributes (XML attributes have none), so decisions are deterministic.
  static let attributeOrder: [String] =
    ["scheme", "host", "port", "mimeType", "mimeGroup"] + ["path", "pathPrefix", "pathPattern", "pathAdvancedPattern"]
    + ["pathSuffix", "ssp", "sspPrefix", "sspPattern", "sspAdvancedPattern", "sspSuffix"]
    + relativeAttributes.keys.sorted()

  static func collectFilters(_ node: XMLTree.Node, into filters: inout [Filter]) throws(FileError) {
    for child in node.children {
      if child.name == "intent-filter" {
        filters.append(try filter(child))
      } else {
        try collectFilters(child, into: &filters)
      }
    }
  }

  /// The `android:` attributes of `node` by local name, refusing any not in `known` (`tools:` and `xmlns` ignored).
  static func attributes(_ node: XMLTree.Node, known: Set<String>) throws(FileError) -> [String: String] {
    var result: [String: String] = [:]
    for (name, value) in node.attributes {
      if name.hasPrefix("tools:") || name == "xmlns" || name.hasPrefix("xmlns:") { continue }
      guard name.hasPrefix("android:"), case let local = String(name.dropFirst("android:".count)),
        known.contains(local)
      else { throw .unknownAttribute(element: node.name, attribute: name) }
      result[local] = resourceString(value)
    }
    return result
  }

  static func filter(_ node: XMLTree.Node) throws(FileError) -> Filter {
    // The <intent-filter> element page: icon, label, priority, order and (ADD) autoVerify.
    _ = try attributes(node, known: ["autoVerify", "icon", "label", "priority", "order"])
    var filter = Filter()
    for child in node.children {
      switch child.name {
      case "action", "category":
        guard let name = try attributes(child, known: ["name"])["name"] else {
          throw .missingAttribute(element: child.name, attribute: "android:name")
        }
        if child.name == "action" { filter.actions.append(name) } else { filter.categories.append(name) }
      case "data":
        try addData(child, to: &filter)
      case "uri-relative-filter-group":
        filter.groups.append(try group(child))
      default:
        throw .unknownElement(child.name)
      }
    }
    return filter
  }

  static func addData(_ node: XMLTree.Node, to filter: inout Filter) throws(FileError) {
    let values = try attributes(node, known: Set(attributeOrder))
    if let scheme = values["scheme"] { filter.schemes.append(scheme) }
    if values["mimeType"] != nil || values["mimeGroup"] != nil { filter.hasMIMEType = true }
    if let host = values["host"] {
      // DATA: the `*` "must be the first character in the host attribute".
      guard !host.dropFirst().contains("*") else { throw .invalidHost(host) }
      var port: Int?
      if let text = values["port"] {
        guard let number = Int(text), !text.isEmpty, text.allSatisfy(\.isASCII) else { throw .invalidPort(text) }
        port = number
      }
      let wild = host.hasPrefix("*")
      filter.authorities.append(
        Authority(host: Array((wild ? String(host.dropFirst()) : host).lowercased().utf16), wild: wild, port: port))
    }
    // DATA: a port without a host in its element is ignored (the host is "ignored" without a scheme, and a port is
    // part of the host's authority).
    for attribute in attributeOrder {
      guard let value = values[attribute] else { continue }
      if let (kind, level) = pathAttributes[attribute] {
        filter.paths.append(try matcher(attribute, value, kind, level))
      } else if let (kind, level) = schemeSpecificAttributes[attribute] {
        filter.schemeSpecificParts.append(try matcher(attribute, value, kind, level))
      } else if let (_, kind) = relativeAttributes[attribute] {
        // Reading: URG describes query and fragment matching for groups only; outside one they are not read (their
        // patterns are still checked).
        _ = try matcher(attribute, value, kind, 35)
      }
    }
  }

  static func group(_ node: XMLTree.Node) throws(FileError) -> Group {
    // URG: `android:allow`, default true.
    let allow = try attributes(node, known: ["allow"])["allow"].map { $0 != "false" } ?? true
    var group = Group(allow: allow, matchers: [])
    for child in node.children {
      guard child.name == "data" else { throw .unknownElement(child.name) }
      // URG: a group's <data> elements take path, query and fragment attributes.
      let known = Set(pathAttributes.keys).union(relativeAttributes.keys)
      let values = try attributes(child, known: known)
      for attribute in attributeOrder {
        guard let value = values[attribute] else { continue }
        if let (kind, _) = pathAttributes[attribute] {
          group.matchers.append((.path, try matcher(attribute, value, kind, 35)))
        } else if let (part, kind) = relativeAttributes[attribute] {
          group.matchers.append((part, try matcher(attribute, value, kind, 35)))
        }
      }
    }
    return group
  }

  static func matcher(_ attribute: String, _ value: String, _ kind: Pattern.Kind, _ level: Int) throws(FileError)
    -> DataMatcher
  {
    do {
      return DataMatcher(attribute: attribute, value: value, pattern: try Pattern(value, kind), apiLevel: level)
    } catch {
      throw .invalidPattern(attribute: "android:" + attribute, value: value, reason: error.reason)
    }
  }

  /// An attribute value as Android's resource compiler stores it: after the XML parser has replaced entities, `\`
  /// escapes the next character once more (DATA, `pathPattern`: "`\` is used as an escape character when the string
  /// is read from XML (before it is parsed as a pattern), you need to double-escape: for example, a literal `*`
  /// would be written as `\\*` and a literal `\` would be written as `\\\\`"). `\n`, `\t` and `\uXXXX` follow
  /// Android's string resources (/guide/topics/resources/string-resource, "Handle special characters"); any other
  /// escaped character stands for itself. Not modelled: the resource compiler's double-quote sections and whitespace
  /// collapsing, and values starting with `@` or `?` (resource references); paths rarely hold them.
  static func resourceString(_ raw: String) -> String {
    var result = ""
    var scalars = raw.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      guard let next = scalars.next() else { break }
      switch next {
      case "n": result += "\n"
      case "t": result += "\t"
      case "u":
        var hex = ""
        var rest = ""
        while hex.count < 4, let digit = scalars.next() {
          guard digit.properties.isASCIIHexDigit else {
            rest.unicodeScalars.append(digit)
            break
          }
          hex.unicodeScalars.append(digit)
        }
        if let value = UInt32(hex, radix: 16), let character = Unicode.Scalar(value) {
          result.unicodeScalars.append(character)
        }
        result += rest
      default: result.unicodeScalars.append(next)
      }
    }
    return result
  }
}

// MARK: - Dynamic App Links
