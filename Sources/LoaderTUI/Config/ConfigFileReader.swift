import AppCommandLine
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the config file for the parser: where `ConfigLocation` says, refused when someone
/// else could have written it (`ConfigPermissions`), and every failure one line that says
/// what to do.
enum ConfigFileReader {
  /// The config file in `environment`; `nil` when there is none.
  static func read(environment: [String: String]) throws(UsageError) -> ConfigFile? {
    guard let location = ConfigLocation.path(environment: environment) else { return nil }
    let path = location.path
    let shown = TextSanitizer.clean(path)
    // Opened once and checked through the descriptor, so what is checked is what is read;
    // O_NONBLOCK, so a FIFO in its place does not hang the start.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else {
      let error = errno
      if !location.named, error == ENOENT || error == ENOTDIR { return nil }
      if location.named, error == ENOENT {
        throw UsageError(
          description:
            "\(ConfigLocation.variable) names \(shown), which does not exist; fix the variable"
            + " or unset it.")
      }
      throw UsageError(
        description:
          "cannot read the config file \(shown): \(String(cString: strerror(error))); fix it, or"
          + " start with --no-config.")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw UsageError(
        description: "the config file \(shown) is not a regular file; see loader-tui(1).")
    }
    if let refusal = ConfigPermissions.refusal(
      path: path, mode: status.st_mode, owner: status.st_uid, user: geteuid())
    {
      throw refusal
    }
    guard status.st_size <= ConfigFile.maximumSize else {
      throw UsageError(
        description:
          "the config file \(shown) is larger than \(ConfigFile.maximumSize / 1_024) KiB; it"
          + " holds flags, one a line.")
    }
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while data.count <= ConfigFile.maximumSize {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw UsageError(
          description:
            "cannot read the config file \(shown): \(String(cString: strerror(errno))).")
      }
      if count == 0 { break }
      data += buffer[..<count]
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw UsageError(description: "the config file \(shown) is not UTF-8 text.")
    }
    return ConfigFile(path: path, text: text, home: environment["HOME"])
  }
}
