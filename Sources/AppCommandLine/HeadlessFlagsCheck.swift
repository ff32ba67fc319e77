extension Options {
  /// The refusal of a start in the terminal UI with headless output flags typed on the
  /// command line (`--json`, `--rounds 2`), which the terminal UI would drop: they ask for
  /// the transcript, so the line says to add `--headless`. `nil` when none was typed; the
  /// config file's are for runs without a terminal and are left out quietly, so the file
  /// never stops the app from starting.
  public var terminalRefusal: UsageError? {
    guard !headlessFlagsTyped.isEmpty else { return nil }
    let names = headlessFlagsTyped
    let listed =
      names.count == 1
      ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    let (are, them) = names.count == 1 ? ("is", "it") : ("are", "them")
    return UsageError(
      description: "\(listed) \(are) for headless output, but the app draws its terminal UI "
        + "here; add \(FlagName.headless.rawValue) to print the state changes instead, or leave "
        + "\(them) out.")
  }

  /// The headless output flags among `given` (the command line's), by name, each once.
  mutating func noteHeadlessFlags(_ given: [GivenFlag]) {
    guard !headless else { return }
    for item in given where item.flag.scope == .headless {
      if !headlessFlagsTyped.contains(item.flag.name) { headlessFlagsTyped.append(item.flag.name) }
    }
  }
}
