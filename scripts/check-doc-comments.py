#!/usr/bin/env python3
"""Fails, listing them, when a public declaration of a module has no doc comment.

Reads the symbol graph that `swift package dump-symbol-graph --skip-synthesized-members` writes
(MODULE.symbols.json, and MODULE@Other.symbols.json for extensions of other modules' types) and
prints one line per public symbol without a `///` comment, as FILE:LINE: kind name, then a count.
Members the compiler synthesizes or a protocol's default implementation supplies are not in that
graph, so only what the package itself declares is checked.

Usage: check-doc-comments.py SYMBOLGRAPH_DIR MODULE
"""
import glob
import json
import os
import sys


def symbols(directory, module):
    files = [os.path.join(directory, module + ".symbols.json")]
    files += sorted(glob.glob(os.path.join(directory, module + "@*.symbols.json")))
    for path in files:
        with open(path, encoding="utf-8") as handle:
            yield from json.load(handle)["symbols"]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    directory, module = sys.argv[1], sys.argv[2]
    if not os.path.exists(os.path.join(directory, module + ".symbols.json")):
        sys.exit(f"check-doc-comments: no {module}.symbols.json in {directory} (run swift package dump-symbol-graph)")
    root = os.getcwd() + os.sep
    total, missing = 0, []
    for symbol in symbols(directory, module):
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        total += 1
        if symbol.get("docComment", {}).get("lines"):
            continue
        location = symbol.get("location", {})
        path = location.get("uri", "?").removeprefix("file://").removeprefix(root)
        line = location.get("position", {}).get("line", 0) + 1
        name = ".".join(symbol["pathComponents"])
        missing.append(f"{path}:{line}: {symbol['kind']['displayName'].lower()} {name} has no doc comment")
    for entry in sorted(missing):
        print(entry)
    print(f"check-doc-comments: {module}: {total - len(missing)} of {total} public declarations documented")
    if missing:
        sys.exit(f"check-doc-comments: {len(missing)} public declarations of {module} have no doc comment")


if __name__ == "__main__":
    main()
