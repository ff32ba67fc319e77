"""What at most once costs (issue: a POST must never reach a server twice): a POST on a
connection of its own against one on the kept connection, and the 5,000-repository HTTPS load
(GETs, whose connection reuse must not move) against the app before the change.

    bench.py BINARY --only-post [--before PATH/TO/loader-tui-before] [--quick]

The POST figure: `LoaderBench post` against Tests/faults/fault_server.py in mode ok over TLS
(ALPN h2), interleaved rounds, medians. The load: the app headless, --no-cache, against the
built-in server (pages of 100) behind bench/http_proxy.py over HTTPS (gzip, keep-alive),
interleaved with --before, medians.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAULT_SERVER = os.path.join(HERE, "..", "Tests", "faults", "fault_server.py")
TEST_CA = os.path.join(HERE, "test-ca.sh")


def run(binary, bench_binary, report, quick, before, serve_demo, proxy, interleaved):
    """Prints the POST figure and, with `before`, the load against it; True when both meet."""
    folder = tempfile.mkdtemp(prefix="loader-tui-bench-post-")
    subprocess.run(["sh", TEST_CA, "Bench CA"], cwd=folder, check=True)
    env = dict(os.environ, SSL_CERT_FILE=os.path.join(folder, "ca.pem"))
    servers = []
    met = True
    try:
        server = subprocess.Popen(
            [sys.executable, FAULT_SERVER, "ok", "--tls", os.path.join(folder, "server.pem"),
             os.path.join(folder, "server.key")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        servers.append(server)
        port = int(server.stdout.readline().split()[1])
        output = subprocess.run(
            [bench_binary, "post", f"https://127.0.0.1:{port}/", "15" if quick else "60"],
            env=env, check=True, capture_output=True, text=True)
        figure = json.loads(output.stdout)
        extra = figure["fresh_ms"] - figure["kept_ms"]
        ok = extra <= 25
        report("POST on a fresh connection (HTTPS, HTTP/2), at most once", figure["fresh_ms"],
               "ms", "POST with Idempotency-Key on the kept connection ms", figure["kept_ms"],
               figure["fresh_ms"] / figure["kept_ms"], "<= kept + 25 ms (one TLS set-up)", ok)
        met = met and ok
        if before:
            demo, url = serve_demo("--page-size", "100", "--repos", "5000")
            secure, https, _ = proxy(url, folder, tls=True)
            servers += [demo, secure]
            app = ["--headless", "--no-timestamps", "--no-cache", "--base-url", https]
            os.environ["SSL_CERT_FILE"] = env["SSL_CERT_FILE"]
            ours, theirs, _ = interleaved([binary] + app, [before] + app, 4 if quick else 8)
            ratio = ours / theirs
            ok = ratio <= 1.1
            report("HTTPS, 5,000 repositories, headless load (GETs keep their connection)", ours,
                   "s", "the app before at most once s", theirs, ratio, "<= 1.1x before", ok)
            met = met and ok
    finally:
        for server in servers:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    return met
