#!/usr/bin/env bash
# Runs the bidirender CLI under valgrind's leak checker over a small corpus: layout (JSON Lines, one
# and several threads), reorder, fonts, render (PNG and SVG, with colour emoji) and format (ICU's
# MessageFormat; one run ends in an error). Fails on any
# definite leak or memory error. Usage: scripts/check-leaks.sh path/to/bidirender
set -euo pipefail
bin=${1:?usage: scripts/check-leaks.sh path/to/bidirender}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work/corpus.jsonl" <<'PY'
import json, random, sys
random.seed(20261121)
words = ["مرحبا", "كيف حالك", "小明", "今天天气好吗", "hello", "@علي", "@小明", "@12345谢谢", "2024", "(test)",
         "🥰", "👍🏽", "❤️[的]", "，", "؟", "+966 55 123 4567", "\u202bنص\u202c", "\u2067x\u2069", "שלום"]
with open(sys.argv[1], "w") as f:
    for i in range(150):
        text = " ".join(random.choice(words) for _ in range(random.randint(1, 14)))
        line = {"text": text, "direction": random.choice(["rtl", "ltr", "auto"]), "width": random.choice([120, 300])}
        if i % 5 == 0: line["digits"] = "locale"; line["locale"] = "ar-EG"
        if i % 7 == 0: line["spans"] = [{"start": 0, "end": 3, "mention": True, "weight": "bold"}]
        f.write(json.dumps(line, ensure_ascii=False) + "\n")
    f.write("not json\n")
PY

run() {
  echo "== valgrind: bidirender $*"
  SWIFT_BACKTRACE=enable=no valgrind --quiet --leak-check=full --show-leak-kinds=definite \
    --errors-for-leak-kinds=definite --error-exitcode=99 --suppressions="$here/valgrind-swift.supp" \
    "$bin" "$@" > "$work/out" 2> "$work/err" || status=$?
  status=${status:-0}
  # Exit status 1 is the CLI's own (the corpus has one bad JSON line); 99 is valgrind's.
  if [ "$status" -eq 99 ] || grep -q "definitely lost: [1-9]" "$work/err" || grep -q "Invalid \(read\|write\)" "$work/err"; then
    cat "$work/err"
    echo "check-leaks: valgrind found errors in: bidirender $*" >&2
    exit 1
  fi
  unset status
}

run layout --jsonl --jobs 1 --text-file "$work/corpus.jsonl"
run layout --jsonl --jobs 2 --text-file "$work/corpus.jsonl"
run reorder --jsonl --text-file "$work/corpus.jsonl"
run fonts --locale ar-EG --weight medium --text "小明بدأ في متابعتك 🥰 שלום"
run render "مرحبا@我, 今天天气好吗 🥰 والعدد 2024" --direction rtl --locale ar-EG --digits locale --width 200 --debug -o "$work/out.png"
run render "مرحبا@我, 今天天气好吗 🥰" --direction rtl --locale ar -o "$work/out.svg"
run format sent --catalog "$here/../Examples/catalog" --locale ar-EG name=小明 count=11 --format json
run format unread --catalog "$here/../Examples/catalog" --locale ar count=many
echo "check-leaks: no definite leak and no memory error"
