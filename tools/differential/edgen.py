#!/usr/bin/env python3
"""Random direct-mode sessions (program editing), run through gwrun and PC-BASIC 2.0.8.

exprgen.py and its siblings write programs; this one types.  From a seed it draws
sessions of typed lines, fed to each interpreter as the keyboard the way the real-GW
editor models are (`--keys=...` with PC-BASIC's escapes: `\\r` Enter, `\\x03` Ctrl-C;
stdin an empty regular file, so that PC-BASIC's `--interface=none` counts itself a console
program, prints to stdout and quits when the keys run out), in a fresh folder holding two
ASCII programs (A1.BAS, four numbered lines; D1.BAS, a line without a number).  A session
mixes, in any order:

  lines    program lines typed with odd spacing (leading blanks, none after the number,
           leading zeros, lower case), replacing lines, a bare number (deleting a line,
           present or not), blank lines, numbers 0, 65529, 65530, 65535, 65536, 99999, and
           lines longer than 255 bytes; their statements jump only forwards (GOTO,
           GOSUB, IF THEN ELSE, ON GOTO, RESTORE, ON ERROR and RESUME to a line, ERROR,
           ERL, STOP, END), so no run loops
  list     LIST ranges written to a file (`LIST 10-,"L3"`, `-20`, `.`, `.-`, reversed,
           `10,20`, missing and out-of-range numbers, a stray word after them)
  delete   DELETE ranges (missing lines, reversed, `.`, `-n`, `n-`, bare)
  renum    RENUM new,old,step (omitted parts, collisions, step 0, numbers past 65529),
           with references to lines that do not exist
  auto     AUTO with start and step, `.`, `,step`; a few lines typed after the prompt
           (an Enter alone among them), stopped with Ctrl-C as GW stops it
  run      RUN, RUN n, GOTO n, CONT (after a STOP, an END, an edit, an error), STOP and
           END typed, PRINT of a variable
  edit     EDIT n (present, missing, `.`) re-entered with Enter
  files    SAVE "S1" (tokenised), SAVE "S1",A, LOAD and MERGE of the saved files and of
           A1.BAS and D1.BAS, LOAD of a missing file, RUN "S1"
  state    NEW, CLEAR, CLEAR with operands

Every session ends with Ctrl-C (leaving AUTO if it is on), `SAVE "Z",A` and SYSTEM.

What is compared.  The console echo is not: PC-BASIC echoes AUTO's prompts and Ctrl-C
differently from GW (docs/fidelity-audit.md, "Seventh round, mutants"), and no model
records the screen of such a session line by line.  Compared are

  - every file the session wrote (Z.BAS, the saved programs, the LIST files), byte for
    byte: the program text after every edit, the ranges LIST chose, the tokenised bytes;
  - the events of the printed output: each line that is one of GW's error messages
    (with its ` in N`), RENUM's `Undefined line N in M`, `Break in N`, and the program's
    own output (every PRINT in a drawn program prints a line starting with `@`), each
    attributed to the typed line whose echo came last before it (the echo is matched by
    its text, so an AUTO prompt in front of it does not matter).

The events are compared typed line by typed line.  A session's first difference (the
first typed line whose events differ, or a file when every line's events agree) is its
cause, grouped by the command typed and the two lists of events, or by the file and its
first differing line.  Later differences are counted, not grouped: an edit that went one
way on one side changes every later LIST, and a difference can stay silent (a `.` or an
AUTO start that differs shows only in a later command), so each group is a lead to the
session's first divergence, found by replaying its keys (DIR/sessions/NAME.keys).

Usage
  python3 tools/differential/edgen.py [--seed N] [--sessions N] [--lines N]
          [--gwrun PATH] [-j N] [--out DIR] [--list]
  --seed      the seed (default 1): the same seed types the same sessions
  --sessions  how many sessions (default 40)
  --lines     typed commands a session (default 30; AUTO's lines come on top)
  --out       report.txt, report.json, the sessions' keys and PC-BASIC's cache
              (default /tmp/gwrun-edgen)
  --list      write the sessions to DIR/sessions and exit, running nothing
  -j N        sessions run in parallel (default 2)

A difference is a lead, not a verdict: docs/fidelity-audit.md ("Twelfth round: random
direct-mode sessions") triages the groups against Microsoft's source and the real-GW
models.  Only the Python 3.11 standard library and the `pcbasic` command are needed.  Not
run by `cargo test`.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TIMEOUT = 10

INPUTS = {
    "A1.BAS": "5 PRINT \"@a5\"\r\n15 PRINT \"@a15\":GOTO 35\r\n25 PRINT \"@a25\"\r\n"
              "35 PRINT \"@a35\"\r\n\x1a",
    "D1.BAS": "7 PRINT \"@d7\"\r\nPRINT \"@d\"\r\n9 PRINT \"@d9\"\r\n\x1a",
}

MESSAGES = [
    "NEXT without FOR", "Syntax error", "RETURN without GOSUB", "Out of DATA",
    "Illegal function call", "Overflow", "Out of memory", "Undefined line number",
    "Subscript out of range", "Duplicate Definition", "Division by zero", "Illegal direct",
    "Type mismatch", "Out of string space", "String too long", "String formula too complex",
    "Can't continue", "Undefined user function", "No RESUME", "RESUME without error",
    "Missing operand", "Line buffer overflow", "FOR without NEXT", "WHILE without WEND",
    "WEND without WHILE", "FIELD overflow", "Internal error", "Bad file number",
    "File not found", "Bad file mode", "File already open", "Device I/O error",
    "File already exists", "Disk full", "Input past end", "Bad record number",
    "Bad file name", "Direct statement in file", "Too many files", "Device Unavailable",
    "Permission Denied", "Path/File access error", "Path not found", "Unprintable error",
]
EVENT = re.compile(r"^(?:(?:%s)(?: in \d+)?|Undefined line \d+ in \d+|Break in \d+|@.*)$"
                   % "|".join(re.escape(m) for m in MESSAGES))

NUMS = [0, 1, 5, 10, 10, 15, 20, 20, 25, 30, 30, 40, 50, 60, 70, 80, 100, 200, 1000,
        65529, 65529]
ODD_NUMS = [65530, 65535, 65536, 99999]


class Gen:
    """One session's typed lines, with a rough model of the program's line numbers so
    that most commands name lines that exist."""

    def __init__(self, rng: random.Random):
        self.r = rng
        self.lines: set[int] = set()
        self.files = 0
        self.tag = 0
        self.saved: list[str] = []

    def pick(self, xs):
        return self.r.choice(xs)

    def num(self, existing: float = 0.6) -> int:
        if self.lines and self.r.random() < existing:
            return self.pick(sorted(self.lines))
        if self.r.random() < 0.08:
            return self.pick(ODD_NUMS)
        if self.r.random() < 0.5:
            return self.pick(NUMS)
        return self.r.randint(0, 120)

    def target(self, n: int) -> int:
        """A forward line: one that exists after n, or a missing one."""
        after = [x for x in self.lines if x > n]
        if after and self.r.random() < 0.7:
            return self.pick(after)
        return min(65529, n + self.r.randint(1, 40))

    def stmt(self, n: int) -> str:
        self.tag += 1
        t = self.tag
        c = self.r.randint(0, 21)
        if c <= 5:
            return self.pick([f'PRINT "@{t}"', f'?"@{t}"', f'print "@{t}"', f'PRINT"@{t}"'])
        if c == 6:
            return f"GOTO {self.target(n)}"
        if c == 7:
            return f"GOSUB {self.target(n)}"
        if c == 8:
            return 'RETURN'
        if c == 9:
            return f"IF X THEN {self.target(n)} ELSE {self.target(n)}"
        if c == 10:
            return f"ON X+1 GOTO {self.target(n)},{self.target(n)}"
        if c == 11:
            return f'RESTORE {self.target(n)}:READ A:PRINT "@";A'
        if c == 12:
            return f"DATA {self.r.randint(0, 99)},{self.r.randint(0, 9)}"
        if c == 13:
            return f"ON ERROR GOTO {self.target(n)}"
        if c == 14:
            return self.pick(["RESUME NEXT", f"RESUME {self.target(n)}"])
        if c == 15:
            return self.pick(['PRINT "@";ERL;ERR', 'IF ERL THEN PRINT "@E";ERL'])
        if c == 16:
            return self.pick(["ERROR 5", "ERROR 11", "X=1/0:PRINT \"@\";X", "GOTO 65530"])
        if c == 17:
            return self.pick(["STOP", "END", "STOP", f'STOP:PRINT "@{t}"'])
        if c == 18:
            return f"X=X+1:PRINT \"@{t}\";X"
        if c == 19:
            return "REM " + "x" * self.pick([10, 240, 260, 300])
        if c == 20:
            return f'PRINT "@{t}" \'' + "y" * self.pick([5, 250])
        return f"GOSUB {self.target(n)}:PRINT \"@{t}\""

    def number_text(self, n: int) -> str:
        s = str(n)
        k = self.r.random()
        if k < 0.1:
            s = "00" + s
        lead = self.pick(["", "", "", " ", "  "])
        return lead + s

    def typed_line(self) -> str:
        n = self.num(0.35)
        k = self.r.random()
        if k < 0.12:
            # a bare number: deletes the line (Undefined line number when missing)
            self.lines.discard(n)
            return self.number_text(n) + self.pick(["", "", " "])
        body = self.stmt(n)
        sep = self.pick([" ", " ", " ", "", "   "])
        if n <= 65529:
            self.lines.add(n)
        return self.number_text(n) + sep + body

    def rng_text(self) -> str:
        """A LIST or DELETE range."""
        a, b = self.num(), self.num()
        return self.pick([f"{a}", f"{a}-", f"-{b}", f"{a}-{b}", f"{b}-{a}", ".", ".-",
                          "-.", f".-{b}", f"{a}-.", f"{a},{b}", f"{a} - {b}", f"{a}-{b}-",
                          f"{a} YEAH", ""])

    def command(self, fam: str) -> list[str]:
        r = self.r
        if fam == "lines":
            if r.random() < 0.08:
                return [self.pick(["", " ", "   "])]
            return [self.typed_line()]
        if fam == "list":
            self.files += 1
            k = self.files
            rng = self.rng_text()
            if r.random() < 0.15:
                return [f"LIST {rng}"]
            sep = "," if rng else ""
            return [f'LIST {rng}{sep}"L{k}"']
        if fam == "delete":
            rng = self.rng_text()
            if rng and "," not in rng and "YEAH" not in rng:
                m = re.fullmatch(r"(\d*)-(\d*)", rng.replace(" ", ""))
                if m:
                    lo = int(m.group(1) or 0)
                    hi = int(m.group(2) or 65535)
                    self.lines = {x for x in self.lines if not lo <= x <= hi}
                elif rng.isdigit():
                    self.lines.discard(int(rng))
            return [f"DELETE {rng}".rstrip()]
        if fam == "renum":
            new = self.pick(["", "", "10", "100", "5", "1", "0", "65529", "65000",
                             str(self.num())])
            old = self.pick(["", "", "", str(self.num()), "65530"])
            step = self.pick(["", "", "10", "1", "5", "0", "1000", "30000", "65535"])
            parts = [new, old, step]
            while parts and not parts[-1]:
                parts.pop()
            newn, oldn = int(new or 10), int(old or 0)
            stepn = int(step or 10) or 10
            keep = sorted(x for x in self.lines if x < oldn)
            moved = sorted(x for x in self.lines if x >= oldn)
            self.lines = set(keep) | {newn + i * stepn for i in range(len(moved))
                                      if newn + i * stepn <= 65529}
            return ["RENUM " + ",".join(parts) if parts else "RENUM"]
        if fam == "auto":
            start = self.pick(["", "10", "100", ".", "65529", "65520", str(self.num()), "0"])
            step = self.pick(["", "", ",5", ",1", ",", ",0", ",20000"])
            out = [f"AUTO {start}{step}".rstrip()]
            n = int(start) if start.isdigit() else 10
            st = int(step[1:]) if step[1:].isdigit() else 10
            for _ in range(r.randint(0, 4)):
                if r.random() < 0.2:
                    out.append("")
                else:
                    out.append(self.stmt(n))
                    self.lines.add(n)
                n += st or 10
            out.append("\x03")
            return out
        if fam == "run":
            n = self.num()
            return [self.pick(["RUN", "RUN", f"RUN {n}", f"GOTO {n}", "CONT", "CONT",
                               "STOP", "END", 'PRINT "@";X', "X=5", f"RUN {n} X"])]
        if fam == "edit":
            return [self.pick([f"EDIT {self.num(0.8)}", "EDIT .", "EDIT"]), ""]
        if fam == "files":
            name = self.pick(["S1", "S2"])
            k = r.random()
            if k < 0.35 or not self.saved:
                self.saved.append(name)
                return [self.pick([f'SAVE "{name}"', f'SAVE "{name}",A', f'SAVE "{name}",a',
                                   f'SAVE "{name}", A'])]
            src = self.pick(self.saved + ["A1", "D1", "A1", "NONE"])
            verb = self.pick(["LOAD", "MERGE", "MERGE", "RUN", "LOAD"])
            tail = self.pick(["", "", ",R"]) if verb in ("LOAD", "RUN") else ""
            if verb == "LOAD" or verb == "RUN":
                self.lines = set()
            return [f'{verb} "{src}"{tail}']
        if fam == "state":
            if r.random() < 0.3:
                self.lines = set()
                return ["NEW"]
            return [self.pick(["CLEAR", "CLEAR ,,512", "CLEAR 1000", "CLEAR ,40000"])]
        raise ValueError(fam)


FAMILIES = {"lines": 10, "list": 3, "delete": 2, "renum": 2, "auto": 2, "run": 3,
            "edit": 1, "files": 2, "state": 1}


def draw(seed: int, index: int, commands: int) -> tuple[list[str], list[str]]:
    """Session `index` of the seed: its typed lines and the family of each."""
    rng = random.Random(f"edgen/{seed}/{index}")
    gen = Gen(rng)
    pool = [f for f, w in FAMILIES.items() for _ in range(w)]
    typed, fams = [], []
    # a session starts on an empty program: a dot or a range means nothing yet
    if rng.random() < 0.3:
        typed.append(rng.choice(["LIST .", 'LIST .,"L0"', "DELETE .", "EDIT .", "AUTO ."]))
        fams.append("empty")
        if typed[-1] == "AUTO .":
            typed.append("\x03")
            fams.append("empty")
        elif typed[-1] == "EDIT .":
            typed.append("")
            fams.append("empty")
    while len([f for f in fams if f != "more"]) < commands:
        fam = rng.choice(pool)
        for i, line in enumerate(gen.command(fam)):
            typed.append(line)
            fams.append(fam if i == 0 else "more")
    typed += ["\x03", 'SAVE "Z",A', "SYSTEM"]
    fams += ["end", "end", "end"]
    return typed, fams


def keys_arg(typed: list[str]) -> str:
    """The typed lines as PC-BASIC's keys= text: Enter after each, Ctrl-C alone."""
    out = []
    for t in typed:
        if t == "\x03":
            out.append("\\x03")
        else:
            out.append(t.replace("\\", "\\\\") + "\\r")
    return "".join(out)


