import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLError {
  /// A `URLError` as `URLSession` makes one on Apple platforms: Apple's sentence for `code` as
  /// its localized description and the failing URL under both of URLSession's keys; what is
  /// known beyond Apple's sentence (the host, libcurl's words, the seconds waited) goes under
  /// `NSLocalizedFailureReasonErrorKey`, which swift-corelibs-foundation's `description` prints
  /// where Darwin prints the localized description (and "(null)" without one). Shared by the
  /// package's modules (`package` access).
  ///
  /// - Parameters:
  ///   - code: The error's code.
  ///   - url: The URL of the request that failed, when there is one.
  ///   - reason: What went wrong in our words; Apple's sentence when `nil`.
  ///   - notProcessed: Whether the server said it did not process the request
  ///     (`requestNotProcessedKey`).
  package static func described(
    _ code: Code, url: URL?, reason: String? = nil, notProcessed: Bool = false
  ) -> URLError {
    var info: [String: Any] = [
      NSLocalizedDescriptionKey: sentence(for: code, host: url?.host),
      NSLocalizedFailureReasonErrorKey: reason ?? sentence(for: code, host: url?.host),
    ]
    if notProcessed { info[requestNotProcessedKey] = true }
    if let url {
      info[NSURLErrorFailingURLErrorKey] = url
      // NSURLErrorFailingURLStringErrorKey's value; the constant is deprecated where it exists.
      info["NSErrorFailingURLStringKey"] = url.absoluteString
    }
    return URLError(code, userInfo: info)
  }

  /// The `userInfo` key whose value `true` says the server did not process the request (an
  /// HTTP/2 GOAWAY whose last-stream-id is below the request's stream, RFC 9113 section 6.8), so
  /// it may be sent again whatever its method.
  package static let requestNotProcessedKey = "ApexyHTTPRequestNotProcessed"

  /// `error` with Apple's sentence and the failing URL added where it has none: what a test
  /// double hands out reads as what the real transport hands out.
  package static func described(_ error: URLError, url: URL?) -> URLError {
    guard error.userInfo[NSLocalizedDescriptionKey] == nil else { return error }
    return described(error.code, url: error.failingURL ?? url)
  }

  /// The sentence URLSession gives `code` on Apple platforms.
  package static func sentence(for code: Code, host: String?) -> String {
    let pretending =
      " You might be connecting to a server that is pretending to be “\(host ?? "the server")”"
      + " which could put your confidential information at risk."
    switch code {
    case .cancelled: return "cancelled"
    case .badURL: return "bad URL"
    case .timedOut: return "The request timed out."
    case .unsupportedURL: return "unsupported URL"
    case .cannotFindHost: return "A server with the specified hostname could not be found."
    case .cannotConnectToHost: return "Could not connect to the server."
    case .networkConnectionLost: return "The network connection was lost."
    case .httpTooManyRedirects: return "too many HTTP redirects"
    case .notConnectedToInternet: return "The Internet connection appears to be offline."
    case .badServerResponse: return "bad server response"
    case .cannotParseResponse: return "cannot parse response"
    case .cannotDecodeContentData: return "cannot decode content data"
    case .dataLengthExceedsMaximum: return "resource exceeds maximum size"
    case .cannotLoadFromNetwork: return "can’t load from network"
    case .secureConnectionFailed:
      return "An SSL error has occurred and a secure connection to the server cannot be made."
    case .serverCertificateHasBadDate:
      return "The certificate for this server has expired." + pretending
    case .serverCertificateUntrusted:
      return "The certificate for this server is invalid." + pretending
    case .serverCertificateHasUnknownRoot:
      return "The certificate for this server was signed by an unknown certifying authority."
        + pretending
    case .serverCertificateNotYetValid:
      return "The certificate for this server is not yet valid." + pretending
    default: return "unknown error"
    }
  }
}
