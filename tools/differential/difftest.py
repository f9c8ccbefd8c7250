#!/usr/bin/env python3
"""Differential testing of gwrun against PC-BASIC 2.0.8, statement by statement.

forms.txt (beside this script) lists, per section, the forms of GW-BASIC statements and
functions with their argument slots marked.  From each form this script derives the
variants a real program may contain -- the form itself, each slot omitted, each slot of
the wrong type, numeric slots at boundary values, the argument list cut short after each
slot, one argument too many, a separating comma dropped, a stray token at the end -- and
writes one program per section in which every variant is a line of its own, preceded by a
marker line, under ON ERROR GOTO with a handler that prints ERR and ERL and RESUMEs NEXT.
Each program is run through gwrun and through PC-BASIC (`--interface=none`), the two
outputs are cut at the markers, and every variant whose output differs is listed.

Usage
  python3 tools/differential/difftest.py [--gwrun PATH] [--only REGEX] [-j N]
          [--out DIR] [--list]
  --gwrun   the gwrun binary (default target/release/gwrun)
  --only    run the sections whose name matches REGEX (case-insensitive)
  --out     where the report (report.txt, report.json) and the programs go
            (default /tmp/gwrun-difftest)
  --list    print the generated programs' sizes and exit, running nothing
  -j N      sections run in parallel (default 2; each section runs both interpreters)
PC-BASIC's runs are cached in DIR/pcbasic-cache by program text, so a second run after a
change to gwrun takes seconds.  When either interpreter stops before a section's end (a
crash, a hang past the time limit, an untrapped error), the variants after the one it
stopped in run again as a new program, so one stop hides nothing after it.

The report groups the differing variants by section: the variant, then what gwrun and
PC-BASIC printed for it.  A difference is a lead, not a verdict: PC-BASIC is not the
authority (docs/fidelity-audit.md triages them against Microsoft's source and the real-GW
models).  gwrun runs with --pcbasic-math so that the last bit of SIN, LOG and friends,
where the two differ by design (docs/numbers.md), does not swamp the report.

Spec format (forms.txt)
  [NAME]              starts a section (one program)
  input: a|b|c        keyboard lines for the section's program (CR LF each)
  setup: STATEMENTS   a line run once after ON ERROR (repeatable)
  reset: STATEMENTS   put in every marker line, before ON ERROR is set again (state the
                      variants may change)
  split: yes          every variant is a program of its own (statements that end or
                      replace the program: RUN, NEW, LOAD, CHAIN, ...)
  at N: STATEMENTS    a fixed program line N (subroutine targets; N >= 50000)
  = TEXT              a literal variant, no mutations
  battery: F G ...    for each function named, PRINT F with the same argument forms
                      (none, unclosed, wrong type, edges, #1, too many)
  statements: S T ... for each statement keyword named, the same operand forms after it
                      (none, a number, a string, a string variable, two and three
                      numbers, a keyword after the operand, a lone or trailing comma,
                      a parenthesis, out-of-range numbers), as the real-GW suite's
                      syntax tests write them; `_` in a name stands for a blank
  TEXT                a form: {c:VALUE} marks a slot of class c with its valid VALUE
Slot classes: n numeric expression, s string expression, l line number, v numeric
variable, w string variable, f file number (with its #), k an optional keyword or
literal, e an expression of either type (only omitted or extended).
`@next` in a slot or literal is the number of the marker line after the variant.

Only the Python 3.11 standard library and the `pcbasic` command are needed.  Not run by
`cargo test`.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TIMEOUT = 60
OUTPUT_CAP = 1 << 20
SHOWN = 300
HANDLER = 60000
FIRST = 1000
# when set (filegen.py sets it), a callable given the program's folder after a run: the
# text it returns is appended to the output after a `[files]` marker and compared as the
# part `files` (the files the program left, so both interpreters' files are compared too)
AFTER_RUN = None

NUMERIC_EDGES = ["-32769", "-32768", "-1", "0", "1", "2", "3", "4", "255", "256",
                 "32767", "32768", "65535", "65536", "-.5", "1.5", "1E+38"]
LINE_EDGES = ["0", "65529", "65530", "9999"]
STRING_EDGES = ['""', 'STRING$(255,"x")']
WRONG = {"n": '"A"', "s": "1", "v": "A$", "w": "A", "l": "A", "f": "#\"A\"", "k": "Z",
         "e": None}

SLOT = re.compile(r"\{([nslvwfke]):([^{}]*)\}")


class Section:
    def __init__(self, name: str):
        self.name = name
        self.input: list[str] = []
        self.setup: list[str] = []
        self.reset = ""
        self.fixed: dict[int, str] = {}
        self.variants: list[str] = []
        self.split = False


def parse_spec(path: Path) -> list[Section]:
    sections: list[Section] = []
    cur = None
    for raw in path.read_text().splitlines():
        line = raw.rstrip()
        if not line or line.lstrip().startswith("#"):
            continue
        if line.startswith("["):
            cur = Section(line.strip("[] "))
            sections.append(cur)
            continue
        if cur is None:
            sys.exit(f"difftest: form outside a section: {line}")
        if line.startswith("input:"):
            cur.input = line[6:].strip().split("|")
        elif line.startswith("setup:"):
            cur.setup.append(line[6:].strip())
        elif line.startswith("battery:"):
            for name in line[8:].split():
                for v in battery(name):
                    add(cur.variants, v)
        elif line.startswith("statements:"):
            for name in line[11:].split():
                for v in statement_battery(name.replace("_", " ")):
                    add(cur.variants, v)
        elif line.startswith("split:"):
            cur.split = line[6:].strip() == "yes"
        elif line.startswith("reset:"):
            cur.reset = line[6:].strip()
        elif line.startswith("at "):
            num, _, text = line[3:].partition(":")
            cur.fixed[int(num)] = text.strip()
        elif line.startswith("= "):
            add(cur.variants, line[2:])
        else:
            for v in mutate(line):
                add(cur.variants, v)
    return sections


BATTERY_ARGS = ["", "(", '("ABC"', "(1", "(1.5", "(-1)", "(1)", "(-1.5)", "(1.5)",
                "(-1.5D2)", "(1.5D2)", '("ABC")', "(0)", "(256)", "(32768)", "(65536)",
                "(1.701412E+38)", "(1.701411834604692D+38)", "(#1)", "(1,1)", "(1,1,1)",
                '("ABC",1)', '(1,"ABC")', "()"]


def battery(name: str) -> list[str]:
    """The same argument forms tried on one function: none, unclosed, wrong type, the
    integer and single and double edges, a file number, one and two arguments too many."""
    return [f"PRINT {name}{a}" for a in BATTERY_ARGS]


STATEMENT_ARGS = ["", " 0", ' ""', " A$", " 0,0", " 0,0,0", " 0 LPRINT", ' "" LPRINT',
                  " (0)", " ,", " 0,", " ,0", " -1", " 70000", " A(0)", " 1,,1"]


def statement_battery(name: str) -> list[str]:
    """The same operand forms tried after one statement keyword."""
    return [f"{name}{a}" for a in STATEMENT_ARGS]


def expand_split(sections: list[Section]) -> list[Section]:
    """A split section becomes one section per variant."""
    out = []
    for s in sections:
        if not s.split:
            out.append(s)
            continue
        for k, v in enumerate(s.variants):
            t = Section(f"{s.name} #{k}")
            t.input, t.setup, t.reset, t.fixed = s.input, s.setup, s.reset, s.fixed
            t.variants = [v]
            out.append(t)
    return out


def add(variants: list[str], v: str) -> None:
    v = v.rstrip()
    if v and v not in variants:
        variants.append(v)


def mutate(form: str) -> list[str]:
    """The variants of one form (see the module docstring)."""
    slots = list(SLOT.finditer(form))
    if not slots:
        return [form]

    def render(values: dict[int, str], upto: int | None = None, tail: bool = True,
               extra: str = "", drop_sep: int | None = None) -> str:
        out = []
        pos = 0
        for i, m in enumerate(slots):
            if upto is not None and i > upto:
                break
            sep = form[pos:m.start()]
            if drop_sep is not None and i == drop_sep + 1 and sep.strip() == ",":
                sep = " "
            out.append(sep)
            out.append(values.get(i, m.group(2)))
            pos = m.end()
        if upto is None or upto >= len(slots) - 1:
            out.append(extra)
            out.append(form[pos:])
        elif tail:
            out.append(form[slots[-1].end():])
        return "".join(out)

    vs = [render({})]
    for i, m in enumerate(slots):
        cls = m.group(1)
        vs.append(render({i: ""}))
        if WRONG[cls] is not None:
            vs.append(render({i: WRONG[cls]}))
        if cls == "n":
            vs += [render({i: e}) for e in NUMERIC_EDGES]
        elif cls == "l":
            vs += [render({i: e}) for e in LINE_EDGES]
        elif cls == "s":
            vs += [render({i: e}) for e in STRING_EDGES]
        elif cls == "f":
            vs += [render({i: e}) for e in ("1", "#0", "#4", "#256", "#-1", "#1.5")]
        elif cls == "v":
            vs += [render({i: "A%"}), render({i: "A(1)"})]
    for k in range(len(slots) - 1):
        vs.append(render({}, upto=k, tail=False))
        vs.append(render({}, upto=k, tail=True))
        vs.append(render({}, drop_sep=k))
    vs.append(render({}, extra=",1"))
    vs.append(render({}) + " Z")
    vs.append(render({}) + ",")
    return vs


def program(sec: Section) -> tuple[str, list[int]]:
    """The section's program text and the marker line numbers."""
    lines = [f"10 ON ERROR GOTO {HANDLER}"]
    n = 20
    for s in sec.setup:
        lines.append(f"{n} {s}")
        n += 1
    markers = []
    num = FIRST
    for k, v in enumerate(sec.variants):
        nxt = num + 2
        reset = (":" + sec.reset if sec.reset else "") + f":ON ERROR GOTO {HANDLER}"
        lines.append(f'{num} PRINT "[{k}]"{reset}')
        lines.append(f"{num + 1} {v.replace('@next', str(nxt))}")
        markers.append(num)
        num = nxt
        if num >= 49990:
            sys.exit(f"difftest: section {sec.name} has too many variants")
    lines.append(f'{num} PRINT "[end]":END')
    for ln, text in sorted(sec.fixed.items()):
        lines.append(f"{ln} {text}")
    lines.append(f'{HANDLER} PRINT "E";ERR;ERL:RESUME NEXT')
    return "\r\n".join(lines) + "\r\n", markers


