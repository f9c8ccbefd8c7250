#!/usr/bin/env python3
"""Writes tools/startup-order.txt: the functions a trivial program's start-up runs, which
build.rs hands to the linker (LLD's --symbol-ordering-file) so that they lie side by
side in the binary's text.

The kernel maps an executable's code around each page fault in 64 KB windows; start-up
code scattered over the 6 MB of text touches most of its windows (about 3.6 MB
resident, one fault each). Put together, it fits in a few. Run this after a change that
moves what start-up runs (a new dependency, a different toolchain, renamed functions); a
stale list only loses part of the gain, since a name the binary lacks is ignored. A
legacy symbol's hash depends on the crate's build settings and the item's path, not on
its code, so it survives edits. The `.llvm.N` suffix ThinLTO gives some local functions
changes with their unit's code, so the list keeps the name without it, and the linker
driver (tools/link-ordered.sh) adds each build's suffixed names beside it.

    cargo build --release
    python3 tools/startup_order.py target/release/gwrun

`--check` writes nothing: it fails (exit 1) when the binary's text does not begin with
the list's functions, that is when the ordering did not reach the linker, and says so
when fewer than 80 % of them are found (a list gone stale).

    python3 tools/startup_order.py --check target/release/gwrun

Each function of the binary that runs (callgrind, --demangle=no) is listed, in the
order callgrind first names it.
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "startup-order.txt")

# what a trivial run does: a file written (the bench's start-up program), the screen
# written through stdout, and a program ended by its last line
PROGRAMS = {
    "file.bas": '10 REM start-up\n20 OPEN "STARTUP.TXT" FOR OUTPUT AS #1\n'
    '30 PRINT #1, "OK"\n40 CLOSE #1\n50 SYSTEM\n',
    "screen.bas": '10 PRINT "HELLO"; 1+2\n20 A$="X": PRINT A$\n',
}


# Functions a native start-up runs that the run under valgrind does not: valgrind lacks
# `openat2`, so cap-std resolves the program's path another way there, and the OFD lock
# of the file OPEN writes takes another turn (found by protecting the binary's text
# outside the listed functions and logging each first fault, in a native run of
# file.bas). Each left where it was cost one more 64 KB window of resident text. Matched
# as the linker driver matches the list: the exact name, else the one function whose
# name differs only in its legacy hash.
NATIVE_ONLY = [
    "_ZN14cap_primitives6rustix5linux2fs13file_metadata13file_metadata17hb6e0a355b4f83145E",
    "_ZN10gwrun_core3dos5locks13share_allowed17h794e59e6fd03bd13E",
    "_ZN111_$LT$alloc..vec..Vec$LT$T$GT$$u20$as$u20$alloc..vec..spec_from_iter_nested.."
    "SpecFromIterNested$LT$T$C$I$GT$$GT$9from_iter17h69e6eaafea5cd2ccE",
]


def functions_run(binary: str, program: str, cwd: str) -> list[str]:
    out = os.path.join(cwd, "cg.out")
    subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--demangle=no",
            f"--callgrind-out-file={out}",
            binary,
            program,
        ],
        cwd=cwd,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    names = []
    with open(out) as f:
        for line in f:
            m = re.match(r"^c?fn=\(\d+\) (.*)$", line.rstrip("\n"))
            if m:
                names.append(m.group(1))
    return names


def base(sym: str) -> str:
    """A function's name without the suffix ThinLTO gives a promoted local."""
    return re.sub(r"\.llvm\.\d+$", "", sym)


def unhashed(sym: str) -> str:
    """A legacy symbol's name without its hash, which changes with build settings."""
    return re.sub(r"17h[0-9a-f]+E$", "E", sym)


def check(binary: str) -> int:
    """Whether the list's functions are the first of the binary's text, matched as
    tools/link-ordered.sh matches them (the exact name, or the one function whose name
    differs only in its legacy hash).

    The text must open with listed functions, and every function found by its exact
    name must be in that opening run. A name found only through its hash is not
    required there: the linker driver decides that match from the objects' names, where
    another instance of the same path can still exist (it then leaves the name out),
    and this check sees only the linked binary."""
    with open(OUT) as f:
        listed = [line.strip() for line in f if line.strip()]
    nm = subprocess.run(["nm", "-n", "-S", binary], check=True, capture_output=True, text=True)
    text = [
        (int(p[0], 16), base(p[3]))
        for p in (l.split() for l in nm.stdout.splitlines())
        if len(p) == 4 and p[2] in "tTwW" and int(p[1], 16) > 0
    ]
    names = {name for _, name in text}
    owners: dict[str, set[str]] = {}
    for name in names:
        owners.setdefault(unhashed(name), set()).add(name)
    exact = set()
    by_hash = set()
    for name in listed:
        if name in names:
            exact.add(name)
        elif len(owners.get(unhashed(name), ())) == 1:
            by_hash |= owners[unhashed(name)]
    # identical functions merged into one place have several names at one address, and
    # one name can have copies from several code-generation units (the linker orders
    # them all): every place holding a listed name is a listed place
    places = {a for a, name in text if name in exact or name in by_hash}
    opening = set()
    for a in sorted({a for a, _ in text}):
        if a not in places:
            break
        opening.add(a)
    late = sorted({name for a, name in text if name in exact and a not in opening})
    found = len(exact | by_hash)
    print(f"{found} of the list's {len(listed)} functions found in the binary, "
          f"{len(opening)} places laid out first")
    if not opening or late:
        print("the listed functions are not laid out first: the ordering was not applied"
              + (f" ({len(late)} found by name are not, e.g. {late[0]})" if late else ""))
        return 1
    if found < 0.8 * len(listed):
        print("(a stale list: python3 tools/startup_order.py BINARY writes a fresh one)")
    return 0


def main() -> int:
    args = sys.argv[1:]
    if args[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if len(args) not in (1, 2) or (len(args) == 2 and args[0] != "--check") \
            or args[-1].startswith("-"):
        print("usage: startup_order.py [--check] PATH/TO/gwrun", file=sys.stderr)
        return 2
    if not os.path.isfile(args[-1]):
        print(f"startup_order.py: no binary at {args[-1]} (cargo build --release first)",
              file=sys.stderr)
        return 2
    if len(args) == 2:
        return check(os.path.abspath(args[1]))
    binary = os.path.abspath(args[0])
    nm = subprocess.run(["nm", binary], check=True, capture_output=True, text=True)
    defined = {
        p[2] for p in (l.split() for l in nm.stdout.splitlines()) if len(p) == 3 and p[1] in "tT"
    }
    seen: dict[str, None] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in PROGRAMS.items():
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
            for sym in functions_run(binary, name, tmp):
                if sym in defined:
                    seen.setdefault(base(sym))
    owners: dict[str, set[str]] = {}
    for sym in defined:
        owners.setdefault(unhashed(base(sym)), set()).add(base(sym))
    for sym in NATIVE_ONLY:
        if sym in owners.get(unhashed(sym), ()):
            seen.setdefault(sym)
        elif len(owners.get(unhashed(sym), ())) == 1:
            seen.setdefault(next(iter(owners[unhashed(sym)])))
    with open(OUT, "w") as f:
        f.write("".join(p + "\n" for p in seen))
    print(f"{len(seen)} functions written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
