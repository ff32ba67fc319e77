import Foundation

#if canImport(Glibc)
  import Glibc
#endif

StandardOutput.prepare()
let code = await Launcher.main(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
// Every line went out with write(2) and the terminal is restored already; `exit` would spend
// milliseconds in exit handlers (libcurl's and OpenSSL's teardown) a finished process needs not.
_exit(code)
