#!/usr/bin/env bash
# make-fonts.sh — regenerate the embedded default font set in Fonts/.
#
# Everything under Fonts/ (font files, OFL.txt per family, fonts.json and
# README.md) is produced by this script from Debian's font packages:
#
#   fonts-noto-core / fonts-noto-extra  -> Noto Sans, Noto Sans Arabic, Noto Sans Hebrew,
#                                          Noto Nastaliq Urdu
#   fonts-noto-cjk                      -> Noto Sans CJK SC (face taken out of the .ttc)
#   unicode-data                        -> Unihan kTGH (通用规范汉字表) for the hanzi subset
#   fonttools (pyftsubset)              -> subsetting
#   libharfbuzz-bin (hb-shape)          -> verification
#
# Missing packages are installed with apt-get (needs root).  The script is
# idempotent: running it again with the same package versions produces
# byte-identical files (pyftsubset keeps head.modified from the source font;
# this is checked at the end).
#
# Usage: scripts/make-fonts.sh
# Tunables (environment):
#   HANZI_MAX_TGH  highest 通用规范汉字表 serial number to keep (default 6500 =
#                  levels 1+2; 3500 = level 1 only; 8105 = the whole table).
set -euo pipefail
export LC_ALL=C.UTF-8

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FONTS="$ROOT/Fonts"
# Debian's python3 (the one python3-fonttools is installed for); a python3
# earlier on PATH (pyenv, venv) may not have fontTools.
PY=/usr/bin/python3
HANZI_MAX_TGH="${HANZI_MAX_TGH:-6500}"

# ---------------------------------------------------------------------------
# 0. Packages
# ---------------------------------------------------------------------------
REQUIRED_PACKAGES=(fonts-noto-core fonts-noto-extra fonts-noto-cjk fonttools python3-fonttools unicode-data libharfbuzz-bin)
missing=()
for p in "${REQUIRED_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
        missing+=("$p")
    fi