def run_in(argv: list[str], folder: Path) -> dict:
    """Run one interpreter in a folder (stdin an empty file); its output and files."""
    for name, text in INPUTS.items():
        (folder / name).write_bytes(text.encode("latin-1"))
    with tempfile.TemporaryFile() as stdin:
        proc = subprocess.Popen(argv, cwd=folder, stdin=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            out, _ = proc.communicate(timeout=TIMEOUT)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
            timed_out = True
    files = {}
    for p in sorted(folder.iterdir()):
        if p.is_file() and p.name.upper() not in INPUTS:
            files[p.name.upper()] = base64.b64encode(p.read_bytes()).decode()
    return {"out": base64.b64encode(out).decode(), "files": files, "timed_out": timed_out}


def escape_keys(text: str) -> str:
    """Typed text as PC-BASIC's keys= text: a backslash doubled, Enter as backslash-r,
    printable ASCII as is, any other character as backslash-x and two hex digits
    (keygen.py and tokgen.py)."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == "\r":
            out.append("\\r")
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.append("\\x%02x" % ord(ch))
    return "".join(out)


def run_keys(keys: str, gwrun: str, who: str, out: Path, tool: str) -> dict:
    """One keys= text typed into gwrun or PC-BASIC (`who`) in a fresh folder; PC-BASIC's
    result cached under `out` by the keys' hash and the tool's name (keygen.py and
    tokgen.py)."""
    if who == "pcbasic":
        h = hashlib.sha1(json.dumps([keys, tool, INPUTS]).encode()).hexdigest()
        cache = out / "pcbasic-cache" / f"{h}.json"
        if cache.exists():
            return json.loads(cache.read_text())
        argv = ["pcbasic", "--interface=none", f"--keys={keys}"]
    else:
        argv = [gwrun, f"--keys={keys}"]
    with tempfile.TemporaryDirectory(prefix=f"{tool}-") as d:
        res = run_in(argv, Path(d))
    if who == "pcbasic":
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(res))
    return res


def run_session(typed: list[str], gwrun: str, who: str, out: Path) -> dict:
    keys = keys_arg(typed)
    if who == "pcbasic":
        h = hashlib.sha1(json.dumps([keys, INPUTS]).encode()).hexdigest()
        cache = out / "pcbasic-cache" / f"{h}.json"
        if cache.exists():
            return json.loads(cache.read_text())
        argv = ["pcbasic", "--interface=none", f"--keys={keys}"]
    else:
        argv = [gwrun, f"--keys={keys}"]
    with tempfile.TemporaryDirectory(prefix="edgen-") as d:
        res = run_in(argv, Path(d))
    if who == "pcbasic":
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(res))
    return res


def events(res: dict, typed: list[str]) -> list[tuple[int, str]]:
    """The output's events, each with the index of the typed line it followed."""
    text = base64.b64decode(res["out"]).decode("latin-1")
    text = text.replace("\xff", "").replace("\r", "")
    shown = [t.strip() if t.isprintable() else "" for t in typed]
    ptr, last, evs = 0, -1, []
    for line in logical_lines(text):
        s = line.strip()
        # the next typed line whose echo this is (a line not echoed is passed over)
        # the next four typed lines with text (Enter alone and Ctrl-C echo nothing)
        window = [i for i in range(ptr, len(typed)) if shown[i]][:4]
        ahead = [i for i in window if s.endswith(shown[i])]
        if s and ahead and not s.startswith("@"):
            last = ahead[0]
            ptr = last + 1
            continue
        if EVENT.match(s):
            evs.append((last, s))
    if res.get("timed_out"):
        evs.append((last, "(timed out)"))
    return evs


def logical_lines(text: str) -> list[str]:
    """The output's lines, with gwrun's 80-column rows of one logical line joined again
    (its screen cuts a long echo into rows; PC-BASIC's stream does not)."""
    out, cur = [], ""
    for row in text.split("\n"):
        cur += row
        if len(row) != 80:
            out.append(cur)
            cur = ""
    if cur:
        out.append(cur)
    return out


def compare(typed: list[str], g: dict, p: dict) -> list[dict]:
    """Every difference of one session, first the events', then the files'."""
    diffs = []
    ge, pe = defaultdict(list), defaultdict(list)
    for at, ev in events(g, typed):
        ge[at].append(ev)
    for at, ev in events(p, typed):
        pe[at].append(ev)
    for at in sorted(set(ge) | set(pe)):
        if ge[at] != pe[at]:
            diffs.append({"what": "event", "at": at,
                          "typed": typed[at] if at >= 0 else "(start)",
                          "gwrun": " / ".join(ge[at]) or "(none)",
                          "pcbasic": " / ".join(pe[at]) or "(none)"})
    names = sorted(set(g["files"]) | set(p["files"]))
    for n in names:
        a, b = g["files"].get(n), p["files"].get(n)
        if a == b:
            continue
        ta = base64.b64decode(a).decode("latin-1") if a else None
        tb = base64.b64decode(b).decode("latin-1") if b else None
        if ta is None or tb is None:
            ga, gb = ("(no file)" if ta is None else first_line_apart(ta, "")[0],
                      "(no file)" if tb is None else first_line_apart("", tb)[1])
        else:
            ga, gb = first_line_apart(ta, tb)
        diffs.append({"what": "file", "file": n, "gwrun": ga, "pcbasic": gb})
    return diffs


def first_line_apart(a: str, b: str) -> tuple[str, str]:
    la, lb = a.split("\r\n"), b.split("\r\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "(end)"
        y = lb[i] if i < len(lb) else "(end)"
        if x != y:
            return repr(x)[:100], repr(y)[:100]
    return repr(a[-40:]), repr(b[-40:])


def verb(line: str) -> str:
    s = line.strip().upper()
    if s == "\x03":
        return "Ctrl-C"
    if not s:
        return "(Enter)"
    m = re.match(r"\d+", s)
    if m:
        return "line" if s[m.end():].strip() else "bare number"
    m = re.match(r"[A-Z?]+", s)
    return m.group(0) if m else s[:6]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sessions", type=int, default=40)
    ap.add_argument("--lines", type=int, default=30)
    ap.add_argument("--gwrun", default=str(ROOT / "target/release/gwrun"))
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "gwrun-edgen"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    out = Path(args.out)
    (out / "sessions").mkdir(parents=True, exist_ok=True)
    sessions = []
    for i in range(args.sessions):
        typed, fams = draw(args.seed, i, args.lines)
        name = f"seed{args.seed}_s{i:03}"
        sessions.append((name, typed, fams))
        (out / "sessions" / f"{name}.keys").write_text(keys_arg(typed) + "\n")
    if args.list:
        print(f"{len(sessions)} sessions: {out / 'sessions'}")
        return 0
    if not shutil.which("pcbasic"):
        sys.exit("edgen: the pcbasic command (pip install pcbasic==2.0.8) is needed")
    gwrun = os.path.abspath(args.gwrun)
    if not os.path.exists(gwrun):
        sys.exit(f"edgen: no gwrun binary at {gwrun} (cargo build --release)")

    def one(s):
        name, typed, fams = s
        g = run_session(typed, gwrun, "gwrun", out)
        p = run_session(typed, gwrun, "pcbasic", out)
        return name, typed, compare(typed, g, p)

    with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
        results = list(pool.map(one, sessions))
    groups: dict[str, list[dict]] = defaultdict(list)
    later = 0
    for name, typed, diffs in results:
        if not diffs:
            continue
        d = diffs[0]
        later += len(diffs) - 1
        if d["what"] == "event":
            key = f"event | {verb(d['typed'])} | {d['gwrun']} vs {d['pcbasic']}"
        else:
            key = f"file | {d['file'][0]} | {d['gwrun'][:40]} vs {d['pcbasic'][:40]}"
        groups[key].append(dict(d, session=name))
    differing = sum(len(v) for v in groups.values())
    lines = [f"edgen seed {args.seed}: {differing} of {len(sessions)} sessions differ "
             f"in {len(groups)} groups ({later} later differences)"]
    for key, ds in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"== {key}: {len(ds)}")
        for d in ds[:6]:
            where = f"typed {d['typed']!r}" if d["what"] == "event" else f"file {d['file']}"
            lines.append(f"  [{d['session']}] {where}")
            lines.append(f"      gwrun:   {d['gwrun']}")
            lines.append(f"      pcbasic: {d['pcbasic']}")
    (out / "report.txt").write_text("\n".join(lines) + "\n")
    (out / "report.json").write_text(json.dumps({k: v for k, v in groups.items()}, indent=1))
    print(lines[0])
    print(f"report: {out / 'report.txt'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
