#!/usr/bin/env python3
"""Measures pictures by protocol through a real pty whose far end answers rolo's questions as
a terminal would: the bytes one ↓ onto a person with a photo writes (first visit) and one ↑
back (return visit), at 120×40; start → first frame with data; start → the photo in its final
form (rolo idle: the questions answered, the photo rendered and written).

Usage: python3 scripts/measure-pictures.py [path/to/rolo] [runs]
Starts `rolo demo-server --port 0` itself, so it needs nothing else running.
"""
import fcntl
import os
import pty
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

import rolopty

ROLO = sys.argv[1] if len(sys.argv) > 1 else ".build/release/rolo"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
COLUMNS, ROWS = 120, 40
CELL = (10, 20)
DOWN, UP = b"\x1bOB", b"\x1bOA"  # as a terminal in keypad-transmit mode sends them
QUESTION = b"\x1b[c"  # DA1, the last of rolo's questions

# What each terminal answers to rolo's questions (XTVERSION, kitty's query, the cell size, DA1).
ANSWERS = {
    "kitty": b"\x1bP>|kitty(0.26.5)\x1b\\\x1b_Gi=31;OK\x1b\\\x1b[6;20;10t\x1b[?62;c",
    "xterm": b"\x1bP>|XTerm(379)\x1b\\\x1b[?63;1;2;4;6;9;15;16;22;28c",
    "wezterm": b"\x1bP>|WezTerm 20240203-110809-5046fc22\x1b\\\x1b[6;20;10t\x1b[?65;4;6;18;22c",
    "silent": b"",
}

CASES = [
    # (label, terminal answering, options, COLORTERM)
    ("half blocks, 256 colours (no questions)", "silent", ["--images", "256", "--flags", "on"], ""),
    ("half blocks, truecolor (no questions)", "silent", ["--images", "truecolor", "--flags", "on"], "truecolor"),
    ("auto, a terminal that answers nothing", "silent", [], ""),
    ("auto, kitty: kitty graphics", "kitty", [], ""),
    ("auto, XTerm -ti vt340: sixel", "xterm", [], ""),
    ("auto, WezTerm: iTerm2 images", "wezterm", [], ""),
]


class Session:
    def __init__(self, url, terminal, options, colorterm):
        self.idle_file = tempfile.mktemp(prefix="rolo-idle-")
        self.home = tempfile.mkdtemp(prefix="rolo-home-")
        env = dict(os.environ, TERM="xterm-256color", ROLO_IDLE_FILE=self.idle_file, LANG="C.UTF-8", HOME=self.home)
        for variable in ("COLORTERM", "KITTY_WINDOW_ID", "TERM_PROGRAM", "VTE_VERSION", "WT_SESSION", "TMUX"):
            env.pop(variable, None)
        if colorterm:
            env["COLORTERM"] = colorterm
        self.answer = ANSWERS[terminal]
        self.answered = False
        self.output = b""
        self.started = time.monotonic()
        winsize = struct.pack("HHHH", ROWS, COLUMNS, COLUMNS * CELL[0], ROWS * CELL[1])
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, winsize)
            os.execvpe(ROLO, [ROLO, "people", "--people-url", url, *options], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, winsize)

    def read(self, timeout):
        chunk = rolopty.read_available(self.fd, timeout)
        self.output += chunk
        if not self.answered and QUESTION in self.output:
            self.answered = True
            if self.answer:
                os.write(self.fd, self.answer)
        return chunk

    def settle(self, after_frame, deadline=20.0):
        """Reads until rolo is idle after `after_frame` and the pty has been quiet for 0.2 s;
        the bytes read meanwhile, and when rolo first said idle."""
        start = len(self.output)
        end = time.monotonic() + deadline
        quiet_since = time.monotonic()
        idle_at = None
        while time.monotonic() < end:
            if self.read(0.02):
                quiet_since = time.monotonic()
            idle, frame = rolopty.idle_frame(self.idle_file)
            if idle and frame > after_frame:
                idle_at = idle_at or time.monotonic()
                if time.monotonic() - quiet_since > 0.2:
                    return self.output[start:], idle_at
        raise SystemExit("rolo did not settle")

    def press(self, key):
        _, frame = rolopty.idle_frame(self.idle_file)
        os.write(self.fd, key)
        return len(self.settle(frame)[0])

    def close(self):
        os.write(self.fd, b"q")
        while rolopty.read_available(self.fd, 0.2):
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        os.unlink(self.idle_file)
        shutil.rmtree(self.home, ignore_errors=True)


def one_run(url, terminal, options, colorterm):
    session = Session(url, terminal, options, colorterm)
    first_data = None
    while first_data is None and time.monotonic() - session.started < 15:
        session.read(0.005)
        if b"Emmett" in session.output:
            first_data = time.monotonic() - session.started
    _, idle_at = session.settle(0)
    final = idle_at - session.started
    down = session.press(DOWN)
    back = session.press(UP)
    session.close()
    return first_data * 1000, final * 1000, down, back


def main():
    server, url = rolopty.start_stand_in(ROLO)
    try:
        print(f"| case | start → first frame with data | start → photo final (idle) | one ↓, first visit | one ↑, return visit |")
        print("| --- | --- | --- | --- | --- |")
        for label, terminal, options, colorterm in CASES:
            runs = [one_run(url, terminal, options, colorterm) for _ in range(RUNS)]
            first, final, down, back = (statistics.median(column) for column in zip(*runs))
            print(f"| {label} | {first:.1f} ms | {final:.0f} ms | {down / 1000:.1f} KB | {back / 1000:.1f} KB |")
        print(f"\nmedians of {RUNS} runs, {COLUMNS}×{ROWS}, cells of {CELL[0]}×{CELL[1]} pixels, TERM=xterm-256color, "
              "against rolo demo-server on 127.0.0.1")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait()


if __name__ == "__main__":
    rolopty.unwind_on_sigterm()
    main()
