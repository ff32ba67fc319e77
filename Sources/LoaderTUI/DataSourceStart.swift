import AppCommandLine
import AppModel
import DemoAPI
import Foundation
import GitHubAPI

/// Where this run's data comes from: the built-in server, started here, or a remote API; and
/// the configuration and first state that follow from it.
@MainActor
struct DataSourceStart {
  /// The built-in server, when it is the source.
  let demo: DemoServer?
  /// How the app talks to the source.
  let configuration: GitHubConfiguration
  /// A short name of the source for the status bar.
  let label: String
  /// What the error lines say of the token and of the longest wait.
  let advice: ErrorAdvice

  /// Starts the built-in server when the options ask for it; throws when it cannot start.
  init(_ options: Options, token: GivenToken?) throws {
    let baseURL: URL
    switch options.source {
    case .demo:
      let server = DemoServer(options: options.demoServer)
      do {
        baseURL = try server.start()
      } catch {
        throw StartFailure(description: "The built-in server could not start: \(error).")
      }
      demo = server
      label = "built-in \(baseURL.host ?? ""):\(baseURL.port ?? 0)"
    case .remote(let url):
      demo = nil
      baseURL = url
      label = url.host ?? url.absoluteString
    }
    configuration = GitHubConfiguration(
      baseURL: baseURL, owner: options.owner, ownerKind: options.ownerKind,
      token: demo == nil ? token?.value : nil,
      timeout: options.timeout, maximumResponseSize: options.maximumResponseSize,
      pageCap: options.pageCap, repositoryLimit: options.limit, retries: options.retries,
      maxServerWait: options.maxServerWait,
      refreshInterval: options.refreshInterval)
    var advice = CommandLineAdvice.errors(token: token?.origin, maxWait: options.maxServerWait)
    // The built-in server is sent no token: one given is not named, nor advised.
    if demo != nil, token != nil { advice.token = .unknown }
    self.advice = advice
  }

  /// The state the app starts in, on a terminal of `size`, drawing in ASCII when `ascii`,
  /// showing `owner` (by default the configuration's first).
  func state(size: Size, ascii: Bool, owner: OwnerChoice? = nil) -> AppState {
    let owner = owner ?? OwnerChoice(login: configuration.owner, kind: configuration.ownerKind)
    var state = AppState(
      now: Date(), size: size, source: label, owner: owner.login,
      host: configuration.hostDescription, timeout: configuration.timeout,
      canToggleOutage: demo != nil)
    state.ownerKind = owner.kind
    state.advice = advice
    if demo == nil, configuration.baseURL.host?.lowercased() != "api.github.com" {
      // A root of the user's choosing: a 404 may mean the root is wrong, not the owner.
      let root = GitHubRequestAdapter(baseURL: configuration.baseURL, token: nil, userAgent: "")
      state.advice.chosenRoot = ErrorAdvice.ChosenRoot(url: root.baseURL, flag: "--base-url")
    }
    state.asciiOnly = ascii
    return state
  }
}

/// The built-in server could not start.
struct StartFailure: Error, CustomStringConvertible {
  /// A one-line explanation.
  let description: String
}
