#!/usr/bin/env python3
"""vendor-harfbuzz-shape-tests: copies a selection of HarfBuzz's own shaping tests into
Tests/BidiRenderTests/Conformance/HarfBuzzShapeTests (issue #37), for
HarfBuzzShapeTestsConformanceTests.

Two sets, from a HarfBuzz checkout's test/shape/data: `in-house` (HarfBuzz's own cases) and
`text-rendering-tests` (Unicode's text-rendering-tests, as HarfBuzz converts them). A case is
taken when its font's licence permits redistribution (LICENCES below: the licence each font is
under, by file), the font is at most MAX_FONT bytes (MAX_SINGLE when it serves one case only), the text's script (HarfBuzz's guess, or the
case's --script) is one the engine lays out (SCRIPTS), it has an expected output and HarfBuzz's own
run does not leave its file out (text-rendering-tests' DISABLED). Cases whose
options the engine's shaping cannot express are copied too: the test skips and counts them.

Each copied line is `SOURCE:LINE;FONT;OPTIONS;UNICODES;EXPECTED`: the HarfBuzz test file and line
it comes from, then the case as HarfBuzz writes it, with the font's path made a file name in
fonts/ and, when the expected glyphs are names, the names turned into glyph ids with the font's own
names (hb_font_get_glyph_name) and `--no-glyph-names` added, as HarfBuzz's run-tests.py compares.
The cases left out are counted by reason in the README this writes.

Needs a C compiler and libharfbuzz-dev (a helper is compiled to read glyph names and guess
scripts). Run by hand when updating, not by `make test`:

    scripts/vendor-harfbuzz-shape-tests.py HARFBUZZ_GIT_DIR [COMMIT]
"""
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests/BidiRenderTests/Conformance/HarfBuzzShapeTests")
SETS = ["in-house", "text-rendering-tests"]
MAX_FONT = 100_000
# A font over this size is left out when it serves only one case.
MAX_SINGLE = 40_000
# The scripts the engine lays out (README): Arabic, Hebrew, Syriac, Latin, Cyrillic, Greek, CJK,
# Thai, the Indic scripts, and text of no script of its own (emoji, digits, punctuation: "none").
SCRIPTS = set("Arab Hebr Syrc Latn Cyrl Grek Hani Hira Kana Hang Thai Deva Beng Guru Gujr Orya Taml Telu Knda "
              "Mlym Sinh none".split())

