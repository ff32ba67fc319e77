import Foundation

/// SplitMix64: a small seeded random number generator, the same sequence on every platform, for
/// tests that generate their inputs and print the seed of a failure.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SeededGenerator {
  /// The seeds a generated test runs: the one `variable` names in the environment (to replay a
  /// failure it printed), else every seed of `all`.
  public static func seeds(replaying variable: String, else all: ClosedRange<UInt64>) -> [UInt64] {
    ProcessInfo.processInfo.environment[variable].flatMap(UInt64.init).map { [$0] }
      ?? Array(all)
  }
}
