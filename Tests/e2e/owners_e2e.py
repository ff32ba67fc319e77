#!/usr/bin/env python3
"""Switching owners in loader-tui, driven in tmux: the @ prompt, Tab completion, - to go back,
unknown and refused logins, and lists kept in the cache across visits and across runs. Every
capture is also checked for a mix of two owners; every wait polls the screen with a deadline.
Usage: owners_e2e.py PATH/TO/loader-tui
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, fail, summary  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui")
WIDTH, HEIGHT = 100, 30
SESSION = f"loader-tui-owners-{os.getpid()}"
WORK = tempfile.mkdtemp(prefix="loader-tui-owners-")
SOCKET = os.path.join(WORK, "tmux")  # a tmux server of its own, which no other tmux user ends
CACHE = os.path.join(WORK, "cache")
HEADINGS = {"RedMadRobot": "Repositories of the Red Mad Robot",
            "swift-tools": "Repositories of the Swift Tools organization:",
            "alice": "Repositories of Alice Liddell (user):"}
# A repository row inside a pane: "│ name   [fork] Language ★stars │"; descriptions are indented.
ROW = re.compile(r"^│ (\S+) {2,}.*★\d+ │$")
POLL = 0.02
# tmux can be caught halfway through a redraw (ncurses writes a large one in several pieces),
# so a screen breaking a rule counts only when the break is still there this much later.
SETTLE = 0.1
# The owner the status bar last named, and the first capture that mixed owners.
SEEN = {"owner": None, "frames": 0, "mixed": None}


def tmux(*args):
    command = ["tmux", "-S", SOCKET, *args]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def keys(*names):
    """Named keys (Enter, Tab…), or "-l" and text to type."""
    tmux("send-keys", "-t", SESSION, *names)


def halves(lines):
    """The Fetch and Result panes (status bar left out), each as a list of lines."""
    half = WIDTH // 2
    return [x[:half] for x in lines[:-1]], [x[half:] for x in lines[:-1]]


def text(pane):
    return "\n".join(pane)


def rows(pane):
    """The owner of each repository row in a pane: `{login}-repo-NN`, else RedMadRobot."""
    owners = []
    for line in pane:
        match = ROW.match(line.rstrip())
        if match:
            extra = re.fullmatch(r"(.+)-repo-\d\d", match.group(1))
            owners.append(extra.group(1) if extra else "RedMadRobot")
    return owners


def status_owner(lines):
    """The login the status bar names before "repos …"; None while the prompt covers it."""
    parts = [part.strip() for part in lines[-1].split("│")]
    for index, part in enumerate(parts):
        if index > 0 and part.startswith("repos"):
            return parts[index - 1].split()[0]
    return None


def capture():
    lines = tmux("capture-pane", "-t", SESSION, "-p").splitlines()
    return lines + [""] * (HEIGHT - len(lines))


def lasting(lines, bad):
    """`lines` when `bad` holds on every capture for SETTLE seconds more, else None."""
    deadline = time.monotonic() + SETTLE
    while time.monotonic() < deadline:
        time.sleep(POLL / 4)
        if not bad(capture()):
            return None
    return lines


def mixed(lines):
    """Repository rows of two owners, or of another owner than the status bar names."""
    shown = set(rows(halves(lines)[0]) + rows(halves(lines)[1]))
    return bool(shown) and shown != {status_owner(lines) or SEEN["owner"]}


def screen():
    """One capture, checked for a mix of owners."""
    lines = capture()
    if mixed(lines) and SEEN["mixed"] is None and lasting(lines, mixed):
        SEEN["mixed"] = [f"(status bar owner: {SEEN['owner']})"] + lines
    SEEN["owner"] = status_owner(lines) or SEEN["owner"]
    SEEN["frames"] += 1
    return lines


def wait_for(description, condition, timeout=10, quiet=False):
    """Polls until the screen meets `condition`; records a check (only a failure when `quiet`),
    with the last screen when the deadline passed."""
    deadline = time.monotonic() + timeout
    while True:
        lines = screen()
        ok = condition(lines)
        if ok or time.monotonic() > deadline:
            if not (quiet and ok):
                check(description, ok, lines)
            return lines
        time.sleep(POLL)


def settled(lines):
    return "Loading…" not in text(lines) and "loading" not in lines[-1]


def has_list(lines, owner):
    return all(owner in rows(pane) for pane in halves(lines))


def arrived(owner, kind):
    return lambda l: (has_list(l, owner) and f"{owner} ({kind})" in l[-1]
                      and HEADINGS[owner] in text(halves(l)[0]))


def spinner_only(lines, owner):
    """A pane whose spinner line stands in place of `owner`'s list."""
    return any("Loading…" in text(pane) and owner not in rows(pane) for pane in halves(lines))


