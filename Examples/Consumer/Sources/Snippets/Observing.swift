import ApexyLoader
import Foundation
import Synchronization

/// A screen's model, written as for iOS's Apexy: it observes its loaders on the main actor and
/// keeps the observations; a handler touches the model's own (main-actor) state.
@MainActor
public final class ShelfModel {
  /// What the screen shows.
  public private(set) var text = ""
  /// How many times the screen was drawn.
  public private(set) var renders = 0
  private var observations: [LoaderObservation] = []

  /// Observes `books`, once with a closure written in place and once with a closure value
  /// kept to pass to several loaders, as iOS code does.
  public init(books: BooksLoader, other: BooksLoader) {
    observations.append(books.observe { [weak self] in self?.render(books.state) })
    let count: () -> Void = { [weak self] in self?.renders += 1 }
    observations.append(books.observe(count))
    observations.append(other.observe(count))
  }

  private func render(_ state: LoadingState<[Book]>) {
    text = state.content?.map(\.title).joined(separator: ", ") ?? "…"
  }
}

/// A counter on the main actor, touched by handlers written off it.
@MainActor
public final class ChangeCounter {
  /// The changes counted.
  public var count = 0

  /// A counter at 0.
  public init() {}
}

/// Observes `books` from code that is not on the main actor: `await` the main-actor method,
/// with a handler typed `@MainActor` that touches main-actor state; the observation comes back
/// to this context (it is `Sendable`).
public func observeFromBackground(_ books: BooksLoader, counter: ChangeCounter) async
  -> LoaderObservation
{
  await books.observe { counter.count += 1 }
}

/// Where an observation waits to be released, by whichever task or thread is done with it.
public final class ObservationSlot: Sendable {
  private let observation: Mutex<LoaderObservation?>

  /// Keeps `observation` until ``release()``.
  public init(_ observation: LoaderObservation) {
    self.observation = Mutex(observation)
  }

  /// Releases the observation: its handler is not called again.
  public func release() {
    observation.withLock { $0 = nil }
  }
}

/// Releases an observation in a detached task, and another on a thread of its own: each stops
/// its handler at once, as the docs promise. Returns how many handlers the loader still counts.
@MainActor
public func releaseElsewhere(_ books: BooksLoader) async -> Int {
  let before = books.observerCount
  let inTask = ObservationSlot(books.observe {})
  await Task.detached { inTask.release() }.value
  let onThread = ObservationSlot(books.observe {})
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread {
      onThread.release()
      done.resume()
    }.start()
  }
  return books.observerCount - before
}
