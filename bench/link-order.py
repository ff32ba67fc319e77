#!/usr/bin/env python3
"""Writes the symbol ordering file the release link uses (bench/link-order.txt): the functions
loader-tui runs to its first frame, then those a fetch of 5,000 repositories and the common keys
run, as valgrind's callgrind records them. With --floor, the floor program's
(bench/floor/link-order.txt): the functions it runs to its frame.

Usage: link-order.py PATH/TO/loader-tui [OUT]
       link-order.py --floor PATH/TO/floor [OUT]

Refresh both after changes that rename or add much code (module or type names, a new screen),
from binaries scripts/build-release made, and commit them (needs valgrind):

    python3 bench/link-order.py "$(scripts/build-release)"
    python3 bench/link-order.py --floor \
        "$(scripts/build-release --package-path bench/floor --product floor)"

The ordering only moves code: a stale file costs pages at start, never correctness, and
scripts/build-release links with whatever the file says (a missing file too).

Why: every page of code the process touches maps its 64 KiB neighbourhood too (the kernel's
fault-around), and the code a start and a load run (about 0.8 MB of functions) is spread over
the whole 16 MB text, so about 10 MB of it is resident. Linked first and together, the same
functions cover about one MB. A function missing from the list (renamed since it was made)
only stays where it was; regenerate it after large changes.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

FLOOR = "--floor" in sys.argv
ARGUMENTS = [argument for argument in sys.argv[1:] if argument != "--floor"]
BINARY = os.path.abspath(ARGUMENTS[0])
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = ARGUMENTS[1] if len(ARGUMENTS) > 1 else os.path.join(
    HERE, "floor" if FLOOR else "", "link-order.txt")
NAME = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")


def executed(path, suffix):
    """Function names callgrind recorded in the object whose path ends with `suffix`."""
    objects, functions, names, current = {}, {}, [], None
    for line in open(path, errors="replace"):
        match = NAME.match(line.rstrip("\n"))
        if not match:
            continue
        kind, number, name = match.groups()
        if kind in ("ob", "cob"):
            if name:
                objects[number] = name
            if kind == "ob":
                current = objects.get(number)
        else:
            if name:
                functions[number] = name
            if kind == "fn" and current and current.endswith(suffix):
                names.append(functions.get(number))
    # callgrind marks recursion levels as name'2
    names = [re.sub(r"'\d+$", "", name) for name in names if name and not name.startswith("0x")]
    return [name for name in names if name != "(below main)"]


def tmux(*arguments, output=False):
    # A session whose program ended is gone already, and with it maybe the tmux server.
    check = arguments[0] != "kill-session"
    result = subprocess.run(["tmux", *arguments], check=check, capture_output=output or not check,
                            text=True)
    return result.stdout if output else None


def wait(session, predicate, timeout=300):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-t", session, "-p", output=True)
        if predicate(screen):
            return
        time.sleep(0.2)
    raise RuntimeError("timed out")


def warm_start(stripped, folder):
    """The start with 5,000 repositories in the cache, to its first full frame (built-in
    server, so no request is answered meanwhile); returns the dump's name."""
    cache = os.path.join(folder, "cache")
    server = ["--repos", "5000", "--page-size", "100"]
    subprocess.run([BINARY, "--headless", "--latency", "0", *server, "--cache-dir", cache],
                   check=True, stdout=subprocess.DEVNULL)
    session = f"order-warm-{os.getpid()}"
    out = os.path.join(folder, "warm")
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30",
         "env TERM=xterm-256color bash --norc --noprofile")
    try:
        tmux("send-keys", "-t", session,
             f"valgrind --tool=callgrind --demangle=no --callgrind-out-file={out} {stripped} "
             f"{' '.join(server)} --cache-dir {cache} --latency 600 2>/dev/null; exit", "Enter")
        wait(session, lambda s: "Repositories:" in s and "repos cached" in s)
        time.sleep(1)
        tmux("send-keys", "-t", session, "q")
        deadline = time.monotonic() + 60
        while not os.path.exists(out) and time.monotonic() < deadline:
            time.sleep(0.5)
        time.sleep(2)
    finally:
        tmux("kill-session", "-t", session)
    return "warm"


