/// Query items that shadow a routed parameter (`https://shop.example.ca/fr/panier?locale=x`,
/// whose `locale` is `fr`; `shop://product/1?id=2`), which no form of a decision carries: a
/// handler sees exactly one value per name, the routed one (`Docs/Security.md`, "One value per
/// name").
///
/// An item shadows a parameter when its name is the parameter's name, unless it is the first item
/// of that name and holds exactly the parameter's value (the item the route or the rewrite
/// captured). A later item of a captured name is a shadow too.
enum ShadowingQueryItems {
  /// `link` without the query items that shadow one of `parameters`; `link` itself when none does.
  ///
  /// - Complexity: O(*q* × *p*) name comparisons for *q* query items and *p* parameters (both a
  ///   handful); nothing is allocated unless an item is dropped.
  static func dropped(from link: DeepLink, shadowing parameters: DeepLinkParameters) -> DeepLink {
    let items = link.queryItems
    guard !items.isEmpty, !parameters.isEmpty else { return link }
    // Names of other lengths cannot be equal: most items are passed over without a string comparison.
    func routedValue(of name: String) -> String? {
      let count = name.utf8.count
      for entry in parameters.entries where entry.name.utf8.count == count && entry.name == name { return entry.value }
      return nil
    }
    func shadows(_ position: Int) -> Bool {
      let item = items[position]
      guard let routed = routedValue(of: item.name) else { return false }
      guard item.value == routed else { return true }
      for earlier in items[..<position] where earlier.name == item.name { return true }
      return false
    }
    guard let first = items.indices.first(where: shadows) else { return link }
    var kept = Array(items[..<first])
    kept.reserveCapacity(items.count - 1)
    for position in items.indices.dropFirst(first + 1) where !shadows(position) { kept.append(items[position]) }
    return DeepLink(
      scheme: link.scheme, host: link.host, port: link.port, pathSegments: link.pathSegments, queryItems: kept,
      fragment: link.fragment)
  }
}
