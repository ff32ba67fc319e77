import Foundation
import StackProbe
import Synchronization
import XCTest

@testable import ApexyHTTP
@testable import AppRuntime

/// The relay between the client's request-life events and the app, as a long run uses it.
final class RequestEventRelayTests: XCTestCase {
  private let event = RequestLifeEvent(
    id: 1, method: "GET", url: URL(string: "http://127.0.0.1/orgs/x/repos"),
    startedAt: Date(timeIntervalSince1970: 0), date: Date(timeIntervalSince1970: 0),
    kind: .created)

  func testDeliveringTwoHundredThousandEventsCallsTheListenerAsDeepAsTheFirst() {
    let relay = RequestEventRelay()
    let probe = StackProbe()
    relay.listen { _ in probe.record() }
    let growth = probe.growth(over: 200_000) { relay.deliver(event) }
    XCTAssertLessThan(
      growth, 256, "the listener ran \(growth) bytes deeper: each read wrapped it again")
  }

  func testAListenerSetAgainReplacesTheFirstAndNilStopsDelivery() {
    let relay = RequestEventRelay()
    let heard = HeardEvents()
    relay.listen { _ in heard.add("first") }
    relay.deliver(event)
    relay.listen { _ in heard.add("second") }
    relay.deliver(event)
    relay.listen(nil)
    relay.deliver(event)
    XCTAssertEqual(heard.names, ["first", "second"])
  }
}

/// The names of the listeners that heard an event, in order.
private final class HeardEvents: Sendable {
  private let heard = Mutex<[String]>([])

  var names: [String] { heard.withLock { $0 } }

  func add(_ name: String) { heard.withLock { $0.append(name) } }
}
