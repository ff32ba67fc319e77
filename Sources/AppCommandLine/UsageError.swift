/// A command line that cannot be understood; exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// A one-line explanation that says what to do.
  public let description: String

  /// An error that says `description`.
  public init(description: String) {
    self.description = description
  }
}
