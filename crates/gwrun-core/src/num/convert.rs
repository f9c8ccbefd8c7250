//! Conversions between the number types and to/from f64. Integer → single and single →
//! double are exact ($FLT, $CDS); double → single rounds half up on the first dropped bit
//! ($CSD, MATH2.ASM: it forces a bit so a tie never goes to even); `Num` gets the
//! evaluator's coercions (FRCSNG, FRCDBL, FRCINT).

use super::single::{norms, rouns};
use super::{Double, FloatError, Num, Single};

impl Single {
    /// $FLT: an integer as a single (exact). Not inlined: in the interpreter's operator
    /// code the inlined body measurably slowed unrelated paths (docs/benchmarks.md).
    #[inline(never)]
    pub fn from_i16(i: i16) -> Single {
        if i == 0 {
            return Single::ZERO;
        }
        exact(i < 0, u32::from(i.unsigned_abs()))
    }

    /// A 32-bit integer as a single (for ERL, LOF, TIMER …): exact below 2^24, otherwise
    /// normalized like $FLT/$NORMS and rounded by $ROUNS on the next eight bits.
    pub fn from_i32(i: i32) -> Single {
        if i == 0 {
            return Single::ZERO;
        }
        let neg = i < 0;
        let mag = i.unsigned_abs();
        if mag < 1 << 24 {
            return exact(neg, mag);
        }
        let lz = mag.leading_zeros();
        let x = mag << lz;
        norms(neg, 160 - lz, x).unwrap_or(Single::max_value(neg))
    }

    /// $CDS: exact widening to double.
    pub fn to_double(self) -> Double {
        if self.is_zero() {
            return Double::ZERO;
        }
        Double::pack(self.sign_bit(), self.exp(), u64::from(self.mant()) << 32)
    }

    /// Exact value as f64.
    pub fn to_f64(self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        let v = f64::from(self.mant()) * pow2(self.exp() as i32 - 152);
        if self.sign_bit() { -v } else { v }
    }

    /// Nearest single (ties to even); saturates on overflow, 0 on underflow, NaN gives 0.
    pub fn from_f64(v: f64) -> Single {
        match split_f64(v, 24) {
            Split::Zero => Single::ZERO,
            Split::Max(neg) => Single::max_value(neg),
            Split::Value(neg, e, m) => Single::pack(neg, e, m as u32),
        }
    }
}

impl Double {
    /// An integer as a double (exact).
    pub fn from_i16(i: i16) -> Double {
        Single::from_i16(i).to_double()
    }

    /// A 32-bit integer as a double (exact).
    pub fn from_i32(i: i32) -> Double {
        if i == 0 {
            return Double::ZERO;
        }
        let mag = u64::from(i.unsigned_abs());
        let lz = mag.leading_zeros() - 8;
        Double::pack(i < 0, 184 - lz, mag << lz)
    }

    /// $CSD: double → single, rounding half up on the first dropped bit; Overflow when it
    /// rounds past the single range.
    pub fn to_single(self) -> Result<Single, FloatError> {
        if self.is_zero() {
            return Ok(Single::ZERO);
        }
        let m = self.mant();
        // $CSD ORs 0x40 into the guard byte, so only its top bit decides and no tie exists.
        let guard = ((m >> 24) & 0xFF) as u32 | 0x40;
        let neg = self.sign_bit();
        rouns(neg, self.exp(), (m >> 32) as u32, guard, neg)
    }

    /// The value as f64 (56 → 53 bits, nearest even).
    pub fn to_f64(self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        let v = self.mant() as f64 * pow2(self.exp() as i32 - 184);
        if self.sign_bit() { -v } else { v }
    }

    /// Nearest double (exact for every finite f64 in range); saturates, 0 on underflow.
    pub fn from_f64(v: f64) -> Double {
        match split_f64(v, 56) {
            Split::Zero => Double::ZERO,
            Split::Max(neg) => Double::max_value(neg),
            Split::Value(neg, e, m) => Double::pack(neg, e, m),
        }
    }
}

impl Num {
    /// FRCSNG: integer exactly, double rounded half up (Overflow past the single range).
    pub fn to_single(self) -> Result<Single, FloatError> {
        match self {
            Num::Int(i) => Ok(Single::from_i16(i)),
            Num::Sng(s) => Ok(s),
            Num::Dbl(d) => d.to_single(),
        }
    }

    /// FRCDBL: exact.
    pub fn to_double(self) -> Double {
        match self {
            Num::Int(i) => Double::from_i16(i),
            Num::Sng(s) => s.to_double(),
            Num::Dbl(d) => d,
        }
    }

    /// FRCINT (CINT rounding): None when the value is outside -32768..=32767.
    pub fn to_i16_round(self) -> Option<i16> {
        match self {
            Num::Int(i) => Some(i),
            Num::Sng(s) => s.to_i16_round(),
            Num::Dbl(d) => d.to_i16_round(),
        }
    }

    /// True for 0 of any type.
    pub fn is_zero(self) -> bool {
        match self {
            Num::Int(i) => i == 0,
            Num::Sng(s) => s.is_zero(),
            Num::Dbl(d) => d.is_zero(),
        }
    }
}

/// A magnitude 0 < mag < 2^24 as a single: exact, so just normalized (0.1… × 2^bits).
#[inline]
fn exact(negative: bool, mag: u32) -> Single {
    let lz = mag.leading_zeros();
    Single(((160 - lz) << 24) | (u32::from(negative) << 23) | ((mag << lz >> 8) & 0x007F_FFFF))
}

/// 2^k for -1074 < k < 1024, exactly.
fn pow2(k: i32) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

enum Split {
    Zero,
    Max(bool),
    Value(bool, u32, u64),
}

/// An f64 as sign, MBF exponent byte and `bits`-bit mantissa (rounded to nearest even).
fn split_f64(v: f64, bits: u32) -> Split {
    if v.is_nan() || v == 0.0 {
        return Split::Zero;
    }
    let neg = v < 0.0;
    if v.is_infinite() {
        return Split::Max(neg);
    }
    let raw = v.abs().to_bits();
    let biased = (raw >> 52) as i32;
    if biased == 0 {
        return Split::Zero; // subnormal: far below the MBF range
    }
    let m53 = (raw & ((1 << 52) - 1)) | (1 << 52);
    let mut e = biased - 894; // value = 0.1m × 2^(biased-1022), MBF exponent byte +128
    let mut m = if bits >= 53 {
        m53 << (bits - 53)
    } else {
        let shift = 53 - bits;
        let q = m53 >> shift;
        let r = m53 & ((1 << shift) - 1);
        let half = 1u64 << (shift - 1);
        if r > half || (r == half && q & 1 == 1) {
            q + 1
        } else {
            q
        }
    };
    if m == 1 << bits {
        m >>= 1;
        e += 1;
    }
    if e > 255 {
        Split::Max(neg)
    } else if e <= 0 {
        Split::Zero
    } else {
        Split::Value(neg, e as u32, m)
    }
}
