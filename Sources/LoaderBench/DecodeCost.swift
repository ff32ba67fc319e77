import Foundation
import GitHubAPI

/// `LoaderBench decode`: what 5,000 repositories of GitHub's list shape (50 pages of 100) cost to
/// read through the pages' reader and through `JSONDecoder`, to write to and read from the
/// cache's encoding, and to compare; 9 rounds, interleaved, medians, one JSON object.
enum DecodeCost {
  /// Runs the figures when `arguments` asks for them; `false` when it does not.
  static func run(_ arguments: [String]) -> Bool {
    guard arguments.first == "decode" else { return false }
    let pages = (0..<50).map { page in body(first: page * 100) }
    let sanitizer = TextSanitizer()
    let codec = GitHubCacheCodecs.repositories(sanitizer: sanitizer)
    var times: [String: [Double]] = [:]
    func time<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
      let started = DispatchTime.now().uptimeNanoseconds
      let value = try work()
      times[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
      return value
    }
    for _ in 0..<9 {
      let read = time("pages_ms") {
        RepositoryList(
          pages: pages.map {
            try! RepositoriesPage(body: $0).repositories(sanitizer: sanitizer)[...]
          })
      }
      let reference = time("jsondecoder_ms") {
        RepositoryList(
          pages: pages.map {
            try! GitHubJSON.decodeElements(Repository.self, from: $0, sanitizer: sanitizer)[...]
          })
      }
      let equal = time("equality_ms") { Array(read) == Array(reference) }
      precondition(equal && read.count == 5_000, "the readers disagree")
      let stored = try! time("cache_write_ms") { try codec.encode(read) }
      let restored = try! time("cache_read_ms") { try codec.decode(stored) }
      precondition(Array(restored) == Array(read), "the cache changed the list")
    }
    let medians = times.mapValues { $0.sorted()[$0.count / 2] }
    let data = try! JSONSerialization.data(withJSONObject: medians, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
    return true
  }

  /// A page of 100 repositories of GitHub's shape (about 80 keys each, 5 kB), from `first`.
  private static func body(first: Int) -> Data {
    let objects = (first..<first + 100).map { index -> [String: Any] in
      let full = "bench/repository-\(index)"
      var object: [String: Any] = [
        "id": 10_000_000 + index, "name": "repository-\(index)", "full_name": full,
        "description": "Description of repository \(index)", "language": "Swift",
        "stargazers_count": index * 7, "fork": index % 9 == 4, "forks_count": index / 7,
        "open_issues_count": index % 13, "pushed_at": "2026-09-2\(index % 10)T08:30:00Z",
        "html_url": "https://github.com/\(full)",
        "topics": Array(["ios", "android"].prefix(index % 3)),
        "license": ["key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": NSNull()],
        "owner": ["login": "bench", "id": 7, "type": "Organization", "site_admin": false],
        "archived": false, "private": false, "homepage": NSNull(), "size": 1_000 + index,
      ]
      for field in 0..<64 {
        object["field_\(field)_url"] = "https://api.github.com/repos/\(full)/field/\(field){/x}"
      }
      return object
    }
    return try! JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])
  }
}
