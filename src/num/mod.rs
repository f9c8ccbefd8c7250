//! GW-BASIC numbers: integers, and single and double precision in Microsoft Binary Format
//! (digest §6, §7). This module is the one place that knows the representation: the
//! arithmetic with GW-BASIC's rounding, conversions, number text in (literals, VAL, INPUT,
//! READ) and out (PRINT, STR$, PRINT USING), and the math functions.
//!
//! PROVISIONAL: the bodies below are a quick f64-backed stand-in so the interpreter can be
//! developed; they are being replaced by the faithful MBF implementation (issue 3). The
//! public signatures are the contract.

use std::cmp::Ordering;

/// A soft floating-point error (digest §6.5): the operation's result saturates to the
/// signed maximum; the caller prints the message or raises the trappable error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatError {
    /// Result too large: value is ±max (`negative` gives the sign).
    Overflow { negative: bool },
    /// Division by zero: value is ±max.
    DivisionByZero { negative: bool },
}

/// Single precision, MBF layout as a little-endian u32 of the four bytes GW-BASIC stores:
/// bits 0..=22 mantissa below the implicit leading 1, bit 23 sign, bits 24..=31 exponent
/// byte (0 means the value is zero). Value = 0.1mmm…(binary) × 2^(exp−128).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Single(pub u32);

/// Double precision, MBF layout as a little-endian u64 of the eight stored bytes:
/// bits 0..=54 mantissa, bit 55 sign, bits 56..=63 exponent byte (0 = zero).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Double(pub u64);

/// A number of any of the three numeric types.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    Int(i16),
    Sng(Single),
    Dbl(Double),
}

