import ApexyLoader
import Foundation

/// What the app says about a list read page by page: how far it got, where it stopped, and
/// whether the rate limit lasts to its end. Plain text, drawn by the panes and the status bar
/// and printed by headless mode.
public enum PageNotes {
  /// `4987` as "4,987".
  public static func grouped(_ number: Int) -> String {
    let digits = String(abs(number))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return (number < 0 ? "-" : "") + out
  }

  /// "page 12/50", or "page 12" while the server has not said how many there are.
  public static func page(_ pages: PageProgress) -> String {
    "page \(pages.pagesRead)" + (pages.pageCount.map { "/\($0)" } ?? "")
  }

  /// "1,200 so far · page 12/50": the rows read and the pages.
  public static func soFar(_ pages: PageProgress) -> String {
    "\(grouped(pages.itemCount)) so far · " + page(pages)
  }

  /// "after 29 of 50 pages", or "after 29 pages" without a page count.
  public static func after(_ pages: PageProgress) -> String {
    let noun = pages.pageCount == 1 || (pages.pageCount == nil && pages.pagesRead == 1)
    let count = pages.pageCount.map { " of \($0)" } ?? ""
    return "after \(pages.pagesRead)\(count) page" + (noun ? "" : "s")
  }

  /// An error line that says how far the load got: `how` ("after 29 of 50 pages (2,900 shown)")
  /// goes after the error's first clause, before its first `; `, or makes a sentence of its own
  /// ("Stopped after …") when the line has no such clause.
  public static func line(_ line: String, stopped how: String) -> String {
    if let clause = line.range(of: "; ") {
      return line[..<clause.lowerBound] + " " + how + line[clause.lowerBound...]
    }
    var text = line
    if !text.hasSuffix(".") && !text.hasSuffix("?") && !text.hasSuffix("!") { text += "." }
    return text + " Stopped " + how + "."
  }

  /// "Stopped at the cap of 3 pages (300 repositories); raise it with --page-cap.": a load that
  /// read as many pages as it may, and what raises the cap (the program's `advice`).
  public static func cap(_ cap: Int, items: Int, advice: String?) -> String {
    let pages = cap == 1 ? "1 page" : "\(cap) pages"
    let rows = items == 1 ? "1 repository" : "\(grouped(items)) repositories"
    let text = "Stopped at the cap of \(pages) (\(rows))"
    return text + (advice.map { "; \($0)." } ?? ".")
  }

  /// "First 25 repositories (--limit 25).": a list cut to the program's limit, and the flag
  /// that set it (`flag`).
  public static func limit(_ limit: Int, flag: String?) -> String {
    let rows = limit == 1 ? "First repository" : "First \(grouped(limit)) repositories"
    return rows + (flag.map { " (\($0) \(limit))." } ?? ".")
  }

  /// "50 pages to read, 31 requests left until 22:52.": a load with more pages left than the
  /// rate limit allows requests, said as soon as its first page tells how many there are;
  /// `nil` while the limit lasts (or nothing says how many pages are left).
  public static func rateLimitShort(_ pages: PageProgress, _ limit: RateLimit?) -> String? {
    guard let left = pages.pagesLeft, let limit, left > limit.remaining else { return nil }
    let noun = left == 1 ? "page" : "pages"
    let requests = limit.remaining == 1 ? "request" : "requests"
    return "\(grouped(left)) \(noun) to read, \(grouped(limit.remaining)) \(requests) left until "
      + "\(ErrorMessage.clock(limit.reset))."
  }
}
