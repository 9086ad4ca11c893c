#!/usr/bin/env python3
"""make bench: launch → first frame with data for rolo beside tig and fzf, in the same run,
through a pty, at 80×24 and 120×40; medians and ratios. Then rolo's own start-up phases
(ROLO_TRACE_STARTUP=1) and the whole-process time of `--version`.

- rolo: `rolo randomuser` relaunched on persons stored by a first run: from its database, no
  request (the stand-in is stopped before the timed runs, so nothing could be fetched anyway);
  the first frame with data is the first stored name on the screen. It is configured through
  the environment (ROLO_RANDOMUSER_URL, ROLO_DATA_DIR, …), as a user's config file or shell
  would; "rolo+options" is the same launch with every setting given as an option instead,
  which goes through swift-argument-parser.
- tig: its main view of a throwaway 200-commit repository; data is the newest commit's subject.
- fzf: 1,000 lines on standard input; data is the first line.
Runs are interleaved (rolo, tig, fzf, rolo, …) so the machine's load falls on all three alike.

Usage: python3 scripts/measure-startup.py path/to/rolo [runs]
"""
import fcntl
import json
import os
import pty
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
import urllib.request

import rolopty

ROLO = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else ".build-release/release/rolo"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 15
SIZES = [(80, 24), (120, 40)]
SEED = "bench"


def spawn(argv, env, size, stdin_path=None, cwd=None):
    """Starts argv on a new pty of `size`; returns (pid, master fd, start time)."""
    columns, rows = size
    started = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        if stdin_path:
            source = os.open(stdin_path, os.O_RDONLY)
            os.dup2(source, 0)
        if cwd:
            os.chdir(cwd)
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return pid, fd, started



def first_frame(argv, env, size, markers, stdin_path=None, cwd=None, quit_keys=b"q"):
    """Milliseconds from the fork to the first output that shows one of `markers`."""
    pid, fd, started = spawn(argv, env, size, stdin_path, cwd)
    output, elapsed = b"", None
    try:
        while time.monotonic() - started < 15:
            output += rolopty.read_available(fd, 0.002)
            if any(marker in output for marker in markers):
                elapsed = (time.monotonic() - started) * 1000
                break
        if elapsed is None:
            raise SystemExit(f"{argv[0]} showed none of {markers[:3]} in 15 s:\n{output[-400:]!r}")
    finally:
        os.write(fd, quit_keys)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            rolopty.read_available(fd, 0.05)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    return elapsed



def prepare_rolo(work):
    """Stores randomuser's first page with one run against the stand-in; returns the rolo
    command, its environment and the names it will show."""
    server, url = rolopty.start_stand_in(ROLO)
    try:
        with urllib.request.urlopen(f"{url}/randomuser/api/?results=10&page=1&seed={SEED}") as answer:
            persons = json.load(answer)["results"]
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", HOME=f"{work}/home",
                   XDG_STATE_HOME=f"{work}/state", ROLO_IDLE_FILE=f"{work}/idle")
        env.pop("COLORTERM", None)
        env.update(ROLO_RANDOMUSER_URL=f"{url}/randomuser/api/", ROLO_RANDOMUSER_SEED=SEED,
                   ROLO_DATA_DIR=f"{work}/data", ROLO_CACHE_DIR=f"{work}/cache")
        argv = [ROLO, "randomuser"]
        names = [p["name"]["last"].encode() for p in persons if p["name"]["last"].isascii() and len(p["name"]["last"]) > 3]
        # The first run fetches and stores: wait until it reports idle with the names shown.
        pid, fd, _ = spawn(argv, env, SIZES[1])
        output, deadline = b"", time.monotonic() + 30
        while time.monotonic() < deadline:
            output += rolopty.read_available(fd, 0.05)
            try:
                if open(f"{work}/idle").read().startswith("idle") and any(n in output for n in names):
                    break
            except OSError:
                pass
        else:
            raise SystemExit(f"rolo did not store randomuser's first page:\n{output[-400:]!r}")
        os.write(fd, b"q")
        while rolopty.read_available(fd, 0.2):
            pass
        os.waitpid(pid, 0)
        os.close(fd)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()
    options = [ROLO, "randomuser", "--randomuser-url", env["ROLO_RANDOMUSER_URL"], "--randomuser-seed", SEED,
               "--data-dir", f"{work}/data", "--cache-dir", f"{work}/cache"]
    return argv, options, env, names


