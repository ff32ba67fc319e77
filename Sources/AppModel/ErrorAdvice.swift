import Foundation
import GitHubAPI

/// What the program that runs the app tells a user to do, such as which flag raises a limit;
/// the library's errors and notices only describe the problem.
public struct ErrorAdvice: Sendable, Equatable {
  /// The advice when a load stopped at the page cap, for example "raise it with --page-cap".
  public var pageCap: String?
  /// The flag that cuts the list, for example "--limit", named in the note of a list it cut.
  public var limit: String?
  /// The API root that a flag chose instead of GitHub's (`--base-url`), and the flag: a 404
  /// under it names the URL that answered and the flag to check, since the root may be wrong.
  public var chosenRoot: ChosenRoot?

  /// The token the requests carry: a 401's or a rate limit's line names where it came from,
  /// or advises one when none is sent.
  public var token = TokenUse.unknown
  /// The longest wait a retry may make, as a line names it ("--max-wait (60 s)"): a wait the
  /// server asks for past it is not made.
  public var maxWait: String?

  /// An API root a flag chose, and the flag.
  public struct ChosenRoot: Sendable, Equatable {
    /// The root, as the client resolves paths against it.
    public var url: URL
    /// The flag that chose it, for example `--base-url`.
    public var flag: String

    /// A root from its parts.
    public init(url: URL, flag: String) {
      self.url = url
      self.flag = flag
    }
  }

  /// Advice for what has some.
  public init(pageCap: String? = nil, limit: String? = nil, chosenRoot: ChosenRoot? = nil) {
    self.pageCap = pageCap
    self.limit = limit
    self.chosenRoot = chosenRoot
  }

  /// What to add to the line of `error`, if anything: for a 404 of an owner under a chosen
  /// root, "URL answered it: check FLAG".
  public func line(for error: Error) -> String? {
    guard let chosenRoot, let error = error as? GitHubError else { return nil }
    let path: String
    switch error {
    case .notFound(let login): path = "orgs/\(login)"
    case .noSuchOwner(let login): path = "users/\(login)"
    default: return nil
    }
    let url = URL(string: path, relativeTo: chosenRoot.url)?.absoluteString ?? path
    return "\(url) answered it: check \(chosenRoot.flag)"
  }
}
