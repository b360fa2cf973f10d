import DeepLinkComposition
import DeepLinkCore
import Foundation
import Testing

/// A policy narrows; it never redirects: an entry's fallback goes only to a host the configuration
/// declares (the market's domains or the platform's), and its reason is bounded in bytes
/// (`Docs/LinkPolicy.md`), against the composed CA configuration.
@Suite struct PolicyFallbackTests {
  static let configuration = PolicyTimeTests.configuration

  static func policy(_ entry: String) throws(LinkPolicyError) -> LinkPolicy {
    let document = #"{"version": "1", "market": "CA", "disable": [\#(entry)]}"#
    return try LinkPolicy(json: Array(document.utf8), configuration: configuration)
  }

  static func fallback(_ link: String) -> String {
    #"{"route": "flyer", "reason": "x", "fallback": "\#(link)"}"#
  }

  @Test(
    "a fallback to a host the configuration does not declare is refused, naming the field",
    arguments: [
      "https://evil.example/", "https://localhost/", "https://intranet/", "https://shop.example.com.mx/carrito",
      "https://shop.example.ca.evil.example/", "https://example.ca/", "https://xshop.example.ca/",
    ])
  func undeclaredHost(link: String) {
    #expect {
      _ = try Self.policy(Self.fallback(link))
    } throws: { error in
      guard let error = error as? LinkPolicyError else { return false }
      return error.field == "disable[0].fallback" && error.description.contains("does not declare")
        && error.description.contains("`shop.example.ca`")
    }
  }

  @Test(
    "a fallback that is not https or names a port is refused, naming the field",
    arguments: ["http://shop.example.ca/fr/aide", "https://shop.example.ca:8443/fr/aide", "javascript:alert(1)"])
  func notHTTPS(link: String) {
    #expect {
      _ = try Self.policy(Self.fallback(link))
    } throws: { error in
      (error as? LinkPolicyError)?.field == "disable[0].fallback"
    }
  }

  @Test(
    "a fallback on the market's or the platform's domains is kept, with the hand-off fragment",
    arguments: [
      ("https://shop.example.ca/fr/aide", "https://shop.example.ca/fr/aide#no_universal_links"),
      ("https://WWW.shop.example.ca/en/help#top", "https://www.shop.example.ca/en/help#no_universal_links"),
      ("https://shop.example.com/help", "https://shop.example.com/help#no_universal_links"),
    ])
  func declaredHost(link: String, kept: String) throws {
    let policy = try Self.policy(Self.fallback(link))
    #expect(policy.entries[0].fallback?.absoluteString == kept)
    let decision = Self.configuration.decide("https://shop.example.ca/en/flyer/7", policy: policy, at: Date())
    #expect(decision.outcome == .external)
    #expect(decision.browserLink?.absoluteString == kept)
  }

  @Test(
    "a reason is 1 to 200 bytes of UTF-8, whatever its characters",
    arguments: [
      (String(repeating: "a", count: 200), true), (String(repeating: "a", count: 201), false),
      (String(repeating: "é", count: 100), true), (String(repeating: "é", count: 101), false),
      ("e" + String(repeating: "\u{301}", count: 199), false), ("", false),
    ])
  func reasonBytes(reason: String, accepted: Bool) {
    let entry = #"{"route": "flyer", "reason": "\#(reason)"}"#
    if accepted {
      #expect(throws: Never.self) { _ = try Self.policy(entry) }
    } else {
      #expect {
        _ = try Self.policy(entry)
      } throws: { error in
        guard let error = error as? LinkPolicyError else { return false }
        return error.field == "disable[0].reason" && error.description.contains("bytes")
      }
    }
  }
}
