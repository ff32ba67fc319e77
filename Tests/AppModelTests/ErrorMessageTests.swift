import ApexyHTTP
import ApexyLoader
import Foundation
import URLProtocolSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// Transport errors read as one line that says what to check.
final class ErrorMessageTests: XCTestCase {
  private func line(_ code: URLError.Code) -> String {
    ErrorMessage.line(for: URLError(code), host: "api.github.com", timeout: 15)
  }

  func testEachTransportErrorSaysWhatToCheck() {
    XCTAssertEqual(
      line(.cannotFindHost),
      "Cannot find api.github.com: check the address and the network connection.")
    XCTAssertEqual(line(.dnsLookupFailed), line(.cannotFindHost))
    XCTAssertEqual(
      line(.cannotConnectToHost), "Cannot connect to api.github.com: is the server running?")
    XCTAssertEqual(line(.timedOut), "Timed out after 15 s waiting for api.github.com.")
    XCTAssertEqual(line(.notConnectedToInternet), "No network connection.")
    XCTAssertEqual(
      line(.secureConnectionFailed), "The TLS connection to api.github.com failed.")
    XCTAssertEqual(
      line(.serverCertificateHasUnknownRoot),
      "The certificate of api.github.com is not from an authority this machine trusts"
        + "; to trust another, point SSL_CERT_FILE at its certificate.")
    XCTAssertEqual(
      line(.serverCertificateUntrusted),
      "The certificate of api.github.com is for another name, or its key is not the pinned one.")
    XCTAssertEqual(
      line(.serverCertificateHasBadDate),
      "The certificate of api.github.com has expired or is not valid yet.")
    // The transport could not start (libcurl missing): its reason, not Apple's sentence.
    let reason = "libcurl could not be loaded (libcurl.so.4: file too short); install libcurl4"
    XCTAssertEqual(
      ErrorMessage.line(
        for: URLError(
          .cannotLoadFromNetwork,
          userInfo: [
            NSLocalizedDescriptionKey: "can’t load from network",
            NSLocalizedFailureReasonErrorKey: reason,
          ]),
        host: "api.github.com", timeout: 15),
      "Cannot send to api.github.com: \(reason).")
    XCTAssertEqual(
      line(.httpTooManyRedirects),
      "api.github.com redirected more than 16 times (a redirect loop); check the address.")
  }

  func testAFailureTheTransportNamedReadsAsItsSentenceWithoutLibcurlsWords() {
    func described(_ code: URLError.Code, _ reason: String) -> String {
      ErrorMessage.line(
        for: URLError(
          code,
          userInfo: [
            NSLocalizedDescriptionKey: URLError(code).localizedDescription,
            NSLocalizedFailureReasonErrorKey: reason,
          ]),
        host: "h:1", timeout: 15)
    }
    let cases: [(URLError.Code, String, String)] = [
      (
        .networkConnectionLost, "h:1 closed the connection before any response.",
        "Empty reply from server"
      ),
      (
        .networkConnectionLost,
        "The connection to h:1 was lost in the middle of the response (40 of 100 bytes).",
        "transfer closed with 60 bytes remaining to read"
      ),
      (
        .cannotParseResponse, "h:1 sent a response that breaks HTTP/2 (PROTOCOL_ERROR: …).",
        "HTTP/2 stream 1 was not closed cleanly: PROTOCOL_ERROR (err 1)"
      ),
      (
        .badServerResponse, "h:1 ended the HTTP/2 stream with INTERNAL_ERROR before any response.",
        "HTTP/2 stream 1 was not closed cleanly: INTERNAL_ERROR (err 2)"
      ),
      (
        .secureConnectionFailed,
        "h:1 does not speak TLS: it answered the TLS handshake in plain text; for a plain HTTP "
          + "server use an http:// URL.",
        "error:0A00010B:SSL routines::wrong version number"
      ),
    ]
    for (code, sentence, libcurl) in cases {
      XCTAssertEqual(described(code, "\(sentence) (libcurl: \(libcurl))"), sentence)
    }
    // Other TLS failures keep the app's advice; a code with Apple's sentence only, its own.
    XCTAssertEqual(
      described(.secureConnectionFailed, "The TLS connection to h:1 failed. (libcurl: x)"),
      "The TLS connection to h:1 failed.")
    XCTAssertEqual(
      line(.networkConnectionLost),
      "The connection to api.github.com was lost.")
  }

