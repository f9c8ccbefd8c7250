#!/usr/bin/env python3
"""Mutants of the shown real-GW tests, run through gwrun and PC-BASIC 2.0.8 and compared.

The shown tests of ../shared/realgw were recorded on real GW-BASIC 3.23, and gwrun passes
nearly all of them; the kept-back third, in the same style, it passes less often, because
rules were fitted to cases.  This script makes new cases in the same style: for each test
it derives a few mutants of the program by general edits -- a numeric literal replaced by
a boundary value, one argument of a statement dropped or one added, a string literal
emptied or lengthened past 255 characters, a line-number target made missing, a statement
repeated, two adjacent statements swapped; and the seventh round's kinds of mutate_ops.py,
graphics operands, the typed keys of keys=, type suffixes and optional parts -- and runs
each mutant in a fresh copy of the
test's folder (its input files, and PCBASIC.INI's options forwarded as the real-GW runner
forwards them: run.py's own functions are imported) through gwrun and through
`pcbasic --interface=none`.  Every file either run wrote, and the printed output, are
compared.  The unmutated program runs first: where the two already differ (in the printed
output, or in one file) that is left uncompared in its mutants, the rest compared; a test
that differs in more, or times out, is reported and its mutants are not run (their
differences would be the test's, not the mutation's).

Usage
  python3 tools/differential/mutate.py [--gwrun CMD] [--category core,screen,...]
          [--only REGEX] [--per-test N] [--kinds K,K|all] [--seed S] [-j N] [--out DIR]
          [--list]
  --gwrun     the gwrun command (default "target/release/gwrun
              --clock-start=1990-01-01T10:00:00")
  --category  the realgw categories to mutate (default core,screen,other,hardware)
  --per-test  mutants per test (default 5), one of each kind in an order drawn from the
              test's name, so a run is reproducible
  --kinds     the mutation kinds (default the sixth round's: number, drop_arg, add_arg,
              empty_string, long_string, missing_target, repeat, swap); `all` adds
              the graphics, keys and general kinds of mutate_ops.py and the eighth
              round's (fn_add_arg, fn_drop_arg, trailing, separator, bad_operand)
  --seed      mixed into every draw, for new mutants of the same kinds (default none:
              the earlier rounds' draws)
  --out       report.txt and report.json go here; PC-BASIC's runs are cached in
              DIR/pcbasic-cache by the content of the run's folder and arguments
              (default /tmp/gwrun-mutate)
  --list      print the mutants and exit, running nothing
  -j N        runs in parallel (default 2; PC-BASIC is the slow one)

A difference is a lead, not a verdict (docs/fidelity-audit.md, "Sixth round" and
"Seventh round, mutants", triage them against Microsoft's source and the real-GW
models).  Only the Python 3.11 standard library and the `pcbasic` command are needed.
Not run by `cargo test`.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.util
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from mutate_ops import (Line, code_mask, eighth_candidates, general_candidates,  # noqa: E402
                        graphics_candidates, is_comment, key_candidates, parse_program,
                        statements, top_commas)
ROOT = HERE.parent.parent
TIMEOUT = 10.0
MUTANT_TIMEOUT = 5.0
CAP = 1 << 20

NUMBERS = ["0", "-1", "1", "255", "256", "32767", "32768", "-32768", "65535", "1E+38",
           ".5", "-.5"]
TARGET_WORDS = r"GOTO|GOSUB|THEN|ELSE|RESTORE|RESUME|RUN|RETURN"
KINDS = ["number", "drop_arg", "add_arg", "empty_string", "long_string", "missing_target",
         "repeat", "swap"]
# the seventh round's kinds: graphics statements' operands, the typed keys (PCBASIC.INI's
# keys=), and general edits for every category (graphics_ops.py, keys_ops.py, more_ops.py)
GRAPHICS_KINDS = ["coord", "colour", "step", "drop_coord", "box", "aspect", "draw_string"]
KEY_KINDS = ["key_number", "key_drop", "key_repeat", "key_line_drop", "key_line_repeat"]
GENERAL_KINDS = ["suffix", "num_string", "drop_optional"]
# the eighth round's kinds: a built-in function's arguments (one added or the last
# dropped), a junk operand after a statement, a separator changed, a numeric operand made
# negative, zero or out of range (mutate_ops.py, eighth_candidates)
EIGHTH_KINDS = ["fn_add_arg", "fn_drop_arg", "trailing", "separator", "bad_operand"]


def find_realgw() -> Path:
    for base in (ROOT.parent, ROOT.parent.parent, Path("/work")):
        p = base / "shared" / "realgw"
        if (p / "run.py").exists():
            return p
    sys.exit("mutate: ../shared/realgw/run.py not found")


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ---------------------------------------------------------------- the mutations

def candidates(lines: list[Line | str], kind: str, protect: int = 65530
               ) -> list[tuple[int, str]]:
    """Every (line index, new body) the mutation kind can make of the program; lines from
    protect on (a routine the typed keys RUN, the screen dump) and the ON ERROR handler's
    are left alone."""
    numbers = {ln.number.strip() for ln in lines if isinstance(ln, Line)}
    handler = min((int(m.group(1)) for ln in lines if isinstance(ln, Line)
                   for m in re.finditer(r"ON\s*ERROR\s*GOTO\s*(\d+)", ln.body, re.I)
                   if int(m.group(1)) > 0), default=65530)
    handler = min(handler, protect)
    out: list[tuple[int, str]] = []
    for k, ln in enumerate(lines):
        if not isinstance(ln, Line) or is_comment(ln.body) or int(ln.number) >= handler \
                or re.match(r"\s*ON\s*ERROR", ln.body, re.I):
            continue
        body = ln.body
        mask = code_mask(body)
        if kind in GRAPHICS_KINDS:
            out.extend((k, nb) for nb in graphics_candidates(body, kind))
        elif kind in GENERAL_KINDS:
            out.extend((k, nb) for nb in general_candidates(body, kind))
        elif kind in EIGHTH_KINDS:
            out.extend((k, nb) for nb in eighth_candidates(body, kind))
        elif kind == "number":
            for m in re.finditer(r"(?<![A-Za-z0-9.&$%!#])(\d+\.?\d*|\.\d+)(E[+-]?\d+)?"
                                 r"(?![A-Za-z0-9$%!#])", body, re.I):
                if not mask[m.start()]:
                    continue
                before = body[:m.start()].rstrip().upper()
                if re.search(r"(%s|,)$" % TARGET_WORDS, before) and re.search(
                        TARGET_WORDS, before):
                    continue
                for v in NUMBERS:
                    if v != m.group(0):
                        out.append((k, body[:m.start()] + v + body[m.end():]))
        elif kind == "missing_target":
            for m in re.finditer(r"\b(%s)\s*(\d+)" % TARGET_WORDS, body, re.I):
                if mask[m.start()]:
                    missing = next(str(n) for n in range(9, 65529, 10)
                                   if str(n) not in numbers)
                    out.append((k, body[:m.start(2)] + missing + body[m.end(2):]))
        elif kind == "empty_string":
            for m in re.finditer(r'"[^"]+"', body):
                if not mask[m.start()] and (m.start() == 0 or mask[m.start() - 1]):
                    out.append((k, body[:m.start()] + '""' + body[m.end():]))
        elif kind == "long_string":
            for a, b in statements(body):
                if body[a:b].lstrip().upper().startswith("DATA"):
                    continue
                for m in re.finditer(r'"[^"]*"', body[a:b]):
                    s, e = a + m.start(), a + m.end()
                    if s == 0 or mask[s - 1]:
                        out.append((k, body[:s] + "(" + body[s:e] + "+SPACE$(255))"
                                    + body[e:]))
        elif kind in ("drop_arg", "add_arg"):
            for a, b in statements(body):
                stmt = body[a:b]
                if stmt.lstrip().upper().startswith(("DATA", "IF", "REM")):
                    continue
                commas = top_commas(stmt)
                if kind == "drop_arg" and commas:
                    c = commas[-1]
                    out.append((k, body[:a] + stmt[:c].rstrip() + body[b:]))
                    if len(commas) > 1:
                        c0, c1 = commas[0], commas[1]
                        out.append((k, body[:a] + stmt[:c0] + stmt[c1:] + body[b:]))
                elif kind == "add_arg" and re.match(r"\s*[A-Z]+\$?\s*\S", stmt, re.I) \
                        and "=" not in stmt.split(",")[0]:
                    out.append((k, body[:a] + stmt.rstrip() + ",1" + body[b:]))
        elif kind == "repeat":
            for a, b in statements(body):
                stmt = body[a:b]
                if not stmt.lstrip().upper().startswith(("DATA", "IF", "REM", "'")):
                    out.append((k, body[:b] + ":" + stmt.strip() + body[b:]))
        elif kind == "swap":
            spans = statements(body)
            for (a, b), (c, d) in zip(spans, spans[1:]):
                if any(body[x:y].lstrip().upper().startswith(("IF", "REM", "'", "DATA"))
                       for x, y in ((a, b), (c, d))):
                    continue
                out.append((k, body[:a] + body[c:d].strip() + ":" + body[a:b].strip()
                            + body[d:]))
    return [(k, nb) for k, nb in out
            if len(lines[k].number) + len(lines[k].sep) + len(nb) <= 240]


def mutants(test: str, text: str, keys: str | None, per_test: int,
            kinds: list[str], seed: str = "") -> list[dict]:
    """Up to per_test mutants of one program (or of its typed keys), one of each kind,
    drawn reproducibly: the eighth round's kinds first, then the seventh round's, then the
    sixth's (drawn with the sixth round's own random sequence, so its runs are made again
    unchanged).  A seed other than "" mixes into every draw, giving new mutants of the
    same kinds."""
    lines, eol, tail = parse_program(text)
    protect = min((int(m.group(1)) for m in re.finditer(r"RUN\s*(\d+)", keys or "", re.I)),
                  default=65530)
    salt = "/seed=" + seed if seed else ""
    rng = random.Random(hashlib.sha1((test + salt).encode()).hexdigest())
    old_kinds = KINDS[:]
    rng.shuffle(old_kinds)
    rng7 = random.Random(hashlib.sha1((test + "/7" + salt).encode()).hexdigest())
    new_kinds = GRAPHICS_KINDS + KEY_KINDS
    rng7.shuffle(new_kinds)
    general = GENERAL_KINDS[:]
    rng7.shuffle(general)
    rng8 = random.Random(hashlib.sha1((test + "/8" + salt).encode()).hexdigest())
    eighth = EIGHTH_KINDS[:]
    rng8.shuffle(eighth)
    out = []
    for kind in eighth + new_kinds + general + old_kinds:
        if len(out) >= per_test:
            break
        if kind not in kinds:
            continue
        r = rng if kind in KINDS else rng8 if kind in EIGHTH_KINDS else rng7
        if kind in KEY_KINDS:
            cands = key_candidates(keys, kind) if keys else []
            if cands:
                new_keys = r.choice(cands)
                out.append({"kind": kind, "before": "keys=" + keys,
                            "after": "keys=" + new_keys, "program": None, "keys": new_keys})
            continue
        cands = candidates(lines, kind, protect)
        if not cands:
            continue
        k, nb = r.choice(cands)
        new = list(lines)
        old = lines[k]
        new[k] = Line(old.number, old.sep, nb)
        prog = eol.join(x.render() if isinstance(x, Line) else x for x in new) + tail
        out.append({"kind": kind, "before": old.render(), "after": new[k].render(),
                    "program": prog, "keys": None})
    return out


# ---------------------------------------------------------------- running

def run_in(folder: Path, argv: list[str], timeout: float, stdin_file: bool) -> dict:
    """Run one interpreter in folder; what it printed and every file it left there.
    stdin is /dev/null, as the real-GW runner gives it, or an empty regular file: PC-BASIC
    counts itself a console program, and prints to stdout, only when its stdin answers
    FIONREAD, which /dev/null does not."""
    before = {p: (folder / p).read_bytes() for p in os.listdir(folder)
              if (folder / p).is_file()}
    env = dict(os.environ, HOME=str(folder / ".home"))
    timed_out = False
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        stdin = tempfile.TemporaryFile() if stdin_file else subprocess.DEVNULL
        proc = subprocess.Popen(argv, cwd=folder, stdin=stdin, stdout=out,
                                stderr=err, env=env, start_new_session=True)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            proc.wait()
        if stdin_file:
            stdin.close()
        out.seek(0)
        err.seek(0)
        raw, errs = out.read(CAP), err.read(CAP)
    files = {}
    for path, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if d != ".home"]
        for n in names:
            full = Path(path) / n
            rel = str(full.relative_to(folder)).upper()
            data = full.read_bytes()
            if before.get(rel if rel in before else str(full.relative_to(folder))) != data:
                files[rel] = data
    return {"stdout": raw, "stderr": errs, "files": files, "timed_out": timed_out,
            "rc": proc.returncode}


def encode(res: dict) -> dict:
    return {"stdout": base64.b64encode(res["stdout"]).decode(),
            "stderr": base64.b64encode(res["stderr"]).decode(),
            "files": {k: base64.b64encode(v).decode() for k, v in res["files"].items()},
            "timed_out": res["timed_out"], "rc": res["rc"]}


def decode(saved: dict) -> dict:
    return {"stdout": base64.b64decode(saved["stdout"]),
            "stderr": base64.b64decode(saved["stderr"]),
            "files": {k: base64.b64decode(v) for k, v in saved["files"].items()},
            "timed_out": saved["timed_out"], "rc": saved["rc"]}


class Runner:
    def __init__(self, realgw: Path, gwrun: list[str], out: Path):
        self.rg = load_module("realgw_run", realgw / "run.py")
        self.dt = load_module("difftest", HERE / "difftest.py")
        self.tests = realgw / "tests"
        self.gwrun = gwrun
        self.cache = out / "pcbasic-cache"
        self.cache.mkdir(parents=True, exist_ok=True)

    def prepare(self, test: str, program: str | None, keys: str | None = None
                ) -> tuple[Path, list[str]]:
        """A fresh copy of the test's folder (top-level files, as run.py copies them),
        the program or the typed keys replaced by the mutant's; and the interpreter's
        arguments.  PC-BASIC also reads the folder's PCBASIC.INI, so its keys= line is
        rewritten too."""
        src = self.tests / test
        ini = self.rg.read_ini(str(src / "PCBASIC.INI"))
        if keys is not None:
            ini["keys"] = keys
        folder = Path(tempfile.mkdtemp(prefix="gwrun-mut-"))
        for f in os.listdir(src):
            if (src / f).is_file():
                shutil.copy(src / f, folder / f)
        if program is not None:
            name = self.rg.program_name(str(src), ini)
            (folder / name).write_bytes(program.encode("latin-1"))
        if keys is not None:
            text = (folder / "PCBASIC.INI").read_text(encoding="utf-8", errors="replace")
            text = re.sub(r"(?im)^keys\s*=.*$", lambda _m: "keys=" + keys, text)
            (folder / "PCBASIC.INI").write_text(text, encoding="utf-8")
        return folder, self.rg.interpreter_args(str(src), ini)

    def run(self, test: str, program: str | None, timeout: float = TIMEOUT,
            keys: str | None = None) -> dict:
        result = {}
        for who in ("gwrun", "pcbasic") if self.gwrun else ("pcbasic",):
            folder, args = self.prepare(test, program, keys)
            try:
                if who == "pcbasic":
                    h = hashlib.sha1(json.dumps(["stdin=file"] + args).encode())
                    for f in sorted(os.listdir(folder)):
                        h.update(f.encode() + b"\0" + (folder / f).read_bytes() + b"\0")
                    key = self.cache / (h.hexdigest() + ".json")
                    if key.exists():
                        result[who] = decode(json.loads(key.read_text()))
                        continue
                    res = run_in(folder, ["pcbasic", "--interface=none"] + args, timeout, True)
                    key.write_text(json.dumps(encode(res)))
                else:
                    res = run_in(folder, self.gwrun + args, timeout, False)
                result[who] = res
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        return result

    def printed(self, res: dict, who: str) -> str:
        """What the run printed, as difftest compares it; gwrun's stderr lines that the
        output does not already hold (its untrapped errors) appended."""
        extra = b"".join(line for line in res["stderr"].splitlines(keepends=True)
                         if who == "gwrun" and line.strip()
                         and line.strip() not in res["stdout"])
        return self.dt.normalise(res["stdout"] + extra)


def differences(runner: Runner, res: dict, ignore: frozenset = frozenset()
                ) -> list[tuple[str, str]]:
    """How the two runs differ, as (aspect, description): the aspect is "timed out",
    "printed" or a file's name; the aspects in ignore are not compared."""
    g, p = res["gwrun"], res["pcbasic"]
    out = []
    if g["timed_out"] and p["timed_out"]:
        return []
    if g["timed_out"] != p["timed_out"]:
        out.append(("timed out", "timed out: gwrun %s, pcbasic %s"
                    % (g["timed_out"], p["timed_out"])))
    gs, ps = runner.printed(g, "gwrun"), runner.printed(p, "pcbasic")
    if gs != ps:
        out.append(("printed", "printed: gwrun %r | pcbasic %r" % first_apart(gs, ps)))
    for name in sorted(set(g["files"]) | set(p["files"])):
        a, b = g["files"].get(name), p["files"].get(name)
        if a == b:
            continue
        if a is None or b is None:
            out.append((name, "%s written by %s only"
                        % (name, "pcbasic" if a is None else "gwrun")))
            continue
        ta, tb = (x.decode("latin-1") for x in (a, b))
        out.append((name, "%s: gwrun %r | pcbasic %r" % ((name,) + first_apart(ta, tb))))
    return [(k, d) for k, d in out if k not in ignore]


