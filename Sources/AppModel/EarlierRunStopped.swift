import Foundation

/// What stands above the repositories an earlier run read before its load stopped part-way
/// (they come back from the cache, and a load goes on from the first page not read).
public struct EarlierRunStopped: LocalizedError, Equatable {
  /// Creates the value.
  public init() {}

  /// "An earlier run stopped; press f or r to read on."
  public var errorDescription: String? { "An earlier run stopped; press f or r to read on." }
}