  func testALinkNotFollowedSaysWhichAndWhy() {
    XCTAssertEqual(
      ErrorMessage.line(
        for: GitHubError.paginationStopped(.refusedLink(page: 1, link: "file:///etc/passwd")),
        host: "h", timeout: 15),
      "Pagination stopped: page 1 links to file:///etc/passwd, not http or https on the API's "
        + "own origin, so it was not followed.")
  }

  func testAFailureThroughAProxyNamesTheProxyOrTheServerAsTheTransportSaid() {
    let cases: [(URLError.Code, String)] = [
      (.cannotConnectToHost, "Cannot connect to the proxy 127.0.0.1:3128 (HTTPS_PROXY)."),
      (.cannotFindHost, "Cannot find the proxy proxy.corp:3128 (https_proxy)."),
      (
        .userAuthenticationRequired,
        "The proxy 127.0.0.1:3128 refused the tunnel to h:1: 407 Proxy Authentication Required; "
          + "set credentials in HTTPS_PROXY (http://user:pass@host:port)."
      ),
      (.timedOut, "The proxy 127.0.0.1:3128 did not answer the tunnel request (CONNECT) to h:1."),
      (
        .secureConnectionFailed,
        "Through the proxy 127.0.0.1:3128: The TLS connection to h:1 failed."
      ),
    ]
    for (code, sentence) in cases {
      let error = URLError.described(
        code, url: URL(string: "https://h:1/"), reason: "\(sentence) (libcurl: x)",
        proxy: "127.0.0.1:3128")
      XCTAssertEqual(ErrorMessage.line(for: error, host: "h:1", timeout: 15), sentence)
    }
  }

  func testPaginationStopsSayWhyAndTheCallerAddsItsAdvice() {
    let loop = GitHubError.paginationStopped(.linkLoop(page: 2))
    XCTAssertEqual(
      ErrorMessage.line(for: loop, host: "h", timeout: 15),
      "Pagination stopped: page 2 links back to a page already fetched.")
    let advice: (Error) -> String? = { error in
      error as? GitHubError == loop ? "report it to the server's owner" : nil
    }
    XCTAssertEqual(
      ErrorMessage.line(for: loop, host: "h", timeout: 15, advice: advice),
      "Pagination stopped: page 2 links back to a page already fetched; report it to the "
        + "server's owner.")
    XCTAssertEqual(
      ErrorMessage.line(for: URLError(.timedOut), host: "h", timeout: 15, advice: advice),
      "Timed out after 15 s waiting for h.", "no advice, no change")
  }

  func testGitHubsAnswersAndTheRateLimitReadAsWhatHappened() {
    XCTAssertEqual(
      ErrorMessage.line(for: GitHubError.notFound(org: "nobody"), host: "h", timeout: 15),
      "Organization \"nobody\" was not found: it does not exist, is private or is a user (HTTP 404)."
    )
    XCTAssertEqual(
      ErrorMessage.line(
        for: GitHubError.repositoryNotFound(owner: "acme", name: "gone"), host: "h", timeout: 15),
      "Repository \"acme/gone\" was not found: it was deleted, renamed or made private, or does "
        + "not exist (HTTP 404).")
    let reset = Date(timeIntervalSince1970: 1_000_000)
    let used = RateLimitExceededError(limit: RateLimit(limit: 5000, remaining: 0, reset: reset))
    XCTAssertEqual(
      ErrorMessage.line(for: used, host: "h", timeout: 15),
      "Rate limit of 5,000 requests used up; not sent. It resets at "
        + "\(ErrorMessage.clock(reset)) (local time).")
  }

  func testTheSecondaryRateLimitSaysToWaitAMinute() {
    XCTAssertEqual(
      ErrorMessage.line(for: GitHubError.secondaryRateLimit(status: 403), host: "h", timeout: 15),
      "Secondary rate limit hit (HTTP 403); GitHub asks to wait at least a minute before the "
        + "next request.")
  }

  func testAWaitTheServerAskedForIsSaidOnce() {
    let at = Date(timeIntervalSince1970: 2_000_000)
    let clock = ErrorMessage.clock(at, now: at)
    var context = ErrorAdvice()
    context.maxWait = "--max-wait (60 s)"
    for (underlying, head) in [
      (GitHubError.secondaryRateLimit(status: 403), "Secondary rate limit hit (HTTP 403)"),
      (GitHubError.retryAfter(status: 429, seconds: 90), "Too many requests (HTTP 429)"),
    ] {
      XCTAssertEqual(
        ErrorMessage.line(
          for: RetryLaterError(retryAt: at, underlying: underlying), host: "h", timeout: 15,
          context: context, now: at),
        "\(head); the server asked to wait until \(clock) (local time), longer than --max-wait "
          + "(60 s): not retried.")
    }
    XCTAssertEqual(
      ErrorMessage.line(
        for: GitHubError.retryAfter(status: 429, seconds: 3), host: "h", timeout: 15),
      "Too many requests (HTTP 429); the server asked to wait 3 s.")
  }

