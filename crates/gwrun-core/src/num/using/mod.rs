//! PRINT USING: the format-string scanner (BIPRTU.ASM PRINUS) and the numeric field
//! formatter ($PUFOT, $PUF, $PUFE, $PUI, $FOTZS, $PUFXE in MATH1.ASM/MATH2.ASM), ported
//! from Microsoft's GW-BASIC (MIT licence). The scanner is here; the formatter, which builds
//! the number in a buffer exactly as GW does, is `using::field`.
//!
//! Driving it: `UsingFormatter::new(format)`, then for each value of the PRINT list call
//! `next_field` (it emits the literal text before the next field, reusing the format
//! cyclically; call it before evaluating the value, as GW-BASIC does) and `put_num` or
//! `put_str` (or `push_num`/`push_str` for both steps); at the end of the statement call
//! `finish` (emits literal text up to the next field or the end of the format). Even a
//! PRINT USING without values should call `next_field` once: a format without any field
//! prints its text and then fails with Illegal function call.

mod field;

use super::Num;
use field::format_number;

/// Errors PRINT USING raises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsingError {
    /// Error 5: empty format, no field in a whole pass over the format, or a numeric
    /// field wider than 24 characters.
    IllegalFunctionCall,
    /// Error 13: a string for a numeric field or a number for a string field.
    TypeMismatch,
}

/// The kind of the field a value will go into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Numeric,
    Text,
}

/// Flag bits of a numeric field ($PUFOT's AL).
const SCI: u8 = 0x01;
const TRAILING_SIGN: u8 = 0x04;
const PLUS: u8 = 0x08;
const DOLLAR: u8 = 0x10;
const STARS: u8 = 0x20;
const COMMAS: u8 = 0x40;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spec {
    /// `left`: positions before the point (incl. sign, `$`, `**`); `right`: the point and
    /// the digits after it.
    Num { flags: u8, left: u8, right: u8 },
    /// Width of a string field; 0 for `&` (the whole string).
    Str { width: u8 },
}

/// A PRINT USING statement in progress (see the module notes).
#[derive(Debug, Clone)]
pub struct UsingFormatter {
    fmt: Vec<u8>,
    pos: usize,
    printed: bool,
    pending: Option<Spec>,
}

impl UsingFormatter {
    /// Starts a PRINT USING; an empty format is Illegal function call.
    pub fn new(format: &[u8]) -> Result<Self, UsingError> {
        if format.is_empty() {
            return Err(UsingError::IllegalFunctionCall);
        }
        Ok(UsingFormatter {
            fmt: format.to_vec(),
            pos: 0,
            printed: false,
            pending: None,
        })
    }

    /// Emits literal text up to the next field and tells its kind. At the end of the
    /// format it starts again from the beginning, unless no value was printed in the
    /// pass just ended (Illegal function call).
    pub fn next_field(&mut self, out: &mut Vec<u8>) -> Result<Field, UsingError> {
        loop {
            if let Some(spec) = self.pending {
                return Ok(match spec {
                    Spec::Num { .. } => Field::Numeric,
                    Spec::Str { .. } => Field::Text,
                });
            }
            if self.pos >= self.fmt.len() {
                if !self.printed {
                    return Err(UsingError::IllegalFunctionCall);
                }
                self.pos = 0;
                self.printed = false;
            }
            self.pending = self.scan_item(out);
        }
    }

    /// Prints a number into the pending field (found by `next_field`).
    pub fn put_num(&mut self, n: Num, out: &mut Vec<u8>) -> Result<(), UsingError> {
        self.next_field(out)?;
        match self.pending.take() {
            Some(Spec::Num { flags, left, right }) => {
                if u32::from(left) + u32::from(right) >= 25 {
                    return Err(UsingError::IllegalFunctionCall);
                }
                out.extend_from_slice(&format_number(n, flags, left, right));
                self.printed = true;
                Ok(())
            }
            _ => Err(UsingError::TypeMismatch),
        }
    }

    /// Prints a string into the pending field: `!` first character, `\  \` that many
    /// characters padded with spaces, `&` the whole string.
    pub fn put_str(&mut self, s: &[u8], out: &mut Vec<u8>) -> Result<(), UsingError> {
        self.next_field(out)?;
        match self.pending.take() {
            Some(Spec::Str { width: 0 }) => out.extend_from_slice(s),
            Some(Spec::Str { width }) => {
                let w = usize::from(width);
                out.extend_from_slice(&s[..s.len().min(w)]);
                out.extend(std::iter::repeat_n(b' ', w.saturating_sub(s.len())));
            }
            _ => return Err(UsingError::TypeMismatch),
        }
        self.printed = true;
        Ok(())
    }

