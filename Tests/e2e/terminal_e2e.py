#!/usr/bin/env python3
"""Real terminals as users meet them: raw key bytes, slow links, pastes, Ctrl-Z, locales,
glyphs of disputed width, the mouse, many TERM values. Drives the real binary in tmux through
session.py: waits poll the app's frames, or the terminal for what only it shows, with a
deadline.
Usage: terminal_e2e.py PATH/TO/loader-tui
"""
import ctypes
import ctypes.util
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check  # noqa: E402
from session import Session, run_all  # noqa: E402

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui"
WIDTH, HEIGHT = 100, 30
S = None
LIBC = ctypes.CDLL(ctypes.util.find_library("c"))
LIBC.setlocale(6, b"C.UTF-8")
LIBC.wcwidth.restype = ctypes.c_int


def cells(line):
    """The cells a line takes, as glibc's wcwidth (and so ncurses and tmux) counts them."""
    return sum(max(0, LIBC.wcwidth(ctypes.c_wchar(ch))) for ch in line)


def launch(tag, arguments="--latency 0", env="", cache=None):
    run = S.start(arguments, tag, env=env, cache=cache, wait=False)
    S.wait(f"{tag}: app on screen", lambda f: f.pane("Fetch"), quiet=True)
    return run


def loaded(tag):
    S.keys("f")
    return S.wait(f"{tag}: loaded", lambda f: "Repositories:" in f.text() and not f.loading(),
                  quiet=True)


def result_label(frame):
    """The Result pane's 'a–b of n' label, from its bottom border."""
    pane = frame.pane("Result")
    return pane["footer"] if pane else ""


def wait(description, condition, timeout=20):
    """Waits for a frame meeting `condition`; a check only when none comes."""
    return S.wait(description, condition, timeout=timeout, quiet=True)


def screen_wait(description, condition, timeout=20):
    """Waits for the terminal (tmux) to meet `condition`; a check only when it does not."""
    return S.wait_screen(description, condition, timeout=timeout, quiet=True, pad=False)


def run_keys_never_quit():
    tag = "nonquit"
    run = launch(tag)
    loaded(tag)
    for name, data in (("Alt+x", "\x1bx"), ("an unknown sequence", "\x1b[99~"),
                       ("a focus report", "\x1b[I"), ("Esc", "\x1b"),
                       ("a mouse report outside the panes", "\x1b[<0;200;200M"),
                       ("F5", "\x1b[15~")):
        S.type(data)
        time.sleep(0.3)
        check(f"{name} does not quit", run.running(), S.screen())
    S.keys("?")
    wait("help open", lambda f: "help" in f.overlays)
    S.type("\x1b")
    frame = wait("Esc closes the help", lambda f: "help" not in f.overlays)
    check("Esc closes the help and the app stays", run.running() and
          "help" not in frame.overlays, str(frame))
    run.quit()


def run_slow_arrow_and_encodings():
    tag = "encodings"
    run = launch(tag)
    frame = loaded(tag)
    S.keys("Tab", "Tab")
    # Select the last row in view: the next row down scrolls the view by one.
    for _ in range(len(frame.rows("Result")) - 1):
        S.keys("j")
    for byte in ("\x1b", "[", "B"):
        S.type(byte)
        time.sleep(0.04)
    frame = wait("slow arrow scrolls once", lambda f: f.pane("Result")["first"] == 1)
    check("an arrow whose bytes arrive 40 ms apart moves the selection one row, the view follows",
          frame.pane("Result")["first"] == 1 and "2–" in result_label(frame)
          and "inspector" not in frame.overlays, str(frame))
    top, bottom = (" 1–", "the top", "\x1b[1~"), ("–36 of 36", "the bottom", "\x1b[4~")
    # Every encoding terminals send for End, then for Home, each from the other end.
    for sequences, (label, where, _), (start, _, back) in (
            (("\x1b[4~", "\x1b[F", "\x1bOF", "\x1b[8~"), bottom, top),
            (("\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~"), top, bottom)):
        for sequence in sequences:
            S.type(back)
            wait(f"back at {start.strip()}", lambda f, s=start: s in result_label(f))
            S.type(sequence)
            name = "End" if label == bottom[0] else "Home"
            frame = wait(f"{name} as {sequence!r}", lambda f, s=label: s in result_label(f))
            check(f"{name} as {sequence!r} goes to {where}", label in result_label(frame),
                  str(frame))
    S.type("\x1b[6~")
    frame = wait("PgDn", lambda f: " 1–" not in result_label(f))
    check("PgDn as \\e[6~ pages down", " 1–" not in result_label(frame), str(frame))
    S.keys("G")
    frame = wait("G", lambda f: "–36 of 36" in result_label(f))
    check("G goes to the bottom", "–36 of 36" in result_label(frame), str(frame))
    S.keys("g")
    frame = wait("g", lambda f: " 1–" in result_label(f))
    check("g goes to the top", " 1–" in result_label(frame), str(frame))
    run.quit()


