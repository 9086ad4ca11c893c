#!/usr/bin/env python3
"""make check-dist: checks the tarball and the .deb as a box without Swift would see them.

- the tarball's layout; its binary's libraries (no toolchain library, only the allowed system
  ones); with the Swift toolchain hidden in a mount namespace: --version, --help, and
  `rolo --demo` in tmux (first screen, q back to the shell, the terminal's modes restored);
- the .deb's control fields (version, Depends, Section...) and contents, and its binary;
- the man page renders with `man --warnings` without a warning; bash, zsh and fish accept the
  completion scripts, and bash and fish complete the source names from them, a configured
  source's among them;
- rolo over ssh: see dist_ssh.py.

Needs root (unshare -m and mount, as CI runs). Usage:
  check-dist.py --version V --tarball T.tar.gz --deb D.deb [--dynamic path/to/debug/rolo]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dist_ssh  # noqa: E402
from dist_tmux import Pane, wait_idle  # noqa: E402



def sources(binary, env):
    """The sources of the binary's catalog with the config file `env` points at, as it completes
    browse's source argument."""
    listed = run([binary, "---completion", "browse", "--", "positional@0", "0", "0"], env=env)
    assert listed.returncode == 0, f"rolo ---completion exited {listed.returncode}: {listed.stderr}"
    return [line for line in listed.stdout.splitlines() if line.strip()]


# A configured source the completion check's config file declares, to be completed beside the
# built-in ones.
CONFIGURED = "tickets"
LAYOUT = ["bin/rolo", "share/man/man1/rolo.1", "share/bash-completion/completions/rolo",
          "share/zsh/site-functions/_rolo", "share/fish/vendor_completions.d/rolo.fish",
          "share/doc/rolo/README.md"]
# Libraries the binary may load: from packages every Debian 12 / Ubuntu 22.04 box has (libc6,
# libtinfo6, libncursesw6, zlib1g) or gets with the .deb's Depends (libsqlite3-0; libjpeg62-turbo,
# libpng16-16 and libcurl4, which it opens when first needed). libstdc++ and libgcc are linked in.
ALLOWED_NEEDED = re.compile(r"^(libc|libm|libpthread|libdl|librt|libutil|ld-linux[-\w]*"
                            r"|libncursesw|libtinfo|libjpeg|libpng16|libsqlite3|libcurl|libz)\.so[.\d]*$")
# What only a Swift toolchain has.
TOOLCHAIN = re.compile(r"/opt/swift|libswift|libFoundation|libdispatch|libBlocksRuntime|lib_FoundationICU")
OLDEST_GLIBC = (2, 35)
DEPENDS_WANTED = ["libc6", "libncursesw6", "libjpeg62-turbo", "libpng16-16", "libsqlite3-0", "libcurl4"]

results = []


def check(name):
    """Runs the decorated function as one named check, recording pass or fail."""
    def run(function):
        def wrapped(*arguments):
            try:
                detail = function(*arguments)
                results.append((name, True))
                print(f"ok    {name}" + (f": {detail}" if detail else ""), flush=True)
            except Exception as error:  # noqa: BLE001 - every failure is reported, then counted
                results.append((name, False))
                print(f"FAIL  {name}: {error}", flush=True)
                if not isinstance(error, AssertionError):
                    traceback.print_exc()
        return wrapped
    return run


def run(command, **options):
    return subprocess.run(command, capture_output=True, text=True, **options)


def toolchain_dirs():
    """Where the Swift toolchain is: the folder of `swift` on PATH (two levels up) and every
    folder the system's loader cache names for a Swift runtime library."""
    dirs = set()
    swift = shutil.which("swift")
    if swift:
        dirs.add(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(swift)))))
    for line in run(["ldconfig", "-p"]).stdout.splitlines():
        if "libswiftCore" in line or "libFoundation.so" in line:
            dirs.add(os.path.dirname(line.split("=>")[-1].strip()))
    return sorted(d for d in dirs if d not in ("/", "/usr", "/usr/lib", "/lib"))


