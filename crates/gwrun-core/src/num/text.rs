//! Number text in: one scanner for program literals (the cruncher), VAL, INPUT and READ,
//! a port of Microsoft's GW-BASIC `$FIN` (MATH1.ASM, MATH2.ASM `$FIDIG`/`$FINEX`/FINFC,
//! `$FINE`/MDPTEN) and OCTCNS (GWEVAL.ASM), MIT licence. Digits accumulate as an integer
//! while the value stays ≤ 32767, then as a single below 1,000,000, then as a double;
//! the decimal exponent is applied with double-precision powers of ten and the result
//! goes back to single (rounding half up) unless it is a double. Blanks (space, TAB, LF)
//! inside a number are skipped, as CHRGET skips them: `1 2` is 12. Also here: how LIST
//! writes a stored constant, and the token bytes the cruncher stores for one.

use super::tables::{POW10, S_MILLION, S_TEN};
use super::{Double, FloatError, Num, Single};
use nom::IResult;
use nom::Parser;
use nom::bytes::complete::take_while;

/// How a constant was written: decimal digits, `&H…` or `&O…`/`&…`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Radix {
    Decimal,
    Hex,
    Octal,
}

/// A hard error found while reading an `&H`/`&O` constant (OCTCNS).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextError {
    /// An octal constant with a digit 8 or 9: Syntax error (in INPUT: "?Redo from start").
    SyntaxError,
    /// More than 16 bits (five hex digits, or an octal value past 177777): Overflow, a
    /// hard error 6 (in INPUT GW prints "Overflow" and asks again).
    Overflow,
}

/// A number read from text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parsed {
    /// The value, typed as GW-BASIC types it (digest §6.3).
    pub value: Num,
    /// Bytes of the text that belong to the number, including blanks inside it but not
    /// blanks after it (the cruncher backs up over those: GWMAIN.ASM BAKSP).
    pub len: usize,
    /// A decimal literal was too large: it saturated to ±max and GW-BASIC printed
    /// "Overflow" once (a soft error).
    pub overflow: bool,
    /// How the constant was written.
    pub radix: Radix,
    /// A hard error from an `&H`/`&O` constant; `value` holds what was read before it.
    pub error: Option<TextError>,
}

/// The literal at the start of program text (which starts with a digit, `.` or `&`), as
/// the cruncher reads it. A literal never includes a sign. None if the text does not
/// start a number.
pub fn parse_literal(text: &[u8]) -> Option<Parsed> {
    match text.first()? {
        b'&' => Some(octcns(text, 0)),
        b'0'..=b'9' | b'.' => Some(Fin::new(text, false).run(false)),
        _ => None,
    }
}

/// VAL: leading blanks skipped, an optional sign, `&H`/`&O`, digits accumulated in double
/// precision (FINDBL), stops at the first character that cannot continue the number.
/// Hard errors of `&` constants are ignored here (see `val_full`).
pub fn val(text: &[u8]) -> Num {
    match val_full(text) {
        Ok(p) => p.value,
        Err(_) => Num::Int(0),
    }
}

/// VAL with its errors: `Parsed::overflow` asks for the soft "Overflow" message; an `&`
/// constant error is returned as the hard error GW-BASIC raises.
pub fn val_full(text: &[u8]) -> Result<Parsed, TextError> {
    if text.is_empty() {
        return Ok(Parsed {
            value: Num::Int(0),
            len: 0,
            overflow: false,
            radix: Radix::Decimal,
            error: None,
        });
    }
    let start = skip_blanks(text, 0);
    let mut p = if text.get(start) == Some(&b'&') {
        octcns(text, start)
    } else {
        Fin::new(&text[start..], true).run(true)
    };
    if let Some(e) = p.error {
        return Err(e);
    }
    if text.get(start) != Some(&b'&') {
        p.len += start;
    }
    Ok(p)
}

/// An INPUT or READ numeric field (already split at commas): surrounding blanks are
/// allowed, the whole field must be one number. `double_target` is true when the
/// variable is double precision (GW then reads with FINDBL). None means "?Redo from
/// start" for INPUT and Syntax error for READ.
pub fn parse_number_field(field: &[u8], double_target: bool) -> Option<Parsed> {
    let start = skip_blanks(field, 0);
    let p = if field.get(start) == Some(&b'&') {
        octcns(field, start)
    } else {
        let mut p = Fin::new(&field[start..], double_target).run(true);
        p.len += start;
        p
    };
    if p.error.is_some() {
        return None;
    }
    (skip_blanks(field, p.len) == field.len()).then_some(p)
}