OFL = "OFL-1.1"
HB = "made for HarfBuzz's test suite by its developers, distributed with it under HarfBuzz's licence (Old MIT)"
UNICODE = "Unicode License v3 (the text-rendering-tests repository's licence; the font has no licence string)"
# Licence of each font that may be copied, by file name (anything else is left out).
LICENCES = {
    "AdobeBlank2.ttf": OFL,
    "HarfBust.ttf": OFL + " (Anton, by The Anton Project Authors; modified by Behdad Esfahbod)",
    "SimpArabicTest.ttf": OFL + " (Noto Naskh Arabic glyphs, Google LLC)",
    "TradArabicTest.ttf": OFL + " (Amiri)",
    "HBTest-VF.ttf": HB, "TRAK.ttf": OFL, "MORXTwentyeight.ttf": OFL,
    "NotoSans-VF.abc.ttf": OFL, "NotoSansCJK-VF.abc.otf": OFL, "NotoSansCJK-VF.abc.ttf": OFL,
    "NotoSerifHK-subset.ttf": OFL, "TTC.ttc": "public domain (fontTools' test font: no rights reserved)",
}
FAMILIES = {  # in-house fonts named by hash: the licence of their family (the subset keeps no licence string)
    "Amiri": OFL, "Aref Ruqaa Bad": OFL + " (Aref Ruqaa)", "Cascadia Code": OFL, "DejaVu Sans": "Bitstream Vera / DejaVu licence",
    "Droid Arabic Naskh": "Apache-2.0", "FRBFontForgeHOIExample": "Apache-2.0", "Fustat": OFL, "Jellee Roman": OFL,
    "JetBrains Mono": OFL, "LOCL Test": OFL, "Lobster": OFL, "Mada": OFL, "Open Sans": "Apache-2.0", "Qahiri": OFL,
    "Raqq": OFL, "Roboto": "Apache-2.0", "Scheherazade": OFL, "SubtendingTest": OFL + " (Noto Project Authors)",
    "Unifont": OFL + " (dual GPL-2.0+/OFL-1.1)", "Notnoto Sans Fractions": OFL + " (Noto Sans, Google LLC)",
    "TestMORXThirtyfive": OFL, "TamlCandrabindu": "CC0-1.0",
    "Unitest": "CC0-1.0 (David Corbett's Unitest; some subsets keep only the copyright)",
    "New Font": HB, "Probe3": HB, "ProbeMid": HB, "Test4596": HB, "Test9737": HB, "Untitled1": HB, "test1": HB,
    "VC": HB, "HangulCaltTest": HB, "HB3488": HB + " (David Corbett)", "B": HB + " (David Corbett)",
    "L": HB + " (David Corbett)", "M": HB + " (David Corbett)", "O": HB + " (David Corbett)",
    "P": HB + " (David Corbett)", "S": HB + " (David Corbett)", "V": HB + " (David Corbett)",
}
NO_NAME = {  # fonts without a name table
    "1c2c3fc37b2d4c3cb2ef726c6cdaaabd4b7f3eb9.ttf": HB + " (no outlines: a cmap and metrics, commit 7793aad)",
}

HELPER = r"""
#include <hb.h>
#include <hb-ot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* names FONT INDEX: gid TAB name; family FONT; guess: stdin lines of hex code points -> script dir */
int main(int argc, char **argv) {
  if (!strcmp(argv[1], "guess")) {
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
      hb_buffer_t *b = hb_buffer_create();
      for (char *t = strtok(line, ", \n"); t; t = strtok(NULL, ", \n")) {
        if (t[0] == 'U' || t[0] == 'u') t += 2;
        hb_buffer_add(b, strtoul(t, NULL, 16), 0);
      }
      hb_buffer_set_content_type(b, HB_BUFFER_CONTENT_TYPE_UNICODE);
      hb_buffer_guess_segment_properties(b);
      char tag[5] = {0};
      hb_tag_to_string(hb_script_to_iso15924_tag(hb_buffer_get_script(b)), tag);
      printf("%s\n", tag[0] ? tag : "none");
      hb_buffer_destroy(b);
    }
    return 0;
  }
  hb_face_t *face = hb_face_create(hb_blob_create_from_file(argv[2]), argc > 3 ? atoi(argv[3]) : 0);
  if (!strcmp(argv[1], "family") || !strcmp(argv[1], "licence")) {
    unsigned ids[] = {1, 0, 13, 14};
    for (int i = 0; i < (argv[1][0] == 'f' ? 1 : 4); i++) {
      char buf[1024] = ""; unsigned len = sizeof buf;
      hb_ot_name_get_utf8(face, ids[i], HB_LANGUAGE_INVALID, &len, buf);
      for (char *p = buf; *p; p++) if (*p == '\n' || *p == '\r' || *p == '|') *p = ' ';
      printf("%s%s", i ? " | " : "", buf);
    }
    printf("\n");
    return 0;
  }
  hb_font_t *font = hb_font_create(face);
  for (unsigned g = 0; g < hb_face_get_glyph_count(face); g++) {
    char name[256];
    if (hb_font_get_glyph_name(font, g, name, sizeof name)) printf("%u\t%s\n", g, name);
  }
  return 0;
}
"""


def helper(tmp):
    src, exe = os.path.join(tmp, "helper.c"), os.path.join(tmp, "helper")
    open(src, "w").write(HELPER)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "harfbuzz"], capture_output=True, text=True, check=True)
    subprocess.run(["cc", "-O1", "-o", exe, src] + flags.stdout.split(), check=True)
    return exe


