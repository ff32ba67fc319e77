#!/usr/bin/env python3
"""Switching owners in loader-tui, driven in tmux: the @ prompt, Tab completion, - to go back,
unknown and refused logins, and lists kept in the cache across visits and across runs. Every
frame read (the app's own record of it, session.py) is also checked for a mix of two owners;
every wait polls the frames with a deadline.
Usage: owners_e2e.py PATH/TO/loader-tui
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check  # noqa: E402
from session import Session, run_all  # noqa: E402

S = Session("owners", sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui")
CACHE = os.path.join(S.work, "cache")
HEADINGS = {"RedMadRobot": "Repositories of the Red Mad Robot",
            "swift-tools": "Repositories of the Swift Tools organization:",
            "alice": "Repositories of Alice Liddell (user):"}
KINDS = {"org": "organization", "user": "user"}
PANES = ("Fetch", "Result")
# The owner the status bar last named, and the first frame that mixed owners.
SEEN = {"owner": None, "frames": 0, "mixed": None}


def rows(frame, pane):
    """The owner of each repository row in a pane: `{login}-repo-NN`, else RedMadRobot."""
    owners = []
    for row in frame.rows(pane):
        extra = re.fullmatch(r"(.+)-repo-\d\d", row["name"])
        owners.append(extra.group(1) if extra else "RedMadRobot")
    return owners


def status_owner(frame):
    """The login the status bar names; None while the prompt covers it."""
    return None if frame.status["prompt"] is not None else frame.status["owner"]


def mixed(frame):
    """Repository rows of two owners, or of another owner than the status bar names."""
    shown = set(rows(frame, "Fetch") + rows(frame, "Result"))
    return bool(shown) and shown != {status_owner(frame) or SEEN["owner"]}


def observe(frame):
    """Checks each frame read for a mix of owners."""
    if mixed(frame) and SEEN["mixed"] is None:
        SEEN["mixed"] = f"(status bar owner: {SEEN['owner']})\n{frame}"
    SEEN["owner"] = status_owner(frame) or SEEN["owner"]
    SEEN["frames"] += 1


def wait_for(description, condition, timeout=10, quiet=False):
    """Polls the frames until one meets `condition`; records a check (only a failure when
    `quiet`), with the last frame when the deadline passed."""
    return S.wait(description, condition, timeout=timeout, quiet=quiet, every=observe)


def settled(frame):
    return not frame.loading()


def has_list(frame, owner):
    return all(owner in rows(frame, pane) for pane in PANES)


def arrived(owner, kind):
    return lambda f: (has_list(f, owner) and status_owner(f) == owner
                      and f.status["ownerKind"] == KINDS[kind]
                      and HEADINGS[owner] in f.text("Fetch"))


def spinner_only(frame, owner):
    """A pane whose spinner stands in place of `owner`'s list."""
    return any(frame.pane(p)["spinner"] and owner not in rows(frame, p) for p in PANES)


def watch(key, done, *bad, timeout=10):
    """Sends `key` and reads every frame it can until `done`. Returns the frames read and, for
    each rule in `bad`, the first frame that broke it (else None)."""
    before = wait_for("screen settles before the key", settled, quiet=True)
    S.keys(key)
    frames, faults = [], [None] * len(bad)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        frame = S.frame()
        if frames and frame.number == frames[-1].number:
            time.sleep(0.005)
            continue
        observe(frame)
        frames.append(frame)
        for index, rule in enumerate(bad):
            if faults[index] is None and rule(before, frame):
                faults[index] = frame
        if done(frame):
            break
    return frames, faults


def prompt(typed, tab=False, shows=None):
    """Opens the owner prompt with @, types `typed`, presses Tab when asked, and waits until the
    prompt shows `shows`."""
    S.keys("@")
    wait_for("@ opens the owner prompt", lambda f: f.status["prompt"] is not None, quiet=True)
    if typed:
        S.type(typed)
    if tab:
        S.keys("Tab")
    shown = shows or typed
    return wait_for(f"the prompt line shows 'Owner: {shown}▏'",
                    lambda f: f.status["prompt"] == shown
                    and f.status["text"].startswith(f" Owner: {shown}▏"))


def first_visit(owner, kind, previous):
    """An owner not seen before: both panes spin with no list, then its list arrives."""
    prompt(owner)
    frames, (stale,) = watch("Enter", arrived(owner, kind), lambda _, f: (
        status_owner(f) is not None and previous in rows(f, "Fetch") + rows(f, "Result")))
    spinning = [f for f in frames if all(f.pane(p)["spinner"] and not f.rows(p) for p in PANES)]
    check(f"{owner}: both panes show only the spinner while loading", bool(spinning),
          str(frames[-1]))
    check(f"{owner}: no list of {previous} while {owner} loads", stale is None, str(stale))
    check(f"{owner} arrives: status bar says ({kind}), heading and repositories in both panes",
          arrived(owner, kind)(frames[-1]), str(frames[-1]))


