import ApexyLoader
import Foundation

/// How the owner and its repositories are stored in the cache: only the fields the app
/// shows, as JSON. Nothing from the request (the token, headers) is part of them, and what is
/// read back is cleaned again, so a changed file cannot put control characters on the screen.
public enum GitHubCacheCodecs {
  /// The version of the owner's encoding; entries of another version are replaced.
  public static let ownerVersion = 1
  /// The version of the repositories' encoding: a fingerprint of its layout (page by page,
  /// with each page's URL and validators) and of the fields each repository keeps (their keys
  /// and types), so an entry written with other fields is of another version; entries of
  /// another version are replaced.
  public static let repositoriesVersion = StoredPages.version(of: Repository.storedFields)

  /// The owner's codec; `sanitizer` cleans what is read back.
  ///
  /// - Parameter sanitizer: Cleans what is read back.
  /// - Returns: The codec.
  public static func owner(sanitizer: TextSanitizer) -> LoaderCacheCodec<Owner> {
    LoaderCacheCodec(
      version: ownerVersion,
      encode: { try JSONEncoder().encode(StoredOwner($0)) },
      decode: { try JSONDecoder().decode(StoredOwner.self, from: $0).value(sanitizer) })
  }

  /// The repositories' codec; `sanitizer` cleans what is read back.
  ///
  /// With `pages`, the list is stored as the pages it was loaded from, each with its URL
  /// (without the API's origin) and validators, and reading it back puts them into the loader's
  /// page cache, so the first reload after a restart can be answered `304` page by page. A list
  /// the page cache no longer matches is stored as one page without a URL, to be fetched whole.
  ///
  /// - Parameters:
  ///   - sanitizer: Cleans what is read back.
  ///   - pages: Where the pages' URLs and validators go and come from; `nil` stores the list alone.
  /// - Returns: The codec.
  public static func repositories(
    sanitizer: TextSanitizer, pages: RepositoryPageSource? = nil
  ) -> LoaderCacheCodec<RepositoryList> {
    let decoder = StoredPagesDecoder(sanitizer: sanitizer)
    return LoaderCacheCodec(
      version: repositoriesVersion,
      encode: { content in
        let stored =
          pages?.storedPages(of: content, sanitizer: sanitizer)
          ?? StoredPages(p: [StoredPage(repositories: content)])
        return try JSONEncoder().encode(stored)
      },
      decode: { data in
        // The fast reader takes what JSONDecoder would take alike; anything else goes to it.
        let stored = try StoredPagesReader.read(data, sanitizer: sanitizer) ?? decoder.decode(data)
        // One list, and its pages the page cache's pages.
        let content = RepositoryList(pages: stored.p.map { $0.r.map(\.repository)[...] })
        pages?.restore(stored, content: content)
        // A list cut at the limit: its last page's rows past it are the page's, not the list's.
        return pages?.limit.map { content.truncated(to: $0) } ?? content
      })
  }
}

/// An owner as stored: the shown fields and the raw login and name.
private struct StoredOwner: Codable {
  var login: String
  var name: String?
  var description: String?
  var publicRepos: Int?
  var rawLogin: String
  var rawName: String?
  /// Absent in entries written before owners had a kind.
  var kind: OwnerKind?

  init(_ owner: Owner) {
    kind = owner.kind
    login = owner.login
    name = owner.name
    description = owner.description
    publicRepos = owner.publicRepos
    rawLogin = owner.rawLogin
    rawName = owner.rawName
  }

  func value(_ sanitizer: TextSanitizer) -> Owner {
    var owner = Owner(
      login: login, name: name, description: description, publicRepos: publicRepos, kind: kind,
      sanitizer: sanitizer)
    owner.rawLogin = sanitizer.redacted(rawLogin)
    owner.rawName = rawName.map(sanitizer.redacted)
    return owner
  }
}

/// `JSONDecoder` for the repositories' entry, cleaning with a sanitizer.
private struct StoredPagesDecoder: Sendable {
  let sanitizer: TextSanitizer

  func decode(_ data: Data) throws -> StoredPages {
    let decoder = JSONDecoder()
    decoder.userInfo[.textSanitizer] = sanitizer
    return try decoder.decode(StoredPages.self, from: data)
  }
}
