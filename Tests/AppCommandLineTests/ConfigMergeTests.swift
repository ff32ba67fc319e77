import DemoOptions
import GitHubAPI
import XCTest

@testable import AppCommandLine

/// The config file's flags come first and the command line's after: the command line wins,
/// and a file flag it cannot go with is left out instead of being an error.
final class ConfigMergeTests: XCTestCase {
  /// What `arguments` ask for with a config file holding `text`.
  private func parse(_ text: String, _ arguments: [String]) throws -> Invocation {
    try ArgumentParser.parse(arguments) { () throws(UsageError) in
      ConfigFile(path: "/c", text: text, home: "/home/me")
    }
  }

  private func options(_ text: String, _ arguments: [String] = []) throws -> Options {
    guard case .run(let options) = try parse(text, arguments) else {
      throw UsageError(description: "not a run")
    }
    return options
  }

  func testOwnersNamedOnTheCommandLineReplaceTheFilesWhateverTheirKind() throws {
    let owners = try options("--org apple\n--user alice", ["--owner", "swift-tools,bob"]).owners
    XCTAssertEqual(
      owners, [OwnerChoice(login: "swift-tools", kind: nil), OwnerChoice(login: "bob", kind: nil)])
    let file = try options("--org apple\n--user alice", ["--timeout", "5"])
    XCTAssertEqual(
      file.owners,
      [OwnerChoice(login: "apple", kind: .organization), OwnerChoice(login: "alice", kind: .user)],
      "kept when the command line names none, in their order")
    XCTAssertEqual(file.owner, "apple")
    XCTAssertEqual(file.ownerKind, .organization)
    XCTAssertEqual(try options("", ["--user", "alice"]).ownerKind, .user)
    XCTAssertNil(try options("", ["--owner", "alice"]).ownerKind, "the API says which")
    XCTAssertThrowsError(try options("--owner alice,-x")) { error in
      XCTAssertEqual(
        "\(error)",
        "/c:1: --owner takes a GitHub login (letters, digits and single hyphens, at most 39), not"
          + " \"-x\" (a hyphen first or last).")
    }
  }

  func testTheCommandLineWins() throws {
    XCTAssertEqual(try options("--org apple", ["--org", "swift"]).owner, "swift")
    XCTAssertEqual(try options("--org apple\n--timeout 30", ["--timeout", "5"]).owner, "apple")
    XCTAssertEqual(try options("--fail org", ["--fail", "repos"]).failingRoutes, [.repositories])
    let latencies = try options("--org-latency 1", ["--latency", "0"])
    XCTAssertEqual(latencies.organizationLatency, 0)
    XCTAssertEqual(try options("--latency 0", ["--org-latency", "2"]).repositoriesLatency, 0)
  }

  /// A flag that excludes a file flag replaces it, whichever of the two chooses the context.
  func testFlagsThatExcludeEachOtherLeaveTheFileOut() throws {
    let url = URL(string: "https://github.example.com/api/v3")!
    XCTAssertEqual(
      try options("--github\n--org apple", ["--base-url", url.absoluteString]).source, .remote(url))
    XCTAssertEqual(
      try options("--github\n--org apple", ["--base-url", url.absoluteString]).owner, "apple")
    let local = try options("--github", ["--latency", "0"])
    XCTAssertEqual(local.source, .demo)
    XCTAssertEqual(local.organizationLatency, 0)
    let remote = try options("--latency 0\n--fail repos\n--fail-mode drop", ["--github"])
    XCTAssertEqual(remote.source, .remote(FlagTable.gitHubAPI))
    XCTAssertEqual(remote.failingRoutes, [])
    let terminal = try options("--headless\n--json\n--rounds 3", ["--interactive"])
    XCTAssertTrue(terminal.interactive)
    XCTAssertFalse(terminal.headless || terminal.json)
    XCTAssertEqual(terminal.rounds, 1)
    let headless = try options("--interactive\n--no-mouse", ["--headless", "--json"])
    XCTAssertTrue(headless.headless && headless.json && headless.mouse)
    XCTAssertFalse(headless.interactive)
    XCTAssertEqual(try options("--no-cache", ["--cache-dir", "/tmp/c"]).cacheDirectory, "/tmp/c")
    XCTAssertFalse(try options("--no-cache", ["--cache-dir", "/tmp/c"]).noCache)
    XCTAssertNil(try options("--cache-dir /tmp/c", ["--no-cache"]).cacheDirectory)
  }

