"""The program text's structure and the seventh and eighth rounds' mutation kinds.

mutate.py's first kinds (a boundary number, an argument dropped or added, a string emptied
or lengthened, a missing line target, a statement repeated or swapped) are general edits of
any program.  This module holds what they read the program with -- its lines, the spans of
a line's statements, which characters are code -- and three more families of edits:
graphics statements' operands (a coordinate at the screen's edge or far past it, a colour
out of range, STEP added or removed, one coordinate of a pair dropped, LINE's box option
changed, CIRCLE's arc and aspect, a command of a DRAW string changed); the typed keys of
PCBASIC.INI's keys= (a typed number changed, one key dropped or repeated, a typed line
dropped or repeated, never the last line, which usually ends the session); and general
edits for every category (a variable's type suffix changed, a numeric argument made a
string, an optional part of a statement removed); and the eighth round's (a built-in
function's argument added or its last one dropped, a stray operand after a statement, a
separator changed, a numeric operand made negative, zero or out of range).  Each kind's
function returns every new line body (or keys= string) it can make.
"""

from __future__ import annotations

import re

# ---------------------------------------------------------------- the program's text

class Line:
    """One program line: its number, the text after it, and the text's code segments."""

    def __init__(self, number: str, sep: str, body: str):
        self.number, self.sep, self.body = number, sep, body

    def render(self) -> str:
        return self.number + self.sep + self.body


def parse_program(text: str) -> tuple[list[Line | str], str, str]:
    """The lines (unnumbered ones kept as strings), the line end and any trailing Ctrl-Z."""
    tail = ""
    while text.endswith("\x1a"):
        text, tail = text[:-1], tail + "\x1a"
    eol = "\r\n" if "\r\n" in text else "\n"
    out: list[Line | str] = []
    for raw in text.split(eol):
        m = re.match(r"(\s*\d+)(\s?)(.*)$", raw, re.S)
        out.append(Line(m.group(1), m.group(2), m.group(3)) if m else raw)
    return out, eol, tail


def statements(body: str) -> list[tuple[int, int]]:
    """Spans of the `:`-separated statements of a line body, outside strings; a REM or
    `'` runs to the end of the line."""
    spans = []
    start = 0
    quoted = False
    for i, c in enumerate(body):
        if not quoted and not body[start:i].strip():
            head = body[i:i + 3].upper()
            if head == "REM" or c == "'":
                break
        if c == '"':
            quoted = not quoted
        elif c == ":" and not quoted:
            spans.append((start, i))
            start = i + 1
    spans.append((start, len(body)))
    return [(a, b) for a, b in spans if body[a:b].strip()]


def code_mask(body: str) -> list[bool]:
    """True for each character that is program code (not in a string, REM or comment)."""
    mask = [True] * len(body)
    quoted = False
    i = 0
    while i < len(body):
        c = body[i]
        if c == '"':
            quoted = not quoted
            mask[i] = False
        elif quoted:
            mask[i] = False
        elif c == "'" or body[i:i + 3].upper() == "REM" and (
                i == 0 or not body[i - 1].isalnum()):
            for k in range(i, len(body)):
                mask[k] = False
            break
        i += 1
    return mask


def is_comment(body: str) -> bool:
    s = body.lstrip().upper()
    return s.startswith(("REM", "'")) or not s


def top_commas(text: str) -> list[int]:
    """Positions of the commas at parenthesis depth 0, outside strings."""
    out, depth, quoted = [], 0, False
    for i, c in enumerate(text):
        if c == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(i)
    return out


# ---------------------------------------------------------------- graphics statements

GRAPHICS_HEAD = re.compile(r"\s*(PSET|PRESET|LINE(?!\s*INPUT)|CIRCLE|PAINT|DRAW|GET\s*\(|"
                           r"PUT\s*\(|VIEW(?!\s*PRINT)|WINDOW)", re.I)