impl std::fmt::Debug for Single {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Single({:#010x} ≈ {})", self.0, self.to_f64())
    }
}

impl std::fmt::Debug for Double {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Double({:#018x} ≈ {})", self.0, self.to_f64())
    }
}

fn f64_to_mbf(v: f64, mant_bits: u32) -> (u64, bool) {
    // returns (bits in MBF layout of width mant_bits+9, overflow)
    if v == 0.0 || !v.is_finite() && v.is_nan() {
        return (0, false);
    }
    let neg = v < 0.0;
    let a = v.abs();
    let mut e = a.log2().floor() as i32 + 1; // a = f * 2^e, f in [0.5,1)
    let mut m = (a / 2f64.powi(e) * 2f64.powi(mant_bits as i32)).round() as u64;
    if m >= 1u64 << mant_bits {
        m >>= 1;
        e += 1;
    }
    if m < 1u64 << (mant_bits - 1) {
        m <<= 1;
        e -= 1;
    }
    let exp = e + 128;
    if exp <= 0 {
        return (0, false);
    }
    if exp > 255 {
        let max = ((255u64) << mant_bits) | ((1u64 << (mant_bits - 1)) - 1);
        return (max | ((neg as u64) << (mant_bits - 1)), true);
    }
    let bits = ((exp as u64) << mant_bits)
        | (m & ((1u64 << (mant_bits - 1)) - 1))
        | ((neg as u64) << (mant_bits - 1));
    (bits, false)
}

fn mbf_to_f64(bits: u64, mant_bits: u32) -> f64 {
    let exp = (bits >> mant_bits) as i32;
    if exp == 0 {
        return 0.0;
    }
    let neg = bits >> (mant_bits - 1) & 1 == 1;
    let m = (bits & ((1u64 << (mant_bits - 1)) - 1)) | (1u64 << (mant_bits - 1));
    let v = m as f64 * 2f64.powi(exp - 128 - mant_bits as i32);
    if neg { -v } else { v }
}

macro_rules! provisional_float {
    ($t:ident, $bits:ty, $mant:expr) => {
        impl $t {
            pub const ZERO: $t = $t(0);
            /// The stored bytes, as GW-BASIC keeps them in memory (MKS$/MKD$ order).
            pub fn to_bytes(self) -> [u8; std::mem::size_of::<$bits>()] {
                self.0.to_le_bytes()
            }
            pub fn from_bytes(b: [u8; std::mem::size_of::<$bits>()]) -> $t {
                $t(<$bits>::from_le_bytes(b))
            }
            pub fn is_zero(self) -> bool {
                (self.0 >> $mant) == 0
            }
            pub fn is_negative(self) -> bool {
                !self.is_zero() && (self.0 >> ($mant - 1)) & 1 == 1
            }
            /// Nearest value (ties to even); saturates on overflow, 0 on underflow.
            pub fn from_f64(v: f64) -> $t {
                $t(f64_to_mbf(v, $mant).0 as $bits)
            }
            /// Exact value as f64 (exact for singles; doubles lose the low 3 bits).
            pub fn to_f64(self) -> f64 {
                mbf_to_f64(self.0 as u64, $mant)
            }
            pub fn from_i16(i: i16) -> $t {
                $t::from_f64(i as f64)
            }
            fn wrap(v: f64) -> Result<$t, FloatError> {
                let (b, ovf) = f64_to_mbf(v, $mant);
                if ovf {
                    Err(FloatError::Overflow { negative: v < 0.0 })
                } else {
                    Ok($t(b as $bits))
                }
            }
            pub fn add(self, o: $t) -> Result<$t, FloatError> {
                $t::wrap(self.to_f64() + o.to_f64())
            }
            pub fn sub(self, o: $t) -> Result<$t, FloatError> {
                $t::wrap(self.to_f64() - o.to_f64())
            }
            pub fn mul(self, o: $t) -> Result<$t, FloatError> {
                $t::wrap(self.to_f64() * o.to_f64())
            }
            pub fn div(self, o: $t) -> Result<$t, FloatError> {
                if o.is_zero() {
                    return Err(FloatError::DivisionByZero { negative: self.is_negative() });
                }
                $t::wrap(self.to_f64() / o.to_f64())
            }
            pub fn neg(self) -> $t {
                if self.is_zero() { self } else { $t(self.0 ^ (1 << ($mant - 1))) }
            }
            pub fn abs(self) -> $t {
                $t(self.0 & !(1 << ($mant - 1)))
            }
            /// -1, 0 or 1.
            pub fn sgn(self) -> i16 {
                if self.is_zero() { 0 } else if self.is_negative() { -1 } else { 1 }
            }
            /// INT: the largest whole number not above the value.
            pub fn int(self) -> $t {
                $t::from_f64(self.to_f64().floor())
            }
            /// FIX: the whole part, truncated toward zero.
            pub fn fix(self) -> $t {
                $t::from_f64(self.to_f64().trunc())
            }
            /// CINT: round half away from zero; None when outside -32768..=32767.
            pub fn to_i16_round(self) -> Option<i16> {
                let r = self.to_f64().round();
                if (-32768.0..=32767.0).contains(&r) { Some(r as i16) } else { None }
            }
            pub fn total_cmp(self, o: $t) -> Ordering {
                self.to_f64().partial_cmp(&o.to_f64()).unwrap_or(Ordering::Equal)
            }
        }
    };
}

provisional_float!(Single, u32, 24);
provisional_float!(Double, u64, 56);

impl Single {
    /// The largest single, ±1.701412E+38: what overflow saturates to.
    pub fn max_value(negative: bool) -> Single {
        let m = Single(0xFF7F_FFFF);
        if negative { m.neg() } else { m }
    }
    pub fn to_double(self) -> Double {
        Double::from_f64(self.to_f64())
    }
    /// Text as PRINT shows it without the trailing space, and as STR$ returns it:
    /// a leading space or minus sign, up to 7 significant digits (digest §7).
    pub fn to_basic_string(self) -> String {
        provisional_format(self.to_f64(), 7, 'E')
    }
}

impl Double {
    pub fn max_value(negative: bool) -> Double {
        let m = Double(0xFF7F_FFFF_FFFF_FFFF);
        if negative { m.neg() } else { m }
    }
    /// Double → single, rounding half up; Overflow when it rounds past the single range.
    pub fn to_single(self) -> Result<Single, FloatError> {
        Single::wrap(self.to_f64() as f32 as f64)
    }
    pub fn to_basic_string(self) -> String {
        provisional_format(self.to_f64(), 16, 'D')
    }
}

fn provisional_format(v: f64, digits: usize, e: char) -> String {
    let sign = if v < 0.0 { "-" } else { " " };
    let a = v.abs();
    if a == 0.0 {
        return " 0".to_string();
    }
    let s = format!("{:.*e}", digits - 1, a);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digs: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let digs = digs.trim_end_matches('0');
    let digs = if digs.is_empty() { "0" } else { digs };
    let d = digs.len() as i32;
    if exp < digits as i32 && d - exp - 1 <= digits as i32 {
        let body = if exp >= 0 {
            let int_part: String = if (exp + 1) as usize >= digs.len() {
                format!("{}{}", digs, "0".repeat((exp + 1) as usize - digs.len()))
            } else {
                digs[..(exp + 1) as usize].to_string()
            };
            let frac = if (exp + 1) as usize >= digs.len() { "" } else { &digs[(exp + 1) as usize..] };
            if frac.is_empty() { int_part } else { format!("{int_part}.{frac}") }
        } else {
            format!(".{}{}", "0".repeat((-exp - 1) as usize), digs)
        };
        format!("{sign}{body}")
    } else {
        let (first, rest) = digs.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        let es = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}{dot}{rest}{e}{es}{:02}", exp.abs())
    }
}

impl Num {
    pub fn to_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Sng(s) => s.to_f64(),
            Num::Dbl(d) => d.to_f64(),
        }
    }
}

