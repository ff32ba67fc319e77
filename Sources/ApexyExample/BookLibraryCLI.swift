import ApexyLoader
import Foundation

/// A command-line program on the shared service layer: starts the library's API on loopback,
/// loads the books and the author, prints each change, and exits 0 when both loaded.
///
/// The run-loop rule: loaders are `@MainActor` and the client completes on the main queue, so
/// the main thread must serve the main queue. An `async` `main` (as here, or top-level `await`)
/// does: the main actor's jobs run on the main queue while `main` awaits. A synchronous `main`
/// does with `Task { @MainActor in …; exit(code) }` then `dispatchMain()` (as `loader-tui`
/// does). Blocking the main thread (a semaphore, `sleep`, `readLine()`) or returning from a
/// synchronous `main` before the work ends leaves every completion waiting forever.
@main
enum BookLibraryCLI {
  static func main() async {
    exit(await run())
  }

  @MainActor
  static func run() async -> Int32 {
    let server = BookServer()
    let root: URL
    do {
      root = try server.start()
    } catch {
      print("book-library: the local API could not start: \(error)")
      return 2
    }
    print("api: \(root.absoluteString)")
    let library = BookLibrary(baseURL: root)
    var observations = [
      library.books.observe { report("books", library.books) },
      library.author.observe { report("author", library.author) },
    ]
    let shelf = await library.loadAll()
    withExtendedLifetime(observations) {}
    print("shelf: \(shelf)")
    // Released after `await`s, where the main actor may run off the main thread (it does on
    // Linux): the observations are gone at once all the same.
    observations = []
    let left = library.books.observerCount + library.author.observerCount
    print("observers after release: \(left)")
    if case .success = shelf { return 0 }
    return 1
  }

  /// One line per change: the state, or the retry under way.
  @MainActor
  private static func report<Content>(_ name: String, _ loader: WebLoader<Content>) {
    if let retry = loader.retryStatus {
      print(
        "\(name): \(retry.error.localizedDescription) Retry \(retry.retry) of \(retry.maxRetries).")
    } else if case .success(let content) = loader.state {
      print("\(name): loaded \(content)")
    } else {
      print("\(name): \(loader.state)")
    }
  }
}
