import CCurl
import Foundation
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns a libcurl failure into the `URLError` URLSession would report, Apple's sentence as its
/// localized description and a reason that names the host and says what libcurl said.
///
/// TLS failures, by OpenSSL's verification result:
///
/// | failure | code |
/// |---|---|
/// | issuer not trusted (unknown authority, self-signed) | `.serverCertificateHasUnknownRoot` |
/// | certificate for another name | `.serverCertificateUntrusted` |
/// | public key differs from the pinned one | `.serverCertificateUntrusted` |
/// | expired | `.serverCertificateHasBadDate` |
/// | not valid yet | `.serverCertificateNotYetValid` |
/// | handshake failed (protocol, cipher, CA file unreadable) | `.secureConnectionFailed` |
enum CurlFailure {
  /// The error for a transfer that ended as `end` says; `.cancelled` for an aborted transfer.
  static func error(_ end: CurlTransfer.End) -> URLError {
    let code = end.code
    let url = end.url
    let host = url.map(hostDescription) ?? "the server"
    let detail = end.errorText.isEmpty ? String(cString: curl_easy_strerror(code)) : end.errorText
    let (errorCode, sentence) = describe(
      code, host: host, verifyResult: end.verifyResult, text: detail)
    return URLError.described(errorCode, url: url, reason: "\(sentence) (libcurl: \(detail))")
  }

  /// `host` or `host:port` of `url`.
  static func hostDescription(_ url: URL) -> String {
    let host = url.host ?? "the server"
    return url.port.map { "\(host):\($0)" } ?? host
  }

  private static func describe(_ code: CURLcode, host: String, verifyResult: Int, text: String)
    -> (URLError.Code, String)
  {
    switch code {
    case CURLE_PEER_FAILED_VERIFICATION:
      return certificate(host: host, verifyResult: verifyResult, text: text)
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
      return (
        .serverCertificateUntrusted, "The public key of \(host) does not match the pinned key."
      )
    case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_SSL_CERTPROBLEM, CURLE_USE_SSL_FAILED,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_ISSUER_ERROR:
      return (.secureConnectionFailed, "The TLS connection to \(host) failed.")
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return (.cannotFindHost, "Cannot find \(host).")
    case CURLE_COULDNT_CONNECT: return (.cannotConnectToHost, "Cannot connect to \(host).")
    case CURLE_OPERATION_TIMEDOUT: return (.timedOut, "\(host) did not answer in time.")
    case CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY:
      return (.badServerResponse, "\(host) closed the connection without a valid HTTP response.")
    case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM:
      return (.networkConnectionLost, "The connection to \(host) was lost.")
    case CURLE_TOO_MANY_REDIRECTS: return (.httpTooManyRedirects, "\(host) redirected too often.")
    case CURLE_UNSUPPORTED_PROTOCOL where text.contains("HTTP"):
      // "Received HTTP/0.9 when not allowed", "Unsupported HTTP version in response", …
      return (.badServerResponse, "\(host) answered with something that is not HTTP.")
    case CURLE_UNSUPPORTED_PROTOCOL:
      return (.unsupportedURL, "The URL for \(host) is not supported.")
    case CURLE_OUT_OF_MEMORY:
      // What libcurl 7.x reports for a response header over its 100 KB limit.
      return (.badServerResponse, "The response from \(host) was too large to read.")
    case CURLE_URL_MALFORMAT: return (.badURL, "The URL for \(host) is malformed.")
    case CURLE_ABORTED_BY_CALLBACK, CURLE_WRITE_ERROR:
      return (.cancelled, "The request was cancelled.")
    default: return (.unknown, "The request to \(host) failed.")
    }
  }

  /// By OpenSSL's `X509_V_ERR_*` value that curl reports through `CURLINFO_SSL_VERIFYRESULT`;
  /// curl checks the name itself after OpenSSL verified the chain, and says so in `text`.
  private static func certificate(host: String, verifyResult: Int, text: String)
    -> (URLError.Code, String)
  {
    if text.contains("subject name") || text.contains("target host") { return mismatch(host) }
    switch verifyResult {
    case 9: return (.serverCertificateNotYetValid, "The certificate of \(host) is not valid yet.")
    case 10: return (.serverCertificateHasBadDate, "The certificate of \(host) has expired.")
    case 62: return mismatch(host)
    case 2, 18, 19, 20, 21, 27:
      return (
        .serverCertificateHasUnknownRoot,
        "The certificate of \(host) is not signed by an authority this machine trusts."
      )
    default: return (.serverCertificateUntrusted, "The certificate of \(host) is not trusted.")
    }
  }

  private static func mismatch(_ host: String) -> (URLError.Code, String) {
    (.serverCertificateUntrusted, "The certificate of \(host) is for a different name.")
  }
}
