#!/usr/bin/env python3
"""Exec to first full frame in tmux for several programs, interleaved round by round, as
bench.py measures the app against the floor program (memory.first_frames): `date +%s%N`, then
`exec`, capture-pane until the button and the key hints are up; medians and minimums.

Usage: first-frame.py ROUNDS NAME=COMMAND [NAME=COMMAND ...]
"""
import os
import statistics
import sys

import memory


def main():
    rounds = int(sys.argv[1])
    programs = [argument.split("=", 1) for argument in sys.argv[2:]]
    keeper = memory.Pane(20, 5)
    try:
        times = memory.first_frames(programs, rounds)
    finally:
        keeper.close()
    print(f"load average {os.getloadavg()[0]:.2f}; {rounds} rounds")
    for name, values in times.items():
        print(f"  {name:<28} median {statistics.median(values):6.1f} ms   min {min(values):6.1f} ms")


if __name__ == "__main__":
    main()