def normalise(raw: bytes) -> str:
    """Both outputs compared alike: 0xFF and BEL dropped, line ends unified, gwrun's soft
    wraps at column 80 undone (PC-BASIC's stream never breaks a long line), trailing blanks
    and trailing empty lines dropped."""
    text = raw.replace(b"\xff", b"").decode("latin-1")
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x07", "")
    joined: list[str] = []
    carry = ""
    for line in text.split("\n"):
        if len(line) == 80:
            carry += line
            continue
        joined.append((carry + line).rstrip(" \t"))
        carry = ""
    if carry:
        joined.append(carry.rstrip(" \t"))
    while joined and not joined[-1]:
        joined.pop()
    return "\n".join(joined)


def clock_masked(variant: str, text: str | None) -> str | None:
    """A variant that prints the clock (`PRINT TIMER...`, `PRINT TIME$...`) with the
    reading masked: the two interpreters read the host's clock seconds apart, so the
    reading itself is no divergence; what follows it (an error, the other items) is."""
    if text is None or not re.match(r"PRINT TIME(R|\$)", variant):
        return text
    text = re.sub(r"\d\d:\d\d:\d\d", "hh:mm:ss", text, count=1)
    if variant.startswith("PRINT TIMER"):
        text = re.sub(r"^ ?\d+(\.\d*)?", " <timer>", text, count=1)
    return text


