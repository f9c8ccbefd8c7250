#!/usr/bin/env python3
"""Regenerate the expected outputs (<case>.out) of the gwrun conformance corpus.

For every case <area>/<case>.bas (or only the cases named on the command line), the
program is run by PC-BASIC 2.0.8 headless in a fresh temporary directory, its screen
stream is converted into the form gwrun prints, and the result is written to
<area>/<case>.out.  Where PC-BASIC is known to differ from real GW-BASIC 3.23, the
hand-written file overrides/<area>/<case>.out replaces PC-BASIC's result (see README.md).

Usage:  python3 basic/conformance/regen.py [-j N] [--check] [case ...]
  case   a path to a .bas file or a case name relative to this folder
         (e.g. for_next/zero_trip or for_next/zero_trip.bas); default: all cases.
  -j N   parallel PC-BASIC processes (default 2, the maximum allowed on the shared box).
  --check  do not write; report cases whose .out would change.

Only the Python 3.11 standard library is used.  Not needed by `cargo test`.

An area may name PC-BASIC options its cases need in <area>/pcbasic-options.txt (drives/
mounts every drive letter it uses on the case's folder).

Conversion of PC-BASIC's stream (`pcbasic TEST.BAS -n -q`, stdin = the .in file):
  * stdin: each LF of the .in file is sent as CR (the Enter key); PC-BASIC echoes the
    typed reply of INPUT / LINE INPUT followed by CR LF, as the screen shows it, and does
    not echo INPUT$.
  * bytes 0xFF (GW's invisible marker after error messages and `Ok`) are removed;
  * CR LF becomes LF;
  * a logical line longer than 80 characters is cut into 80-column screen rows (PC-BASIC
    does not show the automatic wrap in its stream; it does emit the empty row that
    follows a row of exactly 80 characters ended by a newline);
  * if the output does not end at column 0 (e.g. `PRINT "A";` then END), a final LF is
    added: the screen row is complete (GW moves to a new line before `Ok`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
SKIP_DIRS = {"numbers", "overrides"}
WIDTH = 80
TIMEOUT = 20


def all_cases() -> list[Path]:
    """Every <area>/<case>.bas below this folder, except numbers/ and overrides/."""
    cases = []
    for area in sorted(p for p in HERE.iterdir() if p.is_dir()):
        if area.name in SKIP_DIRS or area.name.startswith((".", "_")):
            continue
        cases.extend(sorted(area.glob("*.bas")))
    return cases


def resolve(arg: str) -> Path:
    """A command-line case name or path → the .bas path."""
    p = Path(arg)
    if not p.suffix:
        p = p.with_suffix(".bas")
    for cand in (p, HERE / p, Path.cwd() / p):
        if cand.is_file():
            return cand.resolve()
    sys.exit(f"regen: no such case: {arg}")


def run_pcbasic(bas: Path) -> bytes:
    """Run one case in PC-BASIC and return its raw stdout stream."""
    stdin = b""
    inp = bas.with_suffix(".in")
    if inp.is_file():
        stdin = inp.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r")
    with tempfile.TemporaryDirectory(prefix="gwconf-") as tmp:
        home = Path(tmp) / "home"
        work = Path(tmp) / "run"
        home.mkdir()
        work.mkdir()
        shutil.copy(bas, work / "TEST.BAS")
        env = dict(os.environ, HOME=str(home))
        proc = subprocess.run(
            ["pcbasic", "TEST.BAS", "-n", "-q", *area_options(bas)],
            input=stdin,
            cwd=work,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=TIMEOUT,
        )
        return proc.stdout


def area_options(bas: Path) -> list[str]:
    """PC-BASIC options of a case's area: the words of <area>/pcbasic-options.txt, if any
    (the machine the area's cases assume, e.g. the drives mounted)."""
    opts = bas.parent / "pcbasic-options.txt"
    return opts.read_text().split() if opts.is_file() else []


def screen_text(stream: bytes) -> bytes:
    """PC-BASIC's stream → the screen rows gwrun prints (see module docstring)."""
    data = stream.replace(b"\xff", b"").replace(b"\r\n", b"\n")
    if not data:
        return b""
    lines = data.split(b"\n")
    ended = lines[-1] == b""
    if ended:
        lines.pop()
    rows = []
    for line in lines:
        if len(line) <= WIDTH:
            rows.append(line)
            continue
        for i in range(0, len(line), WIDTH):
            rows.append(line[i : i + WIDTH])
    return b"\n".join(rows) + b"\n"


def override_for(bas: Path) -> Path:
    """overrides/<area>/<case>.out for a case."""
    return HERE / "overrides" / bas.parent.name / (bas.stem + ".out")


def regen_one(bas: Path, check: bool) -> str:
    """Regenerate one case; return a one-line report."""
    name = f"{bas.parent.name}/{bas.stem}"
    try:
        pc = screen_text(run_pcbasic(bas))
    except subprocess.TimeoutExpired:
        pc = None
    except OSError as err:
        return f"{name}: ERROR {err}; .out not written"
    ov = override_for(bas)
    if ov.is_file():
        expected = ov.read_bytes()
        note = "override" + (
            " (PC-BASIC timed out)"
            if pc is None
            else (" (same as PC-BASIC: unneeded?)" if pc == expected else "")
        )
    elif pc is None:
        return f"{name}: TIMEOUT in PC-BASIC and no override; .out not written"
    else:
        expected, note = pc, "pcbasic"
    out = bas.with_suffix(".out")
    old = out.read_bytes() if out.is_file() else None
    if check:
        return f"{name}: {'ok' if old == expected else 'WOULD CHANGE'} [{note}]"
    if old != expected:
        out.write_bytes(expected)
        return f"{name}: written [{note}]"
    return f"{name}: unchanged [{note}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cases", nargs="*")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if shutil.which("pcbasic") is None:
        sys.exit("regen: the pcbasic command (PC-BASIC 2.0.8) is not installed")
    cases = [resolve(c) for c in args.cases] if args.cases else all_cases()
    jobs = max(1, min(args.j, 2))
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for line in pool.map(lambda b: regen_one(b, args.check), cases):
            print(line, flush=True)


if __name__ == "__main__":
    main()