def prepare_tig(work):
    repo = f"{work}/repo"
    os.makedirs(repo)
    git_env = dict(os.environ, GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@localhost",
                   GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@localhost",
                   GIT_AUTHOR_DATE="2026-01-01T00:00:00Z", GIT_COMMITTER_DATE="2026-01-01T00:00:00Z")
    subprocess.run(["git", "init", "-q", repo], check=True, env=git_env)
    for number in range(200):
        with open(f"{repo}/file.txt", "a") as handle:
            handle.write(f"line {number}\n")
        subprocess.run(["git", "-C", repo, "add", "file.txt"], check=True, env=git_env)
        subprocess.run(["git", "-C", repo, "commit", "-q", "-m", f"Change number {number:03d}"], check=True, env=git_env)
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", HOME=f"{work}/home")
    return ["tig"], env, [b"Change number 199"], repo


def prepare_fzf(work):
    path = f"{work}/lines.txt"
    with open(path, "w") as handle:
        handle.writelines(f"Entry{number:04d} of the bench list\n" for number in range(1000))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", HOME=f"{work}/home")
    env.pop("FZF_DEFAULT_OPTS", None)
    env.pop("FZF_DEFAULT_COMMAND", None)
    return ["fzf"], env, [b"Entry0000"], path


def whole_process_ms(argv, runs):
    times = []
    for _ in range(runs):
        started = time.monotonic()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append((time.monotonic() - started) * 1000)
    return statistics.median(times)


def startup_phases(work):
    """The medians of each phase ROLO_TRACE_STARTUP=1 wrote to the log during the timed runs."""
    phases = {}
    try:
        lines = open(f"{work}/state/rolo/rolo.log").read().splitlines()
    except OSError:
        return phases
    traced = [line.split("startup: ", 1)[1] for line in lines if "startup: " in line]
    for line in traced[1:]:  # the first is the run that fetched and stored
        for name, value in re.findall(r"([\w ,-]+?) \+([\d.]+)", line.split(" = ")[0]):
            phases.setdefault(name.strip(", "), []).append(float(value))
    return {name: statistics.median(values) for name, values in phases.items()}


def main():
    for tool in ("tig", "fzf", "git"):
        if not shutil.which(tool):
            raise SystemExit(f"measure-startup needs {tool} (make bench-deps installs it)")
    work = tempfile.mkdtemp(prefix="rolo-startup-")
    try:
        rolo_argv, rolo_options, rolo_env, rolo_names = prepare_rolo(work)
        options_env = dict(rolo_env)  # untraced: the phases printed are the plain launch's
        rolo_env["ROLO_TRACE_STARTUP"] = "1"
        tig_argv, tig_env, tig_markers, repo = prepare_tig(work)
        fzf_argv, fzf_env, fzf_markers, lines = prepare_fzf(work)
        print(f"launch → first frame with data, through a pty, median of {RUNS} (interleaved runs):")
        for size in SIZES:
            times = {"rolo": [], "rolo+options": [], "tig": [], "fzf": []}
            for _ in range(RUNS):
                times["rolo"].append(first_frame(rolo_argv, rolo_env, size, rolo_names))
                times["rolo+options"].append(first_frame(rolo_options, options_env, size, rolo_names))
                times["tig"].append(first_frame(tig_argv, tig_env, size, tig_markers, cwd=repo))
                times["fzf"].append(first_frame(fzf_argv, fzf_env, size, fzf_markers, stdin_path=lines,
                                                quit_keys=b"\x1b"))
            medians = {name: statistics.median(values) for name, values in times.items()}
            print(f"  {size[0]}×{size[1]}: rolo {medians['rolo']:5.1f} ms   rolo+options {medians['rolo+options']:5.1f} ms   "
                  f"tig {medians['tig']:5.1f} ms   fzf {medians['fzf']:5.1f} ms   "
                  f"rolo/tig {medians['rolo'] / medians['tig']:.2f}×   rolo/fzf {medians['rolo'] / medians['fzf']:.2f}×   "
                  f"rolo+options/tig {medians['rolo+options'] / medians['tig']:.2f}×")
        phases = startup_phases(work)
        if phases:
            print("rolo's start-up phases (ROLO_TRACE_STARTUP=1, medians, ms since the step before):")
            print("  " + ", ".join(f"{name} {value:.1f}" for name, value in phases.items()))
        print(f"whole process, median of {RUNS}: rolo --version {whole_process_ms([ROLO, '--version'], RUNS):.1f} ms, "
              f"tig --version {whole_process_ms(['tig', '--version'], RUNS):.1f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    rolopty.unwind_on_sigterm()
    main()