def watch(key, done, *bad, timeout=10):
    """Sends `key` and captures as fast as it can until `done`. Returns every capture and, for
    each rule in `bad`, the first capture that broke it and stayed so (else None)."""
    wait_for("screen settles before the key", settled, quiet=True)
    before = screen()
    keys(key)
    frames, faults = [], [None] * len(bad)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        frames.append(screen())
        for index, rule in enumerate(bad):
            if faults[index] is None and rule(before, frames[-1]):
                faults[index] = lasting(frames[-1], lambda l: rule(before, l))
        if done(frames[-1]):
            break
        time.sleep(POLL)
    return frames, faults


def prompt(typed, tab=False, shows=None):
    """Opens the owner prompt with @, types `typed`, presses Tab when asked, and waits until the
    prompt line shows `shows`."""
    keys("@")
    wait_for("@ opens the owner prompt", lambda l: l[-1].startswith(" Owner:"), quiet=True)
    if typed:
        keys("-l", typed)
    if tab:
        keys("Tab")
    shown = f" Owner: {shows or typed}▏"
    return wait_for(f"the prompt line shows {shown.strip()!r}", lambda l: l[-1].startswith(shown))


def first_visit(owner, kind, previous):
    """An owner not seen before: both panes spin with no list, then its list arrives."""
    prompt(owner)
    frames, (stale,) = watch("Enter", arrived(owner, kind), lambda _, l: (
        not l[-1].startswith(" Owner:") and previous in rows(halves(l)[0]) + rows(halves(l)[1])))
    spinning = [f for f in frames if all("Loading…" in text(p) and not rows(p) for p in halves(f))]
    check(f"{owner}: both panes show only the spinner while loading", bool(spinning), frames[-1])
    check(f"{owner}: no list of {previous} while {owner} loads", stale is None, stale)
    check(f"{owner} arrives: status bar says ({kind}), heading and repositories in both panes",
          arrived(owner, kind)(frames[-1]), frames[-1])


def revisit(how, owner, kind, key):
    """An owner with content in the cache: from the first frame that changes until the list is
    revalidated, every frame shows its list; none shows the spinner in place of it."""
    revalidated = re.compile(rf"{owner} \({kind}\) ✓.* │ repos ✓")
    loading = []

    def done(lines):
        loading.append(status_owner(lines) == owner and "loading" in lines[-1])
        return any(loading) and revalidated.search(lines[-1]) and settled(lines)

    frames, (unlisted, spinner) = watch(
        key, done, lambda before, l: l[:-1] != before[:-1] and not has_list(l, owner),
        lambda _, l: spinner_only(l, owner))
    check(f"{how}: from the first frame that changed on, {owner} is listed", not unlisted, unlisted)
    check(f"{how}: no frame showed the spinner in place of {owner}'s list ({len(frames)} frames)",
          not spinner, spinner)
    check(f"{how}: {owner} ({kind}) with its heading and repositories, revalidated (✓)",
          arrived(owner, kind)(frames[-1]) and revalidated.search(frames[-1][-1]), frames[-1])


def start(tag):
    status = os.path.join(WORK, f"{tag}.status")
    keys("clear", "Enter")
    keys(f"env -u LOADER_TUI_CONFIG XDG_CONFIG_HOME={WORK}/config {BINARY} --cache-dir {CACHE} "
         f"--latency 0.6; echo $? > {status}; printf 'DONE%s\\n' -{tag}", "Enter")
    wait_for(f"{tag}: the app is on screen",
             lambda l: "┌ Fetch" in l[0] and status_owner(l) == "RedMadRobot")
    return status


