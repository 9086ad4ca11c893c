#!/usr/bin/env python3
"""Runs a command and fails if any process it started is still alive when it ends.

    python3 scripts/no-survivors.py make test

This process becomes a child subreaper (PR_SET_CHILD_SUBREAPER), so every descendant of the
command, including daemons that fork away from it (tmux's server), is re-parented here rather
than to init when its parent dies; and every process inherits ROLO_TEST_RUN=<token> from here.
When the command exits, what is still running below this process, or carries the token in its
environment, survived it: each is printed with its command line, killed, and the exit status is
1 (else the command's own).
"""
import ctypes
import os
import signal
import subprocess
import sys
import time
import uuid

PR_SET_CHILD_SUBREAPER = 36


def processes():
    """(pid, parent pid, state) of every process in /proc."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        yield int(entry), int(fields[1]), fields[0]


def carries(pid, marker):
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            return marker in f.read().split(b"\0")
    except OSError:
        return False


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def reap():
    """Collects the exit status of every dead child, so zombies are not counted as alive."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def survivors(marker):
    me = os.getpid()
    table = [(pid, parent) for pid, parent, state in processes() if state not in ("Z", "X")]
    children = {}
    for pid, parent in table:
        children.setdefault(parent, []).append(pid)
    found, queue = set(), list(children.get(me, []))
    while queue:
        pid = queue.pop()
        if pid not in found:
            found.add(pid)
            queue += children.get(pid, [])
    found |= {pid for pid, _ in table if pid != me and carries(pid, marker)}
    return sorted(found)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: no-survivors.py COMMAND [ARGUMENT...]")
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit(f"no-survivors: prctl(PR_SET_CHILD_SUBREAPER): {os.strerror(ctypes.get_errno())}")
    token = f"{uuid.uuid4()}"
    marker = f"ROLO_TEST_RUN={token}".encode()
    environment = dict(os.environ, ROLO_TEST_RUN=token)
    status = subprocess.call(sys.argv[1:], env=environment)
    reap()
    left = survivors(marker)
    if not left:
        return status
    print(f"no-survivors: {len(left)} process(es) started by `{' '.join(sys.argv[1:])}` outlived it:",
          file=sys.stderr)
    for pid in left:
        print(f"  {pid}  {command_line(pid)}", file=sys.stderr)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    # Killed descendants are re-parented here; wait for them so none is left as a zombie.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(pid in left for pid, _, state in processes() if state != "Z"):
        reap()
        time.sleep(0.01)
    reap()
    return 1


if __name__ == "__main__":
    sys.exit(main())
