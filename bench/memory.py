#!/usr/bin/env python3
"""Memory and start-up probe for loader-tui in a real terminal (tmux), with the built-in server
in another process.

Usage: memory.py PATH/TO/loader-tui [--repos N] [--runs N] [--smaps DIR] [--floor PATH ...]
                 [--cache-dir DIR] [--json]

For each run: `serve-demo --repos N --page-size 100 --latency 0` in its own process; the app in a
120x30 tmux pane (`exec loader-tui --base-url URL --no-cache`); after the first full frame, the
RSS (smaps_rollup: anonymous, file) and, per mapping, smaps's Rss; then `f`, and the same once
both lists are up and no pane loads, and VmHWM (peak). Exec to first full frame is measured as
bench.py's first_screen does (`date +%s%N` before `exec`, capture-pane until the button and the
key hints are up), but against the separate server.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ARGS = sys.argv[1:]
BINARY = os.path.abspath(ARGS[0])


def option(name, default):
    if name in ARGS:
        return ARGS[ARGS.index(name) + 1]
    return default


REPOS = int(option("--repos", "5000"))
RUNS = int(option("--runs", "3"))
SMAPS = option("--smaps", None)
CACHE = option("--cache-dir", None)
AS_JSON = "--json" in ARGS
START_ONLY = "--start-only" in ARGS
RESIDENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "resident.py")
EXTRA = option("--args", "")
SERVER = os.path.abspath(option("--server", BINARY))


class Pane:
    def __init__(self, width=120, height=30):
        self.session = f"mem-{os.getpid()}-{time.monotonic_ns()}"
        subprocess.run(["tmux", "new-session", "-d", "-s", self.session, "-x", str(width), "-y",
                        str(height), "env TERM=xterm-256color PS1='$ ' bash --norc --noprofile"],
                       check=True)

    def keys(self, *keys):
        subprocess.run(["tmux", "send-keys", "-t", self.session, *keys], check=True)

    def screen(self):
        return subprocess.run(["tmux", "capture-pane", "-t", self.session, "-p"], check=True,
                              capture_output=True, text=True).stdout

    def wait(self, predicate, timeout=60, step=0.005):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if predicate(text):
                return text
            time.sleep(step)
        raise RuntimeError("timed out waiting for the screen:\n" + self.screen())

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.session], check=False)


def serve_demo(repos):
    command = [SERVER, "serve-demo", "--latency", "0", "--page-size", "100", "--port", "0"]
    if repos:
        command += ["--repos", str(repos)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    url = line.rsplit(" ", 1)[1].strip()
    # Drain its request lines so it never blocks on a full pipe.
    import threading
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    return server, url


def rollup(pid):
    values = {}
    for line in open(f"/proc/{pid}/smaps_rollup"):
        parts = line.split()
        if len(parts) >= 3 and parts[-1] == "kB":
            values[parts[0].rstrip(":")] = int(parts[1])
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(("VmRSS:", "VmHWM:", "RssAnon:", "RssFile:")):
            values["status_" + line.split(":")[0]] = int(line.split()[1])
    return values


def mapping_name(path):
    if not path:
        return "[anon]"
    base = os.path.basename(path)
    if base == os.path.basename(BINARY):
        return "binary"
    for prefix in ("libcurl", "libssl", "libcrypto", "libncursesw", "libtinfo", "libc.so",
                   "libstdc++", "libm.so", "ld-linux", "libgnutls", "libnghttp2", "libz.so",
                   "libzstd", "libicu"):
        if base.startswith(prefix):
            return base.split(".so")[0]
    return base


def smaps(pid):
    """Rss, Anonymous (private dirty of file mappings included) and file-backed clean pages, per
    mapping name, in kB."""
    table = {}
    current = None
    for line in open(f"/proc/{pid}/smaps"):
        fields = line.split()
        if not fields:
            continue
        if "-" in fields[0] and not fields[0].endswith(":"):
            path = fields[5] if len(fields) > 5 else ""
            current = table.setdefault(mapping_name(path),
                                       {"Rss": 0, "Anonymous": 0, "file": 0})
        elif fields[0] in ("Rss:", "Anonymous:") and current is not None:
            current[fields[0][:-1]] += int(fields[1])
    for entry in table.values():
        entry["file"] = entry["Rss"] - entry["Anonymous"]
    return table


def loaded(screen):
    return "Repositories:" in screen and "Loading" not in screen and "repos ✓" in screen


def one_run(index):
    server, url = serve_demo(REPOS)
    pane = Pane()
    try:
        stamp = tempfile.mktemp()
        pidfile = tempfile.mktemp()
        cache = f"--cache-dir {CACHE}" if CACHE else "--no-cache"
        arguments = EXTRA or f"--base-url {url} {cache}"
        pane.keys(f"echo $$ > {pidfile}; date +%s%N > {stamp}; exec {BINARY} {arguments}",
                  "Enter")
        if CACHE:
            pane.wait(lambda s: loaded(s.replace("repos cached", "repos ✓")) or
                      ("Repositories:" in s and "repos cached" in s), step=0.002)
        else:
            pane.wait(lambda s: "[ Fetch ]" in s and "q quit" in s, step=0.002)
        seen = time.time_ns()
        started = int(open(stamp).read())
        pid = int(open(pidfile).read())
        time.sleep(1.0)
        start = rollup(pid)
        start_maps = smaps(pid)
        if SMAPS:
            subprocess.run(["cp", f"/proc/{pid}/smaps", f"{SMAPS}/start-{index}.smaps"])
            subprocess.run([sys.executable, RESIDENT, "snap", str(pid),
                            f"{SMAPS}/start-{index}.pages"])
        if START_ONLY:
            pane.keys("q")
            return {"first_frame_ms": (seen - started) / 1e6, "start": start, "loaded": start,
                    "start_maps": start_maps, "loaded_maps": start_maps, "load_s": 0}
        pane.keys("f")
        began = time.monotonic()
        pane.wait(loaded, timeout=120)
        load_seconds = time.monotonic() - began
        time.sleep(1.5)
        end = rollup(pid)
        end_maps = smaps(pid)
        if SMAPS:
            subprocess.run(["cp", f"/proc/{pid}/smaps", f"{SMAPS}/loaded-{index}.smaps"])
            subprocess.run([sys.executable, RESIDENT, "snap", str(pid),
                            f"{SMAPS}/loaded-{index}.pages"])
        pane.keys("q")
        return {"first_frame_ms": (seen - started) / 1e6, "start": start, "loaded": end,
                "start_maps": start_maps, "loaded_maps": end_maps, "load_s": load_seconds}
    finally:
        pane.close()
        server.terminate()
        server.wait()


def evict(path):
    """Drops `path`'s pages from the page cache, so every binary measured is read from disk as
    an installed one is (a file just written by a build or `cp` sits in the cache in the
    folios its writes made, and fault-around then maps different neighbourhoods)."""
    os.sync()
    fd = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def main():
    if SMAPS:
        os.makedirs(SMAPS, exist_ok=True)
    evict(BINARY)
    keeper = Pane(20, 5)
    runs = []
    try:
        for index in range(RUNS + 1):
            result = one_run(index)
            if index > 0:  # the first run warms the page cache
                runs.append(result)
    finally:
        keeper.close()
    if AS_JSON:
        print(json.dumps(runs))
        return

    def med(get):
        return statistics.median(get(r) for r in runs)

    mb = 1024
    print(f"{os.path.relpath(BINARY)}: {REPOS} repositories, {len(runs)} runs (medians)")
    print(f"  exec to first full frame: {med(lambda r: r['first_frame_ms']):.1f} ms "
          f"(min {min(r['first_frame_ms'] for r in runs):.1f})")
    for phase in ("start", "loaded"):
        print(f"  {phase}: Rss {med(lambda r: r[phase]['Rss']) / mb:.2f} MB, "
              f"anon {med(lambda r: r[phase]['Anonymous']) / mb:.2f} MB, "
              f"file {med(lambda r: r[phase]['Rss'] - r[phase]['Anonymous']) / mb:.2f} MB, "
              f"VmHWM {med(lambda r: r[phase]['status_VmHWM']) / mb:.2f} MB")
    names = sorted(runs[-1]["loaded_maps"], key=lambda n: -runs[-1]["loaded_maps"][n]["Rss"])
    print(f"  {'mapping':<22} {'start Rss':>10} {'(anon)':>8} {'loaded Rss':>11} {'(anon)':>8}")
    for name in names[:16]:
        s = runs[-1]["start_maps"].get(name, {"Rss": 0, "Anonymous": 0})
        e = runs[-1]["loaded_maps"][name]
        print(f"  {name:<22} {s['Rss'] / mb:>10.2f} {s['Anonymous'] / mb:>8.2f} "
              f"{e['Rss'] / mb:>11.2f} {e['Anonymous'] / mb:>8.2f}")
    print(f"  load took {med(lambda r: r['load_s']):.2f} s")


if __name__ == "__main__":
    main()
