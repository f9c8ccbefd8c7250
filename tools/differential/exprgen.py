#!/usr/bin/env python3
"""Random programs for the expression and output core, run through gwrun and PC-BASIC 2.0.8.

The statement forms of difftest.py and the mutants of mutate.py vary what a test already
says; this generator writes programs nobody wrote.  From a seed it draws many small
programs; every line is one random statement under ON ERROR (the handler prints ERR and
ERL and RESUMEs NEXT), drawn from these families:

  arith    PRINT of a random expression: integer, single and double literals and
           variables (typed with % ! #, &H and &O constants, the edges of each type),
           + - * / \\ MOD ^ and unary minus, = <> < > <= >=, NOT AND OR XOR EQV IMP, with
           and without parentheses, so precedence and the type rules meet
  assign   a random expression stored into a typed variable and printed
  conv     CINT CSNG CDBL INT FIX (and the integer coercions of \\, MOD, AND) at their
           edges: +-32767.5, +-32768.5, 1E38, the largest single and double
  strfn    LEFT$ MID$ RIGHT$ INSTR STRING$ SPACE$ STR$ VAL HEX$ OCT$ ASC CHR$ LEN with
           boundary and wrong-type arguments, and the MID$ statement
  val      VAL of odd strings (drawn from a list and built from number characters)
  print    PRINT of numbers near the digit boundaries of each type with ; and , (the
           14-column zones), STR$ and the trailing ; and ,
  using    PRINT USING with formats built from the field pieces and literal text, and
           numbers and strings of every kind
  deffn    DEF FN with typed parameters and results, called with each type
  strcmp   string comparisons (case, blanks, CHR$(0), the empty string, lengths)
  data     READ of odd DATA items into numeric and string variables

SIN COS TAN ATN EXP LOG never appear (their last bit differs from PC-BASIC by design,
docs/numbers.md); `^` with a fractional exponent does, and gwrun runs with
--pcbasic-math so that it is computed PC-BASIC's way.

Each program runs through gwrun and `pcbasic --interface=none --quit=True` with
difftest.py's machinery (a marker line before each statement, the two outputs cut at the
markers and compared statement by statement, a stopped run restarted after the statement
it stopped in, PC-BASIC's outputs cached by program text).  The differing statements are
grouped by a cause key: the family, the first function or operator that sets the line
apart, and the kind of difference (an error number on one side, two different errors,
digits that differ only in the last place, other text).

Usage
  python3 tools/differential/exprgen.py [--seed N] [--programs N] [--lines N]
          [--only FAMILY,...] [--gwrun PATH] [-j N] [--out DIR] [--list]
  --seed      the seed (default 1): the same seed writes the same programs
  --programs  how many programs (default 60)
  --lines     statements per program (default 40)
  --only      the families to draw from (default all)
  --out       report.txt, report.json, the programs and PC-BASIC's cache
              (default /tmp/gwrun-exprgen)
  --list      write the programs to DIR/programs and exit, running nothing
  -j N        programs run in parallel (default 2)

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Seventh round") triages
the groups against Microsoft's source and the real-GW models.  Only the Python 3.11
standard library and the `pcbasic` command are needed.  Not run by `cargo test`.
"""

from __future__ import annotations

import argparse
import json
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
ROOT = HERE.parent.parent
TMP = tempfile.gettempdir()  # the default --out's folder, read before a sibling moves tempdir
sys.path.insert(0, str(HERE))
import difftest  # noqa: E402  (the marker programs, the runs, the cache)

SETUP = [
    'A%=7:B%=-3:C%=32767:D%=-32768:X!=2.5:Y!=-1.5:Z!=1E+38:W!=.1',
    'P#=1.1#:Q#=-1D-3:R#=12345678.9#:S$="AB":T$="abc":E$="":U$="  12":V$="1E3"',
]

INTS = ["0", "1", "-1", "2", "3", "7", "10", "13", "255", "256", "1000", "12345",
        "32766", "32767", "-32767", "32768", "-32768", "65535", "5%", "-5%", "&H7FFF",
        "&HFFFF", "&H8000", "&O177777", "&O7", "&H10"]
