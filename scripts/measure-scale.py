#!/usr/bin/env python3
"""Measures a configured source of a million stored records beside one of 100, as a person
feels it, through tmux (a terminal that draws what both send, which a raw pty's stream of
optimised updates doesn't show whole); and VisiData, the peer a user would reach for, opening
the same records as a JSONL file. The screen is read with `capture-pane` in a tight loop, so
a figure is late by a poll at most (a few ms).

rolo: the stand-in's `/bulk/records` (offset-paged, 1,000 a page) stored by `rolo dump` (its
records a second, the JSONL it writes after storing them included) and by rolo opened on the
source with nothing stored (records stored a second, until its status line counts them all), then RUNS relaunches with the API unreachable (the stored list alone):
launch → first frame with data (the first record's email on the screen), End pressed as soon as
that frame is seen → the last record's email on the screen, a search keystroke → its matches
drawn (by rolo's own clock, from tmux's send-keys and from the key reaching rolo), the next
keystroke narrowing it, a first keystroke again → its first matches drawn (a big list shows its
first screenful while it counts the rest) and → all of them counted, and the process's peak
memory.

VisiData (from PyPI, into a venv of the bench's own, VISIDATA_VENV or .build-release/visidata-venv):
launch → first frame with the first record, → every record loaded (its status names them all),
and its peak memory.

Usage: python3 scripts/measure-scale.py [path/to/rolo[,path/to/other-rolo…]] [runs] [records]; NO_PEER=1
leaves VisiData out. Several binaries (this commit's and an older one's) are measured in one run,
their relaunches taking turns, so that a shared machine's load falls on each alike.
"""
import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import rolopty

# One binary, or several apart by commas ("new,old"), whose relaunches take turns.
ROLOS = (sys.argv[1] if len(sys.argv) > 1 else ".build-release/release/rolo").split(",")
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
RECORDS = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
SMALL = 100
COLUMNS, ROWS = 120, 40
TIMEOUT = 600.0
VENV = os.environ.get("VISIDATA_VENV", ".build-release/visidata-venv")
FIRST_NAMES = ["Ann", "Mart", "Kadri", "Jüri", "Liis", "Oleg", "Анна", "Priit", "Mari", "Tõnu", "Sofia", "Chen"]
LAST_NAMES = ["Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane", "Ilves", "Pärn", "Koppel", "Smith", "Иванов"]
CITIES = ["Tallinn", "Tartu", "Narva", "Pärnu", "Viljandi", "Rakvere"]

CONFIG = """
[[sources]]
name = "bulk"
title = "Bulk"
url = "{url}/bulk/records?total={total}"
records = "records"
id = "id"
max_records = {total}
label = "{{first_name}} {{last_name}}"
columns = [ {{ title = "Email", value = "{{email}}" }}, {{ title = "City", value = "{{address.city}}" }} ]

[sources.paging]
style = "offset"
param = "offset"
first = 0
size_param = "limit"
size = 1000
total = "total"
"""


def record(number):
    """Record `number` as the stand-in's /bulk/records writes it."""
    return {"id": number, "first_name": FIRST_NAMES[number % 12], "last_name": LAST_NAMES[(number // 7) % 12],
            "email": f"user{number}@example.com",
            "address": {"city": CITIES[number % 6], "zip": f"1{number % 9000}"}, "active": number % 3 == 0}


class Pane:
    """`command` run alone in a tmux server of its own, COLUMNS×ROWS."""

    def __init__(self, command, env):
        self.socket = f"rolo-scale-{os.getpid()}-{time.monotonic_ns()}"
        line = " ".join(f"{name}={shlex.quote(value)}" for name, value in env.items())
        line += " exec " + " ".join(shlex.quote(part) for part in command)
        self.tmux("new-session", "-d", "-x", str(COLUMNS), "-y", str(ROWS), line)
        self.pid = int(self.tmux("display", "-p", "#{pane_pid}").strip())

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], check=True, capture_output=True, text=True).stdout

    def screen(self):
        return self.tmux("capture-pane", "-p")

    def wait_text(self, needle, started):
        """Polls the screen until `needle` is on it; the seconds since `started`."""
        while time.monotonic() - started < TIMEOUT:
            if needle in self.screen():
                return time.monotonic() - started
        raise SystemExit(f"{needle!r} never came on screen:\n{self.screen()}")

    def keys(self, *keys):
        self.tmux("send-keys", *keys)

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], check=False, capture_output=True)


def stored(rolo, url, total):
    """A folder whose data directory holds `total` records stored by `rolo dump`, and the
    records stored a second."""
    folder = tempfile.mkdtemp(prefix="rolo-scale-")
    data_dir, home = os.path.join(folder, "data"), os.path.join(folder, "home")
    os.makedirs(home)
    fetch, offline = os.path.join(folder, "fetch.toml"), os.path.join(folder, "offline.toml")
    with open(fetch, "w") as handle:
        handle.write(CONFIG.format(url=url, total=total))
    with open(offline, "w") as handle:
        # Nothing listens on port 9: the relaunch shows the stored list and says it is offline.
        handle.write(CONFIG.format(url="http://127.0.0.1:9", total=total))
    started = time.monotonic()
    subprocess.run([rolo, "dump", "bulk", "--config", fetch, "--data-dir", data_dir, "--format", "jsonl"],
                   stdout=subprocess.DEVNULL, check=True, env=dict(os.environ, HOME=home))
    return folder, total / (time.monotonic() - started)


