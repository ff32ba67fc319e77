#!/usr/bin/env python3
"""Drives the real loader-tui binary in tmux and checks what a person would read on screen.

Every wait polls the screen for a condition with a deadline; nothing depends on timings.
Usage: tui_e2e.py PATH/TO/loader-tui
"""
import os
import subprocess
import sys
import tempfile
import time

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui")
WIDTH, HEIGHT = (int(n) for n in os.environ.get("E2E_SIZE", "100x30").split("x"))
SESSION = f"loader-tui-e2e-{os.getpid()}"
WORK = tempfile.mkdtemp(prefix="loader-tui-e2e-")
failures = []
passed = []


def tmux(*args):
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def screen():
    return tmux("capture-pane", "-t", SESSION, "-p").splitlines()


def panes(lines):
    """The left (Fetch) and right (Result) halves of the screen, as text."""
    half = WIDTH // 2
    left = "\n".join(line[:half] for line in lines)
    right = "\n".join(line[half:] for line in lines)
    return left, right


CAPTURES = os.environ.get("E2E_CAPTURES")


def save(name, lines):
    """Keeps a capture for the README when E2E_CAPTURES names a folder."""
    if CAPTURES:
        os.makedirs(CAPTURES, exist_ok=True)
        with open(os.path.join(CAPTURES, name + ".txt"), "w") as file:
            file.write("\n".join(line.rstrip() for line in lines).rstrip() + "\n")


