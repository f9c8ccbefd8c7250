#!/usr/bin/env python3
"""Random program lines for GW-BASIC's cruncher (tokeniser), run through gwrun and PC-BASIC 2.0.8.

Draws program lines that stress CRUNCH (S GWMAIN.ASM) and the lister (GWLIST.ASM): keywords
glued to names and numbers (`PRINTA`, `FORI=1TO10`, `GOTO10ELSE20`, `IFA THEN10`),
numbers in every form (`&H`, `&O`, `&` alone, `1E5`, `1D5`, `1.5#`, `1!`, `1%`, `65535`,
`32768`, `.5`, `1.`, exponents with signs, long digit strings), line-number references
after GOTO, GOSUB, THEN, ELSE, RESTORE, RUN, LIST, ERL=, RESUME (blanks inside, numbers
past 65529), strings with and without their closing quote, REM and `'` (also after `:`),
DATA with odd items, `?`, lower case, the operators and their two-character forms (`<=`,
`=<`, `><`, `=>`), FN, USR, `GO TO`, `GO SUB`, names with type suffixes and digits, and a
TAB (the editor's key) outside strings.  Each line is of one kind, named in the report.

A program is typed as keys at the Ok prompt (`--keys=` with PC-BASIC's escapes: its lines,
then `SAVE "T"` (tokenised), `SAVE "A",A` and SYSTEM), stdin an empty regular file, in a
fresh folder, through gwrun and `pcbasic --interface=none --keys=...` (edgen.py's runner).
Compared are the files: T.BAS, the tokenised bytes, decoded into lines (0xFF, then per
line a 2-byte link, a 2-byte number, the crunched bytes, 0; constants' operand bytes are
skipped so that a 0 inside one does not end the line) and compared byte for byte with the
link bytes masked: a link is a memory address, which may differ legitimately (PC-BASIC's
program starts where its memory map puts it); and A.BAS, the LIST text, line by line.
The cruncher works on each line apart, so every differing line is a difference, grouped
by file and the line's kind; a line stored by one side only (the other refused it as
typed) is a difference of its own.  Replay a program from DIR/programs/NAME.keys.

A difference is a lead, not a verdict: triage it against Microsoft's source (GWMAIN.ASM
CRUNCH and its helpers, GWLIST.ASM) and the real-GW models, as docs/fidelity-audit.md
does (twentieth round, the cruncher).

Usage
  python3 tools/differential/tokgen.py [--seed N] [--programs N] [--lines N]
          [--gwrun PATH] [-j N] [--out DIR] [--list]
  --seed      the seed (default 1): the same seed types the same programs
  --programs  how many programs (default 30)
  --lines     lines a program (default 12)
  --out       report.txt, the programs' keys and PC-BASIC's cache (default
              /tmp/gwrun-tokgen)
  --list      write the programs to DIR/programs and exit, running nothing
  -j N        programs run in parallel (default 2)

Only the Python 3.11 standard library and the `pcbasic` command are needed.  Not run by
`cargo test`.
"""

from __future__ import annotations

import argparse
import base64
import os
import random
import re
import shutil
import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import edgen  # noqa: E402  (run_in: the same runner)

ROOT = HERE.parent.parent

NAMES = ["A", "B", "X", "I", "N", "AB", "A1", "X2Y", "TOTAL", "A.B", "ELSEX", "FNORD",
         "INT1", "LEN2", "ERRX", "TOX", "TO1", "ORA", "ANDY", "IFS", "USRX", "PRINTS",
         "GOTOX", "SPCX", "NEXTI", "DATAX", "REMX", "FORX", "A9", "Q.5"]
