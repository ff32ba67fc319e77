import XCTest

@testable import AppCommandLine

/// Where the config file is, and which files are refused as ssh refuses them.
final class ConfigPlacesTests: XCTestCase {
  func testTheVariableThenXDGThenHome() {
    XCTAssertEqual(
      ConfigLocation.path(environment: ["LOADER_TUI_CONFIG": "rel/c", "HOME": "/h"])?.path, "rel/c")
    XCTAssertEqual(ConfigLocation.path(environment: ["LOADER_TUI_CONFIG": "/c"])?.named, true)
    XCTAssertEqual(
      ConfigLocation.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.path,
      "/x/loader-tui/config")
    for xdg in [nil, "", "relative"] {
      var environment = ["HOME": "/h", "LOADER_TUI_CONFIG": ""]
      environment["XDG_CONFIG_HOME"] = xdg
      let location = ConfigLocation.path(environment: environment)
      XCTAssertEqual(location?.path, "/h/.config/loader-tui/config", "\(xdg ?? "unset")")
      XCTAssertEqual(location?.named, false)
    }
    XCTAssertNil(ConfigLocation.path(environment: [:]))
    XCTAssertNil(ConfigLocation.path(environment: ["HOME": "relative"]))
  }

  func testFilesOthersCouldWriteAreRefused() {
    let path = "/home/me/.config/loader-tui/config"
    XCTAssertNil(ConfigPermissions.refusal(path: path, mode: 0o100600, owner: 1000, user: 1000))
    XCTAssertNil(ConfigPermissions.refusal(path: path, mode: 0o100644, owner: 1000, user: 1000))
    XCTAssertNil(ConfigPermissions.refusal(path: path, mode: 0o100644, owner: 0, user: 1000))
    XCTAssertEqual(
      ConfigPermissions.refusal(path: path, mode: 0o100664, owner: 1000, user: 1000)?.description,
      "refusing the config file \(path): its group can write to it (mode 664); run chmod go-w"
        + " \(path), or start with --no-config.")
    XCTAssertEqual(
      ConfigPermissions.refusal(path: path, mode: 0o100602, owner: 1000, user: 1000)?.description,
      "refusing the config file \(path): others can write to it (mode 602); run chmod go-w \(path),"
        + " or start with --no-config.")
    XCTAssertEqual(
      ConfigPermissions.refusal(path: path, mode: 0o100600, owner: 1001, user: 1000)?.description,
      "refusing the config file \(path): it belongs to another user (uid 1001); make it yours or"
        + " remove it, or start with --no-config.")
    XCTAssertEqual(
      ConfigPermissions.refusal(path: "/tmp/my config", mode: 0o100666, owner: 0, user: 0)?
        .description,
      "refusing the config file '/tmp/my config': its group and others can write to it (mode"
        + " 666); run chmod go-w '/tmp/my config', or start with --no-config.")
  }
}
