"""The package graph as `swift package describe --type json` gives it, for the checks that
compare the code and the README with it (scripts/check-imports, scripts/layout)."""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def describe():
    """The package's description: its products and targets, each target with its path,
    sources and dependencies. SwiftPM may print build notes before the JSON; they are skipped."""
    output = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output[output.index("{"):])
