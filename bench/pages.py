#!/usr/bin/env python3
"""Pages where no latency hides their cost: the shipped binary reading an owner's pages as fast
as the built-in server answers them; bench.py runs it with the rest (`--only-pages` alone).

Usage: pages.py PATH/TO/release/loader-tui --baseline PATH [--quick]

- In a 120x36 tmux pane, against `serve-demo --latency 0 --repos 5000` (pages of 100) in a
  process of its own, `--no-cache`: from `f` to both panes listing all 5,000, and the bytes the
  app wrote meanwhile; in turns with the baseline (bench/run.sh builds the app of
  slow_network.BASELINE_COMMIT, which showed a spinner until the last page), medians. Guards:
  the time within 1.1x the baseline's (a page's report shares the list read, the panes filter
  that page alone); the bytes within 1.3x (pages that arrive while a frame is drawn are one frame,
  not a frame each: without that, 50 frames of counts and borders).
- The same load with both panes sorted by name (`s` before `f`), in the same turns: guard, the
  time within 1.5x the load as listed (a page read in a sorted pane is sorted alone and merged
  in; sorting the whole list again at each page took 6x).
- Headless, the app and its built-in server in one process (`--headless --latency 0 --no-cache
  --repos N --page-cap 1000`), N from 5,000 to 40,000: the best of five runs of each (three
  with --quick), in turns with the baseline. Guard: each doubling of N costs at most 2.1x the time (the work for a page
  is the page's, not the list's so far).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import memory
import slow_network as slow

REPOS = 5000
TIME_RATIO, BYTES_RATIO, DOUBLING_RATIO, SORTED_RATIO = 1.1, 1.3, 2.1, 1.5
SIZES = (5000, 10000, 20000, 40000)


def one_load(binary, url, folder, keys=()):
    """Seconds from `f` to both panes listing every repository, and the bytes written; `keys`
    are typed before `f`."""
    pane = memory.Pane(120, 36)
    try:
        written = os.path.join(folder, "written")
        pane.keys(f"exec {binary} --base-url {url} --no-cache --retries 0", "Enter")
        pane.wait(memory.first_full, timeout=20)
        for key in keys:
            pane.keys(key)
        time.sleep(0.3)
        open(written, "wb").close()
        pane.pipe(written)
        began = time.monotonic()
        pane.keys("f")
        pane.wait(slow.complete, timeout=60, step=0.002)
        last = time.monotonic() - began
        # What the last frame wrote reaches the pipe a moment after the screen shows it.
        time.sleep(0.2)
        pane.unpipe()
        result = {"last": last, "bytes": os.path.getsize(written)}
        pane.keys("q")
        return result
    finally:
        pane.close()


def headless(binary, repos):
    """Seconds one headless load of `repos` repositories takes, start to exit."""
    began = time.monotonic()
    subprocess.run([binary, "--headless", "--latency", "0", "--no-cache", "--repos", str(repos),
                    "--page-cap", "1000"], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.monotonic() - began


def run(binary, report, quick=False, baseline=None):
    """Measures `binary` beside `baseline` and reports each figure; returns whether every guard
    held."""
    if not baseline:
        print("  (pages: no baseline given, nothing measured)")
        return True
    folder = tempfile.mkdtemp(prefix="loader-tui-pages-")
    server, url = memory.serve_demo(binary, REPOS)
    programs = (("ours", binary), ("baseline", baseline))
    loads = {name: [] for name in ("ours", "baseline", "sorted")}
    runs = 3 if quick else 7
    try:
        for index in range(runs):
            for name, program in programs:
                result = one_load(program, url, folder)
                if index > 0:
                    loads[name].append(result)
            result = one_load(binary, url, folder, keys=("s",))
            if index > 0:
                loads["sorted"].append(result)
    finally:
        server.terminate()
        server.wait()

    def med(name, key):
        return statistics.median(run[key] for run in loads[name])

    ok = True
    title = f"{REPOS:,} repositories, no latency, 120x36"
    for key, figure, unit, target in (("last", "f to the last row", "s", TIME_RATIO),
                                      ("bytes", "bytes written from f to the last row", "bytes",
                                       BYTES_RATIO)):
        ours, theirs = med("ours", key), med("baseline", key)
        met = ours <= target * theirs
        report(f"{title}: {figure}", ours, unit,
               f"spinner, then the list ({slow.BASELINE_COMMIT}) {unit}", theirs, ours / theirs,
               f"<= {target}x", met)
        ok &= met
    ours, listed = med("sorted", "last"), med("ours", "last")
    met = ours <= SORTED_RATIO * listed
    report(f"{title}: sorted by name, f to the last row", ours, "s", "as listed s", listed,
           ours / listed, f"<= {SORTED_RATIO}x", met)
    ok &= met

    best = {name: {} for name, _ in programs}
    for repos in SIZES:
        for _ in range(3 if quick else 5):
            for name, program in programs:
                seconds = headless(program, repos)
                best[name][repos] = min(best[name].get(repos, seconds), seconds)
    for smaller, larger in zip(SIZES, SIZES[1:]):
        ours = best["ours"][larger] / best["ours"][smaller]
        theirs = best["baseline"][larger] / best["baseline"][smaller]
        met = ours <= DOUBLING_RATIO
        report(f"headless, no latency: {smaller:,} -> {larger:,} repositories, time x "
               f"({best['ours'][smaller]:.2f} -> {best['ours'][larger]:.2f} s)", ours, "x",
               f"{slow.BASELINE_COMMIT} x ({best['baseline'][smaller]:.2f} -> "
               f"{best['baseline'][larger]:.2f} s)", theirs, ours / theirs,
               f"<= {DOUBLING_RATIO}x a doubling", met)
        ok &= met
    return ok


if __name__ == "__main__":
    binary, baseline, quick = memory.command_line()
    held = run(binary, memory.print_figure, quick, baseline)
    sys.exit(0 if held else "pages: a guard failed (see above)")
