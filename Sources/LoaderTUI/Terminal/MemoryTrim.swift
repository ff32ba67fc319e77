import ApexyLoader
import AppRuntime
import CMalloc
import Dispatch

/// Gives the memory a finished load freed back to the kernel.
///
/// A load of thousands of repositories passes tens of megabytes of page bodies and decoder
/// tables through malloc; glibc keeps what they freed in its arenas, so without this the
/// process holds about twice what it still uses. Once neither loader loads, `malloc_trim` runs
/// on a background queue (it walks every arena and returns their free pages).
@MainActor
final class MemoryTrim {
  private var observations: [LoaderObservation] = []
  private var wasLoading = false
  private var pending: DispatchWorkItem?

  /// Watches both loaders of `loaders` (unnamed: nobody the user sees).
  init(loaders: AppLoaders) {
    let organization = loaders.organization
    let repositories = loaders.repositories
    let changed = { [weak self] in
      guard let self else { return }
      let loading = organization.state.isLoading || repositories.state.isLoading
      defer { self.wasLoading = loading }
      guard self.wasLoading, !loading else { return }
      self.schedule()
    }
    observations = [organization.observe(changed), repositories.observe(changed)]
    // Once at the main queue's next turn, which comes after the first frame (the loop draws
    // it before it first waits): what parsing, the first render and the terminal's set-up
    // freed goes back. Trimming a heap this small takes microseconds; a timer or another
    // thread for it would cost more than it returns.
    DispatchQueue.main.async { _ = cmalloc_trim() }
  }

  private func schedule() {
    pending?.cancel()
    let item = Self.trimItem()
    pending = item
    // After the frame that shows the result, off the main thread.
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 0.2, execute: item)
  }

  /// Not isolated to the main actor: it runs on a global queue.
  nonisolated private static func trimItem() -> DispatchWorkItem {
    DispatchWorkItem { _ = cmalloc_trim() }
  }
}
