#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The parts of an HTTP response the error check reads, so tests can build one directly.
public struct HTTPURLResponseFields {
  /// The status code.
  public var statusCode: Int
  /// The header fields, names lowercased.
  public var headers: [String: String]

  /// Creates a value from its parts.
  ///
  /// - Parameters:
  ///   - statusCode: The status code.
  ///   - headers: The header fields, names lowercased.
  public init(statusCode: Int, headers: [String: String]) {
    self.statusCode = statusCode
    self.headers = headers
  }

  /// A header's value by case-insensitive name.
  ///
  /// - Parameter name: The field's name, in any case.
  /// - Returns: Its value, or `nil`.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
extension HTTPURLResponse {
  /// Status and lowercased headers, as the GitHub error check reads them.
  public var fields: HTTPURLResponseFields {
    var headers: [String: String] = [:]
    for (name, value) in allHeaderFields {
      headers["\(name)".lowercased()] = "\(value)"
    }
    return HTTPURLResponseFields(statusCode: statusCode, headers: headers)
  }
}
