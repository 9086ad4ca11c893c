#!/usr/bin/env python3
"""make check-terminals: rolo's photo in real terminals, as a person would see it.

Under Xvfb, XTerm (`-ti vt340`: sixel) and kitty (software GL: the kitty graphics protocol) each
run `rolo people` against the stand-in; once rolo is idle with its picture placed, a screenshot
(ImageMagick's `import`) is cropped to where rolo's debug log says the photo is, and compared
with the stand-in's source photo by PSNR. Then ↓ (typed with xdotool) until a person without a
photo: where the photo was, the screen must no longer show it (no stale picture). Fails below the
threshold, on a stale picture, or if a terminal didn't get the protocol it should have.

Usage: python3 scripts/check-terminals.py [path/to/rolo]
"""
import base64
import functools
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import rolopty

ROLO = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/rolo")
THRESHOLD_DB = 24.0
# Where a photo was and is no more, at most this share of its pixels may be left on the screen
# (colours that happen to match).
STALE_SHARE = 0.10
COLUMNS, ROWS = 120, 40


def read_ppm(data):
    """(width, height, RGB bytes) of a binary PPM (P6, maxval 255)."""
    fields = []
    index = 0
    while len(fields) < 4:
        while data[index:index + 1].isspace():
            index += 1
        if data[index:index + 1] == b"#":
            index = data.index(b"\n", index) + 1
            continue
        end = index
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[index:end])
        index = end
    assert fields[0] == b"P6" and fields[3] == b"255", fields
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[index + 1:index + 1 + width * height * 3]


def convert_to_ppm(arguments):
    """ImageMagick's own convert (not any stand-in earlier on PATH), its output read as PPM."""
    return read_ppm(subprocess.run(["/usr/bin/convert", *arguments, "-depth", "8", "ppm:-"], check=True,
                                   capture_output=True).stdout)


def source_photos(url, folder):
    """Every employee's photo as the stand-in serves it: JPEG files."""
    with urllib.request.urlopen(url + "/employees", timeout=10) as answer:
        ids = [employee["id"] for employee in json.load(answer)]
    paths = []
    for number in ids:
        with urllib.request.urlopen(f"{url}/employees/{number}", timeout=10) as answer:
            image = json.load(answer).get("image")
        if not image:
            continue
        # The stand-in serves some photos broken on purpose (bad base64, truncated): rolo shows
        # none for those, so they are no source.
        try:
            data = base64.b64decode(image)
        except ValueError:
            continue
        path = os.path.join(folder, f"{number}.jpg")
        with open(path, "wb") as handle:
            handle.write(data)
        if subprocess.run(["/usr/bin/convert", path, "null:"], capture_output=True).returncode == 0:
            paths.append(path)
    return paths


def psnr(a, b):
    squares = sum((x - y) * (x - y) for x, y in zip(a, b))
    mse = squares / max(1, len(a))
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def crop(screen, x, y, width, height):
    screen_width, _, pixels = screen
    rows = [pixels[((y + row) * screen_width + x) * 3:((y + row) * screen_width + x + width) * 3] for row in range(height)]
    return b"".join(rows)


def fit(width, height, box_width, box_height):
    """A picture's size scaled into a box, its aspect ratio kept (as rolo's PictureSlot.fit)."""
    scale = min(box_width / width, box_height / height)
    return min(box_width, max(1, round(width * scale))), min(box_height, max(1, round(height * scale)))


def start_xvfb():
    for number in range(91, 120):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            break
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while not os.path.exists(f"/tmp/.X11-unix/X{number}"):
        if server.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"Xvfb :{number} did not start")
        time.sleep(0.05)
    return server, f":{number}"


def log_lines(home):
    try:
        with open(os.path.join(home, ".local/state/rolo/rolo.log")) as handle:
            return handle.read()
    except OSError:
        return ""


def screenshot(display):
    return read_ppm(subprocess.run(["import", "-display", display, "-window", "root", "-depth", "8", "ppm:-"],
                                   check=True, capture_output=True).stdout)


