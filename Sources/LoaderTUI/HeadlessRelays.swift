import AppModel
import AppRuntime
import Foundation
import GitHubAPI

/// The client's request events handed to the loop of the owner each request is for, when
/// headless loads several owners at once; with one owner, its loop hears every event.
struct HeadlessRelays {
  private let relays: [RequestEventRelay]

  /// Relays for `owners` (logins), fed from `source`.
  init(owners: [GitHubLogin], from source: RequestEventRelay) {
    guard owners.count > 1 else {
      relays = [source]
      return
    }
    let relays = owners.map { _ in RequestEventRelay() }
    for relay in relays { relay.drain(through: source.afterDelivered) }
    self.relays = relays
    source.listen { event in
      // The owner the request was made for: its endpoint says (`requestSubject`).
      let owner = event.subject.map { GitHubLogin($0) }
      for (index, login) in owners.enumerated() where login == owner {
        relays[index].deliver(event)
      }
    }
  }

  /// The relay of the owner at `index`.
  func relay(_ index: Int) -> RequestEventRelay { relays[index] }
}
