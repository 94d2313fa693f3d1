#!/bin/sh
# `make check-deb` (issue #39): `make deb`, then the package unpacked into a fresh folder with
# `dpkg -x` (no root, nothing installed on the machine), its control fields checked, and the
# unpacked CLI run on the seed strings from a folder outside the checkout, its fonts its own.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make -C "$root" --no-print-directory deb
deb=$(ls "$root"/out/bidirender_*_amd64.deb | tail -1)
fail() { echo "check-deb: $*" >&2; exit 1; }
info=$(dpkg-deb --field "$deb" Package Depends Recommends)
for need in "Package: bidirender" libfribidi0 libharfbuzz0b libfreetype6 libicu72 libfontconfig1 libpng16-16 \
    "Recommends: fonts-noto-color-emoji"; do
    echo "$info" | grep -q "$need" || fail "control lacks $need: $info"
done
dpkg -x "$deb" "$work/unpacked"
for f in usr/bin/bidirender usr/share/bidirender/Fonts/fonts.json usr/share/man/man1/bidirender.1.gz \
    usr/share/man/man1/bidirender.layout.1.gz usr/share/bash-completion/completions/bidirender \
    usr/share/zsh/site-functions/_bidirender usr/share/fish/vendor_completions.d/bidirender.fish; do
    [ -s "$work/unpacked/$f" ] || fail "$f is not in the package"
done
# No Swift runtime from the toolchain: the package runs without it.
if ldd "$work/unpacked/usr/bin/bidirender" | grep -q "libswiftCore"; then fail "the CLI links the toolchain's Swift runtime"; fi
mkdir "$work/elsewhere"
cd "$work/elsewhere"
cli="$work/unpacked/usr/bin/bidirender"
out=$(env -u BIDIRENDER_FONTS "$cli" reorder '小明بدأ في متابعتك' --direction rtl)
[ "$out" = "كتعباتم يف أدب小明" ] || fail "the packaged CLI reordered the seed as '$out'"
env -u BIDIRENDER_FONTS "$cli" layout 'مرحبا@我, 今天天气好吗' --direction rtl --locale ar --format text > layout.txt
grep -q "NotoSansArabic/NotoSansArabic-Regular.ttf" layout.txt || fail "the packaged CLI did not find its fonts: $(cat layout.txt)"
env -u BIDIRENDER_FONTS "$cli" render '小明بدأ في متابعتك' --direction rtl -o seed.png > /dev/null
[ -s seed.png ] || fail "the packaged CLI rendered nothing"
echo "check-deb: $(basename "$deb") unpacked, its control fields and files checked, the seed run from $work/elsewhere"
