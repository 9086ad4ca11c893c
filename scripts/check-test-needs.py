#!/usr/bin/env python3
"""Checks that the system has everything the tests take from it, before any test runs.

    python3 scripts/check-test-needs.py [--list]

The needs are read from the tests where they can be: programs started by absolute path
("/usr/bin/tmux"), TERM values handed to tmux, a pty or a terminal profile (`term: "xterm"`,
"TERM=xterm", `default-terminal xterm`), and the shared libraries rolo loads by name (dlopen in
Sources/). What can't be read is listed in Tests/system-needs.txt, which also names the Debian
package behind every need. A need fails the check when it has no package there, when its
package is not one the Makefile's DEPS install (nor part of every Debian system), when it is
missing from the system, or when dpkg says another package installed it (the package named must
be the one that owns the file, so that `make deps` asks for exactly it); each failure names the
package to add to `make deps`.

Only the system's own places count: programs in the system's PATH, terminfo in the system's
directories (not ~/.terminfo, $TERMINFO or $TERMINFO_DIRS), libraries in the loader's cache.
`--list` prints every need with where it was found. Exit status 0 when every need is met, else 1.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEEDS_FILE = ROOT / "Tests" / "system-needs.txt"
SYSTEM_PATH = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]
TERMINFO_DIRS = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
KINDS = ("program", "terminfo", "library")

# What the tests say, as (kind, pattern); group 1 is the need's name.
TEST_PATTERNS = [
    # An absolute path, not one appended to a directory of the test's (`root + "/bin/x"`).
    ("program", re.compile(r'(?<!\+ )"(?:/usr)?/s?bin/([\w.+-]+)"')),
    ("terminfo", re.compile(r'\bterm: (?:String = )?"([\w.+-]+)"')),
    ("terminfo", re.compile(r'(?<![A-Z_])TERM=([A-Za-z][\w.+-]*)')),
    ("terminfo", re.compile(r'default-terminal "?([\w.+-]+)')),
]
# What rolo's sources load by name, which the tests then need too.
SOURCE_PATTERNS = [
    ("library", re.compile(r'dlopen\("([^"]+)"')),
    ("library", re.compile(r'#define ROLO_\w+_SONAME "([^"]+)"')),
]


class Need:
    def __init__(self, kind, name):
        self.kind, self.name = kind, name
        self.package = None
        self.absent = False
        self.where = []

    def describe(self):
        return {"program": f"the program {self.name}",
                "terminfo": f"the terminfo entry {self.name}",
                "library": f"the shared library {self.name}"}[self.kind]


def read_needs_file(needs):
    """Adds the listed needs and sets every need's package; returns the file's mistakes."""
    mistakes = []
    for number, line in enumerate(NEEDS_FILE.read_text().splitlines(), 1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) < 3 or fields[0] not in KINDS:
            mistakes.append(f"{NEEDS_FILE.relative_to(ROOT)}, line {number}: expected "
                            f"'KIND NAME PACKAGE [listed|absent ...]' with KIND one of {', '.join(KINDS)}")
            continue
        kind, name, package = fields[:3]
        marker = fields[3] if len(fields) > 3 else ""
        need = needs.setdefault((kind, name), Need(kind, name))
        need.package = package
        need.absent = marker == "absent"
        if marker in ("listed", "absent"):
            need.where.append(f"{NEEDS_FILE.relative_to(ROOT)}:{number}")
    return mistakes


def read_sources(needs, folder, patterns):
    for path in sorted((ROOT / folder).rglob("*")):
        if path.suffix not in (".swift", ".c", ".h") or not path.is_file():
            continue
        text = path.read_text(errors="replace")
        for kind, pattern in patterns:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                need = needs.setdefault((kind, match.group(1)), Need(kind, match.group(1)))
                need.where.append(f"{path.relative_to(ROOT)}:{line}")


def makefile_packages():
    """The packages the Makefile's DEPS install: `file:package` pairs after `DEPS =`."""
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    match = re.search(r"^DEPS\s*=(.*)$", text, re.MULTILINE)
    return {pair.rsplit(":", 1)[1] for pair in match.group(1).split() if ":" in pair} if match else set()


