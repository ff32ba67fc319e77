import Foundation

/// A request body and its content type.
public struct HTTPBody: Sendable, Equatable {
  /// The bytes to send.
  public let data: Data
  /// The value of the `Content-Type` header.
  public let contentType: String

  /// Creates a body with the given bytes and content type.
  ///
  /// - Parameters:
  ///   - data: The bytes to send.
  ///   - contentType: The `Content-Type` they are sent with.
  public init(data: Data, contentType: String) {
    self.data = data
    self.contentType = contentType
  }

  /// A JSON body (`application/json`).
  ///
  /// - Parameter data: The JSON, encoded.
  /// - Returns: The body.
  public static func json(_ data: Data) -> HTTPBody {
    HTTPBody(data: data, contentType: "application/json")
  }

  /// A form body (`application/x-www-form-urlencoded`).
  ///
  /// - Parameter data: The form, encoded (`name=value&…`).
  /// - Returns: The body.
  public static func form(_ data: Data) -> HTTPBody {
    HTTPBody(data: data, contentType: "application/x-www-form-urlencoded")
  }

  /// A plain text body (`text/plain`).
  ///
  /// - Parameter data: The text, encoded.
  /// - Returns: The body.
  public static func text(_ data: Data) -> HTTPBody {
    HTTPBody(data: data, contentType: "text/plain")
  }

  /// A plain text body from a string, UTF-8 encoded (`text/plain`).
  ///
  /// - Parameter string: The text.
  /// - Returns: The body.
  public static func string(_ string: String) -> HTTPBody {
    .text(Data(string.utf8))
  }

  /// A binary body (`application/octet-stream`).
  ///
  /// - Parameter data: The bytes.
  /// - Returns: The body.
  public static func binary(_ data: Data) -> HTTPBody {
    HTTPBody(data: data, contentType: "application/octet-stream")
  }
}