/// An INPUT# item read as a number: like VAL, it stops at the first byte that cannot
/// continue the number (`5$f` is 5, `thirteen` 0), and reads in double precision only for
/// a double target (GW's FIN or FINDBL). `overflow` asks for the soft "Overflow"; an
/// `&H`/`&O` constant's `error` is OCTCNS's hard error (FLGSCN is clear for a file:
/// DSKCOM.ASM FILIND → GWMAIN.ASM NUMINS → FIN → GWEVAL.ASM OCTCNS's OVERR, CONERR).
pub fn file_number(text: &[u8], double_target: bool) -> Parsed {
    let start = skip_blanks(text, 0);
    if text.get(start) == Some(&b'&') {
        return octcns(text, start);
    }
    let mut p = Fin::new(&text[start..], double_target).run(true);
    p.len += start;
    p
}

/// A READ item read into a numeric variable (GWMAIN.ASM NUMINS): blanks skipped, then FIN
/// (FINDBL for a double target) reads as far as the number goes, `&H`/`&O` through
/// OCTCNS with its hard errors (READ leaves FLGSCN clear). What follows the number is the
/// caller's to check (STRDN2), after the value is stored.
pub fn data_number(text: &[u8], double_target: bool) -> Result<Parsed, TextError> {
    let start = skip_blanks(text, 0);
    if text.get(start) == Some(&b'&') {
        let p = octcns(text, start);
        return match p.error {
            Some(e) => Err(e),
            None => Ok(p),
        };
    }
    let mut p = Fin::new(&text[start..], double_target).run(true);
    p.len += start;
    Ok(p)
}

/// `parse_number_field` for a single/integer target, value only.
pub fn parse_input_number(field: &[u8]) -> Option<Num> {
    parse_number_field(field, false).map(|p| p.value)
}

/// How LIST shows a stored decimal constant (digest §11.2): the PRINT digits without the
/// sign position, with `!` after a single and `#` after a double whose text would not
/// show the type (`1!`, `100000!`, `1000#`, `12345678#`; `1.5`, `1E+07` unchanged).
pub fn list_text(n: Num) -> String {
    match n {
        Num::Int(i) => i.to_string(),
        Num::Sng(s) => typed(s.to_basic_string(), '!', |t| !t.contains(['.', 'E'])),
        Num::Dbl(d) => typed(d.to_basic_string(), '#', |t| !t.contains('D')),
    }
}

/// How LIST shows an `&H`/`&O` constant: `&HFF`, `&O17`.
pub fn list_text_radix(value: i16, radix: Radix) -> String {
    match radix {
        Radix::Hex => format!("&H{}", super::hex_string(value)),
        Radix::Octal => format!("&O{}", super::oct_string(value)),
        Radix::Decimal => value.to_string(),
    }
}

fn typed(text: String, sigil: char, needs: impl Fn(&str) -> bool) -> String {
    let body = text.strip_prefix(' ').unwrap_or(&text).to_string();
    if needs(&body) {
        body + &sigil.to_string()
    } else {
        body
    }
}

/// The bytes GW-BASIC's cruncher stores for a literal (digest §1.2): 0x11–0x1A for 0–9,
/// 0x0F + 1 byte, 0x1C + 2, 0x1D + 4 (single), 0x1F + 8 (double), 0x0C/0x0B + 2 for
/// hex/octal constants.
pub fn literal_token_bytes(p: &Parsed) -> Vec<u8> {
    let mut out = Vec::with_capacity(9);
    match (p.radix, p.value) {
        (Radix::Hex, Num::Int(i)) => {
            out.push(0x0C);
            out.extend_from_slice(&i.to_le_bytes());
        }
        (Radix::Octal, Num::Int(i)) => {
            out.push(0x0B);
            out.extend_from_slice(&i.to_le_bytes());
        }
        (_, Num::Int(i @ 0..=9)) => out.push(0x11 + i as u8),
        (_, Num::Int(i @ 10..=255)) => out.extend_from_slice(&[0x0F, i as u8]),
        (_, Num::Int(i)) => {
            out.push(0x1C);
            out.extend_from_slice(&i.to_le_bytes());
        }
        (_, Num::Sng(s)) => {
            out.push(0x1D);
            out.extend_from_slice(&s.to_bytes());
        }
        (_, Num::Dbl(d)) => {
            out.push(0x1F);
            out.extend_from_slice(&d.to_bytes());
        }
    }
    out
}