done
if ((${#missing[@]})); then
    echo "Installing missing packages: ${missing[*]}" >&2
    if [[ $(id -u) -ne 0 ]]; then
        echo "error: need root to apt-get install ${missing[*]}" >&2
        exit 1
    fi
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

# ---------------------------------------------------------------------------
# 1. Subsetting choices (also copied verbatim into Fonts/README.md)
# ---------------------------------------------------------------------------
# Noto Sans: Latin, Greek, Cyrillic, Vietnamese + common symbols.
LATIN_RANGES=(
    "U+0000,U+000D|control glyphs (.null, CR)"
    "U+0020-007E|Basic Latin"
    "U+00A0-00FF|Latin-1 Supplement"
    "U+0100-017F|Latin Extended-A"
    "U+0180-024F|Latin Extended-B"
    "U+0250-02AF|IPA Extensions (ə ɛ ɔ … used by Azerbaijani and African orthographies)"
    "U+02B0-02FF|Spacing Modifier Letters (ˆ ˇ ˜ ʻ …)"
    "U+0300-036F|Combining Diacritical Marks"
    "U+0370-03FF|Greek and Coptic"
    "U+0400-04FF|Cyrillic"
    "U+0500-052F|Cyrillic Supplement"
    "U+1E00-1EFF|Latin Extended Additional (Vietnamese)"
    "U+2000-206F|General Punctuation (incl. bidi controls 200E/200F, 202A-202E, 2066-2069)"
    "U+2070-209F|Superscripts and Subscripts"
    "U+20A0-20CF|Currency Symbols"
    "U+2100-214F|Letterlike Symbols"
    "U+2150-218F|Number Forms"
    "U+2190-21FF|Arrows (Noto Sans itself has none of these)"
    "U+25CC|dotted circle (HarfBuzz inserts it for broken clusters)"
    "U+FEFF,U+FFFC-FFFD|BOM/ZWNBSP, object replacement, replacement character"
)
# Noto Sans Arabic: Arabic blocks + what the font has for use next to them.
ARABIC_RANGES=(
    "U+0000,U+000D|control glyphs (.null, CR)"
    "U+0020-0040,U+005B-0060,U+007B-007E|ASCII space, digits and punctuation (the font covers only part of it)"
    "U+00A0,U+00AB,U+00BB|NBSP, guillemets"
    "U+034F|combining grapheme joiner"
    "U+0600-06FF|Arabic"
    "U+0750-077F|Arabic Supplement"
    "U+08A0-08FF|Arabic Extended-A"
    "U+200B-2011|ZWSP, ZWNJ, ZWJ, LRM, RLM, hyphens"
    "U+2066-2069|bidi isolates (not in the font; default-ignorable in HarfBuzz)"
    "U+204F,U+2E41|Arabic reversed semicolon / comma"
    "U+25CC|dotted circle"
    "U+FB50-FDFF|Arabic Presentation Forms-A"
    "U+FE70-FEFF|Arabic Presentation Forms-B"
)
# Noto Sans Hebrew: the Hebrew block and what the font has for use next to it.
HEBREW_RANGES=(
    "U+0000,U+000D|control glyphs (.null, CR)"
    "U+0020-007E|ASCII (the font covers only part of it)"
    "U+00A0,U+00AD|NBSP, soft hyphen"
    "U+0591-05FF|Hebrew (cantillation marks, points, letters, punctuation)"
    "U+200B-200F|ZWSP, ZWNJ, ZWJ, LRM, RLM"
    "U+2066-2069|bidi isolates (default-ignorable in HarfBuzz)"
    "U+20AA|new sheqel sign"
    "U+25CC|dotted circle"
    "U+FB1D-FB4F|Alphabetic Presentation Forms (Hebrew)"
)
# Noto Nastaliq Urdu: the Arabic code points Urdu (and the other Nastaliq languages) use.
URDU_RANGES=(
    "U+0000,U+000D|control glyphs (.null, CR)"
    "U+0020-007E|ASCII (the font covers only part of it)"
    "U+00A0,U+00AB,U+00BB|NBSP, guillemets"
    "U+0600-06FF|Arabic (Urdu letters, Extended Arabic-Indic digits U+06F0–06F9, separators U+066B–066C)"
    "U+0750-077F|Arabic Supplement"
    "U+200B-200F|ZWSP, ZWNJ, ZWJ, LRM, RLM"
    "U+2066-2069|bidi isolates (default-ignorable in HarfBuzz)"
    "U+25CC|dotted circle"
    "U+FB50-FDFF|Arabic Presentation Forms-A"
    "U+FE70-FEFF|Arabic Presentation Forms-B"
)
# Noto Sans CJK SC: hanzi from the 通用规范汉字表 (see hanzi list below) plus:
CJK_RANGES=(
    "U+0000,U+000D|control glyphs (.null, CR)"
    "U+0020-007E|ASCII"
    "U+00A0,U+00B7|NBSP, middle dot (used in transliterated names)"
    "U+2010-2027|General Punctuation used in Chinese (dashes, quotes, ellipsis)"
    "U+2030-205E|General Punctuation (per mille, primes, reference mark …)"
    "U+3000-303F|CJK Symbols and Punctuation"
    "U+FE10-FE1F|Vertical Forms"
    "U+FE30-FE4F|CJK Compatibility Forms"
    "U+FF00-FFEF|Halfwidth and Fullwidth Forms"
)
CJK_FAMILY="Noto Sans CJK SC"
# Keep only the default and the Simplified-Chinese (ZHS) language systems in
# GSUB/GPOS.  The JAN/KOR/ZHT/ZHH 'locl' lookups map every retained hanzi to its
# Japanese/Korean/Traditional/HK form and would almost double the glyph count;
# this file is only used for zh-Hans.  All features are kept.
CJK_LAYOUT_SCRIPTS="DFLT,cyrl.dflt,cyrl.ZHS,grek.dflt,grek.ZHS,hang.dflt,hang.ZHS,hani.dflt,hani.ZHS,kana.dflt,kana.ZHS,latn.dflt,latn.ZHS"

join_ranges() { local out="" r; for r in "$@"; do out+="${out:+,}${r%%|*}"; done; printf '%s' "$out"; }
LATIN_UNICODES="$(join_ranges "${LATIN_RANGES[@]}")"
ARABIC_UNICODES="$(join_ranges "${ARABIC_RANGES[@]}")"
CJK_UNICODES="$(join_ranges "${CJK_RANGES[@]}")"
HEBREW_UNICODES="$(join_ranges "${HEBREW_RANGES[@]}")"
URDU_UNICODES="$(join_ranges "${URDU_RANGES[@]}")"

COMMON_SUBSET_OPTS=(
    --layout-features='*'
    --name-IDs='*'
    --name-languages='*'
    --notdef-glyph
    --notdef-outline
    --no-glyph-names
    --hinting
    --no-recalc-timestamp
)

# Output file | source file name | kind (latin/arabic/cjk)
FONT_SPECS=(
    "NotoSans/NotoSans-Light.ttf|NotoSans-Light.ttf|latin"
    "NotoSans/NotoSans-Regular.ttf|NotoSans-Regular.ttf|latin"
    "NotoSans/NotoSans-Medium.ttf|NotoSans-Medium.ttf|latin"
    "NotoSans/NotoSans-Bold.ttf|NotoSans-Bold.ttf|latin"
    "NotoSansArabic/NotoSansArabic-Light.ttf|NotoSansArabic-Light.ttf|arabic"
    "NotoSansArabic/NotoSansArabic-Regular.ttf|NotoSansArabic-Regular.ttf|arabic"
    "NotoSansArabic/NotoSansArabic-Medium.ttf|NotoSansArabic-Medium.ttf|arabic"
    "NotoSansArabic/NotoSansArabic-Bold.ttf|NotoSansArabic-Bold.ttf|arabic"
    "NotoSansHebrew/NotoSansHebrew-Regular.ttf|NotoSansHebrew-Regular.ttf|hebrew"
    "NotoSansHebrew/NotoSansHebrew-Bold.ttf|NotoSansHebrew-Bold.ttf|hebrew"
    "NotoNastaliqUrdu/NotoNastaliqUrdu-Regular.ttf|NotoNastaliqUrdu-Regular.ttf|urdu"
    "NotoSansSC/NotoSansSC-Regular.otf|NotoSansCJK-Regular.ttc|cjk"
    "NotoSansSC/NotoSansSC-Bold.otf|NotoSansCJK-Bold.ttc|cjk"
)

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$FONTS/NotoSans" "$FONTS/NotoSansArabic" "$FONTS/NotoSansSC" "$FONTS/NotoSansHebrew" "$FONTS/NotoNastaliqUrdu"

# Locate a file shipped by one of the font packages; prints "<path>|<package>".
find_source() {
    local name="$1" path pkg
    path="$(dpkg -L fonts-noto-core fonts-noto-extra fonts-noto-cjk | grep -E "/${name//./\\.}\$" | sort | head -n1 || true)"
    if [[ -z "$path" || ! -f "$path" ]]; then
        echo "error: $name not found in fonts-noto-core/-extra/-cjk" >&2
        exit 1
    fi
    pkg="$(dpkg -S "$path" | head -n1 | cut -d: -f1)"
    printf '%s|%s' "$path" "$pkg"
}

# Face index of $CJK_FAMILY inside a collection (checked, not assumed).
cjk_face_index() {
    "$PY" - "$1" "$CJK_FAMILY" <<'EOF'
import sys
from fontTools.ttLib import TTCollection
path, family = sys.argv[1], sys.argv[2]
coll = TTCollection(path, lazy=True)
hits = [i for i, f in enumerate(coll.fonts)
        if (f["name"].getDebugName(16) or f["name"].getDebugName(1)) == family]
if len(hits) != 1:
    sys.exit(f"error: {family!r} found {len(hits)} times in {path}")
print(hits[0])
EOF
}

# ---------------------------------------------------------------------------
# 2. Hanzi list: Unihan kTGH = 《通用规范汉字表》(2013) serial numbers.
#    1-3500 = level 1 (常用字), 3501-6500 = level 2, 6501-8105 = level 3.
# ---------------------------------------------------------------------------
UNIHAN=/usr/share/unicode/Unihan_OtherMappings.txt.bz2
"$PY" - "$UNIHAN" "$HANZI_MAX_TGH" "$TMP/hanzi.txt" <<'EOF'
import bz2, sys
src, limit, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
cps = {}
with bz2.open(src, "rt", encoding="utf-8") as f:
    for line in f:
        if line.startswith("#"):
            continue
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 3 and parts[1] == "kTGH":
            for v in parts[2].split():          # "2013:<serial>"
                serial = int(v.split(":")[1])
                if 1 <= serial <= limit:
                    cps[int(parts[0][2:], 16)] = serial
if len(cps) != limit:
    sys.exit(f"error: expected {limit} kTGH entries <= {limit}, got {len(cps)}")
with open(out, "w") as f:
    for cp in sorted(cps):
        f.write(f"U+{cp:04X}\n")
EOF
echo "hanzi list: $(wc -l <"$TMP/hanzi.txt") characters (kTGH serial <= $HANZI_MAX_TGH)"

# ---------------------------------------------------------------------------
# 3. Subset
# ---------------------------------------------------------------------------
: >"$TMP/sources.txt"
for spec in "${FONT_SPECS[@]}"; do
    IFS='|' read -r out name kind <<<"$spec"
    IFS='|' read -r src pkg <<<"$(find_source "$name")"
    index=0
    opts=("${COMMON_SUBSET_OPTS[@]}")
    case "$kind" in
        latin)  opts+=(--unicodes="$LATIN_UNICODES") ;;
        arabic) opts+=(--unicodes="$ARABIC_UNICODES") ;;
        hebrew) opts+=(--unicodes="$HEBREW_UNICODES") ;;
        urdu)   opts+=(--unicodes="$URDU_UNICODES") ;;
        cjk)
            index="$(cjk_face_index "$src")"
            opts+=(--font-number="$index" --unicodes="$CJK_UNICODES"
                   --unicodes-file="$TMP/hanzi.txt" --layout-scripts="$CJK_LAYOUT_SCRIPTS") ;;
    esac
    echo "subsetting $src (face $index, $pkg) -> Fonts/$out"
    # BASE (CJK) cannot be subset by fontTools and is dropped with a warning.
    "$PY" -m fontTools.subset "$src" "${opts[@]}" --output-file="$TMP/out.font" 2>"$TMP/subset.log" ||
        { cat "$TMP/subset.log" >&2; exit 1; }
    grep -v 'BASE NOT subset' "$TMP/subset.log" >&2 || true
    mv "$TMP/out.font" "$FONTS/$out"
    printf '%s|%s|%s|%s|%s\n' "$out" "$src" "$index" "$pkg" "$kind" >>"$TMP/sources.txt"
