#!/usr/bin/env python3
"""Random screen-editor sessions (keys typed at the Ok prompt), run through gwrun and PC-BASIC 2.0.8.

edgen.py types whole commands; this one edits the screen the way a GW-BASIC user does:
program lines typed and LISTed, then the cursor moved onto them with the arrow keys,
Home, End, Tab and the Ctrl keys of GW's editor (Ctrl-B/F word left and right, Ctrl-E
and Ctrl-End erase to the end of the line, Ctrl-K home, Ctrl-N end of line, Ctrl-R and
Ins insert mode, Ctrl-\\ ] ^ _ the four directions, Ctrl-J line feed, Esc, Backspace,
Del), text typed over or into them, and Enter pressed on whatever logical line the cursor
is in, which GW stores or runs as if it had been typed there.  The keys go in as the
real-GW editor models type them (`--keys=` with PC-BASIC's escapes: `\\0\\x48` the up
arrow, `\\r` Enter), stdin an empty regular file, in a fresh folder.

Every session starts by typing line 60000, which writes the text screen to S.TXT
(SCREEN(r,c) of rows 1-25, then CSRLIN and POS), and CLS; it ends with Ctrl-C,
`RUN 60000`, `SAVE "Z",A` and SYSTEM.  Compared are the
files written: S.TXT (what the editor left on the screen) and Z.BAS (the program the
Enters stored).  The printed transcript is not: PC-BASIC's --interface=none echoes an
edited row differently from gwrun's stdout, and the models record files.  A session's
first differing file line is its cause; replay it from DIR/sessions/NAME.keys with
`gwrun --keys=...` and `pcbasic --interface=none --keys=...`.

A difference is a lead, not a verdict: triage it against Microsoft's source (SCNEDT.ASM,
SCNDRV.ASM) and the real-GW editor models, as docs/fidelity-audit.md does.

Usage
  python3 tools/differential/keygen.py [--seed N] [--sessions N] [--steps N]
          [--gwrun PATH] [-j N] [--out DIR] [--list]
  --seed      the seed (default 1): the same seed types the same sessions
  --sessions  how many sessions (default 40)
  --steps     edit steps a session (default 25)
  --out       report.txt, the sessions' keys and PC-BASIC's cache (default
              /tmp/gwrun-keygen)
  --list      write the sessions to DIR/sessions and exit, running nothing
  -j N        sessions run in parallel (default 2)
  KEYGEN_PLAIN=1 in the environment leaves out the keys PC-BASIC is known to take
  otherwise (docs/fidelity-audit.md, twentieth round) and counts bottom-row-only
  differences apart

Only the Python 3.11 standard library and the `pcbasic` command are needed.  Not run by
`cargo test`.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import edgen  # noqa: E402  (run_in, first_line_apart: the same runner)

ROOT = HERE.parent.parent

# Extended keys: NUL then the scan code, as GW's keyboard buffer holds them.
EXT = {"up": 0x48, "down": 0x50, "left": 0x4B, "right": 0x4D, "home": 0x47, "end": 0x4F,
       "ins": 0x52, "del": 0x53, "ctrl-left": 0x73, "ctrl-right": 0x74,
       "ctrl-end": 0x75, "ctrl-home": 0x77}
MOVES = ["up", "down", "left", "right", "up", "left", "right", "home", "end",
         "ctrl-left", "ctrl-right", "\t", "\x02", "\x06", "\x0b", "\x0e", "\x1c", "\x1d",
         "\x1e", "\x1f"]
EDITS = ["ins", "del", "\x08", "\x1b", "\x05", "ctrl-end", "\x12", "\x0a", "\x7f"]
RARE = ["ctrl-home", "\x0c"]
TEXT = "ABCXYZ0123456789 :\"'?,;+-*=()."
# KEYGEN_PLAIN=1 leaves out what PC-BASIC is known to do otherwise (docs/fidelity-audit.md,
# twentieth round): `.` in typed text (a line number followed by `.`) and LOCATE (text
# typed after its operands); a session whose only difference is the bottom row (the row
# MKRMNL's scroll loses) is counted apart.
PLAIN = os.environ.get("KEYGEN_PLAIN") == "1"
if PLAIN:
    TEXT = TEXT.replace(".", "")

# The screen dump, a program line typed first (then CLS), so that the session ends with
# the short `RUN 60000` rather than a long line that would wrap and scroll what it dumps.
DUMP = ('60000 OPEN "S.TXT" FOR OUTPUT AS 1:FOR R=1 TO 25:FOR C=1 TO 80:'
        'PRINT#1,CHR$(SCREEN(R,C));:NEXT:PRINT#1,"":NEXT:PRINT#1,CSRLIN;POS(0):CLOSE:END')


class Gen:
    """One session's keys: a list of key names and text."""

    def __init__(self, rng: random.Random):
        self.r = rng
        self.tag = 0

    def pick(self, xs):
        return self.r.choice(xs)

    def line(self) -> str:
        self.tag += 1
        n = self.pick([10, 20, 30, 40, 50, 60, 100, 15, 25])
        body = self.pick([
            f'PRINT "L{self.tag}"', f"A=A+{self.tag}:PRINT A", f"REM {'x' * self.r.randint(1, 90)}",
            f'PRINT "{"y" * self.r.randint(60, 150)}"', "GOTO 10", f"DATA {self.tag},2,3",
            f'? "Q{self.tag}";:? 1', "END"])
        return f"{n} {body}"

    def text(self) -> str:
        return "".join(self.pick(TEXT) for _ in range(self.r.randint(1, 9)))

    def step(self) -> list[str]:
        k = self.r.random()
        if k < 0.16:
            return [self.line(), "\r"]
        if k < 0.24:
            return [self.pick(["LIST", "LIST", "LIST 20-", "LIST -30", "CLS", "PRINT 12345",
                               "PRINT \"ab\";", "KEY OFF", "?"] + ([] if PLAIN else ["LOCATE 1,1"])), "\r"]
        if k < 0.52:
            return [self.pick(MOVES) for _ in range(self.r.randint(1, 7))]
        if k < 0.70:
            return [self.text()]
        if k < 0.86:
            return [self.pick(EDITS) for _ in range(self.r.randint(1, 3))]
        if k < 0.88:
            return [self.pick(RARE)]
        return ["\r"]


