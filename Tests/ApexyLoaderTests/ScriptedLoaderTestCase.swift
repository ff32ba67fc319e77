import ApexyLoader
import ApexyLoaderTesting
import XCTest

/// The base of the policy tests: a scripted client a test answers request by request, and a
/// clock it advances by hand.
@MainActor
class ScriptedLoaderTestCase: XCTestCase {
  /// The clock the loaders' timers run on.
  let clock = ManualScheduler()
  /// The client the loaders send with.
  let client = ScriptedClient()

  /// A text loader on the client and the clock, following `policies`.
  func textLoader(_ policies: LoaderPolicies) -> TextLoader {
    TextLoader(client: client, scheduler: clock, policies: policies)
  }
}
