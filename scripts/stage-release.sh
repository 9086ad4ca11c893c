#!/bin/sh
# Lays out rolo's release tree under ROOT, the same for the tarball, the .deb and `make install`:
#   ROOT/bin/rolo                                     stripped
#   ROOT/share/man/man1/rolo.1                        (rolo.1.gz with --gzip-man, as Debian wants)
#   ROOT/share/bash-completion/completions/rolo
#   ROOT/share/zsh/site-functions/_rolo
#   ROOT/share/fish/vendor_completions.d/rolo.fish
#   ROOT/share/doc/rolo/README.md
# Usage: scripts/stage-release.sh BINARY ROOT VERSION [--gzip-man]
# BINARY is the unstripped release build: it runs here to write its own completion scripts, so
# they always match the options it parses (scripts/completions.py).
set -eu

binary=$1 root=$2 version=$3 gzip_man=${4:-}
here=$(dirname "$0")
top=$here/..

[ -x "$binary" ] || { echo "stage-release: no release binary at $binary (make release builds it)" >&2; exit 1; }

install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d" "$root/share/doc/rolo"
install -m 755 "$binary" "$root/bin/rolo"
strip "$root/bin/rolo"

# The page's source leaves the version out so it is written in one place, the VERSION file.
man="$root/share/man/man1/rolo.1"
sed "s/^\.Os rolo\$/.Os rolo $version/" "$top/man/rolo.1" > "$man"
chmod 644 "$man"
if [ "$gzip_man" = "--gzip-man" ]; then
    gzip -9n -f "$man"
fi

python3 "$here/completions.py" "$binary" "$root/share/bash-completion/completions/rolo" \
    "$root/share/zsh/site-functions/_rolo" "$root/share/fish/vendor_completions.d/rolo.fish"
install -m 644 "$top/README.md" "$root/share/doc/rolo/README.md"
chmod 644 "$root/share/bash-completion/completions/rolo" "$root/share/zsh/site-functions/_rolo" \
    "$root/share/fish/vendor_completions.d/rolo.fish"