def wait_for(description, condition, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = screen()
        if condition(lines):
            return lines
        time.sleep(0.05)
    lines = screen()
    print(f"FAIL: {description}\n" + "\n".join(lines))
    failures.append(description)
    return lines


def check(description, ok, lines=None):
    if ok:
        print(f"ok: {description}")
        passed.append(description)
    else:
        print(f"FAIL: {description}")
        if lines:
            print("\n".join(lines))
        failures.append(description)


def start(arguments, tag):
    before = os.path.join(WORK, f"{tag}.before")
    after = os.path.join(WORK, f"{tag}.after")
    status = os.path.join(WORK, f"{tag}.status")
    pidfile = os.path.join(WORK, f"{tag}.pid")
    command = (
        f"stty -g > {before}; sh -c 'echo $$ > {pidfile}; exec {BINARY} {arguments}'; "
        # The marker is printed with printf so that the typed command does not already show it.
        f"echo $? > {status}; stty -g > {after}; printf 'DONE%s\\n' -{tag}"
    )
    for path in (before, after, status, pidfile):
        if os.path.exists(path):
            os.remove(path)
    tmux("send-keys", "-t", SESSION, command, "Enter")
    deadline = time.monotonic() + 10
    while not os.path.exists(pidfile) and time.monotonic() < deadline:
        time.sleep(0.05)
    return before, after, status, pidfile


def finished(tag, before, after, status, expected_code):
    deadline = time.monotonic() + 15
    while not os.path.exists(after) and time.monotonic() < deadline:
        time.sleep(0.05)
    code = open(status).read().strip() if os.path.exists(status) else "missing"
    check(f"{tag}: exit code {expected_code}", code == str(expected_code))
    same = os.path.exists(after) and open(before).read() == open(after).read()
    check(f"{tag}: stty -g unchanged after exit", same)
    if not same and os.path.exists(after):
        print("before: " + open(before).read().strip())
        print("after:  " + open(after).read().strip())


def main():
    tmux("new-session", "-d", "-s", SESSION, "-x", str(WIDTH), "-y", str(HEIGHT),
         "env TERM=xterm-256color PS1='$ ' bash --norc --noprofile")
    try:
        if os.environ.get("E2E_ONLY") != "signals":
            run_main_flow()
        for _ in range(int(os.environ.get("E2E_SIGNAL_REPEAT", "1"))):
            run_signal("int", "INT", 130)
        run_signal("term", "TERM", 143)
    finally:
        tmux("kill-session", "-t", SESSION)
    print(f"e2e: {len(passed)} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


def run_main_flow():
    tag = "main"
    files = start("--org-latency 1.5 --repos-latency 2.5", tag)
    wait_for("initial screen", lambda l: any("[ Fetch ]" in x for x in l))
    tmux("send-keys", "-t", SESSION, "f")
    lines = wait_for(
        "both panes spin",
        lambda l: all("Loading…" in p for p in panes(l)))
    check("both panes spin while loading", all("Loading…" in p for p in panes(lines)), lines)
    save("loading", lines)

    lines = wait_for(
        "success in both panes",
        lambda l: "Repositories of the Red Mad Robot" in panes(l)[0]
        and "Repositories:" in panes(l)[1] and "Loading…" not in "\n".join(l))
    left, right = panes(lines)
    check("success lists repositories in both panes",
          "Apexy" in left and "Apexy" in right and "input-mask-ios" in right, lines)
    save("loaded", lines)

    tmux("resize-window", "-t", SESSION, "-x", "50", "-y", "20")
    lines = wait_for("narrow after resize, no key pressed",
                     lambda l: l[0].startswith("[Fetch]  Result") and len(l) == 20)
    check("resize to 50x20 repaints as tabs without a key press",
          lines[0].startswith("[Fetch]  Result"), lines)
    tmux("resize-window", "-t", SESSION, "-x", "10", "-y", "4")
    lines = wait_for("too small notice", lambda l: "Terminal" in "\n".join(l))
    check("10x4 says the terminal is too small", "Terminal" in "\n".join(lines), lines)
    tmux("resize-window", "-t", SESSION, "-x", str(WIDTH), "-y", str(HEIGHT))
    lines = wait_for("wide again", lambda l: "┌ Fetch" in l[0] and "┌ Result" in l[0])
    check("resize back restores both panes", "┌ Result" in lines[0], lines)

    tmux("send-keys", "-t", SESSION, "r")
    lines = wait_for(
        "r: cached list under the spinner in both panes",
        lambda l: all("Loading…" in p and "Apexy" in p for p in panes(l)))
    check("r keeps the cached list under the spinner in both panes",
          all("Loading…" in p and "Apexy" in p for p in panes(lines)), lines)
    save("reloading", lines)
    wait_for("r settles", lambda l: "Loading…" not in "\n".join(l))

    tmux("send-keys", "-t", SESSION, "x")
    wait_for("x notice", lambda l: "Outage on" in "\n".join(l))
    tmux("send-keys", "-t", SESSION, "f")
    lines = wait_for(
        "x + f: error line and cached list in both panes",
        lambda l: all("✗ Server error (HTTP 503" in p and "Apexy" in p for p in panes(l)))
    check("failure shows the error above the cached list in both panes",
          all("✗ Server error (HTTP 503" in p and "Apexy" in p for p in panes(lines)), lines)
    save("failed", lines)

    tmux("send-keys", "-t", SESSION, "q")
    wait_for("shell back after q", lambda l: any(f"DONE-{tag}" in x for x in l))
    pid = open(files[3]).read().strip()
    gone = subprocess.run(["kill", "-0", pid], capture_output=True).returncode != 0
    check("process gone after q", gone)
    finished(tag, files[0], files[1], files[2], 0)


def run_signal(tag, signal, code):
    tmux("send-keys", "-t", SESSION, "clear", "Enter")
    files = start("--latency 30", tag)
    wait_for(f"{tag}: app on screen", lambda l: any("[ Fetch ]" in x for x in l))
    tmux("send-keys", "-t", SESSION, "f")
    wait_for(f"{tag}: spinning", lambda l: "Loading…" in "\n".join(l))
    pid = open(files[3]).read().strip()
    subprocess.run(["kill", f"-{signal}", pid], check=True)
    wait_for(f"{tag}: shell back after SIG{signal}", lambda l: any(f"DONE-{tag}" in x for x in l))
    finished(f"SIG{signal}", files[0], files[1], files[2], code)


if __name__ == "__main__":
    main()
