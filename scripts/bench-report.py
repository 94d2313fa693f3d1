#!/usr/bin/env python3
"""Summarizes a package-benchmark text report (stdin or a file) and times the batch CLI.

Prints a table of p50 time and mallocs per message for each benchmark, then the machine-readable
ratio lines that `make bench` ends with. A ratio whose benchmarks did not run prints "n/a".

Also runs, when given: the batch CLI over the corpus with one job and with all cores (messages per
second, and the peak resident size of the CLI), CorpusDump --stats (mean code points of a message
and of a long line, for the per-code-point ratio), and `Soak corpus` (the shaping cache's hit rate
and memory, and the peak resident size of laying the whole corpus out).

With --readme PATH, the whole report also replaces what stands between the lines
`<!-- bench-report:begin -->` and `<!-- bench-report:end -->` of that file (README.md's Performance
section, the one place for the figures), with the date, the machine's cores and its load.

Usage: bench-report.py REPORT [--cli PATH --corpus PATH --soak PATH] [--readme PATH]
"""
import argparse
import datetime
import io
import os
import re
import resource
import subprocess
import sys
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
    return results


def ratio(results, a, b):
    if a in results and b in results and results[b].get("ns"):
        return "%.2f" % (results[a]["ns"] / results[b]["ns"])
    return "n/a"


def batch(cli, corpus):
    if not cli or not corpus:
        return None, None
    lines = subprocess.run([corpus], check=True, capture_output=True).stdout
    timings = {}
    for jobs in (1, os.cpu_count() or 1):
        start = time.perf_counter()
        subprocess.run([cli, "layout", "--jsonl", "--jobs", str(jobs), "--no-system-fonts"], input=lines,
                       stdout=subprocess.DEVNULL, check=False)
        timings[jobs] = lines.count(b"\n") / (time.perf_counter() - start)
    # ru_maxrss of the children: the largest of them, the CLI runs (KiB on Linux).
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return timings, peak


def corpus_lengths(corpus):
    if not corpus:
        return None
    out = subprocess.run([corpus, "--stats"], check=True, capture_output=True, text=True).stdout
    values = re.findall(r"([0-9.]+)$", out, re.M)
    return (float(values[0]), float(values[1])) if len(values) == 2 else None


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
    timings, peak = batch(args.cli, args.corpus)
    if timings:
        for jobs, rate in sorted(timings.items()):
            print("batch (%d job%s): %.0f messages/s" % (jobs, "" if jobs == 1 else "s", rate))
        print("batch: peak resident memory of the CLI %.1f MB" % peak)
    # Context for the required ratios below (informative, not machine-read).
    print("ratio layout-cold/layout-pango: %s" % ratio(results, "layout-cold", "layout-pango"))
    print("ratio layout/layout-raqm: %s" % ratio(results, "layout", "layout-raqm"))
    print("ratio layout-long/layout-pango-long: %s" % ratio(results, "layout-long", "layout-pango-long"))
    print("ratio reorder-long/reorder-fribidi-c-long: %s" % ratio(results, "reorder-long", "reorder-fribidi-c-long"))
    print("ratio reorder-long/reorder-icu-long: %s" % ratio(results, "reorder-long", "reorder-icu-long"))
    print("ratio reorder-engine-fribidi/reorder-fribidi-c: %s"
          % ratio(results, "reorder-engine-fribidi", "reorder-fribidi-c"))
    print("ratio reorder/reorder-engine-fribidi: %s" % ratio(results, "reorder", "reorder-engine-fribidi"))
    # Truncation (maxLines: 2 at the width of `layout`) must be no slower than the full layout: at most 1.
    print("ratio layout-maxlines2/layout: %s" % ratio(results, "layout-maxlines2", "layout"))
    # The queries on a layout: each under 1 µs (p50) per corpus message (issue #14).
    for name in ("caret", "hit-test", "selection"):
        ns = results.get(name, {}).get("ns")
        print("limit %s p50 < 1000 ns: %s" % (name, "n/a" if ns is None else "%.0f ns, %s" % (ns, "ok" if ns < 1000 else "OVER")))
    print("ratio layout-entities/layout (limit 1.10): %s" % ratio(results, "layout-entities", "layout"))
    print("ratio layout-entities/layout-entities-plain: %s" % ratio(results, "layout-entities", "layout-entities-plain"))
    # Span styles (a coloured mention and a bold start per message) within 1.2× the plain layout.
    print("ratio layout-styled/layout: %s" % ratio(results, "layout-styled", "layout"))
    # Issue #18: a message laid out and rasterized, against Pango + Cairo (limit 0.50).
    print("ratio render/render-pango-cairo (limit 0.50): %s" % ratio(results, "render", "render-pango-cairo"))
    # The machine-readable ratio lines: always the last five, in this order.
    print("ratio reorder/reorder-fribidi-c: %s" % ratio(results, "reorder", "reorder-fribidi-c"))
    print("ratio reorder/reorder-icu: %s" % ratio(results, "reorder", "reorder-icu"))
    print("ratio layout/layout-pango: %s" % ratio(results, "layout", "layout-pango"))
    print("ratio layout-long/layout-short per code point: %s" % per_code_point_ratio(results, lengths))
    if timings and len(timings) > 1:
        rates = [timings[k] for k in sorted(timings)]
        print("ratio batch all-cores/one-core: %.2f" % (rates[-1] / rates[0]))
    else:
        print("ratio batch all-cores/one-core: n/a")


if __name__ == "__main__":
    main()