def split_markers(text: str, count: int) -> dict[str, str]:
    parts: dict[str, str] = {}
    key = "start"
    buf: list[str] = []
    for line in text.split("\n"):
        m = re.fullmatch(r"\[(\d+|end|files)\]", line)
        if m:
            parts[key] = "\n".join(buf)
            key, buf = m.group(1), []
            continue
        buf.append(line)
    parts[key] = "\n".join(buf)
    return parts


def run(cmd: list[str], cwd: Path, stdin: bytes) -> tuple[bytes, bool]:
    """Run one interpreter; keep at most OUTPUT_CAP bytes of what it printed."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        timed_out = False
        try:
            subprocess.run(cmd, cwd=cwd, input=stdin, stdout=out, stderr=err,
                           timeout=TIMEOUT, env=dict(os.environ, HOME=str(cwd / ".home")))
        except subprocess.TimeoutExpired:
            timed_out = True
        out.seek(0)
        err.seek(0)
        raw = out.read(OUTPUT_CAP)
        lines = err.read(OUTPUT_CAP).splitlines(keepends=True)
    noise = b"Failed to save session"
    # gwrun also logs an untrapped error's message on stderr: a line the output already
    # holds is not appended again
    tail = b"".join(line for line in lines
                    if noise not in line and line.strip() not in raw)
    return raw + tail[-400:], timed_out


def clip(text: str | None) -> str | None:
    return text if text is None or len(text) <= 4 * SHOWN else text[: 4 * SHOWN]


def run_program(sec: Section, who: str, cmd: list[str], out: Path) -> tuple[str, bool]:
    """One interpreter's normalised output for the section's program (PC-BASIC's cached)."""
    text, _ = program(sec)
    lines = sec.input or [""] * 4
    stdin = "".join(x + "\r\n" for x in lines).encode("latin-1")
    cache = out / "pcbasic-cache" / (hashlib.sha1(text.encode("latin-1") + stdin)
                                     .hexdigest() + ".json")
    if who == "pcbasic" and cache.exists():
        saved = json.loads(cache.read_text())
        return normalise(base64.b64decode(saved["raw"])), saved["timeout"]
    with tempfile.TemporaryDirectory(prefix="difftest-") as tmp:
        cwd = Path(tmp)
        (cwd / ".home").mkdir()
        (cwd / "TEST.BAS").write_text(text, newline="")
        raw, timed_out = run(cmd, cwd, stdin)
        if AFTER_RUN is not None:
            raw += b"\r\n[files]\r\n" + AFTER_RUN(cwd)
    if who == "pcbasic":
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps({"raw": base64.b64encode(raw).decode(),
                                     "timeout": timed_out}))
    return normalise(raw), timed_out


