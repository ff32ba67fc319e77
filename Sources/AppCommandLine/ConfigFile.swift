import Foundation
import GitHubAPI

/// The config file's text, as the executable read it, and its lines read as flags: one flag a
/// line as on the command line (`--org apple`, `--org=apple`), blank lines and lines starting
/// with `#` skipped. Every mistake names the file and the line.
public struct ConfigFile: Sendable, Equatable {
  /// Where it was read from, as errors name it.
  public let path: String
  /// Its text.
  public let text: String
  /// `HOME`, which a path starting with `~/` starts from; `nil` when unset.
  public let home: String?

  /// The largest file read, in bytes: a config file holds a few flags.
  public static let maximumSize = 65_536

  /// A config file read from `path`.
  public init(path: String, text: String, home: String?) {
    self.path = path
    self.text = text
    self.home = home
  }

  /// The flags, in the order of their lines, each checked as the command line checks it; flags
  /// in the file that exclude each other are an error at the later line, and a key its `--key`
  /// lines leave on two actions at the line that bound it last.
  func flags() throws(UsageError) -> [GivenFlag] {
    var given: [GivenFlag] = []
    var scratch = Options()
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, raw) in lines.enumerated() {
      let origin = "\(TextSanitizer.clean(path)):\(index + 1)"
      var line = raw
      if index == 0, line.first == "\u{FEFF}" { line = line.dropFirst() }
      line = Self.trimmed(line)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let item = try flag(on: line, origin: origin)
      try item.apply(to: &scratch)
      for earlier in given {
        if let conflict = FlagConflicts.conflict(earlier.flag, item.flag) {
          throw UsageError(description: "\(origin): \(conflict)")
        }
      }
      given.append(item)
    }
    // A key the file leaves on two actions is its mistake whatever runs (headless too).
    try scratch.checkKeys()
    return given
  }

  /// The flag on one line that is neither blank nor a comment.
  private func flag(on line: Substring, origin: String) throws(UsageError) -> GivenFlag {
    func refusal(_ message: String) -> UsageError {
      UsageError(description: "\(origin): \(message)")
    }
    if Self.holdsToken(line) {
      throw refusal(
        "a token does not belong in a config file; name the file that holds it with"
          + " --token-file PATH, or set GITHUB_TOKEN.")
    }
    guard line.hasPrefix("-") else {
      if Subcommand(rawValue: String(line)) != nil {
        throw refusal("\(line) is a command, not a flag; a config file holds flags, one a line.")
      }
      throw refusal(
        "expected a flag, one a line (such as --org NAME), not \"\(TextSanitizer.clean(String(line)))\"."
      )
    }
    let end = line.firstIndex { $0 == "=" || $0 == " " || $0 == "\t" } ?? line.endIndex
    let name = String(line[..<end])
    var value: String?
    if end < line.endIndex {
      value = String(
        line[end] == "=" ? line[line.index(after: end)...] : Self.trimmed(line[end...]))
    }
    guard let flag = FlagTable.flag(named: name) else {
      throw refusal(ArgumentParser.unknown(name, name: name).description)
    }
    switch flag.action {
    case .invoke:
      throw refusal("\(name) does not belong in a config file; delete the line.")
    case .set:
      if flag.id == .noConfig {
        throw refusal("\(name) in the config file itself does nothing; delete the line.")
      }
      if value != nil { throw refusal("\(name) takes no value; see --help.") }
    case .read:
      guard let text = value, !text.isEmpty else {
        throw refusal("\(name) needs a value on the same line: \(flag.usage).")
      }
      value = flag.values.isPath ? try path(text, flag: name, refusal: refusal) : text
    }
    return GivenFlag(flag: flag, name: name, value: value, origin: origin)
  }

  /// A path argument: `~/` starts from `HOME`; a relative path is refused, since it would
  /// depend on the directory the app is started in.
  private func path(
    _ text: String, flag: String, refusal: (String) -> UsageError
  ) throws(UsageError) -> String {
    if text == "~" || text.hasPrefix("~/") {
      guard let home, home.hasPrefix("/") else {
        throw refusal("\(flag) starts with ~ but HOME is not set; write the whole path.")
      }
      return home + text.dropFirst()
    }
    guard text.hasPrefix("/") else {
      throw refusal(
        "\(flag) needs an absolute path (or one starting with ~/) in a config file, not"
          + " \"\(TextSanitizer.clean(text))\".")
    }
    return text
  }

  /// Whether a line looks like it holds a token: a variable or flag named like one
  /// (`GITHUB_TOKEN=…`, `export GH_TOKEN=…`, `--token …`), something shaped like a GitHub
  /// token (`ghp_…`, `github_pat_…`, 40 hexadecimal digits) anywhere, or an address with
  /// credentials in it (`https://user:secret@host`).
  static func holdsToken(_ line: Substring) -> Bool {
    var words = line.split { $0 == " " || $0 == "\t" || $0 == "=" || $0 == ":" }
    if words.first?.lowercased() == "export" { words.removeFirst() }
    if let first = words.first?.lowercased(), first.hasSuffix("token") { return true }
    let shapes = [
      #"(gh[pousr]_|github_pat_)[A-Za-z0-9_]{20,}"#,
      #"(^|[^0-9A-Fa-f])[0-9A-Fa-f]{40}($|[^0-9A-Fa-f])"#,
      #"://[^/\s]*@"#,
    ]
    return shapes.contains { line.range(of: $0, options: .regularExpression) != nil }
  }

  /// `text` without the characters `drop` picks (spaces, tabs, carriage returns) at either end.
  private static func trimmed(
    _ text: Substring,
    dropping drop: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
  ) -> Substring {
    guard let first = text.firstIndex(where: { !drop($0) }),
      let last = text.lastIndex(where: { !drop($0) })
    else { return "" }
    return text[first...last]
  }
}
