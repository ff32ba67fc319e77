import AppModel
import DemoOptions
import Foundation
import XCTest

@testable import AppCommandLine

/// The completion scripts, run by the shells themselves: what Tab offers after a command line.
final class CompletionsTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "completions-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for shell in Shell.allCases {
      try Completions.script(for: shell).write(
        to: directory.appendingPathComponent(shell.rawValue), atomically: true, encoding: .utf8)
    }
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: directory)
  }

  private func script(_ shell: Shell) -> String {
    directory.appendingPathComponent(shell.rawValue).path
  }

  /// What bash's completion function offers for `words`, the last one being completed (bash
  /// splits `--flag=value` at `=`, as `COMP_WORDBREAKS` says, unless `split` is false).
  private func bash(_ words: [String]) throws -> [String] {
    let quoted = words.map(ShellWord.quoted).joined(separator: " ")
    let run = try ToolRun.run(
      "/bin/bash",
      [
        "--norc", "--noprofile", "-c",
        "source \(script(.bash)) && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1)"
          + " && _loader_tui && printf '%s\\n' \"${COMPREPLY[@]}\"",
      ])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    return run.lines
  }

  func testBashCompletesFailureModes() throws {
    XCTAssertEqual(
      try bash(["loader-tui", "--fail-mode", "r"]),
      ["rate-limit", "retry-after", "reset", "redirect"])
    XCTAssertEqual(
      try bash(["loader-tui", "--fail-mode", ""]), DemoFailureMode.allCases.map(\.rawValue))
    // --fail-mode=r: bash splits at = by default, or hands the whole word over.
    XCTAssertEqual(
      try bash(["loader-tui", "--fail-mode", "=", "re"]), ["retry-after", "reset", "redirect"])
    XCTAssertEqual(
      try bash(["loader-tui", "--fail-mode", "="]).count, DemoFailureMode.allCases.count)
    XCTAssertEqual(
      try bash(["loader-tui", "--fail-mode=ra"]), ["--fail-mode=rate-limit"])
    XCTAssertEqual(try bash(["loader-tui", "serve-demo", "--fail-mode", "fl"]), ["flaky"])
    XCTAssertEqual(try bash(["loader-tui", "--fail-mode", "se"]), ["secondary-rate-limit"])
  }

  func testBashCompletesFailureListsOneWordAtATime() throws {
    XCTAssertEqual(try bash(["loader-tui", "--fail", ""]), ["org", "repos", "round=", "page="])
    XCTAssertEqual(
      try bash(["loader-tui", "--fail", "repos,"]), ["repos,org", "repos,round=", "repos,page="])
    XCTAssertEqual(
      try bash(["loader-tui", "--fail", "page=31,r"]), ["page=31,repos", "page=31,round="])
    XCTAssertEqual(
      try bash(["loader-tui", "--fail", "round=2,r"]), ["round=2,repos", "round=2,round="])
  }

  /// `--key` and `--color` take one NAME=VALUE: the name completes with its = and no more names
  /// are offered after a comma, which separates keys there.
  func testBashCompletesOneAssignment() throws {
    XCTAssertEqual(try bash(["loader-tui", "--key", "qu"]), ["quit="])
    XCTAssertEqual(try bash(["loader-tui", "--key", "sort=o,"]), [])
    XCTAssertEqual(try bash(["loader-tui", "--color", "status"]), ["status-bar="])
    XCTAssertEqual(try bash(["loader-tui", "--theme", ""]), ["dark", "light"])
  }

  func testBashCompletesCommandsAndTheirArguments() throws {
    XCTAssertEqual(try bash(["loader-tui", ""]), Subcommand.allCases.map(\.rawValue))
    XCTAssertEqual(try bash(["loader-tui", "c"]), ["cache", "completions"])
    XCTAssertEqual(try bash(["loader-tui", "cache", ""]), ["info", "clear"])
    XCTAssertEqual(
      try bash(["loader-tui", "cache", "info", "--"]), ["--cache-dir", "--no-config"])
    XCTAssertEqual(try bash(["loader-tui", "completions", ""]), ["bash", "zsh", "fish"])
    XCTAssertEqual(try bash(["loader-tui", "manual", ""]), [])
    XCTAssertEqual(try bash(["loader-tui", "--github", ""]), [], "no command after a flag")
  }

  func testBashCompletesTheFlagsEachCommandTakes() throws {
    XCTAssertEqual(
      try bash(["loader-tui", "--no-c"]), ["--no-cache", "--no-config", "--no-color"])
    let app = try bash(["loader-tui", "--"])
    XCTAssertEqual(app, Completions.appFlags.map(\.name))
    XCTAssertFalse(app.contains("--port"), "--port is serve-demo's")
    XCTAssertEqual(
      try bash(["loader-tui", "serve-demo", "--p"]), ["--page-latency", "--page-size", "--port"])
    XCTAssertEqual(try bash(["loader-tui", "serve-demo", "--ra"]), ["--rate-limit"])
    XCTAssertFalse(try bash(["loader-tui", "serve-demo", "--"]).contains("--github"))
    XCTAssertEqual(try bash(["loader-tui", "-"]).filter { !$0.hasPrefix("--") }, ["-h", "-V"])
    XCTAssertEqual(try bash(["loader-tui", "--org", ""]), [], "nothing to offer for a name")
  }

  func testBashCompletesPaths() throws {
    let folder = directory.appendingPathComponent("paths")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub dir"), withIntermediateDirectories: true)
    try Data().write(to: folder.appendingPathComponent("token"))
    XCTAssertEqual(
      try bash(["loader-tui", "--token-file", folder.path + "/"]).sorted(),
      [folder.path + "/sub dir", folder.path + "/token"])
    XCTAssertEqual(
      try bash(["loader-tui", "--cache-dir", folder.path + "/"]), [folder.path + "/sub dir"])
    XCTAssertEqual(
      try bash(["loader-tui", "cache", "clear", "--cache-dir", folder.path + "/s"]),
      [folder.path + "/sub dir"])
  }

  func testBashRegistersTheFunction() throws {
    let run = try ToolRun.run(
      "/bin/bash",
      ["--norc", "--noprofile", "-c", "source \(script(.bash)) && complete -p loader-tui"])
    XCTAssertEqual(run.stdout, "complete -F _loader_tui loader-tui\n")
  }

  func testZshReadsTheScript() throws {
    guard let zsh = ToolRun.find("zsh") else { throw XCTSkip("zsh is not installed") }
    let syntax = try ToolRun.run(zsh, ["-n", script(.zsh)])
    XCTAssertEqual(syntax.status, 0, syntax.stderr)
    // Sourced after compinit, it registers itself; from fpath, compinit finds it by #compdef.
    let functions = directory.appendingPathComponent("functions")
    try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
    try Completions.script(for: .zsh).write(
      to: functions.appendingPathComponent("_loader-tui"), atomically: true, encoding: .utf8)
    let dump = directory.appendingPathComponent("zcompdump").path
    for setup in [
      "autoload -U compinit && compinit -u -d \(dump) && source \(script(.zsh))",
      "fpath=(\(functions.path) $fpath) && autoload -U compinit && compinit -u -d \(dump)-fpath",
    ] {
      let run = try ToolRun.run(zsh, ["-f", "-c", setup + " && print -r -- $_comps[loader-tui]"])
      XCTAssertEqual(run.stdout, "_loader-tui\n", setup + ": " + run.stderr)
    }
    let specs = Completions.script(for: .zsh)
    for flag in Completions.allFlags {
      let spec = flag.name + (flag.argument == nil ? "[" : "=[")
      XCTAssertTrue(
        specs.contains(spec) || specs.contains("{\(flag.name),"),
        "\(flag.name) is not in _loader-tui")
    }
    XCTAssertTrue(specs.contains("(--base-url --latency"), "--github leaves out what it excludes")
  }

  /// fish answers `complete -C` with what Tab would offer, one candidate and description a line.
  private func fish(_ commandLine: String) throws -> [String] {
    guard let program = ToolRun.find("fish") else { throw XCTSkip("fish is not installed") }
    let run = try ToolRun.run(
      program,
      [
        "--no-config", "-c",
        "source \(script(.fish)); complete -C \(ShellWord.quoted(commandLine))",
      ])
    XCTAssertEqual(run.status, 0, run.stderr)
    return run.lines.map { String($0.split(separator: "\t").first ?? "") }
  }

  func testFishCompletes() throws {
    guard let program = ToolRun.find("fish") else { throw XCTSkip("fish is not installed") }
    XCTAssertEqual(try ToolRun.run(program, ["--no-config", "-n", script(.fish)]).status, 0)
    XCTAssertEqual(
      try fish("loader-tui --fail-mode r"), ["rate-limit", "redirect", "reset", "retry-after"])
    XCTAssertEqual(
      try fish("loader-tui --fail repos,"),
      ["repos,org", "repos,page=", "repos,repos", "repos,round="])
    XCTAssertEqual(try fish("loader-tui "), Subcommand.allCases.map(\.rawValue).sorted())
    XCTAssertEqual(try fish("loader-tui cache "), ["clear", "info"])
    XCTAssertEqual(try fish("loader-tui completions "), ["bash", "fish", "zsh"])
    XCTAssertEqual(try fish("loader-tui cache info --"), ["--cache-dir", "--no-config"])
    XCTAssertEqual(
      try fish("loader-tui serve-demo --p"), ["--page-latency", "--page-size", "--port"])
    XCTAssertEqual(try fish("loader-tui --no-c"), ["--no-cache", "--no-color", "--no-config"])
    let all = try fish("loader-tui --")
    XCTAssertEqual(Set(all), Set(Completions.appFlags.map(\.name)))
    XCTAssertEqual(try fish("loader-tui --key sort=o,"), [])
  }

  /// fish describes each action `--key` offers by the keys it is bound to: the shipped ones, or
  /// the config file's when `loader-tui completions fish` read one.
  func testFishShowsTheKeysAsBound() throws {
    guard let program = ToolRun.find("fish") else { throw XCTSkip("fish is not installed") }
    let bound = directory.appendingPathComponent("bound.fish")
    let keys = KeyMap.standard.binding(.quit, to: [.character("'"), .function(10)])
    try Completions.script(for: .fish, keys: keys).write(
      to: bound, atomically: true, encoding: .utf8)
    for (path, expected) in [
      (script(.fish), "quit=\tnow q, F10, Ctrl-C"), (bound.path, "quit=\tnow ', F10, Ctrl-C"),
    ] {
      let run = try ToolRun.run(
        program, ["--no-config", "-c", "source \(path); complete -C 'loader-tui --key qu'"])
      XCTAssertEqual(run.lines, [expected], run.stderr)
    }
  }
}
