import ApexyLoader

/// A state a ``LoaderStateRecorder`` expects: a `LoadingState` (a failure's error compared
/// too, by ``state(_:)``'s rule), or a failure that says which error it expects.
///
/// ```swift
/// await states.expect([.initial, .loading(cache: nil), .failure(URLError.self)])
/// await states.expect([.failure(where: { ($0 as? URLError)?.code == .timedOut })])
/// ```
public struct ExpectedState<Content: Equatable>: CustomStringConvertible {
  /// What the expectation reads as in a failure message.
  public let description: String
  /// The state itself, when one is expected as it compares; `nil` for a failure matcher.
  public let state: LoadingState<Content>?
  private let predicate: (LoadingState<Content>) -> Bool

  private init(
    _ description: String, state: LoadingState<Content>? = nil,
    matches: @escaping (LoadingState<Content>) -> Bool
  ) {
    self.description = description
    self.state = state
    self.predicate = matches
  }

  /// Whether `seen` is what is expected.
  ///
  /// - Parameter seen: A state the loader passed through.
  /// - Returns: `true` when it matches.
  public func matches(_ seen: LoadingState<Content>) -> Bool { predicate(seen) }

  /// Expects `state` as `LoadingState` compares it (case and content) and, for a failure, its
  /// error too: of the same type, with the same code for `URLError` and `CocoaError`, equal
  /// for another `Equatable` error, else with the same `String(reflecting:)`.
  ///
  /// - Parameter state: The state expected.
  /// - Returns: The expectation.
  public static func state(_ state: LoadingState<Content>) -> ExpectedState {
    ExpectedState(state.description, state: state) { SameError.matches(state, $0) }
  }

  /// Expects `.initial`.
  public static var initial: ExpectedState { state(.initial) }

  /// Expects `.loading(cache:)` with this cache.
  ///
  /// - Parameter cache: The cache expected.
  /// - Returns: The expectation.
  public static func loading(cache: Content?) -> ExpectedState { state(.loading(cache: cache)) }

  /// Expects `.success(content:)` with this content.
  ///
  /// - Parameter content: The content expected.
  /// - Returns: The expectation.
  public static func success(content: Content) -> ExpectedState {
    state(.success(content: content))
  }

  /// Expects a failure whose error is of type `type`, with this cache.
  ///
  /// - Parameters:
  ///   - type: The error's type (`URLError.self`).
  ///   - cache: The cache expected.
  /// - Returns: The expectation.
  public static func failure<E: Error>(_ type: E.Type, cache: Content? = nil) -> ExpectedState {
    failure(cache: cache, "an error of type \(type)") { $0 is E }
  }

  /// Expects a failure with an error equal to `error`, with this cache.
  ///
  /// - Parameters:
  ///   - error: The error expected.
  ///   - cache: The cache expected.
  /// - Returns: The expectation.
  public static func failure<E: Error & Equatable>(_ error: E, cache: Content? = nil)
    -> ExpectedState
  {
    failure(cache: cache, "an error equal to \(String(reflecting: error))") {
      ($0 as? E) == error
    }
  }

  /// Expects a failure whose error `predicate` accepts, with this cache.
  ///
  /// - Parameters:
  ///   - cache: The cache expected.
  ///   - what: What the predicate accepts, for the failure message.
  ///   - predicate: Whether the error is the one expected.
  /// - Returns: The expectation.
  public static func failure(
    cache: Content? = nil, _ what: String = "an error matching the predicate",
    where predicate: @escaping (Error) -> Bool
  ) -> ExpectedState {
    let cacheText = LoadingState<Content>.loading(cache: cache).description
      .replacingPrefix("Loading: cache ")
    return ExpectedState("Failure: \(what), cache \(cacheText)") { seen in
      guard case .failure(let error, let seenCache) = seen else { return false }
      return seenCache == cache && predicate(error)
    }
  }
}

extension String {
  fileprivate func replacingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
