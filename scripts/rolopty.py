"""What the measuring scripts share: the stand-in started as a process, reading a pty without
blocking, and rolo's idle file (`ROLO_IDLE_FILE`), so a script waits for "idle", not for luck."""
import os
import re
import select
import signal
import subprocess
import sys
import time


def unwind_on_sigterm():
    """A SIGTERM (a stopped bench) unwinds through the script's finally blocks, which end the
    stand-in, the tmux servers and rolo it started, rather than leaving them running."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


def start_stand_in(rolo, *extra):
    """Starts `rolo demo-server --port 0` and returns the process and its base URL."""
    server = subprocess.Popen([rolo, "demo-server", "--port", "0", *extra], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+", line)
    if not match:
        server.kill()
        raise SystemExit(f"the stand-in did not start: {line!r}")
    return server, match.group(0)


def read_available(fd, timeout):
    """What `fd` has within `timeout` seconds (at most 64 KB), or b"" when nothing came."""
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def idle_frame(path):
    """(whether rolo is idle, its frame number) from its idle file; (False, 0) before the first."""
    idle, frame, _, _ = idle_report(path)
    return idle, frame


def idle_report(path):
    """(idle, frame, when the frame was drawn, when the last terminal event reached rolo) from
    its idle file, the times in CLOCK_MONOTONIC ns (as time.monotonic_ns()); (False, 0, 0, 0)
    before the first."""
    return idle_report_rows(path)[:4]


def idle_report_rows(path):
    """idle_report's four, and when the first frame after the event whose list showed another
    row count than before it was drawn (0: none): a keystroke's first matches on screen."""
    try:
        with open(path) as handle:
            state, frame, drawn, event, rows = (handle.read().split() + ["0", "0", "0"])[:5]
            return state == "idle", int(frame), int(drawn), int(event), int(rows)
    except (OSError, ValueError):
        return False, 0, 0, 0, 0


def wait_idle(path, after_frame=0, timeout=30.0):
    """Waits until rolo reports "idle N" with N > after_frame in its idle file; N, or None
    when it didn't within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        idle, frame = idle_frame(path)
        if idle and frame > after_frame:
            return frame
        time.sleep(0.02)
    return None


def peak_memory_mb(pid):
    """The peak resident memory of a running process, in MB (VmHWM)."""
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def descendants(pid):
    """Every process below pid, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    parent = int(handle.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found
