#!/usr/bin/env python3
"""A long run, as someone who leaves loader-tui open all day: memory, speed, threads and file
descriptors stay flat from round to round.

Headless, 300 rounds of a 1,000-repository organization from the built-in server (10 pages of
100 and the organization: 11 requests a round, about 3,300 in all, revalidated with ETags after
the first). At the end of each round (the merged line's success) it samples the process's RSS,
threads, open descriptors and CPU time; the transcript's own time stamps give each round's
wall-clock time, which is printed. The speed check compares CPU time, which a machine busy
with other work moves far less than wall-clock time (medians of 100-round windows of one run
went from 142 to 208 ms and back with nothing growing).
Usage: longrun_e2e.py PATH/TO/loader-tui [ROUNDS]
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, failures, passed  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui")
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 300
# The window compared: rounds 2 to 51 (the first is the cold load) against the last 50.
WINDOW = 50
# Its files (a home, a config folder), removed at the end.
WORK = tempfile.mkdtemp(prefix="loader-tui-e2e-")
STAMP = re.compile(r"^\[\s*([0-9.]+)s\] merged\s+Success")


def sample(pid):
    """RSS in KiB, threads, open file descriptors and CPU seconds (user and system) of a
    running process."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            fields[name] = value.split()[0] if value.split() else ""
    with open(f"/proc/{pid}/stat") as stat:
        ticks = stat.read().rsplit(")", 1)[1].split()
    cpu = (int(ticks[11]) + int(ticks[12])) / os.sysconf("SC_CLK_TCK")
    return (int(fields["VmRSS"]), int(fields["Threads"]), len(os.listdir(f"/proc/{pid}/fd")),
            cpu)


def main():
    env = {key: value for key, value in os.environ.items() if key != "LOADER_TUI_CONFIG"}
    env.update(HOME=WORK, XDG_CONFIG_HOME=os.path.join(WORK, "config"))
    # One round more than measured, so that the last measured round is sampled while the
    # process still runs (after its final round it prints the summary and exits).
    command = [BINARY, "--headless", "--no-cache", "--repos", "1000", "--page-size", "100",
               "--latency", "0", "--rounds", str(ROUNDS + 1)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    ends, samples = [0.0], []
    try:
        for line in process.stdout:
            match = STAMP.match(line)
            if not match:
                continue
            ends.append(float(match.group(1)))
            samples.append(sample(process.pid))
            if len(samples) == ROUNDS:
                break
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(WORK, ignore_errors=True)
    if len(samples) < ROUNDS:
        check(f"{ROUNDS} rounds ran", False, [f"only {len(samples)} rounds finished"])
        return finish()
    times = [later - earlier for earlier, later in zip(ends, ends[1:])]
    early, late = samples[WINDOW - 1], samples[ROUNDS - 1]
    first = statistics.median(times[1:WINDOW + 1])
    last = statistics.median(times[-WINDOW:])
    # Each round's CPU; the medians of rounds 2 to 51 and of the last 50 (a median, not a sum:
    # a few rounds slowed by other work on the machine do not move it, a cost that grows with
    # the rounds moves every one).
    cpu = [later[3] - earlier[3] for earlier, later in zip(samples, samples[1:])]
    cpu_first = statistics.median(cpu[:WINDOW])
    cpu_last = statistics.median(cpu[-WINDOW:])
    print(f"longrun: round {WINDOW}: RSS {early[0] / 1024:.1f} MiB, {early[1]} threads, "
          f"{early[2]} fds; round {ROUNDS}: RSS {late[0] / 1024:.1f} MiB, {late[1]} threads, "
          f"{late[2]} fds; median round {first * 1000:.0f} ms early, {last * 1000:.0f} ms late; "
          f"median CPU a round {cpu_first * 1000:.0f} ms early, {cpu_last * 1000:.0f} ms late")
    check(f"RSS after round {ROUNDS} within 2 MiB of round {WINDOW}",
          late[0] - early[0] <= 2048, [f"{early[0]} KiB -> {late[0]} KiB"])
    check(f"the last {WINDOW} rounds' median CPU no more than 1.3x the first {WINDOW}'s",
          cpu_last <= 1.3 * cpu_first,
          [f"{cpu_first * 1000:.0f} ms -> {cpu_last * 1000:.0f} ms a round"])
    # Dispatch's worker pool grows and shrinks by a few threads as work comes: the medians
    # of the two windows are compared; a thread or a descriptor kept per round would add 250.
    threads = [[threads for _, threads, _, _ in window]
               for window in (samples[:WINDOW], samples[-WINDOW:])]
    check(f"threads flat: the last {WINDOW} rounds' median within 2 of the first {WINDOW}'s",
          statistics.median(threads[1]) <= statistics.median(threads[0]) + 2,
          [f"medians {statistics.median(threads[0])} -> {statistics.median(threads[1])}"])
    descriptors = [[fds for _, _, fds, _ in window]
                   for window in (samples[:WINDOW], samples[-WINDOW:])]
    check(f"file descriptors flat: no more open in the last {WINDOW} rounds than the first",
          max(descriptors[1]) <= max(descriptors[0]),
          [f"up to {max(descriptors[0])} -> up to {max(descriptors[1])}"])
    return finish()


def finish():
    print(f"e2e longrun: {len(passed)} passed, {len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
