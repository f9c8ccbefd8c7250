#!/usr/bin/env python3
"""Random programs for the memory core, run through gwrun and PC-BASIC 2.0.8.

exprgen.py's sibling, as filegen.py and ctlgen.py are: the same seeded programs under ON
ERROR (the handler prints ERR and ERL and RESUMEs NEXT), the same runner, cache, cause key
and report (exprgen.main with this tool's families).  What is compared here is where
things land in GW's data segment (docs/memory.md): every draw is a step of two lines, the
step itself, then a line of probes that print what the step left, and the steps of one
program build on each other (nothing is reset between them), so a layout that differs
shows in the probes after the step that made it.  The steps:

  scalar   a scalar of every type made or changed in random order: one- and two-letter
           and long names, with %, !, #, $ or none (DEFtype decides), read before it
           exists (which makes nothing) or assigned
  array    DIM of one to three dimensions with odd bounds (0, 1, 2, 7, 10, 11), several
           arrays in one DIM, an element used before any DIM (the implicit 10), OPTION
           BASE 0 and 1, string arrays; a fifth of them large (1,000 to 30,000 elements,
           100 by 100...), near and past the room left (Out of memory)
  fill     a string array filled with strings of 100 to 255 bytes, enough to make string
           space collect and run out (Out of string space), then kept, cut or erased
  deftype  DEFINT, DEFSNG, DEFDBL, DEFSTR of a letter or a range, then a plain name
  string   assignments of literals (pointing into the program text), concatenations,
           MID$, LEFT$, RIGHT$, STRING$ and STR$ results, a string from another variable
           or element, READ from DATA (pointing into the DATA text), INPUT# and LINE
           INPUT# from a file the setup wrote, MID$=, LSET and RSET of plain variables
  erase    ERASE of arrays that exist and do not
  clear    CLEAR with no operands, with a string size, a top of memory (below 65535 and
           above what the program needs) and a stack size; ON ERROR set again after it
           (CLEAR cancels it) and CLOSE (CLEAR closes every file, PC-BASIC's CLEAR with
           operands does not: the sixteenth round's CLEAR row)
  field    OPEN of a random file with record lengths up to 128 and file numbers 1 to 3,
           so that nothing depends on /F: or /S:, FIELD of plain variables and elements,
           LSET/RSET into them, CLOSE; OPEN of a sequential file
  swap     SWAP of strings, numbers and elements of one type
  deffn    DEF FN of each type with parameters, then a call

The probes after each step: `PRINT FRE(0)` (and a third of the time FRE(""), which collects
string space), the pointers VARTAB, ARYTAB, STREND (&H358..&H35D) and TOPMEM (&H2C),
VARPTR of the variables and elements the step named, the length and address bytes of a
string's descriptor and the first byte at that address (when the variable exists and
its string is not empty), VARPTR(#n) (not the mode byte
at it: PC-BASIC's PEEK there stops with a Python exception for a sequential file),
and the bytes of the step's own program line as GW keeps it: the line is found by its
number walking the links from TXTTAB (&H30), and its tokens are printed up to the 0 that
ends it.  The probes use the variables P!, B% and I% and make them as a program does, so they
are part of the layout both sides build.

A difference in the layout carries on to every later probe of its program, so the report
ends with each program's first differing step (exprgen.first_differences): the first
difference is the lead and the rest its echo.

Usage
  python3 tools/differential/memgen.py [--seed N] [--programs N] [--lines N]
          [--only FAMILY,...] [--gwrun PATH] [-j N] [--out DIR] [--list]
  (exprgen.py's options; the defaults are 60 programs of 12 steps and the folder
  /tmp/gwrun-memgen)
  MEMGEN_PLAIN=1 in the environment leaves out the descriptors of string array elements
  (only whether VARPTR is positive is printed): PC-BASIC keeps no descriptor there and
  PEEK reads 0; and it opens random files with records of 128 bytes only, which every
  FIELD fits: PC-BASIC has no Field overflow (docs/fidelity-audit.md, sixteenth round);
  both would hide the rest

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Sixteenth round: random
memory layout") triages the groups against Microsoft's source and the real-GW models.
Only the Python 3.11 standard library and the `pcbasic` command are needed.  Not run by
`cargo test`.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import exprgen  # noqa: E402  (the generator's base, the runner and the report)

PLAIN = os.environ.get("MEMGEN_PLAIN") == "1"

SETUP = [
    'OPEN "O",#1,"IN.TXT":PRINT #1,"first line, with a comma":PRINT #1,"12,ab,  c d ,"'
    ':WRITE #1,"q,q",-3.5:CLOSE #1:OPEN "I",#3,"IN.TXT"',
    'DATA "quoted, item",  bare text ,12,"",x y,-1.5,"last"',
]

NAMES = ["A", "B", "Z", "AB", "X1", "NM", "XYZZY", "LONGNAME", "Q9"]
ARRAYS = ["A", "M", "TB", "Q9", "LONGARR"]
SUFFIX = ["%", "!", "#", "$", ""]
VALUES = {"%": ["0", "1", "-1", "32767", "-32768", "7"],
          "!": ["0", "1.5", "-2.5E+10", ".1", "3"],
          "#": ["0", "1.23456789012#", "-1D-20", "5#"],
          "$": ['""', '"x"', '"hello"', '"A longer literal"', 'CHR$(0)', '"12345678"']}
BOUNDS = ["0", "1", "2", "7", "10", "11", "3", "1"]
BIG = ["1000", "3000", "6500", "7000", "7200", "14000", "14500", "20000", "28000", "30000",
       "100,100", "60,60,3", "120,120"]
LITERALS = ['""', '"a"', '"abc"', '"literal text"', '"x y z"', '"12"']


class MemGen(exprgen.Gen):
    def __init__(self, rng):
        super().__init__(rng)
        self.touched: list[str] = []

    def typed(self) -> str:
        return self.pick(SUFFIX)

    def value(self, suffix: str) -> str:
        if suffix == "":
            suffix = self.pick(["!", "!", "$"])
        return self.pick(VALUES[suffix])

    def svar(self) -> str:
        """A string scalar or element."""
        if self.r.random() < 0.25:
            return f"{self.pick(ARRAYS)}$({self.pick(['0', '1', '2', '3'])})"
        return self.pick(NAMES) + "$"

    def sexpr(self) -> str:
        k = self.r.randint(0, 9)
        a, b = self.svar(), self.svar()
        if k <= 1:
            return self.pick(LITERALS)
        if k == 2:
            return f"{a}+{self.pick(LITERALS)}"
        if k == 3:
            return f"{a}+{b}"
        if k == 4:
            return f"MID$({a},{self.pick(['1', '2', '3'])},{self.pick(['1', '2', '5'])})"
        if k == 5:
            return f"LEFT$({self.pick([a, a + '+' + b])},{self.pick(['0', '1', '2', '9'])})"
        if k == 6:
            return f"RIGHT$({a},2)"
        if k == 7:
            return f"STRING$({self.pick(['0', '3', '40'])},{self.pick(['65', a])})"
        if k == 8:
            return f"STR$({self.pick(['1', '-2.5', '1D+20'])})"
        return a

    # the steps ---------------------------------------------------------------

    def scalar(self) -> str:
        parts = []
        for _ in range(self.r.randint(1, 3)):
            s = self.typed()
            v = self.pick(NAMES) + s
            self.touched.append(v)
            if self.r.random() < 0.2:
                parts.append(f"PRINT {v}")
            else:
                parts.append(f"{self.pick(['', 'LET '])}{v}={self.value(s)}")
        return ":".join(parts)

    def array(self) -> str:
        k = self.r.randint(0, 5)
        name = self.pick(ARRAYS) + self.typed()
        if self.r.random() < 0.2:
            # near and past the room left: Out of memory where the array does not fit
            dims = self.pick(BIG)
        else:
            dims = ",".join(self.pick(BOUNDS) for _ in range(self.pick([1, 1, 2, 3])))
        elem = f"{name}({','.join('1' for _ in dims.split(','))})"
        self.touched.append(elem)
        if k == 0:
            other = self.pick(ARRAYS) + self.typed()
            self.touched.append(f"{other}(0)")
            return f"DIM {name}({dims}),{other}({self.pick(BOUNDS)})"
        if k == 1:
            self.touched.append(f"{name}(3)")
            return f"{name}(3)={self.value(name[-1] if name[-1] in '%!#$' else '')}"
        if k == 2:
            return f"OPTION BASE {self.pick(['0', '1', '1'])}:DIM {name}({dims})"
        return f"DIM {name}({dims})"

    def deftype(self) -> str:
        kw = self.pick(["DEFINT", "DEFSNG", "DEFDBL", "DEFSTR"])
        rng = self.pick(["A", "A-C", "N", "L-N", "Q", "A-Z", "B,X"])
        v = self.pick(NAMES)
        self.touched.append(v)
        return f"{kw} {rng}:{v}={self.pick(['1', '2.5', chr(34) + 's' + chr(34)])}"

    def string(self) -> str:
        v = self.svar()
        self.touched.append(v)
        # the forms by weight: a plain assignment half the time, then READ, INPUT# and
        # LINE INPUT#, MID$=, LSET/RSET, two assignments in one line
        form = self.pick(["let"] * 5 + ["read", "input", "mid", "lset", "two"])
        if form == "let":
            return f"{v}={self.sexpr()}"
        if form == "read":
            more = "," + self.pick(["N", "N%", "W$"]) if self.r.random() < 0.4 else ""
            rst = "RESTORE:" if self.r.random() < 0.2 else ""
            return f"{rst}READ {v}{more}"
        if form == "input":
            reopen = 'CLOSE 3:OPEN "I",#3,"IN.TXT":' if self.r.random() < 0.3 else ""
            return f"{reopen}{self.pick(['LINE INPUT #3,', 'INPUT #3,'])}{v}"
        value = self.pick(LITERALS[1:] + [self.svar()])
        targets = {"mid": f"MID$({v},{self.pick(['1', '2'])})",
                   "lset": f"{self.pick(['LSET', 'RSET'])} {v}"}
        if form in targets:
            return f"{targets[form]}={value}"
        return f'{v}={self.svar()}+{self.svar()}:{self.svar()}={value}'

    def fill(self) -> str:
        """Strings enough to fill string space (collections, Out of string space)."""
        n = self.pick(["10", "50", "100", "200", "240"])
        w = self.pick(["100", "200", "250", "255"])
        v = self.pick(ARRAYS) + "$"
        self.touched.append(f"{v}(1)")
        keep = self.pick(["", "", f":{v}(2)=\"\"", f":ERASE {v}"])
        return f"DIM {v}({n}):FOR I%=0 TO {n}:{v}(I%)=STRING$({w},65+I% MOD 26):NEXT{keep}"

    def erase(self) -> str:
        names = self.r.sample(ARRAYS, self.r.randint(1, 2))
        return "ERASE " + ",".join(n + self.typed() for n in names)

    def clear(self) -> str:
        form = self.pick(["CLEAR", "CLEAR", "CLEAR 100", "CLEAR ,40000", "CLEAR ,60000",
                          "CLEAR ,65000", "CLEAR ,,1000", "CLEAR 0,50000,2000",
                          "CLEAR ,20000", "CLEAR ,&HF000"])
        # CLEAR closes every file (BIMISC.ASM CLEAR: CLSALL); PC-BASIC keeps them open
        # after a CLEAR with operands, so the step closes them itself
        reopen = ':OPEN "I",#3,"IN.TXT"' if self.r.random() < 0.5 else ""
        return f"{form}:ON ERROR GOTO 60000:CLOSE{reopen}"

    def field(self) -> str:
        n = self.pick(["1", "2", "2"])
        vs = self.r.sample(["F1$", "F2$", "FLD$", "M$(1)", "A$(2)"], self.r.randint(1, 3))
        self.touched += vs
        widths = [self.pick(["1", "2", "5", "8", "16", "30"]) for _ in vs]
        fld = f"FIELD #{n}," + ",".join(f"{w} AS {v}" for w, v in zip(widths, vs))
        ln = self.pick(["", ",128"] if PLAIN else ["", ",16", ",32", ",64", ",128", ",1"])
        # a random file opened and fielded (twice as often as the rest), the FIELD of an
        # open number and an LSET/RSET into it, a CLOSE, a sequential file
        return self.pick([f'CLOSE {n}:OPEN "R",#{n},"R{n}.DAT"{ln}:{fld}'] * 2 + [
            f"{fld}:{self.pick(['LSET', 'RSET'])} {vs[0]}={self.pick(LITERALS)}",
            f"CLOSE {self.pick(['', n])}",
            f'CLOSE {n}:OPEN "O",#{n},"S{n}.TXT":PRINT #{n},"seq"'])

    def swap(self) -> str:
        s = self.pick(["$", "$", "%", "!", "#"])
        a = self.pick(NAMES) + s
        b = self.pick([self.pick(NAMES) + s, f"{self.pick(ARRAYS)}{s}(1)"])
        self.touched += [a, b]
        return f"SWAP {a},{b}"

    def deffn(self) -> str:
        rt = self.pick(["", "%", "!", "#", "$"])
        pt = self.pick(["", "%", "$"])
        name = "FN" + self.pick(["A", "B", "LONG"]) + rt
        p = self.pick(["X", "P", "ARG"]) + pt
        if rt == "$":
            body = f"{p}+\"!\"" if pt == "$" else f"STR$({p})"
        else:
            body = f"LEN({p})" if pt == "$" else f"{p}*2"
        arg = '"ab"' if pt == "$" else "3"
        self.touched.append(p)
        return f"DEF {name}({p})={body}:PRINT {name}({arg})"

    # the probes --------------------------------------------------------------

    def probes(self) -> str:
        """The lines of probes after a step, about the names it touched: FRE and the
        pointers or a file's VARPTR and the numbers' VARPTRs on one line, each string's
        descriptor on a line of its own (the IF that guards its PEEKs takes the rest of
        the line)."""
        out = ["PRINT FRE(0);" + self.pick(['FRE("")', "", ""])]
        names = list(dict.fromkeys(self.touched))
        self.touched = []
        k = self.r.random()
        if k < 0.3:
            out.append("PRINT PEEK(&H358)+256*PEEK(&H359);PEEK(&H35A)+256*PEEK(&H35B);"
                       "PEEK(&H35C)+256*PEEK(&H35D);PEEK(&H2C)+256*PEEK(&H2D)")
        elif k < 0.45:
            out.append(f"PRINT VARPTR(#{self.pick(['1', '2', '3'])})")
        lines = []
        for v in self.r.sample(names, min(len(names), 2)):
            if not v.split("(")[0].endswith("$"):
                out.append(f"PRINT VARPTR({v})")
            elif PLAIN and "(" in v:
                out.append(f"PRINT VARPTR({v})>0")
            else:
                # no PEEK through a descriptor that is not there or is empty: PC-BASIC
                # stops with a Python exception reading some file-block addresses
                lines.append(f"P!=0:P!=VARPTR({v}):IF P! THEN PRINT PEEK(P!);"
                             f"PEEK(P!+1)+256*PEEK(P!+2);:IF PEEK(P!) THEN PRINT "
                             f"PEEK(PEEK(P!+1)+256*PEEK(P!+2)) ELSE PRINT")
        return "\n".join([":".join(out)] + lines)

    def line_bytes(self) -> str:
        """A line that prints the tokens of the step's line (`@1`) as GW keeps them."""
        return ("P!=PEEK(&H30)+256*PEEK(&H31):WHILE PEEK(P!+2)+256*PEEK(P!+3)<>@1:"
                "P!=PEEK(P!)+256*PEEK(P!+1):WEND:FOR I%=4 TO 90:B%=PEEK(P!+I%):"
                "PRINT HEX$(B%);\" \";:IF B%=0 THEN I%=90\nNEXT:PRINT")