def hidden(empty, files=()):
    """A command prefix that runs its command with the toolchain's folders hidden behind an
    empty one, and `files` behind /dev/null, in a mount namespace of its own (nothing outside
    it changes)."""
    binds = [f"mount --bind {empty} '{d}'" for d in toolchain_dirs()] + [f"mount --bind /dev/null '{f}'" for f in files]
    mounts = " && ".join(binds) or "true"
    return ["unshare", "-m", "--propagation", "private", "sh", "-c", f'{mounts} && exec "$@"', "sh"]


@check("tarball layout")
def tarball_layout(tarball, version):
    top = os.path.basename(tarball)[:-len(".tar.gz")]
    assert top.startswith(f"rolo-{version}-linux-"), f"{tarball} is not named after version {version}"
    with tarfile.open(tarball) as archive:
        files = sorted(m.name for m in archive.getmembers() if m.isfile())
        owners = {(m.uid, m.gid) for m in archive.getmembers()}
    expected = sorted(f"{top}/{path}" for path in LAYOUT)
    assert files == expected, f"files {files}, expected {expected}"
    assert owners == {(0, 0)}, f"owners {owners}"
    return f"{len(files)} files under {top}/, owned by root"


@check("binary's libraries")
def libraries(binary):
    ldd = run(["ldd", binary]).stdout
    bad = [line.strip() for line in ldd.splitlines() if TOOLCHAIN.search(line) or "not found" in line]
    assert not bad, "from the toolchain or missing:\n  " + "\n  ".join(bad)
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", run(["readelf", "-d", binary]).stdout)
    unexpected = [lib for lib in needed if not ALLOWED_NEEDED.match(lib)]
    assert needed and not unexpected, f"unexpected libraries: {unexpected}"
    # libcurl is loaded by the first request, libjpeg and libpng by the first picture, not at
    # start (Sources/CCurl/curl_loader.c, Sources/CImage/libraries.c).
    linked = [lib for lib in needed if lib.startswith(("libcurl", "libjpeg", "libpng"))]
    assert not linked, f"linked rather than loaded when needed: {linked}"
    # libstdc++ and libgcc are linked in (the Makefile's STATIC_CXX), which saves every start their load.
    shared = [lib for lib in needed if lib.startswith(("libstdc++", "libgcc_s"))]
    assert not shared, f"loaded rather than linked in: {shared}"
    # The oldest box rolo supports is Ubuntu 22.04, with glibc 2.35 (Sources/CGlibcCompat).
    versions = set(re.findall(r"\(GLIBC_(\d+(?:\.\d+)+)\)", run(["objdump", "-T", binary]).stdout))
    assert versions, "objdump -T shows no GLIBC_ symbol versions: is its format new?"
    newest = max(versions, key=lambda v: tuple(map(int, v.split("."))))
    newer = sorted(v for v in versions if tuple(map(int, v.split("."))) > OLDEST_GLIBC)
    assert not newer, f"needs glibc {newer}, newer than Ubuntu 22.04's 2.35: " + \
        run(["sh", "-c", f"objdump -T '{binary}' | grep -E 'GLIBC_({'|'.join(newer)})'"]).stdout[:300]
    return ", ".join(needed) + f"; glibc {newest} at most"


@check("the toolchain is hidden in the namespace")
def toolchain_hidden(prefix, dynamic):
    dirs = toolchain_dirs()
    assert dirs, "no Swift toolchain found to hide"
    listing = run(prefix + ["sh", "-c", " ".join(f"ls -A '{d}';" for d in dirs)])
    assert listing.returncode == 0 and not listing.stdout.strip(), f"still visible: {listing.stdout[:200]}"
    if dynamic and os.path.exists(dynamic):
        # The control: a binary linked against the toolchain must fail here, as on a bare box.
        broken = run(prefix + [dynamic, "--version"])
        assert broken.returncode != 0 and "libswift" in broken.stderr, \
            f"the dynamic build still runs with the toolchain hidden: {broken.stderr[:200]}"
        return f"{', '.join(dirs)} hidden; the dynamic build fails there: {broken.stderr.strip()[:90]}"
    return f"{', '.join(dirs)} hidden"


