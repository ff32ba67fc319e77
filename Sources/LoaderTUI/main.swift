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
// main thread gives itself to that queue: one serial queue, whoever drives it.
Task { @MainActor in
  let code = await Launcher.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
  // Every line went out with write(2) and the terminal is restored already; `exit` would spend
  // milliseconds in exit handlers (libcurl's and OpenSSL's teardown) a finished process needs
  // not.
  _exit(code.rawValue)
}
dispatchMain()
