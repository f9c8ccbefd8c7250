#!/usr/bin/env python3
"""Random keyboard input for INPUT, LINE INPUT and INPUT$, run through gwrun and PC-BASIC 2.0.8.

exprgen.py's sibling, as scrgen.py is: the same seeded programs under ON ERROR (the handler
prints ERR and ERL and RESUMEs NEXT), the same runner, cache, cause key and report
(exprgen.main with this tool's families).  What is new is the keyboard: each statement
carries the lines typed for it, written after it in a comment (`' <<reply|reply>>`, `|`
between lines), and the program's redirected keyboard is those lines in the statements'
order, each statement's followed by a line `~N` (N its index).  Every statement line ends
with `GOSUB 62000`, which reads lines with LINE INPUT up to the next `~` line and prints
any it had to skip (`skip <text>`), so that a statement that takes more or fewer lines on
one side than on the other shows it there and the next statement reads its own lines on
both.  The families:

  input     INPUT with or without `;` after the keyword, with no prompt, a prompt and `;`
            (a `?` shown) or `,` (none), and one to four variables of every type
            (A, A!, A%, A#, A$, elements B(2) and B$(1)), answered by a line of fields
            drawn for the types or across them: numbers in every form the reader may meet
            (signs, blanks inside, `.5`, exponents with E and D, type characters, &H, &O,
            a bare `&`, trailing junk, the edges of each type, overflow), strings quoted
            and not (commas and quotes inside, text after a closing quote, blanks around,
            an unterminated quote, the empty field), too few and too many fields; a
            reply refused with ?Redo from start is followed by a second reply that fits
  line      LINE INPUT with and without a prompt and `;`, answered by lines holding
            quotes, commas, blanks, colons and up to 300 characters; and its malformed
            forms (a numeric variable, a `,` after the prompt, no variable)
  chars     INPUT$(n) of the keyboard for n of 0, 1, 2, 5, 255, 256 and -1 (reading across
            the line ends that separate the typed lines), printed as character codes
  forms     malformed INPUT statements (a missing separator between prompt and variable
            or between variables, an expression for a variable, `INPUT ;`, a numeric
            prompt, a `#` number of a file not open) and the replies they may still read

After each INPUT the variables are printed (numbers as PRINT shows them, strings between
`[` and `]`), so the values read are compared as well as the prompts, the echo, the
?Redo from start and the errors.  The report ends with each program's first differing
statement: the input is one stream, and a difference in how much of it a statement took
can still reach the statement after it.

The typed lines end with a tail of `~end` lines and two long lines of `~`, so that a
statement that reads past its own lines (INPUT$(255) across them) finds more and the run
does not reach the end of its input, where the two are known to part (GW returns to DOS:
gwrun ends the run untrapped, PC-BASIC raises a trappable Input past end).

Usage
  python3 tools/differential/inpgen.py [--seed N] [--programs N] [--lines N]
          [--only FAMILY,...] [--gwrun PATH] [-j N] [--out DIR] [--list]
  (exprgen.py's options; the defaults are 30 programs of 12 lines and the folder
  /tmp/gwrun-inpgen)
  INPGEN_PLAIN=1 in the environment leaves out the replies PC-BASIC is known to read
  otherwise (docs/fidelity-audit.md, twelfth round: lines over 255 characters, a TAB
  typed, a number with a type character, `1..2`, a number with no digits before its
  exponent, a single-precision overflow: under ON ERROR gwrun's is FIN's trappable
  Overflow, PC-BASIC's a ?Redo from start), whose differences would hide the rest

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Twelfth round: random
keyboard input") triages the groups against Microsoft's source and the real-GW models.
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
import difftest  # noqa: E402
import exprgen  # noqa: E402  (the generator's base, the runner and the report)

SETUP = ["DIM B(3),B$(3)"]
DRAIN = "GOSUB 62000"
DRAIN_LINES = [
    '62000 LINE INPUT Z9$:IF LEFT$(Z9$,1)="~" THEN RETURN',
    '62010 PRINT "skip ";Z9$:GOTO 62000',
]
REPLY = re.compile(r"' <<(.*)>>$")
# a run of one character in a typed line, written short in the comment (`{x*255}`), so
# that a long reply does not make the statement's own line too long
RUN = re.compile(r"\{(.)\*(\d+)\}")

VARS = ["A", "A!", "A%", "A#", "A$", "C$", "B(2)", "B$(1)", "D%", "E#"]
NUMS = ["1", " 12 ", "-3.5", "+7", ".5", "5.", "1E3", "1e-3", "1D2", "-1.5E+3", "1#", "1!",
        "1%", "&H1F", "&h7fff", "&HFFFF", "&o17", "&17", "&", "&H", "1 2", "1 . 5", "12a",
        "a", "", " ", "32767", "32768", "-32768", "-32769", "32767.5", "-32768.5", "1E38",
        "1.7E38", "1.8E38", "1E39", "-1E39", "1E-39", "123456789", "1.234567890123456789",
        '"5"', "--5", "5-", ".", "-", "+", "E5", "1E", "1E+", "0x10", "65535", "99999999999",
        "\t7", "7\t", "1,", "2.5E", "1D", ".E1", "1..2", "3 E 2", "1e400", "%5", "5%x"]
STRS = ["abc", " lead", "trail ", '"quoted, comma"', '"q"', '"unterminated', 'mid"quote',
        '""', '"a"b', '"a" ', ' "b"', "", "a:b", "x'y", "12", "-", "a b  c", "\tTAB",
        "{x*255}", "{y*256}", '"{z*253}"', "CAPS lower", "a;b"]


# INPGEN_PLAIN=1: the replies PC-BASIC is known to read otherwise left out
PLAIN = os.environ.get("INPGEN_PLAIN") == "1"
if PLAIN:
    KNOWN = re.compile(r"\{.\*\d+\}|\t|^\d[%!#]$|\.\.|^\.?E|^5%x$")
    NUMS = [n for n in NUMS if not KNOWN.search(n)
            and n not in ("1E39", "-1E39", "1e400", "1.8E38")]
    STRS = [t for t in STRS if not KNOWN.search(t)]
# after the statements' lines: more to read for a statement that reads past its own
TAIL = ["~end"] * 8 + ["{~*250}"] * 2


class InpGen(exprgen.Gen):
    def line(self, stmt: str, replies: list[str]) -> str:
        """The statement, the drain, and its typed lines in the comment."""
        for r in replies:
            assert "|" not in r and ">>" not in r and "\n" not in r
        return f"{stmt}:{DRAIN} ' <<{'|'.join(replies)}>>"

    def field(self, var: str) -> str:
        """One field of an INPUT reply for `var`, right or wrong for its type."""
        k = self.r.random()
        string = "$" in var
        if (string and k < 0.75) or (not string and k >= 0.85):
            return self.pick(STRS)
        return self.pick(NUMS)

    def shown(self, vs: list[str]) -> str:
        """A PRINT of the variables: numbers as PRINT shows them, strings bracketed."""
        items = [f'"[";{v};"]"' if "$" in v else v for v in vs]
        return "PRINT " + ";".join(items)

    def good(self, vs: list[str]) -> str:
        return ",".join("ok" if "$" in v else "9" for v in vs)

    def prompt(self) -> str:
        k = self.r.randint(0, 5)
        if k <= 1:
            return ""
        text = self.pick(['"Q"', '""', '"Value"', '"A,B"', '"x?"'])
        return text + self.pick([";", ";", ","])

    # the families -------------------------------------------------------------

    def input(self) -> str:
        vs = [self.pick(VARS) for _ in range(self.r.randint(1, 4))]
        semi = self.pick(["", "", ";"])
        stmt = f"INPUT{semi} {self.prompt()}{','.join(vs)}"
        n = len(vs) + self.pick([0, 0, 0, 0, -1, 1])
        fields = [self.field(vs[min(i, len(vs) - 1)]) for i in range(max(n, 1))]
        reply = ",".join(fields)
        if self.r.random() < 0.1:
            reply = self.pick(["", " ", ",", ",,"] + ([] if PLAIN else ["\t"]))
        replies = [reply]
        if n < len(vs) and self.r.random() < 0.7:
            # the rest asked for with `??`
            replies.append(",".join(self.field(v) for v in vs[n:]))
        replies.append(self.good(vs))
        return self.line(f"{stmt}:{self.shown(vs)}", replies)

    def line_(self) -> str:
        k = self.r.randint(0, 9)
        var = self.pick(["L$", "L$", "B$(1)", "A$"])
        if k <= 6:
            semi = self.pick(["", "", ";"])
            pr = self.pick(["", "", '"P";', '"";', '"Name? ";'])
            stmt = f'LINE INPUT{semi} {pr}{var}:PRINT "[";{var};"]";LEN({var})'
        else:
            stmt = self.pick([f'LINE INPUT A:PRINT A', f'LINE INPUT "P",{var}:PRINT {var}',
                              'LINE INPUT', 'LINE INPUT "P";', f'LINE INPUT {var},C$',
                              f'LINE INPUT ;{var}:PRINT {var}', f'LINE INPUT 5;{var}'])
        reply = self.pick(STRS + ['a,b,"c"', "  ", "", "line: with colon", "'", '",",']
                          + ([] if PLAIN else ["{w*300}"]))
        return self.line(stmt, [reply])

    def chars(self) -> str:
        n = self.pick(["0", "1", "2", "5", "3", "255", "256", "-1", '"A"', "1.5"])
        stmt = f"X$=INPUT$({n}):PRINT LEN(X$);:FOR I9=1 TO LEN(X$):PRINT ASC(MID$(X$,I9));:NEXT:PRINT"
        replies = [self.pick(["ab", "abcdef", "", "x", "1234567", "a,b"])]
        if self.r.random() < 0.5:
            replies.append(self.pick(["cd", "", "zz"]))
        return self.line(stmt, replies)

    def forms(self) -> str:
        stmt = self.pick([
            'INPUT "P" A:PRINT A', "INPUT A B:PRINT A;B", "INPUT A;B:PRINT A;B",
            "INPUT A+1:PRINT A", "INPUT ;", "INPUT", "INPUT 5;A:PRINT A", 'INPUT "P";',
            "INPUT #1,A", 'INPUT "P";A$,:PRINT A$', "INPUT A$;:PRINT A$", "INPUT (A)",
            "INPUT FNA", "INPUT A,,B", 'INPUT ;"P",A:PRINT A', 'INPUT "P"+"Q";A',
            'INPUT A$ B$', "INPUT B(1,2)", "INPUT B(11)", "INPUT B", 'INPUT "P";:A=1'])
        replies = [self.pick(["1", "1,2", "x", "", "3 4"]), "5,6"]
        return self.line(stmt, replies)


FAMILIES = {"input": (InpGen.input, 6), "line": (InpGen.line_, 2),
            "chars": (InpGen.chars, 1), "forms": (InpGen.forms, 1)}

FUNCS = re.compile(r"LINE INPUT|INPUT\$|INPUT ?#|INPUT;|INPUT")

PROGRAM = difftest.program
RUN_PROGRAM = difftest.run_program


def program(sec) -> tuple[str, list[int]]:
    """exprgen's marker program with the drain subroutine after the handler."""
    text, markers = PROGRAM(sec)
    return text + "\r\n".join(DRAIN_LINES) + "\r\n", markers


def run_program(sec, who, cmd, out):
    """The keyboard of the statements being run (a restarted part types only its own)."""
    keys = []
    for i, v in enumerate(sec.variants):
        m = REPLY.search(v)
        keys += m.group(1).split("|") if m else []
        keys.append(f"~{i}")
    sec.input = [RUN.sub(lambda r: r.group(1) * int(r.group(2)), k) for k in keys + TAIL]
    return RUN_PROGRAM(sec, who, cmd, out)


difftest.program = program
difftest.run_program = run_program


def main() -> int:
    rc = exprgen.main(tool="inpgen", doc=__doc__, table=FAMILIES, gen_class=InpGen,
                      setup=SETUP, funcs=FUNCS, programs=30, per_program=12)
    exprgen.report_first_differences("inpgen")
    return rc


if __name__ == "__main__":
    sys.exit(main())
