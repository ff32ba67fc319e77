import ApexyLoader
import Foundation

/// Whether a failure seen is the failure expected, error and all: a recorder never passes a
/// failure whose error differs from the one a test wrote.
enum SameError {
  /// Whether `seen` matches `expected` as `LoadingState` compares them (case, content, cache)
  /// and, for two failures, their errors are the same: of one type, and then equal by code
  /// for `URLError` and `CocoaError` (their user info carries addresses and URLs a test
  /// cannot know), by `==` for another `Equatable` error, else by their `String(reflecting:)`.
  static func matches<Content: Equatable>(
    _ expected: LoadingState<Content>, _ seen: LoadingState<Content>
  ) -> Bool {
    guard expected == seen else { return false }
    guard case .failure(let wanted, _) = expected, case .failure(let error, _) = seen else {
      return true
    }
    return same(wanted, error)
  }

  /// Whether `error` is the same error as `wanted`.
  static func same(_ wanted: Error, _ error: Error) -> Bool {
    guard ObjectIdentifier(type(of: wanted)) == ObjectIdentifier(type(of: error)) else {
      return false
    }
    if let wanted = wanted as? URLError, let error = error as? URLError {
      return wanted.code == error.code
    }
    if let wanted = wanted as? CocoaError, let error = error as? CocoaError {
      return wanted.code == error.code
    }
    // The type's own ==, asked of the metatype: a cast of the value would bridge any error to
    // NSError, whose == compares only the domain and a code.
    if let equatable = type(of: wanted) as? any Equatable.Type {
      return equal(equatable, wanted, error)
    }
    return String(reflecting: wanted) == String(reflecting: error)
  }

  private static func equal<E: Equatable>(_: E.Type, _ wanted: Error, _ error: Error) -> Bool {
    guard let wanted = wanted as? E, let error = error as? E else { return false }
    return wanted == error
  }
}