GRAPHICS_FN = re.compile(r"\b(PMAP|POINT)\s*\(", re.I)
COORDS = ["-1", "0", "199", "200", "319", "320", "639", "640", "-32768", "32767", "32768",
          "1E+38", "-.5"]
COLOURS = ["-1", "0", "1", "3", "4", "15", "16", "255", "256"]
ASPECTS = ["0", "-1", ".5", "2", "1E+38", "1E-38"]
ANGLES = ["0", "-0", "6.2832", "-6.3", "7", "-1E-3"]
DRAW_NUMBERS = ["0", "1", "255", "256", "359", "360", "-1", "32767", "32768"]
DRAW_INSERTS = ["TA45", "TA-360", "A4", "S0", "S255", "C16", "C-1", "M+300,300",
                "M-1,-1", "BM0,0", "NU5", "P1,1", "X", "=", ";"]
NUMBER = re.compile(r"(?<![A-Za-z0-9.&$%!#])(\d+\.?\d*|\.\d+)(E[+-]?\d+)?(?![A-Za-z0-9$%!#])",
                    re.I)


def depth_map(text: str) -> list[int]:
    """The parenthesis depth of each character of a statement (strings count as code)."""
    out, depth, quoted = [], 0, False
    for c in text:
        if c == '"':
            quoted = not quoted
        if not quoted and c == "(":
            depth += 1
        out.append(depth)
        if not quoted and c == ")":
            depth -= 1
    return out


def graphics_statements(body: str) -> list[tuple[int, int, bool]]:
    """Spans of the statements that are graphics statements or call PMAP or POINT, and
    whether the statement itself is one (not only a function call)."""
    out = []
    for a, b in statements(body):
        stmt = body[a:b]
        head = bool(GRAPHICS_HEAD.match(stmt))
        if head or GRAPHICS_FN.search(stmt):
            out.append((a, b, head))
    return out


def graphics_candidates(body: str, kind: str) -> list[str]:
    """The new bodies one graphics kind makes of one line."""
    mask = code_mask(body)
    out = []
    for a, b, head in graphics_statements(body):
        stmt = body[a:b]
        depth = depth_map(stmt)

        def put(s: int, e: int, new: str) -> None:
            out.append(body[:a + s] + new + body[a + e:])

        if kind in ("coord", "colour"):
            for m in NUMBER.finditer(stmt):
                if not mask[a + m.start()]:
                    continue
                inside = depth[m.start()] > 0
                if kind == "coord" and inside:
                    out.extend(body[:a + m.start()] + v + body[a + m.end():]
                               for v in COORDS if v != m.group(0))
                elif kind == "colour" and not inside and head and "," in stmt[:m.start()]:
                    out.extend(body[:a + m.start()] + v + body[a + m.end():]
                               for v in COLOURS if v != m.group(0))
        elif kind == "step" and head:
            for m in re.finditer(r"STEP\s*\(", stmt, re.I):
                put(m.start(), m.end(), "(")
            for m in re.finditer(r"(?<![A-Z])\(", stmt, re.I):
                if depth[m.start()] == 1 and mask[a + m.start()] and \
                        not re.search(r"STEP\s*$", stmt[:m.start()], re.I):
                    put(m.start(), m.start(), "STEP")
        elif kind == "drop_coord" and head:
            for m in re.finditer(r"\(([^(),\"]*),([^(),\"]*)\)", stmt):
                if mask[a + m.start()]:
                    put(m.start(), m.end(), "(" + m.group(1) + ")")
                    put(m.start(), m.end(), "(," + m.group(2) + ")")
                    put(m.start(), m.end(), "(" + m.group(1) + ",)")
        elif kind == "box" and re.match(r"\s*LINE", stmt, re.I):
            commas = top_commas(stmt)
            m = re.search(r",\s*(BF|B)\s*(?=,|$)", stmt, re.I)
            if m:
                put(m.start(), m.end(), "")
                put(m.start(1), m.end(1), "B" if m.group(1).upper() == "BF" else "BF")
                put(m.end(), m.end(), ",&HFF00" if m.group(1).upper() == "B" else ",1")
            elif len(commas) == 0:
                out.extend(body[:b] + opt + body[b:] for opt in (",,B", ",,BF", ",,,1"))
            elif len(commas) == 1:
                out.extend(body[:b] + opt + body[b:] for opt in (",B", ",BF", ",B,-1"))
        elif kind == "aspect" and re.match(r"\s*CIRCLE", stmt, re.I):
            commas = top_commas(stmt)
            args = [stmt[x + 1:y] for x, y in zip(commas, commas[1:] + [len(stmt)])]
            base = stmt[:commas[0]] if commas else stmt
            for slot, values in ((1, COLOURS), (2, ANGLES), (3, ANGLES), (4, ASPECTS)):
                for v in values:
                    new = args[:] + [""] * max(0, slot + 1 - len(args))
                    new[slot] = v
                    out.append(body[:a] + base + "," + ",".join(new) + body[b:])
        elif kind == "draw_string" and re.match(r"\s*DRAW", stmt, re.I):
            for m in re.finditer(r'"([^"]*)"?', stmt):
                s, e = m.start(1), m.end(1)
                text = m.group(1)
                for n in re.finditer(r"\d+", text):
                    out.extend(body[:a + s + n.start()] + v + body[a + s + n.end():]
                               for v in DRAW_NUMBERS if v != n.group(0))
                for c in re.finditer(r"[A-Za-z][^A-Za-z;]*;?", text):
                    out.append(body[:a + s + c.start()] + body[a + s + c.end():])
                for ins in DRAW_INSERTS:
                    out.append(body[:a + e] + ins + body[a + e:])
                    out.append(body[:a + s] + ins + body[a + s:])
    return out


