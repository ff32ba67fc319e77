import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a web page with `$BROWSER`, else `xdg-open`: the program is started directly with the
/// address as its one argument (never through a shell), its output goes nowhere, and the app
/// does not wait for it.
enum BrowserOpener {
  /// Starts the browser on `url`; returns a sentence for the user when it could not.
  static func open(_ url: URL, environment: [String: String]) -> String? {
    // Only a plain http(s) address is ever handed over, whatever `update` asked for.
    guard let address = Repository.webAddress(url.absoluteString) else {
      return "Not opened: \(url.scheme ?? "that") is not a web address."
    }
    guard let program = browser(environment) else {
      return "No browser: set BROWSER or install xdg-open."
    }
    let process = Process()
    process.executableURL = program
    process.arguments = [address.absoluteString]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // Reaped when it ends, so no zombie is left behind.
    process.terminationHandler = { _ in }
    do {
      try process.run()
    } catch {
      return "Could not start \(program.lastPathComponent): \(error.localizedDescription)"
    }
    return nil
  }

  /// The program to run: the first entry of `BROWSER` that is executable (a path, or a name
  /// looked up in `PATH`), else `xdg-open` from `PATH`.
  static func browser(_ environment: [String: String]) -> URL? {
    let path = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    func executable(_ name: String) -> URL? {
      guard !name.isEmpty else { return nil }
      let candidates =
        name.contains("/") ? [name] : path.map { String($0) + "/" + name }
      return candidates.first { access($0, X_OK) == 0 && !isDirectory($0) }
        .map { URL(fileURLWithPath: $0) }
    }
    let listed = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init)
    for name in listed {
      if let found = executable(name.trimmingCharacters(in: .whitespaces)) { return found }
    }
    return executable("xdg-open")
  }

  private static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory)
      && directory.boolValue
  }
}