/// The characters GW's text scan skips between the parts of a statement, a number's
/// digits and a line number's digits: blank, TAB and line feed [S GWMAIN.ASM CHRGTR:
/// CHRCON skips `" "`, LOWCHR/NOTCON skip 9 and 10].
#[inline]
pub fn is_blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n')
}

/// Index of the first non-blank at or after `i`.
fn skip_blanks(text: &[u8], i: usize) -> usize {
    let r: IResult<&[u8], &[u8]> = take_while(is_blank).parse(text.get(i..).unwrap_or(&[]));
    match r {
        Ok((_, blanks)) => i + blanks.len(),
        Err(_) => i,
    }
}

/// The number being accumulated, in the type GW-BASIC currently keeps it.
#[derive(Clone, Copy)]
enum Acc {
    Int(i16),
    Sng(Single),
    Dbl(Double),
}

/// $FIN over a byte slice; `pos` is the index of the current character.
struct Fin<'a> {
    text: &'a [u8],
    pos: usize,
    acc: Acc,
    after_point: i32,
    point: bool,
    overflow: bool,
}

impl<'a> Fin<'a> {
    fn new(text: &'a [u8], double: bool) -> Self {
        let acc = if double {
            Acc::Dbl(Double::ZERO)
        } else {
            Acc::Int(0)
        };
        Fin {
            text,
            pos: 0,
            acc,
            after_point: 0,
            point: false,
            overflow: false,
        }
    }

    fn cur(&self) -> u8 {
        self.text.get(self.pos).copied().unwrap_or(0)
    }

    /// CHRGET: advance one character, then skip blanks.
    fn chrget(&mut self) -> u8 {
        self.pos = skip_blanks(self.text, self.pos + 1);
        self.cur()
    }

    fn soft_s(&mut self, r: Result<Single, FloatError>) -> Single {
        r.unwrap_or_else(|e| {
            self.overflow = true;
            e.single_value()
        })
    }

    fn soft_d(&mut self, r: Result<Double, FloatError>) -> Double {
        r.unwrap_or_else(|e| {
            self.overflow = true;
            e.double_value()
        })
    }

    /// The whole scan; `signed` allows a leading `+`/`-` (VAL, INPUT, READ).
    fn run(mut self, signed: bool) -> Parsed {
        let first = self.cur();
        let negative = signed && first == b'-';
        if signed && (first == b'-' || first == b'+') {
            self.chrget();
        } else {
            self.pos = skip_blanks(self.text, 0);
        }
        self.scan();
        let end = self.backed_up_end();
        let mut value = match self.acc {
            Acc::Int(i) => Num::Int(i),
            Acc::Sng(s) => Num::Sng(s),
            Acc::Dbl(d) => Num::Dbl(d),
        };
        if negative {
            value = match value {
                Num::Int(i) => Num::Int(i.wrapping_neg()),
                Num::Sng(s) if s.neg() == Single::from_i32(-32768) => Num::Int(i16::MIN),
                Num::Sng(s) => Num::Sng(s.neg()),
                Num::Dbl(d) => Num::Dbl(d.neg()),
            };
        }
        Parsed {
            value,
            len: end,
            overflow: self.overflow,
            radix: Radix::Decimal,
            error: None,
        }
    }

    /// Where the number ends: after its last non-blank character (BAKSP).
    fn backed_up_end(&self) -> usize {
        let mut end = self.pos.min(self.text.len());
        while end > 0 && is_blank(self.text[end - 1]) {
            end -= 1;
        }
        end
    }

