#!/usr/bin/env bash
# Seed corpora for the fuzz targets from the listings and conformance cases in basic/:
# whole files for `load` and `run`, single lines for `crunch` and `parse`. The corpora
# live in fuzz/corpus/ (not committed; libFuzzer adds what it finds there).
set -euo pipefail
cd "$(dirname "$0")"
for t in crunch parse load run files; do mkdir -p "corpus/$t"; done
i=0
while IFS= read -r -d '' f; do
  i=$((i + 1))
  cp "$f" "corpus/load/seed$i"
  cp "$f" "corpus/run/seed$i"
  # each line on its own, CR LF or LF stripped
  n=0
  while IFS= read -r line || [ -n "$line" ]; do
    n=$((n + 1))
    [ $n -le 40 ] || break
    printf '%s' "${line%$'\r'}" > "corpus/crunch/seed$i-$n"
    cp "corpus/crunch/seed$i-$n" "corpus/parse/seed$i-$n"
  done < "$f"
done < <(find ../basic -iname '*.bas' -print0 | sort -z)
# files: a few runs of operations (three bytes each: statement, number, character)
printf '\x00\x05a\x07\x03b\x14\x01\x00\x01\x02x\x0b\x02\x00' > corpus/files/seed1
printf '\x03\x20c\x0f\x10d\x10\x01e\x11\x01f\x12\x01g\x13\x00\x00' > corpus/files/seed2
echo "seeded: $(ls corpus/load | wc -l) files, $(ls corpus/crunch | wc -l) lines"
