#!/bin/sh
# make check-client (issue #39): Examples/Client, a package of its own that depends on BidiRender by
# path exactly as the README's "Use it as a dependency" snippet says, is built and run: it lays out,
# renders and formats one message, and the README's Swift samples compile as a client's code. Its
# resolution must fetch nothing (swift-argument-parser belongs to the CLI's trait, which the client
# turns off), and its output must be what the library gives.
set -eu
cd "$(dirname "$0")/../Examples/Client"
SWIFT=${SWIFT:-swift}
rm -rf .build/checkouts .build/repositories Package.resolved
$SWIFT build
# Nothing fetched: no checkout, no pin.
if [ -n "$(ls -A .build/checkouts 2>/dev/null)" ] || grep -q '"identity"' Package.resolved 2>/dev/null; then
    echo "check-client: a library-only client fetched packages:" >&2
    ls .build/checkouts >&2 2>/dev/null || true
    cat Package.resolved >&2 2>/dev/null || true
    exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
.build/debug/Client ../catalog "$out" > "$out/stdout"
cat "$out/stdout"
fail() { echo "check-client: $1" >&2; exit 1; }
version=$(sed -n 's/^public let version = "\(.*\)"$/\1/p' ../../Sources/BidiRender/Support/Version.swift)
grep -qx "BidiRender $version" "$out/stdout" || fail "no version line 'BidiRender $version'"
grep -q '^layout: 1 line, 2 runs, ' "$out/stdout" || fail "the seed string is not one line of two runs"
grep -q '^runs, left to right: 2..<16 Arab | 0..<2 Hani$' "$out/stdout" || fail "the runs are not in RTL visual order"
grep -q '^format: served ar, rightToLeft, 1 line' "$out/stdout" || fail "the message was not formatted for ar"
[ "$(head -c 8 "$out/client.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "client.png is not a PNG"
grep -q '<svg' "$out/client.svg" || fail "client.svg is not an SVG"
# The README's and the DocC articles' Swift samples (Examples/ReadmeSamples, which ReadmeSamplesTests
# holds to them) compile as a client's code too, outside the package: public names only (inside it,
# `package` names would compile and a reader's copy would not).
samples=.build/readme-samples
mkdir -p "$samples/Sources"
ln -sfn "$(cd ../.. && pwd)" "$samples/BidiRender"
ln -sfn "$(cd ../ReadmeSamples && pwd)" "$samples/Sources/ReadmeSamples"
cat > "$samples/Package.swift" <<'SWIFT'
// swift-tools-version:6.1
// Written by scripts/check-client.sh: the README's samples as a client package's executable.
import PackageDescription

let package = Package(
    name: "ReadmeSamplesClient",
    dependencies: [.package(path: "BidiRender", traits: [])],
    targets: [.executableTarget(name: "ReadmeSamples", dependencies: [.product(name: "BidiRender", package: "BidiRender")])],
    swiftLanguageModes: [.v6]
)
SWIFT
(cd "$samples" && $SWIFT build) || fail "the README's Swift samples use a name a client cannot see (see the errors above)"
echo "check-client: Examples/Client built with nothing fetched, and laid out, rendered and formatted a message; the README's samples compile as a client's"