SINGLES = [".5", "1.5", "2.5", "-2.5", "-.5", ".1", "3.3", "32767.5", "-32767.5",
           "32768.5", "-32768.5", "32767.49", "-32768.49", "1E+38", "-1E+38",
           "1.701411E+38", "1E-38", "3E-39", "1E-20", "123456.7", "999999.9", "9999999",
           "1234567", "1E+6", "1E+7", "9.999999E+06", "65535!", "65536", "2.5E-05",
           "1.5!", "100000!", "7E+09", ".0001", "1.234567E+15"]
DOUBLES = ["1#", ".1#", "-.1#", "1D+38", "1D-38", "12345678", "123456789012345#",
           "1.5D0", "32767.5#", "-32768.5#", "9999999999999999#", "1D+16", "1D-10",
           "2.5#", "-2.5#", "3.3#", "1.7014118346046D+38", "99999999", ".123456789#"]
VARS_N = ["A%", "B%", "C%", "D%", "X!", "Y!", "Z!", "W!", "P#", "Q#", "R#"]
VARS_S = ["S$", "T$", "E$", "U$", "V$"]
STRS = ['""', '"A"', '"a"', '"AB"', '"ABC"', '"abc"', '" "', '"A "', '" A"', '"B"',
        'CHR$(0)', 'CHR$(255)', '"1"', '"10"', '"9"', 'STRING$(255,"x")', '"AB"+CHR$(0)']
ARITH = ["+", "-", "*", "/", "\\", " MOD ", "^"]
REL = ["=", "<>", "<", ">", "<=", ">=", "=<", "=>", "><"]
LOGIC = [" AND ", " OR ", " XOR ", " EQV ", " IMP "]


