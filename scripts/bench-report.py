#!/usr/bin/env python3
"""Summarizes a package-benchmark text report (stdin or a file) and times the batch CLI.

Prints a table of p50 time and mallocs per message for each benchmark, then the machine-readable
ratio lines that `make bench` ends with. A ratio whose benchmarks did not run prints "n/a".

Also runs, when given: the batch CLI over the corpus with one job and with all cores, in five
alternating rounds (messages per second, the median of the rounds' ratios, and the peak resident
size of the CLI), CorpusDump --stats (mean code points of a message
and of a long line, for the per-code-point ratio), and `Soak corpus` (the shaping cache's hit rate
and memory, and the peak resident size of laying the whole corpus out).

With --readme PATH, the whole report also replaces what stands between the lines
`<!-- bench-report:begin -->` and `<!-- bench-report:end -->` of that file (README.md's Performance
section, the one place for the figures), with the date, the machine's cores and its load.

With --ratios PATH (Benchmarks' `Ratios` executable), it ends with issue #18's targets: each pair
measured interleaved (ours, baseline, in rounds; the median of the rounds' ratios and their spread),
the instruction-count ratios of the reorder, shape and layout pairs under callgrind, issue #32's
growth lines (each hostile input shape at n and 2n, and a `growth:` line naming any with a ratio
of 3 or more), then one
`ratio NAME: X` line per target and a `limits:` line saying which are not met. The batch runs report
each run's own peak resident memory (wait4), and no throughput when the CLI fails.

Usage: bench-report.py REPORT [--cli PATH --corpus PATH --soak PATH --ratios PATH] [--readme PATH]
"""
import argparse
import datetime
import io
import os
import re
import resource
import subprocess
import shutil
import statistics
import sys
import tempfile
import time


def number(cell):
    cell = cell.strip().replace(",", "")
    scale = 1.0
    if cell and cell[-1] in "KMG":
        scale = {"K": 1e3, "M": 1e6, "G": 1e9}[cell[-1]]
        cell = cell[:-1]
    try:
        return float(cell) * scale
    except ValueError:
        return None


def parse(text):
    results = {}
    current = None
    for line in text.splitlines():
        stripped = line.strip()
        if re.fullmatch(r"[a-z][a-z0-9-]*", stripped):
            current = stripped
            results.setdefault(current, {})
            continue
        if current is None or "│" not in line:
            continue
        cells = line.split("│")
        if len(cells) < 6:
            continue
        metric = cells[1].strip()
        p50 = number(cells[4])
        if p50 is None:
            continue
        if metric.startswith("Time (wall clock)"):
            unit = re.search(r"\((ns|μs|us|ms|s)\)", metric)
            factor = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}[unit.group(1) if unit else "ns"]
            results[current]["ns"] = p50 * factor
        elif metric.startswith("Malloc (total)"):
            results[current]["mallocs"] = p50
            results[current]["mallocs_max"] = number(cells[8]) if len(cells) > 8 else None
    return results


def ratio(results, a, b):
    if a in results and b in results and results[b].get("ns"):
        return "%.2f" % (results[a]["ns"] / results[b]["ns"])
    return "n/a"


def run_child(command, stdin_bytes):
    """Runs `command` with `stdin_bytes` as its input; returns (exit code, seconds, peak resident MB of
    that child alone, the end of its standard error). wait4 gives the child's own rusage, not the
    largest of every child this script ran."""
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as stderr:
        stdin.write(stdin_bytes)
        stdin.seek(0)
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        stderr.seek(0)
        tail = stderr.read().decode("utf-8", "replace").strip().splitlines()[-3:]
        return process.returncode, elapsed, usage.ru_maxrss / 1024, tail


BATCH_ROUNDS = 5