/// How a literal was written: decimal, `&H` hex or `&O`/`&` octal (LIST shows it the same way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Radix {
    Decimal,
    Hex,
    Octal,
}

/// A number read from text (CONTRACT, used by the cruncher): its value with GW-BASIC's
/// literal typing (digest §6.3), how many bytes of text it used, whether it overflowed
/// (the value then saturates), and its radix.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parsed {
    pub value: Num,
    pub len: usize,
    pub overflow: bool,
    pub radix: Radix,
}

/// PROVISIONAL. The literal at the start of `text` (a digit, `.` or `&`), or None if
/// there is none (e.g. a lone `.`).
pub fn parse_literal(text: &[u8]) -> Option<Parsed> {
    if text.first() == Some(&b'&') {
        let (radix, digits_from, base) = match text.get(1).map(u8::to_ascii_uppercase) {
            Some(b'H') => (Radix::Hex, 2, 16),
            Some(b'O') => (Radix::Octal, 2, 8),
            _ => (Radix::Octal, 1, 8),
        };
        let mut v: u32 = 0;
        let mut i = digits_from;
        let mut overflow = false;
        while i < text.len() && (text[i] as char).is_digit(base) {
            v = v * base + (text[i] as char).to_digit(base).unwrap_or(0);
            if v > 0xFFFF {
                overflow = true;
            }
            i += 1;
        }
        return Some(Parsed { value: Num::Int(v as u16 as i16), len: i, overflow, radix });
    }
    let mut i = 0;
    let mut digits = 0;
    let mut seen_dot = false;
    let mut exp_char = None;
    while i < text.len() {
        let c = text[i];
        if c.is_ascii_digit() {
            digits += 1;
        } else if c == b'.' && !seen_dot {
            seen_dot = true;
        } else {
            break;
        }
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    let mant_end = i;
    if i < text.len() && matches!(text[i].to_ascii_uppercase(), b'E' | b'D') {
        let mut j = i + 1;
        if j < text.len() && (text[j] == b'+' || text[j] == b'-') {
            j += 1;
        }
        let k = j;
        while j < text.len() && text[j].is_ascii_digit() {
            j += 1;
        }
        if j > k || true {
            exp_char = Some(text[i].to_ascii_uppercase());
            i = j;
        }
    }
    let suffix = text.get(i).copied().filter(|c| matches!(c, b'!' | b'#' | b'%'));
    let s = String::from_utf8_lossy(&text[..i]).replace(['D', 'd'], "E");
    let s = if s.ends_with(['E', 'e', '+', '-']) { format!("{s}0") } else { s };
    let v: f64 = s.parse().unwrap_or(0.0);
    let len = i + suffix.is_some() as usize;
    let int_digits = String::from_utf8_lossy(&text[..mant_end]);
    let value = match (suffix, exp_char) {
        (Some(b'!'), _) => Num::Sng(Single::from_f64(v)),
        (Some(b'#'), _) | (_, Some(b'D')) => Num::Dbl(Double::from_f64(v)),
        _ if !seen_dot && exp_char.is_none() && v <= 32767.0 => Num::Int(v as i16),
        _ if int_digits.trim_start_matches(['0', '.']).chars().filter(|c| c.is_ascii_digit()).count() > 7 => {
            Num::Dbl(Double::from_f64(v))
        }
        _ => Num::Sng(Single::from_f64(v)),
    };
    Some(Parsed { value, len, overflow: false, radix: Radix::Decimal })
}

/// PROVISIONAL. How LIST shows a stored decimal constant (digest §11.2): the digits as
/// STR$ gives them without the sign space, plus a type suffix when the digits alone would
/// read back as another type (`1!`, `100000!`, `1000#`, `12345678#`).
pub fn list_text(n: Num) -> String {
    match n {
        Num::Int(i) => i.to_string(),
        Num::Sng(s) => {
            let t = s.to_basic_string().trim_start().to_string();
            let reads_back_as_single = t.contains(['.', 'E'])
                || t.parse::<f64>().map_or(false, |v| v > 32767.0);
            if reads_back_as_single { t } else { format!("{t}!") }
        }
        Num::Dbl(d) => {
            let t = d.to_basic_string().trim_start().to_string();
            let digits = t.chars().filter(|c| c.is_ascii_digit()).count();
            if t.contains('D') || digits > 7 { t } else { format!("{t}#") }
        }
    }
}
