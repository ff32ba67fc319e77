#!/usr/bin/env python3
"""Drives the real loader-tui binary in tmux and checks what a person would read on screen.

Every wait polls the screen for a condition with a deadline; nothing depends on timings.
Usage: tui_e2e.py PATH/TO/loader-tui
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check  # noqa: E402
from session import Session, run_all  # noqa: E402

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui"
WIDTH, HEIGHT = (int(n) for n in os.environ.get("E2E_SIZE", "100x30").split("x"))
S = None


def names(frame, pane):
    """The names of the repositories the pane lists."""
    return [row["name"] for row in frame.rows(pane)]


def listed(frame, name, panes=("Fetch", "Result")):
    """Whether every pane of `panes` lists `name` (a pane not shown counts as not listing)."""
    return all(frame.pane(p) and name in names(frame, p) for p in panes)


def both_spin(frame):
    return len(frame.panes) == 2 and all(p["spinner"] for p in frame.panes)


def main():
    global S
    S = Session("e2e", BINARY, WIDTH, HEIGHT)
    # Signals, a crash's among them, are signals_e2e.py's matrix; this crash checks that
    # nothing is drawn after it.
    run_all(S, None, run_main_flow, run_crash, run_resize_storm, run_key_storm, run_bad_terms,
            run_hostile_text, run_colors, run_theme_and_keys, run_mouse_flag,
            run_headless_flags_in_terminal)


def run_main_flow():
    run = S.start("--org-latency 1.5 --repos-latency 2.5", "main")
    S.wait("initial screen", lambda f: "[ Fetch ]" in f.text("Fetch"), quiet=True)
    S.keys("f")
    frame = S.wait("both panes spin", both_spin, quiet=True)
    check("both panes spin while loading", both_spin(frame), str(frame))
    S.save("loading")

    frame = S.wait(
        "success in both panes",
        lambda f: "Repositories of the Red Mad Robot" in f.text("Fetch")
        and "Repositories:" in f.text("Result") and not f.loading(), quiet=True)
    check("success lists repositories in both panes",
          listed(frame, "Apexy") and "input-mask-ios" in names(frame, "Result"), str(frame))
    S.save("loaded")

    S.resize(50, 20)
    frame = S.wait("narrow after resize, no key pressed",
                   lambda f: f.data["tabs"] and f.lines[0].startswith("[Fetch]  Result")
                   and len(f.lines) == 20, quiet=True)
    check("resize to 50x20 repaints as tabs without a key press",
          frame.lines[0].startswith("[Fetch]  Result")
          and len(S.on_terminal()) == 20, str(frame))
    S.resize(10, 4)
    frame = S.wait("too small notice", lambda f: f.data["tooSmall"], quiet=True)
    check("10x4 says the terminal is too small",
          frame.data["tooSmall"] and "Terminal" in "\n".join(S.screen()), str(frame))
    S.resize(WIDTH, HEIGHT)
    frame = S.wait("wide again", lambda f: [p["name"] for p in f.panes] == ["Fetch", "Result"],
                   quiet=True)
    check("resize back restores both panes", frame.pane("Result") is not None, str(frame))

    S.keys("r")
    S.wait("r keeps the cached list under the spinner in both panes",
           lambda f: both_spin(f) and listed(f, "Apexy"))
    S.save("reloading")
    S.wait("r settles", lambda f: not f.loading(), quiet=True)

    S.keys("x")
    S.wait("x notice", lambda f: "Outage on" in f.text(), quiet=True)
    S.keys("f")
    S.wait("failure shows the error above the cached list in both panes",
           lambda f: all("✗ Server error (HTTP 503" in f.text(p) for p in ("Fetch", "Result"))
           and listed(f, "Apexy"))
    S.save("failed")

    S.keys("q")
    run.shell_back("shell back after q")
    check("process gone after q", not run.alive())
    run.finished(0)


def run_crash():
    """A crash as the kernel delivers it: SIGILL is what a Swift trap raises (and SIGSEGV a bad
    access), here on whichever thread the kernel picks while the app draws on another; the
    shipped binary has no hook of its own to crash. Swift's backtracer is off: it can take
    tens of seconds to report a signal that arrived from outside."""
    tag = "crash"
    run = S.start("--latency 30", tag, env="SWIFT_BACKTRACE=enable=no", stderr="/dev/null")
    S.keys("f")
    S.wait(f"{tag}: spinning", lambda f: f.spinning(), quiet=True)
    subprocess.run(["kill", "-ILL", run.pid()], check=True)
    run.shell_back("crash: shell back")
    check("a crash ends the process by its signal", run.code() in ("132", "133", "134"),
          run.code())
    run.stty_unchanged()
    lines = S.screen()
    check("crash: the alternate screen was left (no pane border on screen)",
          not any("┌ Fetch" in x for x in lines), lines)
    time.sleep(0.5)
    lines = S.screen()
    check("crash: nothing is drawn after the crash (the spinner does not come back)",
          not any("Loading…" in x or "│" in x for x in lines), lines)


def run_resize_storm():
    tag = "storm"
    run = S.start("--latency 0.02", tag)
    S.keys("f")
    S.wait("storm: loaded", lambda f: "Repositories:" in f.text(), quiet=True)
    S.resize(1, 1)
    S.resize(1, 2)
    for index in range(100):
        S.resize(30 + (index * 37) % 90, 5 + (index * 13) % 30)
    lines = S.screen()
    check("storm: the app still runs after 1x1 and 100 resizes", not run.done(lines), lines)
    S.resize(WIDTH, HEIGHT)
    frame = S.wait("storm: full layout returns",
                   lambda f: len(f.panes) == 2 and f.size() == (WIDTH, HEIGHT)
                   and listed(f, "Apexy", ("Result",)), quiet=True)
    check("after 1x1 and a storm of 100 resizes the full layout returns",
          frame.pane("Result") and listed(frame, "Apexy", ("Result",)), str(frame))
    S.keys("q")
    run.shell_back()
    run.finished(0)


def run_key_storm():
    """Fetch and reload pressed 120 times while requests are in flight: presses during a load
    join it, and the app settles with both lists, still running."""
    tag = "keys"
    run = S.start("--latency 0.02", tag)
    for index in range(120):
        S.keys("f" if index % 2 == 0 else "r")
    frame = S.wait("keys: settles with both lists",
                   lambda f: listed(f, "Apexy")
                   and f.status["loaders"]["repositories"] == "success", quiet=True)
    check("120 fetches and reloads while loading: still running, both lists shown",
          run.alive() and listed(frame, "Apexy"), str(frame))
    S.keys("q")
    run.shell_back()
    run.finished(0)


def run_bad_terms():
    cases = (
        ("dumb", "TERM=dumb", 'TERM is "dumb"'),
        ("unset", "-u TERM", "TERM is not set"),
        ("unknown", "TERM=no-such-terminal", 'the terminal type "no-such-terminal" is unknown'),
    )
    for tag, env, reason in cases:
        err = os.path.join(S.work, f"{tag}.err")
        # stdout stays the terminal: only TERM is wrong.
        run = S.start("--latency 0 --no-timestamps", tag, env=env, stderr=err, wait=False)
        lines = run.shell_back()
        note = open(err).read() if os.path.exists(err) else ""
        check(f"TERM {tag}: a one-line note naming the problem",
              note.count("\n") == 1 and reason in note and "printing state changes instead" in note,
              [note])
        check(f"TERM {tag}: headless output on the terminal",
              any("done: 1 round, success: Red Mad Robot with 36 repositories" in x for x in lines),
              lines)
        check(f"TERM {tag}: no ncurses abort text", "Error opening terminal" not in note + "\n".join(lines))
        run.finished(0, f"TERM {tag}")
        run = S.start("--interactive --latency 0", tag + "-i", env=env, stderr=err, wait=False)
        run.shell_back(f"{tag} --interactive: shell back")
        note = open(err).read() if os.path.exists(err) else ""
        check(f"TERM {tag} --interactive: clear message", note.count("\n") == 1
              and "Cannot start the terminal UI" in note and reason in note, [note])
        run.finished(2, f"TERM {tag} --interactive")


def run_hostile_text():
    tag = "hostile"
    raw = os.path.join(S.work, "hostile.raw")
    S.tmux("pipe-pane", "-t", S.session, f"cat > {raw}")
    run = S.start("--latency 0 --fail org,repos --fail-mode hostile-text", tag)
    S.keys("f")
    frame = S.wait("hostile: loaded", lambda f: "Repositories:" in f.text(), quiet=True)
    drawn = "\n".join(frame.lines)
    check("hostile names are shown with their controls visible",
          "^[[2J^[[31m" in drawn and "\\u{202E}" in drawn, str(frame))
    S.keys("q")
    run.shell_back()
    S.tmux("pipe-pane", "-t", S.session)
    data = open(raw, "rb").read()
    check("no OSC, BEL, C1 or bidi override reached the terminal",
          b"\x1b]" not in data and b"\x07" not in data and "\u202e".encode() not in data
          and b"\xc2\x9b" not in data and b"\xc2\x85" not in data)
    run.finished(0)


def colored(styled):
    """Whether tmux reports a foreground colour: SGR 30-37, 90-97 or 38;…"""
    return any(f"\x1b[{code}m" in styled or f";{code}m" in styled
               for code in list(range(30, 38)) + list(range(90, 98))) or "38;" in styled


def run_colors():
    for tag, env, arguments, expect_color in (
        ("color", "", "--latency 0", True),
        ("nocolor-env", "NO_COLOR=1", "--latency 0", False),
        ("nocolor-flag", "", "--latency 0 --no-color", False),
    ):
        run = S.start(arguments, tag, env=env)
        S.on_terminal()
        styled = "\n".join(S.screen(styled=True))
        check(f"{tag}: colour {'used' if expect_color else 'not used'}",
              colored(styled) == expect_color)
        check(f"{tag}: bold still marks titles", "\x1b[1m" in styled or "[1;" in styled or ";1m" in styled)
        run.quit()


def run_theme_and_keys():
    """A theme, a colour and a rebound key from the config file, as a user writes them: the
    colours tmux shows change, q no longer quits and Q does, the key help shows Q; NO_COLOR
    still turns every colour off."""
    folder = os.path.join(S.work, "config", "loader-tui")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "config")
    with open(path, "w") as file:
        file.write("--theme light\n--color border=bright-red\n--key quit=Q\n")
    os.chmod(path, 0o600)
    try:
        for tag, env in (("theme", ""), ("theme-nocolor", "NO_COLOR=1")):
            run = S.start("--latency 0", tag, env=env)
            S.on_terminal()
            styled = S.screen(styled=True)
            colored = env == ""
            check(f"{tag}: the border in bright red {'' if colored else 'not '}shown",
                  ("\x1b[91m" in "\n".join(styled)) == colored, styled[:2])
            check(f"{tag}: the light theme's blue background {'' if colored else 'not '}shown",
                  ("\x1b[44m" in "\n".join(styled) or ";44m" in "\n".join(styled)) == colored)
            S.wait(f"{tag}: the status bar hints Q",
                   lambda f: f.status["text"].endswith(("Q quit", "? Q")))
            S.keys("q")
            S.keys("?")
            S.wait(f"{tag}: q did not quit; the key help shows Q",
                   lambda f: "help" in f.overlays
                   and any("Q, Ctrl-C" in x and "quit" in x for x in f.lines))
            S.keys("q")
            S.wait(f"{tag}: q closes the help", lambda f: "help" not in f.overlays)
            run.quit("Q")
    finally:
        os.remove(path)


def run_mouse_flag():
    """Mouse reporting is turned on by default and left off with --no-mouse; paste stays on."""
    for tag, arguments, expect_mouse in (
        ("mouse", "--latency 0", True),
        ("nomouse", "--latency 0 --no-mouse", False),
    ):
        raw = os.path.join(S.work, f"{tag}.raw")
        S.tmux("pipe-pane", "-t", S.session, f"cat > {raw}")
        run = S.start(arguments, tag)
        S.keys("q")
        run.shell_back()
        S.tmux("pipe-pane", "-t", S.session)
        data = open(raw, "rb").read()
        check(f"{tag}: mouse reporting {'on' if expect_mouse else 'never turned on'}",
              (b"\x1b[?1000h" in data and b"\x1b[?1006h" in data) == expect_mouse)
        check(f"{tag}: bracketed paste on", b"\x1b[?2004h" in data)
        run.finished(0)


def run_headless_flags_in_terminal():
    """Headless output flags typed in a terminal without --headless are refused before the
    screen changes (the terminal UI would drop them); a config file's start the app."""
    err = os.path.join(S.work, "typed.err")
    raw = os.path.join(S.work, "typed.raw")
    S.tmux("pipe-pane", "-t", S.session, f"cat > {raw}")
    run = S.start("--json --rounds 2 --latency 0", "typed", stderr=err, wait=False)
    run.shell_back()
    S.tmux("pipe-pane", "-t", S.session)
    note = open(err).read() if os.path.exists(err) else ""
    check("typed --json --rounds: one line saying to add --headless",
          note == "loader-tui: --json and --rounds are for headless output, but the app draws "
          "its terminal UI here; add --headless to print the state changes instead, or leave "
          "them out.\n", [note])
    check("typed --json --rounds: the screen never switched",
          b"\x1b[?1049h" not in open(raw, "rb").read())
    run.finished(2, "typed --json --rounds")
    config = os.path.join(S.work, "config", "loader-tui")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "config"), "w") as file:
        file.write("--json\n--rounds 2\n")
    try:
        run = S.start("--latency 0", "filed", wait=False)
        S.wait("config --json: app on screen", lambda f: "[ Fetch ]" in f.text("Fetch"),
               quiet=True)
        S.keys("q")
        run.shell_back("config --json: shell back")
        run.finished(0, "config --json --rounds: the app starts")
    finally:
        os.remove(os.path.join(config, "config"))


if __name__ == "__main__":
    main()
