#!/usr/bin/env python3
"""Random programs for the sound, device, event and environment statements, run through
gwrun and PC-BASIC 2.0.8.

exprgen.py's sibling, as filegen.py is: the same seeded programs of one random statement a
line under ON ERROR (the handler prints ERR and ERL and RESUMEs NEXT), the same runner,
cache, cause key and report (exprgen.main with this tool's families).  Three setup lines
jump over an event subroutine (line 21 prints `<ev>` and RETURNs), so that every ON ...
GOSUB has a line to go to.  Operands are drawn valid and malformed: missing and extra
arguments, strings where numbers go, and the boundaries -1, 0, 255, 256, 32767, 32768,
65535.  The families:

  sound    SOUND (frequencies 0 to 32768, durations that end at once or are refused),
           BEEP, PLAY with short notes, MB/MF, malformed strings and the X substring;
           PLAY(n)
  stick    STICK(n), STRIG(n), STRIG ON/OFF, STRIG(n) ON/OFF/STOP, PEN(n), PEN ON/OFF/STOP
  key      KEY n,"..." (n 0 to 32768, long strings), KEY ON/OFF/LIST, KEY(n) ON/OFF/STOP
  event    ON KEY(n)/TIMER(n)/PLAY(n)/STRIG(n)/PEN/COM(n) GOSUB with the event's
           ON/OFF/STOP; a timer's interval is long enough never to fire while a program
           runs, and no key is pressed, so an event is only armed
  environ  ENVIRON "NAME=value" (set, cleared, malformed) and ENVIRON$ of the names set,
           and of numbers that name no host variable (0, -1, 256, 32768)
  port     INP(n) of the ports both model alike (none is read for its value: its type and
           errors are), OUT of harmless ports, WAIT only with operands refused before
           it waits
  dev      ERDEV, ERDEV$, IOCTL and IOCTL$ of open and closed numbers, LPOS(n), LPRINT USING
           refused before it prints (PC-BASIC spools the printer to the host's `lpr`),
           TIMER (never printed: compared with 0)

Nothing waits: no WAIT on a port, no foreground note longer than a tick or two, no timer
that can fire.

Usage
  python3 tools/differential/devgen.py [--seed N] [--programs N] [--lines N]
          [--only FAMILY,...] [--gwrun PATH] [-j N] [--out DIR] [--list]
  (exprgen.py's options; the defaults are 30 programs of 30 statements and the folder
  /tmp/gwrun-devgen)

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Ninth round") triages the
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

SETUP = ["GOTO 22", 'PRINT "<ev>";:RETURN', 'N=1:N%=1:V$="A":D$="":PLAY "MF"']
SUB = "21"

EDGE = ["-1", "0", "1", "2", "255", "256", "32767", "32768", "65535", "65536", "1.5",
        '"A"', "N", "N%", "V$", "-32768", "-32769"]
SMALL = ["0", "1", "2", "3", "4", "-1", "5", "7", "8", "10", "11", "14", "15", "20", "21",
         "255", "256", "1.5", '"1"', "N%"]


class DevGen(exprgen.Gen):
    def edge(self) -> str:
        return self.pick(EDGE)

    def small(self) -> str:
        return self.pick(SMALL)

    def args(self, good: list[str], bad_rate: float = 0.3) -> str:
        """A list of operands, sometimes one too few, one too many, or empty."""
        xs = list(good)
        k = self.r.random()
        if k < bad_rate / 3:
            xs = xs[:-1]
        elif k < 2 * bad_rate / 3:
            xs = xs + [self.edge()]
        elif k < bad_rate:
            xs[self.r.randrange(len(xs))] = ""
        return ",".join(xs)

    # the families -------------------------------------------------------------

    def sound(self) -> str:
        k = self.r.randint(0, 6)
        if k <= 1:
            freq = self.pick(["37", "36", "440", "32767", "32768", "0", "-1", "1000", "65535",
                              "N", '"A"', "1.5", "36.5", "37.5"])
            dur = self.pick(["0", "0", "1", ".5", "-1", "65536", "70000", '"A"', "2",
                             "-.5", "1E+10"])
            return f"SOUND {self.args([freq, dur])}"
        if k == 2:
            return self.pick(["BEEP", "BEEP", "BEEP 1", "BEEP ON", "BEEP OFF", "BEEP,"])
        if k <= 4:
            bits = ["MF", "MB", "MN", "ML", "MS", "L64", "T255", "T32", "T31", "T256", "O0",
                    "O6", "O7", "O-1", "L0", "L65", "P64", "C", "D#", "E-", "F+", "N0",
                    "N84", "N85", "<", ">", "C64", "A.", "Q", "X", "Z", "V8", "=N%;", "L",
                    "1", " ", ";", "MBL64CDE", "X" + "V$;"]
            # a note only at the fastest length, so no note waits long
            body = "".join(self.pick(bits) for _ in range(self.r.randint(1, 4)))
            arg = self.pick([f'"T255L64{body}"', f'"T255L64{body}"', f'"{body}"', "V$",
                             "D$", '""', "1", f'"T255L64"+"{body}"'])
            if "L" not in arg and "T255" not in arg and re.search(r"[A-G]", arg):
                arg = f'"T255L64"+{arg}'
            return f"PLAY {arg}"
        if k == 5:
            return f"PRINT PLAY({self.small()})"
        return f"PRINT PLAY({self.args([self.small()])})"

    def stick(self) -> str:
        k = self.r.randint(0, 5)
        if k == 0:
            return f"PRINT STICK({self.args([self.small()], 0.2)})"
        if k == 1:
            return f"PRINT STRIG({self.args([self.small()], 0.2)})"
        if k == 2:
            return self.pick(["STRIG ON", "STRIG OFF", "STRIG", "STRIG STOP"])
        if k == 3:
            return f"STRIG({self.small()}) {self.pick(['ON', 'OFF', 'STOP', ''])}"
        if k == 4:
            return f"PRINT PEN({self.args([self.pick(SMALL[:12])], 0.2)})"
        return self.pick(["PEN ON", "PEN OFF", "PEN STOP", "PEN", "PEN(0) ON"])

    def key(self) -> str:
        k = self.r.randint(0, 4)
        if k <= 1:
            s = self.pick(['"abc"', '""', '"LIST"+CHR$(13)', 'STRING$(16,"k")',
                           'STRING$(20,"q")', "V$", "1", 'CHR$(0)+CHR$(59)',
                           'CHR$(128)+CHR$(72)', 'CHR$(0)+CHR$(0)', '"x"'])
            return f"KEY {self.args([self.small(), s])}"
        if k == 2:
            return self.pick(["KEY ON", "KEY OFF", "KEY LIST", "KEY", "KEY 1", "KEY ON,1"])
        if k == 3:
            return f"KEY({self.small()}) {self.pick(['ON', 'OFF', 'STOP', '', 'LIST'])}"
        return f'KEY {self.small()},"z{self.r.randint(0, 9)}":KEY LIST'

    def event(self) -> str:
        k = self.r.randint(0, 5)
        act = self.pick(["ON", "OFF", "STOP", "ON", ""])
        line = self.pick([SUB, SUB, SUB, "0", "99", "65535", "65536", "-1"])
        if k == 0:
            n = self.small()
            return f"ON KEY({n}) GOSUB {line}:KEY({n}) {act}"
        if k == 1:
            ivl = self.pick(["86400", "86401", "0", "-1", "3600", "1E+10", '"A"', "N%",
                             "65535", "32768"])
            if act == "ON" and ivl == "N%":
                act = "OFF"
            return f"ON TIMER({ivl}) GOSUB {line}:TIMER {act}"
        if k == 2:
            n = self.pick(["1", "32", "0", "-1", "256", "255", "33", "N%"])
            return f"ON PLAY({n}) GOSUB {line}:PLAY {act}"
        if k == 3:
            n = self.pick(["0", "2", "4", "6", "1", "3", "8", "-1", "256"])
            return f"ON STRIG({n}) GOSUB {line}:STRIG({n}) {act}"
        if k == 4:
            return f"ON PEN GOSUB {line}:PEN {act}"
        n = self.pick(["1", "2", "0", "3", "-1", "256"])
        return f"ON COM({n}) GOSUB {line}:COM({n}) {act}"

    def environ(self) -> str:
        k = self.r.randint(0, 4)
        name = self.pick(["GWX", "gwx", "GWY", "", "GW X", "=", "GWX=", "PATH1"])
        val = self.pick(["1", "", "abc", "a=b", " x", ";"])
        if k <= 1:
            sep = self.pick(["=", "=", " ", ""])
            return f'ENVIRON "{name}{sep}{val}":PRINT "<";ENVIRON$("{name}");">"'
        if k == 2:
            arg = self.pick(['"GWX"', '"gwx"', '""', '"GWZ"', "V$"])
            return f'PRINT "<";ENVIRON$({arg});">"'
        if k == 3:
            n = self.pick(["0", "-1", "256", "32768", "1.5E+5", "N%-1"])
            return f"PRINT LEN(ENVIRON$({n}))"
        return self.pick(["ENVIRON", "ENVIRON 1", 'ENVIRON "GWX=1","GWY=2"',
                          'PRINT ENVIRON$()', 'PRINT ENVIRON$("GWX","Y")',
                          f'ENVIRON STRING$({self.pick(["250", "255", "256"])},"E")+"=1"'])

    def port(self) -> str:
        k = self.r.randint(0, 3)
        if k == 0:
            p = self.pick(["-1", "65536", "65535.5", '"A"', "-32769", "1E+10"])
            return f"X=INP({p})"
        if k == 1:
            p = self.pick(["-1", "65536", '"A"', "1E+10", "-32769"])
            return f"OUT {self.args([p, self.pick(['0', '255', '256', '-1', '1'])], 0.2)}"
        if k == 2:
            v = self.pick(["0", "255", "256", "-1", '"A"', "1.5"])
            return f"OUT &H3FF,{v}"
        ops = self.pick(["-1,1", "65536,1", "1", "1,256", '1,"A"', "1,-1", "1,1,256",
                         "1,1,-1", "", '"A",1'])
        return f"WAIT {ops}"

    def dev(self) -> str:
        k = self.r.randint(0, 6)
        if k == 0:
            return self.pick(["PRINT ERDEV;LEN(ERDEV$)", "ERDEV=1", "PRINT ERDEV(1)",
                              'ERDEV$="A"', "X%=ERDEV:PRINT X%"])
        if k == 1:
            n = self.pick(["1", "2", "0", "-1", "256", "#1"])
            op = self.pick(['"R"', '""', "1"])
            pre = self.pick(["", "", 'OPEN "O",1,"A.TXT":', 'OPEN "SCRN:" FOR OUTPUT AS 1:',
                             'OPEN "KYBD:" FOR INPUT AS 1:'])
            return f"{pre}IOCTL {n},{op}:CLOSE"
        if k == 2:
            n = self.pick(["1", "2", "0", "-1", "256", "#1"])
            pre = self.pick(["", "", 'OPEN "O",1,"A.TXT":', 'OPEN "SCRN:" FOR OUTPUT AS 1:'])
            return f'{pre}PRINT "<";IOCTL$({n});">":CLOSE'
        if k == 3:
            n = self.pick(["0", "1", "2", "3", "4", "-1", "1.5"])
            return f"PRINT LPOS({self.args([n], 0.2)})"
        if k == 4:
            return self.pick(["PRINT LPOS(0)", "LPRINT USING", "LPRINT USING 5;1",
                              'LPRINT USING "##"', "LPRINT USING ;"])
        if k == 5:
            return self.pick(["X=TIMER:PRINT X>=0;X<86400", "TIMER=5", "X=TIMER(1)",
                              "PRINT TIMER$", "X#=TIMER:PRINT X#>=0"])
        return self.pick(["X=FRE(0):PRINT X>0", "PRINT CSRLIN;POS(0)", 'X$=DATE$:PRINT LEN(X$)',
                          "PRINT LEN(TIME$)"])


FAMILIES = {"sound": (DevGen.sound, 3), "stick": (DevGen.stick, 2), "key": (DevGen.key, 2),
            "event": (DevGen.event, 3), "environ": (DevGen.environ, 2),
            "port": (DevGen.port, 2), "dev": (DevGen.dev, 2)}

FUNCS = re.compile(r"\bSOUND\b|\bBEEP\b|PLAY\(|\bPLAY\b|STICK|STRIG|\bPEN\b|ON KEY|"
                   r"ON TIMER|ON PLAY|ON STRIG|ON PEN|ON COM|KEY\(|\bKEY\b|ENVIRON\$|"
                   r"\bENVIRON\b|\bINP\b|\bOUT\b|\bWAIT\b|ERDEV\$|ERDEV|IOCTL\$|IOCTL|LPOS|"
                   r"LPRINT|TIMER")


NOTICE = re.compile(rb"^\[[\d:.]+\] WARNING: [^\r\n]*(not implemented|I/O error on stream "
                    rb"access)[^\r\n]*\r?\n?", re.M)
NORMALISE = difftest.normalise


def normalise(raw: bytes) -> str:
    """difftest's normalising, without PC-BASIC's notices on stderr that a statement is
    not implemented or that its printer stream (the host's `lpr`) failed."""
    return NORMALISE(NOTICE.sub(b"", raw))


difftest.normalise = normalise


def main() -> int:
    return exprgen.main(tool="devgen", doc=__doc__, table=FAMILIES, gen_class=DevGen,
                        setup=SETUP, funcs=FUNCS, programs=30, per_program=30)


if __name__ == "__main__":
    sys.exit(main())
