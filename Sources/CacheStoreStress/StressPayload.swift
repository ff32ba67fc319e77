import Foundation

/// 5,000 GitHub-shaped repositories as JSON (about 3 MB), every one stamped with the same
/// six-digit generation, so a reader can tell one write from another and a mixed entry at once.
struct StressPayload {
  /// The JSON with the generation `000000` everywhere.
  private var template: Data
  /// Where the generation's six digits sit in `template`.
  private var offsets: [Int]

  static let marker = "000000"

  /// The payload of `count` repositories.
  init(count: Int = 5_000) {
    var json = "["
    var offsets: [Int] = []
    var length = 1
    for index in 0..<count {
      let name = "repository-\(index)"
      let head =
        (index == 0 ? "" : ",")
        + #"{"id":\#(100_000 + index),"node_id":"MDEwOlJlcG9zaXRvcnk\#(index)","name":"\#(name)","#
        + #""full_name":"RedMadRobot/\#(name)","private":false,"owner":{"login":"RedMadRobot","#
        + #""id":2234,"type":"Organization"},"html_url":"https://github.com/RedMadRobot/\#(name)","#
        + #""description":"generation "#
      let tail =
        #" of a generated repository, for the cache store's stress test","fork":\#(index % 7 == 0),"#
        + #""url":"https://api.github.com/repos/RedMadRobot/\#(name)","#
        + #""created_at":"2016-03-01T10:00:00Z","updated_at":"2026-11-30T10:00:00Z","#
        + #""pushed_at":"2026-11-29T18:30:00Z","homepage":null,"size":\#(index * 13 % 9_000),"#
        + #""stargazers_count":\#(index * 7 % 1_500),"watchers_count":\#(index * 7 % 1_500),"#
        + #""language":"\#(["Swift", "Kotlin", "Python", "Go"][index % 4])","#
        + #""forks_count":\#(index % 90),"open_issues_count":\#(index % 12),"#
        + #""default_branch":"main","topics":["ios","android","tooling"]}"#
      length += head.utf8.count
      offsets.append(length)
      length += Self.marker.utf8.count + tail.utf8.count
      json += head + Self.marker + tail
    }
    json += "]"
    self.template = Data(json.utf8)
    self.offsets = offsets
  }

  /// The JSON stamped with `generation` (0 to 999,999).
  func stamped(_ generation: Int) -> Data {
    var data = template
    let digits = Array(String(format: "%06d", generation).utf8)
    data.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
      for offset in offsets {
        for (index, digit) in digits.enumerated() { raw[offset + index] = digit }
      }
    }
    return data
  }
}