    /// Digits, one decimal point, then an exponent or type character.
    fn scan(&mut self) {
        loop {
            let c = self.cur();
            match c {
                b'0'..=b'9' => {
                    self.digit(c - b'0');
                    self.chrget();
                }
                b'.' if !self.point => {
                    self.point = true;
                    if let Acc::Int(i) = self.acc {
                        self.acc = Acc::Sng(Single::from_i16(i));
                    }
                    self.chrget();
                }
                b'E' | b'e' => {
                    if self.else_or_eqv() {
                        return self.fine(0);
                    }
                    self.force(false);
                    let e = self.exponent();
                    return self.fine(e);
                }
                b'D' | b'd' => {
                    self.force(true);
                    let e = self.exponent();
                    return self.fine(e);
                }
                b'%' => {
                    self.pos += 1;
                    return self.fine(0);
                }
                b'#' | b'!' => {
                    self.force_exact(c == b'#');
                    self.fine(0);
                    self.pos += 1;
                    return;
                }
                _ => return self.fine(0),
            }
        }
    }

    /// $CHKEL: an `E` followed by `L` or `Q` starts ELSE/EQV, not an exponent.
    fn else_or_eqv(&self) -> bool {
        let next = skip_blanks(self.text, self.pos + 1);
        matches!(self.text.get(next), Some(b'L' | b'l' | b'Q' | b'q'))
    }

    /// $FIDIG: multiply the accumulator by ten and add a digit, changing type as needed.
    fn digit(&mut self, d: u8) {
        if self.point {
            self.after_point += 1;
        }
        let d16 = i16::from(d);
        self.acc = match self.acc {
            Acc::Int(i) if i < 3277 && i32::from(i) * 10 + i32::from(d) <= 32767 => {
                Acc::Int(i * 10 + d16)
            }
            Acc::Int(i) => Acc::Sng(self.single_digit(Single::from_i16(i), d)),
            Acc::Sng(s) if s.total_cmp(S_MILLION).is_lt() => Acc::Sng(self.single_digit(s, d)),
            Acc::Sng(s) => Acc::Dbl(self.double_digit(s.to_double(), d)),
            Acc::Dbl(x) => Acc::Dbl(self.double_digit(x, d)),
        };
    }

    fn single_digit(&mut self, s: Single, d: u8) -> Single {
        let t = self.soft_s(s.mul(S_TEN));
        self.soft_s(t.add(Single::from_i16(i16::from(d))))
    }

    fn double_digit(&mut self, x: Double, d: u8) -> Double {
        let t = self.soft_d(x.mul(POW10[1]));
        self.soft_d(t.add(Double::from_i16(i16::from(d))))
    }

    /// $FINFC before an exponent: E forces single unless already double; D forces double.
    fn force(&mut self, double: bool) {
        if matches!(self.acc, Acc::Dbl(_)) {
            return;
        }
        self.force_exact(double);
    }

    /// $FS / $FD: convert the accumulator (a double goes to single with $CSD rounding).
    fn force_exact(&mut self, double: bool) {
        self.acc = match (self.acc, double) {
            (Acc::Int(i), false) => Acc::Sng(Single::from_i16(i)),
            (Acc::Int(i), true) => Acc::Dbl(Double::from_i16(i)),
            (Acc::Sng(s), true) => Acc::Dbl(s.to_double()),
            (Acc::Dbl(x), false) => Acc::Sng(self.soft_s(x.to_single())),
            (a, _) => a,
        };
    }

    /// $FINEX: the exponent after E/D: optional sign, digits (saturating at 32767).
    fn exponent(&mut self) -> i32 {
        let mut c = self.chrget();
        let mut negative = false;
        if c == b'-' || c == b'+' {
            negative = c == b'-';
            c = self.chrget();
        }
        let mut e = 0i32;
        while c.is_ascii_digit() {
            e = if e >= 3276 {
                32767
            } else {
                e * 10 + i32::from(c - b'0')
            };
            c = self.chrget();
        }
        if negative { -e } else { e }
    }