class Gen:
    def __init__(self, rng: random.Random):
        self.r = rng

    def pick(self, xs):
        return self.r.choice(xs)

    def num_atom(self) -> str:
        k = self.r.random()
        if k < 0.35:
            return self.pick(INTS)
        if k < 0.65:
            return self.pick(SINGLES)
        if k < 0.8:
            return self.pick(DOUBLES)
        return self.pick(VARS_N)

    def num_expr(self, depth: int = 2) -> str:
        if depth <= 0 or self.r.random() < 0.3:
            a = self.num_atom()
            if self.r.random() < 0.1:
                a = "-" + a
            if self.r.random() < 0.05:
                a = "NOT " + a
            return a
        k = self.r.random()
        left = self.num_expr(depth - 1)
        right = self.num_expr(depth - 1)
        if k < 0.6:
            op = self.pick(ARITH)
            if op == "^":
                right = self.pick(["2", "3", "-1", "0", ".5", "-2", "15", "1.5", "127"])
        elif k < 0.8:
            op = self.pick(REL)
        else:
            op = self.pick(LOGIC)
        e = f"{left}{op}{right}"
        if self.r.random() < 0.4:
            e = f"({e})"
        return e

    def str_expr(self, depth: int = 1) -> str:
        if depth <= 0 or self.r.random() < 0.6:
            return self.pick(STRS + VARS_S)
        return f"{self.str_expr(depth - 1)}+{self.str_expr(depth - 1)}"

    # the families -------------------------------------------------------------

    def arith(self) -> str:
        e = self.num_expr(self.r.randint(1, 3))
        if self.r.random() < 0.15:
            e = f"{self.str_expr()}{self.pick(REL + ['+'])}{e}"
        return f"PRINT {e}"

    def assign(self) -> str:
        v = self.pick(["I%", "J!", "K#", "I%", "J!", "K#", "L$"])
        e = self.num_expr(self.r.randint(0, 2)) if v != "L$" or self.r.random() < .2 \
            else self.str_expr()
        return f"{v}={e}:PRINT {v}"

    def conv(self) -> str:
        f = self.pick(["CINT", "CSNG", "CDBL", "INT", "FIX", "CINT", "INT", "FIX"])
        edges = ["32767.5", "-32767.5", "32767.49", "-32768.49", "32768.5", "-32768.5",
                 "32767.5#", "-32768.5#", "-32768.51#", "32767.499999#", "1E+38", "-1E+38",
                 "1D+38", "1.701411E+38", "1.7014118346046D+38", "2.5", "-2.5", "1.5",
                 "-1.5", ".5", "-.5", "0", "-.0001", "65535", "1D-39", "3.999999",
                 "-3.999999", "1E+16", "123456789.5#", "-0.5#", '"1"', "S$"]
        a = self.pick(edges) if self.r.random() < 0.8 else self.num_expr(1)
        if self.r.random() < 0.15:
            g = self.pick(["CINT", "CSNG", "CDBL", "INT", "FIX"])
            return f"PRINT {f}({g}({a}))"
        if self.r.random() < 0.15:
            op = self.pick(["\\", " MOD ", " AND ", " OR "])
            return f"PRINT {a}{op}{self.pick(['1', '-1', '2', '.5', '32767.5'])}"
        return f"PRINT {f}({a})"

    def strfn(self) -> str:
        n = lambda: self.pick(["0", "1", "2", "3", "-1", "255", "256", "1.5", "2.5",  # noqa: E731
                               ".4", "32767", "32768", "-32769", "65535", "A%", "X!",
                               '"1"', "S$", "1E+38", "-0.5", "0.5"])
        s = self.str_expr
        c = self.r.randint(0, 14)
        if c == 0:
            return f"PRINT \"<\";LEFT$({s()},{n()});\">\""
        if c == 1:
            return f"PRINT \"<\";RIGHT$({s()},{n()});\">\""
        if c == 2:
            tail = f",{n()}" if self.r.random() < .6 else ""
            return f"PRINT \"<\";MID$({s()},{n()}{tail});\">\""
        if c == 3:
            head = f"{n()}," if self.r.random() < .5 else ""
            return f"PRINT INSTR({head}{s()},{s()})"
        if c == 4:
            ch = self.pick(['"AB"', '"x"', '65', "0", "255", "256", "-1", '""', "X!", "S$"])
            return f"PRINT \"<\";STRING$({n()},{ch});\">\""
        if c == 5:
            return f"PRINT \"<\";SPACE$({n()});\">\""
        if c == 6:
            return f"PRINT \"<\";STR$({self.num_expr(1)});\">\""
        if c == 7:
            return f"PRINT HEX$({self.pick(INTS + SINGLES[:12] + ['-32769', '65536', '-1.5', '65535.5', 'S$'])})"
        if c == 8:
            return f"PRINT OCT$({self.pick(INTS + SINGLES[:12] + ['-32769', '65536', '-1.5', '65535.5', 'S$'])})"
        if c == 9:
            return f"PRINT ASC({s()})"
        if c == 10:
            return f"PRINT \"<\";CHR$({n()});\">\""
        if c == 11:
            return f"PRINT LEN({s()})"
        if c == 12:
            return f"PRINT VAL({s()})"
        if c == 13:
            tail = f",{n()}" if self.r.random() < .6 else ""
            return f"M$=\"ABCDE\":MID$(M$,{n()}{tail})={s()}:PRINT M$"
        return f"PRINT LEN({s()}+{s()}),\"<\";{s()}+{self.pick(['STR$(1)', 'STR$(-1.5)', 'STR$(1D+20)'])};\">\""

    def val(self) -> str:
        odd = ['"&H"', '" 1 2"', '"1D2"', '"-&O7"', '"&O"', '"&"', '"&H1F"', '"&HFFFF"',
               '"&H10000"', '"&O177777"', '"&O200000"', '"&18"', '"+"', '"-"', '"."',
               '"-."', '"1E"', '"1E+"', '"1E-"', '"E5"', '".E5"', '"1e3"', '"1d3"',
               '"  -  5"', '"1,000"', '"1 . 5"', '"12345678901234567890"', '"1E38"',
               '"1.7E38"', '"1.8E38"', '"1D38"', '"-1E-39"', '"3E-39"', '"1E-40"',
               '"%5"', '"5%"', '"5!"', '"5#"', '"$5"', '"0x10"', '"1E2E3"', '"--1"',
               '"+-1"', '"&H-1"', '"&h ff"', '"&o 17"', '"  &H1"', '"1" + CHR$(9) + "2"',
               '"1"+CHR$(10)+"2"', '"1"+CHR$(0)+"2"', '"999999.9"', '"9999999.5"',
               '"32767.5"', '".1D0"', '"1#"', '"1.2.3"', '"--"', '"1E+0005"', '"1D-0"']
        if self.r.random() < 0.6:
            a = self.pick(odd)
        else:
            chars = " 0123456789.+-EDed&HhOo%!#,"
            a = '"' + "".join(self.pick(chars) for _ in range(self.r.randint(1, 7))) + '"'
        form = self.r.randint(0, 3)
        if form == 0:
            return f"PRINT VAL({a})"
        if form == 1:
            return f"PRINT VAL({a})*1"
        if form == 2:
            return f"I%=VAL({a}):PRINT I%"
        return f"PRINT VAL({a})/3"

    def print_(self) -> str:
        near = ["999999", "9999999", "99999999", "999999.9", "9999999.4", "1E+7",
                "1E+6", "100000", "1E+15", "1E+16", "1D+16", "1D+17", "9999999999999999#",
                "999999999999999#", ".01", ".001", "1E-7", ".000001", "1E-10", "1D-10",
                "32767", "-32768", "123.456", "-123.456#", "1/3", "2/3#", "1#/3",
                "1.5E+10", "-1.5D-20", "0", "-0", "65536!", "12345678", "1234567.8",
                "1234567.8#", "10000000#", "1E+38", "1.5D+37"]
        items = [self.pick(near) if self.r.random() < .7 else self.num_expr(1)
                 for _ in range(self.r.randint(1, 4))]
        if self.r.random() < 0.2:
            items.insert(self.r.randint(0, len(items)), self.str_expr(0))
        out = "PRINT "
        for i, it in enumerate(items):
            out += it
            if i < len(items) - 1:
                out += self.pick([";", ",", ";"])
        out += self.pick(["", "", ";", ","])
        if out.endswith((";", ",")):
            out += ':PRINT "|"'
        if self.r.random() < 0.2:
            out = f"PRINT \"<\"+STR$({self.pick(near)})+\">\""
        return out

    def using(self) -> str:
        pieces = ["#", "##", "###", "####", "#.#", "##.##", "#.###", ".##", "##,###",
                  "###,.##", "+##", "##+", "##-", "-##", "**##", "**$##.##", "$$##", "$$,###.##",
                  "##.##^^^^", "#.#^^^^", "###^^^^^", "^^^^", "+#.##^^^^", "!", "\\  \\", "&",
                  "\\\\", "_#", "_!", "#,", ".", "#.", "**", "$$", "***.#", "##.##-",
                  "##^^^", "#########.#"]
        lits = ["", "", " ", "X", "A=", " : ", "%", "(", ")"]
        fmt = "".join(self.pick(lits) + self.pick(pieces)
                      for _ in range(self.r.randint(1, 3))) + self.pick(lits)
        fmt = fmt.replace('"', "")
        vals = []
        for _ in range(self.r.randint(1, 3)):
            k = self.r.random()
            if k < 0.7:
                vals.append(self.pick(INTS + SINGLES + DOUBLES + ["-0", "1/3", "2/3#",
                                                                  "-.005", ".005", "0.5",
                                                                  "99.995", "-99.995", "1E+16"]))
            elif k < 0.85:
                vals.append(self.pick(STRS[:11] + VARS_S))
            else:
                vals.append(self.num_expr(1))
        sep = self.pick([";", ",", ";"])
        tail = self.pick(["", "", ";"])
        stmt = f'PRINT USING "{fmt}";{sep.join(vals)}{tail}'
        if tail:
            stmt += ':PRINT "|"'
        return stmt

    def deffn(self) -> str:
        rt = self.pick(["", "%", "!", "#", "$"])
        pt = self.pick(["", "%", "!", "#", "$"])
        name = "FN" + self.pick("ABCDEFGH") + rt
        p = "P" + pt
        if rt == "$":
            body = self.pick([f"{p}+\"x\"" if pt == "$" else f"STR$({p})",
                              f"LEFT$({p},2)" if pt == "$" else f"CHR$({p})"])
        else:
            body = self.pick([f"{p}*2", f"{p}/3", f"{p}+1", f"{p}\\2", f"-{p}",
                              f"LEN({p})" if pt == "$" else f"{p}^2", f"{p}+A%"])
        arg = self.pick(INTS[:17] + SINGLES[:14] + DOUBLES[:10] + STRS[:6] + VARS_N)
        extra = self.pick(["", "", "", ",1"])
        return f"DEF {name}({p})={body}:PRINT {name}({arg}{extra})"

    def strcmp(self) -> str:
        a, b = self.str_expr(), self.str_expr()
        op = self.pick(REL)
        if self.r.random() < 0.3:
            return f"PRINT ({a}{op}{b}){self.pick(LOGIC)}({self.str_expr()}{self.pick(REL)}{self.str_expr()})"
        if self.r.random() < 0.1:
            return f"PRINT {a}{op}{self.num_atom()}"
        return f"PRINT {a}{op}{b}"

    def data(self) -> str:
        items = ['"a"', ' "a" b', "1 2", '""', "&H10", "&O7", "1E", "-", ".", "+", " ",
                 "1E+3", "1D2", " 12 ", "abc", "a b", '"x,y"', "&HFFFF", "32768", "1E39",
                 "-32768", "1.5.5", "1,", "%", "1%", "1#", "$", '"a""b"', "'x", ":x",
                 "1E38", "&H", "-&H1", "  ", "1 E 2"]
        k = self.r.randint(1, 3)
        data = ",".join(self.pick(items) for _ in range(k))
        var = ",".join(self.pick(["N", "N%", "N!", "N#", "M$", "M$"]) for _ in range(k))
        vs = var.split(",")
        show = ";".join(f'"<";{v};">"' for v in vs)
        return f"RESTORE @this:READ {var}:PRINT {show}:DATA {data}"


