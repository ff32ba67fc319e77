import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLProtocol`s that take some requests of every client: `ApexyHTTPTesting` registers its
/// stub here, so a `StubTransport` answers requests to its host from any `URLSessionClient`,
/// whatever its configuration and even when it would send without a session.
///
/// Each session a client makes lists them first, and a client that sends straight to libcurl
/// leaves a request such a protocol takes (`canInit(with:)`) to its session. None is registered
/// unless a test double of this package is used. Shared by the package's modules (`package`
/// access).
package enum ProtocolInterception {
  private static let registered = Locked<[URLProtocol.Type]>([])

  /// Adds `type` (once) to the protocols every session made from now on lists first.
  package static func register(_ type: URLProtocol.Type) {
    registered.withLock { types in
      if !types.contains(where: { $0 == type }) { types.append(type) }
    }
  }

  /// Whether a registered protocol takes `request`.
  static func claims(_ request: URLRequest) -> Bool {
    let types = registered.withLock { $0 }
    return types.contains { $0.canInit(with: request) }
  }

  /// `configuration`, or a copy of it with the registered protocols first when there are any.
  static func applied(to configuration: URLSessionConfiguration) -> URLSessionConfiguration {
    let types = registered.withLock { $0 }
    guard !types.isEmpty,
      let copy = configuration.copy() as? URLSessionConfiguration
    else { return configuration }
    let own = (copy.protocolClasses ?? []).filter { existing in
      !types.contains { $0 == existing }
    }
    copy.protocolClasses = types.map { $0 as AnyClass } + own
    return copy
  }
}