def best_match(screen, protocol, cell_width, cell_height, x, y, box, sources):
    """The best PSNR of the photo slot at cell (x, y) against any source photo."""
    best = 0.0
    for source in sources:
        width, height = fit(360, 480, *box)
        # kitty stretches rolo's canvas over the cells, the photo centred on it; sixel
        # starts at the top-left cell.
        left = (box[0] - width) // 2 if protocol == "kitty" else 0
        top = (box[1] - height) // 2 if protocol == "kitty" else 0
        shown = crop(screen, x * cell_width + left, y * cell_height + top, width, height)
        best = max(best, psnr(shown, reference(source, width, height)))
    return best


@functools.lru_cache(maxsize=None)
def reference(source, width, height):
    """A source photo box-scaled to `width`×`height`: made once, compared with every screenshot."""
    return convert_to_ppm([source, "-filter", "box", "-resize", f"{width}x{height}!"])[2]


def last_placements(home, protocol, ids=False):
    """The pictures on rolo's last frame that changed them, from its debug log: (x, y, columns,
    rows), or with `ids` (id, x, y, columns, rows)."""
    frames = re.findall(r"pictures: (.*)", log_lines(home))
    found = re.findall(rf"{protocol} (\d+) at (\d+),(\d+) size (\d+)x(\d+)", frames[-1]) if frames else []
    return [tuple(map(int, p))[0 if ids else 1:] for p in found]


def stale_share(before, after):
    """The share of a photo's pixels (`before`) still on the screen (`after`, the same region):
    pixels that kept their colour, leaving out the region's background (its commonest colour)."""
    pixels = lambda data: [data[i:i + 3] for i in range(0, len(data), 3)]
    old, new = pixels(before), pixels(after)
    background = max(set(new), key=new.count)
    close = lambda a, b: all(abs(x - y) <= 6 for x, y in zip(a, b))
    photo = [(o, n) for o, n in zip(old, new) if not close(o, background)]
    return sum(1 for o, n in photo if close(o, n)) / max(1, len(photo))


def drawn_anew(display, region, before, seconds=10):
    """The screen's `region` once the terminal, which draws on its own time, has drawn there what
    rolo wrote: different from `before` (another person's photo) and the same in two screenshots
    in a row; as it is after `seconds` if that never happens."""
    deadline = time.monotonic() + seconds
    last = crop(screenshot(display), *region)
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = crop(screenshot(display), *region)
        if now == last and now != before:
            return now
        last = now
    return last


def region_of(slot):
    cell_width, cell_height, x, y, columns, rows = slot
    return x * cell_width, y * cell_height, columns * cell_width, rows * cell_height


def press(display, idle_file, key):
    """Types `key` into the terminal under the pointer; whether rolo drew a frame for it and settled."""
    _, frame = rolopty.idle_frame(idle_file)
    subprocess.run(["xdotool", "key", key], env=dict(os.environ, DISPLAY=display), check=True)
    return rolopty.wait_idle(idle_file, frame, 15) is not None


def uploads_dropped_image_again(name, display, home, idle_file, slot, sources, rolo_tty):
    """kitty drops images past its storage quota; a placement of one fails with ENOENT. The
    photo's image is deleted behind rolo's back (written to its terminal), then ↓ ↑ returns to
    it: rolo must upload it again, and the photo be on the screen."""
    # The detail photo rolo placed last: its image id.
    placed = [p for p in last_placements(home, "kitty", ids=True) if (p[1], p[2]) == (slot[2], slot[3])]
    if not placed:
        print(f"{name}: no photo to drop")
        return False
    with open(rolo_tty, "wb") as tty:
        tty.write(f"\x1b_Ga=d,d=I,i={placed[0][0]},q=2\x1b\\".encode())
    if not (press(display, idle_file, "Down") and press(display, idle_file, "Up")):
        print(f"{name}: rolo not idle after ↓ ↑")
        return False
    box = (slot[4] * slot[0], slot[5] * slot[1])
    deadline, best = time.monotonic() + 10, 0.0
    while best < THRESHOLD_DB and time.monotonic() < deadline:
        best = best_match(screenshot(display), "kitty", slot[0], slot[1], slot[2], slot[3], box, sources)
        time.sleep(0.2)
    status = "ok" if best >= THRESHOLD_DB else "FAILED: the photo didn't come back"
    print(f"{name}: its image dropped by the terminal, the photo back at {best:.1f} dB: {status}")
    return best >= THRESHOLD_DB


