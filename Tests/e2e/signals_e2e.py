#!/usr/bin/env python3
"""Every signal whose default would end or stop the app, sent to the real binary in tmux while
it loads and again while it is stopped (Ctrl-Z, then `fg`), then the terminal read back as tmux
sees it: the main screen (#{alternate_on}), the cursor shown (#{cursor_flag}), mouse reporting
and the keypad modes off (every #{mouse_*_flag}, #{keypad_flag}, #{keypad_cursor_flag}), all as
they were before the app started, and `stty -g` unchanged. The signals and what each must do
come from the manual page's SIGNALS section (`SignalRule`, Sources/AppModel/SignalRule.swift):
one that quits ends the process by itself (the shell says 128+N), one that stops does what
Ctrl-Z does (stopped, then drawn again on `fg`), a crash ends by itself with the terminal
restored. The cases run in an order shuffled by a seed, printed first.
Usage: signals_e2e.py PATH/TO/loader-tui [--seed S] [--only SIGNAME]
"""
import argparse
import os
import random
import re
import signal as signals
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import checks  # noqa: E402
from checks import check, fail, summary  # noqa: E402
from session import Session  # noqa: E402

# The tmux session the cases run in, made in main().
S = None

FLAGS = ["alternate_on", "cursor_flag", "keypad_flag", "keypad_cursor_flag", "mouse_any_flag",
         "mouse_button_flag", "mouse_standard_flag", "mouse_sgr_flag", "mouse_utf8_flag",
         "mouse_all_flag"]
GROUPS = ("quits", "stops", "crashes")


def terminal_flags():
    """The pane's modes as tmux keeps them, by name."""
    values = S.tmux("display", "-p", "-t", S.session, " ".join(f"#{{{f}}}" for f in FLAGS)).split()
    return dict(zip(FLAGS, values))


def rules():
    """(name, what it does) for each signal, from the manual page's SIGNALS section, whose
    three lists are, in order, the signals that quit, stop and crash."""
    page = subprocess.run([S.binary, "manual"], check=True, capture_output=True,
                          text=True).stdout
    section = page.split(".Sh SIGNALS\n")[1].split("\n.Sh ")[0]
    lists = [re.findall(r"Dv (SIG[A-Z0-9]+)", line) for line in section.splitlines()
             if line.startswith(".It ")]
    return [(name, group) for group, names in zip(GROUPS, lists) for name in names]


def keys(*names):
    S.keys(*names)


def shell_settings(name):
    """`stty -g` as the shell in the pane has it now, or None when it did not answer in 5 s."""
    path = os.path.join(S.work, f"{name}.stty")
    keys(f"stty -g > {path}.part && mv {path}.part {path}", "Enter")
    deadline = time.monotonic() + 5
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    return open(path).read() if os.path.exists(path) else None


def same_terminal(label, before, settings, baseline):
    """Checks the pane's modes and the shell's settings against those before the app."""
    now = terminal_flags()
    check(f"{label}: the terminal's modes are as before (main screen, cursor, mouse, keypad)",
            now == baseline, [f"before: {baseline}", f"now:    {now}"])
    check(f"{label}: stty -g as before", settings == before,
            [f"before: {before!r}", f"now:    {settings!r}"])


def launch(tag):
    """Starts the app as the last command of a shell line, so that `$?` on the next line is
    its status even when the shell dropped the rest of the line (bash does after a job that
    SIGINT ended, as it would after Ctrl-C); returns the settings before, the pane's modes
    before and the app's process ID, once it spins."""
    keys("clear", "Enter")
    baseline = terminal_flags()
    cache = tempfile.mkdtemp(prefix=f"cache-{tag}-", dir=S.work)
    before, pidfile = (os.path.join(S.work, f"{tag}.{kind}") for kind in ("before", "pid"))
    keys(f"stty -g > {before}; SWIFT_BACKTRACE=enable=no sh -c 'echo $$ > {pidfile}; exec env "
         f"-u LOADER_TUI_CONFIG XDG_CACHE_HOME={cache} XDG_CONFIG_HOME={S.work}/config "
         f"{S.binary} --latency 30' 2> /dev/null", "Enter")
    deadline = time.monotonic() + 10
    while not os.path.exists(pidfile) and time.monotonic() < deadline:
        time.sleep(0.05)
    S.wait_screen(f"{tag}: app on screen", lambda l: any("[ Fetch ]" in x for x in l), quiet=True)
    keys("f")
    S.wait_screen(f"{tag}: spinning", lambda l: "Loading…" in "\n".join(l), quiet=True)
    if not os.path.exists(pidfile):
        return None, baseline, None
    return open(before).read(), baseline, open(pidfile).read().strip()


def process_state(pid):
    """"stopped", "gone" or "running", from /proc."""
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return "gone"
    return {"T": "stopped", "t": "stopped", "Z": "gone"}.get(state, "running")