# ---------------------------------------------------------------- the typed keys

def key_units(keys: str) -> list[str]:
    """keys= split into keys as PC-BASIC reads the escapes: `\\0` with the next key is one
    key (a scan code), `\\xNN` and `\\r`-style escapes are one key, any other character one."""
    units, i = [], 0

    def one(i: int) -> int:
        if keys[i] == "\\" and i + 1 < len(keys):
            if keys[i + 1] == "x" and i + 3 < len(keys):
                return i + 4
            return i + 2
        return i + 1

    while i < len(keys):
        j = one(i)
        if keys[i:j] == "\\0" and j < len(keys):
            j = one(j)
        units.append(keys[i:j])
        i = j
    return units


KEY_NUMBERS = ["0", "1", "10", ".", "65529", "65530", "65535", "65536", "32768", "-1"]


def key_candidates(keys: str, kind: str) -> list[str]:
    """The new keys= strings one kind of keys mutation makes; never in the last typed line
    (the usual SYSTEM), so the session still ends."""
    units = key_units(keys)
    ends = [k for k, u in enumerate(units) if u == "\\r"]
    lines, start = [], 0
    for e in ends + ([len(units) - 1] if not ends or ends[-1] < len(units) - 1 else []):
        lines.append((start, e + 1))
        start = e + 1
    last = lines[-1][0] if len(lines) >= 2 else len(units)
    out = []
    if kind == "key_number":
        text = "".join(units[:last])
        starts = [len("".join(units[:k])) for k in range(last)]
        singles = {starts[k] for k in range(last) if len(units[k]) == 1}
        for m in re.finditer(r"\d+", text):
            if all(p in singles for p in range(m.start(), m.end())):
                out.extend(text[:m.start()] + v + text[m.end():] + "".join(units[last:])
                           for v in KEY_NUMBERS if v != m.group(0))
    elif kind == "key_drop":
        out.extend("".join(units[:k] + units[k + 1:]) for k in range(last))
    elif kind == "key_repeat":
        out.extend("".join(units[:k + 1] + units[k:]) for k in range(last))
    elif kind in ("key_line_drop", "key_line_repeat"):
        for s, e in lines[:-1]:
            if kind == "key_line_drop":
                out.append("".join(units[:s] + units[e:]))
            else:
                out.append("".join(units[:e] + units[s:e] + units[e:]))
    return [k for k in out if k != keys]