FAMILIES = {"arith": (Gen.arith, 4), "assign": (Gen.assign, 2), "conv": (Gen.conv, 2),
            "strfn": (Gen.strfn, 3), "val": (Gen.val, 2), "print": (Gen.print_, 3),
            "using": (Gen.using, 3), "deffn": (Gen.deffn, 2), "strcmp": (Gen.strcmp, 1),
            "data": (Gen.data, 1)}


def draw(seed: int, index: int, lines: int, families: list[str], table=None,
         gen_class=None) -> tuple[list[str], list[str]]:
    """Program `index` of the seed: its statements and the family of each (drawn from
    `table`, this tool's FAMILIES unless a sibling passes its own, made by `gen_class`)."""
    table = table or FAMILIES
    rng = random.Random(f"{seed}/{index}")
    gen = (gen_class or Gen)(rng)
    pool = [f for f in families for _ in range(table[f][1])]
    stmts, fams = [], []
    while len(stmts) < lines:
        fam = rng.choice(pool)
        s = table[fam][0](gen)
        if max(len(x) for x in s.split("\n")) > 240:
            continue
        stmts.append(s)
        fams.append(fam)
    return stmts, fams


LABEL = re.compile(r"@(this|next|[1-9])")


def program(sec) -> tuple[str, list[int]]:
    """difftest's marker program, with `@this` (the statement's own line) as well.  A
    variant of several lines (joined by newlines, ctlgen.py's snippets) takes as many
    line numbers after its marker, and names them `@1` to `@9` (`@this` is `@1`, `@next`
    the next marker); `sec.reset` (statements) goes in every marker line before ON ERROR
    is set again."""
    lines = [f"10 ON ERROR GOTO {difftest.HANDLER}"]
    for i, s in enumerate(sec.setup):
        lines.append(f"{20 + i} {s}")
    markers = []
    num = difftest.FIRST
    reset = f":{sec.reset}" if sec.reset else ""
    for k, v in enumerate(sec.variants):
        body = v.split("\n")
        nxt = num + len(body) + 1
        names = {"this": num + 1, "next": nxt}
        lines.append(f'{num} PRINT "[{k}]"{reset}:ON ERROR GOTO {difftest.HANDLER}')
        for j, text in enumerate(body, 1):
            text = LABEL.sub(lambda m: str(names.get(m.group(1)) or num + int(m.group(1))),
                             text)
            lines.append(f"{num + j} {text}")
        markers.append(num)
        num = nxt
    lines.append(f'{num} PRINT "[end]":END')
    lines.append(f'{difftest.HANDLER} PRINT "E";ERR;ERL:RESUME NEXT')
    return "\r\n".join(lines) + "\r\n", markers


