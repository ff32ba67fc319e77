import CMalloc
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// Two malloc arenas, not one per thread: the app's handful of mostly idle threads (libcurl's,
// Foundation's and Dispatch's) gain nothing from their own arenas, and making each one costs
// about 2 ms of a 25 ms run in page faults (bench/bench.py measures the whole run).
_ = cmalloc_limit_arenas(2)
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