def revisit(how, owner, kind, key):
    """An owner with content in the cache: from the first frame that changes until the list is
    revalidated, every frame shows its list; none shows the spinner in place of it."""
    loading = []

    def revalidated(frame):
        return set(frame.status["loaders"].values()) == {"success"}

    def done(frame):
        loading.append(status_owner(frame) == owner and frame.loading())
        return any(loading) and revalidated(frame) and settled(frame)

    frames, (unlisted, spinner) = watch(
        key, done, lambda before, f: f.panes != before.panes and not has_list(f, owner),
        lambda _, f: spinner_only(f, owner))
    check(f"{how}: from the first frame that changed on, {owner} is listed", not unlisted,
          str(unlisted))
    check(f"{how}: no frame showed the spinner in place of {owner}'s list ({len(frames)} frames)",
          not spinner, str(spinner))
    check(f"{how}: {owner} ({kind}) with its heading and repositories, revalidated (✓)",
          arrived(owner, kind)(frames[-1]) and revalidated(frames[-1]), str(frames[-1]))


def start(tag):
    run = S.start(f"--cache-dir {CACHE} --latency 0.6", tag, wait=False)
    wait_for(f"{tag}: the app is on screen",
             lambda f: f.pane("Fetch") and status_owner(f) == "RedMadRobot")
    return run


def prompt_after_done(tag, lines):
    """Whether the shell's prompt follows the line the command printed after the app."""
    done = [i for i, x in enumerate(lines) if x.startswith(f"DONE-{tag}")] or [S.height]
    return "".join(lines[done[-1] + 1:]).startswith("$")


def quit_app(run):
    tag = run.tag
    S.keys("q")
    # The shell draws its prompt a moment after the line before it: wait for both.
    lines = S.wait_screen(f"{tag}: q gives the shell back",
                          lambda l: run.done(l)
                          and not any("┌ Fetch" in x or "│" in x for x in l)
                          and prompt_after_done(tag, l))
    check(f"{tag}: the shell prompt follows", prompt_after_done(tag, lines), lines)
    check(f"{tag}: exit status 0", run.code() == "0", run.code())


def unknown_owner():
    prompt("nobody-here")
    S.keys("Enter")
    message = 'No user or organization named "nobody-here"'
    wait_for(f"nobody-here: both panes say {message}, and nothing else",
             lambda f: status_owner(f) == "nobody-here" and settled(f)
             and all(f.text(p).count(message) == 1 and not f.rows(p) for p in PANES))
    revisit("- after the unknown owner", "alice", "user", "-")


def refused_login():
    before = wait_for("screen settles before @", settled, quiet=True)
    prompt("a--b")
    S.keys("Enter")
    wait_for("a--b: the prompt stays open and says Not a GitHub login",
             lambda f: f.status["prompt"] == "a--b" and "Not a GitHub login" in f.status["text"])
    S.keys("Escape")
    frame = wait_for("Esc closes the prompt", lambda f: status_owner(f) is not None)
    check("after a--b and Esc nothing switched: same owner, same panes",
          status_owner(frame) == status_owner(before) and frame.panes == before.panes,
          f"before:\n{before}\nafter:\n{frame}")


def first_run():
    run = start("first")
    S.keys("f")
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
    quit_app(run)


def second_run():
    run = start("second")
    frame = prompt("")
    recent = re.search(r"recent: (.*?)  \(", frame.status["text"])
    logins = set(recent.group(1).split()) if recent else set()
    check("after a restart @ offers the recent owners of the last run, not the one shown",
          {"swift-tools", "alice"} <= logins and "RedMadRobot" not in logins
          and "nobody-here" not in logins, frame.status["text"])
    S.type("swift-tools")
    wait_for("the prompt line shows 'Owner: swift-tools▏'",
             lambda f: f.status["prompt"] == "swift-tools")
    revisit("after a restart, swift-tools from the saved cache", "swift-tools", "org", "Enter")
    revisit("after a restart, - back to RedMadRobot", "RedMadRobot", "org", "-")
    quit_app(run)


def main():
    def mixes():
        check(f"no frame mixed two owners, or showed another owner than the status bar "
              f"({SEEN['frames']} frames)", SEEN["mixed"] is None, SEEN["mixed"])
    run_all(S, "owners", first_run, second_run, mixes)


if __name__ == "__main__":
    main()