def cases(git, commit, tmp):
    """Every case of both sets: (set, file, line, font, options, unicodes, expected)."""
    subprocess.run(f"git --git-dir={git} archive {commit} test/shape/data/in-house test/shape/data/text-rendering-tests"
                   f" | tar -x -C {tmp}", shell=True, check=True)
    for s in SETS:
        folder = os.path.join(tmp, "test/shape/data", s, "tests")
        disabled = os.path.join(folder, "..", "DISABLED")
        skipped = set(re.findall(r"^tests/(\S+)", open(disabled).read(), re.M)) if os.path.exists(disabled) else set()
        for name in sorted(os.listdir(folder)):
            for no, line in enumerate(open(os.path.join(folder, name), encoding="utf-8"), 1):
                line = line.rstrip("\n")
                if line.strip() and not line.startswith(("#", "@")):
                    font, options, unicodes, expected = line.split(";")
                    # HarfBuzz's own run leaves out the files its DISABLED lists.
                    yield s, name, no, font, options, unicodes, "DISABLED" if name in skipped else expected


def licence(exe, path):
    base = os.path.basename(path)
    if base in LICENCES:
        return LICENCES[base]
    if base in NO_NAME:
        return NO_NAME[base]
    if "/text-rendering-tests/" in path:
        # The font's own licence string (name IDs 13 and 14), else the repository's for Unicode's own.
        family, copyright, description, url = subprocess.run(
            [exe, "licence", path], capture_output=True, text=True).stdout.strip("\n").split(" | ")
        text = description + " " + url
        if "Open Font License" in text or "OFL" in text:
            return OFL
        if "Apache" in text:
            return "Apache-2.0"
        return UNICODE if not text.strip() and "Unicode" in copyright else None
    family = subprocess.run([exe, "family", path], capture_output=True, text=True).stdout.strip()
    if family.startswith("Noto"):
        return OFL + f" ({family})"
    return FAMILIES.get(family)


def glyph_names(exe, path, index):
    names, duplicates = {}, set()
    for line in subprocess.run([exe, "names", path, str(index)], capture_output=True, text=True).stdout.splitlines():
        gid, name = line.split("\t")
        if name in names:
            duplicates.add(name)
        names.setdefault(name, int(gid))
    return names, duplicates


def to_ids(expected, names, duplicates):
    """The expected glyphs with names as ids, or None when a name is missing or ambiguous."""
    out = []
    for item in expected[1:-1].split("|"):
        name = re.match(r"[^=@+<#]*", item).group(0)
        gid = int(name[3:]) if re.fullmatch(r"gid\d+", name) and name not in names else names.get(name)
        if gid is None or name in duplicates:
            return None
        out.append(str(gid) + item[len(name):])
    return "[" + "|".join(out) + "]"


