import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if Curl && os(Linux)
  import CurlTransport
#endif

/// Which code sends a `URLSessionClient`'s `http://` and `https://` requests on Linux.
///
/// Foundation's own transport on Linux keeps a core busy while a request waits for its
/// answer; `CurlURLProtocol` (module `CurlTransport`) drives libcurl so the wait sleeps, reuses
/// connections and asks for compressed bodies, for `http://` and `https://` alike. Clients use
/// it unless `HTTPTransport.default` is set to `.foundation` before they are created, or the
/// process starts with `APEXY_HTTP_TRANSPORT=foundation` in its environment. On Apple platforms, and on Linux
/// when the package's `Curl` trait is off (see `isCurlAvailable`), this is ignored: clients
/// always use `URLSession`'s own transport.
public enum HTTPTransport: Sendable, Equatable {
  /// libcurl through `CurlURLProtocol`, the default.
  case curl
  /// FoundationNetworking's built-in transport.
  case foundation

  private static let store = TransportStore()

  /// The transport clients created from now on use; `.curl` unless changed.
  public static var `default`: HTTPTransport {
    get { store.value }
    set { store.value = newValue }
  }

  /// Whether this build can send with libcurl: on Linux with the package's `Curl` trait on (the
  /// default). When `false`, `.curl` means Foundation's transport too.
  public static var isCurlAvailable: Bool {
    #if Curl && os(Linux)
      true
    #else
      false
    #endif
  }

  #if Curl && os(Linux)
    /// `classes` with `CurlURLProtocol` before Foundation's own protocols, so the user's
    /// protocols (mocks) still come first; unchanged for `.foundation`.
    func protocolClasses(_ classes: [AnyClass]?) -> [AnyClass]? {
      guard self == .curl else { return classes }
      Self.reportsSentBytes
      var classes = classes ?? []
      guard !classes.contains(where: { $0 == CurlURLProtocol.self }) else { return classes }
      let builtIn = classes.firstIndex(where: Self.isFoundations)
      classes.insert(CurlURLProtocol.self, at: builtIn ?? classes.endIndex)
      return classes
    }

    /// Routes `CurlURLProtocol`'s sent-byte counts to the client's progress and delegate, once.
    private static let reportsSentBytes: Void = {
      CurlURLProtocol.bodyBytesSent = { transport, bytes, total, expected in
        transport.reportBodyBytesSent(
          bytes, totalBytesSent: total, totalBytesExpectedToSend: expected)
      }
    }()

    /// Whether `classes` are only Foundation's own protocols and `CurlURLProtocol`: none of a
    /// caller's (a mock, say) that must see the requests.
    static func onlyBuiltIn(_ classes: [AnyClass]?) -> Bool {
      (classes ?? []).allSatisfy { $0 == CurlURLProtocol.self || isFoundations($0) }
    }

    /// Whether `type` is one of Foundation's own protocols: told by its type name, not
    /// `String(reflecting:)`, whose reflection costs ~0.3 ms at start-up.
    private static func isFoundations(_ type: AnyClass) -> Bool {
      _typeName(type, qualified: true).hasPrefix("FoundationNetworking.")
    }

    /// Whether a session with `configuration` sends through `CurlURLProtocol`, which cannot
    /// see an upload task's body.
    static func sendsWithCurl(_ configuration: URLSessionConfiguration) -> Bool {
      configuration.protocolClasses?.contains { $0 == CurlURLProtocol.self } ?? false
    }
  #endif
}

/// The default transport, behind a lock.
private final class TransportStore: Sendable {
  // getenv, not ProcessInfo's environment, which builds a dictionary of every variable (most
  // of a million instructions at start) for the one read here.
  private let stored = Locked<HTTPTransport>(
    getenv("APEXY_HTTP_TRANSPORT").map { String(cString: $0) } == "foundation"
      ? .foundation : .curl)

  var value: HTTPTransport {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }
}
