#!/usr/bin/env python3
"""Owner switching on the shipped binary over HTTPS (bench/owner_server.py, a CA made for the
run, SSL_CERT_FILE pointing at it), in a 120x30 tmux pane; bench.py runs it with the rest.

Usage: owners.py PATH/TO/release/loader-tui [--quick]

Switch to a kept owner: load owner A, open B with @, go back with -; from the key to the write
(tmux pipe-pane, timestamped by screen.py) after which A's full list is on the screen, replayed
through screen.Screen from the screen the key was pressed on; every write before that point is
checked for a spinner. The server answers after 0.25 s, so the list must come from what was kept.
Ten owners: the store's default limit (5); RSS, PSS and private dirty (smaps_rollup) and VmHWM
with one owner loaded, after opening nine more in turn, and after going back to the first.
"""
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import memory
import screen
from owner_server import OWNERS, REPOS

HERE = os.path.dirname(os.path.abspath(__file__))
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
LATENCY = 0.25
PEAK_RATIO, AFTER_RATIO = 1.3, 1.15


def templates(binary, folder):
    """One organization, user and repository as the built-in server sends them, made generic."""
    process, url = memory.serve_demo(binary, 0)
    try:
        def get(path):
            with urllib.request.urlopen(url + path) as answer:
                return answer.read().decode()
        texts = {"organization": get("/orgs/swift-tools"), "user": get("/users/alice"),
                 "repository": get("/orgs/swift-tools/repos?per_page=1&page=1")}
    finally:
        process.terminate()
        process.wait()
    out = {}
    for kind, text in texts.items():
        text = text.replace(url, "@BASE@").replace("swift-tools-repo-01", "@NAME@")
        text = text.replace("swift-tools", "@LOGIN@").replace('/alice', "/@LOGIN@")
        text = text.replace('"alice"', '"@LOGIN@"')
        value = json.loads(text)
        out[kind] = value[0] if isinstance(value, list) else value
    with open(os.path.join(folder, "templates.json"), "w") as file:
        json.dump(out, file)


@contextlib.contextmanager
def served(folder, latency):
    """The owner server for the `with` block, answering after `latency` seconds: its URL."""
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "owner_server.py"), folder,
                                "--latency", str(latency)], stdout=subprocess.PIPE, text=True)
    try:
        yield f"https://127.0.0.1:{int(process.stdout.readline())}"
    finally:
        process.terminate()
        process.wait()


@contextlib.contextmanager
def app_pane(width, height):
    """A tmux pane for one run of the app, closed after; a run that fails says what ended the
    app (remain-on-exit keeps its pane)."""
    pane = memory.Pane(width, height)
    try:
        yield pane
    except (RuntimeError, subprocess.CalledProcessError) as error:
        raise RuntimeError(f"the app (dead, status, signal): {died(pane)}") from error
    finally:
        pane.close()


def first_name(login):
    from owner_server import WORDS
    return f"{login}-{WORDS[1]}-001"


def listed(text, login, others=()):
    """Both panes list `login`'s repositories from the first, with their counts; no other
    owner's on the screen."""
    return text.count(first_name(login)) >= 2 and text.count(f"of {REPOS} ─") >= 2 and \
        not any(other in text for other in others)


def loaded(text, login):
    return listed(text, login) and "Loading" not in text and "repos ✓" in text and \
        f"{login} (" in text


def died(pane):
    """What ended the app in `pane` (remain-on-exit keeps it), or why the pane is gone."""
    state = subprocess.run(["tmux", "display", "-p", "-t", pane.session, "#{pane_dead} "
                            "#{pane_dead_status} #{pane_dead_signal}"], capture_output=True,
                           text=True)
    return state.stdout.strip() or f"pane gone: {state.stderr.strip()}"


def start(pane, binary, folder, url, cache):
    subprocess.run(["tmux", "set-option", "-t", pane.session, "remain-on-exit", "on"], check=True)
    pidfile = os.path.join(folder, f"pid-{time.monotonic_ns()}")
    pane.keys(f"echo $$ > {pidfile}; SSL_CERT_FILE={folder}/ca.pem exec {binary} --base-url "
              f"{url} --cache-dir {cache} --org {OWNERS[0]}", "Enter")
    pane.wait(lambda s: "[ Fetch ]" in s)
    pane.keys("f")
    pane.wait(lambda s: loaded(s, OWNERS[0]), timeout=60)
    return int(open(pidfile).read())


