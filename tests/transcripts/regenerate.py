#!/usr/bin/env python3
"""Regenerate the golden transcripts of direct mode from PC-BASIC (not from gwrun).

Each case is tests/transcripts/<name>.in: the lines a user types, one per line (LF).
This script types them into PC-BASIC 2.0.8 (`pcbasic --interface=none
--hide-protected=True`, GW-BASIC's rule for protected programs) in a fresh
directory holding a copy of tests/fixtures/*.BAS, and writes

  <name>.out     what the screen showed, in gwrun's transcript form
  <name>.files/  every file the session created or changed (compared byte for byte;
                 the stub a SAVE refused for a protected program leaves is GW's
                 lone Ctrl-Z [M gwbasic/protected], whatever PC-BASIC wrote first)

`cargo test --test repl` types the same lines into gwrun and compares. Standard
library only; cargo test does not need this script or PC-BASIC.

Normalisations from PC-BASIC's stream to gwrun's transcript (documented rules, not
edits of content): the 0xFF marker bytes after `Ok` and error messages are dropped,
CR LF becomes LF, and the line PC-BASIC's screen editor puts up after an untrapped
Syntax error (no newline; PC-BASIC then redraws the edited line after it) becomes
the listed line, a newline, and the next typed line's echo, as gwrun prints them.
To keep that edit line from swallowing the next typed line, every non-empty line is
typed after an Esc (which erases the line under the cursor; an empty line is a bare
Enter, which accepts the edit line).

usage: tests/transcripts/regenerate.py [--fixtures] [name ...]
  --fixtures  also rebuild tests/fixtures/ (TOKEN.BAS, ASCII.BAS, PROTECT.BAS and
              FIXTURE.OUT) from tests/fixtures/fixture.txt
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "fixtures")
ESC = "\x1b"


def pcbasic(lines, workdir):
    """Types `lines` into PC-BASIC in `workdir`; returns its raw output bytes."""
    if not lines or lines[-1].strip().upper() != "SYSTEM":
        sys.exit("a session must end with SYSTEM (gwrun reads the same lines)")
    typed = "".join((ESC + l if l else "") + "\r\n" for l in lines)
    home = tempfile.mkdtemp(prefix="pcbasic-home-")
    try:
        run = subprocess.run(
            ["pcbasic", "--interface=none", "--hide-protected=True"],
            input=typed.encode("latin-1"),
            cwd=workdir,
            env=dict(os.environ, HOME=home),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=120,
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return run.stdout


def normalise(raw, lines):
    """PC-BASIC's stream → gwrun's transcript (see the module docstring)."""
    text = raw.replace(b"\xff", b"").replace(b"\r\n", b"\n").decode("latin-1")
    fixed = []
    for row in text.split("\n"):
        if len(fixed) >= 2 and fixed[-1] == "Ok" and re.fullmatch(r"Syntax error in \d+", fixed[-2]):
            row = split_edit_line(row, lines)
        fixed.append(row)
    return "\n".join(fixed)


def split_edit_line(row, lines):
    """`<listed line><echo>` → `<listed line>\\n<echo>` (or just the line when the
    echo is the line itself: Enter accepted it)."""
    half = len(row) // 2
    if len(row) % 2 == 0 and row[:half] == row[half:]:
        return row[:half]
    for typed in sorted({l for l in lines if l}, key=len, reverse=True):
        if row.endswith(typed) and re.match(r"\d+ ", row[: -len(typed)]):
            return row[: -len(typed)] + "\n" + typed
    return row


def snapshot(directory):
    return {
        name: open(os.path.join(directory, name), "rb").read()
        for name in os.listdir(directory)
        if os.path.isfile(os.path.join(directory, name))
    }


def fixture_files():
    return [f for f in os.listdir(FIXTURES) if f.upper().endswith(".BAS")]


def regenerate(name):
    with open(os.path.join(HERE, name + ".in"), encoding="latin-1") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    work = tempfile.mkdtemp(prefix="gwrun-transcript-")
    try:
        for f in fixture_files():
            shutil.copy(os.path.join(FIXTURES, f), work)
        before = snapshot(work)
        raw = pcbasic(lines, work)
        after = snapshot(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    with open(os.path.join(HERE, name + ".out"), "wb") as f:
        f.write(normalise(raw, lines).encode("latin-1"))
    files_dir = os.path.join(HERE, name + ".files")
    shutil.rmtree(files_dir, ignore_errors=True)
    # a SAVE refused for a protected program leaves a stub: GW-BASIC creates the file
    # first and closes it empty, so it holds its Ctrl-Z [M gwbasic/protected]; PC-BASIC
    # also writes 0xFF first for a binary SAVE, so a stub is taken as GW's one byte
    changed = {n: (b if len(b) > 2 else b"\x1a") for n, b in after.items() if before.get(n) != b}
    if changed:
        os.makedirs(files_dir)
        for n, b in changed.items():
            with open(os.path.join(files_dir, n), "wb") as f:
                f.write(b)
    print(f"{name}: {len(raw)} bytes, {len(changed)} file(s)")


def regenerate_fixtures():
    with open(os.path.join(FIXTURES, "fixture.txt"), encoding="latin-1") as f:
        program = [l for l in f.read().split("\n") if l]
    work = tempfile.mkdtemp(prefix="gwrun-fixture-")
    try:
        saves = ['SAVE "TOKEN"', 'SAVE "ASCII",A', 'SAVE "PROTECT",P']
        raw = pcbasic(["NEW"] + program + saves + ["RUN", "SYSTEM"], work)
        for n in ["TOKEN.BAS", "ASCII.BAS", "PROTECT.BAS"]:
            shutil.copy(os.path.join(work, n), FIXTURES)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    # the program's own output: between the echo of RUN and the final Ok
    text = normalise(raw, []).split("\nRUN\n", 1)[1].rsplit("Ok\nSYSTEM", 1)[0]
    with open(os.path.join(FIXTURES, "FIXTURE.OUT"), "wb") as f:
        f.write(text.encode("latin-1"))
    print("fixtures: TOKEN.BAS ASCII.BAS PROTECT.BAS FIXTURE.OUT")


def main(args):
    if "--fixtures" in args:
        args = [a for a in args if a != "--fixtures"]
        regenerate_fixtures()
    names = args or sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".in"))
    for name in names:
        regenerate(name)


if __name__ == "__main__":
    main(sys.argv[1:])
