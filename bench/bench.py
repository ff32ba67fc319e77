#!/usr/bin/env python3
"""Benchmarks for loader-tui: each figure against its baseline or target, measured in one run.

Usage: bench.py PATH/TO/release/loader-tui --floor PATH/TO/floor [--quick]
Warm-up first, several runs, medians; the machine is shared and noisy, so ratios are taken
from measurements made side by side, interleaved where there are two sides. MB is 10^6 bytes
(MiB, 2^20, where a line says so).
"""
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import at_most_once
import memory
import owners
import pages
import slow_network as slow

BINARY = os.path.abspath(sys.argv[1])
BENCH_BINARY = os.path.join(os.path.dirname(BINARY), "LoaderBench")
QUICK = "--quick" in sys.argv
FLOOR = os.path.abspath(sys.argv[sys.argv.index("--floor") + 1]) if "--floor" in sys.argv else None
BASELINE = (os.path.abspath(sys.argv[sys.argv.index("--baseline") + 1])
            if "--baseline" in sys.argv else None)
BEFORE = (os.path.abspath(sys.argv[sys.argv.index("--before") + 1])
          if "--before" in sys.argv else None)
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
results = []


def report(figure, value, unit, baseline_name, baseline, ratio, target, ok):
    results.append((figure, value, unit, baseline_name, baseline, ratio, target, ok))
    memory.print_figure(figure, value, unit, baseline_name, baseline, ratio, target, ok)


# MARK: - tmux helpers

# One tmux pane class for every benchmark script (bench/memory.py's).
Pane = memory.Pane


def start_app(pane, arguments):
    pidfile = tempfile.mktemp()
    pane.keys(f"sh -c 'echo $$ > {pidfile}; exec {BINARY} --no-cache {arguments}'", "Enter")
    deadline = time.monotonic() + 10
    while not (os.path.exists(pidfile) and open(pidfile).read().strip()):
        if time.monotonic() > deadline:
            raise RuntimeError("app did not start")
        time.sleep(0.01)
    return int(open(pidfile).read())


