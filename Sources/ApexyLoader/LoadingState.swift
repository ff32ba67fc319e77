import Foundation
import URLProtocolSupport

/// The state of a loader: nothing yet, loading, loaded, or failed, with any cached content.
public enum LoadingState<Content> {
  /// Nothing has been loaded or asked for.
  case initial
  /// A load is in flight; `cache` is the content from before, if any.
  case loading(cache: Content?)
  /// The last load succeeded with `content`.
  case success(content: Content)
  /// The last load failed with `error`; `cache` is the content from before, if any.
  case failure(error: Error, cache: Content?)

  /// The success content, or the cache while loading or after a failure.
  public var content: Content? {
    switch self {
    case .initial: return nil
    case .loading(let cache): return cache
    case .success(let content): return content
    case .failure(_, let cache): return cache
    }
  }

  /// Whether a load is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The error of a failure, `nil` otherwise.
  public var error: Error? {
    if case .failure(let error, _) = self { return error }
    return nil
  }

  /// Combines this state with another one, for a screen that shows both loaders at once.
  ///
  /// Loading wins over failure, failure over success; caches are combined only when both
  /// sides have content.
  ///
  /// - Parameters:
  ///   - state: The other loader's state.
  ///   - transform: Combines this state's content (or cache) with the other's.
  /// - Returns: `.loading` when either side loads (with the combined caches when both have
  ///   content), else `.failure` when either failed (this side's error first), `.success`
  ///   with `transform`'s value when both succeeded, and `.initial` otherwise.
  public func merge<C2, C3>(
    _ state: LoadingState<C2>, transform: (Content, C2) -> C3
  ) -> LoadingState<C3> {
    func combined() -> C3? {
      guard let lhs = content, let rhs = state.content else { return nil }
      return transform(lhs, rhs)
    }
    switch (self, state) {
    case (.loading(.some), _), (_, .loading(.some)):
      return .loading(cache: combined())
    case (.loading, _), (_, .loading):
      return .loading(cache: nil)
    case (.failure(let error, .some), _), (_, .failure(let error, .some)):
      return .failure(error: error, cache: combined())
    case (.failure(let error, _), _), (_, .failure(let error, _)):
      return .failure(error: error, cache: nil)
    case (.success(let lhs), .success(let rhs)):
      return .success(content: transform(lhs, rhs))
    default:
      return .initial
    }
  }
}

extension LoadingState: Equatable where Content: Equatable {
  /// Compares the case and the content or cache; errors are not compared.
  ///
  /// - Parameters:
  ///   - lhs: A state.
  ///   - rhs: Another state.
  /// - Returns: `true` when both are the same case with equal content or cache.
  public static func == (lhs: LoadingState, rhs: LoadingState) -> Bool {
    switch (lhs, rhs) {
    case (.initial, .initial): return true
    case (.loading(let lhs), .loading(let rhs)): return lhs == rhs
    case (.success(let lhs), .success(let rhs)): return lhs == rhs
    case (.failure(_, let lhs), .failure(_, let rhs)): return lhs == rhs
    default: return false
    }
  }
}

extension LoadingState {
  /// Whether this state's error is the same as `other`'s: `true` unless both are failures whose
  /// errors differ, for `ContentLoader.update(_:)` (`==` does not compare errors).
  ///
  /// Errors are the same when they are of one type and their `String(reflecting:)` texts
  /// (which show their cases, codes and stored values) are equal.
  func hasSameError(as other: LoadingState) -> Bool {
    guard case .failure(let lhs, _) = self, case .failure(let rhs, _) = other else { return true }
    return ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs))
      && String(reflecting: lhs) == String(reflecting: rhs)
  }
}

extension LoadingState: Sendable where Content: Sendable {}

extension LoadingState: CustomStringConvertible, CustomDebugStringConvertible {
  /// Apexy's text, for a person: `Initial`, `Loading: cache Optional(5)` (`nil` without one),
  /// `Success: 5`, `Failure: <error>, cache Optional(5)`. Content shows its own description,
  /// a collection of more than three elements (or of elements without one) a count and the
  /// element type (`[5000 × Repository]`), and an error its `localizedDescription` where it
  /// has one of its own. ``debugDescription`` keeps the whole value.
  public var description: String {
    switch self {
    case .initial:
      return "Initial"
    case .loading(let cache):
      return "Loading: cache \(Self.optional(cache))"
    case .success(let content):
      return "Success: \(Self.summary(of: content))"
    case .failure(let error, let cache):
      return "Failure: \(Self.summary(of: error)), cache \(Self.optional(cache))"
    }
  }

  /// The whole value, every element and the error as `String(reflecting:)` writes them.
  public var debugDescription: String {
    switch self {
    case .initial:
      return "LoadingState.initial"
    case .loading(let cache):
      return "LoadingState.loading(cache: \(String(reflecting: cache)))"
    case .success(let content):
      return "LoadingState.success(content: \(String(reflecting: content)))"
    case .failure(let error, let cache):
      return "LoadingState.failure(error: \(String(reflecting: error)), cache: "
        + "\(String(reflecting: cache)))"
    }
  }

  /// `Optional(<content>)`, or `nil`, as Swift writes an optional (the content as
  /// `String(reflecting:)` writes it, a long collection summarized).
  private static func optional(_ content: Content?) -> String {
    content.map { "Optional(\(summary(of: $0, reflecting: true)))" } ?? "nil"
  }

  /// The content's own description, or a count and the element type for a collection that
  /// would print as a long dump.
  static func summary(of content: Any, reflecting: Bool = false) -> String {
    if !(content is String || content is Substring), let collection = content as? any Collection {
      let elements = Array(collection.map { $0 as Any })
      if elements.count > 3 || elements.contains(where: { !($0 is CustomStringConvertible) }) {
        return "[\(elements.count) × \(elementName(collection))]"
      }
    }
    return reflecting ? String(reflecting: content) : String(describing: content)
  }

  /// The name of a collection's element type, without its module.
  private static func elementName<C: Collection>(_ collection: C) -> String {
    String(describing: C.Element.self)
  }

  /// An error's own sentence (`LocalizedError`, or an `NSError`'s localized description, as a
  /// `URLError` has), else the error as Swift writes it.
  static func summary(of error: Error) -> String {
    if let localized = error as? LocalizedError, let text = localized.errorDescription {
      return text
    }
    if let text = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String { return text }
    // A bare URLError reads as URLSession's would: Apple's sentence for its code.
    if let error = error as? URLError { return URLError.sentence(for: error.code, host: nil) }
    return String(describing: error)
  }
}
