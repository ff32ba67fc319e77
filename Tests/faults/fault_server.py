#!/usr/bin/env python3
"""A server on 127.0.0.1 that gets HTTP wrong on purpose, for the transport's fault tests.

    fault_server.py MODE [--tls CERT KEY] [--log FILE] [--delay SECONDS] [--faults N]

Prints "port N" once it listens, then serves until its standard input ends (the test closes
it, or dies). Over TLS it offers ALPN h2 and http/1.1; an HTTP/2 connection is answered with
frames written here byte by byte (HPACK literals, no Huffman), so a fault is exactly the one
named. Every request that reaches the server whole is appended to the log as one line,
"METHOD BODY CONNECTION-NUMBER", so a test counts the copies a client sent; one the server
says it did not process ends in " refused". With --faults N, only the first N requests (over
HTTP/2) meet the fault, and the ones after are answered as ok does. Only the standard library:
it runs on any python3.

Modes, for HTTP/1.1 and HTTP/2 alike unless marked:
  ok              200 "ok" (after --delay seconds): the request before a fault
  kept-dies       a request on a connection that served one before is read whole, logged,
                  and the connection closed without an answer (a server that crashed or
                  restarted after applying it); on a fresh connection: 201 "created"
  dies            every request is read whole, logged, and the connection closed unanswered
  cut-body        the head announces 10,000 bytes, 4,000 come, then the connection closes
  not-tls         (plain only) answers a TLS hello the way a plain HTTP server does: a 400
HTTP/2 only:
  goaway-before   GOAWAY (INTERNAL_ERROR) in place of a response, then close
  goaway-during   the head and 1,000 of 100,000 bytes, then GOAWAY and close
  goaway-below    GOAWAY (NO_ERROR) whose last-stream-id is below the request's stream, in
                  place of a response, then close: the server did not process the request
                  (RFC 9113 section 6.8), and logs it as refused
  goaway-above    GOAWAY (NO_ERROR) whose last-stream-id is the request's stream, in place of a
                  response, then close: the server may have processed the request
  goaway-during-below  the head and 1,000 of 100,000 bytes, then GOAWAY (NO_ERROR) whose
                  last-stream-id is below the request's stream (the server answered all the same)
  refuse          RST_STREAM REFUSED_STREAM for every stream (logged as refused)
  rst-internal    RST_STREAM INTERNAL_ERROR
  uppercase       a header field name in upper case
  bad-pseudo      a request pseudo-header (:path) in the response
  big-headers     an 80 KiB header block (HEADERS and CONTINUATION frames)
  hpack-bomb      one 4,000-byte field put in the table, then named 10,000 times (40 MB)
  short-body      content-length 100, 50 bytes, END_STREAM
  long-body       content-length 10, 50 bytes, END_STREAM
  no-streams      SETTINGS_MAX_CONCURRENT_STREAMS = 0 (and every stream refused, as refuse)
  data-after-end  DATA on a stream after its END_STREAM
  pings           10,000 PINGs, then 200 "ok"
  early-hints     a 103 Early Hints head (a link field) at once, then after --delay seconds (on
                  a timer: another stream's heads may come between) a 500 with the body "error"
  early-hints-large  three 103 heads of 40 link fields each (23 KiB in all), then a 500 with the
                  body "error"; requests are answered three at once, in one write, so a client
                  reads one stream's heads while it reads another's
A CONNECT proxy (HTTPS_PROXY=http://127.0.0.1:PORT); every CONNECT is logged as
"CONNECT HOST:PORT CONNECTION-NUMBER", so a test counts the tunnels a client asked for:
  proxy           opens the tunnel and relays it: a proxy that works
  proxy-407       407 Proxy Authentication Required (Proxy-Authenticate: Basic), kept alive
  proxy-502       502 Bad Gateway, kept alive (a proxy that cannot reach the server)
  proxy-close     reads the CONNECT, then closes without an answer
  proxy-tunnel-close  200 Connection established, then closes the tunnel
  proxy-down      a port bound but not listening: connecting to it is refused
"""

import argparse
import socket
import ssl
import struct
import sys
import threading
import time

H2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
DATA, HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY, WINDOW_UPDATE, CONTINUATION = (
    0, 1, 3, 4, 6, 7, 8, 9)
END_STREAM, END_HEADERS, ACK = 0x1, 0x4, 0x1
NO_ERROR, PROTOCOL_ERROR, INTERNAL_ERROR, REFUSED_STREAM = 0, 1, 2, 7


