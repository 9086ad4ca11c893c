#!/usr/bin/env python3
"""Measures rolo's CPU time while it waits for an answer, through a real pty: rolo opens on
people against a stand-in that answers after 8 s (`--latency 8000`), and against a server that
takes the request and never answers; over 5 s of waiting, rolo's utime + stime from
/proc/PID/stat, and the part of it spent on the HTTP I/O thread (named rolo-http). The goal is
0.05 s or less (1 % of a core); what isn't the I/O thread's is the spinner's frames.

Usage: python3 scripts/measure-http.py [path/to/rolo] [runs]
"""
import importlib.util
import os
import pty
import socket
import statistics
import sys
import tempfile
import threading
import time

import rolopty

ROLO = sys.argv[1] if len(sys.argv) > 1 else ".build/release/rolo"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
WINDOW = 5.0
TICKS = os.sysconf("SC_CLK_TCK")

# The stand-in and pty helpers of the terminal measurements, which take the same arguments.
_spec = importlib.util.spec_from_file_location(
    "measure_terminal", os.path.join(os.path.dirname(os.path.abspath(__file__)), "measure-terminal.py"))
terminal = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(terminal)


def cpu_seconds(stat_path):
    """utime + stime in a /proc stat file, in seconds (fields 14 and 15, after the name)."""
    with open(stat_path) as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def http_thread_stat(pid):
    """The stat file of `pid`'s thread named rolo-http (it names itself as it starts)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/comm") as handle:
                if handle.read().strip() == "rolo-http":
                    return f"/proc/{pid}/task/{task}/stat"
        time.sleep(0.01)
    raise SystemExit("rolo has no thread named rolo-http")


def silent_server():
    """A server on 127.0.0.1 that accepts, reads the request and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held = []

    def accept():
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            held.append(connection)

    threading.Thread(target=accept, daemon=True).start()
    return listener, held, f"http://127.0.0.1:{listener.getsockname()[1]}"


def cpu_while_waiting(url):
    """rolo's CPU seconds, and its I/O thread's, over WINDOW seconds of waiting for `url`."""
    idle_file = tempfile.mktemp(prefix="rolo-idle-")
    env = dict(os.environ, TERM="xterm-256color", ROLO_IDLE_FILE=idle_file, LANG="C.UTF-8",
               HOME=tempfile.mkdtemp(prefix="rolo-home-"))
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(ROLO, [ROLO, "people", "--people-url", url, "--images", "off"], env)
    deadline = time.monotonic() + 15
    while not os.path.exists(idle_file) and time.monotonic() < deadline:
        rolopty.read_available(fd, 0.05)
    http = http_thread_stat(pid)
    before, http_before = cpu_seconds(f"/proc/{pid}/stat"), cpu_seconds(http)
    end = time.monotonic() + WINDOW
    while time.monotonic() < end:
        rolopty.read_available(fd, end - time.monotonic())
    used, http_used = cpu_seconds(f"/proc/{pid}/stat") - before, cpu_seconds(http) - http_before
    terminal.quit_rolo(pid, fd)
    os.unlink(idle_file)
    return used, http_used


def report(label, samples):
    totals = [total for total, _ in samples]
    median = statistics.median(totals)
    http = statistics.median(thread for _, thread in samples)
    print(f"{label:46}: {median:.2f} s of CPU in {WINDOW:.0f} s ({median / WINDOW * 100:.1f} % of a core; "
          f"min {min(totals):.2f}, max {max(totals):.2f}); the HTTP I/O thread: {http:.2f} s")


def main():
    server, url = rolopty.start_stand_in(terminal.ROLO, "--latency", "8000")
    try:
        report("CPU while waiting, stand-in --latency 8000", [cpu_while_waiting(url) for _ in range(RUNS)])
    finally:
        server.terminate()
        server.wait()
    listener, held, url = silent_server()
    try:
        report("CPU while waiting, a server that never answers", [cpu_while_waiting(url) for _ in range(RUNS)])
    finally:
        listener.close()
        for connection in held:
            connection.close()
    print(f"{RUNS} runs each, rolo people --images off in a pty; goal: 0.05 s or less")


if __name__ == "__main__":
    rolopty.unwind_on_sigterm()
    main()
