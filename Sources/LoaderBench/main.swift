import ApexyLoader
import AppModel
import AppRendering
import Foundation
import GitHubAPI

/// In-process micro benchmarks that `bench/run.sh` drives: rendering a scrolled list and
/// loader notification, each against its baseline in the same run, interleaved, as medians.
@MainActor
enum SelfBench {
  /// Runs every benchmark and prints one JSON object per figure.
  static func run() {
    let render = renderScaling()
    print(json(["figure": "render", "small_ns": render.small, "large_ns": render.large]))
    let notify = notification()
    print(
      json(["figure": "notify", "loader_ns": notify.loader, "closures_ns": notify.closures]))
  }

  // MARK: - Rendering

  /// One frame of the Result pane scrolled to the middle: 100 against 10,000 repositories.
  static func renderScaling() -> (small: Double, large: Double) {
    let small = scrolledState(count: 100)
    let large = scrolledState(count: 10_000)
    let rect = Layout.rect(small.size, .result)
    var smallTimes: [Double] = []
    var largeTimes: [Double] = []
    for round in 0..<2_400 {
      // Interleaved, so drift on a noisy machine hits both sides alike.
      for (state, isLarge) in [(small, false), (large, true)] {
        let started = DispatchTime.now().uptimeNanoseconds
        var grid = Grid(width: state.size.columns, height: state.size.rows)
        PaneView.draw(state, .result, in: rect, into: &grid)
        blackHole(grid[rect.x + 2, rect.y + 3].text)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started)
        if round >= 400 {
          if isLarge { largeTimes.append(elapsed) } else { smallTimes.append(elapsed) }
        }
      }
    }
    return (median(smallTimes), median(largeTimes))
  }

  private static func scrolledState(count: Int) -> AppState {
    var state = AppState(
      now: Date(), size: Size(columns: 100, rows: 30), source: "bench", owner: "bench",
      host: "bench", timeout: 15, canToggleOutage: false)
    let repositories = (0..<count).map {
      Repository(
        name: "repository-\($0)", description: "Description \($0)", language: "Swift",
        stargazersCount: $0)
    }
    state.take(
      .repositories(LoaderSnapshot(state: .success(content: RepositoryList(repositories)))),
      at: Date())
    state.focus = .resultList
    state.scroll[.result] = count / 2
    return state
  }

  // MARK: - Notification

  /// 1,000,000 state changes with 8 observers, against a loop calling 8 closures.
  static func notification() -> (loader: Double, closures: Double) {
    var loaderTimes: [Double] = []
    var closureTimes: [Double] = []
    for _ in 0..<7 {
      loaderTimes.append(loaderRun(changes: 1_000_000))
      closureTimes.append(closureRun(changes: 1_000_000))
    }
    return (median(loaderTimes), median(closureTimes))
  }

  private static func loaderRun(changes: Int) -> Double {
    let loader = ContentLoader<Int>()
    let counter = Counter()
    let observations = (0..<8).map { _ in loader.observe { counter.value &+= 1 } }
    let started = DispatchTime.now().uptimeNanoseconds
    for change in 0..<changes { loader.state = .success(content: change) }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started)
    precondition(counter.value == changes * 8)
    withExtendedLifetime(observations) {}
    return elapsed
  }

  private static func closureRun(changes: Int) -> Double {
    let counter = Counter()
    let closures: [() -> Void] = (0..<8).map { _ in { counter.value &+= 1 } }
    var value = 0
    let started = DispatchTime.now().uptimeNanoseconds
    for change in 0..<changes {
      value = change
      for closure in closures { closure() }
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started)
    precondition(counter.value == changes * 8)
    blackHole(value)
    return elapsed
  }

  // MARK: - Helpers

  private final class Counter {
    var value = 0
  }

  @inline(never)
  private static func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  private static func json(_ object: [String: Any]) -> String {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "post" {
  Task { await PostCost.run(arguments) }
  dispatchMain()
}
if !TransportFloor.run(arguments) && !DecodeCost.run(arguments) {
  SelfBench.run()
}
