import DeepLinkCore
import DeepLinkTools

/// `deeplink routes [--market ID] [--json]`: the compiled route table and the rules.
enum RoutesCommand {
  static func run(_ parsed: ParsedCommand, environment: ToolEnvironment) throws -> ExitStatus {
    let selection = try MarketSelection.resolve(parsed, environment: environment)
    let configuration = selection.configuration
    if parsed.has("--json") {
      var json = JSONWriter()
      json.beginObject()
      json.key("market")
      json.string(selection.id)
      json.key("schemes")
      json.strings(configuration.urlSchemes.map(\.description))
      json.key("domains")
      json.strings(configuration.domains.map(\.description))
      json.key("routes")
      json.beginArray()
      for route in configuration.routeDescriptions {
        json.beginObject()
        json.key("pattern")
        json.string(route.pattern.source)
        json.key("owner")
        json.string(route.owner.word)
        json.key("name")
        json.string(route.id.name)
        json.key("barriers")
        json.strings(route.barriers.map(\.rawValue))
        json.key("changesState")
        json.bool(route.changesState)
        json.endObject()
      }
      json.endArray()
      json.key("plugins")
      json.strings(configuration.opaquePluginNames)
      json.key("pluginOwners")
      json.strings(configuration.opaquePluginOwners.map(\.word))
      json.key("rules")
      json.beginArray()
      for rule in configuration.universalLinks {
        json.beginObject()
        json.key("pattern")
        json.string(rule.pattern)
        json.key("target")
        json.string(rule.target.description)
        json.key("parameters")
        json.beginObject()
        for (name, value) in rule.parameters.sorted(by: { $0.key < $1.key }) {
          json.key(name)
          json.string(value)
        }
        json.endObject()
        json.key("override")
        json.bool(rule.isOverride)
        json.key("owner")
        json.string(rule.owner.word)
        json.endObject()
      }
      json.endArray()
      json.endObject()
      json.raw(0x0A)
      environment.standardOutput.write(json.bytes)
    } else {
      environment.standardOutput.write(text(selection))
    }
    return .success
  }

  private static func text(_ selection: MarketSelection) -> String {
    let configuration = selection.configuration
    var text = "market    \(selection.id ?? "none (the platform alone)")\n"
    text += "schemes   \(configuration.urlSchemes.map(\.description).joined(separator: ", "))\n"
    text += "domains   \(configuration.domains.map(\.description).joined(separator: ", "))\n"
    let routes = configuration.routeDescriptions
    text += "\nroutes (\(routes.count), registration order)\n"
    let width = (routes.map(\.pattern.source.count).max() ?? 0) + 2
    let nameWidth = (routes.map(\.id.name.count).max() ?? 0) + 2
    for route in routes {
      var notes = ["owner " + route.owner.word] + route.barriers.map(\.rawValue)
      if route.changesState { notes.append("changes state: confirmation from outside") }
      var line =
        "  " + route.pattern.source.padded(to: width) + route.id.name.padded(to: nameWidth)
        + notes.joined(separator: ", ")
      while line.last == " " { line.removeLast() }
      text += line + "\n"
    }
    let plugins = configuration.opaquePluginNames
    if !plugins.isEmpty { text += "\nplugins   \(plugins.joined(separator: ", "))\n" }
    let rules = configuration.universalLinks
    text += "\nrules (\(rules.count), in effect order)\n"
    let ruleWidth = (rules.map(\.pattern.count).max() ?? 0) + 2
    for rule in rules {
      var line = "  " + rule.pattern.padded(to: ruleWidth) + "→ " + rule.target.description
      if !rule.parameters.isEmpty {
        line += "  " + rule.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      }
      if rule.isOverride { line += "  (override)" }
      line += "  [\(rule.owner.word)]"
      text += line + "\n"
    }
    return text
  }
}
