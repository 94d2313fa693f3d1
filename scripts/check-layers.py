#!/usr/bin/env python3
"""check-layers: the order of Sources/BidiRender's folders, checked.

Docs/Design.md lists the folders bottom-up in its "Layers" block (a fenced block whose lines read
`N. Folder — what it holds`). A folder may use the folders below it and never one above it. This
script maps every top-level declaration (type, protocol, typealias, function, constant) of
Sources/BidiRender to the folder of the file that declares it, reads every file's identifiers
(comments and string literals left out, interpolations kept), and prints `file:line name` for each
reference from a folder to a folder above it, and for any folder not in the list. It exits 1 when it
printed anything, so `make test` fails on a back edge.

Back edges not yet removed are listed in scripts/layers-known.txt (`path name`, one a line, with
the reason in a comment): they are reported as known and do not fail, and a listed edge that is gone
fails until its line is removed, so the list only shrinks.

    scripts/check-layers.py                 check Sources/BidiRender against Docs/Design.md
    scripts/check-layers.py --graph         also print each folder's dependencies
    scripts/check-layers.py --self-test     show that a back edge fails (a temporary tree)
"""
import argparse
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECL = re.compile(
    r"^(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"((?:public|internal|private|fileprivate|package|open|final|indirect|nonisolated|@\w+)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias|func|let|var)\s+([A-Za-z_]\w*)")
IDENT = re.compile(r"[A-Za-z_]\w*")
LAYER_LINE = re.compile(r"^\s*(\d+)\.\s+([A-Za-z]+)\b")


def strip_code(text):
    """The text with comments and string literals blanked (newlines kept, so line numbers hold);
    the code inside an interpolation `\\(...)` stays."""
    out = []
    i, n = 0, len(text)
    # A stack of contexts: 'code' or ('str', delimiter) with interpolation depth tracking.
    stack = [["code", 0]]
    while i < n:
        top = stack[-1]
        c = text[i]
        if top[0] == "code":
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                out.append(" " * (j - i))
                i = j
            elif text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
                i = j
            elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
                m = re.match(r'(#*)("""|")', text[i:])
                delim = m.group(2) + m.group(1)
                stack.append(["str", delim, len(m.group(1))])
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                if c == "(":
                    top[1] += 1
                elif c == ")":
                    if top[1] == 0 and len(stack) > 1:
                        stack.pop()  # the end of an interpolation
                        out.append(" ")
                        i += 1
                        continue
                    top[1] -= 1
                out.append(c)
                i += 1
        else:
            delim, hashes = top[1], top[2]
            if text.startswith(delim, i):
                stack.pop()
                out.append(" " * len(delim))
                i += len(delim)
            elif c == "\\" and text.startswith("#" * hashes + "(", i + 1):
                stack.append(["code", 0])
                out.append(" " * (2 + hashes))
                i += 2 + hashes
            elif c == "\\" and hashes == 0:
                out.append("  ")
                i += 2
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
    return "".join(out)


def read_layers(design):
    """The folders bottom-up, from the fenced block under Design.md's `## Layers` heading."""
    layers = []
    in_section = in_block = False
    with open(design, encoding="utf-8") as f:
        for line in f:
            if line.startswith("## "):
                in_section = line.strip() == "## Layers"
                continue
            if in_section and line.startswith("```"):
                if in_block:
                    break
                in_block = True
                continue
            if in_block:
                m = LAYER_LINE.match(line)
                if m:
                    layers.append(m.group(2))
    return layers


def swift_files(sources):
    for folder, _, files in os.walk(sources):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def folder_of(path, sources):
    rel = os.path.relpath(path, sources)
    return rel.split(os.sep)[0] if os.sep in rel else "."


def read_known(path):
    """The (path, name) pairs of scripts/layers-known.txt."""
    known = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    file, name = line.split()
                    known.add((file, name))
    return known


def check(sources, layers, graph=False, out=sys.stdout, known=frozenset()):
    rank = {name: i for i, name in enumerate(layers)}
    owners = {}  # name -> set of folders that declare it at top level
    code = {}
    problems = []
    for path in swift_files(sources):
        folder = folder_of(path, sources)
        with open(path, encoding="utf-8") as f:
            text = strip_code(f.read())
        code[path] = text
        if folder not in rank:
            problems.append(f"{os.path.relpath(path, ROOT)}:1 folder '{folder}' is not in Docs/Design.md's Layers")
            continue
        depth = 0
        for line in text.split("\n"):
            if depth == 0:
                m = DECL.match(line.strip())
                if m and not re.search(r"\b(private|fileprivate)\b", m.group(1) or ""):
                    owners.setdefault(m.group(2), set()).add(folder)
            depth += line.count("{") - line.count("}")
    edges = {}
    found_known = set()
    for path, text in code.items():
        folder = folder_of(path, sources)
        if folder not in rank:
            continue
        seen = set()
        for number, line in enumerate(text.split("\n"), 1):
            for m in IDENT.finditer(line):
                name = m.group(0)
                homes = owners.get(name)
                if not homes or folder in homes:
                    continue
                for home in homes:
                    edges.setdefault(folder, set()).add(home)
                    if rank[home] > rank[folder] and (name, number) not in seen:
                        seen.add((name, number))
                        rel = os.path.relpath(path, ROOT)
                        message = f"{rel}:{number} {name} ({folder} uses {home}, a layer above it)"
                        if (rel, name) in known:
                            found_known.add((rel, name))
                        else:
                            problems.append(message)
    if graph:
        for folder in layers:
            below = sorted(edges.get(folder, ()), key=lambda f: rank[f])
            print(f"{folder:10} -> {', '.join(below) or '(nothing)'}", file=out)
    for file, name in sorted(set(known) - found_known):
        problems.append(f"{file} {name}: listed in scripts/layers-known.txt but no longer a back edge: remove the line")
    if found_known:
        print(f"check-layers: {len(found_known)} known back edge(s) left (scripts/layers-known.txt)", file=out)
    for p in problems:
        print(p, file=out)
    return not problems


def self_test():
    """A tiny tree with one back edge must fail and name it; without it, pass."""
    with tempfile.TemporaryDirectory() as tmp:
        for folder, body in {
            "Low": "/// A value.\npublic struct Colour { var r = 0 }\n",
            "High": "// \"Colour\" in a comment is no reference\nstruct Card { let c = Colour() }\n",
        }.items():
            os.makedirs(os.path.join(tmp, folder))
            with open(os.path.join(tmp, folder, f"{folder}.swift"), "w") as f:
                f.write(body)
        import io
        good = io.StringIO()
        assert check(tmp, ["Low", "High"], out=good), good.getvalue()
        with open(os.path.join(tmp, "Low", "Back.swift"), "w") as f:
            f.write('let s = "\\(Card().c.r)"\n')
        bad = io.StringIO()
        assert not check(tmp, ["Low", "High"], out=bad), "a back edge passed"
        assert "Back.swift:1 Card (Low uses High" in bad.getvalue(), bad.getvalue()
    print("check-layers self-test: a back edge fails, as it should")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--graph", action="store_true")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return 0 if self_test() else 1
    layers = read_layers(os.path.join(ROOT, "Docs", "Design.md"))
    if not layers:
        print("Docs/Design.md has no Layers block", file=sys.stderr)
        return 1
    known = read_known(os.path.join(ROOT, "scripts", "layers-known.txt"))
    ok = check(os.path.join(ROOT, "Sources", "BidiRender"), layers, graph=args.graph, known=known)
    if ok:
        print(f"check-layers: {len(layers)} layers, no reference against the order")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