@check("--version and --help without the toolchain")
def version_and_help(prefix, binary, version):
    shown = run(prefix + [binary, "--version"])
    assert shown.returncode == 0 and shown.stdout.strip() == version, \
        f"--version: exit {shown.returncode}, {shown.stdout!r} {shown.stderr!r}"
    helped = run(prefix + [binary, "--help"])
    assert helped.returncode == 0 and "USAGE: rolo" in helped.stdout and "browse (default)" in helped.stdout, \
        f"--help: exit {helped.returncode}, {helped.stderr!r}"
    return f"--version prints {version}"


@check("rolo --demo without the toolchain, in tmux")
def demo_in_tmux(prefix, binary, work):
    return run_demo(prefix, binary, work)


def run_demo(prefix, binary, work):
    """`rolo --demo` in tmux under `prefix`: the first screen, q back to the shell, the
    terminal's modes as they were."""
    home = tempfile.mkdtemp(prefix="home-", dir=work)
    idle = os.path.join(work, "idle")
    pane = Pane(["env", "-i", "PATH=/usr/bin:/bin", f"HOME={home}", "TERM=xterm-256color", "LANG=C.UTF-8",
                 "PS1=$ ", f"ROLO_IDLE_FILE={idle}", "bash", "--norc", "--noprofile"], prefix=prefix)
    try:
        pane.wait_for("the shell prompt", lambda s: "$" in s)
        before = pane.modes()
        pane.type(f"{binary} --demo; echo rolo-exited-$?")
        pane.wait_for("the first screen with the demo's employees", lambda s: "24 employees" in s and "1/24" in s)
        wait_idle(idle)
        assert pane.modes() != before, "rolo did not take the terminal over (alternate screen, keypad)"
        pane.send("q")
        screen = pane.wait_for("the shell after q", lambda s: "rolo-exited-0" in s)
        after = pane.modes()
        assert after == before, f"terminal modes after q: {after}, before rolo: {before}"
        assert "24 employees" not in screen, "rolo's screen is still shown after q"
        return f"first screen drawn, q exits 0, terminal modes restored ({after})"
    finally:
        pane.close()


def cached_library(soname):
    """The file the system's loader cache gives for `soname`."""
    found = re.search(re.escape(soname) + r" \([^)]*\) => (\S+)", run(["ldconfig", "-p"]).stdout)
    assert found, f"the system's loader cache names no {soname}"
    return os.path.realpath(found.group(1))


@check("a box without libcurl: a clear message, not a failed start")
def without_libcurl(empty, binary, work):
    library = cached_library("libcurl.so.4")
    prefix = hidden(empty, files=[library])
    shown = run(prefix + [binary, "--version"])
    assert shown.returncode == 0, f"--version needs libcurl: {shown.stderr[:200]}"
    dumped = run(prefix + [binary, "dump", "people", "--people-url", "http://127.0.0.1:9/"],
                 env=dict(os.environ, HOME=tempfile.mkdtemp(prefix="home-", dir=work)))
    assert dumped.returncode == 1 and "libcurl isn't installed" in dumped.stderr, \
        f"rolo dump without libcurl: exit {dumped.returncode}, {dumped.stderr[:300]!r}"
    return f"{library} hidden: --version runs; a request says: {dumped.stderr.strip().splitlines()[-1][:100]}"


@check("a box without libjpeg and libpng: rolo starts and draws (they load with the first picture)")
def without_image_libraries(empty, binary, work):
    libraries = [cached_library("libjpeg.so.62"), cached_library("libpng16.so.16")]
    detail = run_demo(hidden(empty, files=libraries), binary, work)
    return f"{' and '.join(libraries)} hidden: {detail}"