def essential(package):
    """Whether the package is part of every Debian system (Essential: yes)."""
    result = subprocess.run(["dpkg-query", "-W", "-f", "${Essential}", package],
                            capture_output=True, text=True)
    return result.returncode == 0 and result.stdout.strip() == "yes"


def library_paths():
    output = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True).stdout
    paths = {}
    for line in output.splitlines()[1:]:
        name, _, path = line.strip().partition(" => ")
        paths.setdefault(name.split(" (")[0], path)
    return paths


def owners(path):
    """The packages dpkg says installed `path` (tried as found and across Debian's merged /usr,
    where a file is registered under /lib or /usr/lib, /bin or /usr/bin); empty when none."""
    candidates = [path]
    for short, long in (("/lib/", "/usr/lib/"), ("/bin/", "/usr/bin/")):
        if path.startswith(long):
            candidates.append(short + path[len(long):])
        elif path.startswith(short):
            candidates.append(long + path[len(short):])
    for candidate in candidates:
        result = subprocess.run(["dpkg-query", "-S", candidate], capture_output=True, text=True)
        found = set()
        for line in result.stdout.splitlines():
            if line.startswith("diversion by "):
                continue
            names, _, _ = line.partition(": ")
            found |= {name.strip().split(":")[0] for name in names.split(",")}
        if found:
            return found
    return set()


def locate(need, libraries):
    """Where the system has the need, or None."""
    if need.kind == "program":
        candidates = [os.path.join(d, need.name) for d in SYSTEM_PATH]
        return next((c for c in candidates if os.access(c, os.X_OK)), None)
    if need.kind == "terminfo":
        for directory in TERMINFO_DIRS:
            for sub in (need.name[0], f"{ord(need.name[0]):02x}"):
                candidate = os.path.join(directory, sub, need.name)
                if os.path.exists(candidate):
                    return candidate
        return None
    return libraries.get(need.name)


def main():
    needs = {}
    read_sources(needs, "Tests", TEST_PATTERNS)
    read_sources(needs, "Sources", SOURCE_PATTERNS)
    failures = read_needs_file(needs)
    installed_by_make = makefile_packages()
    libraries = library_paths()
    lines = []
    for need in sorted(needs.values(), key=lambda n: (n.kind, n.name)):
        found = locate(need, libraries)
        lines.append(f"  {need.kind:<9} {need.name:<20} {need.package or '?':<22} "
                     f"{'(must be absent)' if need.absent else found or 'MISSING'}")
        if not need.where:
            failures.append(f"{NEEDS_FILE.relative_to(ROOT)} lists {need.describe()}, which no test uses: "
                            f"mark it 'listed' with the reason, or remove its line")
        elif need.package is None:
            failures.append(f"the tests use {need.describe()} ({need.where[0]}), and "
                            f"{NEEDS_FILE.relative_to(ROOT)} doesn't say which Debian package brings it: "
                            f"add a line for it, and the package to DEPS in the Makefile")
        elif need.absent:
            if found:
                failures.append(f"{need.describe()} must be missing for its test, but is at {found}")
        elif need.package not in installed_by_make and not essential(need.package):
            failures.append(f"the tests use {need.describe()} ({need.where[0]}), from {need.package}, "
                            f"which `make deps` doesn't install: add `<file>:{need.package}` to DEPS in the Makefile")
        elif not found:
            failures.append(f"{need.describe()} is missing (used at {need.where[0]}): "
                            f"`make deps` should have installed {need.package}")
        elif (owned_by := owners(found)) and need.package not in owned_by:
            failures.append(f"{need.describe()} is {found}, which comes from {', '.join(sorted(owned_by))}, "
                            f"not {need.package}: name that package in {NEEDS_FILE.relative_to(ROOT)} and in DEPS")
    if "--list" in sys.argv[1:] or failures:
        print(f"check-test-needs: what the tests take from the system ({len(needs)} needs):")
        print("\n".join(lines))
    else:
        print(f"check-test-needs: all {len(needs)} needs of the tests are met "
              f"({sum(n.kind == 'program' for n in needs.values())} programs, "
              f"{sum(n.kind == 'terminfo' for n in needs.values())} terminfo entries, "
              f"{sum(n.kind == 'library' for n in needs.values())} libraries)")
    for failure in failures:
        print(f"check-test-needs: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
