#!/usr/bin/env python3
"""Random programs for the graphics statements, run through gwrun and PC-BASIC 2.0.8.

exprgen.py's sibling, as scrgen.py is: the same seeded programs under ON ERROR (the
handler prints ERR and ERL and RESUMEs NEXT), the same runner, cache, cause key and report
(exprgen.main with this tool's families), and the list of each program's first
differing statement (exprgen.report_first_differences, scrgen.py's too).  A statement is a line of one to four graphics statements joined by
colons, so that the last point (LP) one leaves is the start of the next one's STEP or
omitted point; every line ends by printing the last point in both forms of POINT(n):
`@ POINT(0) POINT(1) POINT(2) POINT(3)`.  Even programs run in SCREEN 1, odd ones in
SCREEN 2 (their first statement, family `mode`).  The families:

  pset      PSET and PRESET, with and without STEP, colours 0-3 and out of range (-1, 4,
            255, 256, 1.5, a string), coordinates at and past the edges, huge (32768,
            1E+6) and fractional ones
  line      LINE in all its forms: the first point omitted, STEP on either end, B and BF,
            a style (0, &HAAAA, &HFFFF, -1, 65535, 65536), colours in and out of range,
            operands left empty between commas
  circle    CIRCLE with a radius of 0, 1, 50, 319, 1000 and huge or negative ones, arcs
            from start and end angles (negative ones draw the radius, -0, past 2*PI),
            aspects from .01 to 10 and 0, colours
  paint     PAINT inside a box or circle drawn first, with a border colour, tile strings
            (1 to 64 bytes and 65, empty), a background string, starting on the border and
            outside the viewport
  draw      DRAW strings of random commands (U D L R E F G H M B N A TA C S P X) with
            numbers at their limits, `=` with VARPTR$ and X with VARPTR$ of a string,
            lower case, blanks and `;`, and malformed strings (a command without its
            number, M without its comma, a letter DRAW does not know)
  getput    GET into integer, single and double arrays of a fitting size, one too small
            or of one element, swapped corners, off the screen; PUT with each action
            (PSET PRESET AND OR XOR, none) on and past the screen's edge, of an array no
            GET filled
  viewwin   VIEW and VIEW SCREEN with fill and border, reversed and out-of-range corners,
            WINDOW and WINDOW SCREEN (equal corners refused), then a drawing in them,
            PMAP(n,0-3) and refused function numbers, POINT(x,y) inside and outside
  lp        pairs that hand on the last point: PSET, LINE, CIRCLE, PAINT, DRAW, GET, PUT,
            VIEW, WINDOW and SCREEN, then `LINE -STEP`, `PSET STEP`, `CIRCLE STEP` or DRAW
  mode      SCREEN 1 and 2 (a change clears the screen and the point), refused modes and
            operands (3, 7, 255, -1, a colour switch, pages), COLOR's background and
            palette in SCREEN 1 and refused in SCREEN 2, CLS

The text a program prints is kept in row 24 (`VIEW PRINT 24 TO 24` after every SCREEN
and in every marker line, KEY OFF), so that it scrolls only there.  Every program ends
with a dump (its own last statement, family `dump`): VIEW and WINDOW reset, the whole
screen read with one GET into an integer array (80 bytes a pixel row in both modes), then
for each pixel row but those of row 24 (y 184 to 191) that is not all black, the row's
number, the XOR of its 40 words and their sum weighted by position (exact in a single);
so the pixels are compared as well as ERR, ERL and the printed text.  The dump takes about
ten seconds of PC-BASIC.  A pixel difference shows in the dump only; to find the
statement that made it, run the program again cut short (`--lines K` draws the same
program's first K statements, then the dump).

Usage
  python3 tools/differential/gfxgen.py [--seed N] [--programs N] [--lines N]
          [--only FAMILY,...] [--gwrun PATH] [-j N] [--out DIR] [--list]
  (exprgen.py's options; the defaults are 24 programs of 12 lines and the folder
  /tmp/gwrun-gfxgen)

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Twelfth round: random
graphics statements") triages the groups against Microsoft's source and the real-GW
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

TEXT_ROW = "VIEW PRINT 24 TO 24"
SETUP = ["KEY OFF:SCREEN 1:" + TEXT_ROW,
         'N=7:N%=-2:DIM G%(400),H%(1),G!(200),G#(100),K%(2):A$="U5R5D5L5":E$=""']
RESET = TEXT_ROW
DUMP = "GOSUB 61000"
# the dump: find the mode (POINT refused in SCREEN 0, -1 past SCREEN 1's right edge),
# GET the whole screen, print each non-black pixel row's XOR and weighted sum
DUMP_LINES = [
    "61000 ON ERROR GOTO 61095:VIEW:WINDOW:ON ERROR GOTO 61090:M9=1:X9=POINT(0,0)",
    "61005 IF POINT(639,0)>=0 THEN M9=2",
    '61010 ON ERROR GOTO 60000:PRINT "mode";M9:IF M9=0 THEN RETURN',
    "61020 DIM D9%(8001):GET (0,0)-(320*M9-1,199),D9%:PRINT D9%(0);D9%(1)",
    "61030 FOR Y9=0 TO 199:IF Y9>=184 AND Y9<=191 THEN 61060",
    "61040 X9%=0:S9=0:B9=2+Y9*40:FOR I9=0 TO 39:X9%=X9% XOR D9%(B9+I9)",
    "61050 S9=S9+D9%(B9+I9)*(I9 MOD 11+1):NEXT:IF X9%<>0 OR S9<>0 THEN PRINT Y9;X9%;S9",
    "61060 NEXT:RETURN",
    "61090 M9=0:RESUME NEXT",
    "61095 RESUME NEXT",
]

XS = ["0", "1", "10", "100", "159", "160", "200", "318", "319", "320", "321", "639", "640",
      "-1", "-10", "2.5", "159.5", "-.5", "N", "32767", "32768", "-32768", "-32769",
      "1E+6", "60", "80"]
YS = ["0", "1", "10", "50", "99", "100", "150", "183", "198", "199", "200", "-1", "-10",
      "2.5", "99.5", "N", "32767", "32768", "-32769", "1E+6", "40", "60"]
# mostly on the screen, so that the pixels are compared
XS_ON = ["0", "5", "20", "50", "100", "150", "160", "250", "300", "319", "2.5", "N"]
YS_ON = ["0", "5", "20", "40", "60", "100", "120", "150", "199", "2.5", "N"]
COLS = ["0", "1", "2", "3", "3", "2", "1", "4", "-1", "255", "256", "1.5", "2.5", '"A"',
        "N%", "N"]
STEPS = ["0", "1", "-1", "10", "-10", "50", "-50", "2.5", "-.4", "300", "-300", "N"]
# GFXGEN_PLAIN=1 leaves out what PC-BASIC is known to do otherwise (docs/fidelity-audit.md,
# twelfth round): coordinates ending in .5 (it rounds them to even, GW's CINT away from
# zero) and CIRCLE (its own circle, not ADVGRP.ASM's), whose pixels would differ in the
# dump of every program that has one and so hide the rest
PLAIN = os.environ.get("GFXGEN_PLAIN") == "1"
if PLAIN:
    XS, YS, XS_ON, YS_ON, STEPS = ([v for v in vs if not v.endswith(".5")]
                                   for vs in (XS, YS, XS_ON, YS_ON, STEPS))


class GfxGen(exprgen.Gen):
    def end(self, body: list[str]) -> str:
        """The sub-statements joined, then where the last point was left."""
        return ":".join(body + ['PRINT "@";POINT(0);POINT(1);POINT(2);POINT(3)'])

    def pt(self, on: float = 0.7) -> str:
        """A point: mostly on the screen, sometimes at or past an edge."""
        if self.r.random() < on:
            return f"({self.pick(XS_ON)},{self.pick(YS_ON)})"
        return f"({self.pick(XS)},{self.pick(YS)})"

    def spt(self, step: float = 0.2) -> str:
        """A point, or a STEP offset from the last point."""
        if self.r.random() < step:
            return f"STEP({self.pick(STEPS)},{self.pick(STEPS)})"
        return self.pt()

    def col(self, bad: float = 0.25) -> str:
        return self.pick(COLS) if self.r.random() < bad else self.pick(["1", "2", "3"])

    def opt(self, parts: list[str]) -> str:
        """Operands joined by commas with the trailing empty ones dropped."""
        while parts and parts[-1] == "":
            parts = parts[:-1]
        return ",".join(parts)

    # the families -------------------------------------------------------------

    def pset(self) -> str:
        body = []
        for _ in range(self.r.randint(1, 3)):
            kw = self.pick(["PSET", "PSET", "PRESET"])
            c = self.pick(["", "", f",{self.col(0.5)}"])
            p = self.spt(0.3) if self.r.random() < 0.8 else f"({self.pick(XS)},{self.pick(YS)})"
            body.append(f"{kw} {p}{c}")
        if self.r.random() < 0.2:
            body.append(self.pick(["PSET 10,10", "PSET (10)", "PSET (10,10,1)", "PSET STEP 1,1",
                                   "PSET (10,10),", "PRESET (1,1),1,2", "PSET"]))
        return self.end(body)

    def line_stmt(self) -> str:
        first = "" if self.r.random() < 0.25 else self.spt(0.25)
        second = self.spt(0.3)
        c = self.pick(["", self.col(0.3), self.col(0.3)])
        box = self.pick(["", "", "B", "BF"])
        style = self.pick(["", "", "", "0", "&HAAAA", "&HFFFF", "-1", "65535", "65536",
                           "&HF0F0", "1", "-32768", '"A"'])
        tail = self.opt([c, box, style])
        return f"LINE {first}-{second}" + (f",{tail}" if tail else "")

    def line(self) -> str:
        body = [self.line_stmt() for _ in range(self.r.randint(1, 2))]
        if self.r.random() < 0.15:
            body.append(self.pick(["LINE", "LINE -", "LINE (1,1)", "LINE (1,1)-", "LINE -(5,5)X",
                                   "LINE (1,1)-(9,9),,C", "LINE (1,1)-(9,9),1,B,", "LINE -(9,9),,,",
                                   "LINE (1,1)-(9,9),1,BF,&HAAAA", "LINE (1,1)-(9,9)3"]))
        return self.end(body)

    def circle_stmt(self) -> str:
        if PLAIN:
            return self.line_stmt()
        ctr = self.spt(0.2)
        r = self.pick(["0", "1", "5", "20", "50", "50", "80", "100", "150", "319", "1000",
                       "-1", "-10", ".4", "2.5", "32767", "32768", '"A"', "N"])
        ang = ["", "0", "1", "1.5708", "3.14159", "6.283", "6.2832", "6.3", "7", "-0",
               "-.5", "-1", "-3.14159", "-6.283", "-6.3", ".001", "N"]
        start, stop = self.pick(ang), self.pick(ang)
        asp = self.pick(["", "", "1", ".5", "2", "5/6", "10", ".01", "0", "-1", "1E+6",
                         "100", ".833"])
        parts = [self.pick(["", self.col(0.3), self.col(0.3)])]
        if self.r.random() < 0.6:
            parts += [start, stop]
        if self.r.random() < 0.5:
            parts += ["", ""][len(parts) - 1:] + [asp]
        tail = self.opt(parts)
        return f"CIRCLE {ctr},{r}" + (f",{tail}" if tail else "")

    def circle(self) -> str:
        body = [self.circle_stmt() for _ in range(self.r.randint(1, 2))]
        if self.r.random() < 0.1:
            body.append(self.pick(["CIRCLE", "CIRCLE (10,10)", "CIRCLE (10,10),", "CIRCLE 10,10,5",
                                   "CIRCLE (10,10),5,,,,,", "CIRCLE (10,10),5,1,0,1,2,3"]))
        return self.end(body)

    def tile(self) -> str:
        return self.pick(['CHR$(&HAA)', 'CHR$(&H55)+CHR$(&HAA)', 'CHR$(255)', 'CHR$(0)',
                          'CHR$(&H1B)+CHR$(&HE4)+CHR$(&H39)', 'STRING$(64,&H33)',
                          'STRING$(65,1)', '""', '"A"', 'CHR$(&HFF)+CHR$(0)', 'STRING$(8,&HC3)',
                          'CHR$(&H80)'])

    def paint(self) -> str:
        body = []
        b = self.pick(["1", "2", "3", "3"])
        k = self.r.randint(0, 3)
        if k == 0:
            body.append(f"LINE (40,30)-(120,90),{b},B")
            start = self.pick(["(60,50)", "(60,50)", "(40,50)", "(120,90)", "(200,150)",
                               "(-1,50)", "(320,10)", "(60,200)", "STEP(0,0)", "(40,30)"])
        elif k == 1 and not PLAIN:
            body.append(f"CIRCLE (160,100),{self.pick(['30', '60', '90'])},{b}")
            start = self.pick(["(160,100)", "(160,100)", "(0,0)", "(191,100)", "(100,100)",
                               "STEP(0,0)", "(639,199)"])
        elif k <= 2:
            body.append(f"LINE (10,10)-(300,180),{b},B:LINE (10,10)-(300,180),{b}")
            start = self.pick(["(100,30)", "(30,100)", "(10,10)", "(0,0)"])
        else:
            start = self.pick(["(0,0)", "(100,100)", "(319,199)", "(-5,-5)"])
        fill = self.pick(["", b, self.col(0.5), self.tile(), self.tile()])
        border = self.pick(["", b, b, self.col(0.4)])
        parts = [fill, border]
        if "$" in fill or '"' in fill:
            if self.r.random() < 0.4:
                parts.append(self.pick(['CHR$(0)', 'CHR$(&HAA)', 'CHR$(&HFF)', '""',
                                        'CHR$(1)+CHR$(2)', 'CHR$(&H55)']))
        tail = self.opt(parts)
        body.append(f"PAINT {start}" + (f",{tail}" if tail else ""))
        if self.r.random() < 0.15:
            body.append(self.pick(["PAINT", "PAINT (10,10),,", "PAINT (10,10),1,2,3",
                                   "PAINT (10,10)1", "PAINT 10,10"]))
        return self.end(body)

    def draw_cmd(self) -> str:
        n = self.pick(["", "0", "1", "5", "10", "20", "50", "100", "255", "256", "320",
                       "32767", "32768", "-5", "65535"])
        k = self.r.randint(0, 12)
        if k <= 4:
            return self.pick(list("UDLREFGH")) + self.pick([n, self.pick(["5", "10", "20"])])
        if k == 5:
            sx, sy = self.pick(["", "+", "-"]), self.pick(["", "+", "-"])
            return f"M{sx}{self.pick(['0', '10', '50', '160', '319', '400', '32767'])}," \
                   f"{sy}{self.pick(['0', '10', '50', '100', '199', '300', '32767'])}"
        if k == 6:
            return self.pick(["B", "N", "BN", "NB"]) + self.pick(list("UDLREFGHM"))[0] + \
                self.pick(["5", "10"]) if self.r.random() < 0.7 else "BM10,10"
        if k == 7:
            return self.pick(["A0", "A1", "A2", "A3", "A4", "TA0", "TA45", "TA90", "TA-90",
                              "TA360", "TA-360", "TA361", "TA30", "TA-45"])
        if k == 8:
            return self.pick(["C0", "C1", "C2", "C3", "C4", "C255", "C256"])
        if k == 9:
            return self.pick(["S1", "S4", "S8", "S0", "S255", "S256", "S2", "S16"])
        if k == 10:
            return self.pick(["P1,3", "P2,2", "P3,1", "P4,3", "P1", "P1,", "P2,1"])
        if k == 11:
            return self.pick(["U=N;", 'R="+VARPTR$(N)+"', 'X"+VARPTR$(A$)+"', "M=N;,=N;",
                              'S="+VARPTR$(N%)+"', "X;", 'C="+VARPTR$(N)+"'])
        return self.pick(["Q", "U;", "M10", "M,10", "1", ";", " ", "u10", "r5", "=", "TA",
                          "U-", "M+10,", "Z5", "U 5", "L5;;"])

    def draw(self) -> str:
        body = []
        if self.r.random() < 0.3:
            body.append(f"PSET {self.pt(0.9)},{self.col(0.1)}")
        for _ in range(self.r.randint(1, 2)):
            s = "".join(self.draw_cmd() + self.pick(["", "", ";", " "])
                        for _ in range(self.r.randint(1, 5)))
            text = f'"{s}"'.replace('""+', "").replace('+""', "")
            body.append(f"DRAW {text}" if self.r.random() < 0.9
                        else self.pick(['DRAW ""', "DRAW E$", "DRAW A$", "DRAW 1",
                                        'DRAW "XA$;"', "DRAW A$+A$"]))
        return self.end(body)

    def getput(self) -> str:
        body = []
        if self.r.random() < 0.5:
            body.append(f"LINE (20,20)-(35,30),{self.col(0)},BF:PSET (21,21),{self.col(0)}")
        arr = self.pick(["G%", "G%", "G%", "H%", "G!", "G#", "K%"])
        box = self.pick(["(20,20)-(35,30)", "(20,20)-(35,30)", "(35,30)-(20,20)", "(0,0)-(7,7)",
                         "(300,190)-(319,199)", "(310,190)-(330,199)", "(0,0)-(100,50)",
                         "(20,20)-(20,20)", "(-1,0)-(5,5)", "(0,0)-(639,0)", "(20,20)-STEP(5,5)"])
        if self.r.random() < 0.8:
            body.append(f"GET {box},{arr}")
        for _ in range(self.r.randint(1, 2)):
            where = self.pick(["(100,100)", "(100,100)", "(0,0)", "(310,190)", "(319,199)",
                               "(304,189)", "(624,189)", "(-1,0)", "(200,50)", "STEP(5,5)",
                               "(100.5,100)", "(32768,0)"])
            act = self.pick(["", ",PSET", ",PRESET", ",AND", ",OR", ",XOR", ",XOR", ",FOO"])
            body.append(f"PUT {where},{self.pick([arr, arr, 'G%', 'G%(0)', 'G%(5)'])}{act}")
        if self.r.random() < 0.3:
            body.append(f"PRINT {arr}(0);{arr}(1)")
        return self.end(body)

    def viewwin(self) -> str:
        body = []
        k = self.r.randint(0, 4)
        if k <= 1:
            kw = self.pick(["VIEW", "VIEW", "VIEW SCREEN"])
            box = self.pick(["(50,40)-(200,150)", "(200,150)-(50,40)", "(0,0)-(319,199)",
                             "(0,0)-(320,199)", "(10,10)-(10,10)", "(-1,0)-(100,100)",
                             "(100,50)-(639,199)", "(0,0)-(100,100)"])
            extra = self.pick(["", "", ",1", ",,3", ",2,1", ",0,0", ",4", ",-1,2", ","])
            body.append(f"{kw} {box}{extra}" if self.r.random() < 0.9 else kw)
        if k >= 1 and k != 4:
            kw = self.pick(["WINDOW", "WINDOW", "WINDOW SCREEN"])
            box = self.pick(["(0,0)-(100,100)", "(-1,-1)-(1,1)", "(100,100)-(0,0)",
                             "(0,0)-(0,100)", "(5,5)-(5,5)", "(-160,-100)-(160,100)",
                             "(0,0)-(1E+6,1E+6)", "(0,0)-(.001,.001)", "(10,0)-(0,10)"])
            body.append(f"{kw} {box}" if self.r.random() < 0.9 else kw)
        if k != 3:
            body.append(self.pick([f"PSET {self.pt()},{self.col(0.1)}", self.line_stmt(),
                                   self.circle_stmt(), "LINE (0,0)-(100,100),3",
                                   "LINE (0,0)-(50,50),2" if PLAIN else "CIRCLE (0,0),50,2",
                                   "PSET (.4,.4),3" if PLAIN else "PSET (.5,.5),3",
                                   "LINE (-1,-1)-(1,1),1,B", "PAINT (50,50),1,3"]))
        x = self.pick(["0", "1", "50", "100", "-1", ".5", "160", "319", "320", "1E+6"])
        fn = self.pick(["0", "1", "2", "3", "0", "1", "4", "-1", '"A"'])
        body.append(self.pick([f"PRINT PMAP({x},{fn})", f"PRINT PMAP({x},{fn});PMAP({x},{fn})",
                               f"PRINT POINT({x},{self.pick(['0', '50', '100', '-1', '199'])})",
                               f"PRINT POINT({fn})", "PRINT PMAP(0,0);PMAP(0,1);PMAP(0,2);PMAP(0,3)"]))
        if self.r.random() < 0.3:
            body.append(self.pick(["VIEW", "WINDOW", "VIEW:WINDOW", "WINDOW SCREEN (0,0)-(319,199)"]))
        return self.end(body)

    def lp(self) -> str:
        first = self.pick([f"PSET {self.pt()}", self.line_stmt(), self.circle_stmt(),
                           "LINE (40,30)-(120,90),3,B:PAINT (60,50),1,3",
                           f'DRAW "{self.draw_cmd()}"', "GET (10,10)-(20,20),G%",
                           "PUT (50,50),G%", "VIEW (20,20)-(200,150)", "WINDOW (0,0)-(10,10)",
                           "VIEW", "WINDOW", f"SCREEN 1:{TEXT_ROW}", f"SCREEN 2:{TEXT_ROW}", "CLS",
                           "PRINT POINT(5,5)", "PRINT PMAP(5,0)"])
        then = self.pick(["LINE -STEP(10,10),2", "PSET STEP(0,0),3", "PSET STEP(1,1)",
                          "LINE STEP(0,0)-STEP(10,10),1" if PLAIN else "CIRCLE STEP(0,0),10,1",
                          'DRAW "U20R20"', 'DRAW "M+5,+5"',
                          "LINE -(0,0)", "PAINT STEP(1,1),2,3", "LINE STEP(0,0)-STEP(5,0),3"])
        return self.end([first, then])

    def mode(self) -> str:
        k = self.r.randint(0, 5)
        if k <= 1:
            s = self.pick(["SCREEN 1", "SCREEN 2", "SCREEN 1,0", "SCREEN 1,1", "SCREEN 2,1",
                           "SCREEN 3", "SCREEN 7", "SCREEN 255", "SCREEN -1", "SCREEN 256",
                           "SCREEN 1,,0,0", "SCREEN 1,,1", "SCREEN 2,,0,1", "SCREEN ,1",
                           "SCREEN 1,0,0,0,0", "SCREEN", 'SCREEN "1"', "SCREEN 1.5",
                           "SCREEN 0:SCREEN 1", "SCREEN 2:SCREEN 2", "SCREEN 1,,,"])
            return self.end([s, "KEY OFF:" + TEXT_ROW, f"PSET (5,5),{self.col(0)}"])
        if k <= 3:
            c = self.pick(["COLOR 1", "COLOR 1,0", "COLOR 1,1", "COLOR 0,1", "COLOR 15,0",
                           "COLOR 16,1", "COLOR ,0", "COLOR ,1", "COLOR ,2", "COLOR ,255",
                           "COLOR ,256", "COLOR 1,1,1", "COLOR", "COLOR -1", "COLOR 1,-1",
                           "PALETTE", "PALETTE 1,2", "PALETTE 0,5"])
            return self.end([c, f"LINE (0,0)-(30,30),{self.col(0)},BF", "PRINT POINT(10,10)"])
        cls = self.pick(["CLS", "CLS 1", "CLS 2", "CLS 0", "CLS 3"])
        return self.end([f"LINE (0,0)-(319,199),{self.col(0)},BF", cls, "PRINT POINT(5,5)"])


FAMILIES = {"pset": (GfxGen.pset, 3), "line": (GfxGen.line, 4), "circle": (GfxGen.circle, 3),
            "paint": (GfxGen.paint, 2), "draw": (GfxGen.draw, 3), "getput": (GfxGen.getput, 2),
            "viewwin": (GfxGen.viewwin, 2), "lp": (GfxGen.lp, 2), "mode": (GfxGen.mode, 1)}
if PLAIN:
    del FAMILIES["circle"]

FUNCS = re.compile(r"\bPSET\b|PRESET|\bLINE\b|CIRCLE|PAINT|DRAW|\bGET\b|\bPUT\b|VIEW|WINDOW|"
                   r"PMAP|POINT\(|SCREEN|COLOR|PALETTE|\bCLS\b|GOSUB")

DRAW = exprgen.draw
PROGRAM = difftest.program


def draw(seed: int, index: int, *args, **kwargs) -> tuple[list[str], list[str]]:
    """The program's mode (SCREEN 1 or 2 by the index's parity), exprgen's statements,
    then the pixel dump as the program's last statement."""
    stmts, fams = DRAW(seed, index, *args, **kwargs)
    mode = f"SCREEN {1 + index % 2}:{TEXT_ROW}"
    return [mode] + stmts + [DUMP], ["mode"] + fams + ["dump"]


def program(sec) -> tuple[str, list[int]]:
    """exprgen's marker program with the dump subroutine after the handler."""
    text, markers = PROGRAM(sec)
    return text + "\r\n".join(DUMP_LINES) + "\r\n", markers


exprgen.draw = draw
difftest.program = program


def main() -> int:
    rc = exprgen.main(tool="gfxgen", doc=__doc__, table=FAMILIES, gen_class=GfxGen,
                      setup=SETUP, funcs=FUNCS, programs=24, per_program=12, reset=RESET)
    exprgen.report_first_differences("gfxgen")
    return rc


if __name__ == "__main__":
    sys.exit(main())
