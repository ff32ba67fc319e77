import DemoOptions
import Foundation
import GitHubAPI

/// The argument given to a flag, read as the flag needs it; every error is one line that names
/// the flag and shows what was given, cleaned of control characters.
struct FlagArgument: Sendable {
  /// The flag, as given (`--timeout`).
  let flag: String
  /// The argument as given.
  let text: String
  /// `FILE:LINE` of the config file line it came from; `nil` on the command line.
  var origin: String? = nil

  /// Seconds within `range`.
  func seconds(in range: ClosedRange<Double>) throws(UsageError) -> Double {
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw refusal(
        "takes seconds from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
    }
    return value
  }

  /// A whole number within `range`.
  func integer(in range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw refusal("takes a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// An `http` or `https` URL with a host, and without credentials, a query or a fragment.
  func url() throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else {
      throw refusal("needs an http or https URL such as https://github.example.com/api/v3")
    }
    // Each part the app would drop is refused by name, the credentials without echoing them.
    if url.user != nil || url.password != nil {
      throw UsageError(
        description: "\(flag) holds a user name or password before the host; leave it out of "
          + "the URL and give the token with GITHUB_TOKEN or --token-file.")
    }
    for (part, mark, value) in [("query", "?", url.query), ("fragment", "#", url.fragment)]
    where value != nil {
      throw UsageError(
        description: "\(flag) takes the API's root URL, without a \(part); leave out "
          + "\"\(mark)\(TextSanitizer.clean(value ?? ""))\" from \"\(TextSanitizer.clean(text))\".")
    }
    return url
  }

  /// One login or several, comma-separated, each as `login()` checks it.
  func logins() throws(UsageError) -> [String] {
    var logins: [String] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      logins.append(try FlagArgument(flag: flag, text: String(part)).login())
    }
    return logins
  }

  /// A login as GitHub checks it (`GitHubLogin`): letters, digits and single hyphens, not
  /// first or last, at most 39 characters.
  func login() throws(UsageError) -> String {
    if let problem = GitHubLogin.problem(text) {
      throw UsageError(
        description:
          "\(flag) takes a GitHub login (letters, digits and single hyphens, at most 39),"
          + " not \"\(TextSanitizer.clean(text))\" (\(problem)).")
    }
    return text
  }

  /// One of the built-in server's failure modes.
  func failureMode() throws(UsageError) -> DemoFailureMode {
    guard let mode = DemoFailureMode(rawValue: text) else {
      throw UsageError(
        description:
          "\(flag) takes one of \(DemoFailureMode.names); not \"\(TextSanitizer.clean(text))\".")
    }
    return mode
  }

  /// Routes, rounds and repositories pages to fail: `org`, `repos`, `round=N` and `page=N`,
  /// comma-separated.
  func failures() throws(UsageError) -> (
    routes: Set<DemoRoute>, rounds: Set<Int>, pages: Set<Int>
  ) {
    var routes: Set<DemoRoute> = []
    var rounds: Set<Int> = []
    var pages: Set<Int> = []
    for part in text.split(separator: ",") {
      let word = String(part)
      if let route = DemoRoute(rawValue: word) {
        routes.insert(route)
      } else if word.hasPrefix("round=") {
        rounds.insert(try ordinal(word, of: "round"))
      } else if word.hasPrefix("page=") {
        pages.insert(try ordinal(word, of: "page"))
      } else {
        throw UsageError(
          description:
            "\(flag) takes org, repos, round=N or page=N (comma-separated), not \"\(TextSanitizer.clean(word))\"."
        )
      }
    }
    return (routes, rounds, pages)
  }

  /// The N of `name=N` in `word`: a whole number from 1.
  private func ordinal(_ word: String, of name: String) throws(UsageError) -> Int {
    guard let value = Int(word.dropFirst(name.count + 1)), value >= 1 else {
      throw UsageError(
        description:
          "\(flag) takes \(name)=N with N a whole number from 1 (\(name)=2), not \"\(TextSanitizer.clean(word))\"."
      )
    }
    return value
  }

  /// Seconds as people write them: `3`, `0.5`.
  static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// "--flag takes …, not "given"."
  func refusal(_ expectation: String) -> UsageError {
    UsageError(description: "\(flag) \(expectation), not \"\(TextSanitizer.clean(text))\".")
  }
}

extension FlagArgument {
  /// A directory path, not empty.
  func directory() throws(UsageError) -> String {
    guard !text.isEmpty else { throw refusal("takes a directory") }
    return text
  }
}
