import CCurl
import Foundation
import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One libcurl multi handle driven by a thread of its own.
///
/// The multi handle and every easy handle live on that thread: it makes them, calls libcurl
/// for them and frees them, and sleeps in `curl_multi_poll` while transfers wait for the
/// network. Other threads queue commands, which carry only `Sendable` values, and wake it
/// through a pipe the poll also watches. The multi handle keeps finished transfers'
/// connections, so later requests to the same origin reuse them (and multiplex over HTTP/2).
final class CurlEngine: Sendable {
  /// The engine all `CurlLoad`s share.
  static let shared = CurlEngine()

  private enum Command: Sendable {
    case add(CurlTransfer)
    case remove(id: Int)
  }

  private let commands = Locked<[Command]>([])
  /// The pipe that wakes the engine thread: written by `enqueue`, read by the thread.
  private let wakeRead: Int32
  private let wakeWrite: Int32

  private init() {
    curl_global_init(ccurl_global_all())
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { fatalError("pipe failed") }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    wakeRead = ends[0]
    wakeWrite = ends[1]
    let thread = Thread { [self] in run() }
    thread.name = "CurlTransport"
    thread.start()
  }

  /// Starts `transfer`; its `done` runs on the engine thread with the result, unless the
  /// transfer is removed first.
  func add(_ transfer: CurlTransfer) {
    enqueue(.add(transfer))
  }

  /// Stops transfer `id` if it is running or queued; its `done` is not called.
  func remove(id: Int) {
    enqueue(.remove(id: id))
  }

  private func enqueue(_ command: Command) {
    commands.withLock { $0.append(command) }
    // A full pipe means a wake-up is pending already.
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  // MARK: - The engine thread

  /// The engine thread's own state: the multi handle and the transfers on it.
  private struct Transfers {
    let multi: UnsafeMutableRawPointer
    var byHandle: [UnsafeMutableRawPointer: CurlExchange] = [:]
    var handleByID: [Int: UnsafeMutableRawPointer] = [:]
    /// The GOAWAY frames the multi handle's connections received.
    let goaways = CurlGoaways()
  }

  private func run() {
    // No multi handle when libcurl could not be loaded (a program that opens it on first use,
    // module CurlOnDemand, on a machine without it): every transfer fails, saying why.
    guard let multi = curl_multi_init() else { refuseAll() }
    ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, ccurl_pipe_multiplex())
    var transfers = Transfers(multi: multi)
    var wake = curl_waitfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
    while true {
      drainWakeups()
      apply(commands.withLock { $0.take() }, to: &transfers)
      var active: Int32 = 0
      curl_multi_perform(multi, &active)
      for exchange in transfers.byHandle.values { exchange.deliverBody() }
      collectFinished(&transfers)
      // Sleeps until a socket is ready, libcurl's next timeout, or a wake-up.
      curl_multi_poll(multi, &wake, 1, 60_000, nil)
    }
  }

  /// Ends every transfer added with `CURLE_FAILED_INIT`, forever.
  private func refuseAll() -> Never {
    while true {
      var entry = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
      _ = poll(&entry, 1, -1)
      drainWakeups()
      for case .add(let transfer) in commands.withLock({ $0.take() }) {
        transfer.done(CurlTransfer.End(code: CURLE_FAILED_INIT, url: transfer.request.url))
      }
    }
  }

  private func drainWakeups() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(wakeRead, &buffer, buffer.count) > 0 {}
  }

  private func apply(_ commands: [Command], to transfers: inout Transfers) {
    for command in commands {
      switch command {
      case .add(let transfer):
        guard transfers.handleByID[transfer.id] == nil else { continue }
        guard let exchange = CurlExchange(transfer, goaways: transfers.goaways) else {
          transfer.done(CurlTransfer.End(code: CURLE_FAILED_INIT, url: transfer.request.url))
          continue
        }
        transfers.handleByID[transfer.id] = exchange.handle
        transfers.byHandle[exchange.handle] = exchange
        curl_multi_add_handle(transfers.multi, exchange.handle)
      case .remove(let id):
        guard let handle = transfers.handleByID.removeValue(forKey: id),
          let exchange = transfers.byHandle.removeValue(forKey: handle)
        else { continue }
        exchange.discard()
        // Off the multi handle before the exchange (and its easy handle) is freed.
        curl_multi_remove_handle(transfers.multi, handle)
        withExtendedLifetime(exchange) {}
      }
    }
  }

  private func collectFinished(_ transfers: inout Transfers) {
    var left: Int32 = 0
    while let message = curl_multi_info_read(transfers.multi, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else {
        continue
      }
      let code = message.pointee.data.result
      curl_multi_remove_handle(transfers.multi, handle)
      guard let exchange = transfers.byHandle.removeValue(forKey: handle) else { continue }
      transfers.handleByID[exchange.id] = nil
      exchange.finish(code)
    }
  }
}

extension Array {
  /// The elements, leaving the array empty.
  fileprivate mutating func take() -> [Element] {
    defer { self = [] }
    return self
  }
}
