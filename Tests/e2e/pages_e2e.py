#!/usr/bin/env python3
"""A big owner over a slow network, driven in tmux: 5,000 repositories in 50 pages, each page
held by the built-in server (--page-latency). Rows show after the first page and stay on the
screen from then on; the page count rises; a page that fails after its retries keeps the rows
read and says how far the load got, and `r` goes on from that page; a quit in the middle and a
new start go on from the pages read; a rate limit that runs out keeps the rows too. Every wait
polls the app's frames (session.py) with a deadline.
Usage: pages_e2e.py PATH/TO/loader-tui
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check  # noqa: E402
from session import Session, run_all  # noqa: E402

S = Session("pages", sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui")
SERVED = "--repos 5000 --page-size 100 --org-latency 0"
PAGE = re.compile(r"repos ([\d,]+) so far · page (\d+)/50")


def rows(frame):
    """The repository rows of the Result pane."""
    return frame.rows("Result")


def footers(frame):
    """The panes' bottom borders, with their labels."""
    return [pane["footer"] for pane in frame.panes]


def done(frame):
    """Both panes count 5,000 and the repositories loader succeeded."""
    return (all("of 5,000" in x for x in footers(frame)) and len(frame.panes) == 2
            and frame.status["loaders"]["repositories"] == "success")


def wait_for(description, condition, timeout=30, every=None):
    """Polls the frames until one meets `condition`, calling `every` with each new frame;
    records a check with the last frame."""
    return S.wait(description, condition, timeout=timeout, every=every)


def start(arguments):
    run = S.start(f"{SERVED} {arguments}", "pages", wait=False)
    wait_for("the app is on screen", lambda f: f.pane("Fetch"))
    return run


def quit_app(run):
    S.keys("q")
    run.shell_back("q gives the shell back", quiet=False)


def sent_by_repositories():
    """The requests the inspector counts for the repositories loader (`i` opens and closes it)."""
    S.keys("i")
    frame = wait_for("i opens the inspector", lambda f: "observed by" in f.text(), timeout=5)
    S.keys("i")
    for line in frame.lines:
        match = re.search(r"│ repositories +\S+(?: \S+)* +(\d+) +\d+ +\d+ +\d+ +\d+ ", line)
        if match:
            return int(match.group(1))
    return None


class Watch:
    """What every frame of a load showed: the pages seen in the status bar, and the first frame
    after the first row without rows."""

    def __init__(self):
        self.pages, self.lost, self.seen_rows = [], None, False

    def __call__(self, frame):
        found = PAGE.search(frame.status["text"])
        if found:
            page, so_far = int(found.group(2)), int(found.group(1).replace(",", ""))
            if not self.pages or self.pages[-1] != (page, so_far):
                self.pages.append((page, so_far))
        if rows(frame):
            self.seen_rows = True
        elif self.seen_rows and self.lost is None and frame.pane("Fetch"):
            self.lost = str(frame)


def a_failure_part_way_and_r():
    run = start("--page-latency 0.05 --fail page=20 --fail-mode flaky --retries 1 --no-cache")
    watch = Watch()
    S.keys("f")
    wait_for("rows show while the load is under way, with how far it got",
             lambda f: rows(f) and PAGE.search(f.status["text"])
             and any("so far · page" in x for x in footers(f)), every=watch)
    stopped_at = "after 19 of 50 pages (1,900 of 5,000 shown)"
    frame = wait_for(f"page 20 fails after its retry: the error says {stopped_at}",
                     lambda f: stopped_at in f.text("Result"), every=watch)
    check("the rows read stay under the error, the footer counts 1,900",
          rows(frame) and any("of 1,900" in x for x in footers(frame)), str(frame))
    pages = [page for page, _ in watch.pages]
    check(f"the page count rose page by page ({len(pages)} steps seen, up to {max(pages or [0])})",
          len(set(pages)) >= 3 and pages == sorted(pages)
          and all(so_far == 100 * page for page, so_far in watch.pages), str(watch.pages))
    check("no capture after the first row was without rows", watch.lost is None, watch.lost)
    watch = Watch()
    S.keys("r")
    wait_for("r reads on: 5,000 in both panes, the load done", done, every=watch)
    check("r went on from the 19 pages read: no fewer were ever shown again",
          watch.pages and min(page for page, _ in watch.pages) >= 19, str(watch.pages))
    check("no capture during the reload was without rows", watch.lost is None, watch.lost)
    sent = sent_by_repositories()
    check("the repositories loader sent 52 requests: pages 1-19, page 20 twice, then 20-50",
          sent == 52, f"sent: {sent}")
    quit_app(run)


def a_quit_in_the_middle():
    cache = os.path.join(S.work, "cache")
    run = start(f"--page-latency 0.05 --cache-dir {cache}")
    S.keys("f")
    wait_for("ten pages in", lambda f: (m := PAGE.search(f.status["text"])) and int(m.group(2)) >= 10)
    quit_app(run)
    run = start(f"--page-latency 0.05 --cache-dir {cache}")
    earlier = re.compile(r"An earlier run stopped after (\d+) of 50 pages \(([\d,]+) of 5,000 shown\)")
    frame = wait_for("a new start lists the pages read, saying an earlier run stopped",
                     lambda f: earlier.search(f.text("Result")) and rows(f))
    found = earlier.search(frame.text("Result"))
    read = int(found.group(1)) if found else 0
    check(f"{read} pages read, 100 rows each", found and
          int(found.group(2).replace(",", "")) == 100 * read, str(frame))
    S.keys("r")
    wait_for("r reads on to 5,000", done)
    sent = sent_by_repositories()
    check(f"only the {50 - read} pages not read were asked for", sent == 50 - read,
          f"sent: {sent}")
    quit_app(run)


def a_rate_limit_that_runs_out():
    run = start("--page-latency 0.05 --rate-limit 20 --retries 0 --no-cache")
    S.keys("f")
    # After page k (of 50) 50 - k pages are left to read and 19 - k requests (the owner took
    # one of the 20): each page's notice says so. A frame may fall on any page, so the check
    # takes whichever it sees (one fixed page's notice lasts a page's 50 ms).
    left = re.compile(r"(\d+) pages to read, (\d+) requests left until")
    wait_for("a page says the limit will not last: N pages to read, N - 31 requests left",
             lambda f: (m := left.search(f.text("Result")))
             and int(m.group(1)) - int(m.group(2)) == 31)
    stopped_at = "after 19 of 50 pages (1,900 of 5,000 shown)"
    frame = wait_for(f"the limit runs out: the rows stay, the error says {stopped_at}",
                     lambda f: stopped_at in f.text("Result") and rows(f))
    check("the status bar says the newest figure: 0/20 left", "0/20 left" in frame.status["text"],
          str(frame))
    quit_app(run)


def main():
    run_all(S, "pages", a_failure_part_way_and_r, a_quit_in_the_middle,
            a_rate_limit_that_runs_out)


if __name__ == "__main__":
    main()