SUFFIX = ["", "", "", "%", "!", "#", "$"]
KEYWORDS = ["PRINT", "LET", "GOTO", "GOSUB", "IF", "FOR", "NEXT", "ON", "INPUT", "DIM",
            "ABS", "INT", "LEN", "CHR$", "MID$", "STR$", "VAL", "ATN", "SIN", "CVI", "MKI$",
            "LOF", "EOF", "NOT", "AND", "OR", "XOR", "MOD", "TO", "STEP", "THEN", "ELSE",
            "SPC(", "TAB(", "USING", "ERL", "ERR", "INKEY$", "STRING$", "INSTR", "FILES",
            "WIDTH", "KEY", "CLS", "RND", "TIMER", "VARPTR", "SWAP", "WEND", "WHILE"]
OPS = ["+", "-", "*", "/", "\\", "^", "=", "<", ">", "<=", "=<", ">=", "=>", "<>", "><",
       "< =", "> <", " MOD ", " AND ", " OR ", " XOR ", " EQV ", " IMP ", "NOT "]


class Gen:
    """One program's lines, each with its kind."""

    def __init__(self, rng: random.Random):
        self.r = rng

    def pick(self, xs):
        return self.r.choice(xs)

    def name(self) -> str:
        return self.pick(NAMES) + self.pick(SUFFIX)

    def digits(self, lo=1, hi=6) -> str:
        return "".join(self.pick("0123456789") for _ in range(self.r.randint(lo, hi)))

    def number(self) -> str:
        r = self.r
        k = r.randint(0, 23)
        if k == 0:
            return "&H" + "".join(self.pick("0123456789ABCDEFabcdef") for _ in range(r.randint(0, 5)))
        if k == 1:
            return "&O" + "".join(self.pick("01234567") for _ in range(r.randint(0, 7)))
        if k == 2:
            return "&" + "".join(self.pick("012345678") for _ in range(r.randint(0, 7)))
        if k == 3:
            return self.pick(["1E5", "1D5", "1e5", "1d-5", "2E+3", "3E-", "4E", "5D+",
                              "1E38", "1E39", "1D308", "1D309", ".5E-40", "1E 5", "1E-3 8"])
        if k == 4:
            return self.pick(["65535", "32768", "32767", "-32768", "65536", "255", "256",
                              "10", "11", "0", "9", "99999", "65529", "65530"])
        if k == 5:
            return self.digits(1, 3) + self.pick(["!", "#", "%", ".", ".#", ".!"])
        if k == 6:
            return "." + self.digits(1, 4) + self.pick(["", "", "#", "!", "E2", "D-2"])
        if k == 7:
            return self.digits(8, 22) + self.pick(["", "", "#", "!", "%", ".5", "E3"])
        if k == 8:
            return self.digits(1, 3) + " " + self.digits(1, 3)
        if k == 9:
            return self.digits(1, 4) + "." + self.digits(0, 4) + self.pick(["", "E", "D", "E+", "D-"]) \
                + self.digits(0, 3)
        if k == 10:
            return self.pick(["1.5#", "1!", "1%", "1.", ".", "0.0", "00012", "1.0E+00", "32768%",
                              "40000%", "1.5%", "&H10%", "&HFFFF", "&H10000", "&O177777",
                              "&O200000", "&HG", "&O8", "1#E5", "123456789012345678", "7.0D0"])
        return self.digits(1, 5)

    def expr(self, depth=0) -> str:
        r = self.r
        k = r.random()
        if k < 0.35 or depth > 2:
            return self.number()
        if k < 0.6:
            return self.name()
        if k < 0.7:
            return self.pick(["ABS", "INT", "SQR", "SGN", "FNA", "FN B", "USR", "USR1", "CVI",
                              "LEN", "PEEK", "ASC"]) + "(" + self.expr(depth + 1) + ")"
        return self.expr(depth + 1) + self.pick(OPS) + self.expr(depth + 1)

    def lineref(self) -> str:
        n = self.pick(["10", "20", "1 0", "2 0 0", "65529", "65530", "65535", "99999", "0",
                       "00010", "6553 5", "123456", "10.5", "1E2", "&H10", "30"])
        return n

    def body(self, kind: str) -> str:
        r, p = self.r, self.pick
        if kind == "glued":
            return p([
                f"PRINT{self.name()}", f"PRINT{self.number()}", f"FOR{p(['I', 'N', 'X%'])}={self.number()}TO{self.number()}STEP{self.number()}",
                f"FORI=ATO{self.name()}", f"GOTO{self.lineref()}ELSE{self.lineref()}",
                f"IF{self.name()} THEN{self.lineref()}", f"IF{self.name()}THEN{self.lineref()}ELSE{self.lineref()}",
                f"IF{self.expr()}THENPRINT{self.name()}ELSEPRINT{self.number()}",
                f"ON{self.name()}GOTO{self.lineref()},{self.lineref()}", f"NEXT{self.name()}",
                f"{p(KEYWORDS)}{p(KEYWORDS)}{self.name()}", f"{self.name()}={p(KEYWORDS)}{self.expr()}",
                f"LET{self.name()}={self.expr()}", f"PRINT{p(KEYWORDS)}{self.number()}",
                f"{self.name()}{p(KEYWORDS)}{self.number()}", f"DIM{self.name()}({self.number()})",
                f"PRINTTAB({self.number()})SPC({self.number()})", f"WHILE{self.expr()}:WEND"])
        if kind == "number":
            return p(["PRINT ", "A=", "PRINT ", f"{self.name()}=", "? ", "PRINT -", "X#=",
                      "PRINT A;", "POKE "]) + self.number() + p(["", "", "", ",", ";" + self.number(),
                                                                 self.pick(OPS) + self.number()])
        if kind == "lineref":
            kw = p(["GOTO ", "GOSUB ", "GOTO", "THEN ", "ELSE ", "RESTORE ", "RUN ", "LIST ",
                    "RESUME ", "ERL=", "ERL = ", "DELETE ", "EDIT ", "LLIST ", "RENUM ",
                    "RETURN ", "ON ERROR GOTO ", "ON X GOSUB "])
            if kw in ("THEN ", "ELSE "):
                pre = p(["IF A ", "IF A THEN 10 ", "IF A=1 "])
                if kw == "ELSE " and "THEN" not in pre:
                    pre += "THEN PRINT "
                return pre + kw + self.lineref() + p(["", ":PRINT", " ELSE " + self.lineref()])
            if kw.startswith("ERL"):
                return f"IF {kw}{self.lineref()} THEN {self.lineref()}" + p(["", " ELSE RESUME NEXT"])
            if kw in ("LIST ", "LLIST ", "DELETE "):
                return kw + p([self.lineref() + "-" + self.lineref(), "-" + self.lineref(),
                               self.lineref() + "-", self.lineref(), ".", ".-" + self.lineref()])
            if kw == "RENUM ":
                return kw + p([f"{self.lineref()},{self.lineref()},{self.lineref()}", f",{self.lineref()}", ""])
            if kw == "ON X GOSUB ":
                return kw + ",".join(self.lineref() for _ in range(r.randint(1, 4)))
            if kw == "RESUME ":
                return kw + p([self.lineref(), "NEXT", "0", ""])
            return kw + self.lineref() + p(["", "", ":PRINT 1", " ", ",5", "A"])
        if kind == "string":
            s = "".join(p('ABC xyz,:;\'0123REM?') for _ in range(r.randint(0, 12)))
            return p([f'PRINT "{s}"', f'PRINT "{s}', f'A$="{s}":B$="', f'?"{s}";{self.name()}',
                      f'PRINT"{s}"{self.number()}"', f'INPUT "{s}";A$', f'A$ = "{s}"+"'])
        if kind == "rem":
            t = "".join(p("ABC xyz:'\"0123PRINT?") for _ in range(r.randint(0, 14)))
            return p([f"REM{t}", f"REM {t}", f"{self.name()}=1:REM{t}", f"{self.name()}=1:'{t}",
                      f"{self.name()}=1'{t}", f"'{t}", f"PRINT 5 '{t}", f"REMARK{t}",
                      f"GOTO 10 '{t}", f"GOTO 10:'{t}", f"IF A THEN 10 '{t}", f"DATA 1'{t}",
                      f"REM:PRINT{t}"])
        if kind == "data":
            items = [p(["1", " 2 ", "1E5", "&H10", '"a,b"', '"x"y', "c d", "PRINT", "GOTO 10",
                        " ", "", "'q", "-1.5#", "?", "a'b", "REM", "ELSE", "FN", "x:y",
                        '"', "\\", "1 2", "TO"]) for _ in range(r.randint(1, 5))]
            return p(["DATA ", "DATA", "A=1:DATA ", "data "]) + ",".join(items) + p(["", ":PRINT 1", ""])
        if kind == "query":
            return p(["?", "?A", f'?"{self.number()}";', f"?{self.expr()}", f"{self.name()}?",
                      "?:?", "? USING \"##\";5", "?#1,A", f"PRINT?{self.number()}", "??"])
        if kind == "lower":
            return self.body(p(["glued", "number", "lineref", "string", "rem", "data", "ops",
                                "fnusr", "goto", "names"])).lower()
        if kind == "ops":
            return p(["A=", "IF ", "PRINT ", "X%="]) + self.expr() + self.pick(OPS) + self.expr() \
                + p(["", " THEN 10", ""])
        if kind == "fnusr":
            return p([f"DEF FN{self.name()}(X)={self.expr()}", f"DEFFN{self.name()}={self.expr()}",
                      f"PRINT FN{self.name()}({self.expr()})", f"PRINT FN {self.name()}",
                      f"PRINT USR({self.expr()})", f"PRINT USR{self.pick('0123456789')}({self.expr()})",
                      f"DEF USR{self.pick(['', '1', '9', '10'])}={self.number()}", "A=FNA+FN A1+USR1(2)",
                      f"PRINT USR{self.name()}", f"PRINT FN{self.number()}", "X=FNLEN(1)"])
        if kind == "goto":
            return p(["GO TO ", "GO SUB ", "GO  TO ", "GO TO", "GOTO ", "GO", "GO  SUB", "GOSUB"]) \
                + p([self.lineref(), "", "X", ":PRINT"]) + p(["", " ELSE GO TO 20", ":GO SUB 20"])
        if kind == "names":
            return f"{self.name()}{self.digits(0, 2)}{self.pick(SUFFIX)}={self.name()}{self.pick(SUFFIX)}" \
                + p(["", f"+{self.name()}{self.digits(1, 3)}", f":{self.name()}({self.number()})=1"])
        if kind == "tab":
            a, b = self.body(p(["glued", "number", "ops", "lineref"])), "\t"
            i = r.randint(0, len(a))
            return a[:i] + b + a[i:]
        raise ValueError(kind)