def draw(seed: int, index: int, steps: int) -> list[str]:
    rng = random.Random(f"keygen/{seed}/{index}")
    gen = Gen(rng)
    keys: list[str] = [DUMP, "\r", "CLS", "\r"]
    # every session starts with a few lines and a LIST, so there is text to edit
    for _ in range(rng.randint(2, 5)):
        keys += [gen.line(), "\r"]
    keys += ["LIST", "\r"]
    for _ in range(steps):
        keys += gen.step()
    keys += ["\x03", "RUN 60000", "\r", 'SAVE "Z",A', "\r", "SYSTEM", "\r"]
    return keys


def keys_arg(keys: list[str]) -> str:
    """The keys as PC-BASIC's keys= text."""
    out = []
    for k in keys:
        if k in EXT:
            out.append("\\0\\x%02x" % EXT[k])
            continue
        out.append(edgen.escape_keys(k))
    return "".join(out)


def compare(g: dict, p: dict) -> list[dict]:
    import base64
    diffs = []
    for n in ("S.TXT", "Z.BAS"):
        a, b = g["files"].get(n), p["files"].get(n)
        if a == b:
            continue
        ta = base64.b64decode(a).decode("latin-1") if a else "(no file)"
        tb = base64.b64decode(b).decode("latin-1") if b else "(no file)"
        la, lb = ta.split("\r\n"), tb.split("\r\n")
        row = next((i for i in range(max(len(la), len(lb)))
                    if (la[i] if i < len(la) else None) != (lb[i] if i < len(lb) else None)), 0)
        diffs.append({"file": n, "row": row + 1,
                      "gwrun": repr(la[row] if row < len(la) else "(end)")[:120],
                      "pcbasic": repr(lb[row] if row < len(lb) else "(end)")[:120]})
    if g.get("timed_out") != p.get("timed_out"):
        diffs.append({"file": "(timeout)", "row": 0, "gwrun": str(g.get("timed_out")),
                      "pcbasic": str(p.get("timed_out"))})
    return diffs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sessions", type=int, default=40)
    ap.add_argument("--steps", type=int, default=25)
    ap.add_argument("--gwrun", default=str(ROOT / "target/release/gwrun"))
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "gwrun-keygen"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    out = Path(args.out)
    (out / "sessions").mkdir(parents=True, exist_ok=True)
    sessions = []
    for i in range(args.sessions):
        name = f"seed{args.seed}_s{i:03}"
        keys = keys_arg(draw(args.seed, i, args.steps))
        sessions.append((name, keys))
        (out / "sessions" / f"{name}.keys").write_text(keys + "\n")
    if args.list:
        print(f"{len(sessions)} sessions: {out / 'sessions'}")
        return 0
    if not shutil.which("pcbasic"):
        sys.exit("keygen: the pcbasic command (pip install pcbasic==2.0.8) is needed")
    gwrun = os.path.abspath(args.gwrun)
    if not os.path.exists(gwrun):
        sys.exit(f"keygen: no gwrun binary at {gwrun} (cargo build --release)")

    def one(s):
        name, keys = s
        return name, compare(edgen.run_keys(keys, gwrun, "gwrun", out, "keygen"),
                             edgen.run_keys(keys, gwrun, "pcbasic", out, "keygen"))

    with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
        results = list(pool.map(one, sessions))
    groups: dict[str, list[dict]] = defaultdict(list)
    for name, diffs in results:
        if diffs:
            d = diffs[0]
            key = f"{d['file']} row {d['row']}"
            if PLAIN and d["file"] == "S.TXT" and d["row"] == 24 and len(diffs) == 1:
                key = "bottom row only (PC-BASIC's scroll, twentieth round)"
            groups[key].append(dict(d, session=name))
    differing = sum(len(v) for v in groups.values())
    lines = [f"keygen seed {args.seed}: {differing} of {len(sessions)} sessions differ"]
    for key, ds in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"== {key}: {len(ds)}")
        for d in ds:
            lines.append(f"  [{d['session']}]")
            lines.append(f"      gwrun:   {d['gwrun']}")
            lines.append(f"      pcbasic: {d['pcbasic']}")
    (out / "report.txt").write_text("\n".join(lines) + "\n")
    print(lines[0])
    print(f"report: {out / 'report.txt'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