class Log:
    """The requests that reached the server whole, one line each."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def add(self, method, body, connection, refused=False):
        if not self.path:
            return
        with self.lock, open(self.path, "a") as file:
            file.write("%s %s %d%s\n" % (method, body.decode("latin-1") or "-", connection,
                                          " refused" if refused else ""))


class Faults:
    """How many requests still meet the fault: None for all of them."""

    def __init__(self, count):
        self.left, self.lock = count, threading.Lock()

    def take(self):
        with self.lock:
            if self.left is None:
                return True
            self.left -= 1
            return self.left >= 0


def receive(sock, buffer, count):
    """`count` bytes from `buffer` and then `sock`; None when the peer ends first."""
    while len(buffer) < count:
        chunk = sock.recv(65536)
        if not chunk:
            return None, buffer
        buffer += chunk
    return buffer[:count], buffer[count:]


# MARK: - HTTP/1.1

def serve_h1(sock, args, log, number, first=b""):
    buffer, served = first, 0
    while True:
        while b"\r\n\r\n" not in buffer:
            chunk = sock.recv(65536)
            if not chunk:
                return
            buffer += chunk
            if args.mode == "not-tls" and not buffer[:1].isalpha():
                sock.sendall(b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\n"
                             b"Content-Length: 0\r\n\r\n")
                return
        head, buffer = buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        method = lines[0].split(" ")[0]
        headers = dict((k.strip().lower(), v.strip())
                       for k, _, v in (line.partition(":") for line in lines[1:]))
        body, buffer = receive(sock, buffer, int(headers.get("content-length", "0")))
        if body is None:
            return
        log.add(method, body, number)
        reused = served > 0
        served += 1
        if args.mode == "dies" or (args.mode == "kept-dies" and reused):
            return
        if args.mode == "cut-body":
            sock.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 10000\r\n\r\n" + b"x" * 4000)
            return
        time.sleep(args.delay)
        status, text = (b"201 Created", b"created") if method != "GET" else (b"200 OK", b"ok")
        sock.sendall(b"HTTP/1.1 " + status + b"\r\nContent-Length: %d\r\n\r\n" % len(text)
                     + text)


# MARK: - HTTP/2

def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(
        ">I", stream) + payload


def integer(value, prefix_bits, first=0):
    """HPACK's integer with an N-bit prefix, `first` holding the bits above the prefix."""
    limit = (1 << prefix_bits) - 1
    if value < limit:
        return bytes([first | value])
    out, value = bytearray([first | limit]), value - limit
    while value >= 128:
        out.append((value & 127) | 128)
        value >>= 7
    out.append(value)
    return bytes(out)


def literal(name, value, indexing=False):
    """A header field as an HPACK literal with a new name, without Huffman coding."""
    name, value = name.encode(), value.encode()
    return (b"\x40" if indexing else b"\x00") + integer(len(name), 7) + name + integer(
        len(value), 7) + value


def headers_frames(stream, block, end_stream=False):
    """`block` as HEADERS and CONTINUATION frames of at most 16 KiB each."""
    pieces = [block[i:i + 16384] for i in range(0, len(block), 16384)] or [b""]
    out = b""
    for index, piece in enumerate(pieces):
        last = index == len(pieces) - 1
        flags = (END_HEADERS if last else 0) | (END_STREAM if end_stream and index == 0 else 0)
        out += frame(HEADERS if index == 0 else CONTINUATION, flags, stream, piece)
    return out


STATUS_200 = b"\x88"


def status(code):
    """The :status field with `code`, a literal of an indexed name (HPACK's static entry 8)."""
    return b"\x08\x03" + str(code).encode()