    /// $FINE: scale by 10^(exponent − digits after the point) in double precision, then
    /// back to the accumulator's type (integers become singles).
    fn fine(&mut self, exp10: i32) {
        let d = exp10 - self.after_point;
        if d == 0 {
            return;
        }
        let was_double = matches!(self.acc, Acc::Dbl(_));
        let x = match self.acc {
            Acc::Int(i) => Double::from_i16(i),
            Acc::Sng(s) => s.to_double(),
            Acc::Dbl(x) => x,
        };
        let scaled = if d < -32768 {
            Double::ZERO
        } else if d > 0 {
            if x.is_zero() {
                Double::ZERO
            } else if d >= 39 {
                self.overflow = true;
                Double::max_value(false)
            } else {
                self.soft_d(x.mul(POW10[d as usize]))
            }
        } else if d < -76 {
            Double::ZERO
        } else if d < -38 {
            let first = self.soft_d(x.div(POW10[(-d - 38) as usize]));
            self.soft_d(first.div(POW10[38]))
        } else {
            self.soft_d(x.div(POW10[(-d) as usize]))
        };
        self.acc = if was_double {
            Acc::Dbl(scaled)
        } else {
            Acc::Sng(self.soft_s(scaled.to_single()))
        };
    }
}

/// OCTCNS (GWEVAL.ASM): `&H` hex (at most four digits, letters G–Z end it), `&O` or `&`
/// octal (blanks inside skipped); the 16-bit pattern is the integer.
fn octcns(text: &[u8], amp: usize) -> Parsed {
    let at = skip_blanks(text, amp + 1);
    let c = text.get(at).map(u8::to_ascii_uppercase).unwrap_or(0);
    let mut p = Parsed {
        value: Num::Int(0),
        len: at,
        overflow: false,
        radix: Radix::Octal,
        error: None,
    };
    if c == b'H' {
        p.radix = Radix::Hex;
        let (v, end, err) = hex_digits(text, at + 1);
        (p.value, p.len, p.error) = (Num::Int(v as i16), end, err);
        return p;
    }
    let start = if c == b'O' { at + 1 } else { at };
    let (v, end, err) = octal_digits(text, start);
    (p.value, p.len, p.error) = (Num::Int(v as i16), end, err);
    p
}

fn hex_digits(text: &[u8], start: usize) -> (u16, usize, Option<TextError>) {
    let (mut v, mut i, mut count) = (0u16, start, 0);
    while let Some(d) = text.get(i).and_then(|c| (*c as char).to_digit(16)) {
        v = (v << 4) | d as u16;
        i += 1;
        count += 1;
        if count == 5 {
            return (v, i, Some(TextError::Overflow));
        }
    }
    (v, i, None)
}

fn octal_digits(text: &[u8], start: usize) -> (u16, usize, Option<TextError>) {
    let (mut v, mut i) = (0u16, skip_blanks(text, start));
    while let Some(&c) = text.get(i).filter(|c| c.is_ascii_digit()) {
        if c >= b'8' {
            return (v, i, Some(TextError::SyntaxError));
        }
        if v > 0x1FFF {
            return (v, i, Some(TextError::Overflow));
        }
        v = (v << 3) | u16::from(c - b'0');
        i = skip_blanks(text, i + 1);
    }
    (v, i, None)
}

