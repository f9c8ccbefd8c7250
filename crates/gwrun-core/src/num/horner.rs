//! Horner's rule ($POLY) on unpacked singles: the inner loop of SIN, COS, TAN, ATN, LOG
//! and EXP. Each step x·acc + c is $FMULS then $FADDS with GW's rounding, bit for bit;
//! what is saved is the packing and unpacking between the two, so the exponents are
//! known long before the mantissas and the chain of dependent operations is shorter.
//! Only the common case is taken here: a normal product below the coefficient in
//! exponent (where polynomial terms live). Any other step (a zero or underflowing
//! product, an overflow, a product at least as large as the coefficient, a difference
//! that underflows) returns None, and the caller redoes that step and the rest with the
//! general operations. `fast_tests.rs` checks the result against the oracle's operations.

use super::Single;
use super::single::align;

const SIGN: u32 = 0x0080_0000;
const HIDDEN: u32 = 0x0080_0000;
const MANT: u32 = 0x007F_FFFF;

/// A non-zero single taken apart: sign bit (0 or `SIGN`), exponent byte (1..=255) and
/// 24-bit mantissa with its leading 1.
#[derive(Clone, Copy)]
pub(super) struct Unpacked {
    sign: u32,
    exp: u32,
    mant: u32,
}

impl Unpacked {
    /// None for zero (of any sign or stray mantissa bits).
    #[inline(always)]
    pub(super) fn of(s: Single) -> Option<Unpacked> {
        let exp = s.0 >> 24;
        (exp != 0).then_some(Unpacked {
            sign: s.0 & SIGN,
            exp,
            mant: (s.0 & MANT) | HIDDEN,
        })
    }

    /// A positive single with its sign as the constant 0 (None for zero and negatives).
    #[inline(always)]
    pub(super) fn positive(s: Single) -> Option<Unpacked> {
        let exp = s.0 >> 24;
        (exp != 0 && s.0 & SIGN == 0).then_some(Unpacked {
            sign: 0,
            exp,
            mant: (s.0 & MANT) | HIDDEN,
        })
    }

    /// A positive single from its exponent byte (1..=255) and 24-bit mantissa with its
    /// leading 1.
    #[inline(always)]
    pub(super) fn positive_parts(exp: u32, mant: u32) -> Unpacked {
        debug_assert!((1..=255).contains(&exp) && mant >> 23 == 1);
        Unpacked { sign: 0, exp, mant }
    }

    /// A coefficient table unpacked at compile time (every entry must be non-zero).
    pub(super) const fn table<const N: usize>(t: &[Single; N]) -> [Unpacked; N] {
        let mut u = [Unpacked {
            sign: 0,
            exp: 0,
            mant: 0,
        }; N];
        let mut i = 0;
        while i < N {
            let s = t[i].0;
            assert!(s >> 24 != 0, "a zero coefficient");
            u[i] = Unpacked {
                sign: s & SIGN,
                exp: s >> 24,
                mant: (s & MANT) | HIDDEN,
            };
            i += 1;
        }
        u
    }

    /// The sign (true: negative), exponent byte and 24-bit mantissa.
    #[inline(always)]
    pub(super) fn parts(self) -> (bool, u32, u32) {
        (self.sign != 0, self.exp, self.mant)
    }

    #[inline(always)]
    pub(super) fn pack(self) -> Single {
        Single((self.exp << 24) | self.sign | (self.mant & MANT))
    }
}

/// p·2^(k−128)·½ (the single with exponent byte `k` and mantissa ½, as $EXP scales its
/// polynomial): $FMULS of a mantissa by ½ is exact (the product has 47 bits, so no
/// normalization shift and a zero guard byte), leaving p's mantissa and sign with the
/// exponent p + k − 129. None for a zero p or k (k = 0 is the single zero) and where that exponent leaves 1..=255 (the
/// general multiply then gives the underflow to zero or the overflow error).
#[inline(always)]
pub(super) fn scale_half_pow2(p: Single, k: u32) -> Option<Single> {
    let e = (p.0 >> 24) + k;
    if p.0 >> 24 == 0 || k == 0 || !(130..=384).contains(&e) {
        return None;
    }
    Some(Single(((e - 129) << 24) | (p.0 & (SIGN | MANT))))
}

/// $ROUNS on a normalized word (bit 31 set: 24-bit mantissa above an 8-bit guard): only
/// guard bits 7..5 count; above 100b rounds up, 100b is a tie that goes to even. Adding
/// 0x7F plus the mantissa's last bit to the word with bits 4..0 cleared carries exactly
/// then. The result has 24 bits, or 25 after a carry out of the top (then 2^24).
#[inline(always)]
fn round_guard(x: u32) -> u32 {
    ((u64::from(x & !0x1F) + 0x7F + u64::from((x >> 8) & 1)) >> 8) as u32
}