def open_owner(pane, login):
    pane.keys("@")
    pane.wait(lambda s: "Owner:" in s)
    pane.keys("-l", login)
    pane.keys("Enter")


def recorded(pane, folder, key, login, others, settled=lambda s: True):
    """Presses `key` with the pane's writes recorded; returns (ms from key to the write that
    completes `login`'s list, bytes written until then, writes that drew a spinner before it,
    whether the replay matched tmux's screen)."""
    record = os.path.join(folder, f"writes-{time.monotonic_ns()}")
    open(record, "wb").close()
    cursor = subprocess.run(["tmux", "display", "-p", "-t", pane.session,
                             "#{cursor_x} #{cursor_y}"], capture_output=True, text=True).stdout
    lines = pane.screen().split("\n")
    subprocess.run(["tmux", "pipe-pane", "-t", pane.session,
                    f"{sys.executable} {HERE}/screen.py stamp {record}"], check=True)
    time.sleep(0.3)  # the recorder started
    pressed = time.monotonic_ns()
    pane.keys(key)
    pane.wait(lambda s: loaded(s, login) and settled(s), timeout=60)
    time.sleep(0.3)
    pane.unpipe()
    time.sleep(0.1)
    replay = screen.Screen(120, 30, lines, tuple(map(int, cursor.split())))
    found, spinners, written = None, 0, 0
    for stamp, data in screen.chunks(record):
        if found is None:
            state = {"hit": False, "spin": False}

            def check(token):
                if state["hit"]:
                    return
                state["spin"] |= any(c in token for c in SPINNER) or "Loading" in token
                state["hit"] = listed(replay.text(), login, others)
            replay.feed(data, check)
            spinners += state["spin"] and stamp >= pressed
            written += len(data) if stamp >= pressed else 0
            if state["hit"]:
                found = (stamp - pressed) / 1e6
        else:
            replay.feed(data)
    same = replay.text().rstrip() == pane.screen().rstrip()
    if not same:
        theirs = pane.screen().split("\n")
        diff = [f"{n}: {a!r} | tmux {b!r}" for n, (a, b) in
                enumerate(zip(replay.text().split("\n"), theirs)) if a.rstrip() != b.rstrip()]
        print("  (replay differs from tmux: " + "; ".join(diff[:3]) + ")", file=sys.stderr)
    os.unlink(record)
    if found is None:
        raise RuntimeError("the replayed writes never showed the list:\n" + replay.text())
    return found, written, spinners, same


def switch_back(binary, folder, runs):
    """Figure 1: (ms to the list, first visit ms, bytes, spinner writes, replays matched)."""
    a, b = OWNERS[0], OWNERS[7]
    back, first, sizes, spinners, matched = [], [], [], 0, 0
    with served(folder, LATENCY) as url:
        for index in range(runs + 1):
            cache = tempfile.mkdtemp(prefix="owners-cache-", dir=folder)
            with app_pane(120, 30) as pane:
                start(pane, binary, folder, url, cache)
                pane.keys("@")
                pane.wait(lambda s: "Owner:" in s)
                pane.keys("-l", b)
                visit = recorded(pane, folder, "Enter", b, (a,))
                time.sleep(0.5)
                ms, size, spun, same = recorded(pane, folder, "-", a, (b,),
                                                lambda s: "repos ✓ not modified" in s)
                if index > 0:  # the first run warms up
                    back.append(ms)
                    first.append(visit[0])
                    sizes.append(size)
                    spinners += spun
                    matched += same
                pane.keys("q")
    return (statistics.median(back), statistics.median(first), statistics.median(sizes),
            spinners, matched)


