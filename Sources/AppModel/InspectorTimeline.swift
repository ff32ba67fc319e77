import ApexyLoader
import Foundation
import GitHubAPI

/// Each state's transitions as marks in time, for the inspector: a user sees one repositories
/// load serve both panes and the merge wait for the slower loader.
public struct InspectorTimeline: Sendable, Equatable {
  /// The most marks kept per state.
  public static let limit = 24

  /// One transition: when, and into which case.
  public struct Mark: Sendable, Equatable {
    /// When the state changed.
    public var at: Date
    /// The case it changed to.
    public var stateCase: StateCase
  }

  /// When the first mark was made; marks are shown in seconds since then.
  public internal(set) var start: Date?
  /// The marks of each state of ``login``'s loaders, oldest first.
  public internal(set) var marks: [TransitionSubject: [Mark]] = [:]
  /// The owner whose loaders ``marks`` are of.
  public internal(set) var login: GitHubLogin?
  /// The marks of the other owners' loaders, kept for when they are shown again.
  public internal(set) var otherOwners: [GitHubLogin: [TransitionSubject: [Mark]]] = [:]

  /// No marks yet.
  public init() {}

  /// The marks of `login`'s loaders: a timeline stands beside the row of the owner shown.
  public func marks(of login: GitHubLogin) -> [TransitionSubject: [Mark]] {
    login == self.login ? marks : otherOwners[login] ?? [:]
  }

  /// Notes the case each state of `login`'s loaders is in at `date`; a state still in its last
  /// case adds nothing.
  public mutating func note<A, B, C>(
    login: GitHubLogin, owner: LoadingState<A>, repositories: LoadingState<B>,
    merged: LoadingState<C>, at date: Date
  ) {
    if login != self.login {
      if let current = self.login { otherOwners[current] = marks }
      marks = otherOwners.removeValue(forKey: login) ?? [:]
      self.login = login
    }
    note(.owner, StateCase(owner), at: date)
    note(.repositories, StateCase(repositories), at: date)
    note(.merged, StateCase(merged), at: date)
  }

  /// Notes the case the open detail loader is in at `date`; `restart` forgets the marks of
  /// the detail loader opened before.
  public mutating func noteDetail<T>(_ state: LoadingState<T>, at date: Date, restart: Bool) {
    if restart { marks[.repository] = nil }
    note(.repository, StateCase(state), at: date)
  }

  private mutating func note(_ subject: TransitionSubject, _ stateCase: StateCase, at date: Date) {
    var list = marks[subject] ?? []
    // A state still initial has no transition to show yet.
    guard list.last?.stateCase != stateCase, !(list.isEmpty && stateCase == .initial) else {
      return
    }
    if start == nil { start = date }
    list.append(Mark(at: date, stateCase: stateCase))
    if list.count > Self.limit { list.removeFirst(list.count - Self.limit) }
    marks[subject] = list
  }
}