def response(stream, mode, method):
    """The frames that answer a request on `stream`; None closes the connection at once."""
    ok = headers_frames(stream, STATUS_200 + literal("content-length", "2")) + frame(
        DATA, END_STREAM, stream, b"ok")
    created = headers_frames(stream, b"\x00\x07:status\x03201" + literal(
        "content-length", "7")) + frame(DATA, END_STREAM, stream, b"created")
    head = lambda length: headers_frames(stream, STATUS_200 + literal("content-length", length))
    goaway = lambda code: frame(GOAWAY, 0, 0, struct.pack(">II", stream, code) + b"fault")
    below = frame(GOAWAY, 0, 0, struct.pack(">II", max(0, stream - 2), NO_ERROR))
    answers = {
        "ok": ok if method == "GET" else created,
        "goaway-before": goaway(INTERNAL_ERROR),
        "goaway-during": head("100000") + frame(DATA, 0, stream, b"z" * 1000) + goaway(
            NO_ERROR),
        "goaway-below": below,
        "goaway-above": frame(GOAWAY, 0, 0, struct.pack(">II", stream, NO_ERROR)),
        "goaway-during-below": head("100000") + frame(DATA, 0, stream, b"z" * 1000) + below,
        "cut-body": head("10000") + frame(DATA, 0, stream, b"x" * 4000),
        "refuse": frame(RST_STREAM, 0, stream, struct.pack(">I", REFUSED_STREAM)),
        "rst-internal": frame(RST_STREAM, 0, stream, struct.pack(">I", INTERNAL_ERROR)),
        "uppercase": headers_frames(stream, STATUS_200 + literal("X-Upper", "1") + literal(
            "content-length", "2")) + frame(DATA, END_STREAM, stream, b"ok"),
        "bad-pseudo": headers_frames(stream, STATUS_200 + literal(":path", "/") + literal(
            "content-length", "2")) + frame(DATA, END_STREAM, stream, b"ok"),
        "big-headers": headers_frames(stream, STATUS_200 + literal("x-big", "a" * 81920)
                                      + literal("content-length", "2")) + frame(
            DATA, END_STREAM, stream, b"ok"),
        "hpack-bomb": headers_frames(stream, STATUS_200 + literal("x-bomb", "b" * 4000, True)
                                     + b"\xbe" * 10000) + frame(DATA, END_STREAM, stream, b"ok"),
        "short-body": head("100") + frame(DATA, END_STREAM, stream, b"s" * 50),
        "long-body": head("10") + frame(DATA, END_STREAM, stream, b"l" * 50),
        "no-streams": frame(RST_STREAM, 0, stream, struct.pack(">I", REFUSED_STREAM)),
        "data-after-end": ok + frame(DATA, 0, stream, b"more"),
        "early-hints": headers_frames(stream, status(103) + literal(
            "link", "</style.css>; rel=preload; as=style")),
        "pings": b"".join(frame(PING, 0, 0, struct.pack(">Q", n)) for n in range(10000)) + ok,
    }
    return answers.get(mode)


def early_hints_large(stream):
    """Three 103 heads of 40 link fields each, then the 500 and its body."""
    links = b"".join(literal("link", "</static/asset-%d-%s.css>; rel=preload; as=style" % (
        number, "x" * 150)) for number in range(40))
    hints = headers_frames(stream, status(103) + links) * 3
    return hints + headers_frames(stream, status(500) + literal("content-length", "5")) + frame(
        DATA, END_STREAM, stream, b"error")


class LockedSocket:
    """A socket whose writes may come from several threads (answers sent later, on a timer)."""

    def __init__(self, sock):
        self.sock, self.lock = sock, threading.Lock()

    def recv(self, size):
        return self.sock.recv(size)

    def sendall(self, data):
        with self.lock:
            self.sock.sendall(data)


def serve_h2(sock, args, log, number):
    sock = LockedSocket(sock)
    preface, buffer = receive(sock, b"", len(H2_PREFACE))
    if preface != H2_PREFACE:
        return
    settings = struct.pack(">HI", 3, 0) if args.mode == "no-streams" else b""
    sock.sendall(frame(SETTINGS, 0, 0, settings))
    bodies, served, batch = {}, 0, []
    while True:
        head, buffer = receive(sock, buffer, 9)
        if head is None:
            return
        length = struct.unpack(">I", b"\0" + head[:3])[0]
        kind, flags, stream = head[3], head[4], struct.unpack(">I", head[5:9])[0] & 0x7FFFFFFF
        payload, buffer = receive(sock, buffer, length)
        if payload is None:
            return
        if kind == SETTINGS and not flags & ACK:
            sock.sendall(frame(SETTINGS, ACK, 0))
        if kind == PING and not flags & ACK:
            sock.sendall(frame(PING, ACK, 0, payload))
        if kind == HEADERS:
            # The method is not decoded (the client's HPACK is Huffman-coded): a request with a
            # body is a POST here, one without a GET.
            bodies[stream] = None if flags & END_STREAM else b""
        if kind == DATA and bodies.get(stream) is not None:
            bodies[stream] += payload
            if length:
                sock.sendall(frame(WINDOW_UPDATE, 0, 0, struct.pack(">I", length)) + frame(
                    WINDOW_UPDATE, 0, stream, struct.pack(">I", length)))
        if stream and (kind in (HEADERS, DATA)) and flags & END_STREAM:
            body = bodies.pop(stream, None)
            method = "GET" if body is None else "POST"
            mode = args.mode if args.faults.take() else "ok"
            refused = mode in ("goaway-below", "refuse", "no-streams")
            log.add(method, body or b"", number, refused=refused)
            reused = served > 0
            served += 1
            if mode == "dies" or (mode == "kept-dies" and reused):
                return
            if mode in ("ok", "kept-dies"):
                time.sleep(args.delay)
            if mode == "early-hints-large":
                # Built apart from the others: answered as soon as the third request is read.
                batch.append(early_hints_large(stream))
                if len(batch) < 3:
                    continue
                sock.sendall(b"".join(batch))
                batch = []
                continue
            answer = response(stream, "ok" if mode == "kept-dies" else mode, method)
            if answer is None:
                return
            sock.sendall(answer)
            if mode == "early-hints":
                # The final head later, on a timer: the next request's hints come between.
                final = headers_frames(stream, status(500) + literal("content-length", "5"))
                threading.Timer(args.delay, sock.sendall, [final + frame(
                    DATA, END_STREAM, stream, b"error")]).start()
            if mode.startswith("goaway-") or mode == "cut-body":
                time.sleep(0.05)
                return


