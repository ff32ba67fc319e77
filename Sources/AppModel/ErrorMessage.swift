import ApexyHTTP
import ApexyLoader
import GitHubAPI
import URLProtocolSupport

/// One clear line for any error the app can meet, never a raw `NSError` dump.
///
/// The line says what went wrong; what the user can do about it through the program's own
/// flags is the program's to add, with `advice`.
public enum ErrorMessage {
  /// The line to show for `error`; `host` names the server for connection errors, and
  /// `advice`, when it has some for the error, is added at the end (`…; raise it with --x.`).
  /// `retrying`: the line of a failure about to be retried, which says what failed and not
  /// when to try again (the retry says that). `context` holds what the run knows of its
  /// token and of the longest wait it makes; a time not of `now`'s day says its date.
  public static func line(
    for error: Error, host: String, timeout: TimeInterval, retrying: Bool = false,
    context: ErrorAdvice = ErrorAdvice(), now: Date = Date(),
    advice: (Error) -> String? = { _ in nil }
  ) -> String {
    var text: String
    let facts = Facts(token: context.token, maxWait: context.maxWait, now: now)
    switch error {
    case let error as GitHubError: text = retrying ? failure(error, facts) : describe(error, facts)
    case let error as URLError: text = describe(error, host: host, timeout: timeout)
    case let error as ResponseTooLargeError:
      text =
        "The response was larger than the limit of \(PageNotes.grouped(error.limit)) bytes and "
        + "was not read."
    case let error as RateLimitExceededError:
      text =
        "Rate limit of \(PageNotes.grouped(error.limit.limit)) requests used up; not sent. "
        + "It resets at "
        + "\(clock(error.reset, now: now)) (local time)."
    case let error as RetryLaterError:
      if case .rateLimited? = error.underlying as? GitHubError {
        text = line(for: error.underlying, host: host, timeout: timeout, context: context, now: now)
        break
      }
      var first =
        (error.underlying as? GitHubError).map { failure($0, facts) }
        ?? line(for: error.underlying, host: host, timeout: timeout, context: context, now: now)
      if first.hasSuffix(".") { first.removeLast() }
      // Past the longest wait the run makes, so nothing waits: the line says so.
      text =
        "\(first); the server asked to wait until \(clock(error.retryAt, now: now)) (local time), "
        + "longer than \(context.maxWait ?? "the app waits"): not retried."
    case let error as EarlierRunStopped: text = error.errorDescription ?? "\(error)"
    default: text = "\(error)"
    }
    if let advice = advice(error) {
      if text.hasSuffix(".") { text.removeLast() }
      text += "; \(advice)."
    }
    return TextSanitizer.clean(text)
  }

  /// What a line knows beside the error: the token, the longest wait, the time.
  private struct Facts {
    let token: TokenUse
    let maxWait: String?
    let now: Date
  }

  /// What failed, without what to wait for: the answers that ask to wait or try later, and
  /// the whole line for the rest.
  private static func failure(_ error: GitHubError, _ facts: Facts) -> String {
    head(error).map { $0 + "." } ?? describe(error, facts)
  }

  /// What failed, of the answers whose line goes on to say what to wait for or when to try.
  private static func head(_ error: GitHubError) -> String? {
    switch error {
    case .retryAfter(let status, _): "Too many requests (HTTP \(status))"
    case .secondaryRateLimit(let status): "Secondary rate limit hit (HTTP \(status))"
    case .server(let status, let message): "Server error (HTTP \(status): \(message))"
    default: nil
    }
  }

