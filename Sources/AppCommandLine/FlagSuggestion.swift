/// The flag a mistyped one most likely meant, for "unknown flag --latncy; did you mean
/// --latency?".
enum FlagSuggestion {
  /// The name in `names` nearest to `typed`: the fewest edits (insert, delete, replace, swap two
  /// neighbours; case ignored), at most one edit per three letters after the dashes (and two
  /// letters at least), or else the only name that starts with what was typed (three letters
  /// at least); `nil` when nothing is that close.
  static func nearest(to typed: String, among names: [String]) -> String? {
    let typed = typed.lowercased()
    let letters = typed.drop { $0 == "-" }.count
    let limit = max(1, letters / 3)
    let scored = names.map { (name: $0, distance: distance(typed, $0.lowercased())) }
    if letters >= 2, let best = scored.min(by: { $0.distance < $1.distance }),
      best.distance <= limit
    {
      return best.name
    }
    let extending = names.filter { $0.lowercased().hasPrefix(typed) }
    return letters >= 3 && typed.hasPrefix("--") && extending.count == 1 ? extending[0] : nil
  }

  /// The optimal string alignment distance between `a` and `b`: insertions, deletions,
  /// replacements and swaps of two neighbouring characters, each counting one.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }
}
