#!/usr/bin/env python3
"""Measures what a person feels, through a real pty: time from start to the first frame with
data, and the bytes rolo writes for one ↓ (with the photo off, and with the photo changing).

Usage: python3 scripts/measure-terminal.py [path/to/rolo] [runs]
Starts `rolo demo-server --port 0` itself, so it needs nothing else running.
"""
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROLO = sys.argv[1] if len(sys.argv) > 1 else ".build/release/rolo"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 9
COLUMNS, ROWS = 120, 40
DOWN = b"\x1bOB"  # ↓ as a terminal in keypad-transmit mode sends it


def start_stand_in():
    server = subprocess.Popen([ROLO, "demo-server", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+", line)
    if not match:
        server.kill()
        raise SystemExit(f"the stand-in did not start: {line!r}")
    return server, match.group(0)


def read_available(fd, timeout):
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def idle_frame(path):
    try:
        with open(path) as handle:
            state, frame = handle.read().split()
            return state == "idle", int(frame)
    except (OSError, ValueError):
        return False, 0


def wait_settled(fd, idle_file, after_frame, deadline=15.0):
    """Reads until rolo reports idle after `after_frame` and writes nothing for 0.3 s."""
    output = b""
    end = time.monotonic() + deadline
    quiet_since = time.monotonic()
    while time.monotonic() < end:
        chunk = read_available(fd, 0.05)
        if chunk:
            output += chunk
            quiet_since = time.monotonic()
        idle, frame = idle_frame(idle_file)
        if idle and frame > after_frame and time.monotonic() - quiet_since > 0.3:
            return output
    raise SystemExit("rolo did not settle")


def one_run(url, images, colorterm):
    idle_file = tempfile.mktemp(prefix="rolo-idle-")
    env = dict(os.environ, TERM="xterm-256color", ROLO_IDLE_FILE=idle_file, LANG="C.UTF-8",
               HOME=tempfile.mkdtemp(prefix="rolo-home-"))
    env.pop("COLORTERM", None)
    if colorterm:
        env["COLORTERM"] = colorterm
    started = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execvpe(ROLO, [ROLO, "people", "--people-url", url, "--images", images], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    output = b""
    first_data = None
    while first_data is None and time.monotonic() - started < 15:
        output += read_available(fd, 0.05)
        if b"Emmett" in output:  # ncurses may jump over the blank between words
            first_data = time.monotonic() - started
    wait_settled(fd, idle_file, 0)
    _, frame = idle_frame(idle_file)
    os.write(fd, DOWN)
    down_bytes = len(wait_settled(fd, idle_file, frame))
    os.write(fd, b"q")
    while read_available(fd, 0.2):
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    os.unlink(idle_file)
    return first_data, down_bytes


def main():
    server, url = start_stand_in()
    try:
        for images, colorterm in (("off", ""), ("auto", ""), ("auto", "truecolor")):
            firsts, downs = [], []
            for _ in range(RUNS):
                first, down = one_run(url, images, colorterm)
                firsts.append(first * 1000)
                downs.append(down)
            label = f"--images {images}" + (f", COLORTERM={colorterm}" if colorterm else "")
            print(f"{label:32}: start → first frame with data: median {statistics.median(firsts):6.1f} ms "
                  f"(min {min(firsts):.1f}, max {max(firsts):.1f}); bytes for one ↓: median {statistics.median(downs):.0f} "
                  f"(min {min(downs)}, max {max(downs)})")
        print(f"{RUNS} runs each, {COLUMNS}×{ROWS}, TERM=xterm-256color, against rolo demo-server on 127.0.0.1")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()


if __name__ == "__main__":
    main()
