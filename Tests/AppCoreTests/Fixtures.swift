import ApexyLoader
import Foundation

@testable import AppCore
@testable import GitHubAPI

/// Values the app tests share: a fixed clock, a small organization, states to render.
enum Fixture {
  static let now = Date(timeIntervalSince1970: 1_000_000)
  static let organization = Organization(login: "RedMadRobot", name: "Red Mad Robot")
  static let repositories = [
    Repository(name: "Apexy", language: "Swift", stargazersCount: 207),
    Repository(name: "input-mask-ios", language: "Swift", stargazersCount: 598),
    Repository(name: "android-ktx", language: "Kotlin", stargazersCount: 101, fork: true),
    Repository(name: "ios-interview", language: nil, stargazersCount: 356),
  ]

  struct Outage: Error {}

  static func state(columns: Int = 80, rows: Int = 10) -> AppState {
    AppState(
      now: now, size: Size(columns: columns, rows: rows), source: "built-in 127.0.0.1:8080",
      org: "RedMadRobot", host: "127.0.0.1:8080", timeout: 15, canToggleOutage: true)
  }

  static func loaded(columns: Int = 80, rows: Int = 10) -> AppState {
    var state = state(columns: columns, rows: rows)
    _ = update(
      &state,
      .loadersChanged(
        organization: .success(content: organization),
        repositories: .success(content: repositories),
        at: now.addingTimeInterval(-3)))
    state.now = now
    return state
  }

  static func outage() -> GitHubError {
    .server(status: 503, message: "Service Unavailable")
  }
}