def run_terms():
    for term in ("screen-256color", "tmux-256color", "linux", "vt100", "vt220", "ansi"):
        tag = f"term-{term}"
        run = launch(tag, env=f"TERM={term} LANG=C.UTF-8")
        loaded(tag)
        S.keys("Tab", "Tab")
        S.type("\x1b[4~")
        end = wait(f"{term}: End", lambda f: "36 of 36" in result_label(f))
        S.type("\x1b[5~")
        up = wait(f"{term}: PgUp", lambda f: "36 of 36" not in result_label(f))
        check(f"TERM={term}: End and PgUp as tmux sends them",
              "36 of 36" in result_label(end) and "36 of 36" not in result_label(up), str(up))
        run.quit()
        lines = S.screen()
        check(f"TERM={term}: the screen is clean after q",
              not any("Fetch ─" in x or "Fetch -" in x for x in lines), lines)


def shell_settings(name):
    """The terminal settings the shell in the pane has now (`stty -g`), or None when it did not
    answer within 5 s."""
    path = os.path.join(S.work, f"{name}.stty")
    S.keys(f"stty -g > {path}", "Enter")
    deadline = time.monotonic() + 5
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    return open(path).read() if os.path.exists(path) else None


def run_suspend():
    tag = "suspend"
    run = launch(tag)
    loaded(tag)
    S.keys("C-z")
    lines = screen_wait("Ctrl-Z stops the app", lambda l: any("Stopped" in x for x in l))
    check("Ctrl-Z gives the shell its terminal settings back",
          shell_settings("stopped") == open(run.before).read(), lines)
    S.resize(80, 24)
    screen_wait("the shell sees the new size", lambda l: len(l) == 24)
    S.keys("fg", "Enter")
    lines = screen_wait("fg redraws at the new size",
                        lambda l: l and l[0].startswith("┌ Fetch") and cells(l[0]) == 80)
    check("fg redraws at the size the terminal has now (80×24)",
          cells(lines[0]) == 80 and lines[0].endswith("┐") and len(lines) == 24, lines)
    S.resize(WIDTH, HEIGHT)
    screen_wait("back to full size", lambda l: l and cells(l[0]) == WIDTH)
    tty = S.tmux("display", "-p", "-t", S.session, "#{pane_tty}").strip()
    with open(tty, "w") as terminal:
        terminal.write("\x1b[5;5HGARBAGE-FROM-ELSEWHERE")
    screen_wait("garbage shown", lambda l: any("GARBAGE" in x for x in l))
    S.keys("C-l")
    lines = screen_wait("Ctrl-L repaints", lambda l: not any("GARBAGE" in x for x in l))
    check("Ctrl-L repaints every cell", not any("GARBAGE" in x for x in lines), lines)
    # The shell went on with the command line when the job stopped, so its exit status and
    # settings were recorded then; after fg, q must end the process and restore the terminal.
    pid = run.pid()
    S.keys("q")
    gone = not os.path.exists(f"/proc/{pid}")
    deadline = time.monotonic() + 5
    while not gone and time.monotonic() < deadline:
        time.sleep(0.05)
        gone = not os.path.exists(f"/proc/{pid}")
    check("after fg, q ends the app", gone)
    check("after fg and q the terminal settings are the shell's again",
          shell_settings("suspend-final") == open(run.before).read())