done

# ---------------------------------------------------------------------------
# 4. Licenses, fonts.json, README.md
# ---------------------------------------------------------------------------
export FONTS TMP HANZI_MAX_TGH CJK_LAYOUT_SCRIPTS UNIHAN
export LATIN_RANGES_TXT="$(printf '%s\n' "${LATIN_RANGES[@]}")"
export ARABIC_RANGES_TXT="$(printf '%s\n' "${ARABIC_RANGES[@]}")"
export CJK_RANGES_TXT="$(printf '%s\n' "${CJK_RANGES[@]}")"
export HEBREW_RANGES_TXT="$(printf '%s\n' "${HEBREW_RANGES[@]}")"
export URDU_RANGES_TXT="$(printf '%s\n' "${URDU_RANGES[@]}")"
export SUBSET_OPTS_TXT="${COMMON_SUBSET_OPTS[*]}"
"$PY" - <<'EOF'
import hashlib, json, os, subprocess
from collections import OrderedDict
from fontTools.ttLib import TTFont

FONTS, TMP = os.environ["FONTS"], os.environ["TMP"]

def dpkg_version(pkg):
    return subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg],
                          check=True, capture_output=True, text=True).stdout

def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()

WEIGHT_NAMES = {100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular",
                500: "Medium", 600: "SemiBold", 700: "Bold", 800: "ExtraBold", 900: "Black"}