def stat_ticks(pid):
    """utime + stime from /proc/PID/stat (every thread, exited ones too), in seconds."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def cpu_over(pid, seconds):
    """CPU seconds the process used over the next `seconds`: perf's task-clock across all its
    threads where perf works (nanoseconds), and /proc/PID/stat ticks (10 ms steps) beside it."""
    ticks0 = stat_ticks(pid)
    fine = None
    try:
        result = subprocess.run(
            ["perf", "stat", "-x", ",", "-e", "task-clock", "-p", str(pid), "--", "sleep",
             str(seconds)], capture_output=True, text=True, timeout=seconds + 30)
        for line in result.stderr.splitlines():
            fields = line.split(",")
            if len(fields) > 2 and "task-clock" in fields[2]:
                fine = float(fields[0]) / 1000  # msec to seconds
    except (OSError, subprocess.SubprocessError, ValueError):
        fine = None
    if fine is None:
        time.sleep(seconds)
    ticks1 = stat_ticks(pid)
    if fine is None:  # no perf here: ticks are all there is
        fine = ticks1 - ticks0
    return fine, ticks1 - ticks0


# MARK: - Terminal figures

def idle_and_spinning():
    seconds = 5 if QUICK else 10
    pane = Pane(100, 30)
    try:
        pid = start_app(pane, "--latency 0")
        pane.wait(lambda s: "[ Fetch ]" in s)
        pane.keys("f")
        pane.wait(lambda s: "Repositories:" in s and "Loading" not in s)
        time.sleep(1.5)  # let the last repaint pass
        fine, ticks = cpu_over(pid, seconds)
        idle_ms = fine * 1000 * 10 / seconds
        report("idle cost (CPU ms per 10 s, loads finished)", idle_ms, "ms", "/proc stat ticks ms",
               ticks * 1000 * 10 / seconds, idle_ms / 20, "<= 20 ms", idle_ms <= 20)
        pane.keys("q")
    finally:
        pane.close()

    pane = Pane(100, 30)
    raw = tempfile.mktemp()
    try:
        pid = start_app(pane, "--latency 600")
        pane.wait(lambda s: "[ Fetch ]" in s)
        pane.keys("f")
        pane.wait(lambda s: s.count("Loading…") == 2)
        time.sleep(1)
        pane.pipe(raw)
        fine, ticks = cpu_over(pid, seconds)
        pane.unpipe()
        percent = fine / seconds * 100
        report("spinning cost (% of one core, both panes spinning)", percent, "%",
               "/proc stat ticks %", ticks / seconds * 100, percent / 2, "<= 2 %", percent <= 2)
        data = open(raw, "rb").read()
        text = data.decode("utf-8", "replace")
        glyphs = sum(text.count(c) for c in SPINNER)
        frames = glyphs / 2  # each frame redraws the two panes' spinners
        per_frame = len(data) / frames if frames else float("inf")
        report("bytes per spinner frame", per_frame, "bytes", "frames seen", frames,
               per_frame / 64, "<= 64 bytes", per_frame <= 64)
        pane.keys("q")
    finally:
        pane.close()


def first_screen():
    times = []
    runs = 5 if QUICK else 12
    for index in range(runs):
        pane = Pane(100, 30)
        try:
            stamp = tempfile.mktemp()
            pane.keys(f"date +%s%N > {stamp}; exec {BINARY} --latency 0 --no-cache", "Enter")
            pane.wait(memory.first_full)
            seen = time.time_ns()
            started = int(open(stamp).read())
            if index > 0:  # the first run warms the caches
                times.append((seen - started) / 1e6)
        finally:
            pane.close()
    median = statistics.median(times)
    report("time to first screen (exec to first full frame in tmux)", median, "ms",
           "fastest", min(times), median / 100, "<= 100 ms", median <= 100)


def mb(kib):
    """KiB (what /proc and getrusage give) in MB (10^6 bytes)."""
    return kib * 1024 / 1e6


def vm_rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return mb(int(line.split()[1]))
    return 0.0


def warm_start():
    """Start to a full first screen with 5,000 repositories from the cache, against a cold
    start that fetches the same from the built-in server at once; and the RSS of each once the
    screen is full. Interleaved; the first pair warms up."""
    cache = tempfile.mkdtemp(prefix="bench-cache-")
    server = "--repos 5000 --page-size 100"
    subprocess.run([BINARY, "--headless", "--latency", "0", *server.split(), "--cache-dir", cache],
                   check=True, stdout=subprocess.DEVNULL)
    def full(screen, kind):
        status = "cached" if kind == "warm" else "✓"  # "RedMadRobot (org) ✓", "repos ✓"
        return "Repositories:" in screen and "Loading" not in screen and \
            f"(org) {status}" in screen and f"repos {status}" in screen
    warm, cold, warm_rss, cold_rss = [], [], [], []
    runs = 4 if QUICK else 8
    for index in range(runs):
        for kind in ("warm", "cold"):
            pane = Pane(120, 30)
            try:
                stamp = tempfile.mktemp()
                options = f"--cache-dir {cache} --latency 600" if kind == "warm" else \
                    "--no-cache --latency 0"
                pane.keys(f"date +%s%N > {stamp}; exec {BINARY} {server} {options}", "Enter")
                if kind == "cold":
                    pane.wait(lambda s: "[ Fetch ]" in s and "(org) –" in s)
                    pane.keys("f")
                pane.wait(lambda s: full(s, kind))
                seen = time.time_ns()
                started = int(open(stamp).read())
                pid = subprocess.run(["tmux", "display", "-p", "-t", pane.session, "#{pane_pid}"],
                                     check=True, capture_output=True, text=True).stdout.strip()
                time.sleep(0.3)  # let the list settle before reading RSS
                rss = vm_rss_mb(pid)
                if index > 0:
                    (warm if kind == "warm" else cold).append((seen - started) / 1e6)
                    (warm_rss if kind == "warm" else cold_rss).append(rss)
            finally:
                pane.close()
    shutil.rmtree(cache, ignore_errors=True)
    median_warm, median_cold = statistics.median(warm), statistics.median(cold)
    report("warm start: first full screen, 5,000 cached repositories", median_warm, "ms",
           "cold start + f, fetched from the built-in server ms", median_cold,
           median_warm / median_cold, "<= 100 ms and <= 0.5x cold",
           median_warm <= 100 and median_warm <= 0.5 * median_cold)
    rss_warm, rss_cold = statistics.median(warm_rss), statistics.median(cold_rss)
    report("warm start: RSS with the full screen, 5,000 repositories", rss_warm, "MB",
           "cold start MB", rss_cold, rss_warm / rss_cold, "<= 1.1x cold (no more than 10% above)",
           rss_warm <= 1.10 * rss_cold)


# MARK: - Memory and start-up against the floor program

def memory_and_start():
    """The shipped binary in a 120x30 tmux pane against `serve-demo` in another process
    (bench/memory.py), as a GitHub user meets it: over HTTPS through the gzip proxy with a CA
    made here. RSS and RssAnon one second after the first full frame, then `f`, and 1.5 s after
    both lists are up the RSS, PSS and private dirty memory (smaps_rollup), VmHWM (the peak of
    RSS) and the peak of RssAnon (sampled every 2 ms); the anonymous figures against their
    targets (bench/memory.py), RSS and PSS printed beside; with
    5,000 and 10,000 repositories, and the same over plain HTTP beside, without a target. The
    floor program (bench/floor, built by scripts/build-release as the app is) after its frame,
    run for run beside the app; exec to first full frame of both, interleaved. Both binaries are
    evicted from the page cache first (read from disk, as installed ones)."""
    if not FLOOR:
        print("memory and start-up: no --floor program given (bench/run.sh builds it); skipped",
              flush=True)
        return
    memory.evict(BINARY)
    memory.evict(FLOOR)
    folder = tempfile.mkdtemp(prefix="loader-tui-memory-")
    memory.make_ca(folder)
    runs = 3 if QUICK else 5
    secure, plain, floor, large = [], [], [], []
    for index in range(runs + 1):  # the first round warms the page cache
        a = memory.one_run(BINARY, BINARY, 5000, index, tls=folder)
        p = memory.one_run(BINARY, BINARY, 5000, index)
        f = memory.one_run(FLOOR, BINARY, 0, index, start_only=True, arguments="x")
        ten = memory.one_run(BINARY, BINARY, 10000, index, tls=folder) if index < 4 else None
        if index > 0:
            secure.append(a)
            plain.append(p)
            floor.append(f)
            if ten:
                large.append(ten)
    shutil.rmtree(folder, ignore_errors=True)

    def med(results, get):
        return statistics.median(get(r) for r in results) / 1024  # KiB to MiB

    # Anonymous memory is what the process allocates; RSS and PSS add the pages of the files it
    # maps, which move with the kernel's readahead: printed beside, without a target.
    limit = {name: memory.ANONYMOUS_HEADROOM * value
             for name, value in memory.ANONYMOUS_MEASURED.items()}
    for name, results, targeted in (("5,000", secure, True), ("10,000", large, False)):
        anonymous = med(results, lambda r: r["peak_anonymous"])
        peak = med(results, lambda r: r["loaded"]["status_VmHWM"])
        pss = med(results, lambda r: r["loaded"]["Pss"])
        dirty = med(results, lambda r: r["loaded"]["Private_Dirty"])
        if targeted:
            target = limit["peak anonymous"]
            report(f"HTTPS, {name} repositories: peak anonymous memory (RssAnon)", anonymous,
                   "MiB", "peak RSS MiB", peak, anonymous / target, f"<= {target:.2f} MiB",
                   anonymous <= target)
            report(f"HTTPS, {name} repositories: private dirty", dirty, "MiB", "PSS MiB", pss,
                   dirty / 8, "<= 8 MiB", dirty <= 8)
            print(f"  (HTTPS, {name} repositories, no target: peak RSS {peak:.2f}, PSS "
                  f"{pss:.2f} MiB)", flush=True)
        else:
            print(f"  (HTTPS, {name} repositories: peak anonymous {anonymous:.2f}, peak RSS "
                  f"{peak:.2f}, PSS {pss:.2f}, private dirty {dirty:.2f} MiB)", flush=True)
    print(f"  (plain HTTP, 5,000 repositories, no target: peak RSS "
          f"{med(plain, lambda r: r['loaded']['status_VmHWM']):.2f}, PSS "
          f"{med(plain, lambda r: r['loaded']['Pss']):.2f}, private dirty "
          f"{med(plain, lambda r: r['loaded']['Private_Dirty']):.2f} MiB)", flush=True)
    last = secure[len(secure) // 2]
    groups = {phase: memory.groups(last[f"{phase}_maps"]) for phase in ("start", "loaded")}
    print("  (MiB by who brings it, after start -> loaded over HTTPS: " + ", ".join(
        f"{name} {groups['start'][name] / 1024:.2f} -> {groups['loaded'][name] / 1024:.2f}"
        for name in groups["start"] if groups["start"][name] or groups["loaded"][name]) + ")",
        flush=True)
    start = med(secure, lambda r: r["start"]["status_RssAnon"])
    floor_start = med(floor, lambda r: r["start"]["status_RssAnon"])
    target = limit["anonymous after start"]
    report("anonymous memory after start (RssAnon, 1 s after the first full frame)", start, "MiB",
           "floor program MiB", floor_start, start / target, f"<= {target:.2f} MiB",
           start <= target)
    print(f"  (RSS after start, no target: {med(secure, lambda r: r['start']['Rss']):.2f} MiB; "
          f"floor program {med(floor, lambda r: r['start']['Rss']):.2f} MiB)", flush=True)
    settled = med(secure, lambda r: r["loaded"]["Rss"])
    print(f"  (RSS 1.5 s after 5,000 repositories loaded over HTTPS, after the trim: "
          f"{settled:.2f} MiB)", flush=True)

    server, url = serve_demo("--page-size", "100")
    keeper = memory.Pane(20, 5)
    try:
        rounds = 9 if QUICK else 31
        times = memory.first_frames([("app", f"{BINARY} --base-url {url} --no-cache"),
                                     ("floor", FLOOR)], rounds)
    finally:
        keeper.close()
        server.terminate()
        server.wait()
    ours, theirs = statistics.median(times["app"]), statistics.median(times["floor"])
    load = os.getloadavg()[0]
    report("exec to first full frame in tmux", ours, "ms", "floor program ms", theirs,
           ours / 20, "<= 20 ms", ours <= 20)
    print(f"  (load average {load:.2f} on {os.cpu_count()} cores; floor fastest "
          f"{min(times['floor']):.1f} ms)", flush=True)


# MARK: - A long session

def soak():
    """Someone who leaves the app open: the TUI in a 120x30 tmux pane with the inspector open,
    5,000 repositories loaded with `f`, then `r` 100 times (each reload revalidates the 50
    pages), over plain HTTP from `serve-demo` and over HTTPS through the gzip proxy with a CA
    made here. After the load and after every reload: RSS, anonymous RSS, threads, and the
    reload's time (key to the last page's line in the inspector's request log)."""
    folder = tempfile.mkdtemp(prefix="loader-tui-soak-")
    subprocess.run(["sh", TEST_CA, "Soak CA"], cwd=folder, check=True)
    reloads = 50 if QUICK else 100
    marks = [0, 1, 5, 10, 25, 50, 75, 100]
    for tls in (False, True):
        demo, url = serve_demo("--repos", "5000", "--page-size", "100")
        threading.Thread(target=lambda: [None for _ in demo.stdout], daemon=True).start()
        front, env = None, ""
        if tls:
            front, url, _ = proxy(url, folder, tls=True)
            env = f"SSL_CERT_FILE={folder}/ca.pem "
        pane = Pane(120, 30)
        samples, times = {}, []
        try:
            pidfile = os.path.join(folder, "pid")
            pane.keys(f"sh -c 'echo $$ > {pidfile}; {env}exec {BINARY} --no-cache --base-url "
                      f"{url}'", "Enter")
            pane.wait(memory.first_full)
            pid = int(open(pidfile).read())
            pane.keys("i")
            for reload in range(reloads + 1):
                began = time.monotonic()
                pane.keys("r" if reload else "f")
                last = f"#{51 + 50 * reload} GET "
                pane.wait(lambda s: last in s and "repos ✓" in s, timeout=120, step=0.02)
                times.append(time.monotonic() - began)
                if reload not in marks:
                    continue
                time.sleep(0.5)  # the trim after a load runs 0.2 s after its frame
                status = {fields[0].rstrip(":"): fields[1]
                          for fields in map(str.split, open(f"/proc/{pid}/status"))
                          if len(fields) > 1}
                samples[reload] = (mb(int(status["VmRSS"])), mb(int(status["RssAnon"])),
                                   int(status["Threads"]))
            pane.keys("q")
        finally:
            pane.close()
            for process in (demo, front):
                if process:
                    process.terminate()
                    process.wait()
        name = "HTTPS" if tls else "plain HTTP"
        print(f"soak over {name}, 5,000 repositories, inspector open (reload: RSS MB, anonymous "
              "MB, threads, seconds): " + "; ".join(
                  f"{mark}: {samples[mark][0]:.1f}, {samples[mark][1]:.1f}, {samples[mark][2]}, "
                  f"{times[mark]:.2f}" for mark in samples), flush=True)
        # Flat once warm: what the heap keeps settles within the first half (fragments of
        # what loads free; the live heap stays flat from the first reload, BENCHMARKS.md).
        half = reloads // 2
        growth = samples[reloads][0] - samples[half][0]
        report(f"soak over {name}: RSS after reload {reloads} minus after reload {half}", growth,
               "MB", f"RSS after reload {half} MB", samples[half][0],
               samples[reloads][0] / samples[half][0], "<= 1 MB (flat)", growth <= 1)
        late, early = statistics.median(times[-10:]), statistics.median(times[1:11])
        report(f"soak over {name}: median reload time, last 10 against reloads 1-10", late, "s",
               "reloads 1-10 s", early, late / early, "<= 1.3x", late <= 1.3 * early)
    shutil.rmtree(folder, ignore_errors=True)


