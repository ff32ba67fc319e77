import CMalloc
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// One malloc arena, not one per thread: the app's handful of mostly idle threads (libcurl's,
// Foundation's and Dispatch's) gain nothing from their own arenas, and making each one costs
// about 2 ms of a 25 ms run in page faults (bench/bench.py measures the whole run). With the
// loop on the main thread (below) and pages decoded on a queue, a second arena held the
// decoder's free pages apart from the main heap's: 10,000 repositories, 1 arena against 2,
// anonymous RSS after the load 8.5 against 9.7 MiB, peak 27.0 against 27.6 MiB, the same CPU
// for a headless 5,000-repository fetch (307 against 306 ms, 14 runs each).
_ = cmalloc_limit_arenas(1)
// A list read page by page is reported after each page, each report a new buffer of the whole
// list so far (up to a megabyte for 5,000 repositories), the one before freed. glibc raises its
// mmap threshold to the largest mapped block freed, so after the first such buffer the next
// ones came from the heap and left it fragmented: peak RSS over HTTPS with 5,000 repositories
// was 31.9 to 32.4 MiB, and is 29.6 to 30.1 with the threshold fixed at its default 128 KiB,
// each such buffer mapped and given back when freed (Tests/e2e/memory_e2e.py guards the peak).
_ = cmalloc_fix_mmap_threshold(128 * 1024)
StandardOutput.prepare()
// The app runs on the main queue, every part of it (the loop, input, signals, loaders), and the
// main thread drains that queue through its run loop: one serial queue, on the main thread.
// (`dispatchMain()` would end the main thread with `pthread_exit`, and that forced unwind reads
// about half a megabyte of the executable's unwind tables at every start.)
Task { @MainActor in
  let code = await Launcher.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current())
  // Every line went out with write(2) and the terminal is restored already; `exit` would spend
  // milliseconds in exit handlers (libcurl's and OpenSSL's teardown) a finished process needs
  // not.
  _exit(code.rawValue)
}
RunLoop.main.run()