def ten_owners(binary, folder, runs):
    """Figure 2: per run, the smaps_rollup and status figures (kB) at each point."""
    results = []
    with served(folder, 0) as url:
        for index in range(runs + 1):
            cache = tempfile.mkdtemp(prefix="owners-cache-", dir=folder)
            # Tall enough for the inspector to list the owners kept.
            with app_pane(120, 45) as pane:
                pid = start(pane, binary, folder, url, cache)
                time.sleep(1.5)  # the trim after a load runs 0.2 s after its frame
                one = memory.rollup(pid)
                for login in OWNERS[1:]:
                    open_owner(pane, login)
                    pane.wait(lambda s: loaded(s, login), timeout=60)
                time.sleep(1.5)
                ten = memory.rollup(pid)
                open_owner(pane, OWNERS[0])
                pane.wait(lambda s: loaded(s, OWNERS[0]), timeout=60)
                time.sleep(1.5)
                after = memory.rollup(pid)
                pane.keys("i")
                kept = [line for line in pane.wait(lambda s: "owners kept" in s).split("\n")
                        if "owners kept" in line]
                if index > 0:
                    results.append({"one": one, "ten": ten, "after": after,
                                    "kept": kept[0].strip(" │") if kept else "?"})
                pane.keys("q")
    return results


def run(binary, report, quick=False):
    """Both figures, through bench.py's `report`; returns whether their guards held."""
    folder = tempfile.mkdtemp(prefix="loader-tui-owners-")
    # A tmux server of its own: one shared with other work on the machine may be killed by it.
    old = os.environ.get("TMUX_TMPDIR")
    os.environ["TMUX_TMPDIR"] = folder
    keeper = memory.Pane(20, 5)
    try:
        memory.make_ca(folder)
        templates(binary, folder)
        back, first, size, spinners, matched = switch_back(binary, folder, 3 if quick else 7)
        runs = 3 if quick else 7
        ok_spin, ok_replay = spinners == 0, matched == runs
        report("switch to a kept owner over HTTPS (-): key to the frame with its full list",
               back, "ms", f"first visit (answers after {LATENCY} s) ms", first, back / first,
               f"< {LATENCY * 1000:.0f} ms (before any answer)", back < LATENCY * 1000)
        print(f"  spinner frames before the list: {spinners} (in {runs} runs; {size:.0f} bytes "
              f"written from the key to the list, median; replay matched tmux in {matched} of "
              f"{runs})", flush=True)
        if not ok_spin:
            report("switch to a kept owner: spinner frames before the list", spinners, "",
                   "runs", runs, spinners, "0", False)
        if not ok_replay:  # the check above is only as good as the replay
            report("switch to a kept owner: replays matching tmux's screen", matched, "",
                   "runs", runs, matched / runs, "all", False)
        results = ten_owners(binary, folder, 2 if quick else 3)
    finally:
        keeper.close()
        if old is None:
            os.environ.pop("TMUX_TMPDIR", None)
        else:
            os.environ["TMUX_TMPDIR"] = old
        shutil.rmtree(folder, ignore_errors=True)

    def med(point, field):
        return statistics.median(r[point][field] for r in results) / 1024

    for point in ("one", "ten", "after"):
        print(f"  ({point}: RSS {med(point, 'Rss'):.2f}, PSS {med(point, 'Pss'):.2f}, private "
              f"dirty {med(point, 'Private_Dirty'):.2f}, anonymous {med(point, 'Anonymous'):.2f}"
              f", VmHWM {med(point, 'status_VmHWM'):.2f} MiB)", flush=True)
    print(f"  (after going back: {results[-1]['kept']})", flush=True)
    one_peak, ten_peak = med("one", "status_VmHWM"), med("ten", "status_VmHWM")
    one_rss, after_rss = med("one", "Rss"), med("after", "Rss")
    ok_peak = ten_peak <= PEAK_RATIO * one_peak
    ok_after = after_rss <= AFTER_RATIO * one_rss
    report(f"ten owners ({REPOS} repositories each, limit 5): peak RSS", ten_peak, "MiB",
           "one owner's peak MiB", one_peak, ten_peak / one_peak, f"<= {PEAK_RATIO}x", ok_peak)
    report("ten owners: RSS back on the first, loads ended", after_rss, "MiB",
           "one owner's RSS MiB", one_rss, after_rss / one_rss, f"<= {AFTER_RATIO}x", ok_after)
    each = (med("ten", "Rss") - one_rss) / 4  # five owners kept against one
    print(f"  (each owner kept adds about {each:.2f} MiB; all ten kept would put the RSS back on"
          f" the first at about {(one_rss + 9 * each) / one_rss:.2f}x)", flush=True)
    return ok_spin and ok_replay and ok_peak and ok_after and back < LATENCY * 1000


def main():
    binary, _, quick = memory.command_line()
    sys.exit(0 if run(binary, memory.print_figure, quick) else 1)


if __name__ == "__main__":
    main()
