#!/usr/bin/env python3
"""The measured figures of docs/reliability.md, written into it by this script (never by
hand): each hostile input run through the release binary with its wall time, CPU time
and peak memory (from wait4, as tests/suite/hostile.rs measures them), and, with --fuzz
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
import resource
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


def run(program, args, stdin, limit=120):
    """Runs gwrun in a scratch folder: (exit status, wall s, stderr)."""
    with tempfile.TemporaryDirectory(prefix="gwrun-figures-") as d:
        argv = [str(BIN)] + list(args)
        if program is not None:
            Path(d, "P.BAS").write_bytes(program)
            argv.append("P.BAS")
        if isinstance(stdin, bytes):
            Path(d, "in.dat").write_bytes(stdin)
            stdin = str(Path(d, "in.dat"))
        fin = open(stdin or os.devnull, "rb")
        start = time.monotonic()
        p = subprocess.Popen(
            argv, cwd=d, stdin=fin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            _, err = p.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            p.kill()
            _, err = p.communicate()
        wall = time.monotonic() - start
        fin.close()
        # communicate() reaped the child: its usage is in RUSAGE_CHILDREN's growth
        return p.returncode, wall, err.decode(errors="replace")


def measure(program, args, stdin):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    code, wall, err = run(program, args, stdin)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children is the largest child's peak so far: each case runs in a
    # fresh interpreter of this script for a peak of its own (see main)
    return code, wall, cpu, after.ru_maxrss, err


def last_line(err):
    err = err.strip().splitlines()
    return err[-1] if err else ""


def hostile_table():
    rows = [
        "| input | status | wall s | CPU s | peak KiB | how it ended (stderr's last line) |",
        "|---|---|---|---|---|---|",
    ]
    for i, (what, *_rest) in enumerate(CASES):
        # a process of its own, so that the children's peak is this case's alone
        out = subprocess.run(
            [sys.executable, __file__, "--case", str(i)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        code, wall, cpu, rss, end = out.split("\t", 4)
        end = end.strip().replace("|", "\\|") or "—"
        rows.append(f"| {what} | {code} | {wall} | {cpu} | {rss} | {end} |")
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
    ap.add_argument("--case", type=int, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.case is not None:
        what, program, args, stdin = CASES[a.case]
        code, wall, cpu, rss, err = measure(program, args, stdin)
        print(f"{code}\t{wall:.2f}\t{cpu:.2f}\t{rss}\t{last_line(err)}")
        return
    if not BIN.exists():
        sys.exit("build it first: cargo build --release")
    doc = DOC.read_text()
    doc = put(doc, "hostile", hostile_table())
    if a.fuzz:
        doc = put(doc, "fuzz", fuzz_table(a.fuzz))
    DOC.write_text(doc)


if __name__ == "__main__":
    main()
