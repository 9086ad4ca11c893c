#!/usr/bin/env python3
"""The end-to-end tests' watchdog: ends what a test process started when that process dies.

    python3 scripts/test-reaper.py    (started by the tests: Tests/EndToEndTests/Watchdog.swift)

Standard input is one end of a socket pair whose other end only the test process holds. The
test writes a line for each thing that must not outlive it, and another when it has ended it:

    pid <pid>          a process it started (rolo, tmux's client)
    unpid <pid>        ... which it has waited for
    tmux <socket>      a tmux server it started, by its -L socket name
    untmux <socket>    ... which it has killed

End of file means the test process is gone, however it went (an exit, a trap, SIGKILL): what
is still listed is then ended. Each tmux server with `kill-server`, then it and everything it ran
(the shell, rolo) and each listed process get SIGTERM, and SIGKILL after a short grace; then
this exits. A normal run lists nothing by then, so this exits at once.
"""
import os
import signal
import subprocess
import sys
import time

from rolopty import descendants

GRACE = 2.0


def stat_fields(pid):
    """The fields of /proc/PID/stat after the command name (state, parent, ...); None when gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            text = f.read().decode(errors="replace")
    except OSError:
        return None
    # The command name is in parentheses and may itself hold spaces and parentheses.
    return text[text.rindex(")") + 2:].split()


def start_time(pid):
    """The process's start time (field 22 of /proc/PID/stat), to tell it from a later one that
    reused its pid; None when it is gone or a zombie."""
    fields = stat_fields(pid)
    return None if fields is None or fields[0] in ("Z", "X") else fields[19]


def tmux(socket, *arguments):
    try:
        return subprocess.run(["tmux", "-L", socket, *arguments], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=10).stdout.decode()
    except (OSError, subprocess.SubprocessError):
        return ""


def end(processes):
    """SIGTERM to each of `processes` ({pid: start time}) still the same process, then SIGKILL to
    those still running after the grace."""
    def alive():
        return {pid: started for pid, started in processes.items() if start_time(pid) == started}
    for pid in alive():
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    deadline = time.monotonic() + GRACE
    while alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    for pid in alive():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def listen():
    """Reads the test's lines until it is gone: the processes ({pid: start time}) and tmux
    sockets still listed then."""
    processes, sockets = {}, set()
    try:
        for raw in sys.stdin.buffer:
            words = raw.decode(errors="replace").split()
            if len(words) != 2:
                continue
            verb, name = words
            if verb == "pid" and name.isdigit():
                started = start_time(int(name))
                if started is not None:
                    processes[int(name)] = started
            elif verb == "unpid" and name.isdigit():
                processes.pop(int(name), None)
            elif verb == "tmux":
                sockets.add(name)
            elif verb == "untmux":
                sockets.discard(name)
    except OSError:
        pass  # the connection broke: the test process is as good as gone
    return processes, sockets


def main():
    os.setsid()  # out of the test's process group: a Ctrl-C to the tests must not end this too
    processes, sockets = listen()
    for socket in sockets:
        server = tmux(socket, "display-message", "-p", "#{pid}").strip()
        tree = [int(server)] + descendants(int(server)) if server.isdigit() else []
        for pid in tree:
            started = start_time(pid)
            if started is not None:
                processes[pid] = started
        tmux(socket, "kill-server")
    if processes:
        print(f"test-reaper: the test process died; ending {len(sockets)} tmux server(s) and "
              f"{len(processes)} process(es): {' '.join(map(str, sorted(processes)))}", file=sys.stderr)
    end(processes)


if __name__ == "__main__":
    main()
