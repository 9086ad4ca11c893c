#!/usr/bin/env python3
"""Measures a huge answer as a person feels it, through a real pty: people, foods and the
directory at 200,000 records from the stand-in's hostile switches — start → first frame with
data, and of that the share from the list's answer received (ROLO_TRACE_STARTUP's marks), End
until drawn, a search keystroke until its matches are drawn, rolo's peak memory — and how soon
`q` quits while the 200,000 are being read; a second start of the directory over its saved
200,000; then the 100 KB-field case (a 100,000-character first name, selected).

Usage: [MEASURE_SOURCES="directory"] python3 scripts/measure-load.py [path/to/rolo] [runs] [records] [server-rolo]
The stand-in is started from `server-rolo` (default: the rolo measured), so an older rolo
without the hostile switches can be measured against the new stand-in.
"""
import fcntl
import os
import pty
import re
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
import urllib.request

import rolopty

ROLO = sys.argv[1] if len(sys.argv) > 1 else ".build/release/rolo"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
RECORDS = int(sys.argv[3]) if len(sys.argv) > 3 else 200_000
SERVER = sys.argv[4] if len(sys.argv) > 4 else ROLO
COLUMNS, ROWS = 120, 40
END = b"\x1bOF"  # End in keypad-transmit mode
TIMEOUT = 120.0
# MEASURE_SOURCES=directory measures one source alone (and skips the 100 KB-field case).
SOURCES = os.environ.get("MEASURE_SOURCES", "people foods directory").split()





def wait_frame(fd, idle_file, after_frame):
    """Reads the screen until rolo has drawn a frame after `after_frame`; returns the seconds taken.
    A key's own frame, not the work it starts (people's End asks for the last row's detail
    after a rest of 120 ms, so waiting for idle would time the rest and the request)."""
    started = time.monotonic()
    while time.monotonic() - started < TIMEOUT:
        rolopty.read_available(fd, 0.001)
        _, frame = rolopty.idle_frame(idle_file)
        if frame > after_frame:
            return time.monotonic() - started
    raise SystemExit("rolo drew no frame")


def answered_to_first_frame(state_home):
    """Seconds from the list's answer received to the first frame with data, from the start-up
    trace in rolo's log: the steps after "list answered" up to "first frame with data"; nil
    for a source whose client marks no answer."""
    with open(os.path.join(state_home, "rolo", "rolo.log")) as handle:
        traced = [line.split("startup: ", 1)[1] for line in handle if "startup: " in line]
    steps = re.findall(r"([\w ,-]+?) \+([\d.]+)", traced[-1].split(" = ")[0]) if traced else []
    names = [name.strip(", ") for name, _ in steps]
    if "list answered" not in names:
        return None
    after = names.index("list answered") + 1
    return sum(float(value) for _, value in steps[after:]) / 1000


def traced_total(state_home, step):
    """Milliseconds from main to `step`, when the start-up trace in rolo's log ended at it."""
    with open(os.path.join(state_home, "rolo", "rolo.log")) as handle:
        traced = [line.split("startup: ", 1)[1] for line in handle if "startup: " in line]
    match = re.search(re.escape(step) + r" \+[\d.]+ = ([\d.]+) ms from main", traced[-1]) if traced else None
    return float(match.group(1)) / 1000 if match else None