    /// `next_field` then `put_num`.
    pub fn push_num(&mut self, n: Num, out: &mut Vec<u8>) -> Result<(), UsingError> {
        self.next_field(out)?;
        self.put_num(n, out)
    }

    /// `next_field` then `put_str`.
    pub fn push_str(&mut self, s: &[u8], out: &mut Vec<u8>) -> Result<(), UsingError> {
        self.next_field(out)?;
        self.put_str(s, out)
    }

    /// End of the statement: literal text up to the next field or the end of the format.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        while self.pending.is_none() && self.pos < self.fmt.len() {
            self.pending = self.scan_item(out);
        }
    }

    fn at(&self, i: usize) -> Option<u8> {
        self.fmt.get(i).copied()
    }

    /// PRCCHR: one step of the scan — either literal output (None) or a field.
    fn scan_item(&mut self, out: &mut Vec<u8>) -> Option<Spec> {
        let mut plus = false;
        let flush = |plus: bool, out: &mut Vec<u8>| {
            if plus {
                out.push(b'+');
            }
        };
        loop {
            let c = self.at(self.pos)?;
            self.pos += 1;
            let plus_flag = if plus { PLUS } else { 0 };
            match c {
                b'!' => {
                    flush(plus, out);
                    return Some(Spec::Str { width: 1 });
                }
                b'&' => {
                    flush(plus, out);
                    return Some(Spec::Str { width: 0 });
                }
                b'#' => return Some(self.numeric(plus_flag, 0, 0, false)),
                _ => {}
            }
            if self.pos >= self.fmt.len() {
                flush(plus, out);
                out.push(c);
                return None;
            }
            let next = self.at(self.pos);
            match c {
                b'+' => {
                    flush(plus, out);
                    plus = true;
                    continue;
                }
                b'.' if next == Some(b'#') => {
                    self.pos += 1;
                    return Some(self.numeric(plus_flag, 0, 1, true));
                }
                b'_' => {
                    flush(plus, out);
                    out.extend(next);
                    self.pos += 1;
                    return None;
                }
                b'\\' => {
                    if let Some(width) = self.backslash_width() {
                        flush(plus, out);
                        return Some(Spec::Str { width });
                    }
                }
                b'$' if next == Some(b'$') => {
                    self.pos += 1;
                    return Some(self.numeric(plus_flag | DOLLAR, 1, 0, false));
                }
                b'*' if next == Some(b'*') => {
                    self.pos += 1;
                    if self.at(self.pos) == Some(b'$') {
                        self.pos += 1;
                        return Some(self.numeric(plus_flag | STARS | DOLLAR, 2, 0, false));
                    }
                    return Some(self.numeric(plus_flag | STARS, 1, 0, false));
                }
                _ => {}
            }
            flush(plus, out);
            out.push(c);
            return None;
        }
    }

    /// BGSTRF: after a `\`, spaces up to another `\` make a field of 2 + spaces.
    fn backslash_width(&mut self) -> Option<u8> {
        let mut i = self.pos;
        let mut width = 2u8;
        while let Some(c) = self.at(i) {
            i += 1;
            match c {
                b'\\' => {
                    self.pos = i;
                    return Some(width);
                }
                b' ' => width = width.wrapping_add(1),
                _ => return None,
            }
        }
        None
    }

    /// NUMNUM … ENDNUM: the rest of a numeric field. `left`/`right` count what was
    /// consumed so far (`right` includes the point); `after_dot` resumes after `.#`.
    fn numeric(&mut self, flags: u8, left: u8, right: u8, after_dot: bool) -> Spec {
        let (mut flags, mut left, mut right) = (flags, left, right);
        let mut in_fraction = after_dot;
        if after_dot {
            right += 1;
        } else {
            left += 1;
        }
        while let Some(c) = self.at(self.pos) {
            self.pos += 1;
            match (in_fraction, c) {
                (false, b'#') => left += 1,
                (false, b',') => {
                    flags |= COMMAS;
                    left += 1;
                }
                (false, b'.') => {
                    in_fraction = true;
                    right = 2;
                    if self.at(self.pos) != Some(b'#') {
                        right = 1;
                    } else {
                        self.pos += 1;
                    }
                }
                (true, b'#') => right += 1,
                _ => {
                    self.pos -= 1;
                    if c == b'^' && self.fmt[self.pos..].starts_with(b"^^^^") {
                        self.pos += 4;
                        flags |= SCI;
                    }
                    break;
                }
            }
        }
        if flags & PLUS != 0 {
            left += 1;
        } else {
            match self.at(self.pos) {
                Some(b'-') => {
                    flags |= TRAILING_SIGN;
                    self.pos += 1;
                }
                Some(b'+') => {
                    flags |= TRAILING_SIGN | PLUS;
                    self.pos += 1;
                }
                _ => {}
            }
        }
        Spec::Num { flags, left, right }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::{Double, Single};

    fn using(fmt: &str, n: Num) -> String {
        let mut f = UsingFormatter::new(fmt.as_bytes()).unwrap();
        let mut out = Vec::new();
        f.push_num(n, &mut out).unwrap();
        f.finish(&mut out);
        String::from_utf8(out).unwrap()
    }

    fn s(v: f64) -> Num {
        Num::Sng(Single::from_f64(v))
    }

    #[test]
    fn real_gw_scientific_fields() {
        // [M gwbasic/PRINT_USING_scientific]
        assert_eq!(using("#,###.#######^^^^", s(1e6)), " 1000.0000000E+03");
        assert_eq!(using("#,###.####^^^^", s(1e6)), " 1000.0000E+03");
        assert_eq!(using("#^^^^", Num::Int(1)), " E+01");
        assert_eq!(using("#^^^^", Num::Int(0)), " E+00");
        assert_eq!(using("####.^^^^", Num::Int(1000)), " 100.E+01");
        assert_eq!(using("#.^^^^", Num::Int(0)), "0.E+00");
        assert_eq!(using("##,###.", s(1e6)), "%1,000,000.");
    }

    #[test]
    fn fixed_fields() {
        assert_eq!(using("#.####", s(1.5)), "1.5000");
        assert_eq!(using("##.##", s(-1.5)), "-1.50");
        assert_eq!(using("###", Num::Int(5)), "  5");
        assert_eq!(using("#,###", Num::Int(1234)), "1,234");
        assert_eq!(using("**###", Num::Int(12)), "***12");
        assert_eq!(using("$$###", Num::Int(12)), "  $12");
        assert_eq!(using("+##", Num::Int(5)), " +5");
        assert_eq!(using("##-", Num::Int(-5)), " 5-");
        assert_eq!(using("#.#", s(99.0)), "%99.0");
        assert_eq!(using("#.##", Num::Dbl(Double::from_f64(0.125))), "0.13");
    }

    #[test]
    fn string_fields_and_literals() {
        let mut f = UsingFormatter::new(b"[!][\\  \\][&]_#").unwrap();
        let mut out = Vec::new();
        f.push_str(b"abc", &mut out).unwrap();
        f.push_str(b"xy", &mut out).unwrap();
        f.push_str(b"long text", &mut out).unwrap();
        f.finish(&mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "[a][xy  ][long text]#");
    }

    #[test]
    fn errors() {
        assert_eq!(
            UsingFormatter::new(b"").unwrap_err(),
            UsingError::IllegalFunctionCall
        );
        let mut out = Vec::new();
        let mut f = UsingFormatter::new(b"abc").unwrap();
        assert_eq!(
            f.push_num(Num::Int(1), &mut out),
            Err(UsingError::IllegalFunctionCall)
        );
        assert_eq!(out, b"abc");
        let mut f = UsingFormatter::new(b"##").unwrap();
        assert_eq!(f.push_str(b"x", &mut out), Err(UsingError::TypeMismatch));
        let mut f = UsingFormatter::new(b"#########################").unwrap();
        assert_eq!(
            f.push_num(Num::Int(1), &mut out),
            Err(UsingError::IllegalFunctionCall)
        );
    }

    #[test]
    fn format_is_reused() {
        let mut f = UsingFormatter::new(b"<##>").unwrap();
        let mut out = Vec::new();
        f.push_num(Num::Int(1), &mut out).unwrap();
        f.push_num(Num::Int(2), &mut out).unwrap();
        f.finish(&mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "< 1>< 2>");
    }
}
