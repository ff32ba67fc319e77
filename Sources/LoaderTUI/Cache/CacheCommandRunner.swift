import ApexyLoader
import AppCommandLine
import AppModel
import Foundation
import GitHubAPI

/// Runs `loader-tui cache info` and `cache clear`; returns the exit code: 0 done, 1 the cache
/// could not be read or cleared, 2 no cache directory could be found, 74 stdout failed.
enum CacheCommandRunner {
  /// Runs `command` on the cache at `--cache-dir` or the default place.
  static func run(
    _ command: CacheCommand, directory option: String?, environment: [String: String],
    now: Date = Date()
  ) -> ExitCode {
    guard let directory = CacheLocation.directory(option: option, environment: environment)
    else {
      StandardOutput.error(
        "loader-tui: no cache directory: set XDG_CACHE_HOME or HOME, or give --cache-dir DIR.")
      return .usage
    }
    let store = FileCacheStore(directory: directory)
    if let problem = CacheLocation.problem(directory) {
      StandardOutput.error(
        "loader-tui: cannot use \(TextSanitizer.clean(directory.path)) as the cache: \(problem); "
          + "give --cache-dir a directory.")
      return .failure
    }
    if let problem = unusable(store.directory.path) {
      StandardOutput.error("loader-tui: \(problem)")
      return .failure
    }
    switch command {
    case .info:
      return info(store, now: now)
    case .clear:
      let count = store.contents().count
      do {
        try store.removeAll()
      } catch {
        StandardOutput.error("loader-tui: \(error)")
        return .failure
      }
      return StandardOutput.exitCode { () throws(OutputFailure) in
        let noun = count == 1 ? "entry" : "entries"
        try StandardOutput.line("Removed \(count) \(noun) from \(store.directory.path)")
      }
    }
  }

  /// Why the cache at `path` can be neither read nor cleared (a file, not a directory; a
  /// directory this user cannot read); `nil` when it can, or does not exist yet.
  private static func unusable(_ path: String) -> String? {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    guard exists, !isDirectory.boolValue || !FileManager.default.isReadableFile(atPath: path)
    else { return nil }
    return "cannot read the cache at \(path)"
  }

  private static func info(_ store: FileCacheStore, now: Date) -> ExitCode {
    let path = store.directory.path
    let exists = FileManager.default.fileExists(atPath: path)
    let entries = store.contents()
    let total = entries.reduce(0) { $0 + $1.bytes }
    let noun = entries.count == 1 ? "entry" : "entries"
    var lines = [
      "Cache: \(path)\(exists ? "" : " (not created yet)")",
      "Size: \(bytes(total)) in \(entries.count) \(noun)",
    ]
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    formatter.timeZone = .current
    for entry in entries.reversed() {
      let key = entry.key.map { "\($0.namespace) | \($0.name)" } ?? entry.path
      let size = bytes(entry.bytes)
      if let problem = entry.problem {
        lines.append("  \(key)  \(size)  unusable: \(problem)")
      } else if let confirmed = entry.lastConfirmed {
        let age = AgeLabel.text(since: confirmed, now: now)
        lines.append("  \(key)  \(size)  confirmed \(formatter.string(from: confirmed)) (\(age))")
      }
    }
    return StandardOutput.exitCode { () throws(OutputFailure) in
      for line in lines { try StandardOutput.line(TextSanitizer.clean(line)) }
    }
  }

  /// `812 B`, `41.2 KiB`, `3.1 MiB`.
  static func bytes(_ count: Int) -> String {
    if count < 1024 { return "\(count) B" }
    if count < 1024 * 1024 { return String(format: "%.1f KiB", Double(count) / 1024) }
    return String(format: "%.1f MiB", Double(count) / 1_048_576)
  }
}
