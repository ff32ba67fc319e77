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
  public static func pin(_ publicKeys: String, forHost host: String) {
    store.set(publicKeys, for: host.lowercased())
  }

  /// Removes the pin of `host`.
  public static func unpin(host: String) {
    store.set(nil, for: host.lowercased())
  }

  /// The pin of `host`, `nil` when it has none.
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
