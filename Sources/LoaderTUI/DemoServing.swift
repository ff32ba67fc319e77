import AppCommandLine
import AppModel
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// `loader-tui serve-demo`: the built-in server alone, printing a line for every request it
/// receives, until a signal ends it.
@MainActor
enum DemoServing {
  /// Serves until a signal that quits (SIGINT, SIGTERM, SIGHUP…); returns the exit code.
  static func run(_ options: Options) async -> ExitCode {
    let server = DemoServer(options: options.demoServer)
    // One line a request, as it arrives: what a client asked for, and whether conditionally.
    server.onRequest = { request in
      let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      let conditional = request.headers["if-none-match"] == nil ? "" : " (If-None-Match)"
      let line =
        "\(request.method) \(request.path)\(query.isEmpty ? "" : "?" + query)\(conditional)"
      try? StandardOutput.line(TextSanitizer.clean(line))
    }
    let url: URL
    do {
      url = try server.start(port: options.port)
    } catch {
      return Launcher.fail("\(error)", code: .failure)
    }
    let written = StandardOutput.exitCode { () throws(OutputFailure) in
      try StandardOutput.line("Serving the built-in GitHub-shaped API at \(url.absoluteString)")
      try StandardOutput.line("Try: loader-tui --base-url \(url.absoluteString)   (Ctrl-C stops)")
    }
    guard written == .success else {
      server.stop()
      return written
    }
    SignalPipe.install(SignalRule.numbers(.quits))
    let number = await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
      SignalPipe.handler = { number in
        SignalPipe.handler = nil
        done.resume(returning: number)
      }
    }
    server.stop()
    return .signal(number)
  }
}
