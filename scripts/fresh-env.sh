#!/usr/bin/env bash
# Runs a command as a machine that has never seen this user would: no variable of this shell's,
# the system's PATH (and the Swift toolchain's folder) only, an empty HOME made for the run and
# removed after it, no terminfo but the system's (no ~/.terminfo, TERMINFO or TERMINFO_DIRS).
#
#     scripts/fresh-env.sh make test
#
# .ci/run runs the suite this way, so a test that leans on a developer's own set-up (a tool
# in ~/.local/bin, a terminfo entry compiled into ~/.terminfo, a variable exported in a shell
# profile) fails in CI rather than on a newcomer's machine.
set -euo pipefail
swift=$(command -v "${SWIFT:-swift}") || { echo "fresh-env: swift is not on PATH" >&2; exit 1; }
home=$(mktemp -d -t rolo-fresh-home.XXXXXX)
trap 'rm -rf "$home"' EXIT
echo "fresh-env: HOME=$home PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$(dirname "$swift") $*"
env -i HOME="$home" LANG=C.UTF-8 \
    PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$(dirname "$swift")" \
    ${CI:+CI="$CI"} "$@"
