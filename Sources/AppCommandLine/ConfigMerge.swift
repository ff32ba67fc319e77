/// Which of the config file's flags a command line keeps. The file's flags come first and the
/// command line's after, so the command line wins: a flag from the file is left out when the
/// command line gives the same flag (but for `--key` and `--color`, whose lines add up) or
/// names owners, as `--org`, `--user` and `--owner` do,
/// or one it cannot go with (`--base-url` over the file's
/// `--github`, `--interactive` over `--headless`, `--github` over the built-in server's
/// flags), or runs what it does not apply to (`serve-demo` keeps only the built-in server's
/// flags; the app leaves out `--port`), or when the flag it needs is given nowhere
/// (`--fail-mode` without `--fail`).
enum ConfigMerge {
  /// The flags of `file` that stay under `commandLine`, in their order.
  static func kept(_ file: [GivenFlag], commandLine: [GivenFlag], serveDemo: Bool) -> [GivenFlag] {
    let typed = commandLine.map(\.flag)
    let namesOwners = typed.contains { FlagTable.ownerFlags.contains($0.id) }
    var kept = file.filter { item in
      let flag = item.flag
      if typed.contains(where: { $0.id == flag.id }), !FlagTable.accumulating.contains(flag.id) {
        return false
      }
      if namesOwners, FlagTable.ownerFlags.contains(flag.id) { return false }
      if serveDemo ? flag.scope.excluded.contains(.serveDemo) : flag.scope.needed == .serveDemo {
        return false
      }
      return !typed.contains { FlagConflicts.conflict(flag, $0) != nil }
    }
    while true {
      let names = Set((kept + commandLine).map(\.flag.id))
      let unmet = kept.filter { $0.flag.requires.map { !names.contains($0) } ?? false }
      if unmet.isEmpty { return kept }
      kept.removeAll { item in unmet.contains { $0.flag.id == item.flag.id } }
    }
  }
}