fonts = []
with open(os.path.join(TMP, "sources.txt")) as f:
    for line in f:
        out, src, index, pkg, kind = line.rstrip("\n").split("|")
        path = os.path.join(FONTS, out)
        t = TTFont(path)
        name = t["name"]
        lic = name.getDebugName(13) or ""
        assert "SIL Open Font License, Version 1.1" in lic, (out, lic)
        fonts.append(dict(
            file=out, src=src, index=int(index), pkg=pkg, pkgver=dpkg_version(pkg), kind=kind,
            family=name.getDebugName(16) or name.getDebugName(1),
            weight=t["OS/2"].usWeightClass,
            italic=bool(t["OS/2"].fsSelection & 1),
            version=name.getDebugName(5), copyright=name.getDebugName(0),
            license_url=name.getDebugName(14) or "",
            glyphs=t["maxp"].numGlyphs, chars=len(t.getBestCmap()),
            size=os.path.getsize(path), sha=sha256(path),
            flavor="CFF" if "CFF " in t else "TrueType"))

# --- OFL.txt per family folder ------------------------------------------------
def license_text(pkg):
    """The OFL stanza of /usr/share/doc/<pkg>/copyright, un-indented."""
    lines = open(f"/usr/share/doc/{pkg}/copyright", encoding="utf-8").read().split("\n")
    for i, l in enumerate(lines):
        if l in ("License: OFL-1.1", "License: SIL-1.1") and i + 1 < len(lines) and lines[i + 1].startswith(" "):
            body = []
            for b in lines[i + 1:]:
                if not b.startswith(" "):
                    break
                body.append("" if b.strip() == "." else b[1:])
            return "\n".join(body).strip("\n") + "\n"
    raise SystemExit(f"no OFL license stanza in /usr/share/doc/{pkg}/copyright")

folders = OrderedDict()
for f in fonts:
    folders.setdefault(os.path.dirname(f["file"]), []).append(f)
for folder, fs in folders.items():
    pkgs = sorted({(f["pkg"], f["pkgver"]) for f in fs})
    # fonts-noto-core and fonts-noto-extra carry the same OFL text; use the first.
    text = license_text(pkgs[0][0])
    copyrights = sorted({f["copyright"] for f in fs})
    hdr = [f"{fs[0]['family']} — files in this folder:", ""]
    hdr += [f"  {os.path.basename(f['file'])}  (subset of {f['src']}"
            + (f", face {f['index']}" if f["src"].endswith(".ttc") else "") + ")" for f in fs]
    hdr += ["", "Copyright notices (name table, nameID 0):", ""]
    hdr += [f"  {c}" for c in copyrights]
    if fs[0]["kind"] == "cjk":
        hdr += ["", "Upstream (https://github.com/googlefonts/noto-cjk, LICENSE) states:", "",
                "  Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.", "",
                "The Reserved Font Name 'Source' is not used by these files."]
    hdr += ["", "Taken from the Debian package(s) " + ", ".join(f"{p} {v}" for p, v in pkgs) + ";",
            f"license text below copied from /usr/share/doc/{pkgs[0][0]}/copyright.",
            "The files are Modified Versions (subsets made with fontTools pyftsubset,",
            "see ../README.md). They keep the original family names, which are not",
            "Reserved Font Names.",
            "",
            "This Font Software is licensed under the SIL Open Font License, Version 1.1.",
            f"This license is copied below, and is also available with a FAQ at: {fs[0]['license_url'] or 'https://openfontlicense.org'}",
            "", ""]
    with open(os.path.join(FONTS, folder, "OFL.txt"), "w", encoding="utf-8") as out:
        out.write("\n".join(hdr) + text)