# MARK: - CONNECT proxy

PROXY_ANSWERS = {
    "proxy-407": b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                 b"Proxy-Authenticate: Basic realm=\"fault\"\r\nContent-Length: 0\r\n\r\n",
    "proxy-502": b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n",
    "proxy-tunnel-close": b"HTTP/1.1 200 Connection established\r\n\r\n",
    "proxy": b"HTTP/1.1 200 Connection established\r\n\r\n",
}


def serve_proxy(sock, args, log, number):
    """CONNECTs on one connection to the proxy, answered as the mode says."""
    buffer = b""
    while True:
        while b"\r\n\r\n" not in buffer:
            chunk = sock.recv(65536)
            if not chunk:
                return
            buffer += chunk
        head, buffer = buffer.split(b"\r\n\r\n", 1)
        method, target = (head.decode("latin-1").split(" ") + ["", ""])[:2]
        log.add(method, target.encode("latin-1"), number)
        answer = PROXY_ANSWERS.get(args.mode) if method == "CONNECT" else None
        if answer is None:
            return
        sock.sendall(answer)
        if args.mode == "proxy-tunnel-close":
            return
        if args.mode == "proxy":
            host, _, port = target.rpartition(":")
            relay(sock, socket.create_connection((host.strip("[]"), int(port))), buffer)
            return


def relay(client, server, first):
    """Copies bytes both ways until either side ends."""
    server.sendall(first)

    def pump(source, sink):
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    other = threading.Thread(target=pump, args=(server, client), daemon=True)
    other.start()
    pump(client, server)
    other.join()
    server.close()


# MARK: - Accepting

def serve(listener, args, log, context):
    number = 0
    while True:
        try:
            sock, _ = listener.accept()
        except OSError:
            return
        number += 1
        threading.Thread(target=connection, args=(sock, args, log, context, number),
                         daemon=True).start()


def connection(sock, args, log, context, number):
    # As servers do: a small frame is not held back for the ACK of the one before (Nagle's
    # algorithm against the client's delayed ACK would add 40 ms to a fresh connection).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        if args.mode.startswith("proxy"):
            serve_proxy(sock, args, log, number)
            return
        if context:
            sock = context.wrap_socket(sock, server_side=True)
        if context and sock.selected_alpn_protocol() == "h2":
            serve_h2(sock, args, log, number)
        else:
            serve_h1(sock, args, log, number)
    except (OSError, ssl.SSLError):
        pass
    else:
        # A graceful end: what the client still sends is read, so the close is a FIN, not a
        # reset for unread bytes.
        try:
            sock.shutdown(socket.SHUT_WR)
            sock.settimeout(1)
            while sock.recv(65536):
                pass
        except (OSError, ssl.SSLError):
            pass
    finally:
        try:
            sock.close()
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--log")
    parser.add_argument("--delay", type=float, default=0)
    parser.add_argument("--faults", type=int)
    args = parser.parse_args()
    args.faults = Faults(args.faults)
    context = None
    if args.tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*args.tls)
        context.set_alpn_protocols(["h2", "http/1.1"])
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    if args.mode == "proxy-down":
        # Bound, so no other program takes the port; not listening, so a connect is refused.
        print("port %d" % listener.getsockname()[1], flush=True)
        sys.stdin.read()
        return
    listener.listen(64)
    print("port %d" % listener.getsockname()[1], flush=True)
    threading.Thread(target=serve, args=(listener, args, Log(args.log), context),
                     daemon=True).start()
    sys.stdin.read()


if __name__ == "__main__":
    main()
