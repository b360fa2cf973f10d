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
        "      \(JSONWriter.literal(variable.name)): ["
          + variable.values.map(JSONWriter.literal).joined(separator: comments ? ", " : ",") + "]"
      }.joined(separator: ",\n")
    text += "\n    },\n    \"details\": [\n      {\n"
    text +=
      "        \"appIDs\": [\(appIDs.map(JSONWriter.literal).joined(separator: ", "))],\n        \"components\": [\n"
    text += components.map { component in
      var fields: [String] = []
      if let path = component.path { fields.append("\"/\": \(JSONWriter.literal(path))") }
      if let whole = component.wholeQuery {
        fields.append("\"?\": \(JSONWriter.literal(whole))")
      } else if !component.query.isEmpty {
        let query = component.query.sorted { $0.key < $1.key }.map {
          "\(JSONWriter.literal($0.key)): \(JSONWriter.literal($0.value))"
        }
        fields.append("\"?\": { " + query.joined(separator: ", ") + " }")
      }
      if let fragment = component.fragment { fields.append("\"#\": \(JSONWriter.literal(fragment))") }
      if component.exclude { fields.append("\"exclude\": true") }
      if component.caseSensitive { fields.append("\"caseSensitive\": true") }
      if comments {
        fields.append("\"comment\": \(JSONWriter.literal(component.comment))")
        return "          { " + fields.joined(separator: ", ") + " }"
      }
      return "{" + fields.joined(separator: ",").replacingOccurrences(of: "\": ", with: "\":") + "}"
    }.joined(separator: comments ? ",\n" : ",\n")
    text += "\n        ]\n      }\n    ]\n  }\n}\n"
    return text
  }
}