  func testAFailureAboutToBeRetriedSaysWhatFailedNotWhenToTryAgain() {
    let cases: [(Error, String)] = [
      (GitHubError.server(status: 503, message: "Busy"), "Server error (HTTP 503: Busy)."),
      (GitHubError.retryAfter(status: 429, seconds: 3), "Too many requests (HTTP 429)."),
      (URLError(.timedOut), "Timed out after 15 s waiting for h."),
    ]
    for (error, line) in cases {
      XCTAssertEqual(ErrorMessage.line(for: error, host: "h", timeout: 15, retrying: true), line)
    }
  }

  /// A wait past today says its date, and that it is past the longest wait the run makes.
  func testAWaitOfYearsSaysItsDateAndThatItIsNotMade() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let now = try XCTUnwrap(
      calendar.date(from: DateComponents(year: 2026, month: 12, day: 7, hour: 17, minute: 47)))
    let later = try XCTUnwrap(calendar.date(byAdding: .year, value: 10, to: now))
    XCTAssertEqual(ErrorMessage.clock(later, now: now), "2036-12-07 17:47")
    XCTAssertEqual(ErrorMessage.clock(now + 600, now: now), "17:57", "today: the time alone")
    var context = ErrorAdvice()
    context.maxWait = "--max-wait (60 s)"
    let error = RetryLaterError(
      retryAt: later, underlying: GitHubError.retryAfter(status: 429, seconds: 315_569_520))
    XCTAssertEqual(
      ErrorMessage.line(for: error, host: "h", timeout: 15, context: context, now: now),
      "Too many requests (HTTP 429); the server asked to wait until 2036-12-07 17:47 (local "
        + "time), longer than --max-wait (60 s): not retried.")
    XCTAssertEqual(
      ErrorMessage.line(
        for: GitHubError.rateLimited(status: 403, reset: later), host: "h", timeout: 15,
        now: now),
      "Rate limit hit (HTTP 403); it resets at 2036-12-07 17:47 (local time).")
  }

  /// A 401's and a rate limit's lines name the token's origin, and advise one only when none
  /// is sent.
  func testTheTokenIsNamedByWhereItCameFrom() {
    let unauthorized = GitHubError.unauthorized(message: "Bad credentials")
    let limited = GitHubError.rateLimited(status: 403, reset: nil)
    func line(_ error: GitHubError, _ token: TokenUse) -> String {
      var context = ErrorAdvice()
      context.token = token
      return ErrorMessage.line(for: error, host: "h", timeout: 15, context: context)
    }
    let file = TokenOrigin.file(path: "ok.tok", flag: "--token-file", configLine: nil)
    let filed = TokenOrigin.file(path: "/t", flag: "--token-file", configLine: "/c:3")
    XCTAssertEqual(
      line(unauthorized, .sent(.variable("GITHUB_TOKEN"))),
      "The token from GITHUB_TOKEN was rejected (HTTP 401: Bad credentials); check or replace it.")
    XCTAssertEqual(
      line(unauthorized, .sent(file)),
      "The token from ok.tok (--token-file) was rejected (HTTP 401: Bad credentials); check or "
        + "replace it.")
    XCTAssertEqual(
      line(unauthorized, .sent(filed)),
      "The token from /t (--token-file, /c:3) was rejected (HTTP 401: Bad credentials); check "
        + "or replace it.")
    XCTAssertEqual(
      line(unauthorized, .none(advice: "set T")),
      "The server asks for a token (HTTP 401: Bad credentials); set T.")
    XCTAssertEqual(
      line(limited, .sent(file)),
      "Rate limit of the token from ok.tok (--token-file) hit (HTTP 403); it resets later.")
    XCTAssertEqual(
      line(limited, .none(advice: "set T")),
      "Rate limit hit (HTTP 403); it resets later. To raise it, set T.")
    XCTAssertEqual(line(limited, .unknown), "Rate limit hit (HTTP 403); it resets later.")
  }
}
