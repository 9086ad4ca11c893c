#!/bin/sh
# Builds dist/rolo_VERSION_ARCH.deb with dpkg-deb from the release tree under /usr, its Depends
# read off the binary by dpkg-shlibdeps (so a new library dependency can't be forgotten).
# Usage: scripts/build-deb.sh BINARY VERSION OUTDIR
# MAINTAINER and HOMEPAGE in the environment fill those control fields.
set -eu

binary=$1 version=$2 out=$3
: "${MAINTAINER:?set MAINTAINER, e.g. Name <email>}" "${HOMEPAGE:?set HOMEPAGE}"
here=$(cd "$(dirname "$0")" && pwd)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

root="$work/rolo_${version}_$arch"
"$here/stage-release.sh" "$binary" "$root/usr" "$version" --gzip-man

# dpkg-shlibdeps wants to run inside a source package: a two-stanza debian/control is enough.
mkdir -p "$work/src/debian"
printf 'Source: rolo\n\nPackage: rolo\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O -e"$root/usr/bin/rolo" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies for $binary" >&2; exit 1; }
# libcurl is loaded with dlopen by the first request (Sources/CCurl), and libjpeg and libpng by the
# first picture (Sources/CImage/libraries.c), so dpkg-shlibdeps can't see them. libcurl: 7.68
# brought curl_multi_wakeup; Ubuntu 24.04 renamed the package libcurl4t64, and libpng's
# libpng16-16t64. The other two minimums are what dpkg-shlibdeps gives when they are linked.
depends="$depends, libjpeg62-turbo (>= 1.3.1), libpng16-16 (>= 1.6.2-1) | libpng16-16t64"
depends="$depends, libcurl4 (>= 7.68.0) | libcurl4t64"

size=$(du -sk "$root/usr" | cut -f1)
mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<EOF
Package: rolo
Version: $version
Architecture: $arch
Maintainer: $MAINTAINER
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Homepage: $HOMEPAGE
Description: terminal browser for the people and foods behind five REST APIs
 rolo is a full-screen terminal browser, in the spirit of tig and htop, for
 the employees of an ME server, the Tallinn and Tartu work directory,
 OpenFoods, randomuser.me and the persons of a Pipedrive account. It works
 over ssh, keeps what it fetched in a local database so a relaunch shows it
 at once, draws photos with Unicode half blocks, and has a built-in stand-in
 server (rolo --demo) so it can be tried with no network.
EOF

mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/rolo_${version}_$arch.deb" >/dev/null
echo "$out/rolo_${version}_$arch.deb"
