"""What every end-to-end script shares: one check, the lists of what passed and failed, and
the closing line .ci/run counts ("e2e NAME: N passed, N failed")."""

passed = []
failures = []


def check(description, ok, details=None):
    """Records `description` as passed or failed; on a failure prints `details` (a string or
    lines) under it."""
    if ok:
        print(f"ok: {description}", flush=True)
        passed.append(description)
    else:
        print(f"FAIL: {description}", flush=True)
        if details:
            print(details if isinstance(details, str) else "\n".join(details), flush=True)
        failures.append(description)


def fail(description, details=None):
    """Records `description` as failed, with `details`."""
    check(description, False, details)


def summary(name=None):
    """The closing line .ci/run counts; returns the exit status (1 when anything failed)."""
    label = f"e2e {name}" if name else "e2e"
    print(f"{label}: {len(passed)} passed, {len(failures)} failed", flush=True)
    return 1 if failures else 0
