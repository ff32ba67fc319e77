#!/usr/bin/env python3
"""Installs loader-tui as a new user would, under a fresh home's ~/.local, and uses it there.

scripts/install --prefix ~/.local puts the binary, the manual page and the completions in
place; then, each in tmux as that user types it: man loader-tui, Tab after
`loader-tui --fail-mode r` in bash (with the ~/.bashrc Debian gives new users), zsh (fpath
set as the install script says) and fish, and an app that starts with the organization the
config file names. scripts/uninstall then removes every file it installed.
Usage: install_e2e.py PATH/TO/loader-tui (a binary that runs here; CI passes the release one)
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui")
HOME = tempfile.mkdtemp(prefix="loader-tui-install-")
PREFIX = os.path.join(HOME, ".local")
SOCKET = f"loader-tui-install-{os.getpid()}"
INSTALLED = [
    "bin/loader-tui",
    "share/man/man1/loader-tui.1",
    "share/bash-completion/completions/loader-tui",
    "share/zsh/site-functions/_loader-tui",
    "share/fish/vendor_completions.d/loader-tui.fish",
]
MODES = ["rate-limit", "redirect", "reset", "retry-after"]



def user_environment():
    """What a login of the new user would have: its home, ~/.local/bin first in PATH."""
    return {
        "HOME": HOME,
        "PATH": f"{PREFIX}/bin:/usr/local/bin:/usr/bin:/bin",
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "USER": os.environ.get("USER", "root"),
    }


def tmux(*args):
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=True, capture_output=True,
                          text=True).stdout


def target(window):
    return f"install:w-{window}"


def screen(window):
    return tmux("capture-pane", "-t", target(window), "-p").splitlines()


def wait_for(window, condition, timeout=15):
    deadline = time.monotonic() + timeout
    lines = screen(window)
    while time.monotonic() < deadline:
        lines = screen(window)
        if condition(lines):
            return True, lines
        time.sleep(0.1)
    return False, lines


def shell(window, command):
    """Starts `command` (a shell) in a tmux window of its own, in the user's environment."""
    environment = " ".join(f"{key}={value}" for key, value in user_environment().items())
    tmux("new-window", "-d", "-t", "install", "-n", f"w-{window}", f"env -i {environment} {command}")


def complete_in(window, command, ready, tabs=1):
    """Waits for the shell's prompt, types `loader-tui --fail-mode r` and Tab."""
    shell(window, command)
    ok, lines = wait_for(window, ready)
    if not ok:
        check(f"{window}: the shell starts", False, lines)
        return
    tmux("send-keys", "-t", target(window), "-l", "loader-tui --fail-mode r")
    for _ in range(tabs):
        time.sleep(0.3)
        tmux("send-keys", "-t", target(window), "Tab")
    ok, lines = wait_for(window, lambda l: all(any(mode in x for x in l) for mode in MODES))
    check(f"{window}: Tab after `loader-tui --fail-mode r` offers {' '.join(MODES)}", ok, lines)


def in_app(window, command, steps):
    """Starts `command` in `window` as the new user types it, then for each step sends its key
    (none for the first screen), waits for its text on the screen and checks it."""
    shell(window, f"sh -c '{command}; echo EXIT-$?; sleep 60'")
    for key, text, description in steps:
        if key:
            tmux("send-keys", "-t", target(window), key)
        ok, lines = wait_for(window, lambda screen, text=text: any(text in x for x in screen))
        check(description, ok, lines)