def leaves_no_stale_photo(name, protocol, display, home, idle_file, slot):
    """↓ until the detail shows a person without a photo; then the photo's cells must show none
    of the photo that was there."""
    x, y = slot[2], slot[3]
    region = region_of(slot)
    before = crop(screenshot(display), *region)
    for _ in range(40):
        if not press(display, idle_file, "Down"):
            print(f"{name}: rolo not idle after ↓")
            return False
        if not any((px, py) == (x, y) for px, py, _, _ in last_placements(home, protocol)):
            break
        before = drawn_anew(display, region, before)
    else:
        print(f"{name}: no person without a photo within 40 ↓")
        return False
    deadline = time.monotonic() + 10
    while True:
        share = stale_share(before, crop(screenshot(display), *region))
        if share < STALE_SHARE or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    status = "ok" if share < STALE_SHARE else "FAILED: the old photo is still on the screen"
    print(f"{name}: on a person without a photo, {share:.0%} of the last photo's pixels are still there "
          f"(stale from {STALE_SHARE:.0%}): {status}")
    if share >= STALE_SHARE:
        subprocess.run(["import", "-display", display, "-window", "root", f"/tmp/rolo-check-{name}-stale.png"])
        print(f"  the screenshot is /tmp/rolo-check-{name}-stale.png")
    return share < STALE_SHARE