difftest.program = program
difftest.TIMEOUT = 20

FUNCS = re.compile(r"USING|CINT|CSNG|CDBL|\bINT\b|FIX|LEFT\$|MID\$|RIGHT\$|INSTR|STRING\$|"
                   r"SPACE\$|STR\$|VAL|HEX\$|OCT\$|ASC|CHR\$|LEN|DEF|READ|\bMOD\b|\\|\^|/|"
                   r"\bAND\b|\bOR\b|\bXOR\b|\bEQV\b|\bIMP\b|\bNOT\b|<>|<=|>=|=<|=>|><|<|>")
ERR = re.compile(r"^E (\d+)  ?(\d+)$", re.M)


def kind(g: str | None, p: str | None) -> str:
    """How two outputs of one statement differ."""
    if g is None or p is None:
        return "stopped"
    ge, pe = ERR.findall(g), ERR.findall(p)
    if [e for e, _ in ge] != [e for e, _ in pe]:
        return (f"error {'/'.join(e for e, _ in ge) or '-'} vs "
                f"{'/'.join(e for e, _ in pe) or '-'}")
    if ge != pe:
        return "ERL"
    if ("Overflow" in g) != ("Overflow" in p) or ("Division by zero" in g) != \
            ("Division by zero" in p):
        return "soft error message"
    gt, pt = re.findall(r"[-\d.]+|[^-\d.]+", g), re.findall(r"[-\d.]+|[^-\d.]+", p)
    if len(gt) == len(pt) and all(a == b or (len(a) == len(b) and a[:-1] == b[:-1])
                                  for a, b in zip(gt, pt)):
        return "last digit"
    if len(gt) == len(pt):
        return "number text"
    return "text"