def stepped(step):
    """A family's draw: the step's line, then its probes (and, a third of the time, the
    step line's bytes)."""
    def draw(gen: MemGen) -> str:
        text = step(gen)
        lines = [text, gen.probes()]
        if gen.r.random() < 0.33:
            lines.append(gen.line_bytes())
        return "\n".join(lines)
    return draw


FAMILIES = {"scalar": (stepped(MemGen.scalar), 3), "array": (stepped(MemGen.array), 3),
            "deftype": (stepped(MemGen.deftype), 1), "string": (stepped(MemGen.string), 4),
            "fill": (stepped(MemGen.fill), 1),
            "erase": (stepped(MemGen.erase), 1), "clear": (stepped(MemGen.clear), 1),
            "field": (stepped(MemGen.field), 2), "swap": (stepped(MemGen.swap), 1),
            "deffn": (stepped(MemGen.deffn), 1)}

FUNCS = re.compile(r"\bDIM\b|\bERASE\b|\bCLEAR\b|\bFIELD\b|\bOPEN\b|\bCLOSE\b|\bSWAP\b|"
                   r"\bDEF ?FN|\bDEF[A-Z]{3}\b|OPTION BASE|\bREAD\b|LINE INPUT|INPUT #|"
                   r"MID\$|LEFT\$|RIGHT\$|STRING\$|STR\$|\bLSET\b|\bRSET\b|\+|\bPRINT\b|=")


def main() -> int:
    code = exprgen.main(tool="memgen", doc=__doc__, table=FAMILIES, gen_class=MemGen,
                        setup=SETUP, funcs=FUNCS, programs=60, per_program=12)
    exprgen.report_first_differences("memgen")
    return code


if __name__ == "__main__":
    sys.exit(main())