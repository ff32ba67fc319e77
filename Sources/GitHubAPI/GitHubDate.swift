import Foundation

/// GitHub's timestamps (`2024-05-01T12:34:56Z`) read with integer arithmetic.
///
/// Foundation's ISO 8601 strategy reads them through a calendar and a time zone, which opens
/// ICU's time zone data (about 2 MB of the executable's pages touched by a single list). The
/// form GitHub sends, UTC to the second, is read here; anything else goes to Foundation.
enum GitHubDate {
  /// The date `text` names, `nil` when it is not an ISO 8601 date and time.
  static func parse(_ text: String) -> Date? {
    if let seconds = utcSeconds(text) { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
    return try? Date(text, strategy: .iso8601)
  }

  /// Seconds since 1970 for exactly `YYYY-MM-DDTHH:MM:SSZ` with fields in range, else `nil`.
  static func utcSeconds(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
        bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A
      else { return nil }
      func number(_ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
          let digit = Int(bytes[index]) - 0x30
          guard digit >= 0, digit <= 9 else { return nil }
          value = value * 10 + digit
        }
        return value
      }
      guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
        let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
        year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month, year), hour < 24,
        minute < 60, second < 60
      else { return nil }
      return daysFromCivil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
    }
  }

  private static func daysIn(_ month: Int, _ year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