def batch(cli, corpus):
    """Messages per second of the batch CLI over the corpus, with one job and with every core, and
    the peak resident memory of each run; a run that fails gives no throughput (its error instead).
    Like the interleaved pairs, the two are timed in `BATCH_ROUNDS` rounds, one job and all cores
    back to back (which goes first alternates): each job count's rate is the median of its rounds,
    `rates` the rounds' own in order (`targets` takes the median of the rounds' all-cores over
    one-core ratios, so that the machine's noise moves both sides of a round alike), its peak the
    largest."""
    if not cli or not corpus:
        return None
    lines = subprocess.run([corpus], check=True, capture_output=True).stdout
    counts = tuple(sorted({1, os.cpu_count() or 1}))
    rounds = {jobs: [] for jobs in counts}
    for r in range(BATCH_ROUNDS):
        for jobs in (counts if r % 2 == 0 else counts[::-1]):
            code, elapsed, peak, tail = run_child(
                [cli, "layout", "--jsonl", "--jobs", str(jobs), "--no-system-fonts"], lines)
            rounds[jobs].append({"code": code, "rate": lines.count(b"\n") / elapsed, "peak": peak, "error": tail})
    runs = {}
    for jobs, results in rounds.items():
        failed = [run for run in results if run["code"] != 0]
        first = failed[0] if failed else results[0]
        runs[jobs] = {
            "code": first["code"], "error": first["error"], "peak": max(run["peak"] for run in results),
            "rate": statistics.median(run["rate"] for run in results), "rates": [run["rate"] for run in results]}
    return runs


def cli_jsonl(cli, corpus, ratios):
    """Issue #38's `cli-jsonl/layout`: `layout --jsonl` on one core over the corpus (its JSON written
    to a file), in wall time per message, against `Ratios jsonl-layout` (the library laying out the
    same messages in the same order with one new engine, as the CLI's one job does), in
    `BATCH_ROUNDS` alternating rounds; the median of the rounds' ratios, and each side's median."""
    if not cli or not corpus or not ratios:
        return None
    lines = subprocess.run([corpus], check=True, capture_output=True).stdout
    count = lines.count(b"\n")
    found = []
    with tempfile.NamedTemporaryFile() as stdin, tempfile.TemporaryDirectory() as folder:
        stdin.write(lines)
        stdin.flush()
        output = os.path.join(folder, "out.jsonl")

        def cli_run():
            with open(stdin.name, "rb") as source, open(output, "wb") as sink:
                start = time.perf_counter()
                code = subprocess.run([cli, "layout", "--jsonl", "--jobs", "1", "--no-system-fonts"],
                                      stdin=source, stdout=sink, stderr=subprocess.DEVNULL).returncode
                elapsed = time.perf_counter() - start
            return None if code != 0 else elapsed * 1e6 / count

        def library_run():
            out = subprocess.run([ratios, "jsonl-layout", str(count)], check=False, capture_output=True, text=True)
            match = re.search(r"([0-9.]+) µs per message", out.stdout)
            return float(match.group(1)) if match else None

        for r in range(BATCH_ROUNDS):
            a, b = (cli_run(), library_run()) if r % 2 == 0 else tuple(reversed((library_run(), cli_run())))
            if a is None or b is None:
                return None
            found.append((a, b))
    return (statistics.median(a / b for a, b in found), statistics.median(a for a, _ in found),
            statistics.median(b for _, b in found))


def corpus_lengths(corpus):
    if not corpus:
        return None
    out = subprocess.run([corpus, "--stats"], check=True, capture_output=True, text=True).stdout
    message = re.search(r"^code points per message: ([0-9.]+)$", out, re.M)
    line = re.search(r"^code points per long line: ([0-9.]+)$", out, re.M)
    return (float(message.group(1)), float(line.group(1))) if message and line else None


def per_code_point_ratio(results, lengths):
    if not lengths or "layout" not in results or "layout-long" not in results:
        return "n/a"
    short = results["layout"].get("ns")
    long = results["layout-long"].get("ns")
    if not short or not long:
        return "n/a"
    return "%.2f" % ((long / lengths[1]) / (short / lengths[0]))


