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
// glibc's mmap threshold is left to rise as glibc raises it: a page's body (half a megabyte of
// JSON) then comes from the heap again, where a threshold fixed at 128 KiB mapped and unmapped
// each one, 30,700 page faults for 5,000 repositories headless against 9,100, and 0.27 against
// 0.24 s, for a peak 0.2 MiB lower (29.05 against 29.23 MiB over HTTPS, medians of three) once
// a page's report shares the list instead of copying it (`RepositoryList`).
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
  // not. A run a signal quit ends by that signal.
  SignalPipe.end(code)
}
RunLoop.main.run()
