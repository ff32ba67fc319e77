import AppModel
import GitHubAPI

/// `loader-tui --help` at 80 columns with the app's defaults, written out in full: a flag,
/// key or default that changes without this file changing fails `CommandLineTests`.
let expectedHelp = """
  loader-tui \(AppInfo.version): two panes sharing the same GitHub loaders.

  USAGE
    loader-tui [options]                  the app (headless without a terminal)
    loader-tui serve-demo [--port N]      the built-in GitHub-shaped server alone
    loader-tui cache info|clear           show or empty the cache (--cache-dir
                                          DIR)
    loader-tui completions bash|zsh|fish  print the shell's completion script
    loader-tui manual                     print the manual page, in mdoc
                                          (loader-tui manual | man -l -)

  DATA SOURCE (default: the built-in server on 127.0.0.1, no network needed)
    --github                   use the real GitHub API, https://api.github.com
    --base-url URL             any GitHub-compatible API (GitHub Enterprise:
                               https://HOST/api/v3)
    --org NAME                 the organization (default RedMadRobot)
    --user NAME                a user instead of an organization
    --owner NAME               an organization or a user, as the API says; repeat
                               or comma-separate to load several (headless) or to
                               offer them to @ (terminal)
    --token-file PATH          read the token from PATH instead of $GITHUB_TOKEN
    --timeout SECONDS          overall deadline of one request, in seconds
                               (default 15)
    --max-response-size BYTES  largest response accepted, in bytes
                               (default 8388608)
    --page-cap N               most repository pages followed, of 100 repositories
                               each (default 100)
    --limit N                  most repositories listed; no page is read after the
                               one reaching N
    --refresh SECONDS          revalidate both loaders every SECONDS (off by
                               default)
    --retries N                retries after a timeout, a lost connection, 5xx or
                               429; 0 for none (default 3)
    --max-wait SECONDS         longest a Retry-After or rate-limit reset may make
                               a retry wait (default 30)
    --cache-dir DIR            the cache directory, instead of
                               $XDG_CACHE_HOME/loader-tui or ~/.cache/loader-tui
    --no-cache                 neither read nor write the cache on disk; start
                               empty
    --no-config                ignore the config file ($LOADER_TUI_CONFIG, else
                               $XDG_CONFIG_HOME/loader-tui/config or
                               ~/.config/loader-tui/config)

  BUILT-IN SERVER (not with --github or --base-url)
    --latency SECONDS          delay of both routes
    --org-latency SECONDS      delay of the organization route (default 3)
    --repos-latency SECONDS    delay of the repositories route, all pages together
                               (default 5)
    --page-latency SECONDS     delay of each repositories page, in place of
                               --repos-latency
    --page-size N              largest page it hands out
                               (default 10; 100 with --repos over 1000)
    --repos N                  serve N generated repositories instead of the
                               fixtures
    --fail LIST                make requests fail: org, repos, round=N, page=N
                               (one page of repos); comma-separated, they combine:
                               repos,round=2
    --fail-mode MODE           how they fail: 503, 500, 502, 404, 401, rate-limit,
                               secondary-rate-limit, retry-after, flaky, html,
                               truncated, wrong-types, empty, invalid-utf8, drop,
                               hang, slow-body, reset, huge, link-loop,
                               endless-pages, redirect, cross-origin,
                               hostile-text, wide-text (default 503)
    --rate-limit N             requests allowed per hour; past them, 403 with
                               x-ratelimit-remaining: 0 (default 5000)
    --port N                   serve-demo: the port, 0 for any free one
                               (default 0)

  DISPLAY
    --headless                 print every state change instead of drawing
    --json                     headless: JSON Lines instead of text
    --trace                    headless: print each request's start and end too
    --rounds N                 headless: fetch N times in a row (default 1)
    --no-timestamps            headless: leave out the time since start
    --interactive              require a terminal; fail instead of falling back to
                               headless
    --no-color                 no colour (NO_COLOR is honoured too)
    --theme THEME              the colours: dark, or light for light backgrounds
                               (default dark)
    --color ELEMENT=COLOR      colour an element: border, header, selection,
                               loading, error, status-bar, inspector; a colour
                               name or 0-255, /BACKGROUND optional: border=blue,
                               status-bar=15/24
    --key ACTION=KEYS          bind an action of the key table to other keys:
                               quit=Q, sort=o,F5 (loader-tui manual lists the
                               actions)
    --ascii                    draw with ASCII only: borders, spinner and symbols;
                               also chosen when the locale is not UTF-8
    --no-mouse                 do not turn on mouse reporting
    -h, --help                 this help
    -V, --version              the version, and libcurl's and ncurses'

  KEYS
    f                          fetch the owner and its repositories
    r                          reload the repositories only
    @                          show another organization or user; Tab completes,
                               Esc closes
    -                          back to the owner shown before
    Enter                      details of the selected row (Esc closes); fetch on
                               [ Fetch ]
    Tab, →, l                  focus the next element
    Shift-Tab, ←, h            focus the previous element
    ↑, ↓, j, k                 move the selection
    PgUp, PgDn                 move the selection a page
    Home, End, g, G            select the first or the last repository
    s                          sort both lists by name, stars, last push, or as
                               listed
    S                          sort the other way
    i                          show or hide the inspector: loaders, observers,
                               requests
    [, ]                       scroll the request log (and ↑↓ in the inspector
                               tab)
    o                          open the selected repository's page in the browser
    y                          copy the selected repository's address (OSC 52)
    /                          filter name/language/description; Enter keeps, Esc
                               clears
    n, N                       the next or the previous row the filter matched
    x                          simulated outage on or off (built-in server)
    ?, F1                      show all keys
    Ctrl-L                     repaint the whole screen
    Ctrl-Z                     suspend to the shell (fg comes back)
    q, F10, Ctrl-C             quit

  EXAMPLES
    # offline, the built-in server, 3 s and 5 s delays
    loader-tui
    # print the transitions at once
    loader-tui --latency 0 --headless
    # JSON Lines for scripts
    loader-tui --headless --json --rounds 2 | jq .
    # a real organization
    GITHUB_TOKEN=<token> loader-tui --github --org apple
    # the built-in server alone, and the app against it from another shell
    loader-tui serve-demo --port 8080
    loader-tui --base-url http://127.0.0.1:8080

  CONFIG FILE
    Flags, one a line as on the command line (--github, --org apple), read from
    $LOADER_TUI_CONFIG, else $XDG_CONFIG_HOME/loader-tui/config or
    ~/.config/loader-tui/config; the command line wins. Colours and keys of one's
    own go there too (--theme light, --color border=blue, --key quit=Q). More in
    the manual page (man loader-tui, or loader-tui manual | man -l -).

  EXIT CODES
    0                success
    1                the fetch failed (headless), the cache could not be read or
                     cleared, or serve-demo could not listen on its port
    2                usage error (command line or config file), or no usable
                     terminal with --interactive
    74               standard output could not be written (closed, disk full)
    141              the reader closed the pipe (| head -1); nothing is printed
    130 143 129 131  ended by SIGINT, SIGTERM, SIGHUP, SIGQUIT (128+N for another
                     signal N that quits), after restoring the terminal
  """
