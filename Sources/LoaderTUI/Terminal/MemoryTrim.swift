import CMalloc
import Dispatch

/// Gives the memory a finished load freed back to the kernel.
///
/// A load of thousands of repositories passes tens of megabytes of page bodies and decoder
/// tables through malloc; glibc keeps what they freed in its arenas, so without this the
/// process holds about twice what it still uses. Once nothing loads (`update` asks for it with
/// `Command.trimMemory`), `malloc_trim` runs on a background queue (it walks every arena and
/// returns their free pages).
@MainActor
final class MemoryTrim {
  private var pending: DispatchWorkItem?

  /// Trims once at the main queue's next turn, which comes after the first frame (the loop
  /// draws it before it first waits): what parsing, the first render and the terminal's
  /// set-up freed goes back. Trimming a heap this small takes microseconds; a timer or another
  /// thread for it would cost more than it returns.
  init() {
    DispatchQueue.main.async { _ = cmalloc_trim() }
  }

  /// Trims 0.2 s after the frame that shows the loads' result, off the main thread.
  func loadsEnded() {
    pending?.cancel()
    let item = Self.trimItem()
    pending = item
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 0.2, execute: item)
  }

  /// Not isolated to the main actor: it runs on a global queue.
  nonisolated private static func trimItem() -> DispatchWorkItem {
    DispatchWorkItem { _ = cmalloc_trim() }
  }
}
