#!/usr/bin/env python3
"""Random programs for the file and device statements, run through gwrun and PC-BASIC 2.0.8.

exprgen.py's sibling: the same seeded programs of one random statement a line under ON
ERROR (the handler prints ERR and ERL and RESUMEs NEXT), the same runner, cache, cause key
and report (exprgen.main with this tool's families), drawn from the file statements and
functions.  Every program runs in a folder of its own, made empty for each interpreter; two
setup lines first write a sequential file SEQ.TXT (PRINT#, WRITE#) and a random file
REC.DAT (three records of 16 bytes: FIELD, LSET, RSET, PUT), so that the statements find
files to read, and the files a program leaves (names, sizes, bytes, sub-folders) are
compared as a last part `files` after the run (difftest.AFTER_RUN).  The families:

  open     OPEN in both syntaxes: the mode letters (right, lower case, wrong, empty, long),
           FOR INPUT/OUTPUT/APPEND/RANDOM or none, ACCESS and LOCK clauses, file numbers in
           and out of range (0, 4, 255, 256, -1, 1.5), record lengths (0, 1, 128, 32767,
           32768, -1), names that exist, do not, are empty, too long, or devices; often
           after a CLOSE of the same number, sometimes followed by LOF/LOC
  close    CLOSE and RESET with lists, `#`, and numbers out of range
  write    PRINT# (numbers, strings, `;` `,` SPC TAB, long lines), PRINT# USING, WRITE#
  read     INPUT# into numeric and string variables, LINE INPUT#, INPUT$(n,#f) and
           INPUT$(n,f) (n of 0, 1, 255, 256, -1), a bounded loop reading past the end
  fns      EOF LOC LOF of open, closed and out-of-range numbers
  field    FIELD (widths 0 to 256, over the record length), LSET and RSET of field and
           plain variables, the field's bytes printed
  getput   GET and PUT with no record and with records 0, 1, 2, 4, 10, -1, 32767, 32768,
           65535, 2^24, 1E+38, 1.5, then LOC and LOF; a random file beyond its end
  mk       MKI$ MKS$ MKD$ and CVI CVS CVD: round trips, bytes, short and long strings,
           overflow and wrong types
  cycle    a file written and read back in one line: OPEN for output or append, PRINT#
           or WRITE#, CLOSE, OPEN for input, the items read
  dir      KILL, NAME ... AS, FILES, MKDIR, CHDIR, RMDIR of existing, missing and open
           files and folders (the folder's root is its `\\`: CHDIR ".." there goes
           nowhere in both interpreters, and a sandbox folder holds the programs' folders)

FILES's output is masked where the two differ by the host: the drive letter of the header
and the number of free bytes.  Output that is not text (MK*$ bytes, INPUT$ of a record)
is printed as ASC codes.

Usage
  python3 tools/differential/filegen.py [--seed N] [--programs N] [--lines N]
          [--only FAMILY,...] [--gwrun PATH] [-j N] [--out DIR] [--list]
  (exprgen.py's options; the defaults are 40 programs of 30 statements and the folder
  /tmp/gwrun-filegen)

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Eighth round") triages the
groups against Microsoft's source and the real-GW models.  Only the Python 3.11 standard
library and the `pcbasic` command are needed.  Not run by `cargo test`.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import difftest  # noqa: E402
import exprgen  # noqa: E402  (the generator's base, the runner and the report)

SETUP = [
    'OPEN "O",#1,"SEQ.TXT":PRINT #1,"abc";12;-3.5:WRITE #1,"x,y",7,"":'
    'PRINT #1,"  lead,tail":PRINT #1,1E+20;"z":CLOSE #1',
    'OPEN "R",#1,"REC.DAT",16:FIELD #1,8 AS F1$,8 AS F2$:FOR I=1 TO 3:'
    'LSET F1$="r"+STR$(I):RSET F2$=MKD$(I):PUT #1,I:NEXT:CLOSE #1:V$="":N=0:N%=0',
]

NAMES = ['"SEQ.TXT"', '"REC.DAT"', '"A.TXT"', '"B.TXT"', '"A.TXT"', '"NEW.DAT"',
         '"NOSUCH.TXT"', '"seq.txt"', '""', '"LONGFILENAME.TEXT"', '"SUB\\IN.TXT"',
         '"NUL"', '"A"', '"BAD*.TXT"', '"A.TXT "', '" A.TXT"', "V$", '"SUB"']
GOOD = ["1", "1", "1", "2", "2", "3", "#1", "#2", "#3", "#1"]
BAD = ["0", "4", "-1", "255", "256", "1.5", "2.5", "3.5", "32768", "#0", "#4", '"1"']
RECNO = ["0", "1", "2", "3", "4", "10", "-1", "32767", "32768", "65535", "16777216",
         "1E+38", "1.5", "2.5", "N%", "3.5"]
RECLEN = ["0", "1", "2", "8", "16", "16", "128", "129", "255", "256", "32767", "32768",
          "-1", "1.5"]
ITEMS_N = ["1", "-1", "0", "1.5", "-3.5", "1E+20", "12345678#", "1/3", "32767", "-32768",
           "N", "N%", "1D-20", "2.5E-5"]
ITEMS_S = ['"abc"', '""', '"x,y"', '" lead"', '"tail "', '"a""b"', "V$", 'CHR$(13)',
           'CHR$(10)', 'CHR$(26)', 'CHR$(0)', 'CHR$(9)', 'STRING$(200,"w")', '"1,2"',
           '"-7"', '"&H1F"', '"""q"""', 'CHR$(13)+CHR$(10)']
VARS = ["N", "N%", "N!", "N#", "V$", "V$", "W$"]


def codes(v: str) -> str:
    """Statements printing a string variable's bytes as ASC codes."""
    return f'FOR J=1 TO LEN({v}):PRINT ASC(MID$({v},J,1));:NEXT:PRINT "|"'


