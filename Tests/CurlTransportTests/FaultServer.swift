import ApexyHTTP
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `Tests/faults/fault_server.py` on 127.0.0.1 in one of its modes: a server that gets HTTP/1.1
/// or HTTP/2 wrong on purpose, and logs every request that reached it whole, so a test counts
/// the copies a client sent. Stopped (its standard input closed) when released.
final class FaultServer {
  /// The port it listens on.
  let port: Int
  /// Whether it speaks TLS (ALPN h2 and http/1.1).
  let tls: Bool
  private let process: Process
  private let lifeline: FileHandle
  private let log: URL

  /// Starts the server in `mode`; over TLS with `tls`'s `good` certificate when given; with
  /// `faults`, only that many requests (over HTTP/2) meet the fault, the later ones the answer
  /// of mode `ok`.
  init(
    _ mode: String, tls fixture: TLSFixture? = nil, delay: TimeInterval = 0, faults: Int? = nil
  ) throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("faults/fault_server.py")
    log = FileManager.default.temporaryDirectory
      .appendingPathComponent("fault-\(UUID().uuidString).log")
    var arguments = [script.path, mode, "--log", log.path, "--delay", "\(delay)"]
    if let fixture { arguments += ["--tls", fixture.file("good.pem"), fixture.file("good.key")] }
    if let faults { arguments += ["--faults", "\(faults)"] }
    tls = fixture != nil
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    lifeline = input.fileHandleForWriting
    // "port N\n", read a byte at a time: the server prints nothing else.
    var line = Data()
    let reader = output.fileHandleForReading
    while line.last != UInt8(ascii: "\n") {
      let byte = reader.readData(ofLength: 1)
      guard !byte.isEmpty else { throw FixtureError(message: "fault_server.py \(mode) died") }
      line += byte
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("port "), let port = Int(text.dropFirst(5)) else {
      throw FixtureError(message: "fault_server.py said \(text)")
    }
    self.port = port
  }

  deinit {
    try? lifeline.close()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: log)
  }

  /// The URL of `path` on this server.
  func url(_ path: String = "/") -> URL {
    URL(string: "\(tls ? "https" : "http")://127.0.0.1:\(port)\(path)")!
  }

  /// The requests that reached the server whole and it processed: method, body (`-` for none)
  /// and the number of the connection they came on (1 for the first accepted).
  var received: [(method: String, body: String, connection: Int)] {
    logged.filter { !$0.refused }.map { ($0.method, $0.body, $0.connection) }
  }

  /// Every request that reached the server whole, with whether the server said it did not
  /// process it (mode `goaway-below`).
  var logged: [(method: String, body: String, connection: Int, refused: Bool)] {
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { line in
      let parts = line.split(separator: " ")
      return (String(parts[0]), String(parts[1]), Int(parts[2]) ?? 0, parts.count > 3)
    }
  }

  /// How many copies of a request with `body` the server processed.
  func copies(of body: String) -> Int {
    received.filter { $0.body == body }.count
  }

  /// How many copies of a request with `body` the server said it did not process.
  func refusals(of body: String) -> Int {
    logged.filter { $0.body == body && $0.refused }.count
  }
}

/// The fault tests' base: a `TLSFixture` whose CA the process trusts (`SSL_CERT_FILE`) from
/// the first `trustedTLS()` of a test to its end.
class FaultTestCase: TransportTestCase {
  /// A fault mode of the server or the proxy, the code a request must fail with there, and
  /// words its sentence must hold.
  struct Fault {
    let mode: String
    let code: URLError.Code
    let says: String
  }

  private var tls: TLSFixture?
  private var restoreCertFile: (() -> Void)?

  override func tearDown() {
    restoreCertFile?()
    restoreCertFile = nil
    tls?.stop()
    tls = nil
    super.tearDown()
  }

  /// The test's certificates, made at its first call, their CA trusted until the test ends.
  func trustedTLS() throws -> TLSFixture {
    if let tls { return tls }
    let tls = try TLSFixture()
    self.tls = tls
    let saved = getenv("SSL_CERT_FILE").map { String(cString: $0) }
    restoreCertFile = {
      if let saved { setenv("SSL_CERT_FILE", saved, 1) } else { unsetenv("SSL_CERT_FILE") }
    }
    setenv("SSL_CERT_FILE", tls.file("ca.pem"), 1)
    return tls
  }
}

/// Sends a request as it is and returns the whole answer, whatever its status.
struct SendEndpoint: Endpoint {
  let request: URLRequest

  /// A request of `method` to `url` with `body` (none when empty) and header `fields`.
  init(_ method: String, _ url: URL, body: String = "", fields: [String: String] = [:]) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    if !body.isEmpty { request.httpBody = Data(body.utf8) }
    for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
    self.request = request
  }

  func makeRequest() throws -> URLRequest { request }

  func content(from response: URLResponse?, with body: Data) throws -> Answer {
    try AnswerEndpoint(url: request.url!).content(from: response, with: body)
  }
}