KINDS = ["glued", "glued", "number", "number", "lineref", "lineref", "string", "rem", "data",
         "query", "lower", "ops", "fnusr", "goto", "names", "tab"]


def draw(seed: int, index: int, lines: int) -> list[tuple[int, str, str]]:
    """A program: (line number, kind, typed text after the number)."""
    rng = random.Random(f"tokgen/{seed}/{index}")
    gen = Gen(rng)
    out = []
    for i in range(lines):
        kind = rng.choice(KINDS)
        out.append((10 * (i + 1), kind, gen.body(kind)[:200]))
    return out


def keys_arg(prog: list[tuple[int, str, str]]) -> str:
    """The program's keys as PC-BASIC's keys= text."""
    typed = [f"{n} {text}" for n, _, text in prog] + ['SAVE "T"', 'SAVE "A",A', "SYSTEM"]
    return "".join(edgen.escape_keys(t + "\r") for t in typed)


# Operand bytes after a constant's token (GW's tokenised constants: octal, hex, line
# number, line pointer, integer, one-byte, single, double) and the two-byte tokens.
OPERANDS = {0x0B: 2, 0x0C: 2, 0x0D: 2, 0x0E: 2, 0x1C: 2, 0x0F: 1, 0x1D: 4, 0x1F: 8,
            0xFD: 1, 0xFE: 1, 0xFF: 1}