# ---------------------------------------------------------------- general edits

STRING_FUNCTIONS = {"CHR$", "MID$", "LEFT$", "RIGHT$", "STR$", "STRING$", "SPACE$", "HEX$",
                    "OCT$", "INKEY$", "INPUT$", "MKI$", "MKS$", "MKD$", "DATE$", "TIME$",
                    "ENVIRON$", "ERDEV$", "IOCTL$", "VARPTR$"}
OTHER_SUFFIX = {"$": "%", "%": "$", "!": "#", "#": "$"}


def general_candidates(body: str, kind: str) -> list[str]:
    """The new bodies one general kind makes of one line."""
    mask = code_mask(body)
    out = []
    if kind == "suffix":
        for m in re.finditer(r"(?<![A-Z0-9.])([A-Z][A-Z0-9.]*)([$%!#])", body, re.I):
            name = m.group(1).upper()
            if not mask[m.start()] or name + m.group(2) in STRING_FUNCTIONS or \
                    name.startswith("FN") or m.group(2) == "#" and name in (
                        "PRINT", "INPUT", "WRITE", "GET", "PUT", "FIELD", "CLOSE"):
                continue
            out.append(body[:m.start(2)] + OTHER_SUFFIX[m.group(2)] + body[m.end(2):])
    elif kind == "num_string":
        for a, b in statements(body):
            stmt = body[a:b]
            if stmt.lstrip().upper().startswith(("DATA", "REM", "'")):
                continue
            for m in NUMBER.finditer(stmt):
                before = stmt[:m.start()].rstrip().upper()
                if not mask[a + m.start()] or re.search(
                        r"(GOTO|GOSUB|THEN|ELSE|RESTORE|RESUME|RUN|RETURN|LIST|DELETE|AUTO|"
                        r"RENUM|EDIT|ERL\s*[=<>]+)$", before) or \
                        re.search(r"\b(GOTO|GOSUB|RENUM|AUTO)\b.*[,-]$", before):
                    continue
                out.append(body[:a + m.start()] + '"' + m.group(0) + '"' + body[a + m.end():])
    elif kind == "drop_optional":
        for a, b in statements(body):
            stmt = body[a:b]
            up = stmt.upper()
            m = re.search(r"\s*STEP\s*[^:]*$", stmt, re.I)
            if up.lstrip().startswith("FOR") and m:
                out.append(body[:a + m.start()] + body[b:])
            m = re.match(r"(\s*(?:PRINT|INPUT|WRITE|LINE\s*INPUT)\s*)#\s*\w+\s*,", stmt, re.I)
            if m:
                out.append(body[:a] + m.group(1) + stmt[m.end():] + body[b:])
            if re.match(r"\s*(PRINT|LPRINT|\?)", stmt, re.I) and mask[a] and \
                    mask[b - 1 if b > a else a]:
                tail = stmt.rstrip()
                if tail.endswith((";", ",")):
                    out.append(body[:a] + tail[:-1] + body[b:])
                else:
                    out.append(body[:a] + tail + ";" + body[b:])
            m = re.match(r'(\s*(?:LINE\s*)?INPUT\s*;?\s*)"[^"]*"\s*[;,]', stmt, re.I)
            if m:
                out.append(body[:a] + m.group(1) + stmt[m.end():] + body[b:])
            m = re.search(r"\s*ELSE\b.*$", stmt, re.I)
            if up.lstrip().startswith("IF") and m and mask[a + m.start() + 1]:
                out.append(body[:a + m.start()] + body[b:])
    return out


# ---------------------------------------------------------------- the eighth round's edits

