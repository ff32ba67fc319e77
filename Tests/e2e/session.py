"""What the end-to-end scripts share to drive the real binary: a tmux server of their own with a
shell in a home of its own, the app started there with LOADER_TUI_GRID_DUMP so that each frame's
structure (panes, rows as records, status bar, overlays) can be read as data, waits that poll it
with a deadline, keys, and the tmux screen for what only a real terminal shows (colours, the
shell given back, the terminal's settings restored)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from checks import check, fail, summary

POLL = 0.02


class Frame:
    """One frame's structure as the app wrote it (FrameDump): `panes` (name, rows as records,
    lines, header, spinner, footer, first, listed), `status` (text, parts, owner, loaders),
    `overlays`, `lines` (the whole screen's text), `frame` (its number)."""

    def __init__(self, data):
        self.data = data
        self.number = data["frame"]
        self.panes = data["panes"]
        self.status = data["status"]
        self.lines = data["lines"]
        self.overlays = data["overlays"]

    def pane(self, name):
        """The pane named `name` ("Fetch", "Result"), or None when it is not shown."""
        return next((p for p in self.panes if p["name"] == name), None)

    def rows(self, name):
        """The rows the pane shows (records: name, language, stars, fork, selected)."""
        pane = self.pane(name)
        return pane["rows"] if pane else []

    def text(self, name=None):
        """A pane's text (the screen's when no pane is named), its lines joined with spaces so
        that wrapped sentences read whole."""
        lines = self.pane(name)["lines"] if name else self.lines
        return " ".join(" ".join(line.split()) for line in lines)

    def spinning(self):
        """Whether any pane shows the spinner."""
        return any(p["spinner"] for p in self.panes)

    def loading(self):
        """Whether a loader is loading or a pane spins."""
        return self.spinning() or "loading" in self.status["loaders"].values()

    def size(self):
        return self.data["size"]["columns"], self.data["size"]["rows"]

    def __str__(self):
        return "\n".join([f"(frame {self.number})"] + self.lines)


class Session:
    """A tmux server and session of its own, WIDTH x HEIGHT, running a plain shell whose HOME,
    XDG folders and cache are in a folder of its own (removed by `close`)."""

    def __init__(self, name, binary, width=100, height=30):
        self.name, self.binary = name, os.path.abspath(binary)
        self.width, self.height = width, height
        self.work = tempfile.mkdtemp(prefix=f"loader-tui-{name}-")
        self.socket = os.path.join(self.work, "tmux")
        self.dump = os.path.join(self.work, "frame.json")
        self.session = f"loader-tui-{name}-{os.getpid()}"
        self.home = os.path.join(self.work, "home")
        os.makedirs(self.home)
        self.tmux("new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height),
                  f"env -i PATH={os.environ.get('PATH', '/usr/bin:/bin')} HOME={self.home} "
                  "TERM=xterm-256color LANG=C.UTF-8 PS1='$ ' bash --norc --noprofile")

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.socket, *args], check=True,
                              capture_output=True, text=True).stdout

    def close(self):
        try:
            self.tmux("kill-server")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.work, ignore_errors=True)

    def keys(self, *names):
        """Named keys (Enter, Tab, Escape…) or characters, each as a key press."""
        self.tmux("send-keys", "-t", self.session, *names)

    def type(self, text):
        """`text` as typed: bytes sent as they are (escape sequences too)."""
        self.tmux("send-keys", "-t", self.session, "-l", text)

    def resize(self, width, height):
        self.tmux("resize-window", "-t", self.session, "-x", str(width), "-y", str(height))

    def screen(self, styled=False, pad=True):
        """The terminal's lines as tmux shows them (`styled`: with SGR sequences), padded to
        the session's height unless not `pad` (tmux leaves out blank lines at the bottom)."""
        args = ["capture-pane", "-t", self.session, "-p"] + (["-e"] if styled else [])
        lines = self.tmux(*args).splitlines()
        return lines + [""] * (self.height - len(lines)) if pad else lines

    def save(self, name, lines=None):
        """Keeps the screen (or `lines`) as a capture for the docs when E2E_CAPTURES names a
        folder."""
        folder = os.environ.get("E2E_CAPTURES")
        if folder:
            os.makedirs(folder, exist_ok=True)
            lines = self.screen() if lines is None else lines
            with open(os.path.join(folder, name + ".txt"), "w") as file:
                file.write("\n".join(line.rstrip() for line in lines).rstrip() + "\n")

    def frame(self):
        """The frame the app drew last, or None before its first (or while none is written)."""
        try:
            with open(self.dump) as file:
                return Frame(json.load(file))
        except (OSError, ValueError):
            return None

    def wait(self, description, condition, timeout=20, quiet=False, every=None):
        """Polls the app's frames until `condition(frame)` holds, calling `every` with each new
        frame; records a check (only a failure when `quiet`) with the last frame. Returns it."""
        return self._poll(description, condition, timeout, quiet, every, self.frame)

    def wait_screen(self, description, condition, timeout=20, quiet=False, pad=True):
        """Polls the terminal's lines (tmux; `pad` as `screen` takes it) until
        `condition(lines)` holds: for what the app's frames cannot say (the shell back, what is
        drawn after the app is gone)."""
        return self._poll(description, condition, timeout, quiet, None,
                          lambda: self.screen(pad=pad))

    def _poll(self, description, condition, timeout, quiet, every, read):
        deadline = time.monotonic() + timeout
        last = None
        while True:
            seen = read()
            if every and seen is not None and getattr(seen, "number", None) != last:
                last = seen.number
                every(seen)
            ok = seen is not None and bool(condition(seen))
            if ok or time.monotonic() > deadline:
                if not (quiet and ok):
                    check(description, ok, str(seen) if isinstance(seen, Frame) else seen)
                return seen
            time.sleep(POLL)

    def on_terminal(self, description="the terminal shows the frame drawn last"):
        """Waits until tmux shows the frame the app drew last (the app writes the frame's data
        just after its bytes, which tmux may not have read yet); returns the screen."""
        def trimmed(lines):
            lines = [x.rstrip() for x in lines]
            while lines and not lines[-1]:
                lines.pop()
            return lines

        def same(lines):
            frame = self.frame()
            return frame is not None and trimmed(lines) == trimmed(frame.lines)
        return self.wait_screen(description, same, quiet=True, pad=False)

    def start(self, arguments, tag, env="", stderr=None, cache=None, config=None, wait=True):
        """Starts the app with `arguments` (the user's config file not read unless `config`
        names a folder; a cache of its own unless `cache` names one); `env` is put before the
        command as `env` takes it. Returns a Run; with `wait`, once its first frame is drawn."""
        run = Run(self, tag)
        cache = cache or tempfile.mkdtemp(prefix=f"cache-{tag}-", dir=self.work)
        config = config or os.path.join(self.work, "config")
        for path in (run.before, run.after, run.status, run.pidfile, self.dump):
            if os.path.exists(path):
                os.remove(path)
        command = (
            f"stty -g > {run.before}; env {env} LOADER_TUI_GRID_DUMP={self.dump} "
            f"sh -c 'echo $$ > {run.pidfile}; exec env -u LOADER_TUI_CONFIG "
            f"XDG_CACHE_HOME={cache} XDG_CONFIG_HOME={config} {self.binary} {arguments}'"
            f"{' 2> ' + stderr if stderr else ''}; "
            # printf, so that the typed command does not already show the marker.
            f"echo $? > {run.status}; stty -g > {run.after}; printf 'DONE%s\\n' -{tag}")
        self.keys("clear", "Enter")
        self.keys(command, "Enter")
        deadline = time.monotonic() + 10
        while not os.path.exists(run.pidfile) and time.monotonic() < deadline:
            time.sleep(POLL)
        if wait:
            self.wait(f"{tag}: the app is on screen", lambda f: f.panes, quiet=True)
        return run