def main():
    environment = dict(os.environ, **user_environment())
    environment.pop("LOADER_TUI_CONFIG", None)
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"):
        environment.pop(name, None)
    run = subprocess.run([os.path.join(ROOT, "scripts/install"), "--prefix", PREFIX,
                          "--binary", BINARY], capture_output=True, text=True, env=environment)
    check("scripts/install --prefix ~/.local exits 0", run.returncode == 0, run.stdout + run.stderr)
    check("it installs the binary, the manual page and three completions",
          all(os.path.isfile(os.path.join(PREFIX, path)) for path in INSTALLED), run.stdout)

    # man-db finds ~/.local/share/man from ~/.local/bin in PATH.
    man = subprocess.run(["man", "-w", "loader-tui"], capture_output=True, text=True,
                         env=user_environment())
    check("man finds ~/.local/share/man/man1/loader-tui.1",
          man.stdout.strip() == os.path.join(PREFIX, INSTALLED[1]), man.stdout + man.stderr)

    tmux("new-session", "-d", "-s", "install", "-n", "main", "-x", "120", "-y", "40")
    try:
        shell("man", "sh -c 'MANWIDTH=100 man loader-tui; sleep 60'")
        ok, lines = wait_for("man", lambda l: any("LOADER-TUI(1)" in x for x in l))
        check("man loader-tui shows the page", ok, lines)
        tmux("send-keys", "-t", target("man"), "/--fail-mode MODE", "Enter")
        ok, lines = wait_for("man", lambda l: any("--fail-mode MODE" in x for x in l))
        check("man loader-tui: searching finds --fail-mode", ok, lines)

        skeleton = "/etc/skel/.bashrc"
        bashrc = os.path.join(HOME, ".bashrc")
        if os.path.exists(skeleton):
            shutil.copy(skeleton, bashrc)
        else:
            with open(bashrc, "w") as file:
                file.write(". /usr/share/bash-completion/bash_completion\n")
        with open(bashrc, "a") as file:
            file.write("PS1='bash$ '\n")
        complete_in("bash", f"bash --rcfile {bashrc} -i",
                    lambda l: any(x.startswith("bash$") for x in l), tabs=2)

        if shutil.which("zsh"):
            zdot = os.path.join(HOME, "zdot")
            os.makedirs(zdot)
            with open(os.path.join(zdot, ".zshrc"), "w") as file:
                file.write(f"fpath=({PREFIX}/share/zsh/site-functions $fpath)\n"
                           f"autoload -U compinit && compinit -u -d {HOME}/.zcompdump\n"
                           "PS1='zsh%% '\n")
            complete_in("zsh", f"env ZDOTDIR={zdot} zsh -i",
                        lambda l: any(x.startswith("zsh%") for x in l))
        if shutil.which("fish"):
            complete_in("fish", "fish -C 'function fish_prompt; printf \"fish> \"; end'",
                        lambda l: any(x.startswith("fish>") for x in l))

        # The config file names the organization: the first screen offers to fetch it (the
        # built-in server has only RedMadRobot, so a fetch says apple was not found).
        config = os.path.join(HOME, ".config", "loader-tui", "config")
        os.makedirs(os.path.dirname(config))
        with open(config, "w") as file:
            file.write("# set once\n--org apple\n--latency 0\n")
        os.chmod(config, 0o600)
        steps = [
            (None, "fetch apple and its", "the app starts with the organization from the config file"),
            ("f", '"apple" was not found', "f fetches it"),
            ("q", "EXIT-0", "q quits it"),
        ]
        in_app("app", "loader-tui", steps)
        steps = [
            (None, "fetch RedMadRobot and", "--org on the command line wins over the config file"),
            ("f", "Apexy", "f fetches it"),
        ]
        in_app("app2", "loader-tui --org RedMadRobot", steps)
        tmux("send-keys", "-t", target("app2"), "q")
        os.chmod(config, 0o664)
        refused = subprocess.run(["loader-tui"], capture_output=True, text=True,
                                 env=user_environment())
        check("a config file others can write is refused, exit 2",
              refused.returncode == 2 and "chmod go-w" in refused.stderr, refused.stderr)
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)

    run = subprocess.run([os.path.join(ROOT, "scripts/uninstall"), "--prefix", PREFIX],
                         capture_output=True, text=True, env=environment)
    check("scripts/uninstall --prefix ~/.local exits 0", run.returncode == 0, run.stdout + run.stderr)
    left = [path for path in INSTALLED if os.path.lexists(os.path.join(PREFIX, path))]
    # fish makes completions of its own from the manual pages it finds (its cache, not ours).
    fish_cache = os.path.join(PREFIX, "share", "fish", "generated_completions")
    left += [os.path.join(top, name) for top, _, names in os.walk(PREFIX) for name in names
             if "loader-tui" in name and top != fish_cache]
    check("no loader-tui file is left under ~/.local", not left, left)
    return summary("install")


if __name__ == "__main__":
    try:
        code = main()
    finally:
        shutil.rmtree(HOME, ignore_errors=True)
    sys.exit(code)