def tokenised_lines(data: bytes | None) -> tuple[dict[int, bytes], str]:
    """T.BAS's lines (number -> crunched bytes, links masked) and what follows them."""
    if not data:
        return {}, "(no file)"
    if data[0] != 0xFF:
        return {}, f"(not a tokenised file: {data[:8].hex()})"
    lines, i = {}, 1
    while i + 1 < len(data):
        if data[i] == 0 and data[i + 1] == 0:
            return lines, data[i + 2:].hex()
        if i + 4 > len(data):
            break
        num = data[i + 2] | data[i + 3] << 8
        j = i + 4
        while j < len(data) and data[j] != 0:
            # a byte typed in a string or REM is 32-126 or TAB, so only real tokens skip
            j += 1 + OPERANDS.get(data[j], 0)
        lines[num] = data[i + 4:j]
        i = j + 1
    return lines, "(no end link)"


BLANK_DIGITS = re.compile(r"[0-9][ \t]+[0-9]")


def integer_against_single(a: bytes, b: bytes) -> bool:
    """The two lines part where gwrun has an integer constant and PC-BASIC a single."""
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), None)
    if i is None:
        return False
    # back to the token that holds the differing byte
    j = 0
    while j < len(a):
        step = 1 + OPERANDS.get(a[j], 0)
        if j + step > i:
            break
        j += step
    return j < len(b) and a[j] in (0x0F, 0x1C, *range(0x11, 0x1B)) and b[j] == 0x1D