  /// A flag that needs another one stays only when that one is given, in either place.
  func testAFlagWithoutTheFlagItNeedsIsLeftOut() throws {
    XCTAssertEqual(
      try options("--fail-mode drop").failureMode, DemoServerOptions.defaultFailureMode)
    XCTAssertEqual(try options("--fail-mode drop", ["--fail", "repos"]).failureMode, .drop)
    XCTAssertEqual(try options("--fail repos", ["--fail-mode", "drop"]).failureMode, .drop)
    XCTAssertThrowsError(try options("", ["--fail-mode", "drop"]))
  }

  /// serve-demo keeps the built-in server's flags of the file; the app leaves out --port.
  func testEachCommandKeepsTheFlagsItTakes() throws {
    let file = "--org apple\n--headless\n--latency 0\n--port 8080\n--fail repos"
    guard case .serveDemo(let server) = try parse(file, ["serve-demo"]) else {
      return XCTFail("not serve-demo")
    }
    XCTAssertEqual(server.port, 8080)
    XCTAssertEqual(server.organizationLatency, 0)
    XCTAssertEqual(server.failingRoutes, [.repositories])
    XCTAssertEqual(server.owner, Options().owner)
    XCTAssertFalse(server.headless)
    let app = try options(file)
    XCTAssertEqual(app.port, 0)
    XCTAssertEqual(app.owner, "apple")
    XCTAssertTrue(app.headless)
  }

  func testCacheTakesTheFilesCacheDirectory() throws {
    let file = "--cache-dir ~/cache\n--github"
    XCTAssertEqual(try parse(file, ["cache", "info"]), .cache(.info, directory: "/home/me/cache"))
    XCTAssertEqual(
      try parse(file, ["cache", "clear", "--cache-dir", "/x"]), .cache(.clear, directory: "/x"))
    XCTAssertEqual(
      try parse(file, ["cache", "info", "--no-config"]), .cache(.info, directory: nil))
    XCTAssertThrowsError(try parse("--latncy 0", ["cache", "info"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.description, "/c:1: unknown flag --latncy; did you mean --latency?")
    }
  }

  /// --no-config, --help, --version, completions and manual never read the file.
  func testSomeInvocationsNeverReadTheFile() throws {
    var read = 0
    let reading: ArgumentParser.ConfigReading = { () throws(UsageError) in
      read += 1
      return ConfigFile(path: "/c", text: "--bogus", home: nil)
    }
    XCTAssertEqual(
      try ArgumentParser.parse(["--no-config"], config: reading),
      .run(
        {
          var options = Options()
          options.noConfig = true
          return options
        }()))
    XCTAssertEqual(try ArgumentParser.parse(["--help"], config: reading), .help)
    XCTAssertEqual(try ArgumentParser.parse(["-V"], config: reading), .version)
    XCTAssertEqual(
      try ArgumentParser.parse(["completions", "zsh"], config: reading), .completions(.zsh))
    XCTAssertEqual(try ArgumentParser.parse(["manual"], config: reading), .manual)
    XCTAssertEqual(
      try ArgumentParser.parse(["serve-demo", "--no-config"], config: reading).isServeDemo, true)
    XCTAssertEqual(read, 0)
    XCTAssertThrowsError(try ArgumentParser.parse([], config: reading))
    XCTAssertEqual(read, 1)
  }

  func testCompletionsAndManualTakeTheirArguments() {
    let cases: [([String], String)] = [
      (["completions"], "completions needs the shell: loader-tui completions bash|zsh|fish."),
      (
        ["completions", "tcsh"],
        "completions knows bash, zsh and fish, not \"tcsh\": loader-tui completions bash|zsh|fish."
      ),
      (
        ["completions", "bash", "zsh"],
        "completions takes one shell: loader-tui completions bash|zsh|fish."
      ),
      (["manual", "1"], "manual takes no arguments: loader-tui manual."),
      (["--org", "a", "manual"], "manual comes first: loader-tui manual."),
      (
        ["cache"],
        "cache needs info|clear: loader-tui cache info|clear [--cache-dir DIR] [--no-config]."
      ),
      (
        ["cache", "info", "--github"],
        "cache info takes only these flags: loader-tui cache info|clear [--cache-dir DIR] [--no-config]."
      ),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try ArgumentParser.parse(arguments), "\(arguments)") { error in
        XCTAssertEqual((error as? UsageError)?.description, message)
      }
    }
  }
}

extension Invocation {
  fileprivate var isServeDemo: Bool {
    if case .serveDemo = self { return true }
    return false
  }
}
