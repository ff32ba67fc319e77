import ApexyLoader
import Foundation

/// How the organization and its repositories are stored in the cache: only the fields the app
/// shows, as JSON. Nothing from the request (the token, headers) is part of them, and what is
/// read back is cleaned again, so a changed file cannot put control characters on the screen.
public enum GitHubCacheCodecs {
  /// The version of both encodings; entries of another version are replaced.
  public static let version = 1

  /// The organization's codec; `sanitizer` cleans what is read back.
  public static func organization(sanitizer: TextSanitizer) -> LoaderCacheCodec<Organization> {
    LoaderCacheCodec(
      version: version,
      encode: { try JSONEncoder().encode(StoredOrganization($0)) },
      decode: { try JSONDecoder().decode(StoredOrganization.self, from: $0).value(sanitizer) })
  }

  /// The repositories' codec; `sanitizer` cleans what is read back.
  public static func repositories(sanitizer: TextSanitizer) -> LoaderCacheCodec<[Repository]> {
    LoaderCacheCodec(
      version: version,
      encode: { try JSONEncoder().encode($0.map(StoredRepository.init)) },
      decode: {
        try JSONDecoder().decode([StoredRepository].self, from: $0).map { $0.value(sanitizer) }
      })
  }
}

/// An organization as stored: the shown fields and the raw login and name.
private struct StoredOrganization: Codable {
  var login: String
  var name: String?
  var description: String?
  var publicRepos: Int?
  var rawLogin: String
  var rawName: String?

  init(_ organization: Organization) {
    login = organization.login
    name = organization.name
    description = organization.description
    publicRepos = organization.publicRepos
    rawLogin = organization.rawLogin
    rawName = organization.rawName
  }

  func value(_ sanitizer: TextSanitizer) -> Organization {
    var organization = Organization(
      login: login, name: name, description: description, publicRepos: publicRepos,
      sanitizer: sanitizer)
    organization.rawLogin = sanitizer.redacted(rawLogin)
    organization.rawName = rawName.map(sanitizer.redacted)
    return organization
  }
}

/// A repository as stored, with short keys: 5,000 of them are read at every start.
private struct StoredRepository: Codable {
  var n: String
  var d: String?
  var l: String?
  var s: Int
  var f: Bool
  /// The raw name, only when it differs from the cleaned one.
  var r: String?

  init(_ repository: Repository) {
    n = repository.name
    d = repository.description
    l = repository.language
    s = repository.stargazersCount
    f = repository.fork
    r = repository.rawName == repository.name ? nil : repository.rawName
  }

  func value(_ sanitizer: TextSanitizer) -> Repository {
    var repository = Repository(
      name: n, description: d, language: l, stargazersCount: s, fork: f, sanitizer: sanitizer)
    repository.rawName = sanitizer.redacted(r ?? n)
    return repository
  }
}
