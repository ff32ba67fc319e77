#!/usr/bin/env python3
"""Writes the symbol ordering file the release link uses (bench/link-order.txt): the functions
loader-tui runs to its first frame, then those a fetch of 5,000 repositories and the common keys
run, as valgrind's callgrind records them, then the .bss and .rodata symbols its start reads or
writes, as valgrind's lackey traces them. With --floor, the floor program's
(bench/floor/link-order.txt): the functions it runs to its frame, then the data it touches.

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
import bisect
import collections
import contextlib
import functools
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
    """Function names callgrind recorded in the object whose path ends with `suffix`. Names are
    compressed (each object's and function's written out once, then only its number), and an
    object's number can be used before the line that names it, so both are resolved at the
    end."""
    objects, functions, pairs, current = {}, {}, [], None
    for line in open(path, errors="replace"):
        match = NAME.match(line.rstrip("\n"))
        if not match:
            continue
        kind, number, name = match.groups()
        if kind in ("ob", "cob"):
            if name:
                objects[number] = name
            if kind == "ob":
                current = number
        else:
            if name:
                functions[number] = name
            if kind == "fn":
                pairs.append((current, number))
    names = [functions.get(function) for object, function in pairs
             if objects.get(object, "").endswith(suffix)]
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


def first_frame(screen):
    """Whether the screen shows the first full frame (the app's or the floor's)."""
    return "[ Fetch ]" in screen and "q quit" in screen


@contextlib.contextmanager
def pane(name):
    """A fresh 120x30 tmux session running a plain shell, killed when the block ends."""
    session = f"order-{name}-{os.getpid()}"
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30",
         "env TERM=xterm-256color bash --norc --noprofile")
    try:
        yield session
    finally:
        tmux("kill-session", "-t", session)


def run(session, command):
    """Types `command` into the pane, to run it and then end the shell."""
    tmux("send-keys", "-t", session, f"{command} 2>/dev/null; exit", "Enter")


def quit_and_wait(session, timeout=60):
    """Presses q, then waits until the shell has ended: valgrind has written its output."""
    tmux("send-keys", "-t", session, "q")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and subprocess.run(
            ["tmux", "has-session", "-t", session], capture_output=True).returncode == 0:
        time.sleep(0.5)


def valgrind_to_frame(name, tool, arguments, ready):
    """`valgrind TOOL ARGUMENTS` in a fresh pane until `ready` holds for its screen, a second
    more, then q."""
    with pane(name) as session:
        run(session, f"valgrind {tool} {arguments}")
        wait(session, ready)
        time.sleep(1)
        quit_and_wait(session)


def warm_start(stripped, folder):
    """The start with 5,000 repositories in the cache, to its first full frame (built-in
    server, so no request is answered meanwhile); returns the dump's name."""
    cache = os.path.join(folder, "cache")
    server = ["--repos", "5000", "--page-size", "100"]
    subprocess.run([BINARY, "--headless", "--latency", "0", *server, "--cache-dir", cache],
                   check=True, stdout=subprocess.DEVNULL)
    out = os.path.join(folder, "warm")
    valgrind_to_frame(
        "warm", f"--tool=callgrind --demangle=no --callgrind-out-file={out}",
        f"{stripped} {' '.join(server)} --cache-dir {cache} --latency 600",
        lambda s: "Repositories:" in s and "repos cached" in s)
    return "warm"


# What runs before main, which callgrind does not name as itself: the C start-up code (its
# "(below main)") and the start-up files' init functions. Linked where lld's default puts
# them (among code no start runs), each cost the 64 KiB around it.
BEFORE_MAIN = ["_start", "frame_dummy", "register_tm_clones", "deregister_tm_clones",
               "__do_global_dtors_aux"]


@functools.cache
def symbols():
    """The binary's defined symbols as `nm -S` lists them: (address, size, type, name), size
    `None` where nm gives none."""
    listing = subprocess.run(["nm", "-S", "--defined-only", BINARY], check=True,
                             capture_output=True, text=True).stdout
    rows = []
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4:
            rows.append((int(fields[0], 16), int(fields[1], 16), fields[2], fields[3]))
        elif len(fields) == 3:
            rows.append((int(fields[0], 16), None, fields[1], fields[2]))
    return rows


def ambiguous_locals():
    """Local function names the binary defines more than once (`$sSqwcp`, `block_copy_helper`:
    one copy in each object that needs it). The ordering file cannot say which copy ran, so lld
    gives a listed name's place to every copy, and each copy inside a library object compiled
    without function sections drags that whole object (half a megabyte of `_RegexParser.o`)
    in among the start's code."""
    counts = collections.Counter(name for _, _, kind, name in symbols() if kind == "t")
    return {name for name, count in counts.items() if count > 1}


# Where valgrind loads a position-independent executable (amd64).
VALGRIND_BASE = 0x108000
# The sections whose start-up data the ordering gathers: .bss (each page written is a page of
# memory) and .rodata (each page read maps its 64 KiB). Every page of .data and .data.rel.ro is
# written by the relocations anyway.
DATA_SECTIONS = (".bss", ".rodata")
# A line of `readelf -SW`: [Nr] Name Type Address Off Size
SECTION_HEADER = re.compile(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)")