class FileGen(exprgen.Gen):
    def fnum(self, bad: float = 0.12) -> str:
        return self.pick(BAD if self.r.random() < bad else GOOD)

    def bare(self, n: str) -> str:
        """The file number without its `#` (for EOF, LOC, LOF, CLOSE lists)."""
        return n.lstrip("#")

    def item(self) -> str:
        return self.pick(ITEMS_N if self.r.random() < 0.45 else ITEMS_S)

    def items(self, seps=(";", ",", ";")) -> str:
        out = ""
        for i in range(self.r.randint(1, 4)):
            out += ("" if i == 0 else self.pick(seps)) + self.item()
        if self.r.random() < 0.2:
            out += self.pick(seps)
        return out

    # the families -------------------------------------------------------------

    def open_(self) -> str:
        n = self.fnum()
        name = self.pick(NAMES)
        if self.r.random() < 0.5:
            mode = self.pick(['"O"', '"I"', '"R"', '"A"', '"o"', '"r"', '"i"', '"X"', '""',
                              '"OUTPUT"', '"B"', '"RA"', "V$", "1"])
            tail = f",{self.pick(RECLEN)}" if self.r.random() < 0.3 else ""
            stmt = f"OPEN {mode},{n},{name}{tail}"
        else:
            mode = self.pick([" FOR INPUT", " FOR OUTPUT", " FOR APPEND", " FOR RANDOM",
                              "", "", " FOR BINARY"])
            acc = self.pick(["", "", "", "", " ACCESS READ", " ACCESS WRITE",
                             " ACCESS READ WRITE"])
            lock = self.pick(["", "", "", "", " SHARED", " LOCK READ", " LOCK WRITE",
                              " LOCK READ WRITE"])
            ln = f" LEN={self.pick(RECLEN)}" if self.r.random() < 0.3 else ""
            hash_ = self.pick(["#", "#", ""])
            stmt = f"OPEN {name}{mode}{acc}{lock} AS {hash_}{n.lstrip('#')}{ln}"
        if self.r.random() < 0.5:
            stmt = f"CLOSE {self.bare(n)}:{stmt}"
        if self.r.random() < 0.4:
            stmt += f":PRINT LOF({self.bare(n)});LOC({self.bare(n)})"
        return stmt

    def close(self) -> str:
        k = self.r.random()
        if k < 0.15:
            return self.pick(["CLOSE", "RESET", "CLOSE #", "CLOSE ,", "CLOSE 1,", "RESET 1"])
        ns = ",".join(self.fnum(0.2) for _ in range(self.r.randint(1, 3)))
        return f"CLOSE {ns}"

    def write(self) -> str:
        n = self.fnum()
        k = self.r.random()
        if k < 0.45:
            extra = self.pick(["", "", "", "SPC(3);", "TAB(20);", 'TAB(300);',
                               'STRING$(255,"L");STRING$(10,"M");'])
            return f"PRINT #{n.lstrip('#')},{extra}{self.items()}"
        if k < 0.7:
            return f"WRITE #{n.lstrip('#')},{self.items(seps=(',', ',', ';'))}"
        if k < 0.75:
            return f"PRINT #{n.lstrip('#')}" + self.pick(["", ",", ";"])
        stmt = self.using()
        return stmt.replace("PRINT USING", f"PRINT #{n.lstrip('#')},USING", 1)

    def read(self) -> str:
        n = self.fnum()
        b = self.bare(n)
        k = self.r.random()
        if k < 0.3:
            vs = [self.pick(VARS) for _ in range(self.r.randint(1, 3))]
            show = ";".join(f'"<";{v};">"' for v in vs)
            return f"INPUT #{b},{','.join(vs)}:PRINT {show}"
        if k < 0.5:
            return f'LINE INPUT #{b},V$:PRINT "<";V$;">"'
        if k < 0.75:
            cnt = self.pick(["0", "1", "2", "5", "16", "255", "256", "-1", "1.5", "N%"])
            h = self.pick(["#", "#", ""])
            return f"W$=INPUT$({cnt},{h}{b}):{codes('W$')}"
        loop = self.pick([f'LINE INPUT #{b},V$:PRINT "<";V$;">"',
                          f'INPUT #{b},V$:PRINT "<";V$;">"',
                          f'W$=INPUT$(3,#{b}):{codes("W$")}'.replace(":NEXT", ":NEXT J"),
                          f'INPUT #{b},N:PRINT N'])
        return f"FOR K=1 TO 7:{loop}:PRINT EOF({b}):NEXT K"

    def fns(self) -> str:
        ns = [self.bare(self.fnum(0.25)) for _ in range(self.r.randint(1, 3))]
        return "PRINT " + ";".join(f"{self.pick(['EOF', 'LOC', 'LOF'])}({x})" for x in ns)

    def field(self) -> str:
        n = self.fnum(0.08)
        widths = ["0", "1", "2", "4", "8", "8", "16", "17", "128", "255", "256", "-1", "N%"]
        parts = [f"{self.pick(widths)} AS {v}" for v in
                 self.r.sample(["F1$", "F2$", "F3$", "G$(1)"], self.r.randint(1, 3))]
        k = self.r.random()
        if k < 0.4:
            return f"FIELD {n},{','.join(parts)}"
        v = self.pick(["F1$", "F2$", "F3$", "W$", "G$(1)"])
        op = self.pick(["LSET", "RSET"])
        val = self.pick(['"abc"', '""', 'STRING$(20,"z")', "MKI$(-2)", "MKS$(1.5)",
                         '"12345678X"', "1", "V$", "F2$"])
        stmt = f"{op} {v}={val}:{codes(v)}"
        if k < 0.6:
            stmt = f"FIELD {n},{','.join(parts)}:{stmt}"
        return stmt

    def getput(self) -> str:
        n = self.fnum(0.1)
        b = self.bare(n)
        op = self.pick(["GET", "PUT", "GET"])
        rec = f",{self.pick(RECNO)}" if self.r.random() < 0.75 else ""
        stmt = f"{op} {n}{rec}"
        k = self.r.random()
        if k < 0.3:
            name = self.pick(['"REC.DAT"', '"NEW.DAT"', '"SEQ.TXT"'])
            ln = self.pick(["16", "16", "8", "32", "1"])
            stmt = f'CLOSE {b}:OPEN "R",{b},{name},{ln}:FIELD {b},8 AS F1$,8 AS F2$:{stmt}'
        if self.r.random() < 0.5:
            stmt += f":PRINT LOC({b});LOF({b})"
        if self.r.random() < 0.4:
            stmt += ":" + codes(self.pick(["F1$", "F2$"]))
        return stmt

    def mk(self) -> str:
        nums = ["0", "1", "-1", "32767", "-32768", "32768", "1.5", "-2.5", "1E+38", "1D+38",
                "1D-38", "123456789#", "1/3", "N", '"A"', "-32768.5", "32767.5", "2.5E-39"]
        k = self.r.randint(0, 5)
        f = self.pick(["I", "S", "D"])
        x = self.pick(nums)
        if k == 0:
            return f"PRINT CV{f}(MK{f}$({x}))"
        if k == 1:
            return f"W$=MK{f}$({x}):{codes('W$')}"
        if k == 2:
            g = self.pick(["I", "S", "D"])
            return f"PRINT CV{g}(MK{f}$({x}))"
        strs = ['""', '"A"', '"AB"', '"ABC"', '"ABCD"', '"ABCDEFGH"', '"ABCDEFGHI"',
                "CHR$(0)+CHR$(0)+CHR$(0)+CHR$(128)", "STRING$(8,0)", "STRING$(4,255)",
                "CHR$(0)+CHR$(0)+CHR$(0)+CHR$(0)+CHR$(0)+CHR$(0)+CHR$(0)+CHR$(1)",
                "STRING$(8,128)", "1", "F1$", "F2$"]
        if k == 3:
            return f"PRINT CV{f}({self.pick(strs)})"
        if k == 4:
            return f"PRINT CV{f}({self.pick(strs)})*2;LEN(MK{f}$(0))"
        return f"W$=MK{f}$(CV{f}({self.pick(strs)})):{codes('W$')}"

    def cycle(self) -> str:
        b = self.pick(["1", "2", "3"])
        name = self.pick(['"A.TXT"', '"B.TXT"', '"SEQ.TXT"', '"NEW.DAT"'])
        wmode = self.pick(['"O"', '"A"', '"O"'])
        if self.r.random() < 0.5:
            w = f"PRINT #{b},{self.items()}"
        else:
            w = f"WRITE #{b},{self.items(seps=(',', ','))}"
        rd = self.pick([f'LINE INPUT #{b},V$:PRINT "<";V$;">"',
                        f'INPUT #{b},V$,W$:PRINT "<";V$;"><";W$;">"',
                        f'INPUT #{b},N,V$:PRINT N;"<";V$;">"',
                        f'W$=INPUT$(LOF({b}),#{b}):{codes("W$")}',
                        f'PRINT LOF({b});EOF({b})'])
        return (f"CLOSE {b}:OPEN {wmode},{b},{name}:{w}:CLOSE {b}:OPEN \"I\",{b},{name}:"
                f"{rd}:CLOSE {b}")

    def dir_(self) -> str:
        k = self.r.randint(0, 8)
        name = self.pick(NAMES[:8] + ['"B.TXT"', '"SUB\\IN.TXT"', '"SUB"', '"A.*"'])
        other = self.pick(['"B.TXT"', '"C.TXT"', '"SEQ.TXT"', '"SUB\\C.TXT"', '""',
                           '"NOSUCH\\C.TXT"', '"REC.DAT"', '"A.TXT"'])
        if k == 0:
            return f"KILL {name}"
        if k == 1:
            return f"NAME {name} AS {other}"
        if k == 2:
            pat = self.pick(['"*.TXT"', '"*.DAT"', '"A.TXT"', '"NOSUCH.X"', '"?.TXT"',
                             '"SUB\\*.TXT"', '"*.BAS"', '""', "1", '"SEQ.*"'])
            return f"FILES {pat}"
        if k == 3:
            return "MKDIR " + self.pick(['"SUB"', '"SUB"', '"SUB2"', '""', '"A.TXT"',
                                         '"SUB\\X"'])
        if k == 4:
            return "RMDIR " + self.pick(['"SUB"', '"SUB2"', '""', '"NOSUCH"', '"A.TXT"'])
        if k == 5:
            d = self.pick(['"SUB"', '"NOSUCH"', '""', '"A.TXT"', '"SUB2"'])
            return (f'CHDIR {d}:OPEN "O",3,"IN.TXT":PRINT #3,"in":CLOSE 3:'
                    f'FILES "*.TXT":CHDIR "\\"')
        if k == 6:
            b = self.pick(["1", "2"])
            return f'CLOSE {b}:OPEN "I",{b},"SEQ.TXT":KILL "SEQ.TXT":NAME "SEQ.TXT" AS "Z.TXT"'
        if k == 7:
            target = self.pick(['"A.TXT"', '"SUB\\IN.TXT"'])
            return f'CLOSE 2:OPEN "O",2,{target}:PRINT #2,"k":CLOSE 2:KILL {name}'
        return f"NAME {name} AS {other}:FILES {other}"


