import DeepLinkCore
import Foundation
import Testing

/// Checking a policy costs time linear in the document, whatever the names it holds
/// (`Docs/LinkPolicy.md`, "Cost"); the did-you-mean hint stays for names of ordinary length.
@Suite struct PolicyCheckCostTests {
  static func check(_ entry: String) -> LinkPolicyError? {
    let document = #"{"version": "1", "market": "CA", "disable": [\#(entry)]}"#
    do {
      _ = try LinkPolicy(json: Array(document.utf8), configuration: PolicyTimeTests.configuration)
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "a mistyped name of ordinary length gets a did-you-mean",
    arguments: [
      (#"{"route": "flyr", "reason": "x"}"#, "did you mean `flyer`?"),
      (#"{"rule": "/fr/paner", "reason": "x"}"#, "did you mean `/fr/panier`?"),
      (#"{"host": "shop.exampel.ca", "reason": "x"}"#, "did you mean `shop.example.ca`?"),
      (#"{"route": "flyer", "reasn": "x"}"#, "did you mean `reason`?"),
    ])
  func suggestion(entry: String, hint: String) throws {
    let error = try #require(Self.check(entry))
    #expect(error.description.contains(hint), "\(error)")
  }

  @Test("a name of 64 KB or of 21,000 `é` is refused without a hint, in well under a second")
  func longNames() throws {
    let names = [String(repeating: "a", count: 65_000), String(repeating: "é", count: 21_000)]
    for (name, kind) in [(names[0], "rule"), (names[1], "route"), (names[0], "host")] {
      let clock = ContinuousClock()
      var error: LinkPolicyError? = nil
      let elapsed = clock.measure { error = Self.check(#"{"\#(kind)": "\#(name)", "reason": "x"}"#) }
      let description = try #require(error).description
      #expect(description.contains("is not a"), "\(description.prefix(200))")
      #expect(!description.contains("did you mean"))
      // The quadratic hint took seconds here (14 s for 64 KB in a debug build).
      #expect(elapsed < .seconds(1), "\(kind): \(elapsed)")
    }
  }
}