def last_marker(parts: dict[str, str]) -> int:
    return max((int(k) for k in parts if k.isdigit()), default=-1)


def run_section(sec: Section, gwrun: str, out: Path) -> dict:
    """Run the section; when either side stops before the end (a crash, a hang, an
    untrapped error), the variants after the one it stopped in run again as a new
    program, so that one stop hides nothing after it."""
    folder = out / "programs"
    folder.mkdir(parents=True, exist_ok=True)
    fname = re.sub(r"[^A-Za-z0-9]+", "_", sec.name).strip("_")
    (folder / f"{fname}.bas").write_text(program(sec)[0], newline="")
    cmds = {"gwrun": [gwrun, "--pcbasic-math", "TEST.BAS"],
            "pcbasic": ["pcbasic", "TEST.BAS", "--interface=none", "--quit=True"]}
    diffs = []
    stops = []
    offset = 0
    part = sec
    while True:
        res = {who: run_program(part, who, cmd, out) for who, cmd in cmds.items()}
        g = split_markers(res["gwrun"][0], len(part.variants))
        p = split_markers(res["pcbasic"][0], len(part.variants))
        ended = {"gwrun": "end" in g, "pcbasic": "end" in p}
        # the first variant where either side stopped; compare up to it
        stop = len(part.variants)
        for who, parts in (("gwrun", g), ("pcbasic", p)):
            if not ended[who]:
                k = last_marker(parts)
                stop = min(stop, max(k, 0))
                stops.append(f"{who} stopped in variant {offset + k}"
                             + (" (timeout)" if res[who][1] else ""))
        keys = ([] if offset else ["start"]) + [str(k) for k in range(min(stop + 1,
                                                                        len(part.variants)))]
        if stop == len(part.variants):
            keys.append("end")
        if "files" in g or "files" in p:
            keys.append("files")
        for key in keys:
            gv, pv = g.get(key), p.get(key)
            variant = part.variants[int(key)] if key.isdigit() else key
            if clock_masked(variant, gv) != clock_masked(variant, pv):
                diffs.append({"variant": variant, "key": key if not key.isdigit()
                              else str(offset + int(key)), "gwrun": clip(gv),
                              "pcbasic": clip(pv)})
        if stop >= len(part.variants) - 1:
            break
        rest = Section(sec.name)
        rest.input, rest.setup, rest.reset, rest.fixed = sec.input, sec.setup, sec.reset, sec.fixed
        rest.variants = part.variants[stop + 1:]
        offset += stop + 1
        part = rest
    return {"section": sec.name, "variants": len(sec.variants), "stops": stops,
            "diffs": diffs}


