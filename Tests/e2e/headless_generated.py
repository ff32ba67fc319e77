#!/usr/bin/env python3
"""Generated headless runs: random owners and flags, each run checked against what always
holds, where a space is too big to list by hand.

    headless_generated.py PATH/TO/loader-tui [--runs N] [--seed S]

Each run draws owners (duplicates, case variants, users, organizations, a renamed user, unknown
logins) and flags (--rounds, --refresh, --page-cap, --limit, --fail, --fail-mode, --retries,
--json, --trace) from a seeded generator, runs the binary against its built-in server without delays,
and checks the invariants:

- it exits within its bound (8 s; a hang is what --owner alice,alice once did);
- its exit code is one of the table's: 0 success, 1 a failed fetch, 2 a usage error;
- a usage error is one line on stderr and nothing on stdout;
- with --json, every stdout line is a JSON object with a "state", a "request" or a "summary"; as
  text, every line
  is a state line, a request line or a done line, prefixed with its owner when several load;
- a run that exits 0 or 1 ends with a done (summary) line;
- with --limit N, no line counts more than N repositories (a list, a count, rows so far), and no
  repositories page is asked for after the one that reaches N: the built-in server hands out
  at most 10 a page (fewer when `per_page=N` asks for fewer), so none past page
  ceil(N / min(N, 10)).

A failing run prints its seed, its index and its command line, so it can be run again alone
(--seed S --runs N reproduces the same runs). The closing line is "e2e generated: N passed,
N failed".
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from checks import check, passed, summary

OWNERS = ["RedMadRobot", "redmadrobot", "swift-tools", "tiny-org", "alice", "ALICE",
          "bob-builder", "carol", "old-bob", "nobody", "no-such-org"]
# The failure modes are the app's own (`loader-tui doc-table fail-modes`, rendered from
# DemoFailureMode), but those that wait out --timeout (15 s), past the bound.
WAITING_MODES = {"hang", "slow-body"}
SUBJECTS = ("organization", "user", "repositories", "merged", "request", "repository")
TEXT_LINE = re.compile(
    r"^(\[[A-Za-z0-9-]+\] )?(\[ *\d+\.\d+s\] )?"
    r"((organization|user|repositories|merged|request|repository)\s|done: )")
# The demo owners that are users; the others that exist are organizations.
USERS = {"alice", "bob-builder", "carol", "old-bob"}
OWNER_LINE = re.compile(r"^(?:\[([A-Za-z0-9-]+)\] )?(?:\[ *\d+\.\d+s\] )?(organization|user) +Success")
BOUND = 8
PAGE_SIZE = 10  # the built-in server's largest page without --page-size or --repos
COUNTED = re.compile(r"(\d[\d,]*) (?:repositories|repository|so far)\b")
PAGE_ASKED = re.compile(r"/repos\?per_page=(\d+)&page=(\d+)")


def fail_modes(binary):
    """Every --fail-mode the binary takes but the waiting ones, in its table's order."""
    table = subprocess.run([binary, "doc-table", "fail-modes"], capture_output=True, text=True,
                           check=True).stdout
    modes = re.findall(r"^\| `([^`]+)` \|", table, re.MULTILINE)
    if len(modes) < 10:
        raise SystemExit(f"headless_generated: no failure modes in doc-table's output:\n{table}")
    return [mode for mode in modes if mode not in WAITING_MODES]


FAIL_MODES = []


def draw(rng):
    """One command line: owners and flags."""
    arguments = ["--headless", "--latency", "0", "--no-cache", "--no-config"]
    owners = rng.sample(OWNERS, rng.randint(0, 3))
    if owners and rng.random() < 0.3:
        owners.append(rng.choice(owners).upper())  # a duplicate in another case
    style = rng.choice(["comma", "repeat", "org"])
    if owners and style == "comma":
        arguments += ["--owner", ",".join(owners)]
    elif owners and style == "repeat":
        for owner in owners:
            arguments += ["--owner", owner]
    elif owners:
        arguments += ["--org", owners[0]] + sum((["--owner", o] for o in owners[1:]), [])
    if rng.random() < 0.3:
        arguments += ["--rounds", str(rng.randint(1, 3))]
    if rng.random() < 0.1:
        arguments += ["--refresh", str(rng.randint(1, 3))]
    if rng.random() < 0.3:
        arguments += ["--page-cap", str(rng.randint(1, 5))]
    if rng.random() < 0.3:
        arguments += ["--limit", str(rng.choice([1, 5, 10, 15, 25, 36, 100]))]
    if rng.random() < 0.4:
        arguments += ["--fail", rng.choice(["org", "repos", "repos,round=2", "page=2", "org,repos"])]
        if rng.random() < 0.8:
            arguments += ["--fail-mode", rng.choice(FAIL_MODES)]
    elif rng.random() < 0.05:
        arguments += ["--fail-mode", rng.choice(FAIL_MODES)]  # without --fail: a usage error
    # Retries wait a backoff of a second or more: one at most, now and then.
    arguments += ["--retries", "1" if rng.random() < 0.1 else "0"]
    if rng.random() < 0.4:
        arguments += ["--json"]
    if rng.random() < 0.3:
        arguments += ["--trace"]
    if rng.random() < 0.5:
        arguments += ["--no-timestamps"]
    return arguments


