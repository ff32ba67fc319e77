#!/usr/bin/env python3
"""The shipped binary over plain HTTP and over HTTPS, as a user runs it.

The shipped binary opens libcurl at its first request (module CurlOnDemand) instead of linking
it: this checks that it does not link it, that a start (the first frame, nothing fetched) does
not load it, that plain HTTP and HTTPS both go through it, and that HTTPS works with a
certificate from a CA made here (and fails, saying what to do, without that CA), and through a
proxy that HTTPS_PROXY names (a failure names the proxy; a 407 is not retried).
Usage: https_e2e.py PATH/TO/loader-tui (CI passes the one it packages)
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, failures, passed  # noqa: E402
from session import Session  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/loader-tui")
FOLDER = tempfile.mkdtemp(prefix="loader-tui-https-")
TEST_CA = os.path.join(ROOT, "bench", "test-ca.sh")


def headless(url, env, trace=False, retries=None):
    """A headless run against `url`: exit code, last stdout line, stderr; with `trace`, the
    libraries ld.so loaded (LD_DEBUG=files)."""
    command = [BINARY, "--headless", "--no-cache", "--no-timestamps", "--base-url", url]
    command += ["--retries", str(retries)] if retries is not None else []
    run_env = dict(env, LD_DEBUG="files") if trace else env
    result = subprocess.run(command, capture_output=True, text=True, env=run_env, timeout=60)
    lines = result.stdout.strip().splitlines()
    return result.returncode, lines[-1] if lines else "", result.stderr


def start_maps_libcurl(url):
    """Whether the app, started in tmux against `url` and showing its first frame with nothing
    fetched, has libcurl mapped."""
    session = Session("https", BINARY)
    try:
        run = session.start(f"--no-cache --base-url {url}", "start")
        return "libcurl" in open(f"/proc/{run.pid()}/maps").read()
    finally:
        session.close()


def fault_proxy(mode):
    """Tests/faults/fault_server.py in proxy `mode`: the process, its port and its log of
    CONNECTs."""
    log = os.path.join(FOLDER, f"{mode}.log")
    process = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "Tests", "faults", "fault_server.py"), mode, "--log",
         log], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return process, int(process.stdout.readline().split()[1]), log


def through_proxies(https, trusted, done):
    """HTTPS through a proxy HTTPS_PROXY names: a working one, one that asks for credentials
    (named, with what to do, and asked once a request with --retries 3), one that is down (named),
    and one that NO_PROXY passes by."""
    started = [fault_proxy(mode) for mode in ("proxy", "proxy-407", "proxy-down")]
    try:
        (_, working, tunnels), (_, refusing, refused), (_, down, _) = started

        def connects(log):
            return open(log).read().count("CONNECT ") if os.path.exists(log) else 0

        def through(port, **extra):
            return headless(https, dict(trusted, HTTPS_PROXY=f"http://127.0.0.1:{port}", **extra),
                            retries=3)

        code, last, _ = through(working)
        check("through a proxy: the same organization, by tunnels", code == 0 and last == done
              and connects(tunnels) >= 1, [f"exit {code}: {last}; {connects(tunnels)} CONNECTs"])
        code, _, stderr = through(refusing)
        said = (f"The proxy 127.0.0.1:{refusing} refused the tunnel to {https[8:]}: 407 Proxy "
                "Authentication Required; set credentials in HTTPS_PROXY")
        check("a proxy's 407 is named, says what to do, and is not retried",
              code == 1 and said in stderr and connects(refused) == 2,
              [f"exit {code}: {stderr.strip()}", f"{connects(refused)} CONNECTs for 2 requests"])
        code, _, stderr = through(down)
        check("a proxy that is down is named, with the variable",
              code == 1 and f"Cannot connect to the proxy 127.0.0.1:{down} (HTTPS_PROXY)" in stderr,
              [f"exit {code}: {stderr.strip()}"])
        code, last, _ = through(down, NO_PROXY="localhost,127.0.0.1")
        check("NO_PROXY: the server is reached without the proxy", code == 0 and last == done,
              [f"exit {code}: {last}"])
    finally:
        for process, _, _ in started:
            process.stdin.close()
            process.wait()


def main():
    env = {key: value for key, value in os.environ.items()
           if key not in ("LOADER_TUI_CONFIG", "http_proxy", "https_proxy", "HTTPS_PROXY",
                          "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY", "SSL_CERT_FILE",
                          "SSL_CERT_DIR")}
    env.update(HOME=FOLDER, XDG_CONFIG_HOME=os.path.join(FOLDER, "config"))
    subprocess.run(["sh", TEST_CA, "e2e CA"], cwd=FOLDER, check=True)
    needed = subprocess.run(["readelf", "-d", BINARY], capture_output=True, text=True).stdout
    check("the binary does not link libcurl (it opens it on demand)", "libcurl" not in needed,
          [line for line in needed.splitlines() if "NEEDED" in line])
    demo = subprocess.Popen([BINARY, "serve-demo", "--latency", "0"], stdout=subprocess.PIPE,
                            text=True, env=env)
    proxy = None
    try:
        http = demo.stdout.readline().split(" at ", 1)[1].strip()
        proxy = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "bench", "http_proxy.py"), http,
             os.path.join(FOLDER, "stats"), os.path.join(FOLDER, "server.pem"),
             os.path.join(FOLDER, "server.key")], stdout=subprocess.PIPE, text=True)
        https = f"https://127.0.0.1:{int(proxy.stdout.readline())}"
        done = "done: 1 round, success: Red Mad Robot with 36 repositories"

        code, last, trace = headless(http, env, trace=True)
        check("plain HTTP: the organization and its repositories", code == 0 and last == done,
              [f"exit {code}: {last}"])
        check("plain HTTP: sent with libcurl, the one transport", "libcurl.so" in trace,
              ["no libcurl in LD_DEBUG"])
        check("a start, before any request, does not load libcurl", not start_maps_libcurl(http),
              ["libcurl is mapped after the first frame"])

        trusted = dict(env, SSL_CERT_FILE=os.path.join(FOLDER, "ca.pem"))
        code, last, trace = headless(https, trusted, trace=True)
        check("HTTPS with SSL_CERT_FILE naming the CA: the same organization",
              code == 0 and last == done, [f"exit {code}: {last}"])
        check("HTTPS: libcurl is loaded for it", "libcurl.so" in trace, ["no libcurl in LD_DEBUG"])

        through_proxies(https, trusted, done)

        code, last, stderr = headless(https, env)
        check("HTTPS without the CA: a failure that says what to do",
              code != 0 and "point SSL_CERT_FILE at its certificate" in stderr,
              [f"exit {code}: {stderr.strip()}"])
    finally:
        for process in (demo, proxy):
            if process:
                process.kill()
                process.wait()
        shutil.rmtree(FOLDER, ignore_errors=True)
    print(f"e2e https: {len(passed)} passed, {len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
