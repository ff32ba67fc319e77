#!/usr/bin/env python3
"""A measuring reverse proxy for the transport benchmarks.

Usage: http_proxy.py UPSTREAM_URL STATS_FILE [CERT KEY]
Listens on 127.0.0.1 (HTTPS when CERT and KEY are given), forwards each GET to UPSTREAM_URL
with the request's headers (so `If-None-Match` revalidates and a `304` comes back as one), gzips
the body when the request accepts gzip, points `Link` headers at itself, and after every
response writes
`connections N requests N body_bytes N` to STATS_FILE. Prints its port on the first line.
"""
import http.server
import ssl
import sys
import threading
import urllib.error
import urllib.request

import http_reply

UPSTREAM, STATS = sys.argv[1], sys.argv[2]
lock = threading.Lock()
counts = {"connections": 0, "requests": 0, "body_bytes": 0}
own_base = ""


def record(**deltas):
    with lock:
        for name, value in deltas.items():
            counts[name] += value
        with open(STATS, "w") as file:
            file.write(" ".join(f"{name} {value}" for name, value in counts.items()) + "\n")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        record(connections=1)

    def do_GET(self):
        forwarded = {name: value for name, value in self.headers.items()
                     if name.lower() not in ("host", "accept-encoding", "connection")}
        request = urllib.request.Request(UPSTREAM + self.path, headers=forwarded)
        try:
            upstream = urllib.request.urlopen(request)
        except urllib.error.HTTPError as answer:  # 304 and the error statuses, passed on
            upstream = answer
        with upstream:
            body, status = upstream.read(), upstream.status
            headers = [(k, v.replace(UPSTREAM, own_base)) for k, v in upstream.getheaders()
                       if k.lower() not in ("content-length", "connection", "transfer-encoding")]
        sent = http_reply.send(self, status, headers, body)
        record(requests=1, body_bytes=len(sent))

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
if len(sys.argv) > 4:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[3], sys.argv[4])
    server.socket = context.wrap_socket(server.socket, server_side=True)
scheme = "https" if len(sys.argv) > 4 else "http"
own_base = f"{scheme}://127.0.0.1:{server.server_address[1]}"
print(server.server_address[1], flush=True)
server.serve_forever()
