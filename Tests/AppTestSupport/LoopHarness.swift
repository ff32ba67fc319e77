import AppFormats
import AppModel
import AppRendering
import AppRuntime
import Foundation
import GitHubAPI

/// The loop on the terminal backend, over fakes: a screen in memory, a scheduler and a clock the
/// test moves, and a client that completes requests when the test says so.
@MainActor
public final class LoopHarness {
  /// The screen the frames go to.
  public let screen: FakeScreen
  /// The timer.
  public let scheduler = FakeScheduler()
  /// The timer of the pages read that wait for the spinner's pace (`FramePace`).
  public let pageScheduler = FakeScheduler()
  /// The clock loader changes are stamped with.
  public let clock = FakeClock(Fixture.now)
  /// The client every loader sends with.
  public let client = FakeClient()
  /// The loaders.
  public let loaders: GitHubLoaders
  /// Where the client's request events go; a test delivers them as the client would.
  public let requestEvents = RequestEventRelay()
  /// The loop.
  public let loop: AppLoop
  /// What the loop told the built-in server.
  public let server = ServerSwitches()

  /// The transcript, when the harness runs the headless backend.
  public let transcript = MemoryTranscript()

  /// A harness `columns` × `rows`, whose browser fails with `browserFailure` (nil: opens); on
  /// the terminal backend, or with `headless` on the transcript backend (`rounds` fetches, traced).
  public init(
    columns: Int = 100, rows: Int = 12, token: String? = nil, browserFailure: String? = nil,
    headless: Transcript.Options? = nil, rounds: Int = 1,
    opened: @escaping (URL) -> Void = { _ in }
  ) {
    screen = FakeScreen(size: Size(columns: columns, rows: rows))
    loaders = fakeLoaders(client, token: token)
    let clock = clock
    let server = server
    var state = Fixture.state(columns: columns, rows: rows)
    let backend: any AppBackend
    if let headless {
      state.rounds = FetchRounds(planned: rounds, waitsForRequests: headless.trace)
      backend = TranscriptBackend(options: headless, output: transcript, clock: { clock.now })
    } else {
      backend = TerminalBackend(screen: screen)
    }
    loop = AppLoop(
      state: state, backend: backend, loaders: loaders, requestEvents: requestEvents,
      scheduler: scheduler, pageScheduler: pageScheduler, clock: { clock.now },
      effects: AppEffects(
        setOutage: { server.outages.append($0) },
        setRound: { round, _ in server.rounds.append(round) },
        openURL: { url, report in
          opened(url)
          if let browserFailure { report(browserFailure) }
        }, trimMemory: { server.trims += 1 }))
  }

  /// The last frame, as one string.
  public var lastFrame: String { screen.frames.last?.joined(separator: "\n") ?? "" }

  /// Completes the oldest request whose path ends with `suffix`, then waits until the loop
  /// took what the loader made of it (a decode may run on another queue first).
  public func complete(_ suffix: String, with result: Result<Any, Error>) async {
    let before = loop.state
    client.complete(suffix, with: result)
    await settle { self.loop.state != before }
  }

  /// Takes turns of the main queue until `condition` holds, for at most five seconds.
  public func settle(until condition: () -> Bool) async {
    let deadline = Date().addingTimeInterval(5)
    while !condition(), Date() < deadline { await mainQueueTurn() }
  }
}

/// What the loop told the built-in server, in order.
@MainActor
public final class ServerSwitches {
  /// Every outage switch.
  public var outages: [Bool] = []
  /// Every round that started.
  public var rounds: [Int] = []
  /// How many times the memory trim was asked for.
  public var trims = 0
}

/// Transcript lines kept in memory.
@MainActor
public final class MemoryTranscript: TranscriptOutput {
  /// The standard output lines, in order.
  public private(set) var lines: [String] = []
  /// The standard error lines, in order.
  public private(set) var errors: [String] = []
  /// Fails the line with this index (0 for the first), as a full disk would.
  public var failAt: Int?

  /// An empty transcript.
  public init() {}

  /// Keeps the line, or fails with `EX_IOERR` at `failAt`.
  public func write(_ line: String) -> ExitCode? {
    if lines.count == failAt { return .outputFailed }
    lines.append(line)
    return nil
  }

  /// Keeps the error line.
  public func writeError(_ line: String) {
    errors.append(line)
  }
}
