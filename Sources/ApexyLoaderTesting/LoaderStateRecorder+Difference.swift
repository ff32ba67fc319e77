import ApexyLoader

extension LoaderStateRecorder {
  /// Both lists, one state a line, the first line where they part marked.
  static func difference(expected: [LoadingState<Content>], seen: [LoadingState<Content>])
    -> String
  {
    difference(expected: expected, seen: seen, what: "states")
  }

  /// Both lists, one entry a line, the first line where they part marked.
  static func difference<Entry: Equatable & CustomStringConvertible>(
    expected: [Entry], seen: [Entry], what: String
  ) -> String {
    difference(expected: expected, seen: seen, what: what) { $0 == $1 }
  }

  /// Both lists, one entry a line, the first line where they part marked; when the two entries
  /// there read the same, the lines of their contents that differ.
  static func difference<Expected: CustomStringConvertible, Seen: CustomStringConvertible>(
    expected: [Expected], seen: [Seen], what: String, matches: (Expected, Seen) -> Bool
  ) -> String {
    let shared = min(expected.count, seen.count)
    let parting = (0..<shared).first { !matches(expected[$0], seen[$0]) } ?? shared
    func list(_ states: [some CustomStringConvertible]) -> String {
      states.enumerated().map { index, state in
        "  \(index == parting ? "→" : " ") \(index): \(state)"
      }.joined(separator: "\n")
    }
    let kind =
      seen.count < expected.count
      ? "missing states" : seen.count > expected.count ? "more states" : "a different state"
    var text =
      "The loader's \(what) differ (\(kind), from state \(parting)).\nExpected:\n"
      + list(expected) + "\nSeen:\n" + list(seen)
    if parting < shared {
      text += StateDetail.lines(expected: expected[parting], seen: seen[parting], at: parting)
    }
    return text
  }
}
