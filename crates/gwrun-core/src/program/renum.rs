//! RENUM: renumbers program lines and every line-number reference in them (GOTO, GOSUB,
//! THEN, ELSE, ON…GOTO, RESTORE, RESUME, RETURN, RUN, LIST, ERL comparisons…: every
//! 0x0E constant), reporting references to missing lines as GW-BASIC does.

use crate::error::ErrorCode;
use crate::program::Program;
use crate::text::token::byte;
use std::collections::BTreeMap;

/// Renumbers lines from `old` on, starting at `new` in steps of `step`. Returns the
/// "Undefined line NNN in MMM" messages.
pub fn renum(p: &mut Program, new: u16, old: u16, step: u16) -> Result<Vec<String>, ErrorCode> {
    renum_map(p, new, old, step).map(|(warnings, _)| warnings)
}

/// `renum`, also returning each renumbered line's old and new number (for what holds
/// line numbers outside the text: the ON ERROR handler, event traps).
pub fn renum_map(
    p: &mut Program,
    new: u16,
    old: u16,
    step: u16,
) -> Result<(Vec<String>, BTreeMap<u16, u16>), ErrorCode> {
    if step == 0 {
        return Err(ErrorCode::IllegalFunctionCall);
    }
    // the first line at or after `new` must not come before the first line at or after
    // `old`: no line that keeps its number may be `new` or above, whether or not any line
    // is renumbered [S GWMAIN.ASM RESNN: two FNDLINs, `CMP BX,DX`, FCERR]
    if p.iter().any(|(n, _)| n < old && n >= new) {
        return Err(ErrorCode::IllegalFunctionCall);
    }
    let mut map = BTreeMap::new();
    let mut next = u32::from(new);
    for (n, _) in p.iter() {
        if n >= old {
            if next > 65529 {
                return Err(ErrorCode::IllegalFunctionCall);
            }
            map.insert(n, next as u16);
            next += u32::from(step);
        }
    }
    let mut warnings = Vec::new();
    let mut lines = BTreeMap::new();
    for (n, body) in p.iter() {
        let new_n = map.get(&n).copied().unwrap_or(n);
        let body = rewrite_refs(body, |r| match map.get(&r) {
            Some(&m) => Some(m),
            None if p.contains(r) => Some(r),
            None => {
                // reported while references are looked up, before renumbering: the
                // line's old number (PC-BASIC agrees)
                warnings.push(format!("Undefined line {r} in {n}"));
                None
            }
        });
        lines.insert(new_n, body);
    }
    p.replace_all(lines);
    Ok((warnings, map))
}

/// Copies a body, passing every line-number constant through `f`; the 0 of
/// `ON ERROR GOTO 0` is not a line [M gwbasic/RENUM_error_handler].
fn rewrite_refs(body: &[u8], mut f: impl FnMut(u16) -> Option<u16>) -> Vec<u8> {
    use crate::text::decode::Tok;
    use crate::text::token::Keyword;
    let toks = crate::text::decode::decode(body);
    let mut out = body.to_vec();
    for (i, t) in toks.iter().enumerate() {
        if let Tok::LineNum(n) = t.tok {
            if n == 0 {
                let mut before = toks[..i]
                    .iter()
                    .rev()
                    .filter(|t| t.tok != Tok::Char(b' '))
                    .map(|t| &t.tok);
                if before.next() == Some(&Tok::Kw(Keyword::Goto))
                    && before.next() == Some(&Tok::Kw(Keyword::Error))
                {
                    continue;
                }
            }
            let at = t.span.start as usize;
            // a constant cut short by the end of a damaged line is left alone
            if body[at] == byte::LINE_NUM
                && t.span.len() == 3
                && let Some(m) = f(n)
            {
                out[at + 1..at + 3].copy_from_slice(&m.to_le_bytes());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renumbers_lines_and_references() {
        let mut p = Program::from_ascii(b"5 GOTO 7\n7 GOSUB 5: GOTO 99\n").unwrap();
        let w = renum(&mut p, 10, 0, 10).unwrap();
        assert_eq!(w, vec!["Undefined line 99 in 7".to_string()]);
        let listed: Vec<String> = p
            .iter()
            .map(|(n, b)| String::from_utf8(crate::text::list::list_line(n, b)).unwrap())
            .collect();
        assert_eq!(listed, vec!["10 GOTO 20", "20 GOSUB 10: GOTO 99"]);
    }
}