BEGIN = "<!-- bench-report:begin -->"
END = "<!-- bench-report:end -->"


def write_readme(path, report):
    """Replaces the text between BEGIN and END in `path` with `report`, dated; fails if either is missing."""
    text = open(path, encoding="utf-8").read()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        sys.exit("bench-report: %s has no %s ... %s block to write the figures into" % (path, BEGIN, END))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    header = ("The last `make bench` (%s UTC, %d cores, load average %.1f at the end; written by "
              "scripts/bench-report.py, do not edit by hand):"
              % (datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"), os.cpu_count() or 1, load))
    block = "%s\n%s\n\n```text\n%s```\n%s" % (BEGIN, header, report, END)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text[:start] + block + text[end + len(END):])


class Tee(io.TextIOBase):
    """Writes to standard output and keeps a copy, for --readme."""

    def __init__(self, stream):
        self.stream, self.copy = stream, io.StringIO()

    def write(self, text):
        self.copy.write(text)
        return self.stream.write(text)

    def flush(self):
        self.stream.flush()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("--cli")
    parser.add_argument("--corpus")
    parser.add_argument("--soak")
    parser.add_argument("--ratios", help="the Ratios binary: interleaved and callgrind ratios")
    parser.add_argument("--readme", help="a Markdown file whose bench-report block gets the report")
    args = parser.parse_args()
    if args.readme:
        sys.stdout = Tee(sys.stdout)
        try:
            report(args)
        finally:
            sys.stdout.flush()
            copy, sys.stdout = sys.stdout.copy.getvalue(), sys.stdout.stream
        write_readme(args.readme, copy)
    else:
        report(args)


def report(args):
    text = sys.stdin.read() if args.report == "-" else open(args.report, encoding="utf-8").read()
    results = parse(text)
    print("%-28s %14s %14s" % ("benchmark", "p50 per item", "mallocs/item"))
    for name, r in results.items():
        ns = r.get("ns")
        shown = "-" if ns is None else ("%.2f µs" % (ns / 1e3))
        print("%-28s %14s %14s" % (name, shown, "-" if r.get("mallocs") is None else "%d" % r["mallocs"]))
    lengths = corpus_lengths(args.corpus)
    if lengths:
        print("corpus: %.1f code points per message, %.1f per long line" % lengths)
    if args.soak:
        soak = subprocess.run([args.soak, "corpus"], check=False, capture_output=True, text=True)
        print(soak.stdout, end="")
    runs = batch(args.cli, args.corpus)
    if runs:
        for jobs, run in sorted(runs.items()):
            label = "batch (%d job%s)" % (jobs, "" if jobs == 1 else "s")
            if run["code"] == 0:
                print("%s: %.0f messages/s (median of %d rounds: %s), peak resident memory %.1f MB" % (
                    label, run["rate"], len(run["rates"]), " ".join("%.0f" % r for r in run["rates"]), run["peak"]))
            else:
                print("%s: the CLI FAILED (exit %d), no throughput: %s" % (label, run["code"], " / ".join(run["error"])))
    # Context from the separate package-benchmark runs above (each benchmark runs minutes apart, so
    # these move with the machine's noise; the targets below are measured interleaved).
    print("separate layout-cold/layout-pango: %s" % ratio(results, "layout-cold", "layout-pango"))
    print("separate layout/layout-raqm: %s" % ratio(results, "layout", "layout-raqm"))
    print("separate layout-long/layout-pango-long: %s" % ratio(results, "layout-long", "layout-pango-long"))
    print("separate reorder-long/reorder-fribidi-c-long: %s" % ratio(results, "reorder-long", "reorder-fribidi-c-long"))
    print("separate reorder-long/reorder-icu-long: %s" % ratio(results, "reorder-long", "reorder-icu-long"))
    print("separate reorder-engine-fribidi/reorder-fribidi-c: %s"
          % ratio(results, "reorder-engine-fribidi", "reorder-fribidi-c"))
    print("separate reorder/reorder-engine-fribidi: %s" % ratio(results, "reorder", "reorder-engine-fribidi"))
    # Truncation (maxLines: 2 at the width of `layout`) must be no slower than the full layout: at most 1.
    print("separate layout-maxlines2/layout: %s" % ratio(results, "layout-maxlines2", "layout"))
    # The queries on a layout: each under 1 µs (p50) per corpus message (issue #14).
    for name in ("caret", "hit-test", "selection"):
        ns = results.get(name, {}).get("ns")
        print("limit %s p50 < 1000 ns: %s" % (name, "n/a" if ns is None else "%.0f ns, %s" % (ns, "ok" if ns < 1000 else "OVER")))
    print("separate layout-entities/layout (limit 1.10): %s" % ratio(results, "layout-entities", "layout"))
    print("separate layout-entities/layout-entities-plain: %s" % ratio(results, "layout-entities", "layout-entities-plain"))
    # Span styles (a coloured mention and a bold start per message) within 1.2x the plain layout.
    print("separate layout-styled/layout: %s" % ratio(results, "layout-styled", "layout"))
    print("separate render/render-pango-cairo: %s" % ratio(results, "render", "render-pango-cairo"))
    print("separate reorder/reorder-fribidi-c: %s" % ratio(results, "reorder", "reorder-fribidi-c"))
    print("separate reorder/reorder-icu: %s" % ratio(results, "reorder", "reorder-icu"))
    print("separate layout/layout-pango: %s" % ratio(results, "layout", "layout-pango"))
    print("separate layout-long/layout-short per code point: %s" % per_code_point_ratio(results, lengths))
    # The synthetic corpus (the one before issue #18), for comparison with older figures.
    print("separate layout-synthetic/layout-pango-synthetic: %s" % ratio(results, "layout-synthetic", "layout-pango-synthetic"))
    print("separate reorder-synthetic/reorder-icu-synthetic: %s" % ratio(results, "reorder-synthetic", "reorder-icu-synthetic"))
    print("separate layout/layout-synthetic: %s" % ratio(results, "layout", "layout-synthetic"))
    jsonl = cli_jsonl(args.cli, args.corpus, args.ratios)
    if jsonl:
        print("interleaved cli-jsonl/layout: %.3f (median of %d rounds; %.1f vs %.1f µs per message)"
              % (jsonl[0], BATCH_ROUNDS, jsonl[1], jsonl[2]))
    else:
        print("interleaved cli-jsonl/layout: n/a (a run failed, or no --cli, --corpus or --ratios)")
    interleaved = run_ratios(args.ratios)
    if jsonl:
        interleaved["cli-jsonl/layout"] = jsonl[0]
    counts = callgrind_ratios(args.ratios)
    growth(args.ratios)
    targets(results, interleaved, counts, runs)


def growth(binary):
    """Issue #32's hostile shapes (Benchmarks/Sources/Ratios/Growth.swift) at n and 2n: each line
    `growth NAME: … ratio R`; linear time gives about 2, quadratic 4. A ratio of 3 or more is named."""
    out = subprocess.run([binary, "growth"], check=False, capture_output=True, text=True)
    slow = []
    for line in out.stdout.splitlines():
        print(line)
        match = re.search(r"^growth (\S+):.*ratio ([0-9.]+)", line)
        if match and float(match.group(2)) >= 3:
            slow.append(match.group(1))
    print("growth: %s" % ("every shape linear (ratio < 3)" if not slow else "ratio 3 or more: " + ", ".join(slow)))


def run_ratios(binary):
    """Runs `Ratios` (every pair, interleaved); returns {pair: median ratio} and prints its lines."""
    found = {}
    if not binary:
        return found
    out = subprocess.run([binary], check=False, capture_output=True, text=True)
    for line in out.stdout.splitlines():
        print(line)
        match = re.match(r"interleaved (\S+): ([0-9.]+) ", line)
        if match:
            found[match.group(1)] = float(match.group(2))
    if out.returncode != 0:
        print("interleaved: Ratios FAILED (exit %d): %s" % (out.returncode, out.stderr.strip()[-300:]))
    return found


# The pairs counted under callgrind, and the items per run (the difference of two runs is counted).
COUNTED = [("reorder", "reorder-icu", 2000), ("reorder", "reorder-fribidi-c", 2000),
           ("layout-cold", "shape", 200), ("layout", "layout-pango", 200), ("layout-hit", "layout-pango", 200)]


# Why each failed `instructions` run failed, by workload.
failures = {}


def instructions(binary, op, n):
    """Instructions callgrind counts for `Ratios count OP N`."""
    # Swift seeds its hashing per process: a set-up of billions of instructions (the shape floor's
    # font lookups) then varies by more than the items counted. Deterministic hashing keeps it fixed.
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "count", op, str(n)],
                         check=False, capture_output=True, text=True, env=env)
    match = re.search(r"Collected : ([0-9]+)", out.stderr)
    if match and out.returncode == 0:
        return int(match.group(1))
    # Why, for the report: the program's own error line (valgrind's lines start with "==").
    said = [line for line in out.stderr.splitlines() if line.strip() and not line.startswith("==")]
    failures.setdefault(op, "exit %d: %s" % (out.returncode, said[0][:300] if said else "no message"))
    return None


