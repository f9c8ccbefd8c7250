#!/bin/sh
# Regenerates the PC-BASIC reference files of basic/compat/ (needs `pip install pcbasic`).
# Each <case>.bas writes one output file; PC-BASIC 2.0.8's copy is kept as <case>.txt.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
for bas in *.bas; do
    case=${bas%.bas}
    cp "$bas" "$tmp/"
    (cd "$tmp" && pcbasic "$bas" -n --quit=True </dev/null >/dev/null 2>&1)
    out=$(grep -o 'OPEN "[A-Z.]*"' "$bas" | head -n 1 | cut -d'"' -f2)
    mv "$tmp/$out" "$case.txt"
done
rm -rf "$tmp"
