import Foundation

/// Reads an RFC 3339 time (`date-time` of RFC 3339 §5.6) strictly and the same on every platform:
/// `2026-12-01T00:00:00Z`, `2026-12-01T00:00:00.5+01:00`.
///
/// - Every field has exactly its number of ASCII digits (`0`–`9`; no other digits, no signs).
/// - The date exists in the proleptic Gregorian calendar: `2027-02-29` and `2027-04-31` are
///   refused, never rolled over into the next month.
/// - Hours 00–23, minutes 00–59, seconds 00–59; an offset is `Z` or `±HH:MM` within ±23:59.
/// - A fraction of a second (`.` and one or more digits) is accepted.
/// - `T` and `Z` may be written `t` and `z` (RFC 3339 §5.6 allows either case); nothing may
///   come before or after the time, not even a space.
/// - A leap second (`23:59:60`) is accepted only where one can occur: at 23:59:60 UTC on the last
///   day of a month (RFC 3339 §5.7, `time-second` 60). It is read as the first instant of the
///   next day, the instant after 23:59:59: a `Date` counts seconds without leap seconds.
///
/// Foundation's `ISO8601DateFormatter` is not used: its leniency differs between platforms
/// (Linux accepted `2027-02-30` as March 2), so a document would be judged differently by
/// `deeplink policy check` and by the app.
enum RFC3339Time {
  /// The form shown in errors.
  static let expectedForm = "an RFC 3339 time such as 2026-12-01T00:00:00Z or 2026-12-01T09:30:00.5+01:00"

  /// Why a text is not an RFC 3339 time.
  struct Problem: Error, Sendable, Equatable {
    var message: String
  }

  /// The instant `text` names.
  ///
  /// - Throws: ``Problem`` saying what part is wrong.
  /// - Complexity: O(*n*) in the text's length.
  static func date(from text: String) throws(Problem) -> Date {
    var reader = Reader(bytes: Array(text.utf8))
    let year = try reader.digits(4, "the year")
    try reader.expect("-", after: "the year")
    let month = try reader.digits(2, "the month")
    try reader.expect("-", after: "the month")
    let day = try reader.digits(2, "the day")
    guard (1...12).contains(month) else { throw Problem(message: "the month \(pad(month)) is not 01 to 12") }
    let monthLength = days(inMonth: month, year: year)
    guard (1...monthLength).contains(day) else {
      throw Problem(message: "the day \(pad(day)) does not exist in \(year)-\(pad(month)) (01 to \(monthLength))")
    }
    guard reader.take("T") || reader.take("t") else {
      throw Problem(message: reader.atEnd ? "the time of day is missing" : "expected `T` after the date")
    }
    let hour = try reader.digits(2, "the hour")
    try reader.expect(":", after: "the hour")
    let minute = try reader.digits(2, "the minute")
    try reader.expect(":", after: "the minute")
    let second = try reader.digits(2, "the second")
    guard hour <= 23 else { throw Problem(message: "the hour \(pad(hour)) is not 00 to 23") }
    guard minute <= 59 else { throw Problem(message: "the minute \(pad(minute)) is not 00 to 59") }
    guard second <= 60 else {
      throw Problem(message: "the second \(pad(second)) is not 00 to 59 (60 for a leap second)")
    }
    var fraction = 0.0
    if reader.take(".") {
      let start = reader.index
      var scale = 0.1
      while let digit = reader.digit() {
        fraction += Double(digit) * scale
        scale /= 10
      }
      guard reader.index > start else { throw Problem(message: "a `.` must be followed by the fraction's digits") }
    }
    let offset: Int
    if reader.take("Z") || reader.take("z") {
      offset = 0
    } else if let sign = reader.sign() {
      let offsetHour = try reader.digits(2, "the offset's hours")
      try reader.expect(":", after: "the offset's hours")
      let offsetMinute = try reader.digits(2, "the offset's minutes")
      guard offsetHour <= 23, offsetMinute <= 59 else {
        throw Problem(
          message: "the offset \(sign < 0 ? "-" : "+")\(pad(offsetHour)):\(pad(offsetMinute)) is not within ±23:59")
      }
      offset = sign * (offsetHour * 3600 + offsetMinute * 60)
    } else {
      throw Problem(
        message: reader.atEnd ? "the offset (`Z` or `±HH:MM`) is missing" : "expected `Z` or `±HH:MM` after the time")
    }
    guard reader.atEnd else { throw Problem(message: "text follows the time at byte \(reader.index)") }

    // Counted with `second` as written: a leap second 60 comes out as the next day's first instant.
    let seconds =
      daysFromEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
      - offset
    if second == 60 {
      // 23:59:59 UTC, one second earlier, on the last day of a month.
      let before = seconds - 1
      let utcDay = floorDivide(before, 86_400)
      let (_, utcMonthDay, lastDay) = civil(daysFromEpoch: utcDay)
      guard before - utcDay * 86_400 == 86_399, utcMonthDay == lastDay else {
        throw Problem(message: "a leap second (:60) occurs only at 23:59:60 UTC on the last day of a month")
      }
    }
    return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
  }

  private static func pad(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  /// 28 to 31.
  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to the date (Howard Hinnant's `days_from_civil`).
  static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The month, day and the month's last day of the day `days` after 1970-01-01.
  static func civil(daysFromEpoch days: Int) -> (month: Int, day: Int, lastDay: Int) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (month, day, Self.days(inMonth: month, year: year))
  }

  private static func floorDivide(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }

    /// The next byte as an ASCII digit's value, consumed, or `nil`.
    mutating func digit() -> Int? {
      guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
      defer { index += 1 }
      return Int(bytes[index] - 0x30)
    }

    /// Exactly `count` ASCII digits.
    mutating func digits(_ count: Int, _ name: String) throws(Problem) -> Int {
      var value = 0
      for _ in 0..<count {
        guard let digit = digit() else {
          throw Problem(message: "\(name) must be \(count) ASCII digits")
        }
        value = value * 10 + digit
      }
      return value
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
      index += 1
      return true
    }

    mutating func expect(_ character: Unicode.Scalar, after name: String) throws(Problem) {
      guard take(character) else { throw Problem(message: "expected `\(character)` after \(name)") }
    }

    /// `+1` or `-1` for a sign, consumed.
    mutating func sign() -> Int? {
      if take("+") { return 1 }
      if take("-") { return -1 }
      return nil
    }
  }
}
