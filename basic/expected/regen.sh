#!/bin/sh
# Regenerates basic/expected/<name>.out for the documents' listings by running PC-BASIC 2.0.8
# on basic/<name>.bas (headless), keeping only what the program printed: the echoed LOAD/RUN
# commands and the final Ok prompt are stripped, so is the invisible 0xFF byte GW-BASIC (and
# PC-BASIC) sends after an error message and after Ok; CR LF becomes LF.
#
#   basic/expected/regen.sh                 all listings (shell_ted.bas takes PC-BASIC minutes)
#   basic/expected/regen.sh deal52 ...      only these
#
# Where PC-BASIC is known to differ from real GW-BASIC 3.23, the GW-BASIC output is written by
# hand in basic/expected/overrides/<name>.out (reasons in docs/listings.md); tests take the
# override when one exists. This script never touches overrides/.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
basic=$(dirname "$here")
names="$*"
if [ -z "$names" ]; then
    names="shell_metzner shell_ted shell_ted_packed shell_ted_packed_fixed array_map
        array_map_fixed array_match array_match_fixed bitmap_sort bitmap_sort_fixed
        sort_randoms collection_shuffle deal52 retry_deal perfect_shuffle exchange_shuffle
        selection_shuffle selection_shuffle_fixed efficient_selection_shuffle"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for name in $names; do
    cp "$basic/$name.bas" "$work/PROG.BAS"
    (cd "$work" && printf 'LOAD "PROG.BAS"\r\nRUN\r\nSYSTEM\r\n' |
        HOME="$work" timeout 3600 pcbasic --interface=none 2>/dev/null) > "$work/raw" || true
    python3 - "$work/raw" "$here/$name.out" <<'PY'
import sys
raw = open(sys.argv[1], 'rb').read()
start = raw.index(b'RUN\r\n') + len(b'RUN\r\n')
end = raw.rindex(b'Ok\xff')
if end < start:
    sys.exit('PC-BASIC did not finish the program (no final Ok)')
text = raw[start:end].replace(b'\xff', b'').replace(b'\r\n', b'\n')
open(sys.argv[2], 'wb').write(text)
PY
    echo "$name: $(wc -l < "$here/$name.out") lines"
done
