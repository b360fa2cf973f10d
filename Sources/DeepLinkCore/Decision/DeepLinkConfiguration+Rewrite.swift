extension DeepLinkConfiguration {
  /// The rewrite stage: the first rewrite rule that applies, or the mapping of a market scheme
  /// onto the app scheme. Sets the walk's routed link, the rule, its extras and (for a market's
  /// rule) the link's owner; a link no rule applies to is routed as it came.
  @inline(__always)
  func rewrite(_ walk: inout LinkWalk, _ trace: inout DecisionTrace) {
    let link = walk.link
    if let (rewritten, ruleExtras, ruleIndex) = applyRule(link) {
      walk.ruleIndex = ruleIndex
      walk.routedLink = rewritten
      walk.rewrittenTo = rewritten
      walk.extras = ruleExtras
      // The rule is read in place, not copied: the decision takes its one copy.
      let owner = rewriteRules[ruleIndex].rule.owner
      if owner != .platform { walk.linkOwner = owner }
      guard trace.enabled else { return }
      let rule = rewriteRules[ruleIndex].rule
      trace.add(
        .rewrite, "rule `\(rule.pattern)` → `\(rule.target)` of \(rule.owner): \(LinkRedactor.redact(rewritten))")
      if rule.isOverride {
        // In a composed configuration a market's override stands only where the platform granted it.
        trace.add(
          .rewrite,
          rule.owner == .platform
            ? "the rule replaces an earlier rule for the same links"
            : "the rule overrides the platform's rule for the same links, as the platform allows \(rule.owner)")
      }
    } else if let scheme = walk.admittedScheme, let mapped = mapToAppScheme(link, scheme) {
      walk.routedLink = mapped
      walk.rewrittenTo = mapped
      trace.add(.rewrite, "scheme `\(link.scheme)` → `\(appScheme)`: \(LinkRedactor.redact(mapped))")
    } else {
      trace.add(.rewrite, "no rule applies")
    }
  }

  /// Applies the first rewrite rule whose pattern matches and whose target accepts the values,
  /// through the rule's ``RewritePlan``.
  private func applyRule(_ link: DeepLink) -> (DeepLink, DeepLinkParameters, Int)? {
    guard rewrites.count > 0 else { return nil }
    var choice = RewriteChoice(rules: rewrites, plans: rewritePlans, link: link)
    _ = rewrites.search(link, &choice)
    return choice.result
  }

  /// Maps a link of a market scheme (`shopca://ca/cart`, `shopca://cart`) onto the app scheme,
  /// dropping the scheme's custom host.
  private func mapToAppScheme(_ link: DeepLink, _ scheme: URLScheme) -> DeepLink? {
    var segments = link.pathSegments
    if let customHost = scheme.customHost, let first = segments.first,
      first.utf8.count == customHost.utf8.count,
      zip(first.utf8, customHost.utf8).allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 })
    {
      segments.removeFirst()
    }
    guard scheme.scheme != appScheme || segments.count != link.pathSegments.count else { return nil }
    return DeepLink(
      scheme: appScheme, pathSegments: segments, queryItems: link.queryItems, fragment: link.fragment)
  }
}

/// The rewrite a decision applies: the first rule, most specific first, whose plan turns the link
/// into one its target accepts.
private struct RewriteChoice: RouteVisitor {
  let rules: RouteTable<Int>
  let plans: [RewritePlan?]
  let link: DeepLink
  /// The rewritten link, its extras and the rule's index.
  var result: (DeepLink, DeepLinkParameters, Int)? = nil

  mutating func visit(_ route: Int32) -> Bool {
    let ruleIndex = rules.value(at: route)
    guard let plan = plans[ruleIndex], let (rewritten, extras) = plan.apply(to: link) else { return false }
    result = (rewritten, extras, ruleIndex)
    return true
  }
}
