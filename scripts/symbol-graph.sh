#!/bin/sh
# The symbol graph of the BidiRender module, for `make check-docs` and `make docs`: the toolchain's
# swift-symbolgraph-extract on the module that `swift build --target BidiRender --scratch-path BUILD`
# made (the library alone: no tests, no CLI), with the flags dump-symbol-graph gives (public and up,
# no synthesized members); the C modules it imports are found through their module maps and
# pkg-config's include folders.
#
#   scripts/symbol-graph.sh BUILD OUTPUT_FOLDER
set -eu
build=$1
output=$2
bin=$(${SWIFT:-swift} build --scratch-path "$build" --disable-default-traits --show-bin-path)
root=$(cd "$(dirname "$0")/.." && pwd)
set -- -module-name BidiRender -target "$(uname -m)-unknown-linux-gnu" -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/CICUBridge.build/module.modulemap" -Xcc -I -Xcc "$root/Sources/CICUBridge/include"
for module in CFriBidi CHarfBuzz CFreeType CFontconfig CPNG; do
    set -- "$@" -Xcc -fmodule-map-file="$root/Sources/$module/module.modulemap"
done
for folder in $(pkg-config --cflags-only-I fribidi harfbuzz freetype2 fontconfig libpng); do
    set -- "$@" -Xcc "$folder"
done
mkdir -p "$output"
swift-symbolgraph-extract "$@" -minimum-access-level public -skip-synthesized-members -output-dir "$output"
test -s "$output/BidiRender.symbols.json"