def ascii_lines(data: bytes | None) -> dict[int, str]:
    if data is None:
        return {}
    out = {}
    for t in data.decode("latin-1").replace("\x1a", "").split("\r\n"):
        head = t.split(" ", 1)[0]
        if head.isdigit():
            out[int(head)] = t
    return out


def compare(prog, g: dict, p: dict) -> list[dict]:
    kinds = {n: (k, text) for n, k, text in prog}

    def get(res, name):
        v = res["files"].get(name)
        return base64.b64decode(v) if v is not None else None

    diffs = []
    if (get(g, "T.BAS") is None) != (get(p, "T.BAS") is None):
        # one side stopped before its SAVE: one difference, with the end of its output
        who = g if get(g, "T.BAS") is None else p
        tail = base64.b64decode(who["out"]).decode("latin-1").strip().splitlines()[-2:]
        last = ("(no T.BAS) " + " | ".join(tail))[:200]
        return [{"file": "no files on one side (it stopped)", "kind": "-", "line": 0,
                 "typed": "", "gwrun": last if who is g else "(files written)",
                 "pcbasic": last if who is p else "(files written)"}]
    gt, gtail = tokenised_lines(get(g, "T.BAS"))
    pt, ptail = tokenised_lines(get(p, "T.BAS"))
    for n in sorted(set(gt) | set(pt)):
        a, b = gt.get(n), pt.get(n)
        if a != b:
            kind, text = kinds.get(n, ("?", ""))
            what = "T.BAS" if a is not None and b is not None else "T.BAS stored by one side"
            if what == "T.BAS" and BLANK_DIGITS.search(text) and integer_against_single(a, b):
                # the first round's `B=1 1` (docs/fidelity-audit.md): known, kept apart
                what = "T.BAS, digits around a blank: gwrun an integer, PC-BASIC a single"
            diffs.append({"file": what, "kind": kind, "line": n, "typed": text,
                          "gwrun": a.hex(" ") if a is not None else "(not stored)",
                          "pcbasic": b.hex(" ") if b is not None else "(not stored)"})
    if gtail != ptail:
        diffs.append({"file": "T.BAS tail", "kind": "-", "line": 0, "typed": "",
                      "gwrun": gtail, "pcbasic": ptail})
    ga, pa = ascii_lines(get(g, "A.BAS")), ascii_lines(get(p, "A.BAS"))
    for n in sorted(set(ga) | set(pa)):
        a, b = ga.get(n), pa.get(n)
        if a != b and a is not None and b is not None:
            kind, text = kinds.get(n, ("?", ""))
            if gt.get(n) != pt.get(n):
                what = "A.BAS after a T.BAS difference"
            elif a.replace(" ", "") == b.replace(" ", ""):
                what = "A.BAS only (same bytes): the lister's blanks"
            else:
                what = "A.BAS only (same bytes): the lister's text"
            diffs.append({"file": what, "kind": kind, "line": n, "typed": text,
                          "gwrun": a, "pcbasic": b})
    if g.get("timed_out") != p.get("timed_out"):
        diffs.append({"file": "(timeout)", "kind": "-", "line": 0, "typed": "",
                      "gwrun": str(g.get("timed_out")), "pcbasic": str(p.get("timed_out"))})
    return diffs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=30)
    ap.add_argument("--lines", type=int, default=12)
    ap.add_argument("--gwrun", default=str(ROOT / "target/release/gwrun"))
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "gwrun-tokgen"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    out = Path(args.out)
    (out / "programs").mkdir(parents=True, exist_ok=True)
    programs = []
    for i in range(args.programs):
        name = f"seed{args.seed}_p{i:03}"
        prog = draw(args.seed, i, args.lines)
        keys = keys_arg(prog)
        programs.append((name, prog, keys))
        (out / "programs" / f"{name}.keys").write_text(keys + "\n")
    if args.list:
        print(f"{len(programs)} programs: {out / 'programs'}")
        return 0
    if not shutil.which("pcbasic"):
        sys.exit("tokgen: the pcbasic command (pip install pcbasic==2.0.8) is needed")
    gwrun = os.path.abspath(args.gwrun)
    if not os.path.exists(gwrun):
        sys.exit(f"tokgen: no gwrun binary at {gwrun} (cargo build --release)")

    def one(s):
        name, prog, keys = s
        return name, compare(prog, edgen.run_keys(keys, gwrun, "gwrun", out, "tokgen"),
                             edgen.run_keys(keys, gwrun, "pcbasic", out, "tokgen"))

    with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
        results = list(pool.map(one, programs))
    groups: dict[str, list[dict]] = defaultdict(list)
    for name, diffs in results:
        for d in diffs:
            key = d["file"]
            if not key.startswith(("T.BAS,", "A.BAS after")):
                key += f", {d['kind']}"
            groups[key].append(dict(d, program=name))
    nlines = args.programs * args.lines
    tdiff = len({(d["program"], d["line"]) for ds in groups.values() for d in ds
                 if d["file"].startswith("T.BAS")})
    adiff = sum(len(ds) for k, ds in groups.items() if k.startswith("A.BAS only"))
    pdiff = sum(1 for _, ds in results if ds)
    lines = [f"tokgen seed {args.seed}: {pdiff} of {len(programs)} programs differ; "
             f"{tdiff} of {nlines} lines differ in T.BAS (links masked), {adiff} more in A.BAS only"]
    for key, ds in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"== {key}: {len(ds)}")
        for d in ds:
            lines.append(f"  [{d['program']} line {d['line']}] typed: {d['typed']!r}")
            lines.append(f"      gwrun:   {d['gwrun']}")
            lines.append(f"      pcbasic: {d['pcbasic']}")
    (out / "report.txt").write_text("\n".join(lines) + "\n")
    print(lines[0])
    print(f"report: {out / 'report.txt'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