# MARK: - Network figures

def serve_demo(*arguments):
    process = subprocess.Popen([BINARY, "serve-demo", "--latency", "0", *arguments],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    url = line.split(" at ", 1)[1].strip()
    return process, url


def timed(command, env=None):
    """Wall time and peak RSS (KiB) of one child process."""
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{command} failed with {status}")
    return elapsed, usage.ru_maxrss


def interleaved(ours_command, baseline_command, runs):
    """Runs ours and the baseline alternately, the first pair as warm-up. Returns the median wall
    times (s) and our largest peak RSS (MB)."""
    ours, theirs, rss = [], [], []
    for index in range(runs):
        a, peak = timed(ours_command)
        b, _ = timed(baseline_command)
        if index > 0:
            ours.append(a)
            theirs.append(b)
            rss.append(mb(peak))
    return statistics.median(ours), statistics.median(theirs), max(rss)


def headless_small():
    server, url = serve_demo("--page-size", "100")
    try:
        app = [BINARY, "--headless", "--base-url", url, "--no-timestamps", "--no-cache"]
        # The same two requests, in parallel and asking for gzip, as the app makes them.
        curl = ["curl", "-sf", "--compressed", "-Z", "-o", "/dev/null", "-o", "/dev/null",
                f"{url}/orgs/RedMadRobot", f"{url}/orgs/RedMadRobot/repos?per_page=100&page=1"]
        mine, base, _ = interleaved(app, curl, 6 if QUICK else 21)
        mine, base = mine * 1000, base * 1000
        report("headless end to end, small org", mine, "ms", "curl, same two URLs", base,
               mine / base, "<= 2x curl", mine / base <= 2)
    finally:
        server.terminate()
        server.wait()


PYTHON_FETCH = r"""
import json, sys, urllib.request
base, names, page = sys.argv[1], [], 1
while True:
    with urllib.request.urlopen(f"{base}/orgs/RedMadRobot/repos?per_page=100&page={page}") as r:
        items = json.loads(r.read())
    if not items:
        break
    names += [item["name"] for item in items]
    page += 1
    if len(items) < 100:
        break
with urllib.request.urlopen(f"{base}/orgs/RedMadRobot") as r:
    json.loads(r.read())
assert len(names) == 5000, len(names)
"""


def scale():
    server, url = serve_demo("--page-size", "100", "--repos", "5000")
    try:
        # Every field GitHub returns: check one object's size.
        with urllib.request.urlopen(f"{url}/orgs/RedMadRobot/repos?per_page=100&page=1") as r:
            size = len(r.read()) / 100
        app = [BINARY, "--headless", "--base-url", url, "--no-timestamps", "--no-cache"]
        python = [sys.executable, "-c", PYTHON_FETCH, url]
        mine, base, peak = interleaved(app, python, 4 if QUICK else 12)
        report(f"scale: 5,000 repositories ({size / 1000:.1f} kB each), wall time", mine, "s",
               "Python urllib + json", base, mine / base, "<= 0.6x Python", mine / base <= 0.6)
        report("scale: 5,000 repositories, peak RSS", peak, "MB", "target", 150, peak / 150,
               "<= 150 MB", peak <= 150)
    finally:
        server.terminate()
        server.wait()


def scale_one_process():
    """--headless --repos 10000 with the default flags: the app and the built-in server in one
    process. Beside it, the app alone against `serve-demo --repos 10000` in another process,
    which shows what holding the server costs."""
    server, url = serve_demo("--repos", "10000")
    try:
        app = [BINARY, "--headless", "--latency", "0", "--no-timestamps", "--no-cache", "--repos",
               "10000"]
        alone = [BINARY, "--headless", "--base-url", url, "--no-timestamps", "--no-cache"]
        ours, theirs = [], []
        for index in range(3 if QUICK else 7):
            _, peak = timed(app)
            _, base = timed(alone)
            if index > 0:  # the first pair warms the caches
                ours.append(mb(peak))
                theirs.append(mb(base))
        peak = max(ours)
        report("scale: 10,000 repositories, app and built-in server in one process, peak RSS",
               peak, "MB", "app alone against serve-demo MB", max(theirs), peak / 120,
               "<= 120 MB", peak <= 120)
    finally:
        server.terminate()
        server.wait()


# MARK: - Transport figures

PROXY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "http_proxy.py")
TEST_CA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "test-ca.sh")