def paste(text):
    S.tmux("set-buffer", "-b", "e2e", text)
    S.tmux("paste-buffer", "-p", "-t", S.session, "-b", "e2e")


def run_too_small_and_paste():
    tag = "paste"
    run = launch(tag)
    loaded(tag)
    S.resize(20, 5)
    wait("too small", lambda f: f.data["tooSmall"])
    S.keys("/", "a", "b", "c", "x", "Escape", "f")
    S.resize(WIDTH, HEIGHT)
    wait("full size again", lambda f: f.pane("Result"))
    time.sleep(0.3)
    frame = S.frame()
    check("keys typed on the too-small screen did nothing (no filter, no fetch, no outage)",
          not any(x in frame.text() for x in ("Filter:", "Loading", "Outage"))
          and not frame.loading(), str(frame))
    S.keys("/")
    paste("android\nxq")
    frame = wait("paste in the filter", lambda f: "Filter: androidxq" in f.text())
    check("a bracketed paste goes into the filter without its newline",
          "Filter: androidxq" in frame.text() and run.running(), str(frame))
    check("the paste ran no command (no outage)", "Outage" not in frame.text(), str(frame))
    S.keys("C-u")
    paste("x" * 70)
    frame = wait("long filter", lambda f: "Filter: …" in f.text())
    check("a long filter scrolls: its end, caret and count stay visible",
          any("Filter: …" in x and "▏  (0 shown)" in x for x in frame.lines), str(frame))
    S.keys("Escape")
    paste("q")
    time.sleep(0.4)
    check("a paste outside the filter does nothing (a pasted q does not quit)", run.running())
    run.quit()


def run_mouse():
    tag = "mouse"
    run = launch(tag, "--latency 0.5")
    S.type("\x1b[<0;5;2M\x1b[<0;5;2m")
    frame = wait("click on [ Fetch ]", lambda f: f.spinning())
    check("a click on [ Fetch ] fetches", frame.spinning(), str(frame))
    wait("loaded", lambda f: "Repositories:" in f.text() and not f.loading())
    S.type("\x1b[<65;80;10M")
    frame = wait("wheel", lambda f: f.pane("Result")["first"] == 3)
    check("the wheel scrolls the pane under the pointer", " 4–" in result_label(frame),
          str(frame))
    run.quit()


def run_locale():
    tag = "locale"
    run = launch(tag, env="-i TERM=xterm-256color PATH=/usr/bin:/bin")
    loaded(tag)
    lines = S.on_terminal()
    text = "\n".join(lines)
    check("no locale: ASCII borders, symbols and no blank box characters",
          lines[0].startswith("+ Fetch ---") and "*207" in text and
          all(ord(c) < 128 for c in text), lines)
    run.quit()
    S.keys("clear", "Enter")
    out = os.path.join(S.work, "ascii.txt")
    S.keys(f"env -i PATH=/usr/bin:/bin {S.binary} --headless --latency 0 --no-timestamps > {out}; "
           "printf 'DONE%s\\n' -asciihl", "Enter")
    screen_wait("headless done", lambda l: any("DONE-asciihl" in x for x in l))
    data = open(out, "rb").read() if os.path.exists(out) else b""
    check("no locale: headless text is ASCII too",
          b"done: 1 round, success" in data and all(b < 128 for b in data), [data[:300]])


