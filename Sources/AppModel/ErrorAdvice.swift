import GitHubAPI

/// What the program that runs the app tells a user to do about an error, such as which flag
/// raises a limit; the library's errors only describe the problem.
public struct ErrorAdvice: Sendable, Equatable {
  /// The advice when pagination stopped at the page cap, for example "raise it with --page-cap".
  public var pageCap: String?

  /// Advice for the errors that have some.
  public init(pageCap: String? = nil) {
    self.pageCap = pageCap
  }

  /// The advice for `error`, if there is any: none of the errors has some now (the page cap
  /// is a limit, told with ``pageCap`` beside the list).
  public func callAsFunction(_ error: Error) -> String? {
    nil
  }
}
