import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a web page with `$BROWSER`, else `xdg-open`: each program is started directly (never
/// through a shell), its output goes nowhere, and the app does not wait for it.
///
/// `BROWSER` is read as its convention has it: commands separated by `:`, tried in order until
/// one succeeds (exits with 0); a command is a program and its arguments separated by spaces,
/// where `%s` stands for the address (and `%%` for `%`), which is added as the last argument
/// when no `%s` says where. When every one fails, the user is told which and how.
enum BrowserOpener {
  /// A program to start, with its arguments.
  struct Command: Equatable, Sendable {
    /// The program.
    var program: URL
    /// Its arguments, the address among them.
    var arguments: [String]
  }

  /// Starts the browser on `url`: each command in turn until one exits with 0. `report` gets
  /// a sentence for the user when none could open it, at once or when the last one ended.
  @MainActor
  static func open(
    _ url: URL, environment: [String: String],
    report: @escaping @MainActor @Sendable (String) -> Void
  ) {
    // Only a plain http(s) address is ever handed over, whatever `update` asked for.
    guard let address = Repository.webAddress(url.absoluteString) else {
      return report("Not opened: \(url.scheme ?? "that") is not a web address.")
    }
    switch browsers(environment, address: address.absoluteString) {
    case .success(let commands): start(commands[...], failed: [], report: report)
    case .failure(let missing): report(missing.description)
    }
  }

  /// Starts the first of `commands`; when it fails, the next, and so on. `failed` says how
  /// each one before it failed.
  @MainActor
  private static func start(
    _ commands: ArraySlice<Command>, failed: [String],
    report: @escaping @MainActor @Sendable (String) -> Void
  ) {
    guard let command = commands.first else {
      return report(
        "Not opened: \(failed.joined(separator: ", ")); fix BROWSER.")
    }
    let name = command.program.lastPathComponent
    let process = Process()
    process.executableURL = command.program
    process.arguments = command.arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // Reaped when it ends, so no zombie is left behind; the next one is tried after a failure.
    process.terminationHandler = { ended in
      let status = ended.terminationStatus
      guard ended.terminationReason != .exit || status != 0 else { return }
      let how =
        ended.terminationReason == .exit
        ? "\(name) exited with \(status)" : "\(name) was killed by signal \(status)"
      Task { @MainActor in start(commands.dropFirst(), failed: failed + [how], report: report) }
    }
    do {
      try process.run()
    } catch {
      let how = "\(name) could not start (\(error.localizedDescription))"
      start(commands.dropFirst(), failed: failed + [how], report: report)
    }
  }

  /// No program to start: which were looked for.
  struct Missing: Error, CustomStringConvertible {
    /// The programs `BROWSER` named that are not installed.
    var named: [String]

    /// "No browser: firefox (from BROWSER) is not installed, nor is xdg-open; …"
    var description: String {
      guard !named.isEmpty else { return "No browser: set BROWSER or install xdg-open." }
      let list = named.joined(separator: ", ")
      return "No browser: \(list) (from BROWSER) \(named.count == 1 ? "is" : "are") not "
        + "installed, nor is xdg-open; fix BROWSER or install xdg-open."
    }
  }

  /// The commands that may open `address`, to try in order: those of `BROWSER` whose program
  /// is executable (a path, or a name looked up in `PATH`), else `xdg-open` from `PATH`.
  static func browsers(_ environment: [String: String], address: String)
    -> Result<[Command], Missing>
  {
    let path = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    func executable(_ name: String) -> URL? {
      guard !name.isEmpty else { return nil }
      let candidates =
        name.contains("/") ? [name] : path.map { String($0) + "/" + name }
      return candidates.first { access($0, X_OK) == 0 && !isDirectory($0) }
        .map { URL(fileURLWithPath: $0) }
    }
    var missing: [String] = []
    var found: [Command] = []
    for entry in (environment["BROWSER"] ?? "").split(separator: ":") {
      let words = entry.split(separator: " ").map(String.init)
      guard let name = words.first else { continue }
      guard let program = executable(name) else {
        missing.append(name)
        continue
      }
      found.append(Command(program: program, arguments: arguments(words.dropFirst(), address)))
    }
    if !found.isEmpty { return .success(found) }
    guard let xdg = executable("xdg-open") else { return .failure(Missing(named: missing)) }
    return .success([Command(program: xdg, arguments: [address])])
  }

  /// `words` with `%s` replaced by `address` and `%%` by `%`; `address` last when no `%s` was.
  private static func arguments(_ words: ArraySlice<String>, _ address: String) -> [String] {
    var placed = false
    let replaced = words.map { word -> String in
      var out = ""
      var index = word.startIndex
      while index < word.endIndex {
        let next = word.index(after: index)
        if word[index] == "%", next < word.endIndex {
          if word[next] == "s" {
            out += address
            placed = true
            index = word.index(after: next)
            continue
          }
          if word[next] == "%" {
            out += "%"
            index = word.index(after: next)
            continue
          }
        }
        out.append(word[index])
        index = next
      }
      return out
    }
    return placed ? replaced : replaced + [address]
  }

  private static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory)
      && directory.boolValue
  }
}