/// The product a·b ($FMULS) on unpacked singles, or None outside the common case: an
/// exponent that leaves 1..=254, and a rounding carry out of the mantissa, are left to
/// the general multiply. The rounding is `step`'s (the top 32 bits of the 48-bit product,
/// no sticky bit, $ROUNS on the guard byte). `fast_tests::unpacked_product` holds it to
/// the oracle's $FMULS.
#[inline(always)]
pub(super) fn mul(a: Unpacked, b: Unpacked) -> Option<Unpacked> {
    let s = a.exp + b.exp;
    let p = u64::from(a.mant) * u64::from(b.mant);
    let top = (p >> 47) as u32;
    let z = p >> (20 + top);
    let mant = ((z + 3 + ((z >> 3) & 1)) >> 3) as u32;
    let exp = (s + top).wrapping_sub(129);
    // below 129, s + top − 129 wraps, and so does exp − 1 for exp 0
    if exp.wrapping_sub(1) >= 254 || mant >> 24 != 0 {
        return None;
    }
    Some(Unpacked {
        sign: a.sign ^ b.sign,
        exp,
        mant,
    })
}

/// One step acc·x + c, or None outside the common case (see the module comment).
#[inline(always)]
pub(super) fn step(acc: Unpacked, x: Unpacked, c: Unpacked) -> Option<Unpacked> {
    // $FMULS: the top 32 bits of the 48-bit product (no sticky bit), normalized by at
    // most one place; exponent acc + x − 129 (+1 when the product has 48 bits).
    let s = acc.exp + x.exp;
    let p = u64::from(acc.mant) * u64::from(x.mant);
    let top = (p >> 47) as u32;
    // round_guard of the 32-bit word p >> (15 + top), whose low five bits it ignores.
    let z = p >> (20 + top);
    let pm = ((z + 3 + ((z >> 3) & 1)) >> 3) as u32;
    let pe = (s + top).wrapping_sub(129);
    // A normal product (s ≥ 129 and exponent ≥ 1) strictly below the coefficient: then
    // $FADDS shifts the product, and the coefficient's sign is the result's. A rounding
    // carry out of the product (rare) is left to the general path, so that the shift
    // below does not wait for the rounding. One comparison: below 129, s + top − 129 is
    // 0 or wraps, and so does pe − 1 then (c.exp ≥ 1).
    if pe.wrapping_sub(1) >= c.exp - 1 || pm >> 24 != 0 {
        return None;
    }
    add_below(
        Unpacked {
            sign: acc.sign ^ x.sign,
            exp: pe,
            mant: pm,
        },
        c,
    )
}

/// $FADDS of a non-zero `a` strictly below `c` in exponent (1 ≤ a.exp < c.exp), or None
/// outside the common case: a difference that underflows, a rounding carry out of the
/// sum. The sum has `c`'s sign. `step`'s addition, and $EXP's 1 + y for −1 < y < 0.
#[inline(always)]
pub(super) fn add_below(a: Unpacked, c: Unpacked) -> Option<Unpacked> {
    let shift = c.exp - a.exp;
    if shift >= 25 {
        // "CMP CX,31": `a` is negligible.
        return Some(c);
    }
    let (mant, exp) = if a.sign == c.sign {
        // Like signs: the exact sum in 64 bits (guard-byte position p is bit p + 24).
        // Without a carry GW rounds with bits 7 and 6 true and bit 5 sticky: that is
        // rounding half to even on all 32 bits below the mantissa. After a carry it
        // shifts right once and the sticky bit falls below the three that count.
        let y = (u64::from(c.mant) << 32) + (u64::from(a.mant) << (32 - shift));
        if y >> 56 == 0 {
            (((y + 0x7FFF_FFFF + ((y >> 32) & 1)) >> 32) as u32, c.exp)
        } else {
            (round_guard((y >> 25) as u32), c.exp + 1)
        }
    } else {
        // Unlike signs: GW subtracts its guard byte, sticky bits and all; the difference
        // is positive and is normalized left ($NORMS).
        let v = (c.mant << 8) - align(a.mant, shift);
        let lz = v.leading_zeros();
        if lz >= c.exp {
            return None;
        }
        // `round_guard` in 32 bits: its sum carries out of the word exactly when the
        // rounded mantissa would carry out of 24 bits (left to the general path), and
        // the exponent only falls, so nothing else is to be tested
        let x = v << lz;
        let (r, carry) = (x & !0x1F).overflowing_add(0x7F + ((x >> 8) & 1));
        if carry {
            return None;
        }
        return Some(Unpacked {
            sign: c.sign,
            exp: c.exp - lz,
            mant: r >> 8,
        });
    };
    // A rounding carry out of the sum (rare), and with it any overflow, is left to the
    // general path too.
    if mant >> 24 != 0 || exp > 255 {
        return None;
    }
    Some(Unpacked {
        sign: c.sign,
        exp,
        mant,
    })
}
