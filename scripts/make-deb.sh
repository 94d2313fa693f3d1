#!/bin/sh
# `make deb` (issue #39): bidirender_VERSION_amd64.deb, built with dpkg-deb from a staging folder that
# scripts/install.sh fills with PREFIX=/usr: /usr/bin/bidirender (the Swift runtime linked in
# statically, stripped), /usr/share/bidirender/Fonts, the man pages and the completions.
#
#   scripts/make-deb.sh BINARY MANDIR OUTDIR
set -eu
binary=$1
mandir=$2
outdir=$3
root=$(cd "$(dirname "$0")/.." && pwd)
version=$("$binary" --version | head -1 | cut -d' ' -f2)
case "$version" in [0-9]*) ;; *) echo "make-deb.sh: no version from $binary --version" >&2; exit 1 ;; esac
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
chmod 755 "$stage"
"$root/scripts/install.sh" install "$stage/usr" "$binary" "$mandir" > /dev/null
# dpkg keeps the list of a package's files: install's own list (with the staging paths) is dropped.
rm "$stage/usr/share/bidirender/installed-files"
strip --strip-unneeded "$stage/usr/bin/bidirender"
gzip -9n "$stage"/usr/share/man/man1/*.1
mkdir -p "$stage/usr/share/doc/bidirender"
gzip -9nc "$root/CHANGELOG.md" > "$stage/usr/share/doc/bidirender/changelog.gz"
mkdir "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: bidirender
Version: $version
Architecture: amd64
Maintainer: BidiRender developers <bidirender@invalid>
Installed-Size: $(du -sk "$stage/usr" | cut -f1)
Depends: libc6, libgcc-s1, libstdc++6, libfribidi0, libharfbuzz0b, libfreetype6, libicu72, libfontconfig1, libpng16-16
Recommends: fonts-noto-color-emoji
Section: text
Priority: optional
Description: bidirectional text layout and rendering for chat strings
 bidirender reorders, lays out, formats and renders text that mixes
 Arabic, Chinese, Latin and @-mentions under a paragraph direction forced
 by the application's locale, with per-locale font packages, as glyph runs,
 JSON, PNG and SVG.
CONTROL
mkdir -p "$outdir"
deb="$outdir/bidirender_${version}_amd64.deb"
dpkg-deb --root-owner-group --build "$stage" "$deb" > /dev/null
echo "$deb"
