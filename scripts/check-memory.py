#!/usr/bin/env python3
"""Peak memory of the bidirender CLI on long inputs (`make check-memory`).

Generates deterministic Arabic-and-Latin chat text (the words of Tests/ChatCorpus), runs the CLI on
it (layout as text and JSON, render to SVG, --jsonl on long lines), and ConcurrentCallers (64
threads sharing one engine), with standard output read through a pipe and counted, and reads
each run's peak resident set size (ru_maxrss of the child, from wait4). Prints one line per case and
exits 1 when the JSON layout of the 1 MB text passes its limit (--limit-mb, default 300) or the 64
callers pass theirs (--callers-limit-mb, default 200).

Usage: scripts/check-memory.py path/to/bidirender [--limit-mb 300] [--callers-limit-mb 200] [--quick]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ARABIC = ("مرحبا كيف حالك شكرا اليوم بدأ في متابعتك صديقي جميل نعم لا أهلا وسهلا السلام عليكم مَرْحَبًا "
          "الطقس رائع غدا سأكون هناك الاجتماع الساعة إن شاء الله حبيبي تمام ممتاز فيديو جديد").split()
LATIN = ("hello ok see you at the meeting thanks lol great iPhone Wi-Fi video live now tomorrow cool yes "
         "no Dubai Cairo Beijing").split()


def chat_text(code_points, seed, newline_every=None):
    """About `code_points` code points of chat: 1-5 Arabic words, then 1-3 Latin words, and so on,
    separated by spaces; with `newline_every`, a newline in place of the first space past that many
    code points since the last one."""
    rng = random.Random(seed)
    words, count, since_newline = [], 0, 0
    while count < code_points:
        for _ in range(rng.randint(1, 5)):
            words.append(rng.choice(ARABIC))
            count += len(words[-1]) + 1
        for _ in range(rng.randint(1, 3)):
            words.append(rng.choice(LATIN))
            count += len(words[-1]) + 1
    out = []
    for w in words:
        if out:
            if newline_every and since_newline >= newline_every:
                out.append("\n")
                since_newline = 0
            else:
                out.append(" ")
        out.append(w)
        since_newline += len(w) + 1
    return "".join(out)


def measure(args, stdin_path=None):
    """Runs the command; returns (peak RSS in MB, output bytes, seconds, exit status)."""
    start = time.monotonic()
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    p = subprocess.Popen(args, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    size = 0
    while True:
        chunk = p.stdout.read(1 << 20)
        if not chunk:
            break
        size += len(chunk)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if stdin_path:
        stdin.close()
    return usage.ru_maxrss / 1024, size, time.monotonic() - start, p.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bin")
    parser.add_argument("--limit-mb", type=float, default=300)
    parser.add_argument("--callers-limit-mb", type=float, default=200, help="peak of 64 concurrent callers")
    parser.add_argument("--quick", action="store_true", help="64 long lines instead of 512")
    a = parser.parse_args()
    common = ["--direction", "rtl", "--locale", "ar", "--no-system-fonts"]
    failed = False
    with tempfile.TemporaryDirectory() as work:
        one = chat_text(900_000, seed=20261123)
        split = chat_text(900_000, seed=20261123, newline_every=200)
        files = {}
        for name, text in (("one paragraph", one), ("a newline every ~200", split)):
            path = os.path.join(work, name.replace(" ", "-").replace("~", "") + ".txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            files[name] = path
            print(f"input {name}: {len(text):,} code points, {len(text.encode()):,} bytes")
        lines = 64 if a.quick else 512
        jsonl = os.path.join(work, "long-lines.jsonl")
        with open(jsonl, "w", encoding="utf-8") as f:
            for i in range(lines):
                text = chat_text(20_000, seed=i)
                f.write(json.dumps({"text": text, "direction": "rtl", "locale": "ar", "width": 300}, ensure_ascii=False) + "\n")
        print(f"input {lines} long lines: ~20,000 code points each, {os.path.getsize(jsonl):,} bytes")
        rss, _, _, _ = measure([a.bin, "layout", "a", "--format", "json"] + common)
        print(f"{'startup (layout of one letter, json)':52} peak {rss:7.1f} MB")
        for name, path in files.items():
            for fmt in ("text", "json"):
                rss, size, secs, rc = measure([a.bin, "layout", "--text-file", path, "--format", fmt] + common)
                verdict = ""
                if fmt == "json":
                    ok = rc == 0 and rss < a.limit_mb
                    failed |= not ok
                    verdict = f"  limit {a.limit_mb:.0f} MB: {'ok' if ok else 'FAIL'}"
                print(f"{'layout --format ' + fmt + ', ' + name:52} peak {rss:7.1f} MB, "
                      f"output {size / 1e6:7.1f} MB, {secs:5.1f} s, exit {rc}{verdict}")
        svg = os.path.join(work, "out.svg")
        rss, _, secs, rc = measure([a.bin, "render", "--text-file", files["a newline every ~200"], "--width", "600", "-o", svg] + common)
        size = os.path.getsize(svg) if os.path.exists(svg) else 0
        print(f"{'render -o out.svg --width 600, a newline every ~200':52} peak {rss:7.1f} MB, "
              f"output {size / 1e6:7.1f} MB, {secs:5.1f} s, exit {rc}")
        if os.path.exists(svg):
            os.unlink(svg)
        for jobs in ("1", "2"):
            rss, size, secs, rc = measure([a.bin, "layout", "--jsonl", "--jobs", jobs, "--no-system-fonts"], stdin_path=jsonl)
            print(f"{f'layout --jsonl --jobs {jobs}, {lines} long lines':52} peak {rss:7.1f} MB, "
                  f"output {size / 1e6:7.1f} MB, {secs:5.1f} s, exit {rc}")
        # 64 concurrent callers of one engine: ConcurrentCallers (Tests/ConcurrentCallers, built
        # beside the CLI) runs 64 threads laying out chat messages in a loop on one shared engine.
        callers = os.path.join(os.path.dirname(a.bin), "ConcurrentCallers")
        rss, _, secs, rc = measure([callers, "64", "1000"])
        ok = rc == 0 and rss < a.callers_limit_mb
        failed |= not ok
        print(f"{'64 threads × 1,000 layouts on one engine':52} peak {rss:7.1f} MB, "
              f"{secs:5.1f} s, exit {rc}  limit {a.callers_limit_mb:.0f} MB: {'ok' if ok else 'FAIL'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