def callgrind_ratios(binary):
    """Instructions per item of each counted workload (from N and 3N items, so set-up and warm-up
    cancel) and their ratios, which the machine's noise does not move."""
    found = {}
    if not binary or not shutil.which("valgrind"):
        print("callgrind: n/a (%s)" % ("no Ratios binary" if not binary else "valgrind is not installed"))
        return found
    # valgrind 3.19 cannot read DWARF 5: count a copy without debug information.
    with tempfile.TemporaryDirectory() as folder:
        stripped = os.path.join(folder, "Ratios")
        shutil.copy(binary, stripped)
        subprocess.run(["strip", "-g", stripped], check=True)
        per_item = {}
        for ours, baseline, n in COUNTED:
            for op in (ours, baseline):
                if op in per_item:
                    continue
                low, high = instructions(stripped, op, n), instructions(stripped, op, 3 * n)
                per_item[op] = None if low is None or high is None else (high - low) / (2 * n)
            a, b = per_item[ours], per_item[baseline]
            if a and b:
                found["%s/%s" % (ours, baseline)] = a / b
                print("callgrind %s/%s: %.3f (%.0f vs %.0f instructions per message)" % (ours, baseline, a / b, a, b))
            else:
                why = "; ".join("%s: %s" % (op, failures[op]) for op in (ours, baseline) if op in failures)
                print("callgrind %s/%s: n/a (a run failed%s)" % (ours, baseline, ", " + why if why else ""))
    return found


