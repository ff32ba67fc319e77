import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation

/// A loader of one text resource, configured with policies by each test.
@MainActor
final class TextLoader: WebLoader<String>, ContentLoading {
  let path: String
  /// How many bodies the loader decoded.
  let decodes = Counter()

  init(client: Client, path: String = "text", scheduler: ManualScheduler, policies: LoaderPolicies)
  {
    self.path = path
    super.init(apiClient: client)
    self.scheduler = scheduler
    self.policies = policies
  }

  func load() {
    guard startLoading() else { return }
    request(TextPathEndpoint(path: path, decodes: decodes))
  }
}

/// Records what observers of a loader were told: its state and retry status at each change.
@MainActor
final class LoaderLog {
  private(set) var lines: [String] = []
  private var observation: LoaderObservation?

  init(_ loader: WebLoader<String>) {
    observation = loader.observe { [unowned self, unowned loader] in
      var line = loader.state.description
      if let retry = loader.retryStatus {
        line += " (retry \(retry.retry)/\(retry.maxRetries) at +"
        line += "\(Int(retry.nextAttempt.timeIntervalSince(loader.scheduler.now)))s)"
      }
      lines.append(line)
    }
  }
}
