#!/usr/bin/env python3
"""Real terminals as users meet them: raw key bytes, slow links, pastes, Ctrl-Z, locales,
glyphs of disputed width, the mouse, many TERM values. Drives the real binary in tmux with the
helpers of tui_e2e.py; every wait polls the screen with a deadline.
Usage: terminal_e2e.py PATH/TO/loader-tui
"""
import ctypes
import ctypes.util
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tui_e2e as d  # noqa: E402

LIBC = ctypes.CDLL(ctypes.util.find_library("c"))
LIBC.setlocale(6, b"C.UTF-8")
LIBC.wcwidth.restype = ctypes.c_int


def cells(line):
    """The cells a line takes, as glibc's wcwidth (and so ncurses and tmux) counts them."""
    return sum(max(0, LIBC.wcwidth(ctypes.c_wchar(ch))) for ch in line)


def raw(data):
    d.tmux("send-keys", "-t", d.SESSION, "-l", data)


def keys(*names):
    d.tmux("send-keys", "-t", d.SESSION, *names)


def running(tag):
    return not any(f"DONE-{tag}" in x for x in d.screen())


def launch(tag, arguments="--latency 0", env="", cache=None):
    keys("clear", "Enter")
    files = d.start(arguments, tag, env=env, raw_env=bool(env), cache=cache)
    d.wait_for(f"{tag}: app on screen", lambda l: any("Fetch" in x for x in l[:2]))
    return files


def loaded(tag):
    keys("f")
    return d.wait_for(f"{tag}: loaded", lambda l: "Repositories:" in "\n".join(l)
                      and "Loading" not in "\n".join(l))