def becomes(pid, wanted, timeout=15):
    """Waits until the process is `wanted` ("stopped" or "gone"); returns whether it was."""
    deadline = time.monotonic() + timeout
    while process_state(pid) != wanted and time.monotonic() < deadline:
        time.sleep(0.05)
    return process_state(pid) == wanted


def shell_status(tag):
    """The status the shell reports for the job that just ended or stopped (`$?`), typed once
    the app no longer reads the terminal."""
    path = os.path.join(S.work, f"{tag}.status")
    if os.path.exists(path):
        os.remove(path)
    keys(f"echo $? > {path}.part; mv {path}.part {path}", "Enter")
    deadline = time.monotonic() + 5
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    return open(path).read().strip() if os.path.exists(path) else "missing"


def back_after_fg(tag, pid):
    """`fg` on the stopped app: it draws again with its modes on; then q ends it."""
    keys("fg", "Enter")
    S.wait_screen(f"{tag}: fg draws the app again",
                  lambda l: l and l[0].startswith("┌ Fetch"), quiet=True)
    deadline = time.monotonic() + 5
    while terminal_flags()["mouse_any_flag"] != "1" and time.monotonic() < deadline:
        time.sleep(0.05)
    flags = terminal_flags()
    check(f"{tag}: back on fg, on the alternate screen with the mouse on",
            flags["alternate_on"] == "1" and flags["mouse_any_flag"] == "1", str(flags))
    keys("q")
    check(f"{tag}: q ends it after fg", becomes(pid, "gone"))


def run_case(name, group, stopped_first):
    """Sends `name` to the app while it loads, or after Ctrl-Z stopped it, and reads the
    terminal back once the app ended or stopped, and again after `fg` brought it back."""
    tag = f"{name.lower()}{'-stopped' if stopped_first else ''}"
    label = f"{name}{' while stopped' if stopped_first else ''}"
    before, baseline, pid = launch(tag)
    if pid is None:
        return fail(f"{label}: the app did not start")
    try:
        play(name, group, stopped_first, (tag, label), (before, baseline, pid))
    finally:
        # A case that failed may leave the app running or the terminal broken: the next starts
        # afresh.
        if process_state(pid) != "gone":
            os.kill(int(pid), signals.SIGKILL)
            becomes(pid, "gone")
            keys("stty sane; printf '\\033[?1049l\\033[?25h\\033[?1000l\\033[?1006l'", "Enter")


def play(name, group, stopped_first, names, start):
    """The case itself, once the app spins."""
    number = signals.Signals[name].value
    tag, label = names
    before, baseline, pid = start
    if stopped_first:
        keys("C-z")
        check(f"{label}: Ctrl-Z stops it", becomes(pid, "stopped"))
        S.wait_screen(f"{tag}: the shell's prompt",
                      lambda l: any("Stopped" in x for x in l), quiet=True)
        same_terminal(f"{label}: stopped by Ctrl-Z", before, shell_settings(f"{tag}-z"),
                      baseline)
    os.kill(int(pid), number)
    if group == "stops":
        if not stopped_first:
            check(f"{label}: stops it as Ctrl-Z does", becomes(pid, "stopped"))
            S.wait_screen(f"{tag}: the shell's prompt",
                          lambda l: any("Stopped" in x for x in l), quiet=True)
            same_terminal(f"{label}: stopped", before, shell_settings(f"{tag}-stopped"),
                          baseline)
        # While stopped, the SIGCONT of fg discards a stop signal still pending.
        back_after_fg(tag, pid)
    else:
        if stopped_first:
            keys("fg", "Enter")
        ended = becomes(pid, "gone")
        code = shell_status(tag)
        check(f"{label}: ends it by the signal ({128 + number})",
                ended and code == str(128 + number), code)
    same_terminal(f"{label}: at the shell", before, shell_settings(f"{tag}-end"), baseline)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=".build/debug/loader-tui")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--only", default=None, help="one signal, e.g. SIGQUIT")
    args = parser.parse_args()
    global S
    S = Session("signals", args.binary)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    cases = [(name, group, stopped) for name, group in rules() for stopped in (False, True)
             if args.only in (None, name)]
    check("the manual lists the signals of all three kinds",
          {group for _, group, _ in cases} == set(GROUPS) or args.only is not None)
    random.Random(seed).shuffle(cases)
    print(f"signals: seed {seed} ({len(cases)} cases; --seed {seed} replays this order)",
          flush=True)
    keys("ulimit -c 0", "Enter")
    try:
        for name, group, stopped in cases:
            failed = len(checks.failures)
            run_case(name, group, stopped)
            if len(checks.failures) > failed:
                print(f"  (replay: --seed {seed} --only {name})", flush=True)
    finally:
        S.close()
    sys.exit(summary("signals"))


if __name__ == "__main__":
    main()
