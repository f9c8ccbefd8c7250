//! The oracle for the fast arithmetic: the straightforward ports of MATH1.ASM/MATH2.ASM
//! that gwrun used before the fast paths (guard byte, alignment with its sticky bit,
//! $NORMS/$ROUNS, $FADDD/$SHRA loops), kept verbatim and self-contained (only the public
//! bit layouts of `Single` and `Double` are shared) so that a change to the live code can
//! never change the oracle too. Compiled only for tests; `fast_vs_reference` in tests.rs
//! compares the two on millions of operand pairs (docs/numbers.md, "Fast paths").

use super::{Double, FloatError, Single};
use std::cmp::Ordering;

const SIGN: u32 = 0x0080_0000;
const HIDDEN: u32 = 0x0080_0000;
const MANT: u32 = 0x007F_FFFF;

fn exp(s: Single) -> u32 {
    s.0 >> 24
}

fn mant(s: Single) -> u32 {
    (s.0 & MANT) | HIDDEN
}

fn sign_bit(s: Single) -> bool {
    s.0 & SIGN != 0
}

fn is_zero(s: Single) -> bool {
    exp(s) == 0
}

fn canon(s: Single) -> Single {
    if is_zero(s) { Single(0) } else { s }
}

fn pack(negative: bool, exp: u32, mant: u32) -> Single {
    if exp == 0 {
        return Single(0);
    }
    Single((exp << 24) | (mant & MANT) | (u32::from(negative) << 23))
}

/// $ROUNS.
fn rouns(
    negative: bool,
    exp: u32,
    mant: u32,
    guard: u32,
    ovf_negative: bool,
) -> Result<Single, FloatError> {
    let g = guard & 0xE0;
    let up = u32::from(g >= 0x80);
    let tie = u32::from(g == 0x80);
    let m = (mant + up) & !tie;
    if m >> 24 != 0 {
        let e = exp + 1;
        if e > 255 {
            return Err(FloatError::Overflow {
                negative: ovf_negative,
            });
        }
        return Ok(pack(negative, e, HIDDEN));
    }
    Ok(pack(negative, exp, m))
}

/// $NORMS, as the source loops (whole bytes while the top byte is zero, then bits).
fn norms(negative: bool, exp: u32, x: u32) -> Result<Single, FloatError> {
    let (mut e, mut x) = (exp, x);
    if x == 0 {
        return Ok(Single(0));
    }
    while x & 0x8000_0000 == 0 {
        if x >> 24 == 0 {
            if e <= 8 {
                return Ok(Single(0));
            }
            e -= 8;
            x <<= 8;
        } else {
            x <<= 1;
            e -= 1;
            if e == 0 {
                return Ok(Single(0));
            }
        }
    }
    rouns(negative, e, x >> 8, x & 0xFF, negative)
}

/// The alignment loops exactly as MATH1.ASM $FADDS runs them (FA23…FA30): mantissa in
/// the high 24 bits, guard byte (bit 5 sticky) in the low 8.
pub(super) fn align(mant: u32, shift: u32) -> u32 {
    let (mut m, mut guard, mut n) = (mant, 0u32, shift);
    while n >= 8 {
        let had = guard;
        guard = m & 0xFF;
        m >>= 8;
        n -= 8;
        if had != 0 || guard & 0x1F != 0 {
            guard |= 0x20;
        }
    }
    while n > 0 {
        guard = (guard >> 1) | ((m & 1) << 7);
        m >>= 1;
        n -= 1;
        if guard & 0x10 != 0 {
            guard |= 0x20;
        }
    }
    (m << 8) | guard
}

