#!/usr/bin/env python3
"""measure-scale.py's source of a million stored records laid out by `group` (the city) and
`sort` (the last name), relaunched with the API unreachable: launch → rolo's first idle (the
layout made), a first keystroke "8" and the next one "89" → their matches drawn, by rolo's own
clock from the key reaching it (a laid-out list shows no first matches apart), and the peak
memory. Several binaries take turns over one store.

Usage: python3 scripts/measure-sorted.py path/to/rolo[,path/to/other-rolo…] [records] [runs]"""
import importlib.util, os, signal, statistics, subprocess, sys, tempfile, time
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
bins = sys.argv[1].split(",")
total = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
# measure-scale.py reads its binaries from the command line as it loads.
sys.argv = [sys.argv[0], bins[0]]
spec = importlib.util.spec_from_file_location("scale", os.path.join(HERE, "measure-scale.py"))
scale = importlib.util.module_from_spec(spec); spec.loader.exec_module(scale)
import rolopty

# The source laid out: a header per city, by last name within it.
SORTED = scale.CONFIG.replace('label = "{{first_name}} {{last_name}}"',
                              'label = "{{first_name}} {{last_name}}"\ngroup = "{{address.city}}"\nsort = "{{last_name}}"')

def relaunch(rolo, folder):
    """(launch → idle, "8" → first frame, → last frame, "89" → last frame, peak MB) of one
    relaunch, the process gone before it returns."""
    idle_file = tempfile.mktemp(prefix="rolo-idle-")
    home = os.path.join(folder, "home")
    started = time.monotonic_ns()
    pane = scale.Pane([rolo, "bulk", "--config", os.path.join(folder, "sorted.toml"), "--data-dir", os.path.join(folder, "data"),
                       "--images", "off"], {"ROLO_IDLE_FILE": idle_file, "HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8"})
    try:
        # rolo is busy from launch until the layout is made: its first idle report is after it.
        frame = rolopty.wait_idle(idle_file, 0, 600)
        _, _, drawn, _ = rolopty.idle_report(idle_file)
        laid_out = (drawn - started) / 1e9
        pane.keys("/")
        frame = rolopty.wait_idle(idle_file, frame, 600)
        pane.keys("8")
        frame = rolopty.wait_idle(idle_file, frame, 600)
        _, _, drawn, event, changed = rolopty.idle_report_rows(idle_file)
        first, whole = ((changed or drawn) - event) / 1e9, (drawn - event) / 1e9
        pane.keys("9")
        frame = rolopty.wait_idle(idle_file, frame, 600)
        _, _, drawn, event, changed = rolopty.idle_report_rows(idle_file)
        narrow = (drawn - event) / 1e9
        peak = rolopty.peak_memory_mb(pane.pid)
        pane.keys("Escape"); pane.keys("q")
        scale.wait_gone(pane.pid)
    finally:
        pane.close()
    os.unlink(idle_file)
    return laid_out, first, whole, narrow, peak


def main():
    server, url = rolopty.start_stand_in(bins[0])
    folder = None
    try:
        folder, rate = scale.stored(bins[0], url, total)
        with open(os.path.join(folder, "sorted.toml"), "w") as handle:
            handle.write(SORTED.format(url="http://127.0.0.1:9", total=total))
        results = {b: [] for b in bins}
        for _ in range(runs):
            for b in bins:
                results[b].append(relaunch(b, folder))
                print(b, ["%.1f" % (x * 1000) if i < 4 else "%.0f MB" % x for i, x in enumerate(results[b][-1])], flush=True)
        for b in bins:
            rs = results[b]
            med = [statistics.median(r[i] for r in rs) for i in range(5)]
            print(f"{b}: laid out (launch → idle) {med[0]*1000:.0f} ms; '8' → first drawn {med[1]*1000:.1f} ms, → all {med[2]*1000:.1f} ms; "
                  f"'89' {med[3]*1000:.1f} ms; peak {med[4]:.0f} MB")
        print("load", open("/proc/loadavg").read().split()[:3])
    finally:
        server.send_signal(signal.SIGTERM); server.wait()
        if folder:
            subprocess.run(["rm", "-rf", folder], check=False)


if __name__ == "__main__":
    rolopty.unwind_on_sigterm()
    main()
