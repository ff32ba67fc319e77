/// What the program that runs the app tells a user to do, such as which flag raises a limit;
/// the library's errors and notices only describe the problem.
public struct ErrorAdvice: Sendable, Equatable {
  /// The advice when a load stopped at the page cap, for example "raise it with --page-cap".
  public var pageCap: String?

  /// Advice for what has some.
  public init(pageCap: String? = nil) {
    self.pageCap = pageCap
  }
}