/// $FADDS.
pub(super) fn fadds(a: Single, b: Single) -> Result<Single, FloatError> {
    if is_zero(b) {
        return Ok(canon(a));
    }
    if is_zero(a) {
        return Ok(b);
    }
    let (big, small) = if exp(a) >= exp(b) { (a, b) } else { (b, a) };
    let shift = exp(big) - exp(small);
    if shift >= 25 {
        return Ok(big);
    }
    let negative = sign_bit(big);
    let big32 = mant(big) << 8;
    let small32 = align(mant(small), shift);
    if sign_bit(a) == sign_bit(b) {
        let s = u64::from(big32) + u64::from(small32);
        if s >> 32 != 0 {
            let e = exp(big) + 1;
            if e > 255 {
                return Err(FloatError::Overflow { negative: false });
            }
            let s = (s >> 1) as u32;
            return rouns(negative, e, s >> 8, s & 0xFF, false);
        }
        let s = s as u32;
        rouns(negative, exp(big), s >> 8, s & 0xFF, false)
    } else {
        let (r, borrow) = big32.overflowing_sub(small32);
        let (r, negative) = if borrow {
            (r.wrapping_neg(), !negative)
        } else {
            (r, negative)
        };
        norms(negative, exp(big), r)
    }
}

/// $FSUBS.
pub(super) fn fsubs(a: Single, b: Single) -> Result<Single, FloatError> {
    if is_zero(b) {
        return Ok(canon(a));
    }
    fadds(a, Single(b.0 ^ SIGN))
}

/// $FMULS.
pub(super) fn fmuls(a: Single, b: Single) -> Result<Single, FloatError> {
    if is_zero(a) || is_zero(b) {
        return Ok(Single(0));
    }
    let negative = sign_bit(a) != sign_bit(b);
    let s = exp(a) + exp(b);
    if s < 129 {
        return Ok(Single(0));
    }
    if s >= 385 {
        return Err(FloatError::Overflow { negative });
    }
    let mut e = s - 129;
    let p = u64::from(mant(a)) * u64::from(mant(b));
    let mut t = (p >> 16) as u32;
    if t & 0x8000_0000 != 0 {
        e += 1;
        if e > 255 {
            return Err(FloatError::Overflow { negative });
        }
    } else {
        t <<= 1;
    }
    rouns(negative, e, t >> 8, t & 0xFF, negative)
}

/// $FDIVS/$SDIV: 32 quotient bits, a sticky bit for a remainder, round to even.
pub(super) fn fdivs(a: Single, b: Single) -> Result<Single, FloatError> {
    if is_zero(b) {
        return Err(FloatError::DivisionByZero {
            negative: !is_zero(a) && sign_bit(a),
        });
    }
    if is_zero(a) {
        return Ok(Single(0));
    }
    let negative = sign_bit(a) != sign_bit(b);
    let t = exp(a) as i32 - exp(b) as i32;
    if t > 127 {
        return Err(FloatError::Overflow { negative });
    }
    if t < -128 {
        return Ok(Single(0));
    }
    let mut e = (t + 128) as u32;
    let num = u64::from(mant(a)) << 31;
    let den = u64::from(mant(b));
    let mut q = (num / den) as u32;
    if num % den != 0 {
        q |= 1;
    }
    if q & 0x8000_0000 != 0 {
        e += 1;
        if e > 255 {
            return Err(FloatError::Overflow { negative });
        }
    } else {
        q <<= 1;
        if e == 0 {
            return Ok(Single(0));
        }
    }
    let (g, mut m) = (q & 0xFF, q >> 8);
    if g > 0x80 || (g == 0x80 && m & 1 == 1) {
        m += 1;
        if m == 1 << 24 {
            m = HIDDEN;
            e += 1;
            if e > 255 {
                return Err(FloatError::Overflow { negative: false });
            }
        }
    }
    Ok(pack(negative, e, m))
}

/// $FCOMP: total order of the values.
pub(super) fn fcomps(a: Single, b: Single) -> Ordering {
    let key = |s: Single| -> i64 {
        if is_zero(s) {
            return 0;
        }
        let mag = i64::from(s.0 & 0xFF7F_FFFF) + 1;
        if sign_bit(s) { -mag } else { mag }
    };
    key(a).cmp(&key(b))
}

/// $FLT of a 32-bit integer: normalize, then $ROUNS on the next eight bits.
pub(super) fn flt(i: i32) -> Single {
    if i == 0 {
        return Single(0);
    }
    let neg = i < 0;
    let mag = i.unsigned_abs();
    let lz = mag.leading_zeros();
    norms(neg, 160 - lz, mag << lz).unwrap_or(Single(0xFF7F_FFFF | if neg { SIGN } else { 0 }))
}