BUILTINS = ("CHR$|MID$|LEFT$|RIGHT$|STR$|STRING$|SPACE$|HEX$|OCT$|INPUT$|MKI$|MKS$|MKD$|"
            "ENVIRON$|IOCTL$|ASC|LEN|VAL|INSTR|INT|FIX|ABS|SGN|SQR|SIN|COS|TAN|ATN|EXP|LOG|"
            "RND|CINT|CSNG|CDBL|CVI|CVS|CVD|PEEK|INP|POS|LPOS|EOF|LOC|LOF|FRE|TAB|SPC|"
            "POINT|PMAP|SCREEN|VARPTR|USR\\d?|STICK|STRIG|PEN|PLAY|TIMER|ERDEV")
BUILTIN_CALL = re.compile(r"(?<![A-Z0-9.])(%s)\s*\(" % BUILTINS.replace("$", r"\$"), re.I)
TRAILING = [" 1", ",", " X", ";", ",,"]
BAD_OPERANDS = ["-1", "0", "-32769", "65536", "-.4", "2.5", "&HFFFF", "&H8000", "-0"]


def closing(text: str, open_at: int) -> int | None:
    """The index of the `)` that closes the `(` at open_at, outside strings."""
    depth, quoted = 0, False
    for i in range(open_at, len(text)):
        c = text[i]
        if c == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
    return None


def eighth_candidates(body: str, kind: str) -> list[str]:
    """The new bodies one of the eighth round's kinds makes of one line: fn_add_arg (`,1`
    added to a built-in function's arguments), fn_drop_arg (its last argument dropped),
    trailing (a stray ` 1`, `,`, ` X`, `;` or `,,` after a statement), separator (a
    top-level `,` made `;` or a `;` made `,`), bad_operand (a numeric operand made -1, 0,
    -32769, 65536, -.4, 2.5, &HFFFF, &H8000 or -0)."""
    mask = code_mask(body)
    out = []
    for a, b in statements(body):
        stmt = body[a:b]
        head = stmt.lstrip().upper()
        if head.startswith(("DATA", "REM", "'")):
            continue
        if kind in ("fn_add_arg", "fn_drop_arg"):
            for m in BUILTIN_CALL.finditer(stmt):
                if not mask[a + m.start()]:
                    continue
                o = m.end() - 1
                c = closing(stmt, o)
                if c is None:
                    continue
                if kind == "fn_add_arg":
                    out.append(body[:a + c] + ",1" + body[a + c:])
                else:
                    inner = top_commas(stmt[o + 1:c])
                    if inner:
                        out.append(body[:a + o + 1 + inner[-1]] + body[a + c:])
        elif kind == "trailing":
            if head.startswith("IF") or not mask[b - 1 if b > a else a]:
                continue
            end = a + len(stmt.rstrip())
            out.extend(body[:end] + t + body[end:] for t in TRAILING)
        elif kind == "separator":
            if head.startswith("IF"):
                continue
            depth, quoted = 0, False
            for i, c in enumerate(stmt):
                if c == '"':
                    quoted = not quoted
                elif quoted:
                    continue
                elif c in "()":
                    depth += 1 if c == "(" else -1
                elif c in ",;" and depth == 0 and mask[a + i]:
                    out.append(body[:a + i] + (";" if c == "," else ",") + body[a + i + 1:])
        elif kind == "bad_operand":
            for m in NUMBER.finditer(stmt):
                before = stmt[:m.start()].rstrip().upper()
                if not mask[a + m.start()] or re.search(
                        r"(GOTO|GOSUB|THEN|ELSE|RESTORE|RESUME|RUN|RETURN|LIST|DELETE|AUTO|"
                        r"RENUM|EDIT|ERL\s*[=<>]+|[-&])$", before) or \
                        re.search(r"\b(GOTO|GOSUB|RENUM|AUTO)\b.*[,-]$", before):
                    continue
                out.extend(body[:a + m.start()] + v + body[a + m.end():]
                           for v in BAD_OPERANDS if v != m.group(0))
    return out
