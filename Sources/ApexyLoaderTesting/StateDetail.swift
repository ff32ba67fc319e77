import ApexyLoader

/// What a recorder's failure message adds about the two states where the lists part: the
/// lines of their contents that differ when the states read the same (`[4 × Book]` on both
/// sides), and the error seen in full when it is a failure.
enum StateDetail {
  /// The added lines, each starting with a line break; empty when there is nothing to add.
  static func lines(expected: Any, seen: Any, at index: Int) -> String {
    var text = ""
    let expectedState = (expected as? ExpectedStateValue)?.expectedValue ?? expected
    let seenState = (seen as? ExpectedStateValue)?.expectedValue ?? seen
    if "\(expected)" == "\(seen)" {
      let differing = differingLines(dumped(expectedState), dumped(seenState))
      text += "\nState \(index) reads the same on both sides; its contents differ:\n"
      text += differing.joined(separator: "\n")
    }
    if let error = (seenState as? FailureErrorValue)?.failureError {
      text += "\nThe error seen at state \(index): \(String(reflecting: error))"
    }
    return text
  }

  /// `value` as `dump` writes it, one line each.
  static func dumped(_ value: Any) -> [String] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      .filter { !$0.isEmpty }
  }

  /// The lines that differ, line by line: the expected one, then the one seen. Only the
  /// values (`- title: "Dune"`) when some differ, not the lines of the values holding them,
  /// which repeat the whole of each.
  static func differingLines(_ expected: [String], _ seen: [String]) -> [String] {
    var pairs: [(String?, String?)] = []
    for index in 0..<max(expected.count, seen.count) {
      let left = index < expected.count ? expected[index].trimmingLeadingSpaces : nil
      let right = index < seen.count ? seen[index].trimmingLeadingSpaces : nil
      if left != right { pairs.append((left, right)) }
    }
    let values = pairs.filter { pair in
      [pair.0, pair.1].allSatisfy { $0?.hasPrefix("- ") ?? true }
    }
    var lines: [String] = []
    for (left, right) in values.isEmpty ? pairs : values {
      if let left { lines.append("  expected: " + left) }
      if let right { lines.append("  seen:     " + right) }
    }
    return lines.isEmpty ? ["  (no difference in their dumps)"] : lines
  }
}

/// An expected state that stands for a `LoadingState`, dumped as that state.
protocol ExpectedStateValue {
  var expectedValue: Any? { get }
}

/// A state or step that may hold a failure's error.
protocol FailureErrorValue {
  var failureError: Error? { get }
}

extension ExpectedState: ExpectedStateValue {
  var expectedValue: Any? { state }
}

extension LoadingState: FailureErrorValue {
  var failureError: Error? { error }
}

extension LoaderPagesStep: FailureErrorValue {
  var failureError: Error? { state.error }
}

extension String {
  fileprivate var trimmingLeadingSpaces: String {
    String(drop { $0 == " " })
  }
}
