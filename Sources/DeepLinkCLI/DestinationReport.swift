import DeepLinkCore
import DeepLinkTools

/// What a routed decision opens, as the tool prints it: the destination (its type's name and its
/// values, redacted as parameters are) and the navigation state (the tab, and the path of
/// destinations, parents first, the link's own last). `route --json` and `check --format jsonl`
/// write it after `reason`; `explain` prints it as two rows.
struct DestinationReport {
  /// One destination: its type's name and its fields as the link's parameters carry them.
  struct Value {
    var type: String
    var values: [(name: String, value: String)]

    init(_ destination: any LinkDestination, names: inout SafeText.NameCache) {
      type = _typeName(Swift.type(of: destination), qualified: false)
      let parameters = (try? DeepLinkParameters(encoding: destination)) ?? DeepLinkParameters()
      values = SafeText.parameters(parameters, names: &names)
    }

    func write(to json: inout JSONWriter) {
      json.beginObject()
      json.key("type")
      json.string(type)
      json.key("values")
      json.beginObject()
      for value in values {
        json.key(value.name)
        json.string(value.value)
      }
      json.endObject()
      json.endObject()
    }

    var text: String {
      values.isEmpty ? type : type + "(" + values.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + ")"
    }
  }

  var destination: Value
  var tab: String?
  var path: [Value]
  var isTabRoot = false

  /// The report of `decision`, made with `configuration`; `nil` when it opens no destination (not
  /// routed, routed by a plugin, or to a route that declares no destination type).
  init?(_ decision: DeepLinkDecision, configuration: DeepLinkConfiguration, names: inout SafeText.NameCache) {
    guard decision.outcome == .routed, let (destination, navigation) = configuration.opening(decision) else {
      return nil
    }
    self.destination = Value(destination, names: &names)
    tab = navigation?.tab.rawValue
    path = (navigation?.path ?? []).map { Value($0, names: &names) }
    isTabRoot = navigation?.isTabRoot ?? false
  }

  /// `"destination":{…}` and, when the route declares where it lives, `"navigation":{…}`, as the
  /// next members of the object being written.
  func write(to json: inout JSONWriter) {
    json.key("destination")
    destination.write(to: &json)
    guard let tab else { return }
    json.key("navigation")
    json.beginObject()
    json.key("tab")
    json.string(tab)
    json.key("path")
    json.beginArray()
    for value in path { value.write(to: &json) }
    json.endArray()
    json.endObject()
  }

  /// The rows `explain` prints: `destination` and `navigation`.
  var rows: [(name: String, value: String)] {
    var rows = [("destination", destination.text)]
    if let tab {
      let path = path.map(\.text).joined(separator: " → ") + (isTabRoot ? " (the tab's root)" : "")
      rows.append(("navigation", tab + ": " + path))
    }
    return rows
  }
}