def proxy(upstream, folder, tls):
    """The measuring proxy (bench/http_proxy.py) in front of `upstream`; returns the process,
    its base URL and the file its counts go to."""
    stats = os.path.join(folder, f"stats-{time.monotonic_ns()}")
    command = [sys.executable, PROXY, upstream, stats]
    if tls:
        command += [os.path.join(folder, "server.pem"), os.path.join(folder, "server.key")]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    port = int(process.stdout.readline())
    return process, f"{'https' if tls else 'http'}://127.0.0.1:{port}", stats


def proxy_counts(stats):
    fields = open(stats).read().split()
    return {fields[i]: int(fields[i + 1]) for i in range(0, len(fields), 2)}


def waiting_cpu(command, env, wait):
    """CPU seconds from 1 s after start to 1 s before the answers (due after `wait` s) arrive."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env)
    time.sleep(1)
    during, _ = cpu_over(process.pid, wait - 2)
    _, status, _ = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{command} failed with {status}")
    return during


def run_cpu(command, env):
    """User + system CPU seconds of one whole run (rusage), nothing attached to it."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{command} failed with {status}")
    return usage.ru_utime + usage.ru_stime


def curl_fetch(base, folder):
    """curl fetching the organization and its one page of repositories in parallel, asking for
    gzip as the app does: the same requests and the same bytes over the wire."""
    return ["curl", "-sf", "--compressed", "--cacert", os.path.join(folder, "ca.pem"), "-Z",
            "-o", "/dev/null", "-o", "/dev/null", f"{base}/orgs/RedMadRobot",
            f"{base}/orgs/RedMadRobot/repos?per_page=100&page=1"]


