import GitHubAPI

/// Typing an owner's name into the prompt over the status bar: Enter shows the owner (a name
/// GitHub would refuse is named as such and stays to be fixed), Tab completes from the recent
/// owners, Esc closes; Backspace, Ctrl-U and Ctrl-W delete, as in the filter.
enum OwnerPromptEditing {
  /// A key while the prompt is open.
  static func key(_ key: Key, _ state: inout AppState) -> [Command] {
    guard var prompt = state.ownerPrompt else { return [] }
    switch key {
    case .escape:
      state.ownerPrompt = nil
      return []
    case .enter:
      return submit(&state)
    case .tab, .backTab:
      complete(&prompt, state.owners, shown: state.ownerLogin, step: key == .tab ? 1 : -1)
      state.ownerPrompt = prompt
      return []
    case .backspace:
      edit(&state) { $0 = String($0.dropLast()) }
    case .clearLine:
      edit(&state) { $0 = "" }
    case .deleteWord:
      edit(&state) { text in
        let kept = text.reversed().drop { $0 == "-" || $0 == " " }.drop { $0 != "-" && $0 != " " }
        text = String(kept.reversed())
      }
    case .character(let character):
      append(String(character), to: &state)
    default:
      break
    }
    return []
  }

  /// Adds typed or pasted text: controls, line breaks and spaces are dropped (a login has
  /// none), and the prompt keeps at most `OwnerPrompt.limit` characters.
  static func append(_ text: String, to state: inout AppState) {
    let kept = text.filter { character in
      !character.isWhitespace
        && !character.unicodeScalars.contains { TextSanitizer.isControl($0) }
    }
    guard let prompt = state.ownerPrompt else { return }
    let room = max(0, OwnerPrompt.limit - prompt.text.count)
    guard room > 0, !kept.isEmpty else { return }
    edit(&state) { $0 += kept.prefix(room) }
  }

  private static func edit(_ state: inout AppState, _ change: (inout String) -> Void) {
    guard var prompt = state.ownerPrompt else { return }
    change(&prompt.text)
    prompt.problem = nil
    prompt.shorterProblems = []
    prompt.completing = nil
    state.ownerPrompt = prompt
  }

  /// Enter: the owner typed, if GitHub would take the name; else the prompt says what is wrong.
  private static func submit(_ state: inout AppState) -> [Command] {
    guard var prompt = state.ownerPrompt else { return [] }
    if prompt.text.isEmpty {
      state.ownerPrompt = nil
      return []
    }
    if let problem = GitHubLogin.problem(prompt.text) {
      (prompt.problem, prompt.shorterProblems) = refusal(prompt.text, problem)
      state.ownerPrompt = prompt
      return []
    }
    // A recent owner typed in another case is shown under the login it was opened with.
    let typed = GitHubLogin(prompt.text)
    let login = state.owners.recent.first { $0 == typed } ?? typed
    return OwnerSwitch.show(login, kind: nil, &state)
  }

  /// What is wrong with a login GitHub would refuse, with its shorter forms: what is wrong
  /// in fewer words (the character that does not belong), then what to do alone.
  private static func refusal(_ text: String, _ problem: String) -> (String, [String]) {
    let advice = "use letters, digits and single hyphens."
    let tooLong = text.utf8.count > GitHubLogin.maximumLength
    let stray = text.first { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")) }
    let what =
      stray.map { "\"\(TextSanitizer.clean(String($0)))\" is not allowed" }
      ?? problem.prefix(1).uppercased() + problem.dropFirst()
    let alone =
      tooLong
      ? "At most \(GitHubLogin.maximumLength) characters."
      : "Use letters, digits and single hyphens."
    return ("Not a GitHub login (\(problem)): \(advice)", ["\(what): \(advice)", alone])
  }

  /// Tab: the next recent owner (not the one shown) starting with what was typed before the
  /// first Tab.
  private static func complete(
    _ prompt: inout OwnerPrompt, _ owners: OwnerHistory, shown: GitHubLogin, step: Int
  ) {
    let prefix = prompt.completing?.prefix ?? prompt.text
    let matches = owners.completions(of: prefix, shown: shown)
    guard !matches.isEmpty else {
      prompt.problem =
        prefix.isEmpty
        ? "No recent owners yet: type a login, then Enter."
        : "No recent owner starts with \"\(prefix)\"."
      prompt.shorterProblems = []
      return
    }
    let index =
      prompt.completing.map { ($0.index + step + matches.count) % matches.count }
      ?? (step > 0 ? 0 : matches.count - 1)
    prompt.text = matches[index].spelling
    prompt.problem = nil
    prompt.shorterProblems = []
    prompt.completing = OwnerPrompt.Completion(prefix: prefix, index: index)
  }
}
