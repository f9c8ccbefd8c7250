//! Number text out: PRINT and STR$ (free format, `$FOUT`), HEX$ and OCT$. The digits come
//! from GW-BASIC's own generator (`$FOTNV` brackets the number with double-precision
//! powers of ten and single-precision rounding, `$FOTCV` adds .5 and truncates), ported
//! from Microsoft's MATH1.ASM/MATH2.ASM (MIT licence). It is not correctly rounded: the
//! last digit can differ from the nearest decimal (digest §7.2), e.g. 1/3 prints .3333334.

use super::tables::{DOUBLE_HALF, DOUBLE_TENTH, FOTB, HIDBL, POW10, S_HALF, S_MILLION, S_TEN};
use super::{Double, FloatError, Single};

/// The floating accumulator as the output routines see it: single or double.
#[derive(Clone, Copy, Debug)]
pub(super) enum Fac {
    S(Single),
    D(Double),
}

impl Fac {
    pub(super) fn exp(self) -> u32 {
        match self {
            Fac::S(s) => s.exp(),
            Fac::D(d) => d.exp(),
        }
    }

    pub(super) fn is_double(self) -> bool {
        matches!(self, Fac::D(_))
    }

    pub(super) fn is_zero(self) -> bool {
        match self {
            Fac::S(s) => s.is_zero(),
            Fac::D(d) => d.is_zero(),
        }
    }

    /// MDPTEN: multiply (t > 0) or divide (t < 0) by 10^|t| in double precision; a single
    /// goes to double and comes back through $CSD.
    pub(super) fn mdpten(self, t: i32) -> Fac {
        match self {
            Fac::S(s) => {
                let d = scale_double(s.to_double(), t);
                Fac::S(d.to_single().unwrap_or_else(FloatError::single_value))
            }
            Fac::D(d) => Fac::D(scale_double(d, t)),
        }
    }

    /// $MUL10.
    pub(super) fn mul10(self) -> Fac {
        match self {
            Fac::S(s) => Fac::S(s.mul(S_TEN).unwrap_or_else(FloatError::single_value)),
            Fac::D(d) => Fac::D(d.mul(POW10[1]).unwrap_or_else(FloatError::double_value)),
        }
    }

    /// $DIV10: multiply by the constant 0.1 (as a single for singles).
    pub(super) fn div10(self) -> Fac {
        match self {
            Fac::S(s) => Fac::S(s.mul(super::tables::S_TENTH).unwrap_or(Single::ZERO)),
            Fac::D(d) => Fac::D(d.mul(DOUBLE_TENTH).unwrap_or(Double::ZERO)),
        }
    }

    /// $VADDH: add .5.
    pub(super) fn add_half(self) -> Fac {
        match self {
            Fac::S(s) => Fac::S(s.add(S_HALF).unwrap_or_else(FloatError::single_value)),
            Fac::D(d) => Fac::D(d.add(DOUBLE_HALF).unwrap_or_else(FloatError::double_value)),
        }
    }

    /// $VINT.
    pub(super) fn int(self) -> Fac {
        match self {
            Fac::S(s) => Fac::S(s.int()),
            Fac::D(d) => Fac::D(d.int()),
        }
    }

    fn is_integer(self) -> bool {
        match self {
            Fac::S(s) => s.is_integer(),
            Fac::D(d) => d.is_integer(),
        }
    }

    /// Compare with 10^k (k ≥ 0), as $COMPM/$DCMPM do with the table values.
    pub(super) fn cmp_pow10(self, k: usize) -> std::cmp::Ordering {
        match self {
            Fac::S(s) => s.to_double().total_cmp(POW10[k]),
            Fac::D(d) => d.total_cmp(POW10[k]),
        }
    }

    /// $FOTNV: bracket a positive number so that its 7 (single) or 16 (double) printable
    /// digits are its integer part; returns it and the decimal exponent of its last digit.
    pub(super) fn fotnv(self) -> (Fac, i32) {
        let mut x = self;
        let mut k10 = 0i32;
        loop {
            let t = i32::from(FOTB[x.exp() as usize]);
            if t == 0 {
                break;
            }
            k10 -= t;
            x = x.mdpten(t);
        }
        let below_million = match x {
            Fac::S(s) => s.total_cmp(S_MILLION).is_lt(),
            Fac::D(d) => d.total_cmp(POW10[6]).is_lt(),
        };
        if below_million {
            x = x.mul10();
            k10 -= 1;
        }
        if let Fac::D(d) = x {
            let mut d = d.mul(POW10[9]).unwrap_or_else(FloatError::double_value);
            k10 -= 9;
            if d.total_cmp(HIDBL).is_gt() {
                d = d.mul(DOUBLE_TENTH).unwrap_or(Double::ZERO);
                k10 += 1;
            }
            x = Fac::D(d);
        }
        (x, k10)
    }