# What runs before main, which callgrind does not name as itself: the C start-up code (its
# "(below main)") and the start-up files' init functions. Linked where lld's default puts
# them (among code no start runs), each cost the 64 KiB around it.
BEFORE_MAIN = ["_start", "frame_dummy", "register_tm_clones", "deregister_tm_clones",
               "__do_global_dtors_aux"]


def write(order, sources):
    order = BEFORE_MAIN + [name for name in order if name not in BEFORE_MAIN]
    with open(OUT, "w") as file:
        file.write("\n".join(order) + "\n")
    print(f"{len(order)} functions in {OUT} (from {sources})")


def floor(stripped, folder):
    """The floor program to its frame, then q."""
    session = f"order-floor-{os.getpid()}"
    out = os.path.join(folder, "callgrind-floor")
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30",
         "env TERM=xterm-256color bash --norc --noprofile")
    try:
        tmux("send-keys", "-t", session,
             f"valgrind --tool=callgrind --demangle=no --callgrind-out-file={out} {stripped} "
             "2>/dev/null; exit", "Enter")
        wait(session, lambda s: "[ Fetch ]" in s and "q quit" in s)
        time.sleep(1)
        tmux("send-keys", "-t", session, "q")
        deadline = time.monotonic() + 60
        while not os.path.exists(out) and time.monotonic() < deadline:
            time.sleep(0.5)
        time.sleep(2)
    finally:
        tmux("kill-session", "-t", session)
    write(sorted(set(executed(out, "/" + os.path.basename(BINARY)))), "the start")


def main():
    folder = tempfile.mkdtemp(prefix="link-order-")
    # valgrind 3.19 cannot read DWARF 5
    stripped = os.path.join(folder, os.path.basename(BINARY))
    subprocess.run(["strip", "--strip-debug", "-o", stripped, BINARY], check=True)
    if FLOOR:
        floor(stripped, folder)
        return
    server = subprocess.Popen([BINARY, "serve-demo", "--latency", "0", "--page-size", "100",
                               "--port", "0", "--repos", "5000"], stdout=subprocess.PIPE,
                              text=True)
    url = server.stdout.readline().rsplit(" ", 1)[1].strip()
    import threading
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    session = f"order-{os.getpid()}"
    out = os.path.join(folder, "callgrind")
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30",
         "env TERM=xterm-256color bash --norc --noprofile")
    try:
        tmux("send-keys", "-t", session,
             f"valgrind --tool=callgrind --demangle=no --callgrind-out-file={out} "
             f"{stripped} --base-url {url} --no-cache 2>/dev/null; exit", "Enter")
        wait(session, lambda s: "[ Fetch ]" in s and "q quit" in s)
        time.sleep(2)
        subprocess.run(["callgrind_control", "-d", "start"], cwd=folder, check=True,
                       capture_output=True)
        tmux("send-keys", "-t", session, "f")
        wait(session, lambda s: "repos ✓" in s and "Loading" not in s)
        time.sleep(2)
        subprocess.run(["callgrind_control", "-d", "loaded"], cwd=folder, check=True,
                       capture_output=True)
        # The keys people press next: move, sort, filter, details, back, quit.
        for keys in (["Down"], ["s"], ["s"], ["/"], ["a"], ["Enter"], ["Tab"], ["Enter"],
                     ["Escape"], ["q"]):
            tmux("send-keys", "-t", session, *keys)
            time.sleep(1.5)
        deadline = time.monotonic() + 60
        while not os.path.exists(out) and time.monotonic() < deadline:
            time.sleep(0.5)
        time.sleep(2)
    finally:
        tmux("kill-session", "-t", session)
        server.terminate()
        server.wait()
    warm = warm_start(stripped, folder)
    dumps = sorted(name for name in os.listdir(folder) if name.startswith("callgrind."))
    seen, order = set(), []
    # The first frame, then the first frame from the cache, then the rest.
    for dump in dumps[:1] + [warm] + dumps[1:] + ["callgrind"]:
        path = os.path.join(folder, dump)
        if not os.path.exists(path):
            continue
        for name in sorted(set(executed(path, "/loader-tui"))):
            if name not in seen:
                seen.add(name)
                order.append(name)
    write(order, f"{', '.join(dumps)} and the final dump")


if __name__ == "__main__":
    main()
