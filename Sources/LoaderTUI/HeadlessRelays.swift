import AppRuntime
import Foundation

/// The client's request events handed to the loop of the owner each request is for, when
/// headless loads several owners at once; with one owner, its loop hears every event.
struct HeadlessRelays {
  private let relays: [RequestEventRelay]

  /// Relays for `owners` (logins), fed from `source`.
  init(owners: [String], from source: RequestEventRelay) {
    guard owners.count > 1 else {
      relays = [source]
      return
    }
    let relays = owners.map { _ in RequestEventRelay() }
    let logins = owners.map { $0.lowercased() }
    self.relays = relays
    source.listen { event in
      // `/orgs/NAME…`, `/users/NAME…` or `/repos/NAME/…`: one of the path's segments is the
      // owner's login (a base path such as `/api/v3` in front is allowed).
      let segments = (event.url?.path ?? "").lowercased().split(separator: "/").map(String.init)
      for (index, login) in logins.enumerated() where segments.contains(login) {
        relays[index].deliver(event)
      }
    }
  }

  /// The relay of the owner at `index`.
  func relay(_ index: Int) -> RequestEventRelay { relays[index] }
}
