import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLError {
  /// The `userInfo` key of the proxy (`host:port`) a failure went through or was refused by.
  package static let proxyKey = "ApexyFailingProxy"

  /// `host:port` of the proxy the request went through, when the failure's reason names one:
  /// the proxy failed, or what failed was reached through it. `nil` without a proxy.
  package var proxy: String? { userInfo[Self.proxyKey] as? String }

  /// `described(_:url:reason:notProcessed:)`, naming `proxy` (`host:port`) as the one the
  /// request went through.
  package static func described(
    _ code: Code, url: URL?, reason: String, proxy: String, notProcessed: Bool = false
  ) -> URLError {
    var info = described(code, url: url, reason: reason, notProcessed: notProcessed).userInfo
    info[proxyKey] = proxy
    return URLError(code, userInfo: info)
  }
}
