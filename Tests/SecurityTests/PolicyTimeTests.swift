import DeepLinkComposition
import DeepLinkCore
import Foundation
import Testing

/// A policy's `until` and `expires` are read by the package's own strict RFC 3339 reader, the same
/// on every platform (`Docs/LinkPolicy.md`, "Times"), against the composed CA configuration.
@Suite struct PolicyTimeTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z
  static let configuration = try! DeepLinkAssembly.configuration(market: "CA")

  /// The policy with `expires` and an entry's `until` both `time`.
  static func policy(_ time: String) throws(LinkPolicyError) -> LinkPolicy {
    let document = #"""
      {"version": "1", "market": "CA", "expires": "\#(time)",
       "disable": [{"route": "flyer", "reason": "x", "until": "\#(time)"}]}
      """#
    return try LinkPolicy(json: Array(document.utf8), configuration: configuration, now: now)
  }

  /// The instant `text` names as Foundation reads a plain `Z` time: for comparing with the reader.
  static func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(
      from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
  }

  static let accepted: [(text: String, date: Date)] = [
    ("2027-03-02T00:00:00Z", instant(2027, 3, 2, 0, 0, 0)),
    ("2028-02-29T12:30:45Z", instant(2028, 2, 29, 12, 30, 45)),
    ("2027-03-02t00:00:00z", instant(2027, 3, 2, 0, 0, 0)),
    ("2027-03-02T01:00:00+01:00", instant(2027, 3, 2, 0, 0, 0)),
    ("2027-03-01T23:00:00-01:00", instant(2027, 3, 2, 0, 0, 0)),
    ("2027-03-02T23:59:00+23:59", instant(2027, 3, 2, 0, 0, 0)),
    ("2027-03-01T00:01:00-23:59", instant(2027, 3, 2, 0, 0, 0)),
    ("2027-03-02T00:00:00.5Z", instant(2027, 3, 2, 0, 0, 0).addingTimeInterval(0.5)),
    ("2027-03-02T00:00:00.250-00:00", instant(2027, 3, 2, 0, 0, 0).addingTimeInterval(0.25)),
    // A leap second where one can occur is the instant after 23:59:59 UTC.
    ("2027-06-30T23:59:60Z", instant(2027, 7, 1, 0, 0, 0)),
    ("2027-07-01T01:59:60+02:00", instant(2027, 7, 1, 0, 0, 0)),
    ("2027-12-31T23:59:60.5Z", instant(2028, 1, 1, 0, 0, 0).addingTimeInterval(0.5)),
  ]

  @Test("an RFC 3339 time is read as the instant it names, fractions and offsets included", arguments: accepted.indices)
  func accepts(index: Int) throws {
    let row = Self.accepted[index]
    let policy = try Self.policy(row.text)
    let expires = try #require(policy.expires)
    #expect(abs(expires.timeIntervalSince(row.date)) < 0.000_1, "\(row.text) read as \(expires)")
    #expect(policy.entries[0].until == policy.expires)
  }

  static let refused: [(text: String, message: String)] = [
    ("2027-02-30T00:00:00Z", "the day 30 does not exist in 2027-02"),
    ("2027-02-29T00:00:00Z", "the day 29 does not exist in 2027-02"),
    ("2027-04-31T00:00:00Z", "the day 31 does not exist in 2027-04"),
    ("2027-13-01T00:00:00Z", "the month 13"),
    ("2027-00-01T00:00:00Z", "the month 00"),
    ("2027-03-00T00:00:00Z", "the day 00"),
    ("2027-03-02T24:00:00Z", "the hour 24"),
    ("2027-03-02T00:60:00Z", "the minute 60"),
    ("2027-03-02T00:00:61Z", "the second 61"),
    ("2027-03-02T12:00:60Z", "leap second"),
    ("2027-03-02T23:59:60Z", "leap second"),
    ("2027-03-02T00:00:00+25:00", "within ±23:59"),
    ("2027-03-02T00:00:00+05:60", "within ±23:59"),
    ("2027-03-02T00:00:00+0500", "after the offset's hours"),
    ("2027-03-02T00:00:00Zjunk", "text follows the time"),
    ("2027-03-02T00:00:00 Z", "expected `Z` or `±HH:MM`"),
    ("2027-03-02T00:00:00GMT", "expected `Z` or `±HH:MM`"),
    ("2027-03-02T00:00:00", "the offset (`Z` or `±HH:MM`) is missing"),
    (" 2027-03-02T00:00:00Z", "the year must be 4 ASCII digits"),
    ("2027-03-02T00:00:00Z ", "text follows the time"),
    ("2027-03-02", "the time of day is missing"),
    ("2027-03-02 00:00:00Z", "expected `T` after the date"),
    ("２０２７-03-02T00:00:00Z", "the year must be 4 ASCII digits"),
    ("2027-03-٠٢T00:00:00Z", "the day must be 2 ASCII digits"),
    ("2027-3-02T00:00:00Z", "the month must be 2 ASCII digits"),
    ("2027-03-02T0:00:00Z", "the hour must be 2 ASCII digits"),
    ("2027-03-02T00:00:00.Z", "fraction's digits"),
    ("+2027-03-02T00:00:00Z", "the year must be 4 ASCII digits"),
  ]

  @Test(
    "a time that rolls over, has an offset past ±23:59, trailing text or other digits is refused, naming the field",
    arguments: refused.indices)
  func refuses(index: Int) {
    let row = Self.refused[index]
    #expect {
      _ = try Self.policy(row.text)
    } throws: { error in
      let description = (error as? LinkPolicyError)?.description ?? ""
      return description.contains("`expires`") && description.contains(row.message)
        && description.contains("2026-12-01T00:00:00Z")
    }
  }

  @Test("an entry's `until` is read by the same reader and its error names the entry's field")
  func untilNamesItsField() {
    let document = #"""
      {"version": "1", "market": "CA", "disable": [{"route": "flyer", "reason": "x", "until": "2027-02-30T00:00:00Z"}]}
      """#
    #expect {
      _ = try LinkPolicy(json: Array(document.utf8), configuration: Self.configuration, now: Self.now)
    } throws: { error in
      (error as? LinkPolicyError)?.field == "disable[0].until"
    }
  }
}