/// $CDS: single → double, exact.
pub(super) fn cds(s: Single) -> Double {
    if is_zero(s) {
        return Double(0);
    }
    Double((u64::from(s.0) << 32) & !(1u64 << 55) | (u64::from(sign_bit(s)) << 55))
}

/// $CSD: double → single, half up on the first dropped bit.
pub(super) fn csd(d: Double) -> Result<Single, FloatError> {
    if dexp(d) == 0 {
        return Ok(Single(0));
    }
    let m = dmant(d);
    let guard = ((m >> 24) & 0xFF) as u32 | 0x40;
    let neg = dsign(d);
    rouns(neg, dexp(d), (m >> 32) as u32, guard, neg)
}

const DSIGN: u64 = 1 << 55;
const DHIDDEN: u64 = 1 << 55;
const DMANT: u64 = (1 << 55) - 1;

fn dexp(d: Double) -> u32 {
    (d.0 >> 56) as u32
}

fn dmant(d: Double) -> u64 {
    (d.0 & DMANT) | DHIDDEN
}

fn dsign(d: Double) -> bool {
    d.0 & DSIGN != 0
}

fn dpack(negative: bool, exp: u32, mant: u64) -> Double {
    if exp == 0 {
        return Double(0);
    }
    Double((u64::from(exp) << 56) | (mant & DMANT) | (u64::from(negative) << 55))
}

/// $ROUND.
fn round(negative: bool, exp: u32, x: u64) -> Result<Double, FloatError> {
    let mut e = exp;
    let (y, carry) = x.overflowing_add(0x80);
    let y = if carry {
        e += 1;
        if e > 255 {
            return Err(FloatError::Overflow { negative });
        }
        1u64 << 63
    } else if y & 0xFF == 0 {
        y & !0x100
    } else {
        y
    };
    Ok(dpack(negative, e, y >> 8))
}

/// $NORMD as the source loops, with its 57-shift budget.
fn normd(negative: bool, exp: u32, x: u64) -> Result<Double, FloatError> {
    let (mut e, mut x, mut budget) = (exp, x, 57u32);
    if x == 0 {
        return Ok(Double(0));
    }
    loop {
        let top = x >> 56;
        if top & 0x80 != 0 {
            return round(negative, e, x);
        }
        if top != 0 {
            x <<= 1;
            e -= 1;
            budget -= 1;
            if e == 0 || budget == 0 {
                return Ok(Double(0));
            }
        } else {
            if e <= 8 || budget <= 8 {
                return Ok(Double(0));
            }
            e -= 8;
            budget -= 8;
            x <<= 8;
        }
    }
}

/// $SHRA as the source loops (byte moves keep only the old guard's bit 5).
fn shra(x: u64, shift: u32) -> u64 {
    let (mut x, mut n) = (x, shift);
    while n >= 8 {
        let sticky = x & 0x20;
        x >>= 8;
        x |= sticky;
        n -= 8;
    }
    while n > 0 {
        x >>= 1;
        if x & 0x10 != 0 {
            x |= 0x20;
        }
        n -= 1;
    }
    x
}

/// $FADDD.
pub(super) fn faddd(a: Double, b: Double) -> Result<Double, FloatError> {
    if dexp(b) == 0 {
        return Ok(if dexp(a) == 0 { Double(0) } else { a });
    }
    if dexp(a) == 0 {
        return Ok(b);
    }
    let (big, small) = if dexp(a) >= dexp(b) { (a, b) } else { (b, a) };
    let shift = dexp(big) - dexp(small);
    if shift >= 57 {
        return Ok(big);
    }
    let negative = dsign(big);
    let big64 = dmant(big) << 8;
    let small64 = shra(dmant(small) << 8, shift);
    if dsign(a) == dsign(b) {
        let (s, carry) = big64.overflowing_add(small64);
        if carry {
            let e = dexp(big) + 1;
            if e > 255 {
                return Err(FloatError::Overflow { negative });
            }
            return round(negative, e, (s >> 1) | (1 << 63));
        }
        round(negative, dexp(big), s)
    } else {
        let (r, borrow) = big64.overflowing_sub(small64);
        let (r, negative) = if borrow {
            (r.wrapping_neg(), !negative)
        } else {
            (r, negative)
        };
        normd(negative, dexp(big), r)
    }
}