    /// $FOTCV's rounding: add .5 unless the value is a whole number, then truncate.
    pub(super) fn round_to_integer(self) -> u64 {
        let x = if self.is_integer() {
            self
        } else {
            self.add_half()
        };
        match x {
            Fac::S(s) => s.floor_i32().max(0) as u64,
            Fac::D(d) => d.trunc_u64(),
        }
    }

    /// The 7 or 16 digit characters $FOTCV produces (repeated subtraction of powers of
    /// ten, so an oversized first "digit" would show as the character after '9').
    pub(super) fn fotcv_digits(self) -> Vec<u8> {
        let n = self.round_to_integer();
        let count = if self.is_double() { 16 } else { 7 };
        digit_chars(n, count)
    }
}

/// Multiply or divide a double by a power of ten from the table (MDPTEN/MDP10).
pub(super) fn scale_double(d: Double, t: i32) -> Double {
    let p = POW10[t.unsigned_abs().min(38) as usize];
    let r = if t >= 0 { d.mul(p) } else { d.div(p) };
    r.unwrap_or_else(FloatError::double_value)
}

/// `count` digit characters of `n` by repeated subtraction, most significant first.
pub(super) fn digit_chars(n: u64, count: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(count as usize);
    let mut rest = n;
    for k in (0..count).rev() {
        let p = 10u64.pow(k);
        let d = rest / p;
        rest %= p;
        out.push(b'0'.wrapping_add(d.min(200) as u8));
    }
    out
}

/// Free-format layout of GW's digits ($FOFMT): fixed notation when the leading digit's
/// decimal exponent is below `precision` and at most `precision` digits follow the
/// point, else one digit, point, the rest, `E`/`D`, sign and at least two exponent digits.
fn layout(digits: &[u8], k10: i32, precision: i32, letter: u8, out: &mut String) {
    let x10 = k10 + digits.len() as i32 - 1;
    let mut sig = digits;
    while sig.len() > 1 && sig[sig.len() - 1] == b'0' {
        sig = &sig[..sig.len() - 1];
    }
    let after_point = sig.len() as i32 - x10 - 1;
    if x10 >= precision || after_point > precision {
        out.push(sig[0] as char);
        if sig.len() > 1 {
            out.push('.');
            sig[1..].iter().for_each(|&c| out.push(c as char));
        }
        out.push(letter as char);
        out.push(if x10 < 0 { '-' } else { '+' });
        let e = x10.unsigned_abs();
        out.push((b'0' + (e / 10) as u8) as char);
        out.push((b'0' + (e % 10) as u8) as char);
    } else if x10 < 0 {
        out.push('.');
        (0..(-x10 - 1)).for_each(|_| out.push('0'));
        sig.iter().for_each(|&c| out.push(c as char));
    } else {
        let whole = (x10 + 1) as usize;
        for i in 0..whole {
            out.push(*sig.get(i).unwrap_or(&b'0') as char);
        }
        if sig.len() > whole {
            out.push('.');
            sig[whole..].iter().for_each(|&c| out.push(c as char));
        }
    }
}

/// Sign position (`-` or space) and the free-format text of a float.
fn free_format(fac: Fac, negative: bool) -> String {
    let mut out = String::with_capacity(24);
    out.push(if negative { '-' } else { ' ' });
    if fac.is_zero() {
        out.push('0');
        return out;
    }
    let (x, k10) = fac.fotnv();
    let digits = x.fotcv_digits();
    if fac.is_double() {
        layout(&digits, k10, 16, b'D', &mut out);
    } else {
        layout(&digits, k10, 7, b'E', &mut out);
    }
    out
}

impl Single {
    /// Text as PRINT shows it without the trailing space, and as STR$ returns it:
    /// a leading space or minus sign, up to 7 significant digits (digest §7).
    pub fn to_basic_string(self) -> String {
        free_format(Fac::S(self.abs()), self.is_negative())
    }
}

impl Double {
    /// Text as PRINT/STR$ show a double: up to 16 significant digits, `D` exponent.
    pub fn to_basic_string(self) -> String {
        free_format(Fac::D(self.abs()), self.is_negative())
    }
}