@check("deb control fields")
def deb_control(deb, version):
    arch = run(["dpkg", "--print-architecture"]).stdout.strip()
    assert os.path.basename(deb) == f"rolo_{version}_{arch}.deb", f"{deb} is not named rolo_{version}_{arch}.deb"
    info = run(["dpkg-deb", "-f", deb]).stdout
    fields = dict(re.findall(r"^([\w-]+): (.*)$", info, re.M))
    assert fields.get("Package") == "rolo" and fields.get("Version") == version, f"control: {fields}"
    assert fields.get("Section") == "utils" and fields.get("Architecture") == arch, f"control: {fields}"
    for name in ("Maintainer", "Homepage", "Description", "Installed-Size"):
        assert fields.get(name), f"no {name} in the control file"
    depends = [d.strip().split()[0] for d in fields["Depends"].split(",")]
    missing = [d for d in DEPENDS_WANTED if d not in depends]
    assert not missing, f"Depends lacks {missing}: {fields['Depends']}"
    unknown = [d for d in depends if run(["dpkg-query", "-W", d]).returncode != 0]
    assert not unknown, f"Depends names packages this Debian doesn't have: {unknown}"
    assert run(["dpkg-deb", "-I", deb]).returncode == 0
    return f"Depends: {fields['Depends']}"


@check("deb contents")
def deb_contents(deb, prefix, version, work):
    listing = run(["dpkg-deb", "-c", deb]).stdout
    files = sorted(line.split()[-1] for line in listing.splitlines() if not line.startswith("d"))
    expected = sorted("./usr/" + path + (".gz" if path.endswith("rolo.1") else "") for path in LAYOUT)
    assert files == expected, f"files {files}, expected {expected}"
    assert all(" root/root " in line for line in listing.splitlines()), "files not owned by root"
    root = os.path.join(work, "deb-root")
    subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
    shown = run(prefix + [os.path.join(root, "usr/bin/rolo"), "--version"])
    assert shown.stdout.strip() == version, f"the packaged binary says {shown.stdout!r} {shown.stderr!r}"
    page = run(["man", "--warnings", "-l", os.path.join(root, "usr/share/man/man1/rolo.1.gz")],
               env=dict(os.environ, MANWIDTH="80", LANG="C.UTF-8"))
    assert not page.stderr and f"rolo {version}" in page.stdout, f"the gzipped page: {page.stderr[:300]}"
    return f"{len(files)} files under /usr, the man page gzipped, the binary runs"


@check("man page renders without warnings")
def man_page(page, version):
    rendered = run(["man", "--warnings", "-l", page], env=dict(os.environ, MANWIDTH="80", LANG="C.UTF-8"))
    assert rendered.returncode == 0, f"man exited {rendered.returncode}"
    assert not rendered.stderr, "warnings:\n" + rendered.stderr
    for section in ("KEYS", "ENVIRONMENT", "FILES", "EXAMPLES", "EXIT STATUS"):
        assert f"\n{section}\n" in rendered.stdout, f"no {section} section"
    assert f"rolo {version}" in rendered.stdout, "the footer does not carry the version"
    return f"{len(rendered.stdout.splitlines())} lines at 80 columns"