def targets(results, interleaved, counts, runs):
    """The targets of issues #18, #34 and #38, as the ratio lines `make bench` ends with, then how many are met."""
    def shown(value):
        return "n/a" if value is None else "%.2f" % value

    query = [interleaved.get("%s/layout" % name) for name in ("caret", "hit-test", "selection")]
    # The median of the batch rounds' all-cores over one-core ratios (see `batch`).
    scaling = None
    if runs and len(runs) > 1 and all(run["code"] == 0 for run in runs.values()):
        one, every = runs[min(runs)]["rates"], runs[max(runs)]["rates"]
        scaling = statistics.median(b / a for a, b in zip(one, every))
    peak = max((run["peak"] for run in runs.values()), default=None) if runs else None
    # reorder-all reorders every message of the corpus once, warm, and reorder-controls texts with
    # every bidi control: the most mallocs of any of their samples.
    worst = [results.get(name, {}).get("mallocs_max") for name in ("reorder-all", "reorder-controls")]
    reorder_mallocs = None if None in worst else max(worst)
    lines = [
        # (name, value, limit, at most?)
        ("layout-cold/shape", interleaved.get("layout-cold/shape"), 1.6, True),
        # Issue #38's limits for layout (issue #18 asked 0.12 of Pango for `layout`; #38 set the
        # limits from the measured floors): a warm layout, and one whose words are all cached.
        ("layout/layout-pango", interleaved.get("layout/layout-pango"), 0.22, True),
        ("layout-hit/layout-pango", interleaved.get("layout-hit/layout-pango"), 0.10, True),
        ("reorder/reorder-icu", interleaved.get("reorder/reorder-icu"), 0.5, True),
        ("render/render-pango-cairo", interleaved.get("render/render-pango-cairo"), 0.5, True),
        ("query/layout", None if None in query else max(query), 0.04, True),
        ("reorder/reorder-fribidi-c", interleaved.get("reorder/reorder-fribidi-c"), 0.5, True),
        ("layout-long/layout-short per code point", interleaved.get("layout-long/layout"), 1.0, True),
        ("batch all-cores/one-core", scaling, 1.9, False),
        # Issue #34: a bubble with a slot, balanced, against a layout of the same message.
        ("bubble/layout", interleaved.get("bubble/layout"), 2.0, True),
        ("prepared-layout/layout", interleaved.get("prepared-layout/layout"), 0.1, True),
        # Issue #38: a message to PNG bytes against Pango + Cairo writing the same PNG.
        ("render-png/render-pango-cairo-png", interleaved.get("render-png/render-pango-cairo-png"), 0.5, True),
        # Issue #38: `layout --jsonl` on one core against the library's layout of the same messages.
        ("cli-jsonl/layout", interleaved.get("cli-jsonl/layout"), 2.0, True),
        # Issue #38: messages of at most 24 code points, and a prepared text at a new width (the
        # pair `prepared-layout/layout`, whose #34 limit is 0.1) against a warm layout.
        ("layout-short/layout-pango-short", interleaved.get("layout-short/layout-pango-short"), 0.25, True),
        ("relayout/layout", interleaved.get("prepared-layout/layout"), 0.05, True),
        # Issue #35: a two-field preview against a layout of the same sentence in one line.
        ("preview/preview-layout", interleaved.get("preview/preview-layout"), 1.5, True),
        # Issue #36: the text guard, on by default in every layout, against the same layouts without it.
        ("layout-guard/layout-unguarded", interleaved.get("layout-guard/layout-unguarded"), 1.05, True),
    ]
    over = []
    for name, value, limit, at_most in lines:
        print("ratio %s: %s" % (name, shown(value)))
        if value is None or (value > limit if at_most else value < limit):
            over.append("%s %s (limit %s%.2f)" % (name, shown(value), "<=" if at_most else ">=", limit))
    print("mallocs per warm reorder (reorder-all, reorder-controls), most of any sample: %s" % ("n/a" if reorder_mallocs is None else "%d" % reorder_mallocs))
    if reorder_mallocs is None or reorder_mallocs > 0:
        over.append("warm reorder mallocs %s (limit 0)" % ("n/a" if reorder_mallocs is None else "%d" % reorder_mallocs))
    print("batch peak resident memory: %s" % ("n/a" if peak is None else "%.1f MB" % peak))
    if peak is None or peak >= 64:
        over.append("batch peak memory %s (limit < 64 MB)" % ("n/a" if peak is None else "%.1f MB" % peak))
    print("limits: %d of %d met%s" % (len(lines) + 2 - len(over), len(lines) + 2, "; not met: " + "; ".join(over) if over else ""))


if __name__ == "__main__":
    main()