def result_label(lines):
    """The Result pane's 'a–b of n' label, from its bottom border."""
    bottom = [x for x in lines if x.startswith("└") or x.startswith("+")]
    return bottom[0][d.WIDTH // 2:] if bottom else ""


def quit_app(tag, files, code=0):
    keys("q")
    d.wait_for(f"{tag}: shell back", lambda l: any(f"DONE-{tag}" in x for x in l))
    d.finished(tag, files[0], files[1], files[2], code)


def run_keys_never_quit():
    tag = "nonquit"
    files = launch(tag)
    loaded(tag)
    for name, data in (("Alt+x", "\x1bx"), ("an unknown sequence", "\x1b[99~"),
                       ("a focus report", "\x1b[I"), ("Esc", "\x1b"),
                       ("a mouse report outside the panes", "\x1b[<0;200;200M"),
                       ("F5", "\x1b[15~")):
        raw(data)
        time.sleep(0.3)
        d.check(f"{name} does not quit", running(tag), d.screen())
    keys("?")
    d.wait_for("help open", lambda l: any("Keys" in x for x in l))
    raw("\x1b")
    lines = d.wait_for("Esc closes the help", lambda l: not any("┌ Keys" in x for x in l))
    d.check("Esc closes the help and the app stays", running(tag) and
            not any("┌ Keys" in x for x in lines), lines)
    quit_app(tag, files)


def run_slow_arrow_and_encodings():
    tag = "encodings"
    files = launch(tag)
    loaded(tag)
    keys("Tab", "Tab")
    # Select the last row in view: the next row down scrolls the view by one.
    shown = int(result_label(d.screen()).split("–")[1].split(" ")[0])
    for _ in range(shown - 1):
        keys("j")
    for byte in ("\x1b", "[", "B"):
        raw(byte)
        time.sleep(0.04)
    lines = d.wait_for("slow arrow scrolls once", lambda l: "2–" in result_label(l))
    d.check("an arrow whose bytes arrive 40 ms apart moves the selection one row, the view follows",
            "2–" in result_label(lines) and not any("Inspector" in x for x in lines), lines)
    top, bottom = (" 1–", "the top", "\x1b[1~"), ("–36 of 36", "the bottom", "\x1b[4~")
    # Every encoding terminals send for End, then for Home, each from the other end.
    for sequences, (label, where, _), (start, _, back) in (
            (("\x1b[4~", "\x1b[F", "\x1bOF", "\x1b[8~"), bottom, top),
            (("\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~"), top, bottom)):
        for sequence in sequences:
            raw(back)
            d.wait_for(f"back at {start.strip()}", lambda l, s=start: s in result_label(l))
            raw(sequence)
            name = "End" if label == bottom[0] else "Home"
            lines = d.wait_for(f"{name} as {sequence!r}", lambda l, s=label: s in result_label(l))
            d.check(f"{name} as {sequence!r} goes to {where}", label in result_label(lines), lines)
    raw("\x1b[6~")
    lines = d.wait_for("PgDn", lambda l: " 1–" not in result_label(l))
    d.check("PgDn as \\e[6~ pages down", " 1–" not in result_label(lines), lines)
    keys("G")
    lines = d.wait_for("G", lambda l: "–36 of 36" in result_label(l))
    d.check("G goes to the bottom", "–36 of 36" in result_label(lines), lines)
    keys("g")
    lines = d.wait_for("g", lambda l: " 1–" in result_label(l))
    d.check("g goes to the top", " 1–" in result_label(lines), lines)
    quit_app(tag, files)


def run_terms():
    for term in ("screen-256color", "tmux-256color", "linux", "vt100", "vt220", "ansi"):
        tag = f"term-{term}"
        files = launch(tag, env=f"env TERM={term} LANG=C.UTF-8")
        loaded(tag)
        keys("Tab", "Tab")
        raw("\x1b[4~")
        end = d.wait_for(f"{term}: End", lambda l: "36 of 36" in result_label(l))
        raw("\x1b[5~")
        up = d.wait_for(f"{term}: PgUp", lambda l: "36 of 36" not in result_label(l))
        d.check(f"TERM={term}: End and PgUp as tmux sends them",
                "36 of 36" in result_label(end) and "36 of 36" not in result_label(up), up)
        quit_app(tag, files)
        lines = d.screen()
        d.check(f"TERM={term}: the screen is clean after q",
                not any("Fetch ─" in x or "Fetch -" in x for x in lines), lines)


def shell_settings(name):
    """The terminal settings the shell in the pane has now (`stty -g`), or None when it did not
    answer within 5 s."""
    path = os.path.join(d.WORK, f"{name}.stty")
    keys(f"stty -g > {path}", "Enter")
    deadline = time.monotonic() + 5
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    return open(path).read() if os.path.exists(path) else None


def run_suspend():
    tag = "suspend"
    files = launch(tag)
    loaded(tag)
    keys("C-z")
    lines = d.wait_for("Ctrl-Z stops the app", lambda l: any("Stopped" in x for x in l))
    d.check("Ctrl-Z gives the shell its terminal settings back",
            shell_settings("stopped") == open(files[0]).read(), lines)
    d.tmux("resize-window", "-t", d.SESSION, "-x", "80", "-y", "24")
    d.wait_for("the shell sees the new size", lambda l: len(l) == 24)
    keys("fg", "Enter")
    lines = d.wait_for("fg redraws at the new size",
                       lambda l: l and l[0].startswith("┌ Fetch") and cells(l[0]) == 80)
    d.check("fg redraws at the size the terminal has now (80×24)",
            cells(lines[0]) == 80 and lines[0].endswith("┐") and len(lines) == 24, lines)
    d.tmux("resize-window", "-t", d.SESSION, "-x", str(d.WIDTH), "-y", str(d.HEIGHT))
    d.wait_for("back to full size", lambda l: l and cells(l[0]) == d.WIDTH)
    tty = d.tmux("display", "-p", "-t", d.SESSION, "#{pane_tty}").strip()
    with open(tty, "w") as terminal:
        terminal.write("\x1b[5;5HGARBAGE-FROM-ELSEWHERE")
    d.wait_for("garbage shown", lambda l: any("GARBAGE" in x for x in l))
    keys("C-l")
    lines = d.wait_for("Ctrl-L repaints", lambda l: not any("GARBAGE" in x for x in l))
    d.check("Ctrl-L repaints every cell", not any("GARBAGE" in x for x in lines), lines)
    # The shell went on with the command line when the job stopped, so its exit status and
    # settings were recorded then; after fg, q must end the process and restore the terminal.
    pid = open(files[3]).read().strip()
    keys("q")
    gone = not os.path.exists(f"/proc/{pid}")
    deadline = time.monotonic() + 5
    while not gone and time.monotonic() < deadline:
        time.sleep(0.05)
        gone = not os.path.exists(f"/proc/{pid}")
    d.check("after fg, q ends the app", gone)
    d.check("after fg and q the terminal settings are the shell's again",
            shell_settings("suspend-final") == open(files[0]).read())


def run_too_small_and_paste():
    tag = "paste"
    files = launch(tag)
    loaded(tag)
    d.tmux("resize-window", "-t", d.SESSION, "-x", "20", "-y", "5")
    d.wait_for("too small", lambda l: any("Terminal too" in x for x in l))
    keys("/", "a", "b", "c", "x", "Escape", "f")
    d.tmux("resize-window", "-t", d.SESSION, "-x", str(d.WIDTH), "-y", str(d.HEIGHT))
    lines = d.wait_for("full size again", lambda l: l and "┌ Result" in l[0])
    time.sleep(0.3)
    lines = d.screen()
    d.check("keys typed on the too-small screen did nothing (no filter, no fetch, no outage)",
            not any("Filter:" in x or "Loading" in x or "Outage" in x for x in lines), lines)
    d.tmux("set-buffer", "-b", "e2e", "android\nxq")
    keys("/")
    d.tmux("paste-buffer", "-p", "-t", d.SESSION, "-b", "e2e")
    lines = d.wait_for("paste in the filter", lambda l: any("Filter: androidxq" in x for x in l))
    d.check("a bracketed paste goes into the filter without its newline",
            any("Filter: androidxq" in x for x in lines) and running(tag), lines)
    d.check("the paste ran no command (no outage)", not any("Outage" in x for x in lines), lines)
    keys("C-u")
    d.tmux("set-buffer", "-b", "e2e", "x" * 70)
    d.tmux("paste-buffer", "-p", "-t", d.SESSION, "-b", "e2e")
    lines = d.wait_for("long filter", lambda l: any("Filter: …" in x for x in l))
    d.check("a long filter scrolls: its end, caret and count stay visible",
            any("Filter: …" in x and "▏  (0 shown)" in x for x in lines), lines)
    keys("Escape")
    d.tmux("set-buffer", "-b", "e2e", "q")
    d.tmux("paste-buffer", "-p", "-t", d.SESSION, "-b", "e2e")
    time.sleep(0.4)
    d.check("a paste outside the filter does nothing (a pasted q does not quit)", running(tag))
    quit_app(tag, files)


def run_mouse():
    tag = "mouse"
    files = launch(tag, "--latency 0.5")
    raw("\x1b[<0;5;2M\x1b[<0;5;2m")
    lines = d.wait_for("click on [ Fetch ]", lambda l: "Loading" in "\n".join(l))
    d.check("a click on [ Fetch ] fetches", "Loading" in "\n".join(lines), lines)
    d.wait_for("loaded", lambda l: "Repositories:" in "\n".join(l)
               and "Loading" not in "\n".join(l))
    raw("\x1b[<65;80;10M")
    lines = d.wait_for("wheel", lambda l: " 4–" in result_label(l))
    d.check("the wheel scrolls the pane under the pointer", " 4–" in result_label(lines), lines)
    quit_app(tag, files)


def run_locale():
    tag = "locale"
    files = launch(tag, env="env -i TERM=xterm-256color PATH=/usr/bin:/bin")
    lines = loaded(tag)
    text = "\n".join(lines)
    d.check("no locale: ASCII borders, symbols and no blank box characters",
            lines[0].startswith("+ Fetch ---") and "*207" in text and
            all(ord(c) < 128 for c in text), lines)
    quit_app(tag, files)
    keys("clear", "Enter")
    out = os.path.join(d.WORK, "ascii.txt")
    keys(f"env -i PATH=/usr/bin:/bin {d.BINARY} --headless --latency 0 --no-timestamps > {out}; "
         "printf 'DONE%s\\n' -asciihl", "Enter")
    d.wait_for("headless done", lambda l: any("DONE-asciihl" in x for x in l))
    data = open(out, "rb").read() if os.path.exists(out) else b""
    d.check("no locale: headless text is ASCII too",
            b"done: 1 round, success" in data and all(b < 128 for b in data), [data[:300]])


def run_wide_names():
    tag = "wide"
    files = launch(tag, "--latency 0 --fail repos --fail-mode wide-text")
    loaded(tag)

    def drawn(text):
        return "flag-JP-jp" in text and "thai-น้ำ-water" in text and "नमस्ते" in text
    # A capture can fall in the middle of a frame being written: wait for the whole frame.
    lines = d.wait_for("the wide names are drawn", lambda l: drawn("\n".join(l)))
    body = lines[2:28]
    d.check("every row of disputed-width names takes exactly the terminal's width",
            all(cells(x) == d.WIDTH for x in body), [f"{cells(x)}: {x}" for x in body])
    d.check("a flag is drawn as its letters, Thai and Devanagari keep every letter",
            drawn("\n".join(lines)), lines)
    d.check("a ZWJ family is drawn as its first emoji, no joiner escaped",
            "family-👨-zwj" in "\n".join(lines) and "200D" not in "\n".join(lines), lines)
    keys("Tab", "Tab")
    for _ in range(12):
        keys("j")
    keys("g")
    lines = d.wait_for("back at the top", lambda l: " 1–" in result_label(l))
    d.check("scrolling leaves no stale character behind",
            all(cells(x) == d.WIDTH for x in lines[2:28]) and "flag-JP-jp " in "\n".join(lines)
            and "🇯" not in "\n".join(lines), lines)
    quit_app(tag, files)


def run_cached_start():
    cache = os.path.join(d.WORK, "cache-shared")
    tag = "cache-cold"
    files = launch(tag, cache=cache)
    loaded(tag)
    quit_app(tag, files)
    tag = "cache-warm"
    files = launch(tag, "--latency 5", cache=cache)
    lines = d.wait_for("second start: cached content before any key",
                       lambda l: "Repositories:" in "\n".join(l) and "cached" in l[-1])
    d.check("the second start shows the cached lists and their age before any key",
            "Apexy" in "\n".join(lines) and "(org) cached just now" in lines[-1]
            and "Loading" not in "\n".join(lines), lines)
    keys("f")
    lines = d.wait_for("f over cached content spins with the lists shown",
                       lambda l: "Loading" in "\n".join(l))
    d.check("f keeps the cached lists under the spinner", "Apexy" in "\n".join(lines)
            and "(cached just now)" in lines[-1], lines)


def run_lists_and_browser():
    tag = "browser"
    record = os.path.join(d.WORK, "browser-args")
    script = os.path.join(d.WORK, "browser.sh")
    with open(script, "w") as file:
        # Written whole, then moved in place: the test reads it as soon as it is there.
        file.write(f"#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > {record}.part && "
                   f"mv {record}.part {record}\n")
    os.chmod(script, 0o755)
    # BROWSER's commands are tried in turn until one succeeds: false fails, the script opens.
    files = launch(tag, env=f"env BROWSER=false:{script}")
    loaded(tag)
    keys("Tab", "j")
    keys("Enter")
    lines = d.wait_for("Enter opens the detail view", lambda l: any("Open issues" in x for x in l))
    text = "\n".join(lines)
    d.check("the detail view shows the second repository's fields",
            "RedMadRobot/input-mask-ios" in text and "License" in text
            and "https://github.com/RedMadRobot/input-mask-ios" in text, lines)
    lines = d.wait_for("the detail request brings watchers and the fork network",
                       lambda l: any("Watchers    30" in x for x in l)
                       and any("Network     86" in x for x in l))
    d.save("detail", lines)
    keys("o")
    deadline = time.monotonic() + 10
    while not os.path.exists(record) and time.monotonic() < deadline:
        time.sleep(0.05)
    argv = open(record).read().splitlines() if os.path.exists(record) else []
    d.check("o runs $BROWSER's next command after false, the page address its one argument",
            argv == ["1", "https://github.com/RedMadRobot/input-mask-ios"], [repr(argv)])
    raw("\x1b")
    d.wait_for("Esc closes the detail view", lambda l: not any("Open issues" in x for x in l))
    keys("s", "s")
    lines = d.wait_for("s s sorts by stars", lambda l: any("by stars:" in x for x in l))
    d.check("s sorts both panes by stars", sum("by stars:" in x for x in lines) >= 1, lines)
    quit_app(tag, files)


def run_inspector():
    tag = "inspector"
    files = launch(tag)
    loaded(tag)
    keys("r")
    d.wait_for("reloaded", lambda l: "Loading" not in "\n".join(l))
    keys("i")
    lines = d.wait_for("i opens the inspector", lambda l: any("┌ Inspector" in x for x in l))
    # "Loading" can be gone before `r` is read: wait for the reload's requests and its end.
    lines = d.wait_for("every request ended and the reload with it", lambda l: any(
        x.startswith("│ repositories") and " 8    0    0    4 " in x and "loading" not in x
        for x in l))
    rows = {}
    for x in lines:
        if x.startswith("│ ") and len(x.split()) > 2:
            rows.setdefault(x.split()[1], x)
    # A fetch is one organization request and four repositories pages; the reload four more,
    # each revalidated and answered 304.
    d.check("the inspector counts 1 owner and 8 repositories requests (4 answered 304)",
            " 1    0    0    0 " in rows.get("owner", "")
            and " 8    0    0    4 " in rows.get("repositories", ""), lines)
    d.check("the repositories loader is observed by both panes, named",
            "Fetch pane, Result pane" in rows.get("repositories", ""), lines)
    text = "\n".join(lines)
    d.check("the request log shows the newest requests with status, time and bytes",
            "GET /orgs/RedMadRobot/repos?per_page=10&page=4  304  " in text and " kB" in text,
            lines)
    d.check("the timeline shows the repositories loader loading and succeeding twice",
            any(x.startswith("│ repositories  …") and x.count("✓") == 2 for x in lines), lines)
    d.save("inspector", lines)
    keys("i")
    d.wait_for("i closes it", lambda l: not any("┌ Inspector" in x for x in l))
    quit_app(tag, files)


def run_inspector_against_the_servers_log():
    """The inspector's request counts are the server's own: `serve-demo` prints each request it
    receives, and the app, pointed at it, must count exactly those."""
    tag = "server-log"
    log = os.path.join(d.WORK, "serve-demo.log")
    server = subprocess.Popen([d.BINARY, "serve-demo", "--no-config", "--port", "0", "--latency", "0"],
                              stdout=open(log, "w"), stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        url = None
        while url is None and time.monotonic() < deadline:
            for line in open(log).read().splitlines():
                if line.startswith("Serving the built-in GitHub-shaped API at "):
                    url = line.rsplit(" ", 1)[1]
            time.sleep(0.05)
        files = launch(tag, f"--base-url {url}")
        loaded(tag)
        keys("r")
        d.wait_for("reloaded", lambda l: "Loading" not in "\n".join(l))
        keys("i")
        lines = d.wait_for("inspector open", lambda l: any("┌ Inspector" in x for x in l))
        time.sleep(0.3)
        lines = d.screen()
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
        d.check(f"the inspector counts what the server received ({organization} organization, "
                f"{repositories} repositories requests)",
                organization > 0 and sent("owner") == organization
                and sent("repositories") == repositories, lines + requests)
        row = next((x for x in lines if x.startswith("│ repositories ")), "")
        d.check("one repositories loader, observed by both panes, served both",
                "Fetch pane, Result pane" in row, lines)
        quit_app(tag, files)
    finally:
        server.terminate()
        server.wait()


def main():
    d.tmux("new-session", "-d", "-s", d.SESSION, "-x", str(d.WIDTH), "-y", str(d.HEIGHT),
           "env TERM=xterm-256color LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile")
    try:
        run_keys_never_quit()
        run_slow_arrow_and_encodings()
        run_suspend()
        run_too_small_and_paste()
        run_mouse()
        run_locale()
        run_wide_names()
        run_lists_and_browser()
        run_inspector()
        run_inspector_against_the_servers_log()
        run_terms()
        run_cached_start()
    finally:
        d.tmux("kill-session", "-t", d.SESSION)
    print(f"e2e terminals: {len(d.passed)} passed, {len(d.failures)} failed")
    sys.exit(1 if d.failures else 0)


if __name__ == "__main__":
    main()
