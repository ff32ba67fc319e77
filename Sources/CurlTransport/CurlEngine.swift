import CCurl
import Foundation

/// One libcurl multi handle driven by a thread of its own.
///
/// Every call into libcurl for the multi handle and the easy handles added to it is made on that
/// thread, which sleeps in `curl_multi_poll` while transfers wait for the network; other threads
/// queue work and wake it with `curl_multi_wakeup`. The multi handle keeps finished transfers'
/// connections, so later requests to the same origin reuse them (and multiplex over HTTP/2).
final class CurlEngine: @unchecked Sendable {
  /// The engine all `CurlURLProtocol` loads share.
  static let shared = CurlEngine()

  private enum Command {
    case add(CurlExchange, (CURLcode) -> Void)
    case remove(CurlExchange)
  }

  private let multi: UnsafeMutableRawPointer
  private let lock = NSLock()
  private var commands: [Command] = []
  // Used on the engine thread only.
  private var running: [UnsafeMutableRawPointer: (CurlExchange, (CURLcode) -> Void)] = [:]

  private init() {
    curl_global_init(ccurl_global_all())
    guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed") }
    self.multi = multi
    ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, ccurl_pipe_multiplex())
    let thread = Thread { [self] in loop() }
    thread.name = "CurlTransport"
    thread.start()
  }

  /// Starts `exchange`; `done` runs on the engine thread with libcurl's result, unless the
  /// exchange is removed first.
  func add(_ exchange: CurlExchange, done: @escaping (CURLcode) -> Void) {
    enqueue(.add(exchange, done))
  }

  /// Stops `exchange` if it is running or queued; its `done` is not called.
  func remove(_ exchange: CurlExchange) {
    enqueue(.remove(exchange))
  }

  private func enqueue(_ command: Command) {
    lock.withLock { commands.append(command) }
    curl_multi_wakeup(multi)
  }

  // MARK: - The engine thread

  private func loop() {
    while true {
      apply(
        lock.withLock { () -> [Command] in
          defer { commands = [] }
          return commands
        })
      var active: Int32 = 0
      curl_multi_perform(multi, &active)
      collectFinished()
      // Sleeps until a socket is ready, libcurl's next timeout, or a wake-up.
      curl_multi_poll(multi, nil, 0, 60_000, nil)
    }
  }

  private func apply(_ commands: [Command]) {
    for command in commands {
      switch command {
      case .add(let exchange, let done):
        guard running[exchange.handle] == nil else { continue }
        running[exchange.handle] = (exchange, done)
        curl_multi_add_handle(multi, exchange.handle)
      case .remove(let exchange):
        exchange.discard()
        if running.removeValue(forKey: exchange.handle) != nil {
          curl_multi_remove_handle(multi, exchange.handle)
        }
      }
    }
  }

  private func collectFinished() {
    var left: Int32 = 0
    while let message = curl_multi_info_read(multi, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else {
        continue
      }
      let code = message.pointee.data.result
      curl_multi_remove_handle(multi, handle)
      guard let (exchange, done) = running.removeValue(forKey: handle) else { continue }
      withExtendedLifetime(exchange) { done(code) }
    }
  }
}