def transport():
    folder = tempfile.mkdtemp(prefix="loader-tui-bench-")
    subprocess.run(["sh", TEST_CA, "Bench CA"], cwd=folder, check=True)
    env = dict(os.environ, SSL_CERT_FILE=os.path.join(folder, "ca.pem"))
    foundation = dict(env, APEXY_HTTP_TRANSPORT="foundation")
    servers = []
    try:
        # Pages of 100, so the app makes the same two requests as curl.
        wait = 5
        demo, url = serve_demo("--org-latency", str(wait), "--repos-latency", str(wait),
                               "--page-size", "100")
        secure, https, _ = proxy(url, folder, tls=True)
        plain, http, _ = proxy(url, folder, tls=False)
        servers += [demo, secure, plain]
        app = [BINARY, "--headless", "--no-timestamps", "--no-cache", "--base-url"]
        # Interleaved, medians: one run of each is too noisy on a shared machine.
        pairs = [(waiting_cpu(app + [https], env, wait),
                  waiting_cpu(curl_fetch(https, folder), env, wait))
                 for _ in range(1 if QUICK else 3)]
        ours = statistics.median(pair[0] for pair in pairs)
        theirs = statistics.median(pair[1] for pair in pairs)
        # Foundation's transport cannot be pointed at the test CA: its figure is over http.
        old = waiting_cpu(app + [http], foundation, wait)
        span = wait - 2
        report(f"CPU while waiting {span} s for HTTPS answers, libcurl transport", ours * 1000,
               "ms", "Foundation's transport (http) ms", old * 1000, ours / old,
               f"<= 1% of the wait ({span * 10} ms)", ours / span <= 0.01)
        print(f"  (curl while waiting: {theirs * 1000:.1f} ms)", flush=True)
        for server in servers:
            server.kill()
            server.wait()
        servers = []

        # The whole run, start to exit, answers after 3 s, in runs of their own: perf attached
        # to a process costs it CPU. Every-day runs share a cache (the answers are 304s after
        # the first run); a first run starts with an empty one.
        demo, url = serve_demo("--org-latency", "3", "--repos-latency", "3",
                               "--page-size", "100")
        secure, https, _ = proxy(url, folder, tls=True)
        servers += [demo, secure]
        shared = os.path.join(folder, "cache")
        every_day = [BINARY, "--headless", "--cache-dir", shared, "--base-url", https]
        run_cpu(every_day, env)
        rounds = 3 if QUICK else 7
        runs = {"every day": [], "first": [], "curl": [], "client": [], "nothing": []}
        for round in range(rounds):
            first = [BINARY, "--headless", "--cache-dir", os.path.join(folder, f"empty-{round}"),
                     "--base-url", https]
            runs["every day"].append(run_cpu(every_day, env))
            runs["curl"].append(run_cpu(curl_fetch(https, folder), env))
            runs["first"].append(run_cpu(first, env))
            # The floor under the app: URLSessionClient alone sending the two requests, and a
            # Swift program linking Foundation that does nothing.
            runs["client"].append(run_cpu([BENCH_BINARY, "fetch", https + "/"], env))
            runs["nothing"].append(run_cpu([BENCH_BINARY, "nothing"], env))
        median = {name: statistics.median(values) for name, values in runs.items()}
        ratio = median["every day"] / median["curl"]
        report("CPU for the whole HTTPS run, every day (the app revalidates: 304s)",
               median["every day"] * 1000, "ms", "curl downloading both ms",
               median["curl"] * 1000, ratio, "<= 2x curl", ratio <= 2)
        print(f"  (first run, empty cache: {median['first'] * 1000:.1f} ms, "
              f"{median['first'] / median['curl']:.2f}x curl; URLSessionClient alone, the same "
              f"two requests, nothing decoded or kept: {median['client'] * 1000:.1f} ms, "
              f"{median['client'] / median['curl']:.2f}x curl; a Swift program linking "
              f"Foundation that does nothing: {median['nothing'] * 1000:.1f} ms)", flush=True)
        for server in servers:
            server.kill()
            server.wait()
        servers = []

        demo, url = serve_demo("--page-size", "100", "--repos", "5000")
        secure, https, stats = proxy(url, folder, tls=True)
        plain, http, plain_stats = proxy(url, folder, tls=False)
        servers += [demo, secure, plain]
        timed(app + [https], env)
        ours = proxy_counts(stats)
        timed([sys.executable, "-c", PYTHON_FETCH, http])
        uncompressed = proxy_counts(plain_stats)
        ratio = ours["body_bytes"] / uncompressed["body_bytes"]
        report("bytes over the wire, 5,000 repositories (gzip)", ours["body_bytes"] / 1e6, "MB",
               "uncompressed MB", uncompressed["body_bytes"] / 1e6, ratio, "<= 20%",
               ratio <= 0.2)
        pages = ours["requests"] - 1
        report(f"connections for a {pages}-page fetch and the organization",
               ours["connections"], "", "requests", ours["requests"],
               ours["connections"] / ours["requests"], "<= 2 connections",
               ours["connections"] <= 2)
    finally:
        for server in servers:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)


