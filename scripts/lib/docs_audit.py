#!/usr/bin/env python3
"""Checks the documentation of one module's public symbols, from its symbol graph.

    docs_audit.py SYMBOL_GRAPH_DIR LANDING_PAGE.md

Every public symbol has a doc comment; one with parameters documents them (`- Parameters:` or
`- Parameter name:`), one with a result other than Void documents it (`- Returns:`), one that
throws says what (`- Throws:`), as Swift's DocC convention asks (initializers too, but for
`- Returns:`). Every top-level symbol is listed in a `## Topics` group of the landing page, so
none is left to DocC's automatic groups. DocC itself checks that documented parameters exist
and that links resolve; this checks what it does not. Prints each problem as FILE:LINE and exits
1 when there is one.
"""

import glob
import json
import os
import re
import sys


def doc_text(symbol):
    comment = symbol.get("docComment")
    if not comment:
        return None
    return "\n".join(line["text"] for line in comment.get("lines", []))


def throws(symbol):
    """Whether the declaration itself throws: `throws` or `rethrows` outside its parentheses
    (a closure parameter's `throws` is the closure's)."""
    depth = 0
    for fragment in symbol.get("declarationFragments", []):
        text = fragment.get("spelling", "")
        if fragment.get("kind") == "keyword" and text in ("throws", "rethrows") and depth == 0:
            return True
        if fragment.get("kind") == "text":
            depth += text.count("(") - text.count(")")
    return False


def returns_value(symbol):
    returns = "".join(
        part.get("spelling", "") for part in symbol.get("functionSignature", {}).get("returns", [])
    )
    return returns not in ("", "()", "Void")


def where(symbol):
    location = symbol.get("location", {})
    path = location.get("uri", "").replace("file://", "")
    path = os.path.relpath(path) if path else "?"
    return f"{path}:{location.get('position', {}).get('line', 0) + 1}"


def main():
    graph_dir, landing = sys.argv[1:3]
    problems = []
    top_level = set()
    for path in sorted(glob.glob(os.path.join(graph_dir, "*.symbols.json"))):
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        extends_other_module = "@" in os.path.basename(path)
        for symbol in graph["symbols"]:
            # Default implementations of another module's protocols (`!=` of `Equatable`…)
            # carry that module's documentation, which this one cannot change.
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            name = ".".join(symbol["pathComponents"])
            kind = symbol["kind"]["identifier"]
            if len(symbol["pathComponents"]) == 1 and not extends_other_module:
                top_level.add(symbol["pathComponents"][0])
            text = doc_text(symbol)
            if text is None or not text.strip():
                problems.append(f"{where(symbol)}: {name} has no documentation comment")
                continue
            signature = symbol.get("functionSignature")
            if signature is None:
                continue
            missing = []
            if signature.get("parameters") and not re.search(r"^\s*- Parameters?\b", text, re.M):
                missing.append("- Parameters:")
            if kind != "swift.init" and returns_value(symbol) and not re.search(
                r"^\s*- Returns:", text, re.M
            ):
                missing.append("- Returns:")
            if throws(symbol) and not re.search(r"^\s*- Throws:", text, re.M):
                missing.append("- Throws:")
            if missing:
                problems.append(f"{where(symbol)}: {name} documents no {', '.join(missing)}")
    with open(landing, encoding="utf-8") as file:
        page = file.read()
    topics = page.split("\n## Topics", 1)[1] if "\n## Topics" in page else ""
    listed = set(re.findall(r"^- ``([^`/(]+)", topics, re.M))
    for name in sorted(top_level - listed):
        problems.append(f"{landing}: ## Topics does not list ``{name}``")
    for problem in problems:
        print(f"docs: {problem}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
