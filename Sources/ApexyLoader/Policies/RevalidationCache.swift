import ApexyHTTP
import Foundation
import Locking

/// Remembers, per request URL, the validators of the last response and the value built from
/// it, so the next request can be conditional and a `304` can reuse the value.
///
/// A loader with `LoaderPolicies.revalidates` keeps one for its own content. A paginated loader
/// keeps one of page values and, per page:
///
/// ```swift
/// request(pages.conditional(pageEndpoint)) { result in
///   // .notModified → try pages.reused(for: endpoint): the page as decoded last time
///   // .modified(page, validators) → decode, then pages.store(value, validators:, for:)
/// }
/// ```
///
/// `Sendable`, and then safe to use from any thread, where `Value` is: pages may be stored from
/// a decoding queue.
public final class RevalidationCache<Value> {
  private struct Entry: Sendable {
    let validators: ResponseValidators
    /// The value, handed over unchecked: see `store(_:validators:forKey:)`.
    let value: @Sendable () -> Value
  }

  private let entries = Locked<[String: Entry]>([:])

  /// Creates an empty cache.
  public init() {}

  /// `endpoint` as a conditional request, with the validators stored for its URL if any.
  ///
  /// - Parameter endpoint: The endpoint to send.
  /// - Returns: `endpoint` wrapped to send `If-None-Match` / `If-Modified-Since` when
  ///   validators are stored for its URL.
  public func conditional<E: Endpoint>(_ endpoint: E) -> ConditionalEndpoint<E> {
    let key = RevalidationKey.of(endpoint)
    let validators = key.flatMap { key in entries.withLock { $0[key]?.validators } }
    return ConditionalEndpoint(endpoint, validators: validators)
  }

  /// Stores `value` built from a response with `validators` under `key`; a response without
  /// validators removes what was stored, since it cannot be revalidated.
  ///
  /// - Parameters:
  ///   - value: The value built from the response.
  ///   - validators: The response's validators.
  ///   - key: The request URL (a ``ConditionalEndpoint/key``); `nil` stores nothing.
  public func store(_ value: Value, validators: ResponseValidators, forKey key: String?) {
    guard let key else { return }
    // A value crosses threads only where the cache is Sendable (below), that is where it is.
    let entry = Entry(validators: validators, value: uncheckedSendable { value })
    entries.withLock { $0[key] = validators.isEmpty ? nil : entry }
  }

  /// Stores `value` decoded from the answer to `endpoint`.
  ///
  /// - Parameters:
  ///   - value: The value built from the response.
  ///   - validators: The response's validators (``Revalidated/modified(_:validators:)``'s).
  ///   - endpoint: The conditional endpoint that was answered.
  public func store<E>(
    _ value: Value, validators: ResponseValidators, for endpoint: ConditionalEndpoint<E>
  ) {
    store(value, validators: validators, forKey: endpoint.key)
  }

  /// Replaces the value stored under `key` with `transform` of it, keeping its validators;
  /// does nothing when nothing is stored there. (A paginated loader puts each page's value in
  /// the storage of the whole list once it is built.)
  ///
  /// - Parameters:
  ///   - key: The key the value is stored under (a ``ConditionalEndpoint``'s `key`).
  ///   - transform: Makes the new value from the stored one.
  public func replaceValue(forKey key: String?, _ transform: (Value) -> Value) {
    guard let key else { return }
    entries.withLock { entries in
      guard let entry = entries[key] else { return }
      let value = transform(entry.value())
      // Handed over as `store` hands its value over.
      entries[key] = Entry(validators: entry.validators, value: uncheckedSendable { value })
    }
  }

  /// The value stored under `key`, `nil` when there is none.
  ///
  /// - Parameter key: The request URL.
  /// - Returns: The stored value, or `nil`.
  public func value(forKey key: String?) -> Value? {
    guard let key else { return nil }
    return entries.withLock { $0[key]?.value }?()
  }

  /// The value and validators stored under `key`, read together; `nil` when there are none.
  ///
  /// - Parameter key: The request URL.
  /// - Returns: The stored value and its validators, or `nil`.
  public func stored(forKey key: String) -> (value: Value, validators: ResponseValidators)? {
    entries.withLock { $0[key] }.map { ($0.value(), $0.validators) }
  }

  /// The value a `304` to `endpoint` confirms; throws `NotModifiedWithoutCacheError` when
  /// nothing is stored for it.
  ///
  /// - Parameter endpoint: The conditional endpoint that was answered `304`.
  /// - Returns: The value stored for its URL.
  /// - Throws: ``NotModifiedWithoutCacheError`` when nothing is stored for it.
  public func reused<E>(for endpoint: ConditionalEndpoint<E>) throws -> Value {
    guard let value = value(forKey: endpoint.key) else {
      throw NotModifiedWithoutCacheError(url: endpoint.key)
    }
    return value
  }

  /// The value for an answer to `endpoint`: the stored one for `.notModified` (`decode` is not
  /// called), else `decode`'s result, which is stored with the new validators.
  ///
  /// - Parameters:
  ///   - answer: The conditional endpoint's content.
  ///   - endpoint: The conditional endpoint that was answered.
  ///   - decode: Builds the value from new content.
  /// - Returns: The value, and whether it is new (`modified`).
  /// - Throws: ``NotModifiedWithoutCacheError`` for a `304` with nothing stored, or what
  ///   `decode` throws.
  public func resolve<E>(
    _ answer: Revalidated<E.Content>, for endpoint: ConditionalEndpoint<E>,
    decode: (E.Content) throws -> Value
  ) throws -> (value: Value, modified: Bool) {
    switch answer {
    case .notModified:
      return (try reused(for: endpoint), false)
    case .modified(let content, let validators):
      let value = try decode(content)
      store(value, validators: validators, for: endpoint)
      return (value, true)
    }
  }

  /// Forgets everything stored.
  public func removeAll() {
    entries.withLock { $0.removeAll() }
  }

  /// The stored validators by key (request URL), for saving them with the content.
  public var validatorsByKey: [String: ResponseValidators] {
    entries.withLock { $0.mapValues(\.validators) }
  }

  /// How many URLs have a stored value.
  public var count: Int { entries.withLock { $0.count } }
}

extension RevalidationCache: Sendable where Value: Sendable {}

/// A `304 Not Modified` came for a URL with nothing stored to reuse.
public struct NotModifiedWithoutCacheError: LocalizedError, Equatable, Sendable {
  /// The request URL.
  public let url: String?

  /// "The server answered 304 Not Modified for …, but no earlier answer is stored."
  public var errorDescription: String? {
    "The server answered 304 Not Modified for \(url ?? "a request"), but no earlier answer is "
      + "stored."
  }
}
