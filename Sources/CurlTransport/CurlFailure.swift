import CCurl
import Foundation
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns a libcurl failure into the `URLError` URLSession would report, Apple's sentence as its
/// localized description and a reason that names the host, says what happened in one sentence
/// and ends with what libcurl said: `"<sentence> (libcurl: <libcurl's text>)"`.
///
/// Failures of the connection and of the server, by when they came and who broke what:
///
/// | failure | code | sentence says |
/// |---|---|---|
/// | closed or reset before any response | `.networkConnectionLost` | before any response; a request that may not be repeated "may have been applied" |
/// | closed or reset during the body | `.networkConnectionLost` | in the middle of the response, bytes of bytes |
/// | HTTP/2 GOAWAY below the request's stream, nothing of a response | `.networkConnectionLost`, marked not processed | not processed; may be sent again |
/// | HTTP/2 GOAWAY with NO_ERROR that ends a response | `.networkConnectionLost` | closed (GOAWAY), before or in the middle of the response |
/// | HTTP/2 stream reset by the server | `.badServerResponse` | the error's name (`INTERNAL_ERROR`…), before or during |
/// | HTTP/2 head that breaks the protocol | `.cannotParseResponse` | an invalid field name or pseudo-header |
/// | HTTP/2 body longer or shorter than its `Content-Length` | `.badServerResponse` | the announced length |
/// | HTTP/2 frames not decodable, head too large | `.badServerResponse` | broke HTTP/2 |
/// | every stream refused (HTTP/2 `REFUSED_STREAM`) | `.badServerResponse`, marked not processed | refused on every try; may be sent again |
/// | not HTTP at all | `.badServerResponse` | not HTTP |
/// | `https` to a server that does not speak TLS | `.secureConnectionFailed` | try `http://` |
/// | a compressed body that does not decompress | `.cannotDecodeContentData` | |
///
/// Through a proxy, the failure names the proxy or the server reached through it
/// (`CurlFailure.proxied`).
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
    let detail = CurlProxy.withoutCredentials(
      end.errorText.isEmpty ? String(cString: curl_easy_strerror(code)) : end.errorText)
    let failed = Failed(
      code: code, host: host, text: detail, progress: end.progress ?? .init(),
      verifyResult: end.verifyResult)
    let (errorCode, sentence) = failed.described()
    if let proxy = end.proxy {
      return proxied(
        end, proxy: proxy, host: host, detail: detail, origin: (errorCode, sentence),
        notProcessed: failed.notProcessed)
    }
    return URLError.described(
      errorCode, url: url, reason: "\(sentence) (libcurl: \(detail))",
      notProcessed: failed.notProcessed)
  }

  /// `host` or `host:port` of `url`.
  static func hostDescription(_ url: URL) -> String {
    let host = url.host ?? "the server"
    return url.port.map { "\(host):\($0)" } ?? host
  }

  /// A failed transfer: libcurl's result and text, and how far it got.
  private struct Failed {
    let code: CURLcode
    let host: String
    let text: String
    let progress: CurlTransfer.End.Progress
    let verifyResult: Int

    /// Whether the server said it did not process the request, and the failure is not a
    /// cancellation: the error is marked so (`URLError.requestNotProcessedKey`).
    var notProcessed: Bool {
      (progress.notProcessed && code != CURLE_ABORTED_BY_CALLBACK && code != CURLE_WRITE_ERROR)
        || refusedEveryTry
    }

    /// libcurl gave up sending again a request whose last stream the server refused.
    private var refusedEveryTry: Bool {
      (code == CURLE_RECV_ERROR || code == CURLE_SEND_ERROR) && text.contains("tried")
        && progress.refused
    }

    func described() -> (URLError.Code, String) {
      if refusedEveryTry {
        return (
          .badServerResponse,
          "\(host) refused the request on every try, before any response (HTTP/2 "
            + "REFUSED_STREAM): it did not process it, so the request may be sent again."
        )
      }
      if notProcessed {
        return (
          .networkConnectionLost,
          "\(host) did not process the request: its HTTP/2 GOAWAY names a last stream below the "
            + "request's, so the request may be sent again."
        )
      }
      if let ended = connectionEnded() { return ended }
      switch code {
      case CURLE_PEER_FAILED_VERIFICATION:
        return CurlFailure.certificate(host: host, verifyResult: verifyResult, text: text)
      case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
        return (
          .serverCertificateUntrusted, "The public key of \(host) does not match the pinned key."
        )
      case CURLE_SSL_CONNECT_ERROR where text.contains("wrong version number"):
        return (
          .secureConnectionFailed,
          "\(host) does not speak TLS: it answered the TLS handshake in plain text; "
            + "for a plain HTTP server use an http:// URL."
        )
      case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_SSL_CERTPROBLEM, CURLE_USE_SSL_FAILED,
        CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_ISSUER_ERROR:
        return (.secureConnectionFailed, "The TLS connection to \(host) failed.")
      case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
        return (.cannotFindHost, "Cannot find \(host).")
      case CURLE_COULDNT_CONNECT: return (.cannotConnectToHost, "Cannot connect to \(host).")
      case CURLE_OPERATION_TIMEDOUT: return (.timedOut, "\(host) did not answer in time.")
      case CURLE_WEIRD_SERVER_REPLY:
        return (.badServerResponse, "\(host) answered with something that is not HTTP.")
      case CURLE_BAD_CONTENT_ENCODING:
        return (
          .cannotDecodeContentData,
          "The compressed body from \(host) could not be decompressed (cut short or corrupt)."
        )
      case CURLE_TOO_MANY_REDIRECTS: return (.httpTooManyRedirects, "\(host) redirected too often.")
      case CURLE_UNSUPPORTED_PROTOCOL where text.contains("HTTP"):
        // "Received HTTP/0.9 when not allowed", "Unsupported HTTP version in response", …
        return (.badServerResponse, "\(host) answered with something that is not HTTP.")
      case CURLE_UNSUPPORTED_PROTOCOL:
        return (.unsupportedURL, "The URL for \(host) is not supported.")
      case CURLE_OUT_OF_MEMORY:
        // What libcurl 7.x reports for a response header over its 100 KB limit.
        return (.badServerResponse, "The response head from \(host) was too large to read.")
      case CURLE_URL_MALFORMAT: return (.badURL, "The URL for \(host) is malformed.")
      case CURLE_ABORTED_BY_CALLBACK, CURLE_WRITE_ERROR:
        return (.cancelled, "The request was cancelled.")
      default: return (.unknown, "The request to \(host) failed.")
      }
    }

    /// A connection that ended under the transfer, or an HTTP/2 stream the server ended: which
    /// side broke what, before any response or in the middle of one; `nil` for other failures.
    private func connectionEnded() -> (URLError.Code, String)? {
      switch code {
      case CURLE_HTTP2_STREAM, CURLE_HTTP2: return http2()
      case CURLE_GOT_NOTHING where progress.https:
        // Over HTTP/2, libcurl 7.88 says the same of a head it refused (too large, malformed)
        // and tells nothing of the protocol before a head arrived.
        return (
          .networkConnectionLost,
          "\(host) ended the connection or its HTTP/2 stream before any response (a response "
            + "head too large or malformed ends an HTTP/2 stream so)\(mayHaveApplied)."
        )
      case CURLE_RECV_ERROR where text.contains("tried") && text.contains("times"):
        return (
          .badServerResponse,
          "\(host) refused the request on every try, before any response (every HTTP/2 "
            + "stream refused, or every connection closed at once)."
        )
      case CURLE_RECV_ERROR where text.contains("nghttp2"):
        return (
          .badServerResponse,
          "\(host) broke HTTP/2: its frames could not be decoded (a header block too large, or "
            + "malformed)."
        )
      case CURLE_SEND_ERROR:
        return (
          .networkConnectionLost,
          "The connection to \(host) was lost while sending\(mayHaveApplied)."
        )
      case CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_RECV_ERROR:
        return lost()
      default: return nil
      }
    }

    /// The connection ended (closed or reset): before any response, or during the body.
    private func lost() -> (URLError.Code, String) {
      guard progress.started else {
        return (
          .networkConnectionLost,
          "\(host) closed the connection before any response\(mayHaveApplied)."
        )
      }
      return (
        .networkConnectionLost,
        "The connection to \(host) was lost in the middle of the response\(bytes)."
      )
    }

    /// An HTTP/2 stream the server reset, or a response that breaks HTTP/2.
    private func http2() -> (URLError.Code, String) {
      let names = [
        "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR", "STREAM_CLOSED",
        "FRAME_SIZE_ERROR", "REFUSED_STREAM", "CANCEL", "COMPRESSION_ERROR", "ENHANCE_YOUR_CALM",
      ]
      let name = names.first { text.contains($0) }
      if name == nil, let goaway = progress.goawayError { return closed(goaway: goaway) }
      if name == "PROTOCOL_ERROR" {
        if progress.responded, let announced = progress.announcedLength {
          return (
            .badServerResponse,
            "\(host) sent a body longer or shorter than its Content-Length of \(announced) bytes, "
              + "which breaks HTTP/2."
          )
        }
        if !progress.responded {
          // libcurl 7.88 hands over no head of a stream that nghttp2 ended in the same read.
          return (
            .cannotParseResponse,
            "\(host) sent a response that breaks HTTP/2 (PROTOCOL_ERROR: an invalid or "
              + "upper-case field name, a misplaced pseudo-header, or a body longer or shorter "
              + "than its Content-Length)."
          )
        }
      }
      return (
        .badServerResponse, "\(host) ended the HTTP/2 stream with \(name ?? "an error") \(when)."
      )
    }

    /// The server's HTTP/2 GOAWAY (error code `goaway`) ended the connection, and the request's
    /// stream with it: with NO_ERROR a shutdown, not a fault of the response.
    private func closed(goaway: Int) -> (URLError.Code, String) {
      guard goaway != 0 else {
        let cut = progress.started ? "\(when)\(bytes)" : "\(when)\(mayHaveApplied)"
        return (.networkConnectionLost, "\(host) closed the connection (HTTP/2 GOAWAY) \(cut).")
      }
      let names = [
        "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR", "SETTINGS_TIMEOUT",
        "STREAM_CLOSED", "FRAME_SIZE_ERROR", "REFUSED_STREAM", "CANCEL", "COMPRESSION_ERROR",
        "CONNECT_ERROR", "ENHANCE_YOUR_CALM", "INADEQUATE_SECURITY", "HTTP_1_1_REQUIRED",
      ]
      let name = names.indices.contains(goaway - 1) ? names[goaway - 1] : "error \(goaway)"
      return (.badServerResponse, "\(host) ended the HTTP/2 connection with \(name) \(when).")
    }

    /// "in the middle of the response" once any of a response arrived, else "before any
    /// response".
    private var when: String {
      progress.started ? "in the middle of the response" : "before any response"
    }

    /// "; the POST may have been applied, so it was not sent again" for a request that may not
    /// be repeated; empty for one that may.
    private var mayHaveApplied: String {
      progress.repeatable
        ? "" : "; the \(progress.method) may have been applied, so it was not sent again"
    }

    /// " (4,000 of 10,000 bytes)", or " (after 4,000 bytes)" when no length was announced; empty
    /// when the head was not handed over.
    private var bytes: String {
      // A head libcurl decoded but never handed over: how much came is not known.
      guard progress.responded else { return "" }
      let read = progress.bodyBytes
      guard let announced = progress.announcedLength else { return " (after \(read) bytes)" }
      return " (\(read) of \(announced) bytes)"
    }
  }

  /// By OpenSSL's `X509_V_ERR_*` value that curl reports through `CURLINFO_SSL_VERIFYRESULT`;
  /// curl checks the name itself after OpenSSL verified the chain, and says so in `text`.
  fileprivate static func certificate(host: String, verifyResult: Int, text: String)
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
