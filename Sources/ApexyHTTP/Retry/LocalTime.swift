import Foundation

/// Times in messages, in the local time zone.
package enum LocalTime {
  /// `HH:mm:ss` in the local time zone, with the date in front when it is not today's.
  package static func string(_ date: Date, now: Date = Date()) -> String {
    let calendar = Calendar.current
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat =
      calendar.isDate(date, inSameDayAs: now) ? "HH:mm:ss" : "yyyy-MM-dd HH:mm:ss"
    return formatter.string(from: date)
  }
}
