import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which requests something below the caller may send a second time: the rule of RFC 9110
/// (section 9.2.2) as Go's `net/http` applies it.
package enum RequestRepetition {
  /// The methods whose repetition does what one request does: GET, HEAD, OPTIONS, TRACE, PUT
  /// and DELETE.
  package static let repeatableMethods: Set<String> = [
    "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE",
  ]

  /// The header field by which a caller says a request of another method may be repeated:
  /// the server recognizes a second copy by it.
  package static let idempotencyKeyField = "Idempotency-Key"

  /// Whether `request` may be sent again: its method is repeatable (none is a GET), or it
  /// carries an `Idempotency-Key` (or `X-Idempotency-Key`) field.
  package static func mayRepeat(_ request: URLRequest) -> Bool {
    let method = request.httpMethod?.uppercased() ?? "GET"
    if repeatableMethods.contains(method) { return true }
    for name in [idempotencyKeyField, "X-\(idempotencyKeyField)"] {
      if let value = request.value(forHTTPHeaderField: name), !value.isEmpty { return true }
    }
    return false
  }
}
