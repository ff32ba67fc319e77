import GitHubAPI

/// The owners opened in this run and before it: the recent ones, most recent first, which the
/// owner prompt completes from and which persist with the cache, and the one `-` goes back to.
public struct OwnerHistory: Sendable, Equatable {
  /// The most owners remembered.
  public static let limit = 20

  /// The owners opened, most recent first, each login once (any case), at most ``limit``.
  public private(set) var recent: [String]
  /// The owner shown before the current one, if any.
  public var previous: String?

  /// A history holding `recent` (most recent first), cut to ``limit``, each login once.
  public init(recent: [String] = [], previous: String? = nil) {
    self.recent = []
    self.previous = previous
    for login in recent.reversed() { opened(login) }
  }

  /// Notes that `login` was opened: it moves to the front.
  public mutating func opened(_ login: String) {
    recent.removeAll { $0.lowercased() == login.lowercased() }
    recent.insert(login, at: 0)
    if recent.count > Self.limit { recent.removeLast(recent.count - Self.limit) }
  }

  /// The recent owners that start with `prefix` (any case), most recent first.
  public func completions(of prefix: String) -> [String] {
    let prefix = prefix.lowercased()
    return recent.filter { $0.lowercased().hasPrefix(prefix) }
  }
}

/// What the owner prompt holds while it is open.
public struct OwnerPrompt: Sendable, Equatable {
  /// The most characters it holds; typing or pasting more is ignored.
  public static let limit = 64

  /// The text typed.
  public var text = ""
  /// What was wrong with the name Enter tried, until the text changes.
  public var problem: String?
  /// What Tab completes: the text typed before the first Tab, and how many Tabs since.
  var completing: (prefix: String, index: Int)?

  /// An empty prompt.
  public init(text: String = "", problem: String? = nil) {
    self.text = text
    self.problem = problem
  }

  /// Compares the text and the problem.
  public static func == (lhs: OwnerPrompt, rhs: OwnerPrompt) -> Bool {
    lhs.text == rhs.text && lhs.problem == rhs.problem
      && lhs.completing?.prefix == rhs.completing?.prefix
      && lhs.completing?.index == rhs.completing?.index
  }
}

/// What an owner left looked like, to show again as it was: both loaders' slots, the
/// selection and the scroll.
struct OwnerView: Sendable, Equatable {
  var organization: LoaderSlot<Organization>
  var repositories: LoaderSlot<[Repository]>
  var kind: OwnerKind?
  var lists: ListState
  var scroll: [PaneID: Int]
}

/// The loaders the runtime keeps by key, as the inspector lists them.
public struct KeptLoaders: Sendable, Equatable {
  /// The owners kept, least recently shown first.
  public var owners: [String]
  /// The owners whose loaders something observes now (the one shown, and any loading).
  public var observedOwners: [String]
  /// The owners let go of, oldest first.
  public var droppedOwners: [String]
  /// The repository detail loaders kept, `owner/name`.
  public var details: [String]
  /// The detail loaders let go of, oldest first.
  public var droppedDetails: [String]

  /// A listing from its parts.
  public init(
    owners: [String] = [], observedOwners: [String] = [], droppedOwners: [String] = [],
    details: [String] = [], droppedDetails: [String] = []
  ) {
    self.owners = owners
    self.observedOwners = observedOwners
    self.droppedOwners = droppedOwners
    self.details = details
    self.droppedDetails = droppedDetails
  }
}