# --- fonts.json -----------------------------------------------------------------
def entries(prefix):
    res = []
    for f in fonts:
        if f["file"].startswith(prefix + "/"):
            e = OrderedDict(weight=f["weight"], style="italic" if f["italic"] else "normal", file=f["file"])
            if f["src"].endswith((".ttc", ".otc")):
                e["index"] = 0        # face index inside the *output* file (a single-face OTF)
            res.append(e)
    return sorted(res, key=lambda e: e["weight"])

packages = [("ar", entries("NotoSansArabic")), ("fa", entries("NotoSansArabic")),
            ("ur", entries("NotoNastaliqUrdu")), ("he", entries("NotoSansHebrew")), ("iw", entries("NotoSansHebrew")),
            ("zh-Hans", entries("NotoSansSC")), ("default", entries("NotoSans"))]
scripts = OrderedDict([("Arab", "ar"), ("Hebr", "he"), ("Hani", "zh-Hans")])
# Italic where a package has no italic face: Arabic, Nastaliq and Han are not slanted; they take the
# seed's rule (italic shown as medium, upright). Latin and Hebrew get a synthetic oblique (the
# default, so no key).
ITALIC = {"ar": {"weight": 500}, "fa": {"weight": 500}, "ur": {"weight": 500}, "zh-Hans": {"weight": 500}}
# A package that serves its script for its own locale ahead of "scripts": Urdu is written in
# Nastaliq, so Arabic-script text in an ur locale takes Noto Nastaliq Urdu, not Noto Sans Arabic.
OWN_SCRIPTS = {"ur": ["Arab"]}
lines = ["{", '  "packages": [']
for pi, (loc, fs) in enumerate(packages):
    lines += ["    {", f'      "locale": {json.dumps(loc)},']
    if loc in ITALIC:
        lines.append(f'      "italic": {json.dumps(ITALIC[loc])},')
    if loc in OWN_SCRIPTS:
        lines.append(f'      "scripts": {json.dumps(OWN_SCRIPTS[loc])},')
    lines.append('      "fonts": [')
    for fi, e in enumerate(fs):
        lines.append("        " + json.dumps(e, ensure_ascii=False) + ("," if fi < len(fs) - 1 else ""))
    lines += ["      ]", "    }" + ("," if pi < len(packages) - 1 else "")]
lines += ["  ],", '  "scripts": {']
for si, (k, v) in enumerate(scripts.items()):
    lines.append(f"    {json.dumps(k)}: {json.dumps(v)}" + ("," if si < len(scripts) - 1 else ""))
lines += ["  }", "}"]
manifest = "\n".join(lines) + "\n"
json.loads(manifest)  # sanity
with open(os.path.join(FONTS, "fonts.json"), "w", encoding="utf-8") as out:
    out.write(manifest)

# --- README.md ------------------------------------------------------------------
def ranges_table(env):
    rows = ["| Code points | Block / purpose |", "|---|---|"]
    for l in os.environ[env].strip("\n").split("\n"):
        cps, desc = l.split("|", 1)
        rows.append(f"| `{cps}` | {desc} |")
    return "\n".join(rows)

def kib(n):
    return f"{n / 1024:,.0f} KiB" if n < 1024 * 1024 else f"{n / 1048576:,.2f} MiB"

hanzi = open(os.path.join(TMP, "hanzi.txt")).read()
hanzi_count = len(hanzi.split())
hanzi_sha = hashlib.sha256(hanzi.encode()).hexdigest()
limit = int(os.environ["HANZI_MAX_TGH"])
levels = {3500: "level 1 (一级字表, 3,500 常用字)",
          6500: "levels 1 and 2 (一级 3,500 + 二级 3,000)",
          8105: "levels 1, 2 and 3 (the whole table)"}.get(limit, f"serial numbers 1–{limit}")
tools = {p: dpkg_version(p) for p in ("fonttools", "unicode-data", "libharfbuzz-bin")}
total = sum(f["size"] for f in fonts)

