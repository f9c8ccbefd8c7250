#!/bin/sh
# Regenerates basic/conformance/numbers/<case>.out by running PC-BASIC 2.0.8 on <case>.bas,
# headless (`pcbasic TEST.BAS -n -q` in a fresh temporary directory, stdin = <case>.in with
# LF sent as CR), and converting its screen stream the way ../regen.py does: 0xFF marker
# bytes removed, CR LF → LF, logical lines cut into 80-column rows, a final LF added when
# the output does not end at column 0. Where PC-BASIC differs from real GW-BASIC 3.23, the
# hand-written overrides/<case>.out is copied instead (reasons in README.md).
#
#   basic/conformance/numbers/regen.sh              every case
#   basic/conformance/numbers/regen.sh sqr trig     only these
#   basic/conformance/numbers/regen.sh --check      report, write nothing
set -eu
here=$(cd "$(dirname "$0")" && pwd)
exec python3 - "$here" "$@" <<'PY'
import os, shutil, subprocess, sys, tempfile
from pathlib import Path

here = Path(sys.argv[1])
args = sys.argv[2:]
check = "--check" in args
names = [a for a in args if a != "--check"]
cases = [here / f"{n.removesuffix('.bas')}.bas" for n in names] or sorted(here.glob("*.bas"))

def run(bas):
    stdin = b""
    inp = bas.with_suffix(".in")
    if inp.is_file():
        stdin = inp.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r")
    with tempfile.TemporaryDirectory(prefix="gwnum-") as tmp:
        home, work = Path(tmp, "home"), Path(tmp, "run")
        home.mkdir(); work.mkdir()
        shutil.copy(bas, work / "TEST.BAS")
        p = subprocess.run(["pcbasic", "TEST.BAS", "-n", "-q"], input=stdin, cwd=work,
                           env=dict(os.environ, HOME=str(home)), stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=20)
        return p.stdout

def screen(stream):
    data = stream.replace(b"\xff", b"").replace(b"\r\n", b"\n")
    if not data:
        return b""
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    rows = []
    for line in lines:
        rows.extend([line[i:i + 80] for i in range(0, max(len(line), 1), 80)] or [b""])
    return b"\n".join(rows) + b"\n"

for bas in cases:
    try:
        pc = screen(run(bas))
    except subprocess.TimeoutExpired:
        pc = None
    ov = here / "overrides" / (bas.stem + ".out")
    if ov.is_file():
        want = ov.read_bytes()
        note = "override" + (" (same as PC-BASIC: unneeded?)" if pc == want else "")
    elif pc is None:
        print(f"{bas.stem}: PC-BASIC timed out and no override; not written")
        continue
    else:
        want, note = pc, "pcbasic"
    out = bas.with_suffix(".out")
    old = out.read_bytes() if out.is_file() else None
    if check:
        print(f"{bas.stem}: {'ok' if old == want else 'WOULD CHANGE'} [{note}]")
    elif old != want:
        out.write_bytes(want)
        print(f"{bas.stem}: written [{note}]")
    else:
        print(f"{bas.stem}: unchanged [{note}]")
PY
