import Foundation

/// The response body was larger than the client's `maximumResponseSize`.
public struct ResponseTooLargeError: LocalizedError, Equatable, CustomStringConvertible {
  /// The limit in bytes that was exceeded.
  public let limit: Int

  /// Creates the error for the given limit in bytes.
  ///
  /// - Parameter limit: The `maximumResponseSize` that was exceeded.
  public init(limit: Int) {
    self.limit = limit
  }

  /// A one-line explanation.
  public var description: String {
    "The response was larger than the limit of \(limit) bytes and was not read."
  }

  /// The same sentence as `description`, for `localizedDescription`.
  public var errorDescription: String? { description }
}
