extension AppleAppSiteAssociation {
  /// The file, pretty-printed: `{"applinks":{"defaults":…,"substitutionVariables":…,"details":[…]}}`.
  ///
  /// - Parameters:
  ///   - appIDs: the apps that handle the links (`TEAM.bundle`), in order.
  ///   - comments: whether each component carries its `comment`.
  package func json(appIDs: [String], comments: Bool = true) -> String {
    var text = "{\n  \"applinks\": {\n"
    text += "    \"defaults\": { \"caseSensitive\": false },\n"
    text += "    \"substitutionVariables\": {\n"
    text +=
      substitutionVariables.map { variable in
        "      \(quoted(variable.name)): [" + variable.values.map(quoted).joined(separator: comments ? ", " : ",") + "]"
      }.joined(separator: ",\n")
    text += "\n    },\n    \"details\": [\n      {\n"
    text += "        \"appIDs\": [\(appIDs.map(quoted).joined(separator: ", "))],\n        \"components\": [\n"
    text += components.map { component in
      var fields: [String] = []
      if let path = component.path { fields.append("\"/\": \(quoted(path))") }
      if let whole = component.wholeQuery {
        fields.append("\"?\": \(quoted(whole))")
      } else if !component.query.isEmpty {
        let query = component.query.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(quoted($0.value))" }
        fields.append("\"?\": { " + query.joined(separator: ", ") + " }")
      }
      if let fragment = component.fragment { fields.append("\"#\": \(quoted(fragment))") }
      if component.exclude { fields.append("\"exclude\": true") }
      if component.caseSensitive { fields.append("\"caseSensitive\": true") }
      if comments {
        fields.append("\"comment\": \(quoted(component.comment))")
        return "          { " + fields.joined(separator: ", ") + " }"
      }
      return "{" + fields.joined(separator: ",").replacingOccurrences(of: "\": ", with: "\":") + "}"
    }.joined(separator: comments ? ",\n" : ",\n")
    text += "\n        ]\n      }\n    ]\n  }\n}\n"
    return text
  }
}

/// `text` as a JSON string literal.
func quoted(_ text: String) -> String {
  var json = JSONWriter()
  json.string(text)
  return String(decoding: json.bytes, as: UTF8.self)
}