class CountingProxy:
    """A TCP proxy in front of the built-in server that counts the bytes sent to the client."""

    def __init__(self, target_port):
        import socket
        import threading
        self.received = 0
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.target_port = target_port
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        import socket
        import threading
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target_port))
            threading.Thread(target=self.pump, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self.pump, args=(server, client, True), daemon=True).start()

    def pump(self, source, sink, counted):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if counted:
                    with self.lock:
                        self.received += len(data)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(2)
                except OSError:
                    pass

    def close(self):
        self.listener.close()


def revalidation():
    server, url = serve_demo("--page-size", "100", "--repos", "5000")
    proxy = CountingProxy(int(url.rsplit(":", 1)[1]))
    try:
        base = f"http://127.0.0.1:{proxy.port}"
        app = [BINARY, "--headless", "--json", "--no-cache", "--base-url", base]
        one = subprocess.run(app, check=True, capture_output=True, text=True)
        first = proxy.received
        two = subprocess.run(app + ["--rounds", "2"], check=True, capture_output=True, text=True)
        second = proxy.received - first - first
        lines = [json.loads(line) for line in two.stdout.splitlines()]
        unchanged = [line for line in lines if line.get("round") == 2
                     and line.get("state") == "repositories" and line.get("case") == "success"]
        decoded_none = bool(unchanged) and all(line.get("not_modified") for line in unchanged)
        ratio = second / first
        report("unchanged reload of 5,000 repositories (50 pages): bytes received", second / 1024,
               "KiB", "first fetch KiB", first / 1024, ratio, "<= 5% of the first fetch, no page"
               " decoded", ratio <= 0.05 and decoded_none and len(one.stdout) > 0)
    finally:
        proxy.close()
        server.terminate()
        server.wait()