def saved_directory(url):
    """A second start over the saved 200,000-person directory, RUNS times: start → the saved
    list drawn (the trace's first frame with data), start → idle (both cities answered, merged,
    sorted and saved again), and peak memory. A first start fills the saved file."""
    data_dir = tempfile.mkdtemp(prefix="rolo-data-")
    idle_file = tempfile.mktemp(prefix="rolo-idle-")
    pid, fd = spawn(arguments("directory", url, data_dir), idle_file)
    wait_idle(fd, idle_file, 0)
    quit_and_time(pid, fd)
    shown, idle, peaks = [], [], []
    for _ in range(RUNS):
        state_home = tempfile.mkdtemp(prefix="rolo-state-")
        os.unlink(idle_file)
        pid, fd = spawn(arguments("directory", url, data_dir), idle_file, state_home)
        idle.append(wait_idle(fd, idle_file, 0))
        peaks.append(rolopty.peak_memory_mb(pid))
        quit_and_time(pid, fd)
        drawn = traced_total(state_home, "first frame with data")
        if drawn is not None:
            shown.append(drawn)
    os.unlink(idle_file)
    print(f"A second start of the directory with {RECORDS:,} saved: saved list drawn "
          f"{ms(statistics.median(shown)) if shown else '—'} from main; idle (answered, sorted, saved) "
          f"{ms(statistics.median(idle))}; peak memory {statistics.median(peaks):.0f} MB")


def wait_idle(fd, idle_file, after_frame):
    """Reads the screen until rolo reports idle after `after_frame`; returns the seconds taken."""
    started = time.monotonic()
    while time.monotonic() - started < TIMEOUT:
        rolopty.read_available(fd, 0.002)
        idle, frame = rolopty.idle_frame(idle_file)
        if idle and frame > after_frame:
            return time.monotonic() - started
    raise SystemExit("rolo did not become idle")



