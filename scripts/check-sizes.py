#!/usr/bin/env python3
"""check-sizes: the structure stays easy to see.

No hand-written Swift file over 450 lines and no function (func, init, subscript, accessor,
deinit) over 80 lines, in Sources/, Tests/, Examples/, Fuzz/Sources and Benchmarks/Sources.
Generated files (`*.generated.swift`) are left out. A function's length is counted from its
declaration's first line to its closing brace, comments and blank lines included.

Exceptions kept on purpose are listed in scripts/sizes-known.txt (`path` for a file, `path name`
for a function, with the reason in a comment above): they are reported as known and do not fail, and
a listed exception that no longer exceeds its bound fails until its line is removed, so the list
only shrinks. Exits 1 on anything over its bound and not listed.

    scripts/check-sizes.py              check the tree
    scripts/check-sizes.py --self-test  show that a long function and a long file fail
"""
import argparse
import importlib.util
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["Sources", "Tests", "Examples", "Fuzz/Sources", "Benchmarks/Sources"]
MAX_FILE = 450
MAX_FUNCTION = 80
FUNC = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|open|final|"
    r"override|static|class|mutating|nonmutating|nonisolated|convenience|required|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:func\s+([^\s(<]+)|(init)[?!]?\s*[(<]|(deinit)\b|(subscript)\s*[(<])")

_spec = importlib.util.spec_from_file_location("check_layers", os.path.join(ROOT, "scripts", "check-layers.py"))
_layers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_layers)
strip_code = _layers.strip_code


def swift_files(root):
    for folder in FOLDERS:
        base = os.path.join(root, folder)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".build"))
            for name in sorted(filenames):
                if name.endswith(".swift") and not name.endswith(".generated.swift"):
                    yield os.path.join(dirpath, name)


def functions(code):
    """(name, first line, line count) of every function body in `code` (comments and strings
    already blanked)."""
    lines = code.split("\n")
    found = []
    for index, line in enumerate(lines):
        match = FUNC.match(line)
        if not match:
            continue
        name = next(g for g in match.groups() if g)
        # The body opens at the first "{" after the declaration; a protocol requirement has none
        # before the next declaration or closing brace.
        depth, start, offset = 0, None, 0
        text = "\n".join(lines[index:])
        paren = 0
        for offset, ch in enumerate(text):
            if ch in "([":
                paren += 1
            elif ch in ")]":
                paren -= 1
            elif ch == "{" and paren == 0:
                if start is None:
                    start = offset
                depth += 1
            elif ch == "}" and paren == 0:
                if start is None:
                    break
                depth -= 1
                if depth == 0:
                    break
            elif ch == "\n" and start is None and offset > 0:
                following = text[offset + 1:].lstrip(" ")
                if FUNC.match(following) or following.startswith("}"):
                    break
        if start is None:
            continue
        count = text[:offset].count("\n") + 1
        found.append((name, index + 1, count))
    return found


def check(root, known_path):
    known = set()
    if os.path.exists(known_path):
        for line in open(known_path, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                known.add(line)
    problems, seen = [], set()
    for path in swift_files(root):
        rel = os.path.relpath(path, root)
        text = open(path, encoding="utf-8").read()
        count = text.count("\n")
        if count > MAX_FILE:
            if rel in known:
                seen.add(rel)
            else:
                problems.append(f"{rel}: {count} lines (at most {MAX_FILE})")
        for name, line, length in functions(strip_code(text)):
            if length > MAX_FUNCTION:
                key = f"{rel} {name}"
                if key in known:
                    seen.add(key)
                else:
                    problems.append(f"{rel}:{line} {name}: {length} lines (at most {MAX_FUNCTION})")
    for entry in sorted(known - seen):
        problems.append(f"{known_path}: '{entry}' is within its bound now: remove the line")
    return problems, len(seen)


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "Sources", "X"))
        body = "\n".join(f"    let a{i} = {i}" for i in range(MAX_FUNCTION))
        with open(os.path.join(root, "Sources", "X", "Long.swift"), "w") as f:
            f.write("// Long\nstruct S {\n    func long() {\n" + body + "\n    }\n    func short() { }\n}\n")
        with open(os.path.join(root, "Sources", "X", "Big.swift"), "w") as f:
            f.write("// Big\n" + "let x = 1\n" * MAX_FILE)
        problems, _ = check(root, os.path.join(root, "none.txt"))
        expected = ["Sources/X/Big.swift: 451 lines (at most 450)",
                    "Sources/X/Long.swift:3 long: 82 lines (at most 80)"]
        if sorted(problems) != expected:
            print("check-sizes self-test failed:", problems, file=sys.stderr)
            return 1
        known = os.path.join(root, "known.txt")
        with open(known, "w") as f:
            f.write("Sources/X/Big.swift\nSources/X/Long.swift long\nSources/X/Long.swift short\n")
        problems, _ = check(root, known)
        if problems != [f"{known}: 'Sources/X/Long.swift short' is within its bound now: remove the line"]:
            print("check-sizes self-test failed on the known list:", problems, file=sys.stderr)
            return 1
    print("check-sizes: self-test passed (a long file, a long function and a stale exception fail)")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    problems, kept = check(ROOT, os.path.join(ROOT, "scripts", "sizes-known.txt"))
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"check-sizes: no file over {MAX_FILE} lines, no function over {MAX_FUNCTION} ({kept} exception(s) kept, scripts/sizes-known.txt)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
