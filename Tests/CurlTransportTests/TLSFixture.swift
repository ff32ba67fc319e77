import Foundation
import XCTest

/// Certificates made with `openssl` in a temporary folder, and HTTPS servers (Python's `ssl`)
/// on 127.0.0.1 that present them.
final class TLSFixture {
  /// The folder holding every file; removed by `stop()`.
  let folder: URL
  private var servers: [Process] = []

  /// Makes a trusted CA, an untrusted CA, and server certificates: `good` (localhost and
  /// 127.0.0.1), `wrong-name` (other.example only), `expired` and `stranger` (from the
  /// untrusted CA).
  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("curl-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try shell(
      """
      set -e
      key() { echo "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout $1.key"; }
      openssl req -x509 $(key ca) -out ca.pem -days 2 -subj "/CN=Trusted Test CA"
      openssl req -x509 $(key other-ca) -out other-ca.pem -days 2 -subj "/CN=Other Test CA"
      leaf() {
        printf 'subjectAltName=%s\\n' "$3" > $1.ext
        openssl req -new $(key $1) -out $1.csr -subj "/CN=$1"
        openssl x509 -req -in $1.csr -CA $2.pem -CAkey $2.key -CAcreateserial -out $1.pem \\
          -days $4 -extfile $1.ext
      }
      leaf good ca "DNS:localhost,IP:127.0.0.1" 2
      leaf wrong-name ca "DNS:other.example" 2
      leaf expired ca "DNS:localhost,IP:127.0.0.1" -1
      leaf stranger other-ca "DNS:localhost,IP:127.0.0.1" 2
      """)
  }

  /// A file in the folder.
  func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// libcurl's pin (`sha256//…`) of the public key in certificate `name`.
  func pin(of name: String) throws -> String {
    let hash = try shell(
      "openssl x509 -in \(name).pem -pubkey -noout | openssl pkey -pubin -outform der"
        + " | openssl dgst -sha256 -binary | base64")
    return "sha256//" + hash.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Starts an HTTPS server presenting certificate `name` (plain HTTP for `nil`) that answers
  /// each GET after `delay` seconds with `secure <path>`; returns its port.
  func serve(_ name: String?, delay: TimeInterval = 0) throws -> Int {
    let script = """
      import http.server, ssl, sys, time
      class Handler(http.server.BaseHTTPRequestHandler):
          protocol_version = "HTTP/1.1"
          def do_GET(self):
              time.sleep(float(sys.argv[3]))
              body = b"secure " + self.path.encode()
              self.send_response(200)
              self.send_header("Content-Length", str(len(body)))
              self.end_headers()
              self.wfile.write(body)
          def log_message(self, *args):
              pass
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
      if sys.argv[1]:
          context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
          context.load_cert_chain(sys.argv[1], sys.argv[2])
          server.socket = context.wrap_socket(server.socket, server_side=True)
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c", script, name.map { file("\($0).pem") } ?? "",
      name.map { file("\($0).key") } ?? "", "\(delay)",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    servers.append(process)
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let piece = output.fileHandleForReading.availableData
      if piece.isEmpty { break }
      line.append(piece)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text) else { throw FixtureError(message: "server did not start: \(text)") }
    return port
  }

  /// Stops the servers and removes the folder.
  func stop() {
    // SIGKILL: the test process may hand its children a mask that blocks SIGTERM.
    for server in servers where server.isRunning {
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
    }
    servers = []
    try? FileManager.default.removeItem(at: folder)
  }

  @discardableResult
  private func shell(_ command: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FixtureError(message: "openssl failed (\(process.terminationStatus))")
    }
    return String(decoding: data, as: UTF8.self)
  }
}

/// The fixture could not be made.
struct FixtureError: Error, CustomStringConvertible {
  let message: String

  var description: String { message }
}
