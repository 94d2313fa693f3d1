#!/usr/bin/env bash
# compare-output.sh: checks that `bidirender layout --jsonl` and `bidirender reorder --jsonl` write
# byte-identical output at BASE_COMMIT and in the working tree, on the 10,000-message chat corpus at
# three settings (RTL/ar at 300 px, auto at 97 px, LTR with no width; reorder given only its own
# keys), exit statuses included; and so do `query` (every query kind on corpus messages), `fonts`
# (the chain as text and JSON, and `--text` on corpus messages), `format --format json`
# (Examples/catalog in four locales, and a missing key) and `compose --format json` (each
# Examples/compose scene, both directions), each command's output, errors and exit status compared.
#
# Usage: scripts/compare-output.sh BASE_COMMIT [--corpus FILE]
#   --corpus FILE  JSON Lines of {"text": …} objects to use instead of generating the corpus; each
#                  setting's fields are added in front of every object.
# Without --corpus the corpus comes from the working tree's CorpusDump (Tests/CorpusDump).
# Exits 0 when every output is identical, 1 on any difference, 2 on a usage or build error.
set -euo pipefail

usage() { echo "usage: $0 BASE_COMMIT [--corpus FILE]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
base=$1; shift
corpus=""
while [[ $# -gt 0 ]]; do
    case $1 in
        --corpus) [[ $# -ge 2 ]] || usage; corpus=$(realpath "$2"); shift 2 ;;
        *) usage ;;
    esac
done

root=$(git rev-parse --show-toplevel)
cd "$root"
base_sha=$(git rev-parse --verify "$base^{commit}") || { echo "unknown commit: $base" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-output.XXXXXX")
cleanup() {
    git -C "$root" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true
    rm -rf "$tmp"
}
trap cleanup EXIT

# The three settings: a name, CorpusDump's arguments, and the fields added to a {"text": …} line.
names=(rtl-300 auto-97 ltr-nowidth)
dump_args=("--direction rtl --locale ar --width 300" "--direction auto --width 97" "--direction ltr --no-width")
fields=('"direction":"rtl","locale":"ar","width":300,' '"direction":"auto","width":97,' '"direction":"ltr",')

# 1. The corpus, generated once by CorpusDump (Tests/CorpusDump), or read from --corpus.
from_plain_corpus() {  # $1: a {"text": …} JSON Lines file
    for i in "${!names[@]}"; do
        sed "s/^{/{${fields[$i]}/" "$1" >"$tmp/in-${names[$i]}.jsonl"
    done
}

if [[ -n $corpus ]]; then
    echo "corpus: $corpus"
    from_plain_corpus "$corpus"
else
    swift build --product CorpusDump >"$tmp/dump-build.log" 2>&1 \
        || { tail -20 "$tmp/dump-build.log" >&2; echo "CorpusDump build failed" >&2; exit 2; }
    bin=$(swift build --product CorpusDump --show-bin-path)/CorpusDump
    for i in "${!names[@]}"; do
        # shellcheck disable=SC2086
        "$bin" ${dump_args[$i]} >"$tmp/in-${names[$i]}.jsonl"
    done
    echo "corpus: CorpusDump"
fi

# 2. The CLI at the base commit (a temporary worktree with its own build folder) and here.
echo "building bidirender at ${base_sha:0:9} …"
git worktree add --detach "$tmp/base" "$base_sha" >/dev/null 2>&1
(cd "$tmp/base" && swift build --product bidirender --scratch-path "$tmp/base/.build") >"$tmp/base-build.log" 2>&1 \
    || { tail -20 "$tmp/base-build.log" >&2; echo "base build failed" >&2; exit 2; }
base_bin=$(cd "$tmp/base" && swift build --product bidirender --scratch-path "$tmp/base/.build" --show-bin-path)/bidirender
echo "building bidirender in the working tree …"
swift build --product bidirender >"$tmp/head-build.log" 2>&1 || { tail -20 "$tmp/head-build.log" >&2; echo "build failed" >&2; exit 2; }
head_bin=$(swift build --product bidirender --show-bin-path)/bidirender

# 3. Both commands at each setting, compared byte for byte.
status=0
for name in "${names[@]}"; do
    python3 -c 'import json, sys
keys = {"text", "direction", "fallback", "bidi", "isolate"}
for line in sys.stdin:
    print(json.dumps({k: v for k, v in json.loads(line).items() if k in keys}, ensure_ascii=False))' \
        <"$tmp/in-$name.jsonl" >"$tmp/reorder-$name.jsonl"
done
for name in "${names[@]}"; do
    lines=$(wc -l <"$tmp/in-$name.jsonl")
    summary="$name ($lines lines):"
    for command in layout reorder; do
        input=$tmp/in-$name.jsonl
        # reorder takes only its own keys: the others are left out of its lines. A command that
        # exits 1 (a failed line) has its status compared as the output's last line.
        [[ $command == reorder ]] && input=$tmp/reorder-$name.jsonl
        "$base_bin" "$command" --jsonl <"$input" >"$tmp/base-$command-$name.out" || echo "exit $?" >>"$tmp/base-$command-$name.out"
        "$head_bin" "$command" --jsonl <"$input" >"$tmp/head-$command-$name.out" || echo "exit $?" >>"$tmp/head-$command-$name.out"
        bytes=$(wc -c <"$tmp/head-$command-$name.out")
        if cmp -s "$tmp/base-$command-$name.out" "$tmp/head-$command-$name.out"; then
            summary+=" $command identical ($bytes bytes);"
        else
            where=$(cmp "$tmp/base-$command-$name.out" "$tmp/head-$command-$name.out" 2>&1 | head -1 || true)
            summary+=" $command DIFFERS ($where);"
            status=1
        fi
    done
    echo "$summary"
done
# 4. The other JSON writers: query, fonts, format and compose, each command line run by both builds
# (standard output, standard error and exit status compared; the base tree's paths read as this
# tree's).
others=0
other_status=0
other() {
    others=$((others + 1))
    local base_out head_out
    base_out=$("$base_bin" "$@" 2>&1; echo "exit $?")
    # The base's embedded fonts are in its own worktree: paths compared relative to each tree.
    base_out=${base_out//"$tmp/base/"/"$root/"}
    head_out=$("$head_bin" "$@" 2>&1; echo "exit $?")
    if [[ "$base_out" != "$head_out" ]]; then
        echo "DIFFERS: bidirender $*"
        diff <(printf '%s\n' "$base_out") <(printf '%s\n' "$head_out") | head -6 || true
        other_status=1
    fi
}
sample() {  # the text of line $1 of the first setting's corpus
    sed -n "${1}p" "$tmp/in-${names[0]}.jsonl" | python3 -c 'import json, sys; print(json.loads(sys.stdin.read())["text"], end="")'
}
for n in 1 7 42 314 2718; do
    text=$(sample "$n")
    other query "$text" --no-system-fonts --width 120 --point 10,10 --caret 3 --caret 2:upstream --range 0:5 \
        --move 1:right --move 4:up --intrinsic
    other query --no-system-fonts --direction rtl --locale ar --width 80 --max-lines 2 --point 40,30 --range 1:9 \
        --intrinsic -- "$text"
    other fonts --no-system-fonts --format json --text "$text"
    other fonts --no-system-fonts --text "$text"
done
other fonts --no-system-fonts
other fonts --no-system-fonts --format json
other fonts --no-system-fonts --format json --script Arab --weight 700
other fonts --no-system-fonts --format json --locale zh-Hans --style italic
other fonts --no-system-fonts --script Hani --locale ja
for locale in default ar zh-Hans ar-EG; do
    for key in follow unread sent invite; do
        other format "$key" name=Ali host=Sara gender=female count=3 --catalog "$root/Examples/catalog" --locale "$locale" \
            --format json
    done
done
other format nosuchkey --catalog "$root/Examples/catalog" --format json
for scene in "$root"/Examples/compose/*.json; do
    for direction in ltr rtl; do
        other compose "$scene" --format json --direction "$direction"
    done
done
if [[ $other_status == 0 ]]; then
    echo "query, fonts, format, compose: $others command lines identical"
else
    status=1
fi
[[ $status == 0 ]] && echo "all identical" || echo "differences found"
exit $status
