#!/usr/bin/env python3
"""A GitHub-shaped HTTPS server with ten owners of 600 repositories each, for
bench/owners.py (the built-in server has six owners, of 36 repositories at most).

Usage: owner_server.py FOLDER [--latency SECONDS]
FOLDER holds server.pem and server.key (bench/test-ca.sh) and templates.json: one organization,
one user and one repository object as `loader-tui serve-demo` sends them, with @LOGIN@, @NAME@,
@BASE@ in place of the owner, the repository and the server's URL. Serves /users/NAME (its
"type" says Organization or User), /orgs/NAME (404 for a user), /orgs/NAME/repos and
/users/NAME/repos (per_page up to 100, Link rel="next"/"last"/"prev"/"first"), each with an ETag
(a 304 when If-None-Match names it), the rate-limit headers, and gzip when the request accepts
it, as GitHub answers. Every answer waits SECONDS first (default 0). Prints its port, then
appends "STATUS PATH" for each request to FOLDER/requests.log.
"""
import copy
import hashlib
import http.server
import json
import os
import ssl
import sys
import threading
import time
import urllib.parse

import http_reply

# Six organizations, then four users; each with REPOS repositories.
OWNERS = ["aurora-labs", "basalt-io", "cobalt-works", "delta-forge", "ember-collective",
          "fjord-systems", "grace-hopkins", "hugo-kaplan", "iris-moreau", "jonas-petersen"]
USERS = set(OWNERS[6:])
REPOS = 600
LANGUAGES = ["Swift", "Kotlin", "Go", "Rust", "Python", "TypeScript", "C", None]
WORDS = ("fast small safe typed async lazy tiny modular portable reactive declarative "
         "offline cached streaming").split()

FOLDER, LATENCY, TEMPLATES = "", 0.0, {}
log_lock = threading.Lock()
cache = {}
base = ""


def fill(value, login, name):
    if isinstance(value, str):
        return value.replace("@BASE@", base).replace("@LOGIN@", login).replace("@NAME@", name)
    if isinstance(value, list):
        return [fill(item, login, name) for item in value]
    if isinstance(value, dict):
        return {key: fill(item, login, name) for key, item in value.items()}
    return value


def owner_object(index):
    login = OWNERS[index]
    kind = "user" if login in USERS else "organization"
    owner = fill(copy.deepcopy(TEMPLATES[kind]), login, "")
    owner.update(id=3000 + index, public_repos=REPOS,
                 name=login.replace("-", " ").title(), node_id=f"MDQ6T3duZXIz{index:04}")
    return owner


def repository(index, number):
    login = OWNERS[index]
    name = f"{login}-{WORDS[number % len(WORDS)]}-{number:03}"
    repo = fill(copy.deepcopy(TEMPLATES["repository"]), login, name)
    stars = (number * 7919 + index * 131) % 5000
    repo.update(
        id=400_000_000 + index * 10_000 + number, name=name, full_name=f"{login}/{name}",
        description=f"{WORDS[(number * 3) % len(WORDS)].title()} "
                    f"{WORDS[(number * 5 + 1) % len(WORDS)]} library number {number} of {login}"
                    + " for the terminal" * (number % 4),
        language=LANGUAGES[(number + index) % len(LANGUAGES)], fork=number % 9 == 0,
        stargazers_count=stars, watchers_count=stars, watchers=stars, forks_count=stars // 10,
        forks=stars // 10, open_issues_count=number % 17, open_issues=number % 17,
        size=1000 + number * 37, created_at=f"20{10 + number % 15}-0{1 + number % 9}-1"
        f"{number % 10}T10:00:00Z", topics=[WORDS[number % len(WORDS)], "bench"])
    if "owner" in repo:
        repo["owner"]["id"] = 3000 + index
        repo["owner"]["type"] = "User" if login in USERS else "Organization"
    return repo


def page(index, kind, per_page, number):
    """The body and Link header of one page, made once."""
    key = (index, kind, per_page, number)
    if key not in cache:
        pages = max(1, -(-REPOS // per_page))
        first = (number - 1) * per_page
        items = [repository(index, n + 1) for n in range(first, min(first + per_page, REPOS))]
        path = f"{base}/{kind}/{OWNERS[index]}/repos?per_page={per_page}&page="
        links = []
        if number < pages:
            links += [f'<{path}{number + 1}>; rel="next"', f'<{path}{pages}>; rel="last"']
        if number > 1:
            links += [f'<{path}{number - 1}>; rel="prev"', f'<{path}1>; rel="first"']
        cache[key] = (json.dumps(items, separators=(",", ":")).encode(), ", ".join(links))
    return cache[key]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        parts = url.path.strip("/").split("/")
        query = dict(urllib.parse.parse_qsl(url.query))
        index = OWNERS.index(parts[1].lower()) if len(parts) > 1 and \
            parts[1].lower() in OWNERS else None
        body, link = None, ""
        if index is not None and len(parts) == 2 and parts[0] in ("users", "orgs"):
            if parts[0] == "users" or OWNERS[index] not in USERS:
                body = json.dumps(owner_object(index), separators=(",", ":")).encode()
        elif index is not None and len(parts) == 3 and parts[2] == "repos" and \
                parts[0] == ("users" if OWNERS[index] in USERS else "orgs"):
            per_page = max(1, min(100, int(query.get("per_page", 30))))
            body, link = page(index, parts[0], per_page, max(1, int(query.get("page", 1))))
        time.sleep(LATENCY)
        headers = [("Content-Type", "application/json; charset=utf-8"),
                   ("X-GitHub-Api-Version-Selected", "2022-11-28"),
                   ("x-ratelimit-limit", "5000"), ("x-ratelimit-remaining", "4990"),
                   ("x-ratelimit-reset", str(int(time.time()) + 3600)),
                   ("x-ratelimit-resource", "core")]
        status = 200
        if body is None:
            status, body = 404, b'{"message":"Not Found","documentation_url":' \
                b'"https://docs.github.com/rest","status":"404"}'
        else:
            tag = '"' + hashlib.md5(body + link.encode()).hexdigest()[:16] + '"'
            headers.append(("ETag", tag))
            if link:
                headers.append(("Link", link))
            if tag in self.headers.get("If-None-Match", ""):
                status, body = 304, b""
        http_reply.send(self, status, headers, body)
        with log_lock, open(os.path.join(FOLDER, "requests.log"), "a") as file:
            file.write(f"{status} {self.path}\n")

    def log_message(self, *args):
        pass


def main():
    global base, FOLDER, LATENCY, TEMPLATES
    FOLDER = sys.argv[1]
    LATENCY = float(sys.argv[sys.argv.index("--latency") + 1]) if "--latency" in sys.argv else 0
    TEMPLATES = json.load(open(os.path.join(FOLDER, "templates.json")))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(FOLDER, "server.pem"),
                            os.path.join(FOLDER, "server.key"))
    server.socket = context.wrap_socket(server.socket, server_side=True)
    base = f"https://127.0.0.1:{server.server_address[1]}"
    for index in range(len(OWNERS)):  # every page made before the first request
        for kind in ("users", "orgs"):
            for number in range(1, -(-REPOS // 100) + 1):
                page(index, kind, 100, number)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