/// PRINT/STR$ text of an integer: " 5", "-5".
pub fn int_to_basic_string(i: i16) -> String {
    let (buf, n) = int_text(i);
    buf[..n].iter().map(|&b| char::from(b)).collect()
}

/// PRINT/STR$ text of an integer as bytes in a buffer (sign or space, then the digits),
/// and their count: what `int_to_basic_string` gives, without an allocation.
#[inline]
pub fn int_text(i: i16) -> ([u8; 6], usize) {
    let mut buf = [0u8; 6];
    let mut v = i.unsigned_abs();
    // the digits' count first, so that they are written in place, the last first
    let digits = match v {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1000..=9999 => 4,
        _ => 5,
    };
    buf[0] = if i < 0 { b'-' } else { b' ' };
    // two digits a step from the last, from a table of the pairs 00 to 99
    let mut end = digits + 1;
    while v >= 100 {
        let r = usize::from(v % 100) * 2;
        v /= 100;
        if let (Some(d), Some(p)) = (buf.get_mut(end - 2..end), DIGIT_PAIRS.get(r..r + 2)) {
            d.copy_from_slice(p);
        }
        end -= 2;
    }
    if v >= 10 {
        let r = usize::from(v) * 2;
        if let (Some(d), Some(p)) = (buf.get_mut(1..3), DIGIT_PAIRS.get(r..r + 2)) {
            d.copy_from_slice(p);
        }
    } else {
        buf[1] = b'0' + v as u8;
    }
    (buf, digits + 1)
}

/// The decimal digits of 0 to 99, two each ("00", "01" ... "99").
const DIGIT_PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// HEX$ of an integer's 16-bit pattern: upper case, no leading zeros ("FFFF" for -1).
pub fn hex_string(i: i16) -> String {
    format!("{:X}", i as u16)
}

/// OCT$ of an integer's 16-bit pattern ("177777" for -1).
pub fn oct_string(i: i16) -> String {
    format!("{:o}", i as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_text_is_the_sign_or_a_space_then_the_decimal_digits() {
        for i in i16::MIN..=i16::MAX {
            let want = if i < 0 {
                format!("{i}")
            } else {
                format!(" {i}")
            };
            let (buf, n) = int_text(i);
            assert_eq!(&buf[..n], want.as_bytes(), "{i}");
            assert_eq!(int_to_basic_string(i), want);
        }
    }

    fn s(v: f64) -> String {
        Single::from_f64(v).to_basic_string()
    }

    #[test]
    fn layout_examples_of_the_digest() {
        assert_eq!(s(1234567.0), " 1234567");
        assert_eq!(s(12345678.0), " 1.234568E+07");
        assert_eq!(s(10_000_000.0), " 1E+07");
        assert_eq!(s(9_999_999.0), " 9999999");
        assert_eq!(s(2f64.powi(31)), " 2.147484E+09");
        assert_eq!(Single::max_value(true).to_basic_string(), "-1.701412E+38");
        assert_eq!(s(0.5), " .5");
        assert_eq!(s(-0.5), "-.5");
        assert_eq!(s(65534.0), " 65534");
        assert_eq!(s(0.0), " 0");
    }

    #[test]
    fn one_third_is_not_correctly_rounded() {
        let third = Single::from_i16(1).div(Single::from_i16(3)).unwrap();
        assert_eq!(third.to_basic_string(), " .3333334");
    }

    #[test]
    fn doubles_print_sixteen_digits() {
        assert_eq!(
            Double::max_value(false).to_basic_string(),
            " 1.701411834604692D+38"
        );
        assert_eq!(
            Single::max_value(false).to_double().to_basic_string(),
            " 1.701411733192644D+38"
        );
        assert_eq!(Double::from_f64(1e16).to_basic_string(), " 1D+16");
        assert_eq!(
            Double::from_f64(1e15).to_basic_string(),
            " 1000000000000000"
        );
        assert_eq!(Double::from_i16(-150).to_basic_string(), "-150");
    }

    #[test]
    fn integers_hex_and_octal() {
        assert_eq!(int_to_basic_string(5), " 5");
        assert_eq!(int_to_basic_string(-32768), "-32768");
        assert_eq!(hex_string(-1), "FFFF");
        assert_eq!(hex_string(255), "FF");
        assert_eq!(oct_string(-1), "177777");
        assert_eq!(oct_string(0), "0");
    }
}
