"""How both benchmark servers (http_proxy.py, owner_server.py) answer a request, as GitHub
does: the body gzipped when the request accepts gzip, then the status, the headers and the
body with its length."""
import gzip


def send(handler, status, headers, body):
    """Answers `handler`'s request with `status`, `headers` (name, value pairs) and `body`;
    returns the body as sent (gzipped or not)."""
    if body and "gzip" in handler.headers.get("Accept-Encoding", ""):
        body = gzip.compress(body, compresslevel=6)
        headers = headers + [("Content-Encoding", "gzip")]
    handler.send_response(status)
    for name, value in headers:
        handler.send_header(name, value)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)
    return body
