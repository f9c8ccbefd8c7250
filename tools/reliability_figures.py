#!/usr/bin/env python3
"""The measured figures of docs/reliability.md, written into it by this script (never by
hand): each hostile input run through the release binary with its wall time, CPU time
and peak memory (from wait4 in tools/bench/runstat.c, a small C parent, as
tests/suite/hostile.rs measures them in a small process of its own), and, with --fuzz
SECONDS, a fuzz campaign of every target in fuzz/ with its executions and outcome.

    cargo build --release
    python3 tools/reliability_figures.py            # the hostile-input table
    python3 tools/reliability_figures.py --fuzz 600 # and a 10-minute run per fuzz target

The tables go between the `<!-- figures:NAME -->` and `<!-- /figures:NAME -->` markers
of docs/reliability.md (NAME: hostile, fuzz), with the machine and the date.
"""

import argparse
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "reliability.md"
BIN = ROOT / "target" / "release" / "gwrun"


def lines(*ls):
    return "".join(f"{l}\r\n" for l in ls).encode()


def tokenized_huge():
    out = bytearray([0xFF])
    for i in range(600_000):
        n = i % 60000 + 1
        out += bytes([1, 1]) + n.to_bytes(2, "little") + b"\x91 1\x00"
    return bytes(out)


def garbage():
    out = bytearray()
    x = 12345
    for _ in range(200_000):
        x = (x * 1_103_515_245 + 12345) & 0xFFFFFFFF
        out.append((x >> 16) & 0xFF)
    out[0] = 0xFF
    return bytes(out)


# (what, program bytes or None, arguments, stdin: None, a path, or bytes)
CASES = [
    ("GOSUB without RETURN, for ever", lines("10 GOSUB 10"), [], None),
    ("DEF FN recursion", lines("10 DEF FNA(X)=FNA(X)+1", "20 PRINT FNA(1)"), [], None),
    ("1,000 nested parentheses", lines("10 A=" + "(" * 1000 + "1" + ")" * 1000), [], None),
    (
        "10,000 nested FORs",
        lines(*[f"{10 + i} FOR I{i}=1 TO 2" for i in range(10_000)]),
        [],
        None,
    ),
    ("strings doubled past 255", lines('10 A$="X"', "20 A$=A$+A$: GOTO 20"), [], None),
    ("an array past 64 KB", lines("10 DIM A#(10000)"), [], None),
    ("a tokenized file of 4.2 MB", tokenized_huge(), [], None),
    ("200 KB of binary garbage", garbage(), [], None),
    ("/dev/zero as the program", None, ["/dev/zero"], None),
    ("/dev/zero as stdin to INPUT", lines("10 INPUT A$"), [], "/dev/zero"),
    (
        "KYBD: read from /dev/zero",
        lines('10 OPEN "KYBD:" FOR INPUT AS 1', "20 LINE INPUT #1, A$: GOTO 20"),
        [],
        "/dev/zero",
    ),
    (
        "2,000 PRINTs scrolling SCREEN 9",
        lines("10 SCREEN 9", "20 FOR I=1 TO 2000: PRINT I: NEXT"),
        [],
        None,
    ),
    (
        "two hours of SOUND to --sound",
        lines("10 SOUND 100,65535: SOUND 200,65535"),
        ["--sound=/dev/null"],
        None,
    ),
]


def runstat(work):
    """The measuring parent, tools/bench/runstat.c, built into `work`: a small C process
    that forks gwrun and reports what wait4 measured. A child of Python would report
    Python's peak (Linux carries the RSS of the image an exec replaces into ru_maxrss)."""
    exe = Path(work, "runstat")
    subprocess.run(["cc", "-O2", "-o", str(exe), str(ROOT / "tools" / "bench" / "runstat.c")],
                   check=True)
    return exe


def measure(rs, program, args, stdin, limit=120):
    """Runs gwrun in a scratch folder: (exit status, wall s, CPU s, peak KiB, stderr)."""
    with tempfile.TemporaryDirectory(prefix="gwrun-figures-") as d:
        argv = [str(BIN)] + list(args)
        if program is not None:
            Path(d, "P.BAS").write_bytes(program)
            argv.append("P.BAS")
        if isinstance(stdin, bytes):
            Path(d, "in.dat").write_bytes(stdin)
            stdin = str(Path(d, "in.dat"))
        err = Path(d, "stderr.txt")
        out = subprocess.run(
            [str(rs), str(limit), stdin or os.devnull, os.devnull, str(err)] + argv,
            cwd=d, capture_output=True, text=True, check=True,
        ).stdout
        code, utime, stime, rss, _minflt, _majflt, wall = (int(x) for x in out.split())
        return code, wall / 1e6, (utime + stime) / 1e6, rss, err.read_text(errors="replace")


def last_line(err):
    err = err.strip().splitlines()
    return err[-1] if err else ""


def hostile_table():
    rows = [
        "| input | status | wall s | CPU s | peak KiB | how it ended (stderr's last line) |",
        "|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory(prefix="gwrun-runstat-") as work:
        rs = runstat(work)
        for what, program, args, stdin in CASES:
            code, wall, cpu, rss, err = measure(rs, program, args, stdin)
            end = last_line(err).replace("|", "\\|") or "—"
            rows.append(f"| {what} | {code} | {wall:.2f} | {cpu:.2f} | {rss} | {end} |")
            print(rows[-1], file=sys.stderr)
    return "\n".join(rows)


def fuzz_table(secs):
    fuzz = ROOT / "fuzz"
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    subprocess.run(["./seed.sh"], cwd=fuzz, check=True)
    targets = subprocess.run(
        ["cargo", "fuzz", "list"], cwd=fuzz, capture_output=True, text=True, check=True, env=env
    ).stdout.split()
    subprocess.run(["cargo", "fuzz", "build", "-s", "none", "-O"], cwd=fuzz, check=True, env=env)
    rows = ["| target | seconds | executions | outcome |", "|---|---|---|---|"]
    for t in targets:
        p = subprocess.run(
            ["cargo", "fuzz", "run", "-s", "none", "-O", t, str(fuzz / "corpus" / t), "--",
             f"-max_total_time={secs}", "-print_final_stats=1"],
            cwd=fuzz, capture_output=True, text=True, env=env,
        )
        text = p.stdout + p.stderr
        execs = re.search(r"stat::number_of_executed_units:\s*(\d+)", text)
        outcome = "no crash, no timeout" if p.returncode == 0 else "FAILED: see fuzz/artifacts/" + t
        rows.append(f"| {t} | {secs} | {execs.group(1) if execs else '?'} | {outcome} |")
        print(rows[-1], file=sys.stderr)
    return "\n".join(rows)


def put(doc, name, table):
    stamp = f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()} ({os.cpu_count()} cores)."
    block = f"<!-- figures:{name} -->\n{stamp}\n\n{table}\n<!-- /figures:{name} -->"
    pattern = re.compile(rf"<!-- figures:{name} -->.*?<!-- /figures:{name} -->", re.S)
    if not pattern.search(doc):
        sys.exit(f"docs/reliability.md has no figures:{name} markers")
    return pattern.sub(lambda _: block, doc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fuzz", type=int, metavar="SECONDS", help="also fuzz every target")
    a = ap.parse_args()
    if not BIN.exists():
        sys.exit("build it first: cargo build --release")
    doc = DOC.read_text()
    doc = put(doc, "hostile", hostile_table())
    if a.fuzz:
        doc = put(doc, "fuzz", fuzz_table(a.fuzz))
    DOC.write_text(doc)


if __name__ == "__main__":
    main()