def touched_data(stripped, folder, arguments):
    """The data symbols of the binary that a start reads or writes up to a second after its
    first frame, from every access valgrind's lackey traces; names defined more than once are
    left out (lld would move every copy). Sorted by address, so their order is the link's."""
    log = os.path.join(folder, "lackey")
    valgrind_to_frame("data", f"--tool=lackey --trace-mem=yes --log-file={log}",
                      f"{stripped} {arguments}", first_frame)
    headers = subprocess.run(["readelf", "-SW", BINARY], check=True, capture_output=True,
                             text=True).stdout
    ranges = []
    for line in headers.splitlines():
        match = SECTION_HEADER.match(line)
        if match and match.group(1) in DATA_SECTIONS:
            start = int(match.group(2), 16)
            ranges.append((start, start + int(match.group(3), 16)))
    low, high = min(start for start, _ in ranges), max(end for _, end in ranges)
    touched = set()
    with open(log, errors="replace") as trace:
        for line in trace:
            # " L addr,size", " S …", " M …": data accesses ("I …" are instructions)
            if line[:2] in (" L", " S", " M"):
                address = int(line[3:].split(",", 1)[0], 16) - VALGRIND_BASE
                if low <= address < high:
                    touched.add(address)
    os.remove(log)
    touched = sorted(touched)
    sized = [(address, size, name) for address, size, _, name in symbols() if size is not None]
    counts = collections.Counter(name for _, _, name in sized)
    candidates = [(address, max(size, 1), name) for address, size, name in sized
                  if any(start <= address < end for start, end in ranges)]
    names = []
    for address, size, name in sorted(candidates):
        index = bisect.bisect_left(touched, address)
        if index < len(touched) and touched[index] < address + size and counts[name] == 1:
            names.append(name)
    return names


def write(phases, data, sources):
    """Writes the phases' function names in order, then the start's data symbols. Within each
    phase the ambiguous local names come last, so the objects only they drag in come after
    every object the phase runs code of, not among them; the copies that ran stay in their
    phase. (A name's place matters only among the sections of its output section, so the data
    after the code changes neither.)"""
    ambiguous = ambiguous_locals()
    order, seen = list(BEFORE_MAIN), set(BEFORE_MAIN)
    for phase in phases:
        names = [name for name in phase if name not in seen]
        seen.update(names)
        order += [name for name in names if name not in ambiguous]
        order += [name for name in names if name in ambiguous]
    order += [name for name in data if name not in seen]
    with open(OUT, "w") as file:
        file.write("\n".join(order) + "\n")
    print(f"{len(order) - len(data)} functions and {len(data)} data symbols in {OUT} "
          f"(from {sources})")


def floor(stripped, folder):
    """The floor program to its frame, then q."""
    out = os.path.join(folder, "callgrind-floor")
    valgrind_to_frame("floor", f"--tool=callgrind --demangle=no --callgrind-out-file={out}",
                      stripped, first_frame)
    data = touched_data(stripped, folder, "")
    write([sorted(set(executed(out, "/" + os.path.basename(BINARY))))], data, "the start")


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
    out = os.path.join(folder, "callgrind")
    try:
        with pane("app") as session:
            run(session, f"valgrind --tool=callgrind --demangle=no --callgrind-out-file={out} "
                f"{stripped} --base-url {url} --no-cache")
            wait(session, first_frame)
            time.sleep(2)
            subprocess.run(["callgrind_control", "-d", "start"], cwd=folder, check=True,
                           capture_output=True)
            tmux("send-keys", "-t", session, "f")
            wait(session, lambda s: "repos ✓" in s and "Loading" not in s)
            time.sleep(2)
            subprocess.run(["callgrind_control", "-d", "loaded"], cwd=folder, check=True,
                           capture_output=True)
            # The keys people press next: move, sort, filter, details, back; then quit.
            for keys in (["Down"], ["s"], ["s"], ["/"], ["a"], ["Enter"], ["Tab"], ["Enter"],
                         ["Escape"]):
                tmux("send-keys", "-t", session, *keys)
                time.sleep(1.5)
            quit_and_wait(session)
    finally:
        server.terminate()
        server.wait()
    warm = warm_start(stripped, folder)
    dumps = sorted(name for name in os.listdir(folder) if name.startswith("callgrind."))
    # The first frame, then the first frame from the cache, then the rest.
    phases = [sorted(set(executed(os.path.join(folder, dump), "/loader-tui")))
              for dump in dumps[:1] + [warm] + dumps[1:] + ["callgrind"]
              if os.path.exists(os.path.join(folder, dump))]
    data = touched_data(stripped, folder, "--base-url http://127.0.0.1:9/ --no-cache")
    write(phases, data, f"{', '.join(dumps)}, the final dump and the start's data")


if __name__ == "__main__":
    main()