md = []
md.append("""# Embedded default fonts

Generated by [`scripts/make-fonts.sh`](../scripts/make-fonts.sh) — do not edit by hand.
All fonts are from Debian's font packages, licensed under the SIL Open Font
License 1.1 (see the `OFL.txt` in each folder), and subset with fontTools
`pyftsubset`. `fonts.json` is the manifest the library loads by default.

## Files
""")
md.append("| File | Family | Weight | Version (nameID 5) | Source package (Debian version) | License | SHA-256 |")
md.append("|---|---|---|---|---|---|---|")
for f in fonts:
    w = f"{f['weight']} {WEIGHT_NAMES.get(f['weight'], '')}".strip() + (" Italic" if f["italic"] else "")
    md.append(f"| `{f['file']}` | {f['family']} | {w} | `{f['version']}` | {f['pkg']} ({f['pkgver']}) "
              f"| SIL OFL 1.1 ([OFL.txt]({os.path.dirname(f['file'])}/OFL.txt)) | `{f['sha']}` |")
md.append("")
md.append("| File | Source file | Outlines | Glyphs | Mapped code points | Size |")
md.append("|---|---|---|---|---|---|")
for f in fonts:
    src = f["src"] + (f" (face {f['index']})" if f["src"].endswith(".ttc") else "")
    md.append(f"| `{f['file']}` | `{src}` | {f['flavor']} | {f['glyphs']:,} | {f['chars']:,} | {kib(f['size'])} ({f['size']:,} bytes) |")