def feature(stmt: str, funcs: re.Pattern = FUNCS) -> str:
    """The first function or operator of a statement (for the cause key)."""
    body = re.sub(r'"[^"]*"', '""', stmt)
    body = re.sub(r"^PRINT |^RESTORE \d+:|^M\$=\"\":|^CLOSE [^:]*:", "", body)
    m = funcs.search(body)
    return m.group(0).strip() if m else "-"


def main(tool: str = "exprgen", doc: str = __doc__, table=None, gen_class=None,
         setup: list[str] | None = None, funcs: re.Pattern = FUNCS, programs: int = 60,
         per_program: int = 40, reset: str = "") -> int:
    """The command line, the runs and the report; a sibling tool (filegen.py) passes its
    own name, docstring, families, generator class, setup lines, feature pattern, default
    sizes and the statements that reset the state in every marker line (ctlgen.py's
    CLEAR)."""
    table = table or FAMILIES
    setup = SETUP if setup is None else setup
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=programs)
    ap.add_argument("--lines", type=int, default=per_program)
    ap.add_argument("--only", default="")
    ap.add_argument("--gwrun", default=str(ROOT / "target/release/gwrun"))
    ap.add_argument("--out", default=os.path.join(TMP, f"gwrun-{tool}"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    families = [f for f in args.only.split(",") if f] or list(table)
    for f in families:
        if f not in table:
            sys.exit(f"{tool}: no family {f} (families: {', '.join(table)})")
    out = Path(args.out)
    (out / "programs").mkdir(parents=True, exist_ok=True)
    secs, famof = [], {"files": "files"}
    for i in range(args.programs):
        stmts, fams = draw(args.seed, i, args.lines, families, table, gen_class)
        sec = difftest.Section(f"seed{args.seed}_p{i:03}")
        sec.setup = list(setup)
        sec.reset = reset
        sec.variants = stmts
        for s, f in zip(stmts, fams):
            famof.setdefault(s, f)
        secs.append(sec)
        (out / "programs" / f"{sec.name}.bas").write_text(difftest.program(sec)[0], newline="")
    total = sum(len(s.variants) for s in secs)
    if args.list:
        print(f"{total} statements in {len(secs)} programs: {out / 'programs'}")
        return 0
    if not shutil.which("pcbasic"):
        sys.exit(f"{tool}: the pcbasic command (pip install pcbasic==2.0.8) is needed")
    gwrun = os.path.abspath(args.gwrun)
    if not os.path.exists(gwrun):
        sys.exit(f"{tool}: no gwrun binary at {gwrun} (cargo build --release)")
    with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
        reports = list(pool.map(lambda s: difftest.run_section(s, gwrun, out), secs))
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in reports:
        for d in r["diffs"]:
            fam = famof.get(d["variant"], "setup")
            key = f"{fam} | {feature(d['variant'], funcs)} | {kind(d['gwrun'], d['pcbasic'])}"
            groups[key].append(dict(d, program=r["section"]))
    differing = sum(len(v) for v in groups.values())
    lines = [f"{tool} seed {args.seed}: {differing} of {total} statements differ "
             f"in {len(groups)} groups ({len(secs)} programs)"]
    stops = [f"{r['section']}: {s}" for r in reports for s in r["stops"]]
    if stops:
        lines.append("stops: " + "; ".join(stops))
    for key, ds in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"== {key}: {len(ds)}")
        for d in ds[:8]:
            lines.append(f"  {d['variant']}   [{d['program']} #{d['key']}]")
            lines.append(f"      gwrun:   {difftest.shown(d['gwrun'])}")
            lines.append(f"      pcbasic: {difftest.shown(d['pcbasic'])}")
    (out / "report.txt").write_text("\n".join(lines) + "\n")
    (out / "report.json").write_text(json.dumps({k: v for k, v in groups.items()}, indent=1))
    print(lines[0])
    print(f"report: {out / 'report.txt'}")
    return 0


def first_differences(out: Path) -> None:
    """Append to the report each program's first differing statement: in a sibling whose
    statements share state a difference can carry on (scrgen.py: a statement that leaves
    the cursor or the screen elsewhere makes every later one differ; inpgen.py: one that
    takes more or less of the typed input), so the first difference is the lead and the
    rest its echo.  A family named `dump` (scrgen's screen dump) is counted apart."""
    groups = json.loads((out / "report.json").read_text())
    first: dict[str, tuple[int, str, dict]] = {}
    for key, ds in groups.items():
        for d in ds:
            if key.startswith("dump |"):
                continue
            n = int(d["key"]) if d["key"].isdigit() else -1
            if d["program"] not in first or n < first[d["program"]][0]:
                first[d["program"]] = (n, key, d)
    dumps = {d["program"] for key, ds in groups.items() if key.startswith("dump |")
             for d in ds}
    by_key: dict[str, list[dict]] = {}
    for prog, (_, key, d) in sorted(first.items()):
        by_key.setdefault(key, []).append(d)
    lines = [f"\n== first differences: {len(first)} programs differ in a statement, "
             f"{len(dumps)} in the screen dump, {len(dumps - set(first))} only there"]
    for key, ds in sorted(by_key.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"-- {key}: {len(ds)}")
        for d in ds[:6]:
            lines.append(f"  {d['variant']}   [{d['program']} #{d['key']}]")
    lines += [f"  dump only: {p}" for p in sorted(dumps - set(first))]
    with open(out / "report.txt", "a") as f:
        f.write("\n".join(lines) + "\n")
    print(lines[0].strip())


def report_first_differences(tool: str) -> None:
    """`first_differences` of the folder the command line named (the tool's default
    otherwise), after a run (not after --list)."""
    out = next((Path(a.split("=", 1)[1]) for a in sys.argv if a.startswith("--out=")), None)
    if out is None and "--out" in sys.argv:
        out = Path(sys.argv[sys.argv.index("--out") + 1])
    out = out or Path(TMP) / f"gwrun-{tool}"
    if (out / "report.json").exists() and "--list" not in sys.argv:
        first_differences(out)


if __name__ == "__main__":
    sys.exit(main())
