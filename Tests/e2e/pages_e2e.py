#!/usr/bin/env python3
"""A big owner over a slow network, driven in tmux: 5,000 repositories in 50 pages, each page
held by the built-in server (--page-latency). Rows show after the first page and stay on the
screen from then on; the page count rises; a page that fails after its retries keeps the rows
read and says how far the load got, and `r` goes on from that page; a quit in the middle and a
new start go on from the pages read; a rate limit that runs out keeps the rows too. Every wait
polls the screen with a deadline.
Usage: pages_e2e.py PATH/TO/loader-tui
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, fail, summary  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui")
WIDTH, HEIGHT = 100, 30
SESSION = f"loader-tui-pages-{os.getpid()}"
WORK = tempfile.mkdtemp(prefix="loader-tui-pages-")
SOCKET = os.path.join(WORK, "tmux")
SERVED = "--repos 5000 --page-size 100 --org-latency 0"
POLL = 0.02
PAGE = re.compile(r"repos ([\d,]+) so far · page (\d+)/50")


def tmux(*args):
    return subprocess.run(["tmux", "-S", SOCKET, *args], check=True, capture_output=True,
                          text=True).stdout


def keys(*names):
    tmux("send-keys", "-t", SESSION, *names)


def capture():
    lines = tmux("capture-pane", "-t", SESSION, "-p").splitlines()
    return lines + [""] * (HEIGHT - len(lines))


def result_pane(lines):
    return [line[WIDTH // 2:] for line in lines[:-1]]


def rows(lines):
    """The repository rows of the Result pane."""
    return [line for line in result_pane(lines) if "★" in line]


def text(lines):
    return "\n".join(lines)


def said(lines):
    """The Result pane's text, its lines joined with spaces, so wrapped sentences read whole."""
    return " ".join(line.strip("│ ") for line in result_pane(lines))


def wait_for(description, condition, timeout=30, every=None):
    """Polls until the screen meets `condition`, calling `every` with each capture; records a
    check with the last screen."""
    deadline = time.monotonic() + timeout
    while True:
        lines = capture()
        if every:
            every(lines)
        ok = condition(lines)
        if ok or time.monotonic() > deadline:
            check(description, ok, lines)
            return lines
        time.sleep(POLL)


def start(arguments):
    keys("clear", "Enter")
    keys(f"env -u LOADER_TUI_CONFIG XDG_CONFIG_HOME={WORK}/config {BINARY} {SERVED} "
         f"{arguments}; printf 'DONE\\n'", "Enter")
    wait_for("the app is on screen", lambda l: "┌ Fetch" in l[0])


def quit_app():
    keys("q")
    wait_for("q gives the shell back", lambda l: any(x.startswith("DONE") for x in l))


def sent_by_repositories():
    """The requests the inspector counts for the repositories loader (`i` opens and closes it)."""
    keys("i")
    lines = wait_for("i opens the inspector", lambda l: "observed by" in text(l), timeout=5)
    keys("i")
    for line in lines:
        match = re.search(r"│ repositories +\S+(?: \S+)* +(\d+) +\d+ +\d+ +\d+ +\d+ ", line)
        if match:
            return int(match.group(1))
    return None


class Watch:
    """What every capture of a load showed: the pages seen in the status bar, and the first
    capture after the first row without rows. A status bar counts once two captures in a row
    showed it: tmux may capture a frame the terminal has only half received (the row count of
    the next page written, its page number not yet)."""

    def __init__(self):
        self.pages, self.lost, self.seen_rows, self.last_status = [], None, False, None

    def __call__(self, lines):
        steady, self.last_status = lines[-1] == self.last_status, lines[-1]
        found = PAGE.search(lines[-1]) if steady else None
        if found:
            page, so_far = int(found.group(2)), int(found.group(1).replace(",", ""))
            if not self.pages or self.pages[-1] != (page, so_far):
                self.pages.append((page, so_far))
        if rows(lines):
            self.seen_rows = True
        elif self.seen_rows and self.lost is None and "┌ Fetch" in lines[0]:
            self.lost = lines