/// The accumulator of a parsed number as the output routines' FAC (tests only).
#[cfg(test)]
fn fac(n: Num) -> super::format::Fac {
    use super::format::Fac;
    match n {
        Num::Dbl(d) => Fac::D(d),
        other => Fac::S(other.to_single().unwrap_or(Single::ZERO)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(t: &str) -> Parsed {
        parse_literal(t.as_bytes()).unwrap()
    }

    #[test]
    fn literal_typing() {
        assert_eq!(lit("5").value, Num::Int(5));
        assert_eq!(lit("32767").value, Num::Int(32767));
        assert!(matches!(lit("32768").value, Num::Sng(_)));
        assert!(matches!(lit("1.0").value, Num::Sng(_)));
        assert!(matches!(lit("1234567").value, Num::Sng(_)));
        assert!(matches!(lit("12345678").value, Num::Dbl(_)));
        assert!(matches!(lit("1.2345678").value, Num::Dbl(_)));
        assert!(matches!(lit("1E3").value, Num::Sng(_)));
        assert!(matches!(lit("1D3").value, Num::Dbl(_)));
        assert!(matches!(lit("5#").value, Num::Dbl(_)));
        assert!(matches!(lit("5!").value, Num::Sng(_)));
        assert_eq!(lit("65535%").value, Num::Sng(Single::from_i32(65535)));
        assert_eq!(lit("65535%").len, 6);
    }

    #[test]
    fn blanks_inside_count_blanks_after_do_not() {
        let p = lit("1 2 :");
        assert_eq!((p.value, p.len), (Num::Int(12), 3));
        let p = lit("1.5 E 3 ");
        assert_eq!((p.value, p.len), (Num::Sng(Single::from_i32(1500)), 7));
    }

    #[test]
    fn else_after_a_number_is_not_an_exponent() {
        let p = lit("1ELSE");
        assert_eq!((p.value, p.len), (Num::Int(1), 1));
    }

    #[test]
    fn overflow_and_underflow() {
        let p = lit("3.4E38");
        assert!(p.overflow);
        assert_eq!(p.value, Num::Sng(Single::max_value(false)));
        let p = lit("1D100");
        assert_eq!(
            (p.value, p.overflow),
            (Num::Dbl(Double::max_value(false)), true)
        );
        assert_eq!(lit("1E-39").value, Num::Sng(Single::ZERO));
        assert_eq!(lit("2E-39").value, Num::Sng(Single::ZERO));
        assert!(!lit("3E-39").value.is_zero());
    }

    #[test]
    fn hex_and_octal() {
        let p = lit("&HFFFF");
        assert_eq!((p.value, p.radix, p.len), (Num::Int(-1), Radix::Hex, 6));
        assert_eq!(lit("&H8000").value, Num::Int(i16::MIN));
        assert_eq!(lit("&O177777").value, Num::Int(-1));
        assert_eq!(
            (lit("&17").value, lit("&17").radix),
            (Num::Int(15), Radix::Octal)
        );
        assert_eq!(lit("&hab56").value, Num::Int(-21674));
        assert_eq!(lit("&H12345").error, Some(TextError::Overflow));
        assert_eq!(lit("&O200000").error, Some(TextError::Overflow));
        assert_eq!(lit("&18").error, Some(TextError::SyntaxError));
    }

    #[test]
    fn val_reads_in_double_precision() {
        // real GW: VAL("1.2e23") prints 1.2D+23 [M gwbasic/VAL_various]
        assert!(matches!(val(b"1.2e23"), Num::Dbl(_)));
        assert_eq!(val(b" -3"), Num::Dbl(Double::from_i16(-3)));
        assert_eq!(val(b" 1 2"), Num::Dbl(Double::from_i16(12)));
        assert_eq!(val(b"12abc"), Num::Dbl(Double::from_i16(12)));
        assert_eq!(val(b"abc"), Num::Dbl(Double::ZERO));
        assert_eq!(val(b""), Num::Int(0));
        assert_eq!(val(b"&H10"), Num::Int(16));
    }

    #[test]
    fn input_fields() {
        assert_eq!(parse_input_number(b"  42  "), Some(Num::Int(42)));
        assert_eq!(parse_input_number(b""), Some(Num::Int(0)));
        assert_eq!(parse_input_number(b"-32768"), Some(Num::Int(i16::MIN)));
        assert_eq!(parse_input_number(b"12x"), None);
        assert!(matches!(
            parse_number_field(b"1.1", true).map(|p| p.value),
            Some(Num::Dbl(_))
        ));
    }

    #[test]
    fn list_forms() {
        let l = |t: &str| list_text(lit(t).value);
        assert_eq!(l("1.0"), "1!");
        assert_eq!(l("100000"), "100000!");
        assert_eq!(l("1.0E3"), "1000!");
        assert_eq!(l("1D3"), "1000#");
        assert_eq!(l("12345678"), "12345678#");
        assert_eq!(l("1.5"), "1.5");
        assert_eq!(l(".5"), ".5");
        assert_eq!(l("1E20"), "1E+20");
        assert_eq!(list_text_radix(255, Radix::Hex), "&HFF");
    }

    #[test]
    fn token_bytes() {
        assert_eq!(literal_token_bytes(&lit("5")), vec![0x16]);
        assert_eq!(literal_token_bytes(&lit("10")), vec![0x0F, 10]);
        assert_eq!(literal_token_bytes(&lit("300")), vec![0x1C, 0x2C, 0x01]);
        assert_eq!(literal_token_bytes(&lit("1!")), vec![0x1D, 0, 0, 0, 0x81]);
        assert_eq!(literal_token_bytes(&lit("&HFF")), vec![0x0C, 0xFF, 0]);
        assert_eq!(literal_token_bytes(&lit("&O17")), vec![0x0B, 15, 0]);
        assert_eq!(fac(lit("1.5").value).exp(), 0x81);
    }
}
