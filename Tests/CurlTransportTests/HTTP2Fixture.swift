import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An `nghttpd` HTTP/2 server (from the apt package `nghttp2-server`) on 127.0.0.1, serving the
/// files of a temporary docroot over TLS (ALPN h2) with `TLSFixture`'s `good` certificate.
///
/// nghttpd answers a file with `server`, `cache-control: max-age=3600`, `date`,
/// `content-length`, `last-modified` (the file's), `content-type` (from `mime.types` in the
/// fixture's folder) and `trailer: x-checksum`, and after the body the trailer field
/// `x-checksum: 42`; a missing file with a 404 HTML page.
final class HTTP2Fixture {
  /// The port nghttpd listens on.
  let port: Int
  /// The folder nghttpd serves.
  let docroot: URL
  private let process: Process
  private let lifeline: FileHandle

  /// Starts nghttpd with certificate `good` of `tls`, and waits (at most 10 s) until its port
  /// accepts connections. Throws when nghttpd is not installed or does not start.
  init(tls: TLSFixture) throws {
    guard let executable = Self.nghttpd() else {
      throw FixtureError(
        message: "nghttpd not found: install nghttp2-server (apt-get install nghttp2-server)")
    }
    docroot = tls.folder.appendingPathComponent("docroot")
    try FileManager.default.createDirectory(at: docroot, withIntermediateDirectories: true)
    let mimeTypes = tls.folder.appendingPathComponent("mime.types")
    try Data("application/json json\ntext/plain txt\n".utf8).write(to: mimeTypes)
    var attempt = 0
    while true {
      // A free port can be taken between choosing it and nghttpd binding it: choose again.
      attempt += 1
      let port = try Self.freePort()
      let process = Process()
      // A shell starts a watcher and then becomes nghttpd. When the watcher's input (the
      // lifeline pipe) ends, because `stop()` closed it or because this process died, even by a
      // crash, it kills nghttpd (SIGKILL: the test process may hand its children a mask that
      // blocks SIGTERM).
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = [
        "-c",
        "exec 3<&0; (read -r _ <&3; kill -9 $$) </dev/null 2>/dev/null & "
          + "exec \"$0\" \"$@\" </dev/null 3<&-",
        executable.path, "--address=127.0.0.1", "--htdocs=\(docroot.path)",
        "--mime-types-file=\(mimeTypes.path)", "--trailer=x-checksum: 42",
        "\(port)", tls.file("good.key"), tls.file("good.pem"),
      ]
      let lifeline = Pipe()
      process.standardInput = lifeline
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      if Self.waitUntilAccepting(port: port, process: process) {
        self.port = port
        self.process = process
        self.lifeline = lifeline.fileHandleForWriting
        return
      }
      Self.stop(process, lifeline: lifeline.fileHandleForWriting)
      guard attempt < 3 else {
        throw FixtureError(message: "nghttpd did not start listening on 127.0.0.1:\(port)")
      }
    }
  }

  deinit { stop() }

  /// The https URL of `path` (for example `"/page1.json"`) on this server.
  func url(_ path: String) -> URL {
    URL(string: "https://127.0.0.1:\(port)\(path)")!
  }

  /// Writes `data` to the docroot file `name`, with `modified` as its modification time.
  func write(_ data: Data, to name: String, modified: Date? = nil) throws {
    let file = docroot.appendingPathComponent(name)
    try data.write(to: file)
    if let modified {
      try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
    }
  }

  /// Creates the docroot file `name` of `size` zero bytes without writing them (sparse).
  func writeSparse(size: Int, to name: String) throws {
    let file = docroot.appendingPathComponent(name)
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw FixtureError(message: "cannot create \(file.path)")
    }
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
  }

  /// Stops nghttpd and waits for it to exit; safe to call more than once.
  func stop() { Self.stop(process, lifeline: lifeline) }

  // MARK: - Helpers

  /// Closes the lifeline, so the watcher kills nghttpd, and waits for nghttpd to exit.
  private static func stop(_ process: Process, lifeline: FileHandle) {
    try? lifeline.close()
    process.waitUntilExit()
  }

  /// nghttpd in `PATH`, or in /usr/sbin (where Debian puts it, often not in a user's `PATH`).
  private static func nghttpd() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin"]
    return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent("nghttpd") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// A port on 127.0.0.1 that nothing listens on right now.
  private static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw FixtureError(message: "socket() failed") }
    defer { close(fd) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard found else { throw FixtureError(message: "no free port on 127.0.0.1") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Tries to connect until one succeeds, `process` exits, or 10 s pass.
  private static func waitUntilAccepting(port: Int, process: Process) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline {
      if canConnect(port: port) { return true }
      usleep(5_000)
    }
    return false
  }

  private static func canConnect(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }
}