def shown(text: str | None) -> str:
    if text is None:
        return "(marker missing: the run stopped or went elsewhere)"
    r = repr(text)
    return r if len(r) <= SHOWN else r[:SHOWN] + f"... ({len(text)} characters)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gwrun", default=str(ROOT / "target/release/gwrun"))
    ap.add_argument("--spec", default=str(HERE / "forms.txt"))
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "gwrun-difftest"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    args = ap.parse_args()
    sections = parse_spec(Path(args.spec))
    if args.only:
        rx = re.compile(args.only, re.I)
        sections = [s for s in sections if rx.search(s.name)]
    sections = expand_split(sections)
    if args.list:
        for s in sections:
            print(f"{s.name:24} {len(s.variants):4} variants")
        print(f"{sum(len(s.variants) for s in sections)} variants in {len(sections)} sections")
        return 0
    if not shutil.which("pcbasic"):
        sys.exit("difftest: the pcbasic command (pip install pcbasic==2.0.8) is needed")
    gwrun = os.path.abspath(args.gwrun)
    if not os.path.exists(gwrun):
        sys.exit(f"difftest: no gwrun binary at {gwrun} (cargo build --release)")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
        reports = list(pool.map(lambda s: run_section(s, gwrun, out), sections))
    lines = []
    total = sum(r["variants"] for r in reports)
    differing = sum(len(r["diffs"]) for r in reports)
    for r in reports:
        flags = "; ".join(r["stops"])
        lines.append(f"== {r['section']}: {len(r['diffs'])} of {r['variants']} differ"
                     + (f" ({flags})" if flags else ""))
        for d in r["diffs"]:
            lines.append(f"  {d['variant']}")
            lines.append(f"      gwrun:   {shown(d['gwrun'])}")
            lines.append(f"      pcbasic: {shown(d['pcbasic'])}")
    lines.append(f"{differing} of {total} variants differ in {len(reports)} sections")
    (out / "report.txt").write_text("\n".join(lines) + "\n")
    (out / "report.json").write_text(json.dumps(reports, indent=1))
    print("\n".join(lines[-1:]))
    print(f"report: {out / 'report.txt'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
