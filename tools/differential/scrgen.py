#!/usr/bin/env python3
"""Random programs for where text lands on the screen, run through gwrun and PC-BASIC 2.0.8.

exprgen.py's sibling, as devgen.py is: the same seeded programs under ON ERROR (the handler
prints ERR and ERL and RESUMEs NEXT), the same runner, cache, cause key and report
(exprgen.main with this tool's families).  A statement here is a line of one to four
layout statements joined by colons, so that a trailing `;` or `,`, a LOCATE or a WIDTH
acts on what follows it in the same line (the marker line before the next statement
always starts a fresh line); every line ends by printing where the cursor was left:
`@ POS(0) CSRLIN` on a line of its own.  The families:

  zones     PRINT of numbers, strings, TAB(n) and SPC(n) joined by `,` `;` or nothing, with
            n at 0, 1, 13-15, 27-28, the width and one past it, 255, 256, -1 and a string;
            numbers and strings longer than what is left of the line, from a column
            LOCATE put the cursor at; a trailing `;` or `,`; WIDTH 40, 80 and refused
            widths (20, 39, 0, 256) first
  locate    LOCATE row,col,cursor,start,stop with rows 0, 1, 24, 25, 26, columns 0, 1, 40,
            79, 80, 81 and omitted parts, under KEY ON and KEY OFF; PRINT at rows 24 and
            25 (the scroll, the key line); CLS and CLS 0-3; VIEW PRINT ranges (valid,
            reversed, out of range) and PRINT, CLS, LOCATE inside and outside them
  screenfn  SCREEN(r,c[,z]) read back after a write, at the edges and with wrong operands;
            COLOR with valid and refused foreground, background and border in SCREEN 0;
            the characters 0-31, 127 and 255 printed (BEL, TAB, LF, VT, FF, CR and 28-31
            move the cursor); strings that wrap past the line's end
  write     WRITE of numbers and strings (and the empty list), PRINT of numbers' blanks,
            items juxtaposed, strings with CHR$(13) and CHR$(10) inside

Every program ends with a dump (its own last statement, family `dump`): a subroutine ends
any VIEW PRINT window (SCREEN refuses a row outside it), then reads the whole text screen
with SCREEN(r,c) -- 40 or 80 columns, found by probing column 41 -- before it prints
anything, then prints each row with its control characters shown as ^@ ^A ... (a cell
SCREEN refuses as ^?) and the sum of the row's attributes (SCREEN(r,c,1)).  So both the
transcript and the screen's contents are compared.  Where the two differ only in the
stream, look at the dump: PC-BASIC's headless stream writes some things otherwise than its
screen shows them (no line break where the cursor wraps at the last column, a TAB byte for
CHR$(9), the control characters' movements not shown), and the screen is the better judge;
the report ends with each program's first differing statement, since every
later statement inherits its cursor and screen.

Usage
  python3 tools/differential/scrgen.py [--seed N] [--programs N] [--lines N]
          [--only FAMILY,...] [--gwrun PATH] [-j N] [--out DIR] [--list]
  (exprgen.py's options; the defaults are 30 programs of 12 lines and the folder
  /tmp/gwrun-scrgen)
  SCRGEN_PLAIN=1 in the environment leaves out the operands PC-BASIC is known to read
  otherwise (TAB and SPC of a negative count or of 32768 and up, `CLS n,m`, `SCREEN(r)`):
  one of them makes every later statement of its program differ and so hides the rest

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Tenth round: random
console and screen layout") triages the groups against Microsoft's source and the real-GW
models.  Only the Python 3.11 standard library and the `pcbasic` command are needed.  Not
run by `cargo test`.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import difftest  # noqa: E402
import exprgen  # noqa: E402  (the generator's base, the runner and the report)

SETUP = ['N=3:N%=-2:V$="str":L$=STRING$(30,"L")']
DUMP = "GOSUB 61000"
# the dump: read every cell first (printing would scroll), then print the rows
DUMP_LINES = [
    "61000 VIEW PRINT:ON ERROR GOTO 61090:W9=80:X9=SCREEN(CSRLIN,41):DIM R9$(25),A9(25)",
    "61005 ON ERROR GOTO 61095",
    "61010 FOR R9=1 TO 25:FOR C9=1 TO W9:X9=SCREEN(R9,C9):A9(R9)=A9(R9)+SCREEN(R9,C9,1)",
    '61020 IF X9<32 THEN R9$(R9)=R9$(R9)+"^"+CHR$(X9+64) ELSE R9$(R9)=R9$(R9)+CHR$(X9)',
    "61030 NEXT C9,R9:ON ERROR GOTO 60000",
    '61040 FOR R9=1 TO 25:PRINT "row";R9;A9(R9):FOR C9=1 TO W9 STEP 20',
    '61050 PRINT R9;C9;":";MID$(R9$(R9),C9,20);"|":NEXT C9,R9:RETURN',
    "61090 W9=40:RESUME NEXT",
    "61095 X9=-1:RESUME NEXT",
]

NUMS = ["1", "-1", "0", "12345", "-32768", "1.5", "123456.7", "1E+20", "-1.5E-10",
        "1#/3", "N", "N%", "2^24", "12345678#", ".000001"]
STRS = ['"a"', '"abc"', '""', "V$", "L$", 'STRING$(10,"s")', 'STRING$(39,"t")',
        'STRING$(40,"f")', 'STRING$(41,"g")', 'STRING$(79,"h")', 'STRING$(80,"e")',
        'STRING$(81,"o")', '" "']
COUNTS = ["0", "1", "13", "14", "15", "27", "28", "39", "40", "41", "79", "80", "81",
          "255", "256", "-1", '"A"', "N", "N%", "2.5", "32767", "32768"]
# SCRGEN_PLAIN=1 leaves out the operands PC-BASIC is known to read otherwise (docs/fidelity.md,
# tenth round: TAB and SPC of a negative count or one of 32768 up, CLS n,m, SCREEN(r)), whose
# difference would hide what follows them in the same program
PLAIN = os.environ.get("SCRGEN_PLAIN") == "1"
if PLAIN:
    COUNTS = [c for c in COUNTS if c not in ("-1", "N%", "32768")]
COLS = ["1", "2", "30", "39", "40", "41", "70", "75", "79", "80"]


class ScrGen(exprgen.Gen):
    def end(self, body: list[str]) -> str:
        """The sub-statements joined, then where the cursor was left."""
        return ":".join(body + ["P9=POS(0):L9=CSRLIN:PRINT", 'PRINT "@";P9;L9'])

    def item(self) -> str:
        k = self.r.random()
        if k < 0.3:
            return self.pick(NUMS)
        if k < 0.6:
            return self.pick(STRS)
        if k < 0.8:
            return f"TAB({self.pick(COUNTS)})"
        return f"SPC({self.pick(COUNTS)})"

    def print_items(self, n: int) -> str:
        out = ""
        for i in range(n):
            if i:
                out += self.pick([";", ";", ",", ",", " " if "E" not in prev else ";"])
            prev = self.item()
            out += prev
        return out + self.pick(["", "", ";", ","])

    def width(self) -> str:
        return "WIDTH " + self.pick(["40", "80", "40", "80", "20", "39", "0", "256", "-1",
                                     '"A"', "80,25", "40,24"])

    # the families -------------------------------------------------------------

    def zones(self) -> str:
        body = []
        if self.r.random() < 0.3:
            body.append(self.width())
        if self.r.random() < 0.5:
            body.append(f"LOCATE ,{self.pick(COLS)}")
        for _ in range(self.r.randint(1, 2)):
            body.append("PRINT " + self.print_items(self.r.randint(1, 4)))
        return self.end(body)

    def locate(self) -> str:
        body = []
        if self.r.random() < 0.4:
            body.append(self.pick(["KEY ON", "KEY OFF"]))
        k = self.r.randint(0, 4)
        if k <= 1:
            parts = [self.pick(["1", "2", "12", "23", "24", "25", "26", "0", "-1", "", "N"]),
                     self.pick(["1", "2", "40", "41", "79", "80", "81", "0", ""]),
                     self.pick(["0", "1", "2", ""]),
                     self.pick(["0", "7", "31", "32", ""]),
                     self.pick(["0", "7", "31", "32", ""])]
            parts = parts[:self.r.randint(1, 5)]
            body.append("LOCATE " + ",".join(parts).rstrip(",") if self.r.random() < 0.8
                        else "LOCATE " + ",".join(parts))
            body.append("PRINT " + self.print_items(self.r.randint(1, 2)))
        elif k == 2:
            body.append(f"LOCATE {self.pick(['23', '24', '25'])},{self.pick(COLS)}")
            body.append("PRINT " + self.print_items(self.r.randint(1, 3)))
            if self.r.random() < 0.5:
                body.append("PRINT " + self.print_items(1))
        elif k == 3:
            body.append(self.pick(["CLS", "CLS 0", "CLS 1", "CLS 2", "CLS 3", "CLS -1",
                                   'CLS "A"', "CLS" if PLAIN else "CLS 0,1"]))
            body.append("PRINT " + self.print_items(1))
        else:
            rng = self.pick(["1 TO 25", "5 TO 10", "10 TO 5", "0 TO 5", "1 TO 24", "24 TO 24",
                             "25 TO 25", "3 TO 3", "2 TO 26", "", "1 TO 2", "20 TO 24",
                             "5", "TO 9"])
            body.append(f"VIEW PRINT {rng}".rstrip())
            after = self.pick([f"LOCATE {self.pick(['1', '4', '5', '7', '10', '11', '24'])},3",
                               "CLS", "CLS 2", "PRINT", "LOCATE 25,1", ""])
            if after:
                body.append(after)
            body.append("PRINT " + self.print_items(self.r.randint(1, 2)))
            if self.r.random() < 0.5:
                body.append("PRINT CSRLIN;")
        return self.end(body)

    def screenfn(self) -> str:
        body = []
        k = self.r.randint(0, 4)
        if k == 0:
            r, c = self.pick(["1", "5", "24", "25"]), self.pick(["1", "5", "40", "80"])
            body.append(f'LOCATE {r},{c}:PRINT "Q";')
            args = self.pick([f"{r},{c}", f"{r},{c},1", f"{r},{c},0", "0,1", "26,1", "1,81",
                              "1,41", "-1,1", '"A",1', "1,1" if PLAIN else "1",
                              f"{r},{c},2", f"{r},{c},-1",
                              "25,80", "1,0", "1,1,256"])
            body.append(f"X=SCREEN({args})")
            body.append("PRINT X")
        elif k == 1:
            parts = [self.pick(["0", "7", "15", "16", "31", "32", "-1", "", "N"]),
                     self.pick(["0", "1", "7", "8", "15", "16", "-1", ""]),
                     self.pick(["0", "15", "16", "-1", ""])]
            parts = parts[:self.r.randint(1, 3)]
            body.append("COLOR " + ",".join(parts))
            body.append('PRINT "cq";')
            body.append("PRINT SCREEN(CSRLIN,POS(0)-1,1)")
            if self.r.random() < 0.5:
                body.append("COLOR 7,0")
        elif k <= 3:
            ch = self.pick(["0", "1", "7", "8", "9", "10", "11", "12", "13", "27", "28", "29",
                            "30", "31", "127", "255", "32"])
            pre = self.pick(["", "", f"LOCATE {self.pick(['1', '5', '24', '25'])},"
                             f"{self.pick(['1', '2', '8', '40', '79', '80'])}:"])
            body.append(f'{pre}PRINT "AB";CHR$({ch});"CD"{self.pick(["", ";", ";CHR$(" + ch + ")"])}')
        else:
            n = self.pick(["79", "80", "81", "120", "160", "200", "255"])
            body.append(f'PRINT STRING$({n},"w"){self.pick(["", ";", ","])}')
            if self.r.random() < 0.5:
                body.append(f"PRINT {self.print_items(1)}")
        return self.end(body)

    def write(self) -> str:
        body = []
        k = self.r.randint(0, 3)
        if k <= 1:
            items = [self.pick(NUMS + STRS + ['"a,b"', '"x""', 'CHR$(13)', '"A"+CHR$(10)'])
                     for _ in range(self.r.randint(0, 4))]
            sep = self.pick([",", ",", ";"])
            body.append("WRITE " + sep.join(items) + self.pick(["", "", ",", ";"]))
        elif k == 2:
            nums = [self.pick(NUMS + ['"x"']) for _ in range(self.r.randint(2, 4))]
            # GW reads a number across blanks (`1 2` is 12); after an exponent the next
            # number's digits would join it (`1.5E-10 0 123` is E-100123, which PC-BASIC
            # computes for minutes), so a number with an E is followed by `;`
            sep = self.pick([" ", ";"])
            body.append("PRINT " + "".join(x + (";" if "E" in x else sep) for x in nums[:-1])
                        + nums[-1] + self.pick(["", ";"]))
        else:
            s = self.pick(['"A"+CHR$(13)+"B"', '"AB"+CHR$(10)+"C"', 'CHR$(13)+CHR$(10)+"x"',
                           '"A"+CHR$(10)+CHR$(13)+"B"', 'STRING$(78,"z")+CHR$(13)+"q"',
                           'STRING$(79,"z")+CHR$(10)+"q"'])
            body.append(f"PRINT {s}{self.pick(['', ';', ','])}")
        return self.end(body)


FAMILIES = {"zones": (ScrGen.zones, 4), "locate": (ScrGen.locate, 3),
            "screenfn": (ScrGen.screenfn, 3), "write": (ScrGen.write, 2)}

FUNCS = re.compile(r"VIEW PRINT|\bCLS\b|\bKEY\b|\bWIDTH\b|\bCOLOR\b|SCREEN\(|\bWRITE\b|"
                   r"LOCATE|TAB\(|SPC\(|CHR\$|STRING\$|GOSUB")

DRAW = exprgen.draw
PROGRAM = difftest.program


def draw(*args, **kwargs) -> tuple[list[str], list[str]]:
    """exprgen's statements, then the screen dump as the program's last statement."""
    stmts, fams = DRAW(*args, **kwargs)
    return stmts + [DUMP], fams + ["dump"]


def program(sec) -> tuple[str, list[int]]:
    """exprgen's marker program with the dump subroutine after the handler."""
    text, markers = PROGRAM(sec)
    return text + "\r\n".join(DUMP_LINES) + "\r\n", markers


exprgen.draw = draw
difftest.program = program


def main() -> int:
    rc = exprgen.main(tool="scrgen", doc=__doc__, table=FAMILIES, gen_class=ScrGen,
                      setup=SETUP, funcs=FUNCS, programs=30, per_program=12)
    exprgen.report_first_differences("scrgen")
    return rc


if __name__ == "__main__":
    sys.exit(main())