def prompt_after_done(tag, lines):
    """Whether the shell's prompt follows the line the command printed after the app."""
    done = [i for i, x in enumerate(lines) if x.startswith(f"DONE-{tag}")] or [HEIGHT]
    return "".join(lines[done[-1] + 1:]).startswith("$")


def quit_app(tag, status):
    keys("q")
    # The shell draws its prompt a moment after the line before it: wait for both.
    lines = wait_for(f"{tag}: q gives the shell back",
                     lambda l: any(x.startswith(f"DONE-{tag}") for x in l)
                     and not any("┌ Fetch" in x or "│" in x for x in l)
                     and prompt_after_done(tag, l))
    check(f"{tag}: the shell prompt follows", prompt_after_done(tag, lines), lines)
    code = open(status).read().strip() if os.path.exists(status) else "missing"
    check(f"{tag}: exit status 0", code == "0", code)


def unknown_owner():
    prompt("nobody-here")
    keys("Enter")
    message = 'No user or organization named "nobody-here"'
    wait_for(f"nobody-here: both panes say {message}, and nothing else",
             lambda l: status_owner(l) == "nobody-here" and settled(l)
             and all(text(p).count(message) == 1 and not rows(p) for p in halves(l)))
    revisit("- after the unknown owner", "alice", "user", "-")


def refused_login():
    wait_for("screen settles before @", settled, quiet=True)
    before = screen()
    prompt("a--b")
    keys("Enter")
    wait_for("a--b: the prompt stays open and says Not a GitHub login",
             lambda l: l[-1].startswith(" Owner: a--b▏") and "Not a GitHub login" in l[-1])
    keys("Escape")
    lines = wait_for("Esc closes the prompt", lambda l: status_owner(l) is not None)
    check("after a--b and Esc nothing switched: same owner, same panes",
          status_owner(lines) == status_owner(before) and lines[:-1] == before[:-1],
          ["before:"] + before + ["after:"] + lines)


def first_run():
    status = start("first")
    keys("f")
    wait_for("f lists RedMadRobot in both panes", arrived("RedMadRobot", "org"))
    first_visit("swift-tools", "org", "RedMadRobot")
    first_visit("alice", "user", "swift-tools")
    revisit("- back to swift-tools", "swift-tools", "org", "-")
    prompt("R", tab=True, shows="RedMadRobot")
    revisit("@ R Tab Enter back to RedMadRobot", "RedMadRobot", "org", "Enter")
    prompt("al", tab=True, shows="alice")
    revisit("@ al Tab Enter back to alice", "alice", "user", "Enter")
    unknown_owner()
    refused_login()
    quit_app("first", status)


def second_run():
    status = start("second")
    lines = prompt("")
    recent = re.search(r"recent: (.*?)  \(", lines[-1])
    logins = set(recent.group(1).split()) if recent else set()
    check("after a restart @ offers the recent owners of the last run, not the one shown",
          {"swift-tools", "alice"} <= logins and "RedMadRobot" not in logins
          and "nobody-here" not in logins, lines[-1:])
    keys("-l", "swift-tools")
    wait_for("the prompt line shows 'Owner: swift-tools▏'",
             lambda l: l[-1].startswith(" Owner: swift-tools▏"))
    revisit("after a restart, swift-tools from the saved cache", "swift-tools", "org", "Enter")
    revisit("after a restart, - back to RedMadRobot", "RedMadRobot", "org", "-")
    quit_app("second", status)


def main():
    tmux("new-session", "-d", "-s", SESSION, "-x", str(WIDTH), "-y", str(HEIGHT),
         "env TERM=xterm-256color PS1='$ ' bash --norc --noprofile")
    try:
        first_run()
        second_run()
    except subprocess.CalledProcessError as error:
        fail(f"the run stopped: {error!r}", error.stderr)
    finally:
        tmux("kill-server")
        shutil.rmtree(WORK, ignore_errors=True)
    check(f"no capture mixed two owners, or showed another owner than the status bar "
          f"({SEEN['frames']} captures)", SEEN["mixed"] is None, SEEN["mixed"])
    sys.exit(summary("owners"))


if __name__ == "__main__":
    main()
