import ApexyLoader
import Foundation

/// Times reading a 5,000-repository entry (checksum included) and decoding it with
/// `JSONDecoder`, as GitHub's full objects and as the five fields the app shows, and writing
/// it (encoding, `fsync` and rename included).
enum StressBench {
  /// The fields of a repository as GitHub sends them, less the owner and topics.
  struct GitHubRepository: Codable {
    var id: Int
    var name: String
    var full_name: String
    var description: String?
    var fork: Bool
    var html_url: String
    var language: String?
    var stargazers_count: Int
    var forks_count: Int
    var updated_at: String
  }

  /// What the app shows of a repository.
  struct ShownRepository: Codable {
    var name: String
    var description: String?
    var language: String?
    var stargazersCount: Int
    var fork: Bool
  }

  static func run(store: FileCacheStore, key: LoaderCacheKey, rounds: Int) {
    let full = StressPayload().stamped(1)
    let repositories = try! JSONDecoder().decode([GitHubRepository].self, from: full)
    let shown = repositories.map {
      ShownRepository(
        name: $0.name, description: $0.description, language: $0.language,
        stargazersCount: $0.stargazers_count, fork: $0.fork)
    }
    let compact = try! JSONEncoder().encode(shown)
    for (label, content, decode) in [
      (
        "GitHub JSON", full,
        { (data: Data) in _ = try! JSONDecoder().decode([GitHubRepository].self, from: data) }
      ),
      (
        "shown fields", compact,
        { (data: Data) in _ = try! JSONDecoder().decode([ShownRepository].self, from: data) }
      ),
    ] {
      var writes: [Double] = []
      for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        try! store.write(LoaderCacheEntry(content: content, lastConfirmed: Date()), for: key)
        writes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      }
      var reads: [Double] = []
      var decodes: [Double] = []
      for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        let entry = try! store.read(key)!
        let read = DispatchTime.now().uptimeNanoseconds
        decode(entry.content)
        let end = DispatchTime.now().uptimeNanoseconds
        reads.append(Double(read - start) / 1e6)
        decodes.append(Double(end - read) / 1e6)
      }
      let median = { (values: [Double]) in values.sorted()[values.count / 2] }
      print(
        String(
          format: "%@: %d bytes, read %.1f ms + decode %.1f ms (median of %d), write %.1f ms",
          label, content.count, median(reads), median(decodes), rounds, median(writes)))
    }
  }
}
