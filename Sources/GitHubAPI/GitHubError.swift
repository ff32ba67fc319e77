import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a GitHub request failed, with what the app needs to say it in one line.
public enum GitHubError: Error, Equatable {
  /// The organization (or its repository list) does not exist or is private.
  case notFound(org: String)
  /// No user or organization has this login (`/users/{login}` answered 404).
  case noSuchOwner(login: String)
  /// The repository does not exist or is private (`repos/{owner}/{name}` answered 404): it
  /// may have been deleted or renamed since the list was read.
  case repositoryNotFound(owner: String, name: String)
  /// The token was rejected.
  case unauthorized(message: String)
  /// The rate limit is used up until `reset`.
  case rateLimited(status: Int, reset: Date?)
  /// The server asked to wait this many seconds.
  case retryAfter(status: Int, seconds: Int)
  /// GitHub's secondary rate limit (too many requests at once or too fast): a 403 or 429 whose
  /// message says so, with no `Retry-After`; GitHub asks to wait at least a minute.
  case secondaryRateLimit(status: Int)
  /// The server failed (5xx).
  case server(status: Int, message: String)
  /// Any other status code.
  case status(Int, message: String)
  /// The body could not be read as the expected JSON.
  case unreadable(detail: String)
  /// Pagination was stopped before the last page.
  case paginationStopped(PaginationStop)

  /// The status code, when the error came from one.
  public var statusCode: Int? {
    switch self {
    case .notFound, .noSuchOwner, .repositoryNotFound: return 404
    case .unauthorized: return 401
    case .rateLimited(let status, _), .retryAfter(let status, _): return status
    case .secondaryRateLimit(let status): return status
    case .server(let status, _), .status(let status, _): return status
    case .unreadable, .paginationStopped: return nil
    }
  }

  /// Turns a non-2xx response into the matching error, its message cleaned with `sanitizer`;
  /// `nil` for success. A 404 is `.notFound(org:)`, or `.noSuchOwner` when the request named
  /// an owner of either kind (`kind` `nil` or `.user`: `/users/{login}`).
  ///
  /// - Parameters:
  ///   - response: The status and header fields.
  ///   - body: The response body.
  ///   - login: The owner the request was for, for the message.
  ///   - kind: The owner's kind, when known.
  ///   - sanitizer: Cleans the server's message.
  /// - Returns: The error, or `nil` for a 2xx.
  public static func check(
    _ response: HTTPURLResponseFields, body: Data?, login: String, kind: OwnerKind?,
    sanitizer: TextSanitizer
  ) -> GitHubError? {
    let status = response.statusCode
    guard !(200..<300).contains(status) else { return nil }
    let message = Self.message(status: status, body: body, sanitizer: sanitizer)
    if status == 403 || status == 429 {
      if response.header("x-ratelimit-remaining") == "0" {
        let reset = response.header("x-ratelimit-reset").flatMap(TimeInterval.init)
        return .rateLimited(status: status, reset: reset.map { Date(timeIntervalSince1970: $0) })
      }
      if let seconds = response.header("retry-after").flatMap(Int.init) {
        return .retryAfter(status: status, seconds: seconds)
      }
      if message.lowercased().contains("secondary rate limit") {
        return .secondaryRateLimit(status: status)
      }
    }
    switch status {
    case 404: return kind == .organization ? .notFound(org: login) : .noSuchOwner(login: login)
    case 401: return .unauthorized(message: message)
    case 500..<600: return .server(status: status, message: message)
    default: return .status(status, message: message)
    }
  }
}

extension GitHubError {
  /// The server's message in `body`, cleaned with `sanitizer`, else the status's reason phrase.
  static func message(status: Int, body: Data?, sanitizer: TextSanitizer) -> String {
    GitHubErrorBody.message(in: body, sanitizer: sanitizer) ?? HTTPStatus.reason(status)
  }
}

extension GitHubError: ServerRequestedWait {
  /// How long to wait after a secondary rate limit, in seconds, when no header says: a minute,
  /// the least GitHub's REST documentation asks for.
  public static let secondaryRateLimitWait: TimeInterval = 60

  /// The least wait before the next request: ``secondaryRateLimitWait`` for
  /// ``secondaryRateLimit(status:)``, else 0 (the retry policy reads the headers).
  public var minimumWait: TimeInterval {
    if case .secondaryRateLimit = self { return Self.secondaryRateLimitWait }
    return 0
  }
}
