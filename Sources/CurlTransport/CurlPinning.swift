import Foundation
import Locking

/// Public-key pinning for `CurlURLProtocol`: requests to a pinned host succeed only when the
/// server's public key matches.
///
/// A pin is libcurl's `CURLOPT_PINNEDPUBLICKEY` value: `sha256//` and the base64 SHA-256 of the
/// server's DER-encoded public key, several joined with `;`, or the path of a PEM or DER public
/// key file. The SHA-256 form is what
/// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der |
/// openssl dgst -sha256 -binary | base64` prints. A mismatch fails the request with
/// `URLError(.serverCertificateUntrusted)`.
public enum CurlPinning {
  private static let store = PinStore()

  /// Pins `host` (compared case-insensitively, without port) to `publicKeys`.
  ///
  /// - Parameters:
  ///   - publicKeys: libcurl's pin: `sha256//BASE64`, several joined with `;`, or the path of
  ///     a PEM or DER public key file.
  ///   - host: The host name requests are pinned for, without a port.
  public static func pin(_ publicKeys: String, forHost host: String) {
    store.set(publicKeys, for: host.lowercased())
  }

  /// Removes the pin of `host`.
  ///
  /// - Parameter host: The host name given to ``pin(_:forHost:)``.
  public static func unpin(host: String) {
    store.set(nil, for: host.lowercased())
  }

  /// The pin of `host`, `nil` when it has none.
  ///
  /// - Parameter host: A host name, in any case.
  /// - Returns: The pin as given to ``pin(_:forHost:)``, or `nil`.
  public static func publicKeys(forHost host: String) -> String? {
    store.get(host.lowercased())
  }
}

/// The pins, behind a lock.
private final class PinStore: Sendable {
  private let pins = Locked<[String: String]>([:])

  func set(_ value: String?, for host: String) {
    pins.withLock { $0[host] = value }
  }

  func get(_ host: String) -> String? {
    pins.withLock { $0[host] }
  }
}