FAMILIES = {"open": (FileGen.open_, 3), "close": (FileGen.close, 1),
            "write": (FileGen.write, 3), "read": (FileGen.read, 3), "fns": (FileGen.fns, 2),
            "field": (FileGen.field, 2), "getput": (FileGen.getput, 3),
            "mk": (FileGen.mk, 2), "cycle": (FileGen.cycle, 2), "dir": (FileGen.dir_, 2)}

FUNCS = re.compile(r"\bOPEN\b|\bCLOSE\b|\bRESET\b|PRINT #\d*,USING|PRINT #|WRITE #|"
                   r"LINE INPUT #|INPUT #|INPUT\$|\bEOF\b|\bLOC\b|\bLOF\b|\bFIELD\b|\bLSET\b|"
                   r"\bRSET\b|\bGET\b|\bPUT\b|MK[ISD]\$|CV[ISD]|\bKILL\b|\bNAME\b|\bFILES\b|"
                   r"MKDIR|CHDIR|RMDIR")


def dump(folder: Path) -> bytes:
    """The files and folders a program left (TEST.BAS and the interpreters' home
    excepted): each one's name in capitals and its size, then its bytes (the first 1024)
    in rows of 40, printable ASCII as it is and the rest as \\xNN."""
    rows = []
    for path in sorted(folder.rglob("*"), key=lambda q: str(q.relative_to(folder)).upper()):
        rel = path.relative_to(folder)
        if rel.parts[0] == ".home" or str(rel) == "TEST.BAS":
            continue
        name = str(rel).upper()
        if path.is_dir():
            rows.append(f"{name}\\ <DIR>")
            continue
        data = path.read_bytes()
        rows.append(f"{name} {len(data)}")
        for i in range(0, min(len(data), 1024), 40):
            rows.append("  " + repr(data[i:i + 40])[2:-1])
    return ("\r\n".join(rows) + "\r\n").encode("latin-1")


def masked(variant: str, text: str | None) -> str | None:
    """difftest's clock masking, and FILES's drive letter and free bytes."""
    text = CLOCK_MASKED(variant, text)
    if text is None or "FILES" not in variant:
        return text
    text = re.sub(r"^[A-Z]:\\", "X:\\\\", text, flags=re.M)
    return re.sub(r"^ ?\d+ Bytes free", " <n> Bytes free", text, flags=re.M)


CLOCK_MASKED = difftest.clock_masked
difftest.clock_masked = masked
difftest.AFTER_RUN = dump


def main() -> int:
    # the programs' folders inside a sandbox two levels down, so that no `..` a program
    # reaches past its own folder can leave the sandbox
    sandbox = Path(exprgen.TMP) / "gwrun-filegen-sandbox" / "a" / "b"
    sandbox.mkdir(parents=True, exist_ok=True)
    tempfile.tempdir = str(sandbox)
    return exprgen.main(tool="filegen", doc=__doc__, table=FAMILIES, gen_class=FileGen,
                        setup=SETUP, funcs=FUNCS, programs=40, per_program=30)


if __name__ == "__main__":
    sys.exit(main())
