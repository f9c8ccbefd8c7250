#!/usr/bin/env python3
"""Random programs for control flow and definitions at run time, run through gwrun and
PC-BASIC 2.0.8.

exprgen.py's sibling, as devgen.py is: the same seeded programs under ON ERROR (the
handler prints ERR and ERL and RESUMEs NEXT), the same runner, cache, cause key and report
(exprgen.main with this tool's families).  What one statement a line cannot show is how
statements meet at run time: the FOR/GOSUB/WHILE stack, errors inside handlers, the RESUME
forms, jumps into and out of loops.  So every draw here is a snippet of one to nine lines
(exprgen.program numbers them after the marker and names them `@1`..`@9`, `@next` the next
marker), and every marker line runs CLEAR first (BIMISC.ASM CLEARC: the stack, ON ERROR,
the handler flag, DEF types, OPTION BASE and the variables start afresh), so that a
snippet's abandoned loops and subroutines do not reach the next one.  Every loop is
bounded: a counter C% ends it after a few turns (`!` printed), whatever its step.

  for      FOR with integer, single, double and string control variables; steps of 0,
           negative, fractional and huge; limits at the edges of the type (32767 with an
           integer variable: Overflow in NEXT); a zero-trip loop skipping to its NEXT
  next     NEXT J,I and its wrong orders, NEXT without FOR, NEXT of a variable not
           looping, NEXT inside IF, the loop variable, limit and step changed in the body
  forstack a FOR re-entered by GOTO (the same statement, or another FOR of the same
           variable: the old entry goes), nested FORs of distinct variables (8 to 78
           deep), a FOR in every level of a recursive GOSUB (the stack grows to Out of
           memory), a FOR inside a subroutine that RETURNs without NEXT
  while    WHILE/WEND nested, WEND without WHILE, WHILE 0 without WEND, conditions of
           string and every numeric type, GOTO out of a WHILE and back into it, RETURN
           out of a WHILE
  gosub    GOSUB/RETURN, RETURN n, RETURN without GOSUB, RETURN into a FOR loop the
           subroutine left, NEXT of the caller's loop inside a subroutine, text after
           `GOSUB n`, GOSUB inside IF and FOR, recursion depth (10 to 5000)
  ongo     ON x GOSUB/GOTO with x of 0, 1, the list's length + 1, 255, 256, -1, 1.5,
           2.5, a string, and lists with empty or undefined items
  resume   ON ERROR GOTO with a handler that RESUMEs (plain, NEXT, a line, 0), or does
           not (GOTO away, ON ERROR GOTO 0, a second error, RETURN), ERR and ERL after it
  errstmt  ERROR n (0, 1, 73, 255, 256, -1 ...) trapped and untrapped, RESUME without
           error, errors in the middle of a line and of an IF, in a FOR head and body, in
           a WHILE condition, in a subroutine, ON ERROR GOTO an undefined line
  dim      DIM, ERASE and DIM again (Duplicate Definition), the implicit dimension 10,
           subscripts at the edges, OPTION BASE after an array exists
  deftype  DEFINT/DEFSNG/DEFDBL/DEFSTR ranges changing the type of a name mid-program
  deffn    DEF FN recursion, redefinition, an undefined FN, a DEF FN skipped by GOTO, FN
           calling FN, parameters shadowing variables
  swap     SWAP of the same and different types, of array elements, of new variables
  clear    CLEAR inside a FOR, a WHILE, a GOSUB and a handler (what survives); STOP and
           END (the run stops: the runner starts the rest as a new program)

Usage
  python3 tools/differential/ctlgen.py [--seed N] [--programs N] [--lines N]
          [--only FAMILY,...] [--gwrun PATH] [-j N] [--out DIR] [--list]
  (exprgen.py's options; the defaults are 20 programs of 25 snippets and the folder
  /tmp/gwrun-ctlgen)

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Tenth round: random
control flow and definitions") triages the
groups against Microsoft's source and the real-GW models.  Only the Python 3.11 standard
library and the `pcbasic` command are needed.  Not run by `cargo test`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import difftest  # noqa: E402
import exprgen  # noqa: E402  (the generator's base, the runner and the report)

SETUP = ['PRINT "ctl"']
GUARD = "C%=C%+1:IF C%>6 THEN @3"

STARTS = ["1", "0", "-1", "3", "10", "1.5", ".1", "-2.5", "32760", "32766", "32767",
          "-32767", "-32768", "2.5#", "1E+38", '"A"']
LIMITS = ["3", "0", "1", "-3", "2.4", "2.5", "32767", "-32768", "32768", "1E+38", "10",
          '"A"', "-1"]
STEPS = ["", "", " STEP 1", " STEP -1", " STEP 0", " STEP .5", " STEP -.5", " STEP .1",
         " STEP 2", " STEP 32767", " STEP 1.5", " STEP -32768", " STEP 3E+4", ' STEP "1"',
         " STEP 1E+38", " STEP -1.5"]
ERRS = ["ERROR 5", "X=SQR(-1)", 'X=VAL(1)', "ERROR 0", "ERROR 1", "ERROR 73", "ERROR 255",
        "ERROR 256", "ERROR -1", "ERROR 200", "X=1/0", "X%=40000", "PRINT CHR$(256)",
        "GOTO 99", "NEXT", "RETURN", "X=A(11)", "ERROR 2", "ERROR 21", "WEND", "ERROR 24",
        "ERROR 57", "ERROR 76", "ERROR 19", "ERROR 20", "RESUME"]
TRAPPED = ["RESUME NEXT", "RESUME NEXT", "RESUME @2", "RESUME 0", "RESUME", "RESUME @next",
           "RESUME 99", "RESUME @2.5", 'RESUME "A"', "RESUME NEXT 5", "GOTO @2",
           "ON ERROR GOTO 0", "ERROR 5", "ERROR 73", "X=SQR(-1)",
           "ON ERROR GOTO @2:ERROR 6", "RETURN", "RESUME NEXT:PRINT 1", "END"]
VARS = ["I", "I%", "I!", "I#", "J", "K%"]


class CtlGen(exprgen.Gen):
    def lines(self, *xs: str) -> str:
        return "\n".join(xs)

    def typed(self) -> str:
        return self.pick(["%", "!", "#", ""])

    # FOR and NEXT ------------------------------------------------------------

    def for_(self) -> str:
        k = self.r.randint(0, 4)
        if k <= 2:
            v = "I" + self.typed()
            head = f"FOR {v}={self.pick(STARTS)} TO {self.pick(LIMITS)}{self.pick(STEPS)}"
            return self.lines(f"C%=0:{head}:PRINT {v};:{GUARD}",
                              f'NEXT:PRINT "|";{v};C%:GOTO @next', f'PRINT "!";{v}')
        if k == 3:
            v = self.pick(["S$", "I", "I%"])
            a, b = self.pick(['"A"', "1", "S$"]), self.pick(['"C"', "2", '""'])
            return self.lines(f"C%=0:FOR {v}={a} TO {b}:PRINT {v};:{GUARD}",
                              f'NEXT:PRINT "|":GOTO @next', 'PRINT "!"')
        # a zero-trip loop: FOR skips to its matching NEXT in the text
        inner = self.pick(["FOR J=1 TO 2:PRINT J;:NEXT J:", "", "PRINT 5;:",
                           "WHILE 0:WEND:", "FOR J=1 TO 0:NEXT:"])
        nxt = self.pick(["NEXT", "NEXT I", "NEXT J,I", "NEXT I,J", "", "NEXT K"])
        tail = self.pick(["", ":NEXT I", ":NEXT"])
        return self.lines(f'FOR I={self.pick(["5", "3", "1"])} TO {self.pick(["1", "0", "2"])}'
                          f'{self.pick(["", " STEP -1", " STEP 2"])}:{inner}PRINT "b";',
                          f'{nxt}:PRINT "|";I;J{tail}')

    def next_(self) -> str:
        k = self.r.randint(0, 5)
        if k <= 1:
            nx = self.pick(["J,I", "I,J", "J", "I", "", "J,I,K", "J,,I", "J I", "J,I,",
                            "K", "J,K", "I%"])
            return self.lines("C%=0:FOR I=1 TO 2:FOR J=1 TO 2:PRINT I;J;:" + GUARD,
                              f'NEXT {nx}:PRINT "|";I;J:GOTO @next', 'PRINT "!"')
        if k == 2:
            return self.pick(["NEXT", "NEXT I", 'PRINT "a";:NEXT:PRINT "b"',
                              "FOR I=1 TO 2:NEXT J", "FOR I=1 TO 2:NEXT I%",
                              "FOR I%=1 TO 2:PRINT I%;:NEXT I", "FOR I=1 TO 2:NEXT I,I",
                              "NEXT 1", "FOR I=1 TO 1:NEXT I:NEXT I"])
        if k == 3:
            # NEXT inside IF
            cond = self.pick(["I=2", "I<3", "1", "0"])
            return self.lines(f"C%=0:FOR I=1 TO 3:IF {cond} THEN NEXT ELSE PRINT I;:"
                              + GUARD, 'NEXT:PRINT "|";I:GOTO @next', 'PRINT "!"')
        # the control variable, limit or step changed in the body
        v = "I" + self.typed()
        ch = self.pick([f"{v}={v}+1", f"{v}={v}+.5", f"{v}={v}-1", f"{v}=10", "N=1",
                        "S=-1", f"{v}=32767", f"{v}={v}*2"])
        return self.lines(f"C%=0:N=4:S=1:FOR {v}=1 TO N STEP S:PRINT {v};:{ch}:{GUARD}",
                          f'NEXT:PRINT "|";{v};N;S:GOTO @next', 'PRINT "!"')

    def forstack(self) -> str:
        k = self.r.randint(0, 4)
        if k == 0:
            n = self.pick(["2", "3", "5"])
            other = self.pick(["@2", "@2", "@3"])
            return self.lines("R%=0",
                              f"FOR I=1 TO 3:PRINT I;:R%=R%+1:IF R%<{n} THEN {other}",
                              f'FOR I=5 TO 6:PRINT I;:NEXT:PRINT "|";R%:NEXT:PRINT "+"')
        if k == 1:
            depth = self.pick([8, 16, 20, 24, 30, 40, 60, 78])
            names = [c + t for t in ("", "%", "#") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
            heads = [f"FOR {n}=1 TO 1" for n in names[:depth]]
            rows, row = [], []
            for h in heads:
                if len(":".join(row + [h])) > 200:
                    rows.append(":".join(row))
                    row = []
                row.append(h)
            row.append('PRINT "deep";:NEXT:NEXT:PRINT "|"')
            rows.append(":".join(row))
            return self.lines(*rows)
        if k == 2:
            n = self.pick(["5", "20", "40", "80", "150", "300"])
            body = self.pick(["FOR I=1 TO 2", "WHILE 1", "FOR I=1 TO 2:WHILE 1"])
            return self.lines(f'D%=0:GOSUB @2:PRINT "|";D%:GOTO @next',
                              f"D%=D%+1:{body}:IF D%<{n} THEN GOSUB @2",
                              "RETURN")
        if k == 3:
            after = self.pick(["NEXT", "NEXT I", "PRINT I", "WEND", "RETURN"])
            return self.lines(f'GOSUB @2:PRINT "back";I;:{after}:GOTO @next',
                              f"FOR I=1 TO 3:PRINT I;:{self.pick(['RETURN', 'WHILE 1:RETURN'])}")
        # GOTO out of a loop into another loop of the same variable
        return self.lines("C%=0:FOR I=1 TO 3:PRINT I;:" + GUARD.replace("@3", "@2"),
                          f"FOR {self.pick(['I', 'J'])}=7 TO 8:PRINT \"x\";:NEXT",
                          f'{self.pick(["NEXT", "NEXT I", "NEXT J"])}:PRINT "|";I')

    # WHILE and WEND ----------------------------------------------------------

    def while_(self) -> str:
        k = self.r.randint(0, 6)
        if k == 0:
            n = self.pick(["0", "1", "3"])
            return self.lines(f"I=0:WHILE I<{n}:I=I+1:PRINT I;:WEND:PRINT \"|\";I")
        if k == 1:
            return self.lines("I=0:WHILE I<2:I=I+1:J=0",
                              "WHILE J<2:J=J+1:PRINT I;J;:WEND",
                              f'{self.pick(["WEND", "WEND:WEND", "", "NEXT"])}:PRINT "|"')
        if k == 2:
            return self.pick(["WEND", 'PRINT "a";:WEND:PRINT "b"', "WHILE 0:WEND:WEND",
                              "WHILE 1:WEND 5", "WHILE:WEND", "WHILE 0:PRINT 1:WEND X"])
        if k == 3:
            cond = self.pick(['"A"', '""', "S$", "1", "0", "-1", ".1", "1E-39", "C%<3",
                              'S$="A"', "&HFFFF", "1#", "T$", "C%", ".5#"])
            return self.lines(f'S$="":T$="x":C%=0:WHILE {cond}:C%=C%+1:PRINT C%;:'
                              "IF C%>3 THEN @3", 'WEND:PRINT "|";C%:GOTO @next', 'PRINT "!"')
        if k == 4:
            n = self.pick(["1", "2", "3"])
            return self.lines("R%=0",
                              f"WHILE R%<5:R%=R%+1:PRINT R%;:IF R%<{n} THEN @2",
                              f'WEND:PRINT "|";R%:{self.pick(["WEND", "", "WEND:WEND"])}')
        if k == 5:
            return self.lines(f'GOSUB @2:PRINT "b";:{self.pick(["WEND", "RETURN", "NEXT"])}'
                              ":GOTO @next", 'WHILE 1:PRINT "a";:RETURN')
        # WHILE 0 skipping over nested WHILEs and FORs to its WEND
        inner = self.pick(["WHILE 1:WEND", "FOR I=1 TO 2:NEXT", "WEND", "WHILE C%<1:C%=C%+1",
                           'PRINT "x"'])
        return self.lines(f"WHILE 0:{inner}", f'WEND:PRINT "|"')

    # GOSUB, RETURN and ON ... GOSUB/GOTO -------------------------------------

    def gosub(self) -> str:
        k = self.r.randint(0, 6)
        if k == 0:
            rt = self.pick(["", "", " @2", " @next", " 99", ':PRINT "q"', " 0", " @2 X",
                            ",@2", " @2.5"])
            return self.lines('GOSUB @3:PRINT "r";:GOTO @next', 'PRINT "x"',
                              f'PRINT "s";:RETURN{rt}')
        if k == 1:
            return self.pick(["RETURN", 'PRINT "a";:RETURN:PRINT "b"', "RETURN @next",
                              "RETURN 99", "RETURN X"])
        if k == 2:
            sub = self.pick(["FOR J=1 TO 2:RETURN", "NEXT I", "NEXT", "NEXT J",
                             "WHILE 1:RETURN", "FOR I=5 TO 6:RETURN"])
            return self.lines("C%=0:FOR I=1 TO 3:GOSUB @2:PRINT I;:"
                              + GUARD.replace("@3", "@4"), sub,
                              'NEXT:PRINT "|";I:GOTO @next', 'PRINT "!"')
        if k == 3:
            junk = self.pick(["X", "+1", "ELSE PRINT 5", ",1", "'c", "REM z", "", ":",
                              "PRINT 7", "@3"])
            return self.lines(f'GOSUB @3 {junk}:PRINT "r"', "GOTO @next",
                              'PRINT "s";:RETURN')
        if k == 4:
            return self.pick(["GOSUB", "GOSUB 65536", "GOSUB -1", "GOSUB 99", "GOSUB X",
                              "GOSUB @this.5", 'GOSUB "A"', "GOSUB 65529"])
        if k == 5:
            n = self.pick(["10", "100", "500", "2000", "5000"])
            return self.lines('D%=0:GOSUB @2:PRINT "|";D%:GOTO @next',
                              f"D%=D%+1:IF D%<{n} THEN GOSUB @2", "RETURN")
        form = self.pick(['PRINT "a";:GOSUB @2:PRINT "b";:GOSUB @2:PRINT "c"',
                          'IF 1 THEN GOSUB @2:PRINT "b" ELSE PRINT "x"',
                          'IF 0 THEN PRINT "x" ELSE GOSUB @2:PRINT "b"',
                          "FOR I=1 TO 2:GOSUB @2:NEXT:PRINT I",
                          'IF 1 THEN GOSUB @2 ELSE PRINT "x"'])
        return self.lines(f"{form}:GOTO @next", 'PRINT "s";:RETURN')

    def ongo(self) -> str:
        x = self.pick(["0", "1", "2", "3", "255", "256", "-1", "1.5", "2.5", ".5", "-.5",
                       '"A"', "2.4999", "65535", "-32769", "N%", "1E+10", "-.6"])
        verb = self.pick(["GOSUB", "GOTO"])
        lst = self.pick(["@2,@3", "@2,@3", "@2", "@2,@3,", "@2,,@3", "@3,99", "", "@2 @3"])
        back = "RETURN" if verb == "GOSUB" else "GOTO @next"
        return self.lines(f'N%=2:ON {x} {verb} {lst}:PRINT "f":GOTO @next',
                          f'PRINT "a":{back}', f'PRINT "b":{back}')

    # ON ERROR, RESUME and ERROR ----------------------------------------------

    def resume(self) -> str:
        err = self.pick(ERRS)
        res = self.pick(TRAPPED)
        if res in ("RESUME", "RESUME 0"):
            res = f"R%=R%+1:IF R%>2 THEN RESUME NEXT ELSE {res}"
        return self.lines(f'R%=0:ON ERROR GOTO @3:PRINT "a";:{err}:PRINT "b";',
                          'PRINT "c";ERR;ERL:GOTO @next', f'PRINT "H";ERR;ERL;:{res}')

    def errstmt(self) -> str:
        k = self.r.randint(0, 6)
        n = self.pick(["0", "1", "2", "73", "255", "256", "-1", "200", "27", "31", "74",
                       "100", "1.5", '"A"', "32767", "65536", "22", "30"])
        if k == 0:
            return self.pick([f"ERROR {n}", f"ON ERROR GOTO 0:ERROR {n}"])
        if k == 1:
            return self.pick(["RESUME", "RESUME NEXT", "RESUME @next", "RESUME 0",
                              "PRINT ERR;ERL", "ON ERROR GOTO 99", "ON ERROR GOTO",
                              "ON ERROR GOTO @this:PRINT 1"])
        if k == 2:
            a, b = self.pick(ERRS[:12]), self.pick(ERRS[:12])
            return self.lines(f'ON ERROR GOTO @3:PRINT "a";:{a}:PRINT "b";:{b}:PRINT "c"',
                              'PRINT "|";ERR;ERL:GOTO @next',
                              f'PRINT "H";ERR;:{self.pick(["RESUME NEXT", "RESUME @2"])}')
        if k == 3:
            a = self.pick(ERRS[:12])
            return self.lines(f'ON ERROR GOTO @3:IF 1 THEN {a}:PRINT "b" ELSE PRINT "x"',
                              'PRINT "|";ERR;ERL:GOTO @next', 'PRINT "H";ERR;:RESUME NEXT')
        if k == 4:
            head = self.pick(["FOR I=1 TO SQR(-1)", "FOR I=1 TO 3 STEP 1/0",
                              'FOR I="A" TO 3', "FOR I=1 TO 3:IF I=2 THEN ERROR 11",
                              "FOR I=1 TO 3:PRINT 1/(I-2);"])
            return self.lines(f"C%=0:ON ERROR GOTO @4:{head}:PRINT I;:{GUARD}",
                              'NEXT:PRINT "|";I:GOTO @next', 'PRINT "!":GOTO @next',
                              f'PRINT "H";ERR;ERL;:{self.pick(["RESUME NEXT", "RESUME @3"])}')
        if k == 5:
            cond = self.pick(["1/(C%-1)", "SQR(C%-1)", "X$", 'VAL(C%)', "C%<3 AND 1/C%"])
            return self.lines(f"C%=0:ON ERROR GOTO @4:WHILE {cond}:C%=C%+1:PRINT C%;:"
                              "IF C%>3 THEN @3", 'WEND:PRINT "|";C%:GOTO @next',
                              'PRINT "!":GOTO @next',
                              f'PRINT "H";ERR;ERL;:{self.pick(["RESUME NEXT", "RESUME @3"])}')
        handler = self.pick(["RESUME NEXT", "RETURN", "RESUME @next", "GOTO @2"])
        return self.lines(f'ON ERROR GOTO @4:GOSUB @3:PRINT "r";ERR:GOTO @next',
                          'PRINT "x";:RETURN', f'PRINT "s";:{self.pick(ERRS[:12])}:'
                          'PRINT "t";:RETURN', f'PRINT "H";ERR;:{handler}')

    # definitions -------------------------------------------------------------

    def dim(self) -> str:
        pool = ["DIM A(5)", "DIM A(5)", "A(3)=1", "ERASE A", "DIM A(2,2)", "PRINT A(10)",
                "PRINT A(11)", "PRINT A(-1)", "OPTION BASE 1", "OPTION BASE 0",
                "OPTION BASE 2", "DIM B(0)", "PRINT B(0)", "ERASE A,B", "ERASE C",
                "DIM C%(32767)", 'DIM A$(3):A$(3)="x":PRINT A$(3)', "PRINT A(1,1)",
                "A(1,2,3)=1", "DIM D(1.5):PRINT D(2)", "DIM D(-1)", "DIM E(10000)",
                "ERASE", "PRINT A(10.4)", "PRINT A(10.5)", 'DIM A("x")', "DIM F(32768)",
                "DIM A(5),A(6)", "PRINT A(5);A%(5)", "DIM A%(3):PRINT A%(3)", "A=7:PRINT A",
                "DIM G(1,1,1,1,1,1,1)", "PRINT B(1)", "DIM H(255,255)", "DIM A(32767)"]
        stmts = [self.pick(pool) for _ in range(self.r.randint(2, 5))]
        return ":".join(stmts) + ':PRINT "|"'

    def deftype(self) -> str:
        rng = self.pick(["A", "A-C", "C-A", "A-Z", "B", "a-c", "A,C", "A-", "1",
                         "A-B-C", "A B"])
        kw = self.pick(["DEFINT", "DEFSNG", "DEFDBL", "DEFSTR"])
        kw2 = self.pick(["DEFINT", "DEFSNG", "DEFDBL", "DEFSTR"])
        val = self.pick(["1.5", '"s"', "40000", "1.23456789#", "-2.5"])
        return self.lines(f'A!=1.5:A%=2:A#=3.25#:A$="s":{kw} {rng}:PRINT A;:A={val}:'
                          f'PRINT A;A!;A%;A#;A$', f'{kw2} A:PRINT A;:DIM A(2):PRINT A(1)')

    def deffn(self) -> str:
        return self.pick([
            "DEF FNF(X)=X*FNF(X-1):PRINT FNF(3)",
            "DEF FNA(X)=X+1:DEF FNA(X)=X*2:PRINT FNA(3)",
            "PRINT FNZ(1)",
            "DEF FNA(X,X)=X:PRINT FNA(1,2)",
            "DEF FNB=5:PRINT FNB;FNB()",
            "DEF FNC(X)=X+Y:Y=2:PRINT FNC(1)",
            "X=9:DEF FND(X)=X*2:PRINT FND(3);X",
            "DEF FNA(X)=FNB(X)+1:DEF FNB(X)=X*2:PRINT FNA(3)",
            "DEF FNA(X)=FNB(X):DEF FNB(X)=FNA(X):PRINT FNA(1)",
            "DEF FNS$(X$)=X$+X$:PRINT FNS$(\"ab\");FNS$(1)",
            "DEF FNI%(X)=X:PRINT FNI%(40000)",
            "DEF FNA(X)=X:PRINT FNA()",
            "DEF FNA(X)=X:PRINT FNA(1,2)",
            "FOR X=1 TO 2:DEF FNA(X)=X*10:PRINT FNA(5);X;:NEXT",
            "DEF FNA(I)=I*2:FOR I=1 TO 2:PRINT FNA(I+1);:NEXT:PRINT I",
            "GOTO @next:DEF FNQ(X)=1",
            self.lines("GOTO @3", "DEF FNQ(X)=X+1", "PRINT FNQ(1)"),
            "DEF FNA(X)=X+1:DEF FNA$(X)=\"z\":PRINT FNA(1);FNA$(1)",
            "DEF FN A(X)=X*3:PRINT FN A(2);FNA(2)",
            "DEF FNA(X%)=X%:PRINT FNA(2.5);FNA(40000)",
        ])

    def swap(self) -> str:
        pair = self.pick(["A%,B!", "A$,B$", "A,B", "A(1),A(2)", "A,A", "A%,B%", "A#,B#",
                          "A$,B", "A!,B#", "N,M", "A(1),B", "A%,A", "A", "A,", "A,B,C",
                          "Q,R"])
        return (f'A%=1:B%=2:A!=1.5:B!=2.5:A#=.1#:B#=.2#:A$="x":B$="y":A=3:B=4:DIM A(2):'
                f"A(1)=5:A(2)=6:SWAP {pair}:PRINT A%;B%;A!;B!;A#;B#;A$;B$;A;B;A(1);A(2)")

    def clear(self) -> str:
        return self.pick([
            self.lines("FOR I=1 TO 3:PRINT I;:CLEAR", 'NEXT:PRINT "|"'),
            self.lines('GOSUB @2:PRINT "r":GOTO @next', "CLEAR:RETURN"),
            'A=5:A$="s":DIM B(3):B(3)=2:DEF FNA(X)=X:CLEAR:PRINT A;A$;B(3);FNA(1)',
            "WHILE 1:CLEAR:WEND",
            self.lines("ON ERROR GOTO @3:CLEAR:ERROR 5", "GOTO @next",
                       'PRINT "H":RESUME NEXT'),
            self.lines("ON ERROR GOTO @3:ERROR 5", "GOTO @next",
                       'PRINT "H";ERR;ERL:CLEAR:RESUME NEXT'),
            "DEFINT A:OPTION BASE 1:A=1.5:CLEAR:A=1.5:PRINT A:DIM B(0):PRINT B(0)",
            'PRINT "a";:STOP:PRINT "b"',
            'PRINT "a";:END:PRINT "b"',
            self.lines('GOSUB @2:PRINT "r"', "STOP:RETURN"),
            "CLEAR 1", "CLEAR ,,", "CLEAR ,-1", "CLEAR X",
        ])


FAMILIES = {"for": (CtlGen.for_, 4), "next": (CtlGen.next_, 3),
            "forstack": (CtlGen.forstack, 3), "while": (CtlGen.while_, 3),
            "gosub": (CtlGen.gosub, 3), "ongo": (CtlGen.ongo, 2),
            "resume": (CtlGen.resume, 4), "errstmt": (CtlGen.errstmt, 4),
            "dim": (CtlGen.dim, 2), "deftype": (CtlGen.deftype, 1),
            "deffn": (CtlGen.deffn, 2), "swap": (CtlGen.swap, 1),
            "clear": (CtlGen.clear, 1)}

FUNCS = re.compile(r"\bNEXT [A-Z%]*,|\bNEXT\b|\bWEND\b|RETURN|RESUME[^:\n]*|ERROR \S+|"
                   r"\bON [^:]* GO(SUB|TO)|\bERASE\b|\bOPTION BASE\b|\bDIM\b|\bDEF[A-Z]+|"
                   r"\bSWAP\b|\bCLEAR\b|\bSTOP\b|\bEND\b|\bFOR\b|\bWHILE\b|\bGOSUB\b")


SPLIT = difftest.split_markers
MARK_AT_END = re.compile(r"^(.+?)(\[(?:\d+|end)\])$", re.M)


def split_markers(text: str, count: int) -> dict[str, str]:
    """difftest's cutting at the markers, after a marker printed behind a snippet's last
    `PRINT ...;` (the run went on to the next marker line mid-row) is moved to a row of
    its own: the row's text stays with the snippet that printed it."""
    return SPLIT(MARK_AT_END.sub(r"\1\n\2", text), count)


difftest.split_markers = split_markers


def main() -> int:
    return exprgen.main(tool="ctlgen", doc=__doc__, table=FAMILIES, gen_class=CtlGen,
                        setup=SETUP, funcs=FUNCS, programs=20, per_program=25,
                        reset="CLEAR")


if __name__ == "__main__":
    sys.exit(main())