md.append(f"\nTotal size of the font files: {kib(total)} ({total:,} bytes).\n")
md.append(f"""Tools used for the files above: fonttools {tools['fonttools']}, unicode-data {tools['unicode-data']},
libharfbuzz-bin {tools['libharfbuzz-bin']} (verification only).

## Regenerating

```sh
scripts/make-fonts.sh
```

The script installs any missing package with `apt-get` (`fonts-noto-core`,
`fonts-noto-extra`, `fonts-noto-cjk`, `fonttools`, `python3-fonttools`,
`unicode-data`, `libharfbuzz-bin`), finds the source files with `dpkg -L`,
subsets them, rewrites the `OFL.txt` files, `fonts.json` and this README, and
then verifies the result with `hb-shape` (no `.notdef` for sample texts in
every font; shaping output identical to the unsubsetted source font apart from
glyph ids; Arabic lam-alef ligature still formed). The output only depends on
the package versions listed above: `pyftsubset` is run with
`--no-recalc-timestamp`, so `head.modified` is copied from the source font
(the script checks this) and two runs give byte-identical files.

Only `HANZI_MAX_TGH` can be tuned (environment variable, default 6500; see below).

## Subsetting choices

Options common to all fonts: `{os.environ['SUBSET_OPTS_TXT']}` —
all OpenType layout features are kept (with layout closure, so every glyph
reachable through GSUB from a kept character stays), all name records are kept
(family name, version, copyright, license), hinting is kept, glyph names are
dropped (`post` format 3), `.notdef` keeps its outline. pyftsubset's default
table drops apply (`DSIG`, and for the CJK font `BASE`, which fontTools cannot
subset).

### Noto Sans (`NotoSans/`) — Latin, Greek, Cyrillic, Vietnamese

{ranges_table('LATIN_RANGES_TXT')}

### Noto Sans Arabic (`NotoSansArabic/`)

{ranges_table('ARABIC_RANGES_TXT')}

These ranges cover every code point the font maps, so this subset removes only
unreachable glyphs and glyph names; joining forms (`init`/`medi`/`fina`/`isol`),
`rlig` lam-alef ligatures and `mark`/`mkmk` positioning are unchanged. The
same files serve the `ar` and `fa` packages of the manifest (Persian letters
and digits U+06A9, U+06AF, U+06CC, U+06F0–06F9 are in U+0600–06FF).

### Noto Sans Hebrew (`NotoSansHebrew/`) — Regular and Bold

{ranges_table('HEBREW_RANGES_TXT')}

The same files serve the `he` package and `iw` (the tag Hebrew had before 1989, still sent by
some systems); `scripts` maps `Hebr` to `he`, so Hebrew text takes them in any locale.

### Noto Nastaliq Urdu (`NotoNastaliqUrdu/`) — Regular

{ranges_table('URDU_RANGES_TXT')}

Only the Regular face is kept: Nastaliq's contextual forms make each file about half a megabyte
even after subsetting (the ranges above are nearly all the font maps). Bold text in Urdu gets the
Regular face by the CSS weight rule. The `ur` package lists `Arab` in its own `scripts`, so
Arabic-script text in an Urdu locale takes Nastaliq ahead of the manifest's `"Arab": "ar"`.

### Noto Sans CJK SC (`NotoSansSC/`) — Simplified Chinese, Regular and Bold

The source is the `.ttc` collection of `fonts-noto-cjk`; the face whose family
name is `Noto Sans CJK SC` is located by name (it is face index 2 in both
`NotoSansCJK-Regular.ttc` and `NotoSansCJK-Bold.ttc`) and subset straight out
of the collection (`--font-number`). Output keeps CFF outlines (`.otf`) and the
vertical metrics (`vhea`, `vmtx`, `VORG`) and `vert`/`vrt2` features.

Hanzi: **{hanzi_count:,} characters** — the 《通用规范汉字表》 (Table of General
Standard Chinese Characters, 2013), {levels}. The list is taken from
the Unihan database field `kTGH` in `{os.environ['UNIHAN']}` (Debian package
`unicode-data` {tools['unicode-data']}): `kTGH` values are `2013:<serial number>`
and the serial number is the character's position in the table, so level 1 is
serial 1–3500, level 2 is 3501–6500, level 3 is 6501–8105. The script keeps
every entry with serial ≤ `HANZI_MAX_TGH` ({limit}). SHA-256 of the sorted
list (one `U+XXXX` per line): `{hanzi_sha}`.
Set `HANZI_MAX_TGH=3500` for level 1 only (about half the size) or `8105`
for the whole table.

Other code points:

{ranges_table('CJK_RANGES_TXT')}

Layout: all features are kept, but only for the default and the Simplified
Chinese (`ZHS`) language systems (`--layout-scripts={os.environ['CJK_LAYOUT_SCRIPTS']}`).
The `locl` lookups of the JAN/KOR/ZHT/ZHH language systems map almost every
hanzi to its Japanese/Korean/Traditional/Hong Kong form and would nearly double
the file size; this font is only used for zh-Hans, where those glyphs are never
selected. Text tagged `ja`/`ko`/`zh-Hant` that falls back to this font gets the
Simplified Chinese glyph forms.

Names: the files are called `NotoSansSC-*.otf` but keep their internal family
name `Noto Sans CJK SC` (the OFL allows this: the only Reserved Font Name of
Noto Sans CJK is Adobe's 'Source'; Noto Sans and Noto Sans Arabic have none).

## Manifest format (`fonts.json`)

`fonts.json` lists the fonts the library loads by default, grouped into
per-locale *packages*:

```json
{{
  "packages": [
    {{
      "locale": "ar",
      "fonts": [
        {{"weight": 300, "style": "normal", "file": "NotoSansArabic/NotoSansArabic-Light.ttf"}},
        {{"weight": "regular", "file": "NotoSansArabic/NotoSansArabic-Regular.ttf"}}
      ]
    }},
    {{
      "locale": "zh-Hans",
      "fonts": [
        {{"weight": 400, "style": "normal", "file": "NotoSansSC/NotoSansSC-Regular.otf", "index": 0}}
      ]
    }},
    {{"locale": "default", "fonts": [ ... ]}}
  ],
  "scripts": {{"Arab": "ar", "Hani": "zh-Hans"}}
}}
```

- `packages` — array of objects:
  - `locale` — a BCP 47 language tag (`ar`, `fa`, `zh-Hans`) or the special
    value `default`, the package used for text whose locale/script has no
    package of its own.
  - `fonts` — array of font faces of that package:
    - `file` — path relative to the directory containing `fonts.json`.
    - `weight` — a number on the OpenType/CSS weight scale (e.g. `300`) or one
      of the names `thin` 100, `extralight` 200, `light` 300, `regular` 400,
      `medium` 500, `semibold` 600, `bold` 700, `extrabold` 800, `black` 900.
    - `style` (optional, default `"normal"`) — `"normal"` or `"italic"`.
    - `index` (optional, default 0) — face index inside a font collection (`.ttc`/`.otc`).
    - `weight` may also be a range, two weights separated by a space (`"100 900"`, as
      CSS's `@font-face` descriptor): the face is a variable font, and any weight inside
      the range is drawn exactly by setting its `wght` axis (outside it, CSS Fonts 4 §5.2
      picks the nearest end).
  - `italic` (optional, default `"synthesize"`) — what italic gives when the package has
    no italic face: `"synthesize"` (the upright face slanted, in shaping and drawing),
    `"upright"` (the upright face as it is), or `{{"weight": 500}}` (that weight, upright).
  - `scripts` (optional) — ISO 15924 scripts this package serves for its own locale ahead
    of the manifest's top-level `scripts` (`"ur"` lists `"Arab"`: Urdu is written in Nastaliq).
- `scripts` (optional) — object mapping an ISO 15924 script code (as in the
  Unicode `Script` property, e.g. `Hani`, `Arab`) to the `locale` of the package
  that always serves text in that script, whatever the UI locale: it is the
  first step of the fallback chain (script package → locale packages →
  `default` → system fonts → .notdef).
- Fields may be added; readers ignore the ones they do not know. Errors name
  the file, the line and the key path (`packages[1].fonts[0].weight`).

Packages in this file:

| locale | fonts |
|---|---|""")
for loc, fs in packages:
    md.append(f"| `{loc}` | " + ", ".join(f"{e['weight']} `{e['file']}`" for e in fs) + " |")
