import GitHubAPI

/// The `--help` text: every flag, the keys, examples.
enum HelpText {
  /// The whole help text.
  static let text = """
    loader-tui \(AppInfo.version): two panes sharing the same GitHub loaders.

    USAGE
      loader-tui [options]                  the app (headless when stdout is not a terminal)
      loader-tui serve-demo [--port N]      the built-in GitHub-shaped server alone

    DATA SOURCE (default: the built-in server on 127.0.0.1, no network needed)
      --github                  use the real GitHub API, https://api.github.com
      --base-url URL            any GitHub-compatible API (GitHub Enterprise: https://HOST/api/v3)
      --org NAME                the organization (default RedMadRobot)
      --token-file PATH         read the token from PATH (default: $GITHUB_TOKEN)
      --timeout SECONDS         overall deadline of one request (default 15)
      --max-response-size BYTES largest response accepted (default 8388608)
      --page-cap N              most repository pages followed (default 100, 100 a page)

    BUILT-IN SERVER
      --latency SECONDS         delay of both routes
      --org-latency SECONDS     delay of the organization route (default 3)
      --repos-latency SECONDS   delay of the repositories route, over all pages (default 5)
      --page-size N             largest page it hands out (default 10)
      --repos N                 serve N generated repositories instead of the fixtures
      --fail LIST               make requests fail: org, repos, round=N (comma-separated;
                                routes and rounds combine: repos,round=2)
      --fail-mode MODE          how they fail (default 503): 500, 502, 404, 401, rate-limit,
                                retry-after, html, truncated, wrong-types, empty, invalid-utf8,
                                drop, hang, slow-body, reset, huge, link-loop, endless-pages,
                                redirect, cross-origin, hostile-text
      --port N                  serve-demo: the port (default: any free port)

    DISPLAY
      --headless                print every state change instead of drawing
      --json                    headless: JSON Lines instead of text
      --rounds N                headless: fetch N times in a row (default 1)
      --no-timestamps           headless: leave out the time since start
      --interactive             require a terminal; fail instead of falling back to headless
      --no-color                no colour (NO_COLOR is honoured too)
      -h, --help                this help
      -V, --version             the version

    KEYS
      f, Enter          fetch the organization and its repositories
      r                 reload the repositories only
      Tab, Shift-Tab    move focus (also ← → h l)
      ↑ ↓ j k           scroll the focused list; PgUp PgDn Home End
      /                 filter as you type; Enter keeps it, Esc clears it
      x                 toggle a simulated outage (built-in server only)
      ?                 all keys
      q, Esc, Ctrl-C    quit

    EXAMPLES
      loader-tui                                  offline, built-in server, 3 s and 5 s delays
      loader-tui --latency 0 --headless           print the transitions at once
      loader-tui --headless --json --rounds 2 | jq .
      GITHUB_TOKEN=<token> loader-tui --github --org apple
      loader-tui serve-demo --port 8080           then: loader-tui --base-url http://127.0.0.1:8080

    EXIT CODES
      0 success, 1 the fetch failed (headless), 2 usage error or no usable terminal,
      74 stdout could not be written, 141 the reader closed the pipe (| head -1),
      130 SIGINT, 143 SIGTERM, 129 SIGHUP
    """
}