def first_apart(a: str, b: str, width: int = 120) -> tuple[str, str]:
    """The two texts from a little before their first difference."""
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    lo = max(0, a.rfind("\n", 0, i) + 1, i - 60)
    return a[lo:lo + width], b[lo:lo + width]


# ---------------------------------------------------------------- main

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gwrun", default=str(ROOT / "target/release/gwrun")
                    + " --clock-start=1990-01-01T10:00:00")
    ap.add_argument("--category", default="core,screen,other,hardware")
    ap.add_argument("--only", default="")
    ap.add_argument("--per-test", type=int, default=5)
    ap.add_argument("--kinds", default=",".join(KINDS),
                    help="the mutation kinds, comma-separated, or 'all' (default: the "
                    "sixth round's)")
    ap.add_argument("--seed", default="",
                    help="mixed into every draw: new mutants of the same kinds (default: "
                    "none, the earlier rounds' draws)")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--out", default="/tmp/gwrun-mutate")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--warm", action="store_true",
                    help="run PC-BASIC only, filling its cache (while gwrun builds)")
    args = ap.parse_args()

    realgw = find_realgw()
    out = Path(args.out)
    runner = Runner(realgw, [] if args.warm else shlex.split(args.gwrun), out)
    cats = runner.rg.load_categories(str(realgw / "categories.tsv"))
    want = set(args.category.split(","))
    tests = [t for t in runner.rg.list_tests(str(runner.tests))
             if cats.get(t, ("other",))[0] in want and re.search(args.only, t)]
    every = KINDS + GRAPHICS_KINDS + KEY_KINDS + GENERAL_KINDS + EIGHTH_KINDS
    kinds = every if args.kinds == "all" else args.kinds.split(",")
    unknown = set(kinds) - set(every)
    if unknown:
        sys.exit("mutate: no such kind: %s" % ", ".join(sorted(unknown)))
    plan = []
    for t in tests:
        ini = runner.rg.read_ini(str(runner.tests / t / "PCBASIC.INI"))
        name = runner.rg.program_name(str(runner.tests / t), ini)
        path = runner.tests / t / name
        keys = ini.get("keys")
        if not path.exists() and not keys:
            continue
        text = path.read_bytes().decode("latin-1") if path.exists() else ""
        if text[:1] in ("\xff", "\xfe"):
            if not keys:
                continue
            text = ""
        plan.append((t, mutants(t, text, keys, args.per_test, kinds, args.seed)))
    if args.list:
        for t, ms in plan:
            for m in ms:
                print("%s [%s]\n  - %s\n  + %s" % (t, m["kind"], m["before"], m["after"]))
        print("%d tests, %d mutants" % (len(plan), sum(len(ms) for _, ms in plan)))
        return 0
    if not shutil.which("pcbasic"):
        sys.exit("mutate: the pcbasic command (pip install pcbasic==2.0.8) is needed")

    def one_test(item):
        t, ms = item
        if args.warm:
            runner.run(t, None)
            for m in ms:
                runner.run(t, m["program"], MUTANT_TIMEOUT, m["keys"])
            return {"test": t, "baseline": [], "ignored": [], "mutants": []}
        base = differences(runner, runner.run(t, None))
        ignore = frozenset(k for k, _ in base)
        if "timed out" in ignore or len(ignore - {"printed"}) > 1:
            return {"test": t, "baseline": [d for _, d in base], "ignored": [],
                    "mutants": []}
        rows = []
        for m in ms:
            d = differences(runner, runner.run(t, m["program"], MUTANT_TIMEOUT, m["keys"]),
                            ignore)
            rows.append({"kind": m["kind"], "before": m["before"], "after": m["after"],
                         "differences": [x for _, x in d]})
        return {"test": t, "baseline": [], "ignored": sorted(ignore), "mutants": rows}

    with ThreadPoolExecutor(max_workers=max(1, args.j)) as ex:
        results = list(ex.map(one_test, plan))
    write_report(results, out)
    return 0