md.append("\nScripts: " + ", ".join(f"`{k}` → `{v}`" for k, v in scripts.items())
          + ". Latin, Greek and Cyrillic text uses the `default` package.\n")
with open(os.path.join(FONTS, "README.md"), "w", encoding="utf-8") as out:
    out.write("\n".join(md))
EOF

# ---------------------------------------------------------------------------
# 5. Verify
# ---------------------------------------------------------------------------
fail=0
# Shape $text with the subset and with the original; both must be free of
# .notdef and identical once glyph ids are removed.
check_shape() {
    local out="$1" src="$2" index="$3" lang="$4" text="$5" dir="${6:-}"
    local args=(--no-glyph-names --language="$lang") a b
    [[ -n "$dir" ]] && args+=(--direction="$dir")
    a="$(hb-shape "${args[@]}" "$FONTS/$out" "$text")"
    b="$(hb-shape "${args[@]}" --face-index="$index" "$src" "$text")"
    if grep -qE '(^\[|\|)0=' <<<"$a"; then
        echo "FAIL notdef  $out [$lang] '$text': $a"; fail=1
    elif [[ "$(sed -E 's/(\[|\|)[0-9]+=/\1=/g' <<<"$a")" != "$(sed -E 's/(\[|\|)[0-9]+=/\1=/g' <<<"$b")" ]]; then
        echo "FAIL differs $out [$lang] '$text'"; echo "  subset: $a"; echo "  source: $b"; fail=1
    else
        echo "ok  $out [$lang${dir:+ $dir}] '$text' -> $(grep -oE '(^\[|\|)[0-9]+=' <<<"$a" | wc -l) glyphs"
    fi
}
while IFS='|' read -r out src index pkg kind; do
    case "$kind" in
        latin)
            check_shape "$out" "$src" "$index" vi 'Tiếng Việt có dấu: Ắ ẵ ặ ỡ ự'
            check_shape "$out" "$src" "$index" en 'The quick brown fox — “office” 1½ € 2²'
            check_shape "$out" "$src" "$index" el 'Ελληνικά: Καλημέρα κόσμε'
            check_shape "$out" "$src" "$index" ru 'Русский язык: съешь же ещё'
            ;;
        arabic)
            check_shape "$out" "$src" "$index" ar 'لا مرحبا'
            check_shape "$out" "$src" "$index" ar 'السَّلَامُ عَلَيْكُمْ ١٢٣'
            check_shape "$out" "$src" "$index" fa 'زبان فارسی ۱۲۳۴'
            n="$(hb-shape --no-glyph-names --language=ar "$FONTS/$out" 'لا' | grep -oE '(^\[|\|)[0-9]+=' | wc -l)"
            if [[ "$n" -lt 2 ]]; then echo "ok  $out lam-alef ligature: 'لا' (2 chars) -> $n glyph"
            else echo "FAIL $out: no lam-alef ligature ('لا' -> $n glyphs)"; fail=1; fi
            ;;
        hebrew)
            check_shape "$out" "$src" "$index" he 'שָׁלוֹם עוֹלָם ₪ בֵּית־סֵפֶר'
            ;;
        urdu)
            check_shape "$out" "$src" "$index" ur 'اردو زبان ۱۲۳'
            ;;
        cjk)
            check_shape "$out" "$src" "$index" zh-Hans '今天天气好吗，'
            check_shape "$out" "$src" "$index" zh-Hans '《通用规范汉字表》共收录８１０５个汉字。'
            check_shape "$out" "$src" "$index" zh-Hans '「你好」，世界！' ttb
            ;;
    esac
    # head.modified must come from the source font (reproducibility); the CJK
    # fonts must map every character of the hanzi list.
    "$PY" - "$FONTS/$out" "$src" "$index" "$kind" "$TMP/hanzi.txt" <<'EOF' || fail=1
import sys
from fontTools.ttLib import TTFont
out, src, index, kind, hanzi = sys.argv[1:]
font = TTFont(out)
a = font["head"].modified
b = TTFont(src, fontNumber=int(index), lazy=True)["head"].modified
if a != b:
    sys.exit(f"FAIL {out}: head.modified {a} != source {b}")
if kind == "cjk":
    cmap = font.getBestCmap()
    want = [int(l[2:], 16) for l in open(hanzi).read().split()]
    missing = [f"U+{c:04X}" for c in want if c not in cmap]
    if missing:
        sys.exit(f"FAIL {out}: {len(missing)} hanzi unmapped: {' '.join(missing[:20])}")
    print(f"ok  {out}: all {len(want)} hanzi of the list are mapped")
EOF
done <"$TMP/sources.txt"
if ((fail)); then
    echo "verification FAILED" >&2
    exit 1
fi
echo "verification passed; Fonts/ is $(du -sh "$FONTS" | cut -f1)"