@check("completion scripts")
def completions(root):
    bash = os.path.join(root, "share/bash-completion/completions/rolo")
    zsh = os.path.join(root, "share/zsh/site-functions/_rolo")
    fish = os.path.join(root, "share/fish/vendor_completions.d/rolo.fish")
    # The scripts ask rolo for the names (so it must be on PATH), which reads this config file.
    home = tempfile.mkdtemp(prefix="completion-home-")
    os.makedirs(os.path.join(home, ".config/rolo"))
    with open(os.path.join(home, ".config/rolo/config.toml"), "w") as config:
        config.write(f'[[sources]]\nname = "{CONFIGURED}"\nurl = "https://api.example.com/{CONFIGURED}"\n')
    env = {"PATH": os.path.join(root, "bin") + ":/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"}
    try:
        return complete_sources(bash, zsh, fish, os.path.join(root, "bin/rolo"), env)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def complete_sources(bash, zsh, fish, binary, env):
    SOURCES = sources(binary, env)
    assert len(SOURCES) >= 6 and SOURCES[-1] == CONFIGURED, f"the binary names {SOURCES} as its sources"
    for shell, path in (("bash", bash), ("zsh", zsh), ("fish", fish)):
        syntax = run([shell, "-n", path])
        assert syntax.returncode == 0, f"{shell} -n {path}: {syntax.stderr}"
    # bash: what Tab offers after `rolo ` and after `rolo --images `.
    script = (f"source {bash}; complete -p rolo >/dev/null || exit 3; COMP_WORDS=(rolo \"$1\"); COMP_CWORD=1; "
              "COMP_LINE=\"rolo $1\"; COMP_POINT=${#COMP_LINE}; $(complete -p rolo | sed 's/.*-F \\([^ ]*\\).*/\\1/') "
              "rolo \"$1\" rolo; printf '%s\\n' \"${COMPREPLY[@]}\"")
    offered = run(["bash", "--norc", "-c", script, "bash", ""], env=env).stdout.split()
    missing = [s for s in SOURCES if s not in offered]
    assert not missing, f"bash does not offer {missing} after `rolo `: {offered}"
    dump = ("source {0}; COMP_WORDS=(rolo dump t); COMP_CWORD=2; COMP_LINE='rolo dump t'; COMP_POINT=${{#COMP_LINE}}; "
            "_rolo rolo t dump; printf '%s\\n' \"${{COMPREPLY[@]}}\"").format(bash)
    offered = run(["bash", "--norc", "-c", dump], env=env).stdout.split()
    assert offered == [CONFIGURED], f"bash offers {offered} after `rolo dump t`"
    fished = run(["fish", "--no-config", "-c", f"source {fish}; complete -C 'rolo '"], env=env).stdout
    fish_offered = [line.split("\t")[0] for line in fished.splitlines()]
    missing = [s for s in SOURCES if s not in fish_offered]
    assert not missing, f"fish does not offer {missing} after `rolo `: {fish_offered}"
    fished = run(["fish", "--no-config", "-c", f"source {fish}; complete -C 'rolo dump t'"], env=env).stdout
    assert [line.split("\t")[0] for line in fished.splitlines()] == [CONFIGURED], f"fish offers {fished!r} after `rolo dump t`"
    images = run(["fish", "--no-config", "-c", f"source {fish}; complete -C 'rolo browse --images '"], env=env).stdout.split()
    assert {"auto", "off", "truecolor", "256"} <= set(images), f"fish offers {images} after rolo browse --images"
    options = run(["fish", "--no-config", "-c", f"source {fish}; complete -C 'rolo dump foods --foods-'"], env=env).stdout.split()
    assert "--foods-url" in options, f"fish offers {options} after rolo dump foods --foods-"
    return (f"bash -n, zsh -n, fish -n pass; bash and fish offer the {len(SOURCES)} sources (the config file's {CONFIGURED} "
            "too, after rolo and rolo dump), fish the image modes and the sources' options")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--version", required=True)
    parser.add_argument("--tarball", required=True)
    parser.add_argument("--deb", required=True)
    parser.add_argument("--dynamic", help="a build linked against the toolchain, as a control")
    options = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("check-dist needs root: unshare -m and mount hide the toolchain (CI runs as root)")
    work = tempfile.mkdtemp(prefix="rolo-check-dist-")
    try:
        empty = os.path.join(work, "empty")
        os.mkdir(empty)
        unpacked = os.path.join(work, "unpacked")
        with tarfile.open(options.tarball) as archive:
            archive.extractall(unpacked, filter="data")
        [top] = os.listdir(unpacked)
        root = os.path.join(unpacked, top)
        binary = os.path.join(root, "bin/rolo")
        prefix = hidden(empty)

        tarball_layout(options.tarball, options.version)
        libraries(binary)
        toolchain_hidden(prefix, options.dynamic)
        version_and_help(prefix, binary, options.version)
        demo_in_tmux(prefix, binary, work)
        without_libcurl(empty, binary, work)
        without_image_libraries(empty, binary, work)
        deb_control(options.deb, options.version)
        deb_contents(options.deb, prefix, options.version, work)
        man_page(os.path.join(root, "share/man/man1/rolo.1"), options.version)
        completions(root)
        for name, passed in dist_ssh.run_checks(root, prefix, work):
            results.append((name, passed))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    failed = sum(1 for _, passed in results if not passed)
    print(f"check-dist: {len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
