import AppModel

extension ManualPage {
  /// The section on signals, from `SignalRule`: what each does, and that the terminal is left
  /// as the app found it.
  static func signals() -> [String] {
    var lines = [
      ".Sh SIGNALS",
      "Every signal whose default would end or stop the app leaves the terminal as the app",
      "found it: its settings, the main screen, the cursor shown, mouse reporting and",
      "bracketed paste off.",
      ".Bl -tag -width Ds",
    ]
    for effect in [SignalRule.Effect.quits, .stops, .crashes] {
      let rules = SignalRule.all.filter { $0.effect == effect }
      lines.append(".It " + rules.map { "Dv \($0.name)" }.joined(separator: " , "))
      lines.append(sentence(meaning(effect)))
      for rule in rules {
        if let note = rule.note { lines.append(sentence("\(rule.name): \(note)")) }
      }
    }
    return lines + [
      ".El",
      ".Pp",
      "SIGKILL and SIGSTOP cannot be caught; after them",
      ".Ic reset",
      "gives the terminal back.",
    ]
  }

  private static func meaning(_ effect: SignalRule.Effect) -> String {
    switch effect {
    case .quits:
      "quit as q does (headless, after the summary, which says the run was interrupted and what"
        + " it had read), then end by the signal itself: a shell reports 128 plus its number"
    case .stops:
      "sent by another process, stop as Ctrl-Z does; fg draws again at the terminal's size."
        + " The terminal's own (Ctrl-Z headless, a read or write in the background) stop the"
        + " app as any program"
    case .crashes:
      "a crash: the terminal is restored at once and the signal goes on (Swift's backtrace,"
        + " then the default action)"
    }
  }
}