def check(name, command, protocol, display, url, sources, extra_env):
    home = tempfile.mkdtemp(prefix="rolo-check-")
    idle_file = os.path.join(home, "idle")
    env = dict(os.environ, DISPLAY=display, HOME=home, ROLO_IDLE_FILE=idle_file, ROLO_LOG_LEVEL="debug",
               LANG="C.UTF-8", **extra_env)
    for variable in ("KITTY_WINDOW_ID", "TERM_PROGRAM", "VTE_VERSION", "WT_SESSION", "TMUX", "COLORTERM"):
        env.pop(variable, None)
    started = time.monotonic()
    terminal = subprocess.Popen(command + [ROLO, "people", "--people-url", url], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        placement, cell = None, None
        deadline = time.monotonic() + 60
        while placement is None:
            if time.monotonic() > deadline or terminal.poll() is not None:
                why = "no picture placed within 60 s" if cell else \
                    "rolo's log has no line 'pictures P, flags F, hyperlinks H, cell W×H' within 60 s"
                raise SystemExit(f"{name}: {why}\n{log_lines(home)[-2000:]}")
            idle, _ = rolopty.idle_frame(idle_file)
            log = log_lines(home)
            cell = re.search(r"pictures (\w+), flags \w+, hyperlinks (\w+), cell (\d+)×(\d+)", log)
            placed = last_placements(home, protocol)
            if idle and cell and placed:
                if cell.group(1) != protocol:
                    raise SystemExit(f"{name}: rolo chose {cell.group(1)}, not {protocol}")
                # The largest picture on the last frame: the detail's photo (the rest are thumbnails).
                largest = max(placed, key=lambda p: p[2] * p[3])
                placement = (int(cell.group(3)), int(cell.group(4)), *largest)
                hyperlinks = cell.group(2)
            else:
                time.sleep(0.05)
        first_photo = time.monotonic() - started
        answered = re.search(r"after ([\d.]+ ms)\): pictures", log_lines(home))
        cell_width, cell_height, x, y, columns, rows = placement
        box = (columns * cell_width, rows * cell_height)
        best, tries = 0.0, 0
        # The terminal draws what rolo wrote on its own time: screenshots until the photo
        # matches, or the deadline (a terminal that never shows it fails).
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            best = max(best, best_match(screenshot(display), protocol, cell_width, cell_height, x, y, box, sources))
            tries += 1
            if best >= THRESHOLD_DB:
                break
            time.sleep(0.2)
        status = "ok" if best >= THRESHOLD_DB else "FAILED"
        print(f"{name}: {protocol}, cell {cell_width}×{cell_height}, photo {columns}×{rows} cells at {x},{y}; "
              f"PSNR {best:.1f} dB against the source (threshold {THRESHOLD_DB}); "
              f"start to placed photo {first_photo * 1000:.0f} ms (the terminal answered in "
              f"{answered.group(1) if answered else '?'}; OSC 8 links {hyperlinks}); {tries} screenshot(s): {status}")
        if best < THRESHOLD_DB:
            subprocess.run(["import", "-display", display, "-window", "root", f"/tmp/rolo-check-{name}.png"])
            print(f"  the screenshot is /tmp/rolo-check-{name}.png")
            return False
        # No window manager: keys go to the window under the pointer.
        subprocess.run(["xdotool", "mousemove", "20", "20"], env=dict(os.environ, DISPLAY=display), check=True)
        if protocol == "kitty":
            rolo = [pid for pid in rolopty.descendants(terminal.pid)
                    if os.path.realpath(f"/proc/{pid}/exe") == os.path.realpath(ROLO)]
            if not rolo:
                print(f"{name}: rolo's process not found under the terminal's")
                return False
            if not uploads_dropped_image_again(name, display, home, idle_file, placement, sources,
                                                           os.readlink(f"/proc/{rolo[0]}/fd/1")):
                return False
        return leaves_no_stale_photo(name, protocol, display, home, idle_file, placement)
    finally:
        # rolo first (it restores its terminal and exits), then the terminal it ran in.
        for pid in rolopty.descendants(terminal.pid):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        os.killpg(terminal.pid, signal.SIGTERM)
        try:
            terminal.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(terminal.pid, signal.SIGKILL)
            terminal.wait()
        shutil.rmtree(home, ignore_errors=True)


def main():
    for tool in ("Xvfb", "xterm", "kitty", "import", "xdotool"):
        if not shutil.which(tool):
            raise SystemExit(f"check-terminals needs {tool} (make terminal-deps installs it)")
    folder = tempfile.mkdtemp(prefix="rolo-sources-")
    stand_in, url = rolopty.start_stand_in(ROLO)
    xvfb, display = start_xvfb()
    try:
        sources = source_photos(url, folder)
        # kitty's first start on a machine reads its Python and GL libraries from a cold disk
        # and answers nothing for longer than rolo waits (seen: no DA1 after 180 ms, on the run
        # right after `make terminal-deps` installed it). One start beforehand, which runs `true`
        # and ends, makes the check measure rolo in kitty rather than kitty's first start.
        warm = time.monotonic()
        subprocess.run(["kitty", "--config", "NONE", "true"], env=dict(os.environ, DISPLAY=display, LIBGL_ALWAYS_SOFTWARE="1"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        print(f"kitty: started once beforehand in {(time.monotonic() - warm) * 1000:.0f} ms")
        results = [
            check("xterm", ["xterm", "-ti", "vt340", "-tn", "xterm-256color", "-b", "0", "-geometry",
                            f"{COLUMNS}x{ROWS}+0+0", "-e"],
                  "sixel", display, url, sources, {}),
            check("kitty", ["kitty", "--config", "NONE", "-o", "font_size=10", "-o", "window_padding_width=0",
                            "-o", "remember_window_size=no", "-o", f"initial_window_width={COLUMNS}c",
                            "-o", f"initial_window_height={ROWS}c", "-o", "placement_strategy=top-left"],
                  "kitty", display, url, sources, {"LIBGL_ALWAYS_SOFTWARE": "1"}),
        ]
    finally:
        xvfb.terminate()
        xvfb.wait()
        stand_in.send_signal(signal.SIGTERM)
        stand_in.wait()
        shutil.rmtree(folder, ignore_errors=True)
    if not all(results):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
