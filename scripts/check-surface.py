#!/usr/bin/env python3
# The public surface check: counts the lines of Sources/BidiRender that declare something `public` or
# `open` and fails past the limit (issue #33: at most 300).
#
# What counts: every line whose declaration carries `public` or `open` (modifiers and attributes
# before it allowed: `@inlinable public`, `public internal(set) var`, `public static func`). A line
# inside an `@_spi(...)` type or extension, or carrying `@_spi(...)` itself, is a hook for the
# fuzzers and benchmarks (separate packages, which `package` access cannot reach): it is counted
# apart and printed, with its own limit, so the hooks cannot grow unseen. `package` and internal
# names are not surface. Enum cases and members of a public protocol inherit their access without
# the keyword and are not counted (as the issue counts).
#
#   python3 scripts/check-surface.py            # check (limits 300 user-visible, 60 @_spi)
#   python3 scripts/check-surface.py --list     # every counted line, @_spi ones marked
#   python3 scripts/check-surface.py --self-test
import os
import re
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LIMIT = 300
SPI_LIMIT = 60
DECL = re.compile(r"^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\b")
SPI_ALONE = re.compile(r"^\s*@_spi\([^)]*\)\s*$")
SCOPE = re.compile(r"\b(struct|class|enum|extension|protocol|actor)\b")


def strip_comment(line):
    """The code of `line` without a trailing // comment (string literals with // are rare here)."""
    at = line.find("//")
    return line if at < 0 else line[:at]


def scan(path):
    """The counted lines of one file: (line number, is @_spi, text)."""
    found = []
    stack = []  # (brace depth at the opening, is @_spi)
    depth = 0
    pending_spi = False
    in_block_comment = False
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, raw in enumerate(lines, 1):
        code = raw
        if in_block_comment:
            if "*/" not in code:
                continue
            code = code.split("*/", 1)[1]
            in_block_comment = False
        if "/*" in code and "*/" not in code.split("/*", 1)[1]:
            code = code.split("/*", 1)[0]
            in_block_comment = True
        code = strip_comment(code)
        if SPI_ALONE.match(code):
            pending_spi = True
            continue
        spi_here = pending_spi or "@_spi(" in code
        inside_spi = any(s for _, s in stack)
        if DECL.match(code):
            found.append((number, spi_here or inside_spi, raw.strip()))
        opens, closes = code.count("{"), code.count("}")
        if opens > closes and SCOPE.search(code):
            stack.append((depth, spi_here))
        depth += opens - closes
        while stack and depth <= stack[-1][0]:
            stack.pop()
        if code.strip() and not code.strip().startswith("@"):
            pending_spi = False
    return found


def survey(source_root):
    """Every counted line under `source_root`: (path, line, is @_spi, text)."""
    rows = []
    for folder, _, files in sorted(os.walk(source_root)):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                rows += [(os.path.relpath(path, source_root), n, s, t) for n, s, t in scan(path)]
    return rows


def check(source_root, limit, spi_limit, listing=False):
    rows = survey(source_root)
    visible = [r for r in rows if not r[2]]
    spi = [r for r in rows if r[2]]
    if listing:
        for path, number, is_spi, text in rows:
            print(f"{'spi ' if is_spi else ''}{path}:{number}: {text}")
    ok = True
    print(f"public surface: {len(visible)} lines declaring public names (limit {limit}); "
          f"{len(spi)} more in @_spi hooks (limit {spi_limit})")
    if len(visible) > limit:
        ok = False
        print(f"error: {len(visible)} public declarations, over the limit of {limit}. "
              "Make tool, test and benchmark hooks `package`, internal or @_spi; see --list.")
    if len(spi) > spi_limit:
        ok = False
        print(f"error: {len(spi)} @_spi declarations, over the limit of {spi_limit}: "
              "hooks the CLI or the tests alone use belong in `package` access.")
    return ok


def self_test():
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "A.swift"), "w") as f:
            f.write(
                "// A file.\n"
                "public struct A {\n"
                "    public var x: Int  // counted\n"
                "    package var y: Int\n"
                "    /* public var z: Int */\n"
                "}\n"
                "@_spi(Hooks)\n"
                "public enum Hook {\n"
                "    public static func poke() {}\n"
                "}\n"
                "extension A {\n"
                "    @_spi(Hooks) public func tap() {}\n"
                "    public func look() {}\n"
                "}\n")
        rows = survey(folder)
        got = [(n, s) for _, n, s, _ in rows]
        want = [(2, False), (3, False), (8, True), (9, True), (12, True), (13, False)]
        assert got == want, f"counted {got}, expected {want}"
        assert check(folder, 3, 3), "3 visible and 3 hooks must pass limits of 3"
        assert not check(folder, 2, 3), "3 visible must fail a limit of 2"
        assert not check(folder, 3, 2), "3 hooks must fail a limit of 2"
    print("check-surface self-test: passed (counts, @_spi scopes, both limits fail when crossed)")


if __name__ == "__main__":
    if "--self-test" in sys.argv:
        self_test()
        sys.exit(0)
    source = os.path.join(ROOT, "Sources", "BidiRender")
    sys.exit(0 if check(source, LIMIT, SPI_LIMIT, listing="--list" in sys.argv) else 1)