  private static func describe(_ error: GitHubError, _ facts: Facts) -> String {
    switch error {
    case .noSuchOwner(let login):
      return "No user or organization named \"\(login)\" (HTTP 404)."
    case .notFound(let org):
      return
        "Organization \"\(org)\" was not found: it does not exist, is private or is a user (HTTP 404)."
    case .repositoryNotFound(let owner, let name):
      return "Repository \"\(owner)/\(name)\" was not found: it was deleted, renamed or made "
        + "private, or does not exist (HTTP 404)."
    case .unauthorized(let message):
      return unauthorized(message, token: facts.token)
    case .rateLimited(let status, let reset):
      let when = reset.map { "at \(clock($0, now: facts.now)) (local time)" } ?? "later"
      switch facts.token {
      case .unknown:
        return "Rate limit hit (HTTP \(status)); it resets \(when)."
      case .none(let advice):
        return "Rate limit hit (HTTP \(status)); it resets \(when). To raise it, \(advice)."
      case .sent(let origin):
        return "Rate limit of the token from \(origin.description) hit (HTTP \(status)); it "
          + "resets \(when)."
      }
    case .retryAfter(_, let seconds):
      return "\(head(error) ?? ""); the server asked to wait \(seconds) s."
    case .secondaryRateLimit:
      return "\(head(error) ?? ""); GitHub asks to wait at least a minute before the next "
        + "request."
    case .server:
      return "\(head(error) ?? ""); try again later."
    case .status(let status, let message):
      return "Request failed (HTTP \(status): \(message))."
    case .unreadable(let detail):
      return "The response could not be read: \(detail)."
    case .paginationStopped(let stop):
      return "Pagination stopped: \(stop.description)."
    }
  }

  private static func describe(_ error: URLError, host: String, timeout: TimeInterval) -> String {
    if let sentence = transportSentence(error) { return sentence }
    switch error.code {
    case .cannotConnectToHost:
      return "Cannot connect to \(host): is the server running?"
    case .cannotFindHost, .dnsLookupFailed:
      return "Cannot find \(host): check the address and the network connection."
    case .timedOut:
      return "Timed out after \(Int(timeout)) s waiting for \(host)."
    case .networkConnectionLost:
      return "The connection to \(host) was lost."
    case .notConnectedToInternet:
      return "No network connection."
    case .cancelled:
      return "The request was cancelled."
    case .badServerResponse:
      return "\(host) closed the connection without a valid HTTP response."
    case .secureConnectionFailed:
      return "The TLS connection to \(host) failed."
    case .serverCertificateHasUnknownRoot:
      return "The certificate of \(host) is not from an authority this machine trusts; "
        + "to trust another, point SSL_CERT_FILE at its certificate."
    case .serverCertificateUntrusted:
      return "The certificate of \(host) is for another name, or its key is not the pinned one."
    case .serverCertificateHasBadDate, .serverCertificateNotYetValid:
      return "The certificate of \(host) has expired or is not valid yet."
    case .cannotLoadFromNetwork:
      // The transport could not start at all: libcurl missing, say. The reason says why.
      let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
      return "Cannot send to \(host): \(reason)."
    case .httpTooManyRedirects:
      return "\(host) redirected more than 16 times (a redirect loop); check the address."
    default:
      return "Network error talking to \(host) (URLError \(error.code.rawValue))."
    }
  }

  /// The transport's own sentence for a failure of the connection or of the server's HTTP
  /// (before any response or in the middle of one, a protocol broken, no TLS where https was
  /// asked) and for any failure through a proxy (which names the proxy or the server): the
  /// failure reason, without the transport's words that follow it ("(libcurl: …)"). `nil` for
  /// other codes, and for an error that carries Apple's sentence only.
  private static func transportSentence(_ error: URLError) -> String? {
    let described: Set<URLError.Code> = [
      .networkConnectionLost, .badServerResponse, .cannotParseResponse, .cannotDecodeContentData,
    ]
    let noTLS = error.code == .secureConnectionFailed && error.proxy == nil
    guard described.contains(error.code) || noTLS || error.proxy != nil,
      var reason = (error as NSError).localizedFailureReason,
      reason != error.localizedDescription
    else { return nil }
    if noTLS, !reason.contains("does not speak TLS") { return nil }
    if let detail = reason.range(of: " (libcurl: ", options: .backwards) {
      reason = String(reason[..<detail.lowerBound])
    }
    return reason
  }

  /// A 401's line: the token sent and where it came from, or the advice to give one.
  private static func unauthorized(_ message: String, token: TokenUse) -> String {
    switch token {
    case .unknown:
      return "The server refused the request without valid credentials (HTTP 401: \(message))."
    case .none(let advice):
      return "The server asks for a token (HTTP 401: \(message)); \(advice)."
    case .sent(let origin):
      return "The token from \(origin.description) was rejected (HTTP 401: \(message)); check "
        + "or replace it."
    }
  }

  /// Local wall-clock time, for example `14:05`; with the date in front (`2036-12-07 14:05`)
  /// when it is not on `now`'s day.
  public static func clock(_ date: Date, now: Date = Date()) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = .current
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm" : "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }
}