def run_wide_names():
    tag = "wide"
    run = launch(tag, "--latency 0 --fail repos --fail-mode wide-text")
    loaded(tag)

    def drawn(text):
        return "flag-JP-jp" in text and "thai-น้ำ-water" in text and "नमस्ते" in text
    # Cells are counted as the terminal draws them: on tmux's screen, once it shows the frame.
    lines = screen_wait("the wide names are drawn", lambda l: drawn("\n".join(l)))
    body = lines[2:28]
    check("every row of disputed-width names takes exactly the terminal's width",
          all(cells(x) == WIDTH for x in body), [f"{cells(x)}: {x}" for x in body])
    check("a flag is drawn as its letters, Thai and Devanagari keep every letter",
          drawn("\n".join(lines)), lines)
    check("a ZWJ family is drawn as its first emoji, no joiner escaped",
          "family-👨-zwj" in "\n".join(lines) and "200D" not in "\n".join(lines), lines)
    S.keys("Tab", "Tab")
    for _ in range(12):
        S.keys("j")
    S.keys("g")
    wait("back at the top", lambda f: f.pane("Result")["first"] == 0)
    lines = screen_wait("the terminal shows the top", lambda l: " 1–" in l[-2][WIDTH // 2:])
    check("scrolling leaves no stale character behind",
          all(cells(x) == WIDTH for x in lines[2:28]) and "flag-JP-jp " in "\n".join(lines)
          and "🇯" not in "\n".join(lines), lines)
    run.quit()


def run_cached_start():
    cache = os.path.join(S.work, "cache-shared")
    tag = "cache-cold"
    run = launch(tag, cache=cache)
    loaded(tag)
    run.quit()
    tag = "cache-warm"
    run = launch(tag, "--latency 5", cache=cache)
    frame = wait("second start: cached content before any key",
                 lambda f: "Repositories:" in f.text() and "cached" in f.status["text"])
    check("the second start shows the cached lists and their age before any key",
          "Apexy" in [r["name"] for r in frame.rows("Result")]
          and "(org) cached just now" in frame.status["text"] and not frame.spinning(),
          str(frame))
    S.keys("f")
    frame = wait("f over cached content spins with the lists shown", lambda f: f.spinning())
    check("f keeps the cached lists under the spinner",
          "Apexy" in [r["name"] for r in frame.rows("Result")]
          and "(cached just now)" in frame.status["text"], str(frame))


def run_lists_and_browser():
    tag = "browser"
    record = os.path.join(S.work, "browser-args")
    script = os.path.join(S.work, "browser.sh")
    with open(script, "w") as file:
        # Written whole, then moved in place: the test reads it as soon as it is there.
        file.write(f"#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > {record}.part && "
                   f"mv {record}.part {record}\n")
    os.chmod(script, 0o755)
    # BROWSER's commands are tried in turn until one succeeds: false fails, the script opens.
    run = launch(tag, env=f"BROWSER=false:{script}")
    loaded(tag)
    S.keys("Tab", "j")
    S.keys("Enter")
    frame = wait("Enter opens the detail view", lambda f: "detail" in f.overlays)
    text = "\n".join(frame.lines)
    check("the detail view shows the second repository's fields",
          "RedMadRobot/input-mask-ios" in text and "License" in text
          and "https://github.com/RedMadRobot/input-mask-ios" in text, str(frame))
    frame = wait("the detail request brings watchers and the fork network",
                 lambda f: any("Watchers    30" in x for x in f.lines)
                 and any("Network     86" in x for x in f.lines))
    S.save("detail", frame.lines)
    S.keys("o")
    deadline = time.monotonic() + 10
    while not os.path.exists(record) and time.monotonic() < deadline:
        time.sleep(0.05)
    argv = open(record).read().splitlines() if os.path.exists(record) else []
    check("o runs $BROWSER's next command after false, the page address its one argument",
          argv == ["1", "https://github.com/RedMadRobot/input-mask-ios"], [repr(argv)])
    S.type("\x1b")
    wait("Esc closes the detail view", lambda f: "detail" not in f.overlays)
    S.keys("s", "s")
    frame = wait("s s sorts by stars", lambda f: "by stars:" in f.text())
    check("s sorts both panes by stars", "by stars:" in f"{frame.text('Fetch')} "
          f"{frame.text('Result')}", str(frame))
    run.quit()


def inspector_rows(lines):
    """The inspector's loader rows by loader name."""
    rows = {}
    for x in lines:
        if x.startswith("│ ") and len(x.split()) > 2:
            rows.setdefault(x.split()[1], x)
    return rows


def run_inspector():
    tag = "inspector"
    run = launch(tag)
    loaded(tag)
    S.keys("r")
    wait("reloaded", lambda f: not f.loading())
    S.keys("i")
    wait("i opens the inspector", lambda f: "inspector" in f.overlays)
    # The reload can be over before `r` is read: wait for the reload's requests and its end.
    frame = wait("every request ended and the reload with it", lambda f: any(
        x.startswith("│ repositories") and " 8    0    0    4 " in x and "loading" not in x
        for x in f.lines))
    lines = frame.lines
    rows = inspector_rows(lines)
    # A fetch is one organization request and four repositories pages; the reload four more,
    # each revalidated and answered 304.
    check("the inspector counts 1 owner and 8 repositories requests (4 answered 304)",
          " 1    0    0    0 " in rows.get("owner", "")
          and " 8    0    0    4 " in rows.get("repositories", ""), lines)
    check("the repositories loader is observed by both panes, named",
          "Fetch pane, Result pane" in rows.get("repositories", ""), lines)
    text = "\n".join(lines)
    check("the request log shows the newest requests with status, time and bytes",
          "GET /orgs/RedMadRobot/repos?per_page=10&page=4  304  " in text and " kB" in text,
          lines)
    check("the timeline shows the repositories loader loading and succeeding twice",
          any(x.startswith("│ repositories  …") and x.count("✓") == 2 for x in lines), lines)
    S.save("inspector", lines)
    S.keys("i")
    wait("i closes it", lambda f: "inspector" not in f.overlays)
    run.quit()


def demo_server(log):
    """`serve-demo` on an ephemeral port, printing each request it receives to `log`; returns
    the process and its address."""
    server = subprocess.Popen([S.binary, "serve-demo", "--no-config", "--port", "0", "--latency", "0"],
                              stdout=open(log, "w"), stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    url = None
    while url is None and time.monotonic() < deadline:
        for line in open(log).read().splitlines():
            if line.startswith("Serving the built-in GitHub-shaped API at "):
                url = line.rsplit(" ", 1)[1]
        time.sleep(0.05)
    return server, url


def run_inspector_against_the_servers_log():
    """The inspector's request counts are the server's own: `serve-demo` prints each request it
    receives, and the app, pointed at it, must count exactly those."""
    tag = "server-log"
    log = os.path.join(S.work, "serve-demo.log")
    server, url = demo_server(log)
    try:
        run = launch(tag, f"--base-url {url}")
        loaded(tag)
        S.keys("r")
        wait("reloaded", lambda f: not f.loading())
        S.keys("i")
        wait("inspector open", lambda f: "inspector" in f.overlays)
        time.sleep(0.3)
        lines = S.frame().lines
        requests = [x for x in open(log).read().splitlines() if x.startswith("GET ")]
        organization = sum(1 for x in requests if x.split()[1] == "/orgs/RedMadRobot")
        repositories = sum(1 for x in requests if x.split()[1].startswith("/orgs/RedMadRobot/repos"))
        header = next((x for x in lines if " sent " in x), "")
        column = header.index(" sent ") + len(" sent")

        def sent(name):
            """The number in the `sent` column of a loader's row, -1 when there is none."""
            row = next((x for x in lines if x.startswith(f"│ {name} ")), "")
            words = row[:column].split()
            return int(words[-1]) if words and words[-1].isdigit() else -1
        check(f"the inspector counts what the server received ({organization} organization, "
              f"{repositories} repositories requests)",
              organization > 0 and sent("owner") == organization
              and sent("repositories") == repositories, lines + requests)
        row = next((x for x in lines if x.startswith("│ repositories ")), "")
        check("one repositories loader, observed by both panes, served both",
              "Fetch pane, Result pane" in row, lines)
        run.quit()
    finally:
        server.terminate()
        server.wait()


def main():
    global S
    S = Session("terminals", BINARY, WIDTH, HEIGHT)
    run_all(S, "terminals", run_keys_never_quit, run_slow_arrow_and_encodings, run_suspend,
            run_too_small_and_paste, run_mouse, run_locale, run_wide_names,
            run_lists_and_browser, run_inspector, run_inspector_against_the_servers_log,
            run_terms, run_cached_start)


if __name__ == "__main__":
    main()