def flaky_recovery():
    run = subprocess.run([BINARY, "--headless", "--latency", "0", "--no-cache", "--fail", "repos",
                          "--fail-mode", "flaky"], check=True, capture_output=True, text=True)
    retries, success = [], None
    for line in run.stdout.splitlines():
        if not line.startswith("["):
            continue
        time_text, rest = line[1:].split("s] ", 1)
        if rest.startswith("repositories Retrying: "):
            wait = float(rest.split(" in ", 1)[1].split("s; ", 1)[0])
            retries.append((float(time_text), wait))
        elif rest.startswith("repositories Success: "):
            success = float(time_text)
    schedule = sum(wait for _, wait in retries)
    recovered = success - retries[0][0]
    report(f"flaky route ({len(retries)} failures): recovery after the first failure", recovered,
           "s", "printed backoff schedule s", schedule, recovered / schedule,
           "<= schedule + 0.5 s", recovered <= schedule + 0.5)


# MARK: - In-process figures

def in_process():
    output = subprocess.run([BENCH_BINARY], check=True, capture_output=True, text=True)
    figures = {json.loads(line)["figure"]: json.loads(line) for line in output.stdout.splitlines()}
    render = figures["render"]
    ratio = render["large_ns"] / render["small_ns"]
    report("scrolling a huge list: Result pane frame, 10,000 vs 100 repositories",
           render["large_ns"] / 1000, "µs", "100 repositories µs", render["small_ns"] / 1000,
           ratio, "ratio <= 1.2", ratio <= 1.2)
    notify = figures["notify"]
    ratio = notify["loader_ns"] / notify["closures_ns"]
    report("loader notification: 1,000,000 changes, 8 observers", notify["loader_ns"] / 1e6, "ms",
           "plain loop over 8 closures ms", notify["closures_ns"] / 1e6, ratio, "<= 3x", ratio <= 3)


