#!/usr/bin/env python3
"""Memory and start-up probe for loader-tui in a real terminal (tmux), with the built-in server
in another process. bench.py imports it for the memory and start-up figures; run alone it prints
one program's figures and its RSS by mapping.

Usage: memory.py PATH/TO/loader-tui [--repos N] [--runs N] [--smaps DIR] [--server PATH]
                 [--start-only] [--args ARGUMENTS] [--cache-dir DIR] [--json]

For each run: `serve-demo --repos N --page-size 100 --latency 0` in its own process; the program
in a 120x30 tmux pane (`exec loader-tui --base-url URL --no-cache`, or the --args given, as for
the floor program); one second after the first full frame, the RSS (smaps_rollup: anonymous,
file) and, per mapping, smaps's Rss; then `f`, and the same 1.5 s after both lists are up and
no pane loads, and VmHWM (the peak); from the first frame to then, RssAnon of /proc/PID/status
every 2 ms, whose largest value is the peak of anonymous memory (what the process itself
allocated: heap, stacks, written pages of its mappings; no page of a file it reads, so the
kernel's readahead does not move it). Exec to first full frame is measured as bench.py's
first_screen does (`date +%s%N` before `exec`, capture-pane until the button and the key hints
are up), but against the separate server. Every binary is evicted from the page cache first, so
it is read from disk as an installed one is (a file just written by a build sits in the cache in
the folios its writes made, and fault-around then maps different neighbourhoods); the first run
is a warm-up.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RESIDENT = os.path.join(HERE, "resident.py")
PROXY = os.path.join(HERE, "http_proxy.py")
TEST_CA = os.path.join(HERE, "test-ca.sh")
# Mappings grouped for the breakdown: what the app links, by who brings it.
# (mapping_name shortens libc.so.6 to libc: those are matched whole.)
CURL_TREE = ("libcurl", "libssl", "libcrypto", "libnghttp2", "libidn2", "librtmp", "libssh2",
             "libpsl", "libgssapi_krb5", "libldap", "liblber", "libzstd", "libbrotli",
             "libunistring", "libgnutls", "libhogweed", "libnettle", "libgmp", "libkrb5",
             "libk5crypto", "libcom_err", "libkrb5support", "libsasl2", "libp11-kit",
             "libtasn1", "libkeyutils", "libresolv", "libffi")
CURL_TREE_WHOLE = ("libz",)
SYSTEM = ("libstdc++", "ld-linux", "libgcc_s", "locale-archive", "gconv", "SYS_LC", "LC_")
SYSTEM_WHOLE = ("libc", "libm")
NCURSES = ("libncursesw", "libtinfo")


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

    def pipe(self, path):
        """Records what the program in the pane writes into `path`."""
        subprocess.run(["tmux", "pipe-pane", "-t", self.session, f"cat > {path}"], check=True)

    def unpipe(self):
        subprocess.run(["tmux", "pipe-pane", "-t", self.session], check=True)

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.session], check=False,
                       capture_output=True)


def first_full(screen):
    """The button and the key hints are up: "q quit" (the floor program, and the app where the
    status bar has room for the words) or the app's letters ending in "? q"."""
    last = screen.rstrip().rsplit("\n", 1)[-1]
    return "[ Fetch ]" in screen and ("q quit" in last or last.endswith(" ? q"))


