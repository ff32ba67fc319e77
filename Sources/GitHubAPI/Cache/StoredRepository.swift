import Foundation

/// A repository as stored, with short keys: 5,000 of them are read at every start. The detail
/// fields are stored too: a page confirmed by a `304` after a restart is shown as stored.
struct StoredRepository: Codable {
  var n: String
  var d: String?
  var l: String?
  var s: Int
  var f: Bool
  /// The raw name, only when it differs from the cleaned one.
  var r: String?
  /// `owner/name`.
  var fn: String?
  /// Forks.
  var fc: Int?
  /// Open issues.
  var oi: Int?
  /// License.
  var li: String?
  /// Topics, left out when there are none.
  var tp: [String]?
  /// Last push, seconds since 1970.
  var pa: Double?
  /// Web page, left out when it is `https://github.com/` and the full name; empty for none.
  var hu: String?

  private static let gitHubPrefix = "https://github.com/"

  /// A value from its stored fields (`StoredPagesReader`).
  init(
    n: String, d: String?, l: String?, s: Int, f: Bool, r: String?, fn: String?, fc: Int?,
    oi: Int?, li: String?, tp: [String]?, pa: Double?, hu: String?
  ) {
    self.n = n
    self.d = d
    self.l = l
    self.s = s
    self.f = f
    self.r = r
    self.fn = fn
    self.fc = fc
    self.oi = oi
    self.li = li
    self.tp = tp
    self.pa = pa
    self.hu = hu
  }

  init(_ repository: Repository) {
    n = repository.name
    d = repository.description
    l = repository.language
    s = repository.stargazersCount
    f = repository.fork
    r = repository.rawName == repository.name ? nil : repository.rawName
    fn = repository.fullName
    fc = repository.forksCount
    oi = repository.openIssuesCount
    li = repository.license
    tp = repository.topics.isEmpty ? nil : repository.topics
    pa = repository.pushedAt?.timeIntervalSince1970
    let address = repository.htmlURL?.absoluteString
    hu = address == fn.map { Self.gitHubPrefix + $0 } ? nil : (address ?? "")
  }

  func value(_ sanitizer: TextSanitizer) -> Repository {
    let details = RepositoryDetails(
      fullName: fn, forksCount: fc, openIssuesCount: oi, license: li, topics: tp ?? [],
      pushedAt: pa.map { Date(timeIntervalSince1970: $0) },
      htmlURL: hu ?? fn.map { Self.gitHubPrefix + $0 })
    var repository = Repository(
      name: n, description: d, language: l, stargazersCount: s, fork: f, sanitizer: sanitizer,
      details: details)
    repository.rawName = sanitizer.redacted(r ?? n)
    return repository
  }
}