def main():
    git, commit = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    commit = subprocess.run(["git", f"--git-dir={git}", "rev-parse", commit], capture_output=True, text=True,
                            check=True).stdout.strip()
    tmp = tempfile.mkdtemp()
    exe = helper(tmp)
    all_cases = list(cases(git, commit, tmp))
    scripts = subprocess.run([exe, "guess"], input="\n".join(c[5] for c in all_cases) + "\n", capture_output=True,
                             text=True).stdout.split()
    left_out = {s: collections.Counter() for s in SETS}
    lines = {s: [] for s in SETS}
    fonts = {}  # file name -> (source path, licence)
    name_cache = {}
    for (s, name, no, font, options, unicodes, expected), script in zip(all_cases, scripts):
        forced = re.search(r"--script[= ](\w+)", options)
        script = forced.group(1).title() if forced else script
        path = os.path.normpath(os.path.join(tmp, "test/shape/data", s, "tests", font))
        reason = None
        if expected == "DISABLED":
            reason = "a file HarfBuzz's own run leaves out (its DISABLED list)"
        elif font.startswith(("/", '"/')):
            reason = "a system font"
        elif script not in SCRIPTS:
            reason = "a script the engine does not lay out"
        elif expected == "*":
            reason = "no expected output"
        elif os.path.getsize(path) > MAX_FONT:
            reason = f"a font over {MAX_FONT // 1000} KB"
        elif (lic := licence(exe, path)) is None:
            reason = "a font whose licence is unknown or not free"
        if reason is None and not (expected.startswith("[") and expected.endswith("]")):
            reason = "expected output not in glyph form"
        if reason is None and "--no-glyph-names" not in options:
            face = re.search(r"--face-index[= ](\d+)", options)
            index = int(face.group(1)) if face else 0
            key = (path, index)
            if key not in name_cache:
                name_cache[key] = glyph_names(exe, path, index)
            converted = to_ids(expected, *name_cache[key])
            if converted is None:
                reason = "a glyph name the font does not resolve"
            else:
                expected, options = converted, (options + " --no-glyph-names").strip()
        if reason:
            left_out[s][reason] += 1
            continue
        fonts[os.path.basename(path)] = (path, lic)
        lines[s].append(f"{name}:{no};{os.path.basename(path)};{options};{unicodes};{expected}")
    uses = collections.Counter(line.split(";")[1] for s in SETS for line in lines[s])
    for base, (path, _) in list(fonts.items()):
        if uses[base] == 1 and os.path.getsize(path) > MAX_SINGLE:
            del fonts[base]
            for s in SETS:
                kept = [line for line in lines[s] if line.split(";")[1] != base]
                if len(kept) < len(lines[s]):
                    left_out[s][f"a font over {MAX_SINGLE // 1000} KB for one case"] += len(lines[s]) - len(kept)
                lines[s] = kept
    write(exe, commit, lines, fonts, left_out)
    # The licences of HarfBuzz's tree and of its text-rendering-tests copy, from the same commit.
    for source, target in [("COPYING", "COPYING-harfbuzz"),
                           ("test/shape/data/text-rendering-tests/COPYING", "COPYING-text-rendering-tests")]:
        text = subprocess.run(["git", f"--git-dir={git}", "show", f"{commit}:{source}"], capture_output=True,
                              check=True).stdout
        open(os.path.join(OUT, target), "wb").write(text)
    shutil.rmtree(tmp)


def write(exe, commit, lines, fonts, left_out):
    if os.path.isdir(os.path.join(OUT, "fonts")):
        shutil.rmtree(os.path.join(OUT, "fonts"))
    os.makedirs(os.path.join(OUT, "fonts"))
    for s in SETS:
        with open(os.path.join(OUT, s + ".tests"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines[s]) + "\n")
    table = []
    for base, (path, lic) in sorted(fonts.items()):
        shutil.copy(path, os.path.join(OUT, "fonts", base))
        family = subprocess.run([exe, "family", path], capture_output=True, text=True).stdout.strip() or "(no name table)"
        table.append(f"| {base} | {family} | {os.path.getsize(path):,} | {lic} |")
    counts = "\n".join(f"- {s}: {len(lines[s]):,} cases copied; left out: "
                       + (", ".join(f"{n:,} for {r}" for r, n in left_out[s].most_common()) or "none") for s in SETS)
    readme = open(os.path.join(OUT, "README.md")).read() if os.path.exists(os.path.join(OUT, "README.md")) else ""
    head = readme.split("<!-- generated -->")[0] if readme else "# HarfBuzz's shaping tests\n\n"
    open(os.path.join(OUT, "README.md"), "w").write(
        f"{head}<!-- generated -->\nFrom HarfBuzz commit {commit} (test/shape/data), by "
        f"scripts/vendor-harfbuzz-shape-tests.py.\n\n{counts}\n\n| font | family | bytes | licence |\n|---|---|---|---|\n"
        + "\n".join(table) + "\n")


if __name__ == "__main__":
    main()