def loaded(rolo, url, total):
    """Records stored a second when rolo is opened on the source with nothing stored: from the
    launch until its status line counts every record and says no more that it is loading. The
    screen is read every 50 ms, not in a tight loop, so the poll takes no core from rolo."""
    folder = tempfile.mkdtemp(prefix="rolo-scale-")
    home, config = os.path.join(folder, "home"), os.path.join(folder, "fetch.toml")
    os.makedirs(home)
    with open(config, "w") as handle:
        handle.write(CONFIG.format(url=url, total=total))
    started = time.monotonic()
    pane = Pane([rolo, "bulk", "--config", config, "--data-dir", os.path.join(folder, "data"), "--images", "off"],
                {"HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8"})
    try:
        while time.monotonic() - started < TIMEOUT:
            status = pane.screen().splitlines()[-2]
            if f" {total} records " in status and "loading" not in status:
                seconds = time.monotonic() - started
                break
            time.sleep(0.05)
        else:
            raise SystemExit(f"the list never finished loading:\n{pane.screen()}")
        pane.keys("q")
        wait_gone(pane.pid)
    finally:
        pane.close()
        subprocess.run(["rm", "-rf", folder], check=False)
    return total / seconds


def relaunch(rolo, folder, total):
    """(first frame, End, keystroke, peak MB) of one relaunch over the records in `folder`, the
    process gone before it returns, so the next launch doesn't share the cores with its exit."""
    idle_file = tempfile.mktemp(prefix="rolo-idle-")
    home = os.path.join(folder, "home")
    started = time.monotonic()
    pane = Pane([rolo, "bulk", "--config", os.path.join(folder, "offline.toml"), "--data-dir", os.path.join(folder, "data"),
                 "--images", "off"], {"ROLO_IDLE_FILE": idle_file, "HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8"})
    try:
        first = pane.wait_text("user0@example.com", started)
        pressed = time.monotonic()
        pane.keys("End")
        end = pane.wait_text(f"user{total - 1}@example.com", pressed)
        frame = rolopty.wait_idle(idle_file, 0, TIMEOUT)
        pane.keys("/")
        frame = rolopty.wait_idle(idle_file, frame, TIMEOUT)
        typed = time.monotonic_ns()
        pane.keys("9")
        frame = rolopty.wait_idle(idle_file, frame, TIMEOUT)
        # Timed by rolo's own clock readings (CLOCK_MONOTONIC, as monotonic_ns): when the frame
        # with the matches was drawn, from the key sent (tmux's send-keys and its pane included)
        # and from the key reaching rolo's main actor; the file's poll adds nothing.
        _, _, drawn, event = rolopty.idle_report(idle_file)
        keystroke, inside = (drawn - typed) / 1e9, (drawn - event) / 1e9
        # The next character, as typing goes on: "99" narrows what "9" matched.
        typed = time.monotonic_ns()
        pane.keys("9")
        frame = rolopty.wait_idle(idle_file, frame, TIMEOUT)
        _, _, drawn, event, changed = rolopty.idle_report_rows(idle_file)
        narrowing, narrowing_inside = (drawn - typed) / 1e9, (drawn - event) / 1e9
        narrowing_first = ((changed or drawn) - event) / 1e9
        # A first keystroke again ("8"), timed until its first matches are drawn: a big list
        # shows them while it counts the rest. rolo's idle file names when the first frame after
        # the key with another row count than before it was drawn.
        pane.keys("Escape")
        frame = rolopty.wait_idle(idle_file, frame, TIMEOUT)
        pane.keys("/")
        frame = rolopty.wait_idle(idle_file, frame, TIMEOUT)
        typed = time.monotonic_ns()
        pane.keys("8")
        rolopty.wait_idle(idle_file, frame, TIMEOUT)
        _, _, drawn, event, changed = rolopty.idle_report_rows(idle_file)
        # A build from before the idle file named it: its matches came in one frame, the last.
        changed = changed or drawn
        first_matches, first_inside = (changed - typed) / 1e9, (changed - event) / 1e9
        counted_inside = (drawn - event) / 1e9
        peak = rolopty.peak_memory_mb(pane.pid)
        pane.keys("Escape")
        pane.keys("q")
        wait_gone(pane.pid)
    finally:
        pane.close()
    os.unlink(idle_file)
    return (first, end, keystroke, peak, inside, narrowing, narrowing_inside, first_matches, first_inside, counted_inside,
            narrowing_first)