def write_report(results: list[dict], out: Path) -> None:
    ran = [m for r in results for m in r["mutants"]]
    differ = [m for m in ran if m["differences"]]
    skipped = [r for r in results if r["baseline"]]
    partial = [r for r in results if r.get("ignored")]
    lines = ["%d tests, %d of them differ unmutated (mutants not run), %d in one file or the "
             "printed output (mutants run, that left uncompared); %d mutants run, %d differ"
             % (len(results), len(skipped), len(partial), len(ran), len(differ)), ""]
    for r in results:
        for m in r["mutants"]:
            if m["differences"]:
                lines.append("%s [%s]%s\n  - %s\n  + %s" % (
                    r["test"], m["kind"], " (not compared: %s)" % ", ".join(r["ignored"])
                    if r.get("ignored") else "", m["before"], m["after"]))
                lines.extend("    " + d[:400] for d in m["differences"])
    lines.append("")
    lines.append("Unmutated tests that differ:")
    for r in skipped:
        lines.append("  %s: %s" % (r["test"], "; ".join(r["baseline"])[:300]))
    (out / "report.txt").write_text("\n".join(lines) + "\n")
    (out / "report.json").write_text(json.dumps(results, indent=1))
    print(lines[0])
    print("report: %s" % (out / "report.txt"))


if __name__ == "__main__":
    sys.exit(main())
