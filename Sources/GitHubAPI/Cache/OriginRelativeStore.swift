import ApexyLoader
import Foundation

/// A `LoaderCacheStore` that stores the validators' request URLs without the API's origin and
/// puts the current origin back when reading: the built-in server listens on a new port at every
/// start, and its stored validators must still match the next run's requests.
public struct OriginRelativeStore: LoaderCacheStore {
  /// The store the entries go to.
  public let base: LoaderCacheStore
  /// The API root of this run, `http://127.0.0.1:41234` (no trailing slash).
  public let origin: String

  static let placeholder = "@origin"

  /// A store over `base` for the API at `origin`.
  ///
  /// - Parameters:
  ///   - base: The store the entries go to.
  ///   - origin: The API root of this run.
  public init(base: LoaderCacheStore, origin: URL) {
    self.base = base
    self.origin = Self.spelling(of: origin)
  }

  /// `origin` as stored URLs start with it: its absolute string without a trailing slash.
  static func spelling(of origin: URL) -> String {
    var text = origin.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }

  /// The entry under `key`, its validators keyed by this run's URLs.
  ///
  /// - Parameter key: The entry's key.
  /// - Returns: The entry, or `nil` when there is none.
  /// - Throws: What the base store throws.
  public func read(_ key: LoaderCacheKey) throws -> LoaderCacheEntry? {
    guard var entry = try base.read(key) else { return nil }
    entry.validators = Self.rekeyed(entry.validators, from: Self.placeholder, to: origin)
    return entry
  }

  /// Stores `entry` with its validators keyed without the origin.
  ///
  /// - Parameters:
  ///   - entry: The entry to store.
  ///   - key: Its key.
  /// - Throws: What the base store throws.
  public func write(_ entry: LoaderCacheEntry, for key: LoaderCacheKey) throws {
    var entry = entry
    entry.validators = Self.rekeyed(entry.validators, from: origin, to: Self.placeholder)
    try base.write(entry, for: key)
  }

  /// Removes the entry under `key`.
  ///
  /// - Parameter key: The entry's key.
  /// - Throws: What the base store throws.
  public func remove(_ key: LoaderCacheKey) throws {
    try base.remove(key)
  }

  private static func rekeyed(
    _ validators: [String: ResponseValidators], from old: String, to new: String
  ) -> [String: ResponseValidators] {
    var result: [String: ResponseValidators] = [:]
    for (url, value) in validators {
      result[replacingPrefix(of: url, old, with: new)] = value
    }
    return result
  }

  /// `url` with `origin` replaced by `@origin`, for storing.
  static func stored(_ url: String, origin: String) -> String {
    replacingPrefix(of: url, origin, with: placeholder)
  }

  /// A stored `url` with `@origin` replaced by `origin`.
  static func restored(_ url: String, origin: String) -> String {
    replacingPrefix(of: url, placeholder, with: origin)
  }

  /// `url` with its origin `old` replaced by `new`; unchanged when `old` is not its origin
  /// (`http://h:4000` is not the origin of `http://h:40001/x`).
  private static func replacingPrefix(of url: String, _ old: String, with new: String) -> String {
    guard url.hasPrefix(old) else { return url }
    let rest = url.dropFirst(old.count)
    guard rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?") else { return url }
    return new + rest
  }
}