def problems(arguments, result):
    """What the run broke of the invariants; empty when it kept them all."""
    found = []
    code = result.returncode
    if code not in (0, 1, 2):
        found.append(f"exit code {code} is not in the table")
    lines = result.stdout.splitlines()
    if code == 2:
        if result.stdout:
            found.append("a usage error printed on stdout")
        if len(result.stderr.splitlines()) != 1:
            found.append("a usage error is not one line on stderr")
        return found
    for line in lines:
        if "--json" in arguments:
            try:
                value = json.loads(line)
            except ValueError:
                found.append(f"not JSON: {line!r}")
                continue
            if not isinstance(value, dict) or not ({"state", "summary", "request"} & value.keys()):
                found.append(f"a JSON line without a state, a request or a summary: {line!r}")
        elif not TEXT_LINE.match(line):
            found.append(f"a line that does not parse: {line!r}")
        elif (owner := OWNER_LINE.match(line)) and owner.group(1):
            # An owner's line names its kind once the answer said it.
            if (owner.group(1).lower() in USERS) != (owner.group(2) == "user"):
                found.append(f"an owner's line names the wrong kind: {line!r}")
    if "--limit" in arguments:
        found += beyond_limit(int(arguments[arguments.index("--limit") + 1]), arguments, lines)
    dones = [line for line in lines if "done: " in line or '"summary":true' in line]
    if not dones:
        found.append("no done line")
    return found


def beyond_limit(limit, arguments, lines):
    """What the lines of a run with --limit LIMIT show past it: more rows, or a later page."""
    found = []
    last_page = -(-limit // min(limit, PAGE_SIZE))
    for line in lines:
        if "--json" in arguments:
            value = json.loads(line) if line.startswith("{") else {}
            counts = [value.get(k) for k in ("count", "so_far") if isinstance(value.get(k), int)]
        else:
            counts = [int(m.replace(",", "")) for m in COUNTED.findall(line)]
        if any(count > limit for count in counts):
            found.append(f"more than {limit} repositories: {line!r}")
        for _, page in PAGE_ASKED.findall(line):
            if int(page) > last_page:
                found.append(f"page {page} asked for past the limit's page {last_page}: {line!r}")
    return found


def main(arguments):
    binary = arguments[0]
    runs = int(arguments[arguments.index("--runs") + 1]) if "--runs" in arguments else 500
    seed = int(arguments[arguments.index("--seed") + 1]) if "--seed" in arguments else 45
    rng = random.Random(seed)
    FAIL_MODES[:] = fail_modes(binary)
    home = tempfile.mkdtemp(prefix="headless-generated-")
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
                   "XDG_CACHE_HOME": os.path.join(home, "cache"),
                   "XDG_CONFIG_HOME": os.path.join(home, "config"), "LANG": "C.UTF-8"}
    failed_runs = 0
    for index in range(runs):
        command = draw(rng)
        try:
            result = subprocess.run([binary] + command, capture_output=True, text=True,
                                    timeout=BOUND, env=environment, stdin=subprocess.DEVNULL)
            found = problems(command, result)
        except subprocess.TimeoutExpired:
            found = [f"did not exit within {BOUND} s"]
        if found:
            failed_runs += 1
            check(f"run {index} (seed {seed}): {' '.join(command)}", False,
                  found[:5] + [f"replay: {sys.argv[0]} {binary} --seed {seed} --runs {index + 1}"])
        else:
            # Each run is a check of its own: the closing line counts them all.
            passed.append(f"run {index}")
    print(f"generated: {runs - failed_runs} of {runs} runs (seed {seed}) kept every invariant",
          flush=True)
    return summary("generated")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
