#!/usr/bin/env python3
"""Regenerates the tables of src/text/unassigned.rs from a real GW-BASIC 3.23 LIST of every
token value (the model of ../shared/realgw gwbasic/tokens: its TEST.BAS holds line N with
token byte N for N in 128..255, and `0xFD/0xFE/0xFF xx` in lines 256+xx.. ).

Usage: tools/gen_unassigned.py MODEL/TOKENS.ASC > tables.rs   (paste over the two consts)

For each value without a keyword in src/text/token.rs: the initial byte, then the word's bytes
with bit 7 set on the last; one listed character means an initial byte with bit 7 set, none
means 0x80. The LF+CR LIST writes for a LF in a file is read back as the LF.
"""
import re
import sys
from pathlib import Path

TOKEN_RS = Path(__file__).resolve().parent.parent / "src/text/token.rs"


def listed(model: bytes) -> dict:
    out = {}
    for line in model.rstrip(b"\x1a").split(b"\r\n"):
        m = re.match(rb"(\d+) (.*)$", line, re.S)
        if m:
            out[int(m.group(1))] = m.group(2).replace(b"\n\r", b"\n")
    return out


def main() -> None:
    if sys.argv[1:] in (['-h'], ['--help']):
        print(__doc__)
        return
    if len(sys.argv) != 2 or not Path(sys.argv[1]).is_file():
        print('usage: gen_unassigned.py MODEL/TOKENS.ASC > tables.rs', file=sys.stderr)
        sys.exit(2)
    lines = listed(Path(sys.argv[1]).read_bytes())
    codes = {int(c, 16): s.encode().replace(b"\\\\", b"\\")
             for s, c in re.findall(r'\(\w+,\s*"([^"]*)",\s*(0x[0-9A-Fa-f]+)\)',
                                    TOKEN_RS.read_text())}
    main_, ext = {}, {}
    for n, text in lines.items():
        if 128 <= n <= 252:
            main_[n] = text
        elif 384 <= n <= 511:
            ext[n - 384] = text
        elif 640 <= n <= 767:
            ext[n - 640 + 0x80] = text
        elif 896 <= n <= 1023:
            main_[n - 896] = text
    kw = {
        "UNASSIGNED": (main_, lambda ch: codes.get(ch if ch >= 0x80 else 0xFF80 | ch)),
        "UNASSIGNED_EXT": (ext, lambda ch: codes.get(0xFE00 | ch if ch >= 0x80 else 0xFD80 | ch)),
    }
    for name, (table, keyword) in kw.items():
        print(f"const {name}: &[(u8, &[u8])] = &[")
        for ch in sorted(table):
            text = table[ch]
            spelling = keyword(ch)
            if spelling is not None and (text == spelling or (ch == 0xA1 and text == b"LSE")):
                continue
            if not text:
                entry = bytes([0x80])
            elif len(text) == 1:
                entry = bytes([text[0] | 0x80])
            else:
                entry = text[:-1] + bytes([text[-1] | 0x80])
            lit = "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else f"\\x{b:02X}"
                          for b in entry)
            print(f'    (0x{ch:02X}, b"{lit}"),')
        print("];")


if __name__ == "__main__":
    main()
