#!/bin/sh
# `make install` and `make uninstall` (issue #39).
#
#   scripts/install.sh install PREFIX BINARY MANDIR   copies the CLI to PREFIX/bin, the embedded fonts to
#                                                     PREFIX/share/bidirender/Fonts (where the CLI finds
#                                                     them beside bin/), the man pages of MANDIR to
#                                                     PREFIX/share/man/man1, and bash, zsh and fish
#                                                     completions (the CLI writes them); every file it
#                                                     wrote is listed in PREFIX/share/bidirender/installed-files
#   scripts/install.sh uninstall PREFIX               removes exactly the files of that list, and the
#                                                     folders install made (listed with a trailing /)
set -eu
mode=$1
prefix=$2
list="$prefix/share/bidirender/installed-files"
root=$(cd "$(dirname "$0")/.." && pwd)

case "$mode" in
install)
    binary=$3
    mandir=$4
    [ -x "$binary" ] || { echo "install.sh: no executable at $binary" >&2; exit 1; }
    ls "$mandir"/*.1 >/dev/null 2>&1 || { echo "install.sh: no man pages in $mandir" >&2; exit 1; }
    if [ -f "$list" ]; then "$0" uninstall "$prefix"; fi
    installed=$(mktemp)
    put() {  # put SOURCE DESTINATION MODE: the folders it makes are listed too (a trailing /)
        d=$(dirname "$2")
        made=""
        while [ ! -d "$d" ]; do made="$d/
$made"; d=$(dirname "$d"); done
        install -D -m "$3" "$1" "$2"
        printf '%s' "$made" >> "$installed"
        echo "$2" >> "$installed"
    }
    put "$binary" "$prefix/bin/bidirender" 755
    (cd "$root/Fonts" && find . -type f | sort) | while read -r f; do
        put "$root/Fonts/$f" "$prefix/share/bidirender/Fonts/${f#./}" 644
    done
    for page in "$mandir"/*.1; do
        put "$page" "$prefix/share/man/man1/$(basename "$page")" 644
    done
    completions=$(mktemp -d)
    "$binary" --generate-completion-script bash > "$completions/bidirender"
    "$binary" --generate-completion-script zsh > "$completions/_bidirender"
    "$binary" --generate-completion-script fish > "$completions/bidirender.fish"
    put "$completions/bidirender" "$prefix/share/bash-completion/completions/bidirender" 644
    put "$completions/_bidirender" "$prefix/share/zsh/site-functions/_bidirender" 644
    put "$completions/bidirender.fish" "$prefix/share/fish/vendor_completions.d/bidirender.fish" 644
    rm -r "$completions"
    echo "$list" >> "$installed"
    mv "$installed" "$list"
    chmod 644 "$list"
    echo "installed $(wc -l < "$list") files under $prefix (listed in $list)"
    ;;
uninstall)
    [ -f "$list" ] || { echo "install.sh: nothing installed under $prefix ($list not found)" >&2; exit 1; }
    # The files of the list, then the folders install made (deepest first), if nothing else is in them.
    entries=$(cat "$list")
    echo "$entries" | while read -r f; do
        case "$f" in "$prefix"/*) ;; *) echo "install.sh: $f is not under $prefix; left" >&2; continue ;; esac
        case "$f" in */) ;; *) rm -f "$f" ;; esac
    done
    echo "$entries" | grep '/$' | sort -r | while read -r d; do
        rmdir "$d" 2>/dev/null || echo "install.sh: $d is not empty; left" >&2
    done
    echo "removed what $list listed"
    ;;
*)
    echo "usage: scripts/install.sh install PREFIX BINARY MANDIR | uninstall PREFIX" >&2
    exit 2
    ;;
esac