class Run:
    """One start of the app in a Session: its pid, exit status and the terminal's settings
    before and after (stty -g)."""

    def __init__(self, session, tag):
        self.session, self.tag = session, tag
        work = session.work
        self.before, self.after = (os.path.join(work, f"{tag}.{x}") for x in ("before", "after"))
        self.status, self.pidfile = (os.path.join(work, f"{tag}.{x}") for x in ("status", "pid"))

    def pid(self):
        return open(self.pidfile).read().strip()

    def alive(self):
        return subprocess.run(["kill", "-0", self.pid()], capture_output=True).returncode == 0

    def done(self, lines):
        """Whether the shell printed the line that follows the app's exit."""
        return any(f"DONE-{self.tag}" in x for x in lines)

    def running(self):
        return not self.done(self.session.screen())

    def shell_back(self, description=None, quiet=True):
        """Waits for the line the shell prints after the app (a check only when it does not
        come, unless not `quiet`); returns the screen."""
        return self.session.wait_screen(description or f"{self.tag}: shell back", self.done,
                                        quiet=quiet)

    def code(self):
        return open(self.status).read().strip() if os.path.exists(self.status) else "missing"

    def _exited(self):
        """Waits (15 s at most) for the shell to write the settings after the exit."""
        deadline = time.monotonic() + 15
        while not os.path.exists(self.after) and time.monotonic() < deadline:
            time.sleep(POLL)

    def stty_unchanged(self, label=None):
        """Checks that the terminal's settings after the exit are those before the start."""
        self._exited()
        same = os.path.exists(self.after) and open(self.before).read() == open(self.after).read()
        details = None
        if not same and os.path.exists(self.after):
            details = ["before: " + open(self.before).read().strip(),
                       "after:  " + open(self.after).read().strip()]
        check(f"{label or self.tag}: stty -g unchanged after exit", same, details)

    def finished(self, expected_code=0, label=None):
        """Checks the exit status and that the terminal's settings are back."""
        self._exited()
        code = self.code()
        check(f"{label or self.tag}: exit code {expected_code}", code == str(expected_code), code)
        self.stty_unchanged(label)

    def quit(self, key="q", expected_code=0):
        self.session.keys(key)
        self.shell_back()
        self.finished(expected_code)


def stopped(run_checks):
    """Runs `run_checks`, recording a failure when tmux refuses a command."""
    try:
        run_checks()
    except subprocess.CalledProcessError as error:
        fail(f"the run stopped: {error!r}", error.stderr)


def run_all(session, name, *parts):
    """Runs each part (a tmux command refused fails it, the next still runs), closes `session`
    and exits with the closing line .ci/run counts."""
    try:
        for part in parts:
            stopped(part)
    finally:
        session.close()
    sys.exit(summary(name))
