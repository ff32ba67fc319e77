import ApexyLoader
import Foundation
import GitHubAPI

/// Formats transitions as text lines close to `LoadingState`'s description, or as JSON Lines.
public enum TransitionFormatter {
  /// How many repository names a text line lists before "…".
  public static let namesShown = 3

  /// Builds the transition for a loader state.
  public static func transition<T>(
    _ state: LoadingState<T>, subject: TransitionSubject, time: TimeInterval, round: Int,
    errorLine: (Error) -> String, describe: (T) -> (String?, [String]?)
  ) -> Transition {
    let content = state.content.map(describe)
    return Transition(
      time: time, round: round, subject: subject, stateCase: StateCase(state),
      error: state.error.map(errorLine),
      organization: content?.0, repositories: content?.1)
  }

  /// `[  0.503s] repositories  Loading: cache 36 repositories (Apexy, …)`.
  public static func text(_ transition: Transition, timestamps: Bool) -> String {
    let time = timestamps ? String(format: "[%8.3fs] ", transition.time) : ""
    let subject = transition.subject.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
    let content = describeContent(transition)
    let body: String
    switch transition.stateCase {
    case .initial: body = "Initial"
    case .loading: body = "Loading: cache \(content ?? "nil")"
    case .success: body = "Success: \(content ?? "nil")"
    case .failure:
      var error = transition.error ?? "unknown error"
      if error.hasSuffix(".") { error.removeLast() }
      body = "Failure: \(error), cache \(content ?? "nil")"
    }
    return TextSanitizer.clean(time + subject + body)
  }

  /// One JSON object per line: time, round, state, case, error and content.
  public static func json(_ transition: Transition, timestamps: Bool) -> String {
    var object: [String: Any] = [
      "round": transition.round, "state": transition.subject.rawValue,
      "case": transition.stateCase.rawValue,
      "error": transition.error ?? NSNull(),
    ]
    if timestamps { object["time"] = (transition.time * 1000).rounded() / 1000 }
    if let organization = transition.organization { object["organization"] = organization }
    if let repositories = transition.repositories {
      object["repositories"] = repositories
      object["count"] = repositories.count
    }
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  private static func describeContent(_ transition: Transition) -> String? {
    let names = transition.repositories.map { names -> String in
      let shown = names.prefix(namesShown).joined(separator: ", ")
      let more = names.count > namesShown ? ", …" : ""
      let noun = names.count == 1 ? "repository" : "repositories"
      return names.isEmpty ? "0 repositories" : "\(names.count) \(noun) (\(shown)\(more))"
    }
    switch (transition.organization, names) {
    case (let organization?, let names?): return "\(organization): \(names)"
    case (let organization?, nil): return organization
    case (nil, let names?): return names
    case (nil, nil): return nil
    }
  }
}