/// DSUB.
pub(super) fn fsubd(a: Double, b: Double) -> Result<Double, FloatError> {
    if dexp(b) == 0 {
        return Ok(if dexp(a) == 0 { Double(0) } else { a });
    }
    faddd(a, Double(b.0 ^ DSIGN))
}

/// $FMULD: exact 112-bit product, sticky bit, $ROUND.
pub(super) fn fmuld(a: Double, b: Double) -> Result<Double, FloatError> {
    if dexp(a) == 0 || dexp(b) == 0 {
        return Ok(Double(0));
    }
    let negative = dsign(a) != dsign(b);
    let s = dexp(a) + dexp(b);
    if s < 129 {
        return Ok(Double(0));
    }
    if s >= 385 {
        return Err(FloatError::Overflow { negative });
    }
    let mut e = s - 129;
    let p = u128::from(dmant(a)) * u128::from(dmant(b));
    let sticky = if p & ((1 << 48) - 1) != 0 { 0x20 } else { 0 };
    let mut x = (p >> 48) as u64 | sticky;
    if p >> 111 != 0 {
        e += 1;
        if e > 255 {
            return Err(FloatError::Overflow { negative });
        }
    } else {
        x <<= 1;
    }
    if e == 0 {
        return Ok(Double(0));
    }
    round(negative, e, x)
}

/// DDIV: 64 quotient bits, sticky bit, round to nearest even.
pub(super) fn ddiv(a: Double, b: Double) -> Result<Double, FloatError> {
    if dexp(b) == 0 {
        return Err(FloatError::DivisionByZero {
            negative: dexp(a) != 0 && dsign(a),
        });
    }
    if dexp(a) == 0 {
        return Ok(Double(0));
    }
    let negative = dsign(a) != dsign(b);
    let t = dexp(a) as i32 - dexp(b) as i32;
    if t > 127 {
        return Err(FloatError::Overflow { negative });
    }
    if t < -128 {
        return Ok(Double(0));
    }
    let mut e = (t + 128) as u32;
    let num = u128::from(dmant(a)) << 63;
    let den = u128::from(dmant(b));
    let mut q = (num / den) as u64;
    if num % den != 0 {
        q |= 1;
    }
    if q & (1 << 63) != 0 {
        e += 1;
        if e > 255 {
            return Err(FloatError::Overflow { negative });
        }
    } else {
        q <<= 1;
        if e == 0 {
            return Ok(Double(0));
        }
    }
    let (g, mut m) = (q & 0xFF, q >> 8);
    if g > 0x80 || (g == 0x80 && m & 1 == 1) {
        m += 1;
        if m == 1 << 56 {
            m = DHIDDEN;
            e += 1;
            if e > 255 {
                return Err(FloatError::Overflow { negative: false });
            }
        }
    }
    Ok(dpack(negative, e, m))
}

/// $DINT: shift the fraction out (below zero, the INT trick: (m − 1) >> n, plus one)
/// and normalize back at exponent 184 with $NORMD.
pub(super) fn dint(d: Double) -> Double {
    let e = dexp(d);
    if e >= 184 || e == 0 {
        return if e == 0 { Double(0) } else { d };
    }
    let negative = dsign(d);
    let shift = 184 - e;
    let sh = |v: u64| if shift >= 64 { 0 } else { v >> shift };
    let m = if negative {
        sh(dmant(d) - 1) + 1
    } else {
        sh(dmant(d))
    };
    normd(negative, 184, m << 8).unwrap_or(Double(0))
}

/// $DCMPM: total order of the values.
pub(super) fn fcompd(a: Double, b: Double) -> Ordering {
    let key = |d: Double| -> i128 {
        if dexp(d) == 0 {
            return 0;
        }
        let mag = i128::from(d.0 & 0xFF7F_FFFF_FFFF_FFFF) + 1;
        if dsign(d) { -mag } else { mag }
    };
    key(a).cmp(&key(b))
}
