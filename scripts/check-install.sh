#!/bin/sh
# `make check-install` (issue #39): `make install` into a fresh folder, the installed CLI run on the
# seed string from a folder outside the checkout (its fonts from share/bidirender, BIDIRENDER_FONTS
# unset), its man pages and completions checked, then `make uninstall`, which must leave nothing.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
make -C "$root" --no-print-directory install PREFIX="$prefix"
fail() { echo "check-install: $*" >&2; exit 1; }
for f in bin/bidirender share/bidirender/Fonts/fonts.json share/man/man1/bidirender.1 share/man/man1/bidirender.layout.1 \
    share/bash-completion/completions/bidirender share/zsh/site-functions/_bidirender \
    share/fish/vendor_completions.d/bidirender.fish share/bidirender/installed-files; do
    [ -s "$prefix/$f" ] || fail "$f was not installed"
done
mkdir "$work/elsewhere"
cd "$work/elsewhere"
out=$(env -u BIDIRENDER_FONTS "$prefix/bin/bidirender" reorder '小明بدأ في متابعتك' --direction rtl)
[ "$out" = "كتعباتم يف أدب小明" ] || fail "the installed CLI reordered the seed as '$out'"
env -u BIDIRENDER_FONTS "$prefix/bin/bidirender" layout '小明بدأ في متابعتك' --direction rtl --format text > layout.txt
grep -q "NotoSansSC/NotoSansSC-Regular.otf" layout.txt || fail "the installed CLI did not find its fonts: $(cat layout.txt)"
env -u BIDIRENDER_FONTS "$prefix/bin/bidirender" render '小明بدأ في متابعتك' --direction rtl -o seed.png > /dev/null
[ -s seed.png ] || fail "the installed CLI rendered nothing"
cd "$root"
make -C "$root" --no-print-directory uninstall PREFIX="$prefix"
left=$(find "$prefix" -mindepth 1 2>/dev/null | head -5)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "check-install: installed, ran the seed from $work/elsewhere, uninstalled: nothing left"
