#!/usr/bin/env python3
"""Exec to first full frame in tmux, as bench.py's first_screen measures it (`date +%s%N`, then
`exec`, capture-pane until the button and the key hints are up), for several programs
interleaved round by round, so a busy machine slows all of them alike; medians and minimums.

Usage: first-frame.py ROUNDS NAME=COMMAND [NAME=COMMAND ...]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROUNDS = int(sys.argv[1])
PROGRAMS = [argument.split("=", 1) for argument in sys.argv[2:]]


def tmux(*arguments, output=False):
    return subprocess.run(["tmux", *arguments], check=False, capture_output=True,
                          text=True).stdout


def once(command):
    session = f"ff-{os.getpid()}-{time.monotonic_ns()}"
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "30",
         "env TERM=xterm-256color PS1='$ ' bash --norc --noprofile")
    try:
        stamp = tempfile.mktemp()
        tmux("send-keys", "-t", session, f"date +%s%N > {stamp}; exec {command}", "Enter")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            screen = tmux("capture-pane", "-t", session, "-p")
            if "[ Fetch ]" in screen and "q quit" in screen:
                seen = time.time_ns()
                return (seen - int(open(stamp).read())) / 1e6
            time.sleep(0.002)
        raise RuntimeError(f"no frame: {command}")
    finally:
        tmux("kill-session", "-t", session)


def main():
    keeper = f"ff-keeper-{os.getpid()}"
    tmux("new-session", "-d", "-s", keeper, "-x", "20", "-y", "5")
    times = {name: [] for name, _ in PROGRAMS}
    try:
        for _, command in PROGRAMS:  # warm-up
            once(command)
        for _ in range(ROUNDS):
            for name, command in PROGRAMS:
                times[name].append(once(command))
    finally:
        tmux("kill-session", "-t", keeper)
    print(f"load average {os.getloadavg()[0]:.2f}; {ROUNDS} rounds")
    for name, values in times.items():
        print(f"  {name:<28} median {statistics.median(values):6.1f} ms   min {min(values):6.1f} ms")


if __name__ == "__main__":
    main()