def spawn(arguments, idle_file, state_home=None):
    env = dict(os.environ, TERM="xterm-256color", ROLO_IDLE_FILE=idle_file, LANG="C.UTF-8",
               HOME=tempfile.mkdtemp(prefix="rolo-home-"))
    if state_home:
        env.update(ROLO_TRACE_STARTUP="1", XDG_STATE_HOME=state_home)
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execvpe(ROLO, [ROLO, *arguments, "--images", "off"], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    return pid, fd


def quit_and_time(pid, fd):
    """Sends q and returns the seconds until the process has exited."""
    started = time.monotonic()
    os.write(fd, b"q")
    while True:
        rolopty.read_available(fd, 0.005)
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - started > TIMEOUT:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            break
    os.close(fd)
    return time.monotonic() - started


def arguments(source, url, data_dir=None):
    """rolo's arguments for `source`; the directory saves its list in `data_dir`, a fresh one
    (nothing saved yet) unless given."""
    if source == "people":
        return ["people", "--people-url", url]
    if source == "foods":
        return ["foods", "--foods-url", url + "/foods/api/v1/bench"]
    return ["directory", "--directory-url", url + "/directory/tallinn/employee_list",
            "--directory-url", url + "/directory/tartu/employee_list",
            "--data-dir", data_dir or tempfile.mkdtemp(prefix="rolo-data-")]


def warm(url, source):
    """Asks the stand-in once, so its one-off generation of the body isn't timed as rolo's."""
    paths = {"people": ["/employees"], "foods": ["/foods/api/v1/bench/food"],
             "directory": ["/directory/tallinn/employee_list", "/directory/tartu/employee_list"]}[source]
    for path in paths:
        with urllib.request.urlopen(url + path, timeout=TIMEOUT) as answer:
            answer.read()


def session(source, url):
    idle_file = tempfile.mktemp(prefix="rolo-idle-")
    state_home = tempfile.mkdtemp(prefix="rolo-state-")
    pid, fd = spawn(arguments(source, url), idle_file, state_home)
    first = wait_idle(fd, idle_file, 0)
    answered = answered_to_first_frame(state_home)
    _, frame = rolopty.idle_frame(idle_file)
    os.write(fd, END)
    end = wait_frame(fd, idle_file, frame)
    wait_idle(fd, idle_file, frame)
    _, frame = rolopty.idle_frame(idle_file)
    os.write(fd, b"/")
    wait_idle(fd, idle_file, frame)
    _, frame = rolopty.idle_frame(idle_file)
    os.write(fd, b"z")
    search = wait_idle(fd, idle_file, frame)
    peak = rolopty.peak_memory_mb(pid)
    _, frame = rolopty.idle_frame(idle_file)
    os.write(fd, b"\x1b")  # Esc leaves the search field, where q would be typed, not obeyed
    wait_idle(fd, idle_file, frame)
    quit_and_time(pid, fd)
    os.unlink(idle_file)
    return first, answered, end, search, peak


def quit_while_reading(source, url, stats):
    """Starts rolo, waits until the stand-in has counted its list request, then times q."""
    idle_file = tempfile.mktemp(prefix="rolo-idle-")
    before = list_requests(url, stats)
    pid, fd = spawn(arguments(source, url), idle_file)
    while list_requests(url, stats) == before:
        rolopty.read_available(fd, 0.005)
    took = quit_and_time(pid, fd)
    os.unlink(idle_file)
    return took


def list_requests(url, stats):
    with urllib.request.urlopen(url + "/__standin/stats", timeout=TIMEOUT) as answer:
        text = answer.read().decode()
    return sum(int(n) for name, n in re.findall(r'"([a-z.]+)"\s*:\s*(\d+)', text) if name in stats)


def ms(seconds):
    return f"{seconds * 1000:8.1f} ms"


def main():
    server, url = rolopty.start_stand_in(SERVER, "--records", str(RECORDS))
    try:
        print(f"{RECORDS:,} records per source, {COLUMNS}×{ROWS}, --images off, median of {RUNS} runs ({ROLO})")
        print(f"{'':44}" + "".join(f"{source:>12}" for source in SOURCES))
        rows = {"start → first frame with data": [], "  of which answer received → first frame": [],
                "End (until drawn)": [], "a search keystroke (until drawn)": [],
                "peak memory": [], "q while the list is being read": []}
        stats = {"people": {"people.list"}, "foods": {"foods.list"}, "directory": {"directory.tallinn", "directory.tartu"}}
        for source in SOURCES:
            warm(url, source)
            runs = [session(source, url) for _ in range(RUNS)]
            rows["start → first frame with data"].append(ms(statistics.median(r[0] for r in runs)))
            answered = [r[1] for r in runs if r[1] is not None]
            rows["  of which answer received → first frame"].append(ms(statistics.median(answered)) if answered else "—")
            rows["End (until drawn)"].append(ms(statistics.median(r[2] for r in runs)))
            rows["a search keystroke (until drawn)"].append(ms(statistics.median(r[3] for r in runs)))
            rows["peak memory"].append(f"{statistics.median(r[4] for r in runs):8.0f} MB")
            quits = [quit_while_reading(source, url, stats[source]) for _ in range(RUNS)]
            rows["q while the list is being read"].append(ms(statistics.median(quits)))
        for label, values in rows.items():
            print(f"  {label:42}" + "".join(f"{v:>12}" for v in values))
        if "directory" in SOURCES:
            saved_directory(url)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()

    if "people" not in SOURCES:
        return
    server, url = rolopty.start_stand_in(SERVER, "--huge-field", "100000")
    try:
        warm(url, "people")
        firsts, downs, quits = [], [], []
        for _ in range(RUNS):
            idle_file = tempfile.mktemp(prefix="rolo-idle-")
            pid, fd = spawn(["people", "--people-url", url], idle_file)
            firsts.append(wait_idle(fd, idle_file, 0))
            _, frame = rolopty.idle_frame(idle_file)
            os.write(fd, b"\r")
            downs.append(wait_idle(fd, idle_file, frame))
            quits.append(quit_and_time(pid, fd))
            os.unlink(idle_file)
        print(f"A 100,000-character first name: start → first frame {ms(statistics.median(firsts))}; "
              f"Enter on its row → drawn {ms(statistics.median(downs))}; q → exited {ms(statistics.median(quits))}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()


if __name__ == "__main__":
    rolopty.unwind_on_sigterm()
    main()