def a_failure_part_way_and_r():
    start("--page-latency 0.05 --fail page=20 --fail-mode flaky --retries 1 --no-cache")
    watch = Watch()
    keys("f")
    wait_for("rows show while the load is under way, with how far it got",
             lambda l: rows(l) and PAGE.search(l[-1]) and "so far · page" in l[-2], every=watch)
    stopped = "after 19 of 50 pages (1,900 of 5,000 shown)"
    lines = wait_for(f"page 20 fails after its retry: the error says {stopped}",
                     lambda l: stopped in said(l), every=watch)
    check("the rows read stay under the error, the footer counts 1,900",
          rows(lines) and "of 1,900 ─" in lines[-2], lines)
    pages = [page for page, _ in watch.pages]
    check(f"the page count rose page by page ({len(pages)} steps seen, up to {max(pages or [0])})",
          len(set(pages)) >= 3 and pages == sorted(pages)
          and all(so_far == 100 * page for page, so_far in watch.pages), str(watch.pages))
    check("no capture after the first row was without rows", watch.lost is None, watch.lost)
    watch = Watch()
    keys("r")
    wait_for("r reads on: 5,000 in both panes, the load done",
             lambda l: l[-2].count("of 5,000 ─") == 2 and "repos ✓" in l[-1], every=watch)
    check("r went on from the 19 pages read: no fewer were ever shown again",
          watch.pages and min(page for page, _ in watch.pages) >= 19, str(watch.pages))
    check("no capture during the reload was without rows", watch.lost is None, watch.lost)
    sent = sent_by_repositories()
    check("the repositories loader sent 52 requests: pages 1-19, page 20 twice, then 20-50",
          sent == 52, f"sent: {sent}")
    quit_app()


def a_quit_in_the_middle():
    cache = os.path.join(WORK, "cache")
    start(f"--page-latency 0.05 --cache-dir {cache}")
    keys("f")
    wait_for("ten pages in", lambda l: (m := PAGE.search(l[-1])) and int(m.group(2)) >= 10)
    quit_app()
    start(f"--page-latency 0.05 --cache-dir {cache}")
    earlier = re.compile(r"An earlier run stopped after (\d+) of 50 pages \(([\d,]+) of 5,000 shown\)")
    lines = wait_for("a new start lists the pages read, saying an earlier run stopped",
                     lambda l: earlier.search(said(l)) and rows(l))
    found = earlier.search(said(lines))
    read = int(found.group(1)) if found else 0
    check(f"{read} pages read, 100 rows each", found and
          int(found.group(2).replace(",", "")) == 100 * read, lines)
    keys("r")
    wait_for("r reads on to 5,000", lambda l: l[-2].count("of 5,000 ─") == 2
             and "repos ✓" in l[-1])
    sent = sent_by_repositories()
    check(f"only the {50 - read} pages not read were asked for", sent == 50 - read,
          f"sent: {sent}")
    quit_app()


def a_rate_limit_that_runs_out():
    start("--page-latency 0.05 --rate-limit 20 --retries 0 --no-cache")
    keys("f")
    # After page k (of 50) 50 - k pages are left to read and 19 - k requests (the owner took
    # one of the 20): each page's notice says so. A capture may fall on any page, so the check
    # takes whichever it sees (one fixed page's notice lasts a page's 50 ms).
    left = re.compile(r"(\d+) pages to read, (\d+) requests left until")
    wait_for("a page says the limit will not last: N pages to read, N - 31 requests left",
             lambda l: (m := left.search(said(l))) and int(m.group(1)) - int(m.group(2)) == 31)
    stopped = "after 19 of 50 pages (1,900 of 5,000 shown)"
    lines = wait_for(f"the limit runs out: the rows stay, the error says {stopped}",
                     lambda l: stopped in said(l) and rows(l))
    check("the status bar says the newest figure: 0/20 left", "0/20 left" in lines[-1], lines)
    quit_app()


def main():
    tmux("new-session", "-d", "-s", SESSION, "-x", str(WIDTH), "-y", str(HEIGHT),
         "env TERM=xterm-256color PS1='$ ' bash --norc --noprofile")
    try:
        a_failure_part_way_and_r()
        a_quit_in_the_middle()
        a_rate_limit_that_runs_out()
    except subprocess.CalledProcessError as error:
        fail(f"the run stopped: {error!r}", error.stderr)
    finally:
        tmux("kill-server")
        shutil.rmtree(WORK, ignore_errors=True)
    sys.exit(summary("pages"))


if __name__ == "__main__":
    main()