def post_cost():
    """bench/at_most_once.py: a POST on a connection of its own, and the HTTPS load against the
    app before (--before); a guard that fails makes the bench exit non-zero."""
    global post_failed
    post_failed = not at_most_once.run(BINARY, BENCH_BINARY, report, QUICK, BEFORE, serve_demo,
                                       proxy, interleaved)


post_failed = False


def owner_switching():
    """bench/owners.py: switching back to a kept owner, and ten owners' memory; a guard that
    fails makes the bench exit non-zero."""
    global owners_failed
    owners_failed = not owners.run(BINARY, report, QUICK)


owners_failed = False


def slow_network():
    """bench/slow_network.py: a big owner over a network as slow as GitHub's, against the app of
    the commit before rows showed as pages arrive (--baseline); a guard that fails makes the
    bench exit non-zero."""
    global slow_failed
    slow_failed = not slow.run(BINARY, report, QUICK, BASELINE)


slow_failed = False


def pages_without_latency():
    """bench/pages.py: an owner's pages as fast as the server answers, against the app of the
    commit before rows showed as pages arrive (--baseline); a guard that fails makes the bench
    exit non-zero."""
    global pages_failed
    pages_failed = not pages.run(BINARY, report, QUICK, BASELINE)


pages_failed = False


def refuse_a_config_file():
    """The app reads its config file wherever it runs, tmux panes included (their environment is
    the tmux server's, not ours), so one on this machine would change what is measured."""
    path = os.environ.get("LOADER_TUI_CONFIG") or os.path.join(
        os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config"), "loader-tui", "config")
    if os.path.exists(path):
        sys.exit(f"bench: {path} would change the app's flags in every run; move it away and "
                 "run the benchmarks again")


def main():
    refuse_a_config_file()
    if "--only-small" in sys.argv:
        headless_small()
        return
    if "--only-scale" in sys.argv:
        scale()
        return
    if "--only-transport" in sys.argv:
        transport()
        return
    if "--only-post" in sys.argv:
        post_cost()
        if post_failed:
            sys.exit("bench: an at-most-once figure missed its target (see above)")
        return
    # The groups in tmux, each alone or all of them, with a session that lives for the whole
    # run, so the tmux server never exits between panes.
    groups = {"--only-memory": memory_and_start, "--only-soak": soak, "--only-cache": warm_start,
              "--only-owners": owner_switching, "--only-slow": slow_network,
              "--only-pages": pages_without_latency}
    chosen = [group for flag, group in groups.items() if flag in sys.argv] or [run_all]
    keeper = Pane(20, 5)
    try:
        chosen[0]()
    finally:
        keeper.close()
    if owners_failed:
        sys.exit("bench: an owner-switching guard failed (see above)")
    if slow_failed:
        sys.exit("bench: a slow-network guard failed (see above)")
    if pages_failed:
        sys.exit("bench: a pages guard failed (see above)")
    if post_failed:
        sys.exit("bench: an at-most-once figure missed its target (see above)")


def run_all():
    print(f"loader-tui benchmarks: {os.path.relpath(BINARY)}")
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}", flush=True)
    in_process()
    headless_small()
    scale()
    scale_one_process()
    transport()
    post_cost()
    revalidation()
    flaky_recovery()
    idle_and_spinning()
    first_screen()
    warm_start()
    memory_and_start()
    owner_switching()
    slow_network()
    pages_without_latency()
    soak()
    met = sum(1 for r in results if r[-1])
    print(f"\nbench: {met} of {len(results)} targets met")
    for figure, value, unit, *_rest, target, ok in results:
        if not ok:
            print(f"  short of target: {figure} ({value:.3f} {unit}, target {target})")


if __name__ == "__main__":
    main()
