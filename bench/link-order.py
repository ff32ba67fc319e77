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


def ambiguous_locals():
    """Local function names the binary defines more than once (`$sSqwcp`, `block_copy_helper`:
    one copy in each object that needs it). The ordering file cannot say which copy ran, so lld
    gives a listed name's place to every copy, and each copy inside a library object compiled
    without function sections drags that whole object (half a megabyte of `_RegexParser.o`)
    in among the start's code."""
    counts = {}
    listing = subprocess.run(["nm", "--defined-only", BINARY], check=True, capture_output=True,
                             text=True).stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] == "t":
            counts[fields[2]] = counts.get(fields[2], 0) + 1
    return {name for name, count in counts.items() if count > 1}


# Where valgrind loads a position-independent executable (amd64).
VALGRIND_BASE = 0x108000
# The sections whose start-up data the ordering gathers: .bss (each page written is a page of
# memory) and .rodata (each page read maps its 64 KiB). Every page of .data and .data.rel.ro is
# written by the relocations anyway.
DATA_SECTIONS = (".bss", ".rodata")


def touched_data(stripped, folder, command, ready):
    """The data symbols of the binary that a start reads or writes up to a second after its
    first frame, from every access valgrind's lackey traces; names defined more than once are
    left out (lld would move every copy). Sorted by address, so their order is the link's."""
    log = os.path.join(folder, "lackey")
    session = f"order-data-{os.getpid()}"
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30",
         "env TERM=xterm-256color bash --norc --noprofile")
    try:
        tmux("send-keys", "-t", session,
             f"valgrind --tool=lackey --trace-mem=yes --log-file={log} {stripped} {command} "
             "2>/dev/null; exit", "Enter")
        wait(session, ready)
        time.sleep(1)
        tmux("send-keys", "-t", session, "q")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and subprocess.run(
                ["tmux", "has-session", "-t", session], capture_output=True).returncode == 0:
            time.sleep(0.5)
    finally:
        tmux("kill-session", "-t", session)
    headers = subprocess.run(["readelf", "-SW", BINARY], check=True, capture_output=True,
                             text=True).stdout
    ranges = []
    for line in headers.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
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
    listing = subprocess.run(["nm", "-S", "--defined-only", BINARY], check=True,
                             capture_output=True, text=True).stdout
    counts, symbols = {}, []
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) != 4:
            continue
        counts[fields[3]] = counts.get(fields[3], 0) + 1
        address, size = int(fields[0], 16), int(fields[1], 16)
        if any(start <= address < end for start, end in ranges):
            symbols.append((address, max(size, 1), fields[3]))
    names = []
    for address, size, name in sorted(symbols):
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
    data = touched_data(stripped, folder, "", lambda s: "[ Fetch ]" in s and "q quit" in s)
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
    # The first frame, then the first frame from the cache, then the rest.
    phases = [sorted(set(executed(os.path.join(folder, dump), "/loader-tui")))
              for dump in dumps[:1] + [warm] + dumps[1:] + ["callgrind"]
              if os.path.exists(os.path.join(folder, dump))]
    data = touched_data(stripped, folder, "--base-url http://127.0.0.1:9/ --no-cache",
                        lambda s: "[ Fetch ]" in s and "q quit" in s)
    write(phases, data, f"{', '.join(dumps)}, the final dump and the start's data")


if __name__ == "__main__":
    main()