def serve_demo(server, repos):
    command = [server, "serve-demo", "--latency", "0", "--page-size", "100", "--port", "0"]
    if repos:
        command += ["--repos", str(repos)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    url = line.rsplit(" ", 1)[1].strip()
    # Drain its request lines so it never blocks on a full pipe.
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, url


def print_figure(figure, value, unit, baseline_name, baseline, ratio, target, ok):
    """A figure as bench.py prints it, for a bench module run alone."""
    print(f"{figure}: {value:.3f} {unit}; {baseline_name} {baseline:.3f}; ratio {ratio:.2f}; "
          f"target {target}: {'meets' if ok else 'MISSES'}", flush=True)


def command_line():
    """A bench module's own command line, `BINARY [--baseline PATH] [--quick]`: the binary and
    the baseline as absolute paths (`None` without one), and whether it is quick."""
    arguments = sys.argv[1:]
    baseline = arguments[arguments.index("--baseline") + 1] if "--baseline" in arguments else None
    return (os.path.abspath(arguments[0]), os.path.abspath(baseline) if baseline else None,
            "--quick" in arguments)


def malloc_arenas(pid):
    """How many malloc arenas the process has besides the main heap: glibc reserves each as an
    anonymous mapping aligned to 64 MiB, its used part readable and writable."""
    count = 0
    for line in open(f"/proc/{pid}/maps"):
        fields = line.split()
        start = int(fields[0].split("-")[0], 16)
        if len(fields) == 5 and fields[1].startswith("rw") and start % (64 << 20) == 0:
            count += 1
    return count


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


# What .ci/run guards of the shipped binary's memory over HTTPS with 5,000 repositories
# (Tests/e2e/memory_e2e.py), and bench.py reports against: anonymous memory (RssAnon), MiB, the
# medians of 15 runs at two readahead settings (BENCHMARKS.md, "Anonymous memory: the guard");
# a run fails above them by more than ANONYMOUS_HEADROOM. RSS and PSS count the pages of the
# files the process maps, which move with the kernel's readahead: reported, not guarded.
ANONYMOUS_MEASURED = {"anonymous after start": 2.03, "peak anonymous": 7.04}
ANONYMOUS_HEADROOM = 1.15


class AnonymousPeak:
    """The largest RssAnon (KiB) of a process, read from /proc/PID/status every 2 ms on a thread
    of its own until stopped: the peak of anonymous memory, which the kernel does not keep (its
    VmHWM counts file pages too)."""

    def __init__(self, pid):
        self.pid, self.peak, self.samples = pid, 0, 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("RssAnon:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def _sample(self):
        while not self.done.is_set():
            self.peak = max(self.peak, self._read())
            self.samples += 1
            self.done.wait(0.002)

    def stop(self):
        """Stops sampling, after one last sample; returns the peak in KiB."""
        self.done.set()
        self.thread.join()
        self.peak = max(self.peak, self._read())
        return self.peak


def mapping_name(path, binary):
    if not path:
        return "[anon]"
    base = os.path.basename(path)
    if base == os.path.basename(binary):
        return "binary"
    for prefix in ("libcurl", "libssl", "libcrypto", "libncursesw", "libtinfo", "libc.so",
                   "libstdc++", "libm.so", "ld-linux", "libgnutls", "libnghttp2", "libz.so",
                   "libzstd", "libicu"):
        if base.startswith(prefix):
            return base.split(".so")[0]
    return base


def smaps(pid, binary):
    """Rss, Anonymous (private dirty pages of file mappings included) and file-backed pages, per
    mapping name, in kB."""
    table = {}
    current = None
    for line in open(f"/proc/{pid}/smaps"):
        fields = line.split()
        if not fields:
            continue
        if "-" in fields[0] and not fields[0].endswith(":"):
            path = fields[5] if len(fields) > 5 else ""
            current = table.setdefault(mapping_name(path, binary),
                                       {"Rss": 0, "Anonymous": 0, "file": 0})
        elif fields[0] in ("Rss:", "Anonymous:") and current is not None:
            current[fields[0][:-1]] += int(fields[1])
    for entry in table.values():
        entry["file"] = entry["Rss"] - entry["Anonymous"]
    return table


def groups(maps):
    """The mappings summed by who brings them (kB): the executable, libcurl and every library it
    loads, libc and the C++ runtime, ncurses, anonymous memory (heap, arenas, stacks)."""
    sums = {"binary": 0, "curl tree": 0, "system": 0, "ncurses": 0, "anonymous": 0, "other": 0}
    for name, entry in maps.items():
        if name == "binary":
            key = "binary"
        elif name.startswith("[") or name == "":
            key = "anonymous"
        elif name.startswith(CURL_TREE) or name in CURL_TREE_WHOLE:
            key = "curl tree"
        elif name.startswith(SYSTEM) or name in SYSTEM_WHOLE:
            key = "system"
        elif name.startswith(NCURSES):
            key = "ncurses"
        else:
            key = "other"
        sums[key] += entry["Rss"]
    return sums


def loaded(screen):
    return "Repositories:" in screen and "Loading" not in screen and "repos ✓" in screen


def tls_front(url, folder):
    """The gzip proxy (http_proxy.py) over HTTPS in front of `url`, with the certificate that
    test-ca.sh made in `folder`: the process and its base URL."""
    front = subprocess.Popen(
        [sys.executable, PROXY, url, os.path.join(folder, "stats"),
         os.path.join(folder, "server.pem"), os.path.join(folder, "server.key")],
        stdout=subprocess.PIPE, text=True)
    return front, f"https://127.0.0.1:{int(front.stdout.readline())}"


def make_ca(folder):
    """A CA and a server certificate for 127.0.0.1 in `folder` (test-ca.sh)."""
    subprocess.run(["sh", TEST_CA, "Memory CA"], cwd=folder, check=True)


def one_run(binary, server, repos, index, start_only=False, arguments=None, cache=None,
            smaps_dir=None, tls=None):
    """One run (see the module's text); with `tls`, a folder where make_ca made a CA, the app
    reaches the server over HTTPS through the gzip proxy, as GitHub is reached."""
    process, url = serve_demo(server, repos)
    front = None
    if tls:
        front, url = tls_front(url, tls)
    pane = Pane()
    sampler = None
    try:
        stamp = tempfile.mktemp()
        pidfile = tempfile.mktemp()
        option = f"--cache-dir {cache}" if cache else "--no-cache"
        arguments = arguments if arguments is not None else f"--base-url {url} {option}"
        trust = f"SSL_CERT_FILE={tls}/ca.pem " if tls else ""
        pane.keys(f"echo $$ > {pidfile}; date +%s%N > {stamp}; {trust}exec {binary} {arguments}",
                  "Enter")
        if cache:
            pane.wait(lambda s: loaded(s.replace("repos cached", "repos ✓")) or
                      ("Repositories:" in s and "repos cached" in s), step=0.002)
        else:
            pane.wait(first_full, step=0.002)
        seen = time.time_ns()
        started = int(open(stamp).read())
        pid = int(open(pidfile).read())
        os.unlink(stamp)
        os.unlink(pidfile)
        anonymous = AnonymousPeak(pid)
        sampler = anonymous
        time.sleep(1.0)
        start = rollup(pid)
        start_maps = smaps(pid, binary)
        if smaps_dir:
            subprocess.run(["cp", f"/proc/{pid}/smaps", f"{smaps_dir}/start-{index}.smaps"])
            subprocess.run([sys.executable, RESIDENT, "snap", str(pid),
                            f"{smaps_dir}/start-{index}.pages"])
        result = {"first_frame_ms": (seen - started) / 1e6, "start": start, "loaded": start,
                  "start_maps": start_maps, "loaded_maps": start_maps, "load_s": 0}
        if start_only:
            result["peak_anonymous"] = anonymous.stop()
            pane.keys("q")
            return result
        pane.keys("f")
        began = time.monotonic()
        pane.wait(loaded, timeout=120)
        result["load_s"] = time.monotonic() - began
        result["at_loaded_frame"] = rollup(pid)  # before the trim, 0.2 s after this frame
        time.sleep(1.5)
        result["loaded"] = rollup(pid)
        result["peak_anonymous"] = anonymous.stop()
        result["arenas"] = malloc_arenas(pid)
        result["loaded_maps"] = smaps(pid, binary)
        if smaps_dir:
            subprocess.run(["cp", f"/proc/{pid}/smaps", f"{smaps_dir}/loaded-{index}.smaps"])
            subprocess.run([sys.executable, RESIDENT, "snap", str(pid),
                            f"{smaps_dir}/loaded-{index}.pages"])
        pane.keys("q")
        return result
    finally:
        if sampler:
            sampler.done.set()
        pane.close()
        for child in (process, front):
            if child:
                child.terminate()
                child.wait()


def evict(path):
    """Drops `path`'s pages from the page cache, so it is read from disk as an installed binary
    is."""
    os.sync()
    fd = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def first_frame(command):
    """Exec to first full frame (ms) of one start in a fresh 120x30 pane: `date +%s%N`, then
    `exec COMMAND`, then capture-pane until the button and the key hints are up (every 2 ms)."""
    pane = Pane()
    try:
        stamp = tempfile.mktemp()
        pane.keys(f"date +%s%N > {stamp}; exec {command}", "Enter")
        pane.wait(first_full, timeout=20, step=0.002)
        seen = time.time_ns()
        elapsed = (seen - int(open(stamp).read())) / 1e6
        os.unlink(stamp)
        pane.keys("q")
        return elapsed
    finally:
        pane.close()


def first_frames(programs, rounds):
    """Each (name, command) started once a round, interleaved, after one warm-up start each, so
    a busy machine slows all of them alike. Returns {name: [ms, ...]}."""
    times = {name: [] for name, _ in programs}
    for _, command in programs:
        first_frame(command)
    for _ in range(rounds):
        for name, command in programs:
            times[name].append(first_frame(command))
    return times


def median(runs, get):
    return statistics.median(get(run) for run in runs)


def main():
    arguments = sys.argv[1:]

    def option(name, default):
        if name in arguments:
            return arguments[arguments.index(name) + 1]
        return default

    binary = os.path.abspath(arguments[0])
    server = os.path.abspath(option("--server", binary))
    repos = int(option("--repos", "5000"))
    count = int(option("--runs", "3"))
    smaps_dir = option("--smaps", None)
    if smaps_dir:
        os.makedirs(smaps_dir, exist_ok=True)
    evict(binary)
    keeper = Pane(20, 5)
    runs = []
    try:
        for index in range(count + 1):
            result = one_run(binary, server, repos, index, "--start-only" in arguments,
                             option("--args", None), option("--cache-dir", None), smaps_dir)
            if index > 0:  # the first run warms the page cache
                runs.append(result)
    finally:
        keeper.close()
    if "--json" in arguments:
        print(json.dumps(runs))
        return
    mib = 1024
    print(f"{os.path.relpath(binary)}: {repos} repositories, {len(runs)} runs (medians, MiB)")
    print(f"  exec to first full frame: {median(runs, lambda r: r['first_frame_ms']):.1f} ms "
          f"(min {min(r['first_frame_ms'] for r in runs):.1f})")
    print(f"  peak of anonymous memory (RssAnon): "
          f"{median(runs, lambda r: r['peak_anonymous']) / mib:.2f}")
    for phase in ("start", "loaded"):
        print(f"  {phase}: Rss {median(runs, lambda r: r[phase]['Rss']) / mib:.2f}, "
              f"RssAnon {median(runs, lambda r: r[phase]['status_RssAnon']) / mib:.2f}, "
              f"anon {median(runs, lambda r: r[phase]['Anonymous']) / mib:.2f}, "
              f"file {median(runs, lambda r: r[phase]['Rss'] - r[phase]['Anonymous']) / mib:.2f},"
              f" VmHWM {median(runs, lambda r: r[phase]['status_VmHWM']) / mib:.2f}")
    for phase in ("start", "loaded"):
        sums = groups(runs[-1][f"{phase}_maps"])
        print(f"  {phase} by who brings it: " +
              ", ".join(f"{name} {kb / mib:.2f}" for name, kb in sums.items()))
    names = sorted(runs[-1]["loaded_maps"], key=lambda n: -runs[-1]["loaded_maps"][n]["Rss"])
    print(f"  {'mapping':<22} {'start Rss':>10} {'(anon)':>8} {'loaded Rss':>11} {'(anon)':>8}")
    for name in names[:16]:
        s = runs[-1]["start_maps"].get(name, {"Rss": 0, "Anonymous": 0})
        e = runs[-1]["loaded_maps"][name]
        print(f"  {name:<22} {s['Rss'] / mib:>10.2f} {s['Anonymous'] / mib:>8.2f} "
              f"{e['Rss'] / mib:>11.2f} {e['Anonymous'] / mib:>8.2f}")
    print(f"  load took {median(runs, lambda r: r['load_s']):.2f} s")


if __name__ == "__main__":
    main()
