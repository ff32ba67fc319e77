import ApexyLoader
import Foundation

// A child process for the cache store's crash tests, and a small measurement:
//
//   CacheStoreStress write DIR FIRST [COUNT]  write generations FIRST, FIRST+1, … (COUNT of
//                                             them, else until killed), printing "wrote N"
//                                             after each is on disk
//   CacheStoreStress write-capped DIR GEN BYTES  write generation GEN with files limited to
//                                             BYTES (RLIMIT_FSIZE), as a disk filling up
//                                             mid-write would; prints the error, exits 1
//   CacheStoreStress bench DIR [ROUNDS]       time reading and decoding a 5,000-repository entry

let key = LoaderCacheKey(namespace: "stress", name: "repositories")
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: CacheStoreStress write|bench DIR …\n".utf8))
  exit(2)
}
let store = FileCacheStore(directory: URL(fileURLWithPath: arguments[2]))

switch arguments[1] {
case "write":
  let payload = StressPayload()
  let first = arguments.count > 3 ? Int(arguments[3]) ?? 0 : 0
  let count = arguments.count > 4 ? Int(arguments[4]) ?? .max : .max
  var generation = first
  while generation - first < count {
    let entry = LoaderCacheEntry(
      content: payload.stamped(generation),
      validators: ["https://api.example/repos": ResponseValidators(etag: "\"g\(generation)\"")],
      lastConfirmed: Date(timeIntervalSince1970: TimeInterval(generation)))
    do {
      try store.write(entry, for: key)
    } catch {
      FileHandle.standardError.write(Data("write \(generation) failed: \(error)\n".utf8))
      exit(1)
    }
    FileHandle.standardOutput.write(Data("wrote \(generation)\n".utf8))
    generation += 1
  }
case "write-capped":
  guard arguments.count == 5, let generation = Int(arguments[3]), let bytes = rlim_t(arguments[4])
  else { exit(2) }
  signal(SIGXFSZ, SIG_IGN)
  var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
  setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
  let entry = LoaderCacheEntry(content: StressPayload().stamped(generation), lastConfirmed: Date())
  do {
    try store.write(entry, for: key)
    FileHandle.standardOutput.write(Data("wrote \(generation)\n".utf8))
  } catch {
    FileHandle.standardOutput.write(Data("\(error)\n".utf8))
    exit(1)
  }
case "bench":
  let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20
  StressBench.run(store: store, key: key, rounds: rounds)
default:
  FileHandle.standardError.write(Data("unknown command \(arguments[1])\n".utf8))
  exit(2)
}
