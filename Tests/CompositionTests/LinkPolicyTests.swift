import DeepLinkComposition
import DeepLinkCore
import Foundation
import Testing

/// A link policy checked against the composed CA configuration: what it refuses, naming the
/// field, and how links decide under it.
@Suite struct LinkPolicyTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
  static let configuration = try! DeepLinkAssembly.configuration(market: "CA")

  static let valid = #"""
    {"version": "2027-01-15.1", "market": "CA", "expires": "2027-02-01T00:00:00Z",
     "disable": [
       {"route": "flyer", "reason": "flyer screen crashes on some stores"},
       {"rule": "/fr/panier", "reason": "campaign not ready", "fallback": "https://shop.example.ca/fr/aide"},
       {"host": "www.shop.example.ca", "reason": "certificate renewal"},
       {"route": "/orders/{id:int}", "reason": "orders back end down", "until": "2027-01-15T09:00:00Z"}]}
    """#

  static func policy(_ text: String = valid) throws -> LinkPolicy {
    try LinkPolicy(json: Array(text.utf8), configuration: configuration, now: now)
  }

  struct Row: Sendable, CustomStringConvertible {
    var link: String
    var outcome: DeepLinkOutcome
    var reason: DeepLinkReason?
    var route: String?
    var browser: String?
    var description: String { link }
  }

  static let rows: [Row] = [
    Row(
      link: "https://shop.example.ca/fr/circulaire/77", outcome: .external, reason: .disabledByPolicy,
      browser: "https://shop.example.ca/fr/circulaire/77#no_universal_links"),
    Row(link: "shopca://ca/flyer/77", outcome: .notFound, reason: .disabledByPolicy),
    Row(
      link: "https://shop.example.ca/fr/panier?utm_source=mail", outcome: .external, reason: .disabledByPolicy,
      browser: "https://shop.example.ca/fr/aide#no_universal_links"),
    Row(
      link: "https://www.shop.example.ca/fr/panier", outcome: .external, reason: .disabledByPolicy,
      browser: "https://www.shop.example.ca/fr/panier#no_universal_links"),
    Row(
      link: "https://www.shop.example.ca/en/ip/desk/123", outcome: .external, reason: .disabledByPolicy,
      browser: "https://www.shop.example.ca/en/ip/desk/123#no_universal_links"),
    Row(link: "shopca://ca/orders/9001", outcome: .notFound, reason: .disabledByPolicy),
    // What the policy does not name still opens, and what the build refuses stays refused.
    Row(link: "https://shop.example.ca/en/cart", outcome: .routed, route: "/cart"),
    Row(link: "https://shop.example.ca/en/ip/desk/123", outcome: .routed, route: "/product/{id:int}"),
    Row(
      link: "https://shop.example.ca/fr/aide", outcome: .external, reason: .unmatchedWebPath,
      browser: "https://shop.example.ca/fr/aide#no_universal_links"),
    Row(link: "javascript:alert(1)", outcome: .invalid, reason: .unregisteredScheme),
  ]

  @Test("links decide under the policy: switched off to the fallback, the browser or notFound", arguments: rows)
  func decisions(row: Row) throws {
    let policy = try Self.policy()
    let decision = Self.configuration.decide(row.link, policy: policy, at: Self.now)
    #expect(decision.outcome == row.outcome)
    #expect(decision.reason == row.reason)
    #expect(decision.route?.description == row.route)
    #expect(decision.browserLink?.absoluteString == row.browser)
    #expect(decision.policyVersion == "2027-01-15.1")
  }

  @Test("an entry's end and the policy's expiry are judged at decision time")
  func ends() throws {
    let policy = try Self.policy()
    let later = Self.now.addingTimeInterval(2 * 3600)
    #expect(Self.configuration.decide("shopca://ca/orders/9001", policy: policy, at: later).outcome == .routed)
    #expect(Self.configuration.decide("shopca://ca/flyer/77", policy: policy, at: later).outcome == .notFound)
    let afterExpiry = Date(timeIntervalSince1970: 1_900_000_000)
    let decision = Self.configuration.decide("shopca://ca/flyer/77", policy: policy, at: afterExpiry)
    #expect(decision.outcome == .routed)
    #expect(decision.policyVersion == nil)
  }

  static let refused: [(String, String, String)] = [
    ("not JSON", #"{"version": "1", "market": "CA", "disable": [}"#, "not JSON at byte 45"),
    (
      "a repeated key", #"{"version": "1", "version": "2", "market": "CA", "disable": []}"#,
      "the key `version` is repeated"
    ),
    ("a field a policy cannot have", #"{"version": "1", "market": "CA", "disable": [], "enable": []}"#, "`enable`"),
    ("a misspelt field", #"{"version": "1", "market": "CA", "disabel": []}"#, "did you mean `disable`?"),
    ("another market", #"{"version": "1", "market": "MX", "disable": []}"#, "`market`"),
    ("no version", #"{"market": "CA", "disable": []}"#, "`version`"),
    (
      "an unknown route", #"{"version": "1", "market": "CA", "disable": [{"route": "flyr", "reason": "x"}]}"#,
      "did you mean `flyer`?"
    ),
    (
      "another market's rule", #"{"version": "1", "market": "CA", "disable": [{"rule": "/carrito", "reason": "x"}]}"#,
      "`disable[0].rule`"
    ),
    (
      "an unknown host",
      #"{"version": "1", "market": "CA", "disable": [{"host": "shop.example.com.mx", "reason": "x"}]}"#,
      "`disable[0].host`"
    ),
    (
      "no reason", #"{"version": "1", "market": "CA", "disable": [{"route": "cart"}]}"#,
      "`disable[0].reason` is missing"
    ),
    (
      "two targets in one entry",
      #"{"version": "1", "market": "CA", "disable": [{"route": "cart", "host": "shop.example.ca", "reason": "x"}]}"#,
      "exactly one"
    ),
    (
      "a cleartext fallback",
      #"{"version": "1", "market": "CA", "disable": [{"route": "cart", "reason": "x", "fallback": "http://a.example"}]}"#,
      "`disable[0].fallback`"
    ),
    (
      "an expired policy", #"{"version": "1", "market": "CA", "expires": "2020-01-01T00:00:00Z", "disable": []}"#,
      "expired"
    ),
    (
      "an ended entry",
      #"{"version": "1", "market": "CA", "disable": [{"route": "cart", "reason": "x", "until": "2020-01-01T00:00:00Z"}]}"#,
      "`disable[0].until`"
    ),
    (
      "removing a barrier",
      #"{"version": "1", "market": "CA", "disable": [{"route": "cart", "reason": "x", "barriers": []}]}"#,
      "would widen"
    ),
  ]

  @Test("a document that is malformed, unknown, widening or expired is refused, naming the field", arguments: refused)
  func refusals(name: String, document: String, message: String) {
    #expect {
      _ = try Self.policy(document)
    } throws: { error in
      guard let error = error as? LinkPolicyError else { return false }
      return error.description.contains(message)
    }
  }

  @Test("a document over 64 KB is refused before it is read")
  func tooLarge() {
    let padding = String(repeating: " ", count: LinkPolicy.maximumSize)
    #expect {
      _ = try Self.policy(#"{"version": "1", "market": "CA", "disable": []}"# + padding)
    } throws: { error in
      (error as? LinkPolicyError)?.description.contains("over the 65536-byte limit") == true
    }
  }
}
