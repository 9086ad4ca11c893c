#!/usr/bin/env python3
"""Measures what a person feels, through a real pty: time from start to the first frame with
data, and the bytes rolo writes for one ↓ (with the photo off, and with the photo changing);
then the pipedrive source with 100,000 persons stored against 100: launch to the first frame,
and rolo's peak memory after End and a filter.

Usage: python3 scripts/measure-terminal.py [path/to/rolo] [runs]
Starts `rolo demo-server --port 0` itself, so it needs nothing else running.
"""
import fcntl
import os
import pty
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

import rolopty

ROLO = sys.argv[1] if len(sys.argv) > 1 else ".build/release/rolo"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 9
COLUMNS, ROWS = 120, 40
DOWN = b"\x1bOB"  # ↓ as a terminal in keypad-transmit mode sends it





def wait_settled(fd, idle_file, after_frame, deadline=15.0):
    """Reads until rolo reports idle after `after_frame` and writes nothing for 0.3 s."""
    output = b""
    end = time.monotonic() + deadline
    quiet_since = time.monotonic()
    while time.monotonic() < end:
        chunk = rolopty.read_available(fd, 0.05)
        if chunk:
            output += chunk
            quiet_since = time.monotonic()
        idle, frame = rolopty.idle_frame(idle_file)
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
        output += rolopty.read_available(fd, 0.05)
        if b"Emmett" in output:  # ncurses may jump over the blank between words
            first_data = time.monotonic() - started
    wait_settled(fd, idle_file, 0)
    _, frame = rolopty.idle_frame(idle_file)
    os.write(fd, DOWN)
    down_bytes = len(wait_settled(fd, idle_file, frame))
    os.write(fd, b"q")
    while rolopty.read_available(fd, 0.2):
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    os.unlink(idle_file)
    return first_data, down_bytes


END = b"\x1bOF"  # End in keypad-transmit mode
PIPEDRIVE_FIRST = b"Donald"  # the stand-in's first person with the default seed


def pipedrive_env(idle_file, home):
    return dict(os.environ, TERM="xterm-256color", ROLO_IDLE_FILE=idle_file, LANG="C.UTF-8", HOME=home,
                PIPEDRIVE_API_TOKEN="standin-token")


def spawn_pipedrive(url, data, home, idle_file):
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execvpe(ROLO, [ROLO, "pipedrive", "--pipedrive-url", url + "/pipedrive", "--gravatar-url",
                          url + "/pipedrive/gravatar/", "--data-dir", data, "--images", "off"],
                   pipedrive_env(idle_file, home))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    return pid, fd


def quit_rolo(pid, fd):
    os.write(fd, b"q")
    while rolopty.read_available(fd, 0.2):
        pass
    os.waitpid(pid, 0)
    os.close(fd)



def pipedrive(persons):
    """Stores the stand-in's account of `persons` with a first launch, then times RUNS launches
    to the first frame from the database, and one session's peak memory after End and a filter."""
    server, url = rolopty.start_stand_in(ROLO, "--persons", str(persons))
    home = tempfile.mkdtemp(prefix="rolo-home-")
    data = tempfile.mkdtemp(prefix="rolo-pd-data-")
    idle_file = tempfile.mktemp(prefix="rolo-idle-")
    try:
        started = time.monotonic()
        pid, fd = spawn_pipedrive(url, data, home, idle_file)
        wait_settled(fd, idle_file, 0, deadline=600)
        load_seconds = time.monotonic() - started
        quit_rolo(pid, fd)
        firsts = []
        for _ in range(RUNS):
            started = time.monotonic()
            pid, fd = spawn_pipedrive(url, data, home, idle_file)
            output = b""
            while PIPEDRIVE_FIRST not in output and time.monotonic() - started < 15:
                output += rolopty.read_available(fd, 0.01)
            firsts.append((time.monotonic() - started) * 1000)
            quit_rolo(pid, fd)
        # One session as a user would have it: launched (a background refresh runs), End, a
        # filter, everything settled; then the peak resident memory.
        pid, fd = spawn_pipedrive(url, data, home, idle_file)
        wait_settled(fd, idle_file, 0, deadline=600)
        _, frame = rolopty.idle_frame(idle_file)
        os.write(fd, END)
        wait_settled(fd, idle_file, frame)
        _, frame = rolopty.idle_frame(idle_file)
        os.write(fd, b"/lovelace\r")
        wait_settled(fd, idle_file, frame)
        peak = rolopty.peak_memory_mb(pid)
        quit_rolo(pid, fd)
        return load_seconds, firsts, peak
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()


def main():
    measure_people()
    results = {n: pipedrive(n) for n in (100_000, 100)}
    print("")
    for n, (load_seconds, firsts, peak) in results.items():
        print(f"pipedrive, {n:>7} persons stored: first launch stores them in {load_seconds:5.1f} s; "
              f"launch → first frame: median {statistics.median(firsts):6.1f} ms (min {min(firsts):.1f}, "
              f"max {max(firsts):.1f}); peak memory after End and a filter: {peak:.0f} MB")
    ratio = statistics.median(results[100_000][1]) / statistics.median(results[100][1])
    print(f"first frame, 100,000 stored against 100: {ratio:.2f}×  ({RUNS} launches each, {COLUMNS}×{ROWS}, "
          "the stand-in running, so each launch also starts a background refresh)")


def measure_people():
    server, url = rolopty.start_stand_in(ROLO)
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
    rolopty.unwind_on_sigterm()
    main()
