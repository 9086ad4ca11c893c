"""A tmux pane for make check-dist's checks: keys in, the screen and the terminal's modes out.

Each pane has its own tmux server (its own -L socket), killed by close(), so a check never
touches a user's tmux and leaves no server behind.
"""
import os
import subprocess
import time
import uuid

import rolopty

# The terminal modes a full-screen program changes and must give back on exit: the alternate
# screen, cursor visibility, application cursor keys, the keypad and mouse reporting.
MODES = "#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag}"


class Pane:
    """A detached tmux session running `command` in a width×height window."""

    def __init__(self, command, width=80, height=24, prefix=()):
        self.socket = "rolo-check-" + uuid.uuid4().hex[:8]
        # prefix runs tmux itself, e.g. in a mount namespace, so its server and everything it
        # starts see what the prefix set up.
        subprocess.run([*prefix, "tmux", "-L", self.socket, "-f", "/dev/null", "new-session", "-d",
                        "-x", str(width), "-y", str(height), *command], check=True)

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], check=True,
                              capture_output=True, text=True).stdout

    def type(self, line):
        """Types a line and presses Enter."""
        self.tmux("send-keys", "-l", line)
        self.tmux("send-keys", "Enter")

    def send(self, *keys):
        self.tmux("send-keys", *keys)

    def screen(self):
        return self.tmux("capture-pane", "-p")

    def modes(self):
        return self.tmux("display-message", "-p", MODES).strip()

    def pane_pid(self):
        return int(self.tmux("display-message", "-p", "#{pane_pid}").strip())

    def wait_for(self, what, condition, timeout=30.0):
        """Polls the screen until condition(screen) holds; raises with the last screen."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if condition(screen):
                return screen
            time.sleep(0.02)
        raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}; the screen was:\n{screen}")

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def wait_idle(idle_file, after_frame=0, timeout=30.0):
    """Waits until rolo reports "idle N" with N > after_frame in ROLO_IDLE_FILE; returns N."""
    frame = rolopty.wait_idle(idle_file, after_frame, timeout)
    if frame is None:
        raise AssertionError(f"rolo did not report idle after frame {after_frame} within {timeout:.0f} s")
    return frame


def process_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie has ended; only its parent hasn't collected it yet.
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