def wait_gone(pid):
    """Waits until `pid` has exited (a zombie counts as gone)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as handle:
                if handle.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return
        except (FileNotFoundError, ProcessLookupError, IndexError):
            return
        time.sleep(0.005)


def rolo_figures(url, total):
    """Per binary of ROLOS: ((records a second by `rolo dump`, stored a second by the screen),
    [(first frame, End, keystroke, peak MB,
    keystroke inside rolo, the next keystroke, it inside rolo)]
    per relaunch). The binaries' relaunches take turns, so a load that comes and goes on a
    shared machine falls on each alike."""
    folders, rates, runs = [], [], [[] for _ in ROLOS]
    try:
        for rolo in ROLOS:
            folder, rate = stored(rolo, url, total)
            folders.append(folder)
            rates.append((rate, loaded(rolo, url, total)))
        for _ in range(RUNS):
            for number, rolo in enumerate(ROLOS):
                runs[number].append(relaunch(rolo, folders[number], total))
    finally:
        for folder in folders:
            subprocess.run(["rm", "-rf", folder], check=False)
    return list(zip(rates, runs))


def visidata_figures(total):
    """[(first frame, all loaded, peak MB)] per run of VisiData over `total` records as JSONL."""
    vd = os.path.join(VENV, "bin", "vd")
    if not os.path.exists(vd):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "visidata"], check=True)
    folder = tempfile.mkdtemp(prefix="rolo-vd-")
    path = os.path.join(folder, "bulk.jsonl")
    with open(path, "w") as handle:
        for number in range(total):
            handle.write(json.dumps(record(number), ensure_ascii=False) + "\n")
    runs = []
    for _ in range(RUNS):
        started = time.monotonic()
        pane = Pane([vd, "--config", "/dev/null", path], {"HOME": folder, "TERM": "xterm-256color", "LANG": "C.UTF-8"})
        try:
            first = pane.wait_text("user0@example.com", started)
            # VisiData's status line counts the rows as they load: "1000000 rows" once all are in.
            loaded = pane.wait_text(f" {total} rows", started)
            peak = rolopty.peak_memory_mb(pane.pid)
        finally:
            pane.close()
        runs.append((first, loaded, peak))
    subprocess.run(["rm", "-rf", folder], check=False)
    return runs


def ms(seconds):
    return f"{seconds * 1000:9.1f} ms"


def main():
    server, url = rolopty.start_stand_in(ROLOS[0])
    try:
        print(f"A configured source, {RECORDS:,} and {SMALL} records, {COLUMNS}×{ROWS}, median of {RUNS} runs")
        big = rolo_figures(url, RECORDS)
        small = rolo_figures(url, SMALL)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()
    for rolo, (big_rate, big_runs), (small_rate, small_runs) in zip(ROLOS, big, small):
        print(f"{rolo}")
        print(f"{'':46}{RECORDS:>12,}{SMALL:>12}")
        print(f"  {'opened with nothing stored: stored a second':44}{big_rate[1]:12,.0f}{small_rate[1]:12,.0f}")
        print(f"  {'rolo dump, JSONL written too: a second':44}{big_rate[0]:12,.0f}{small_rate[0]:12,.0f}")
        for label, index in [("relaunch → first frame with data", 0), ("End right after it → last record drawn", 1),
                             ("a search keystroke → drawn, from send-keys", 2),
                             ("the same, from the key reaching rolo", 4),
                             ("the next one, \"99\", from send-keys", 5),
                             ("the same, from the key reaching rolo", 6),
                             ("  → its first matches, inside rolo", 10),
                             ("a first keystroke \"8\" → its first matches drawn", 7),
                             ("the same, from the key reaching rolo", 8),
                             ("  and → all of them counted and drawn", 9)]:
            print(f"  {label:44}{ms(statistics.median(r[index] for r in big_runs)):>12}"
                  f"{ms(statistics.median(r[index] for r in small_runs)):>12}")
        print(f"  {'peak memory':44}{statistics.median(r[3] for r in big_runs):9.0f} MB"
              f"{statistics.median(r[3] for r in small_runs):9.0f} MB")
        # The first relaunch after the dump reads the search text from SQLite and keeps it in a
        # file; the others read the file: each run's figures, so the first isn't hidden by the median.
        print(f"  {'each relaunch first frame, in order':44}" + ", ".join(ms(r[0]).strip() for r in big_runs))
        print(f"  {'each relaunch keystroke, in order':44}" + ", ".join(ms(r[2]).strip() for r in big_runs))
    print(f"load average: {open('/proc/loadavg').read().split()[:3]}")
    if os.environ.get("NO_PEER"):
        return
    peer = visidata_figures(RECORDS)
    print(f"VisiData over the same {RECORDS:,} records as JSONL: first frame {ms(statistics.median(r[0] for r in peer))}, "
          f"all loaded {ms(statistics.median(r[1] for r in peer))}, peak memory {statistics.median(r[2] for r in peer):.0f} MB")


if __name__ == "__main__":
    rolopty.unwind_on_sigterm()
    main()
