//! The math functions SQR, SIN, COS, TAN, ATN, LOG, EXP and the power operator `^`,
//! computed as GW-BASIC computes them: in single precision whatever the argument type
//! (the evaluator forces the argument to single first), with Microsoft's own algorithms —
//! a bit-by-bit square root, Hart polynomials evaluated by Horner's rule in single
//! precision, and a double-precision range reduction for SIN/COS/TAN. Ported from
//! Microsoft's GW-BASIC MATH1.ASM/MATH2.ASM (MIT licence: $SQR, $SIN, $COS, $TAN, $ATAN,
//! $LOG, $EXP, $POLY, $POLYX, $FPWR, XTON).
#![cfg_attr(feature = "ieee", allow(unreachable_code))]

use super::horner::{self, Unpacked};
use super::tables::{
    ATN_C1, ATN_C2, DOUBLE_ONE, EXP_COEF, INV_TWO_PI, LOG_P, LOG_Q, S_32768, S_HALF_PI, S_LN2,
    S_LOG2_E, S_ONE, S_SIXTH_PI, S_SQRT3, S_TAN_PI_12, S_TWO_PI, SIN_COEF,
};
use super::{Double, FloatError, Single};

/// Why a math function did not simply produce a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MathError {
    /// Error 5 (LOG of a number ≤ 0, SQR of a negative number, a negative number to a
    /// non-integer power): a hard error.
    IllegalFunctionCall,
    /// A soft floating-point error (digest §6.5): report `error` (print the message, or
    /// raise error 6/11 if ON ERROR is active), then continue with `value`. The value is
    /// usually ±max, but not always: EXP of a huge negative number gives 0, and a power
    /// whose positive counterpart overflowed gives 1/max (both as the source computes).
    Float { error: FloatError, value: Single },
}

/// Collects the first soft error of a computation that carries on with saturated values
/// (GW prints the message once per function: $FLGOV/FLGOVC).
#[derive(Default)]
pub(super) struct Soft {
    pub(super) first: Option<FloatError>,
}

impl Soft {
    pub(super) fn s(&mut self, r: Result<Single, FloatError>) -> Single {
        r.unwrap_or_else(|e| {
            self.first.get_or_insert(e);
            e.single_value()
        })
    }

    fn d(&mut self, r: Result<Double, FloatError>) -> Double {
        r.unwrap_or_else(|e| {
            self.first.get_or_insert(e);
            e.double_value()
        })
    }

    fn note(&mut self, e: FloatError) {
        self.first.get_or_insert(e);
    }

    pub(super) fn done(self, value: Single) -> Result<Single, MathError> {
        match self.first {
            None => Ok(value),
            Some(error) => Err(MathError::Float { error, value }),
        }
    }
}

/// $POLY: c0·x^(n−1) + … + c(n−1) by Horner's rule in single precision. Each step runs
/// on unpacked values (`horner::step`) when it is in the common case, otherwise with the
/// general operations (and GW's soft errors); both give the same bits.
pub(super) fn poly(soft: &mut Soft, x: Single, coef: &[Single]) -> Single {
    poly_from(soft, x, coef, coef[0], 1)
}

/// `poly` of one of GW's fixed tables, whose coefficients were unpacked at compile time.
/// For a positive argument (SIN's and ATN's x², EXP's fraction) the loop is unrolled
/// into a straight chain of unpacked steps: each step's sign is its coefficient's (a
/// product below the coefficient cannot change it), so every sign in the chain is a
/// constant and like or unlike signs are known when compiling. The first step outside
/// the common case leaves the chain for `poly_from`, which finishes with the general
/// operations (and retries the unpacked steps), as `poly` would have.
#[inline(always)]
pub(super) fn poly_table<const N: usize>(
    soft: &mut Soft,
    x: Single,
    coef: &[Single; N],
    unpacked: &[Unpacked; N],
) -> Single {
    let Some(xu) = Unpacked::positive(x).filter(|_| unpacked_allowed()) else {
        return poly_from(soft, x, coef, coef[0], 1);
    };
    match poly_chain(soft, x, xu, coef, unpacked) {
        Ok(acc) => acc.pack(),
        Err(p) => p,
    }
}

/// `poly_table`'s chain for a positive argument `x`, unpacked as `xu`: Ok with the
/// accumulator when every step was unpacked, else Err with what `poly_from` finished.
#[inline(always)]
fn poly_chain<const N: usize>(
    soft: &mut Soft,
    x: Single,
    xu: Unpacked,
    coef: &[Single; N],
    unpacked: &[Unpacked; N],
) -> Result<Unpacked, Single> {
    const { assert!(N >= 1 && N <= 8) };
    let mut acc = unpacked[0];
    macro_rules! steps {
        ($($i:literal)*) => {$(
            if let Some(&cu) = unpacked.get($i) {
                match horner::step(acc, xu, cu) {
                    Some(r) => acc = r,
                    None => return Err(poly_from(soft, x, coef, acc.pack(), $i)),
                }
            }
        )*};
    }
    steps!(1 2 3 4 5 6 7);
    Ok(acc)
}

/// `poly_chain` without its way out: the accumulator when every step is unpacked.
#[inline(always)]
fn chain<const N: usize>(xu: Unpacked, unpacked: &[Unpacked; N]) -> Option<Unpacked> {
    const { assert!(N >= 1 && N <= 8) };
    let mut acc = unpacked[0];
    macro_rules! steps {
        ($($i:literal)*) => {$(
            if let Some(&cu) = unpacked.get($i) {
                acc = horner::step(acc, xu, cu)?;
            }
        )*};
    }
    steps!(1 2 3 4 5 6 7);
    Some(acc)
}

/// `poly`'s loop from step `from` on, the accumulator being `acc` (out of line: the
/// fixed tables' chains leave for it only outside the common case).
#[inline(never)]
fn poly_from(soft: &mut Soft, x: Single, coef: &[Single], acc: Single, from: usize) -> Single {
    let xu = Unpacked::of(x).filter(|_| unpacked_allowed());
    let mut acc = acc;
    let mut fast = Unpacked::of(acc);
    for &c in &coef[from..] {
        if let (Some(xu), Some(a), Some(cu)) = (xu, fast, Unpacked::of(c))
            && let Some(r) = horner::step(a, xu, cu)
        {
            fast = Some(r);
            continue;
        }
        acc = general_step(soft, fast.map_or(acc, Unpacked::pack), x, c);
        fast = Unpacked::of(acc);
    }
    fast.map_or(acc, Unpacked::pack)
}

/// SIN's, EXP's and ATN's tables unpacked.
pub(super) const SIN_U: [Unpacked; 5] = Unpacked::table(&SIN_COEF);
pub(super) const EXP_U: [Unpacked; 7] = Unpacked::table(&EXP_COEF);
pub(super) const ATN_C2_U: [Unpacked; 4] = Unpacked::table(&ATN_C2);
/// 1 unpacked ($EXP's fraction 1 + y).
const ONE_U: Unpacked = Unpacked::table(&[S_ONE])[0];
/// log2 e unpacked ($EXP's first product).
const LOG2_E_U: Unpacked = Unpacked::table(&[S_LOG2_E])[0];

/// One Horner step acc·x + c with the general operations (out of line: rare, and it
/// keeps the unpacked loop small enough to unroll over a fixed table).
#[cold]
#[inline(never)]
fn general_step(soft: &mut Soft, acc: Single, x: Single, c: Single) -> Single {
    let p = soft.s(acc.mul(x));
    soft.s(p.add(c))
}

// Tests switch the unpacked steps off to compare whole functions with the general path.
#[cfg(all(test, not(feature = "ieee")))]
thread_local! {
    pub(super) static GENERAL_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether `poly` may take unpacked steps: not when tests switch them off, and not in the
/// `ieee` measuring build (whose general operations are f32 stand-ins).
#[inline(always)]
fn unpacked_allowed() -> bool {
    #[cfg(feature = "ieee")]
    return false;
    #[cfg(all(test, not(feature = "ieee")))]
    return !GENERAL_ONLY.with(|g| g.get());
    #[cfg(not(any(test, feature = "ieee")))]
    true
}

/// $POLYX: x·P(x²). For a positive x (SIN's folded angle, ATN's reduced argument) whose
/// square and product with P are in `horner::mul`'s common case, x², the chain and x·P
/// stay unpacked, with the bits of the packed operations. Inlined into SIN, where the
/// call's frame was a tenth of its cost.
#[inline(always)]
fn polyx<const N: usize>(
    soft: &mut Soft,
    x: Single,
    coef: &[Single; N],
    unpacked: &[Unpacked; N],
) -> Single {
    if let Some(xu) = Unpacked::positive(x).filter(|_| unpacked_allowed())
        && let Some(x2u) = horner::mul(xu, xu)
    {
        let x2 = x2u.pack();
        let p = match poly_chain(soft, x2, x2u, coef, unpacked) {
            Ok(acc) => match horner::mul(acc, xu) {
                Some(r) => return r.pack(),
                None => acc.pack(),
            },
            Err(p) => p,
        };
        return soft.s(p.mul(x));
    }
    let x2 = soft.s(x.mul(x));
    let p = poly_table(soft, x2, coef, unpacked);
    soft.s(p.mul(x))
}

impl Single {
    /// SQR ($SQR): the exact square root of the mantissa to 25 bits, rounded half up at
    /// the 25th. Illegal function call for negative arguments.
    pub fn sqr(self) -> Result<Single, MathError> {
        #[cfg(feature = "ieee")]
        if self.is_negative() {
            return Err(MathError::IllegalFunctionCall);
        }
        #[cfg(feature = "ieee")]
        return super::ieee::func(self, f32::sqrt);
        if self.sign_bit() {
            return Err(MathError::IllegalFunctionCall);
        }
        if self.is_zero() {
            return Ok(Single::ZERO);
        }
        let e = self.exp();
        let odd = e & 1;
        // The source's 25 restoring steps compute floor(sqrt(n)) of the mantissa (halved
        // for an odd exponent) with 18 zero bits appended; any exact integer square root
        // gives the same 25-bit root.
        let n = (u64::from(self.mant() << 8) >> odd) << 18;
        let r = isqrt(n);
        let m = ((r >> 1) + (r & 1)) as u32;
        Ok(Single::pack(false, (e >> 1) + 0x40 + odd, m))
    }

    /// SIN ($SIN): tiny arguments are returned unchanged; otherwise the angle is reduced
    /// in double precision to a fraction of a turn and Hart 3341 is evaluated in single.
    #[inline]
    pub fn sin(self) -> Result<Single, MathError> {
        #[cfg(feature = "ieee")]
        return super::ieee::func(self, f32::sin);
        match sin_unpacked(self) {
            Some(r) => Ok(r),
            None => self.sin_general(),
        }
    }

    /// `sin` where `sin_unpacked` declines: GW's steps, each in the common case
    /// unpacked or else with the general operations and their soft errors.
    #[inline(never)]
    fn sin_general(self) -> Result<Single, MathError> {
        if self.exp() < 0o167 {
            return Ok(self.canon());
        }
        let mut soft = Soft::default();
        let r = match reduce_fold_fast(self) {
            Some(folded) if unpacked_allowed() => sin_folded(&mut soft, folded),
            _ => {
                let turns = reduce(&mut soft, self.abs());
                sin_turns(&mut soft, turns)
            }
        };
        soft.done(if self.sign_bit() { r.neg() } else { r })
    }

    /// COS ($COS): SIN of the reduced angle plus a quarter turn.
    pub fn cos(self) -> Result<Single, MathError> {
        #[cfg(feature = "ieee")]
        return super::ieee::func(self, f32::cos);
        let mut soft = Soft::default();
        let turns = reduce(&mut soft, self.abs());
        let quarter = Double(DOUBLE_ONE.0 & !(0xFF << 56) | (0o177 << 56));
        let shifted = soft.d(quarter.add(turns));
        let turns = frac(&mut soft, shifted);
        let r = sin_turns(&mut soft, turns);
        soft.done(r)
    }

    /// TAN ($TAN): SIN/COS in single precision (a zero cosine is a soft division by zero).
    pub fn tan(self) -> Result<Single, MathError> {
        #[cfg(feature = "ieee")]
        return super::ieee::func(self, f32::tan);
        let mut soft = Soft::default();
        let s = pick(&mut soft, self.sin());
        let c = pick(&mut soft, self.cos());
        let t = soft.s(s.div(c));
        soft.done(t)
    }

    /// ATN ($ATAN): Hart 4940 after reducing to |x| < 1 (1/x) and to |x| < tan(π/12)
    /// ((x·√3 − 1)/(x + √3), adding π/6 back).
    pub fn atn(self) -> Result<Single, MathError> {
        #[cfg(feature = "ieee")]
        return super::ieee::func(self, f32::atan);
        let mut soft = Soft::default();
        let mut x = self.abs();
        let invert = x.exp() >= 0o201;
        if invert {
            x = soft.s(S_ONE.div(x));
        }
        let sixth = x.total_cmp(S_TAN_PI_12).is_ge();
        if sixth {
            let den = soft.s(x.add(S_SQRT3));
            let num = poly(&mut soft, x, &ATN_C1);
            x = soft.s(num.div(den));
        }
        let mut r = polyx(&mut soft, x, &ATN_C2, &ATN_C2_U);
        if sixth {
            r = soft.s(S_SIXTH_PI.add(r));
        }
        if invert {
            r = soft.s(S_HALF_PI.sub(r));
        }
        soft.done(if self.sign_bit() { r.neg() } else { r })
    }

    /// LOG ($LOG): exponent + Hart 2524 on the mantissa, times ln 2. Illegal function
    /// call for arguments ≤ 0; LOG(1) is exactly 0.
    pub fn log(self) -> Result<Single, MathError> {
        #[cfg(feature = "ieee")]
        if self.is_negative() || self.is_zero() {
            return Err(MathError::IllegalFunctionCall);
        }
        #[cfg(feature = "ieee")]
        return super::ieee::func(self, f32::ln);
        if self.is_zero() || self.sign_bit() {
            return Err(MathError::IllegalFunctionCall);
        }
        let mut soft = Soft::default();
        let r = log_positive(&mut soft, self);
        soft.done(r)
    }

    /// EXP ($EXP): 2^(x·log2 e) as 2^INT times Hart 1302 on the fraction. Overflow for
    /// x·log2 e ≥ 127; results below the range are 0.
    #[inline]
    pub fn exp_fn(self) -> Result<Single, MathError> {
        #[cfg(feature = "ieee")]
        return super::ieee::func(self, f32::exp);
        match exp_unpacked(self) {
            Some(r) => Ok(r),
            None => self.exp_general(),
        }
    }

    /// `exp_fn` where `exp_unpacked` declines (as `sin_general`).
    #[inline(never)]
    fn exp_general(self) -> Result<Single, MathError> {
        let mut soft = Soft::default();
        let r = exp_value(&mut soft, self);
        soft.done(r)
    }

    /// `^` ($FPWR): integer exponents below 32768 by repeated squaring (XTON), others as
    /// EXP(y·LOG(x)). 0^negative is a soft division by zero; a negative base needs an
    /// integer exponent (else Illegal function call).
    pub fn pow(self, y: Single) -> Result<Single, MathError> {
        let mut soft = Soft::default();
        let r = fpwr(&mut soft, self, y)?;
        soft.done(r)
    }
}

/// SIN of an angle whose every step is in the common case: the reduction and fold in
/// integer arithmetic (`reduce_fold_fast`), then x², the chain of `SIN_COEF` and the
/// product by x all unpacked (`polyx`'s first branch). None wherever `sin_general`
/// would leave that path (a tiny argument, a tiny folded angle, a step outside the
/// common case, the tests' switch): those steps cannot raise a soft error, so the
/// value is the general path's, without its error bookkeeping.
#[inline(always)]
fn sin_unpacked(x: Single) -> Option<Single> {
    if !unpacked_allowed() {
        return None;
    }
    // `reduce_fold_fast`'s angle, left unpacked (it is positive and not zero)
    let (e, m, negate) = fold_parts(reduce_fixed(x)?)?;
    if e < 0o164 {
        return None;
    }
    let yu = Unpacked::positive_parts(e, m);
    let y2 = horner::mul(yu, yu)?;
    let r = horner::mul(chain(y2, &SIN_U)?, yu)?.pack();
    Some(if negate != x.sign_bit() { r.neg() } else { r })
}

/// EXP where every step is in the common case (as `sin_unpacked`): x·log2 e unpacked
/// (`horner::mul`: no soft error, no rounding carry), y in the polynomial's range,
/// INT(y) and the fraction by `floor_split` (for −1 < y < 0 too: EXP of −1.44 < x < 0),
/// the chain of `EXP_COEF` unpacked and the scaling by an exponent add.
#[inline(always)]
fn exp_unpacked(x: Single) -> Option<Single> {
    if !unpacked_allowed() {
        return None;
    }
    // y and its fraction stay unpacked (`split_unpacked`)
    let y = horner::mul(Unpacked::of(x)?, LOG2_E_U)?;
    let e = y.parts().1;
    if !(0o150..0o210).contains(&e) {
        return None;
    }
    let (n, fraction) = split_unpacked(y)?;
    let scale_exp = (n as u8).wrapping_add(0o201);
    let p = chain(fraction?, &EXP_U)?.pack();
    horner::scale_half_pow2(p, u32::from(scale_exp))
}

/// floor(sqrt(n)) for n < 2^50 (SQR's operands). The double square root is exact for
/// such n and correctly rounded, so its floor is the integer square root: sqrt(n) < 2^25
/// has an ulp of at most 2^-28, and a non-integer sqrt(n) lies more than 1/(2k+2) ≥
/// 2^-26 below the next integer k + 1 (as (k+1)² − n ≥ 1), so rounding cannot reach it.
/// `fast_tests` checks every SQR mantissa against the source's bit loop.
#[inline]
fn isqrt(n: u64) -> u64 {
    debug_assert!(n < 1 << 50);
    // Through i64: the root is below 2^25, and the signed conversion is one
    // instruction shorter of fix-ups than the unsigned one.
    (n as f64).sqrt() as i64 as u64
}

/// Takes the value of an inner function result, remembering its soft error.
pub(super) fn pick(soft: &mut Soft, r: Result<Single, MathError>) -> Single {
    match r {
        Ok(v) => v,
        Err(MathError::Float { error, value }) => {
            soft.note(error);
            value
        }
        Err(MathError::IllegalFunctionCall) => Single::ZERO,
    }
}

/// RR1/RR2: the fraction x − INT(x) of a non-negative double. GW computes INT(x) − x
/// with $FSUBD and negates; for x ≥ 0 the two have the same exponent (or INT(x) is 0),
/// so the subtraction is exact and only $NORMD's limits matter (a fraction needing more
/// than 57 normalizing shifts becomes 0). Computed here directly with those limits.
fn frac(_soft: &mut Soft, x: Double) -> Double {
    let e = x.exp();
    if e <= 128 {
        return x.canon();
    }
    if e >= 184 {
        return Double::ZERO;
    }
    let bits = x.mant() & ((1u64 << (184 - e)) - 1);
    super::double::normd(false, e, bits << 8).unwrap_or(Double::ZERO)
}

/// RR: a non-negative single angle as a fraction of a full turn, in double precision.
pub(super) fn reduce(soft: &mut Soft, x: Single) -> Double {
    let t = soft.d(x.to_double().mul(INV_TWO_PI));
    frac(soft, t)
}

/// SIN30…SIN70: the sine of `turns` (0 ≤ turns < 1 of a full turn).
fn sin_turns(soft: &mut Soft, turns: Double) -> Single {
    let folded = match fold_fast(turns) {
        Some(folded) if unpacked_allowed() => folded,
        _ => fold(soft, turns),
    };
    sin_folded(soft, folded)
}

/// SIN60…SIN70: the sine of an angle folded into the first quarter turn (`fold`).
#[inline(always)]
fn sin_folded(soft: &mut Soft, (y, negate): (Single, bool)) -> Single {
    let r = if y.exp() < 0o164 {
        soft.s(y.mul(S_TWO_PI))
    } else {
        polyx(soft, y, &SIN_COEF, &SIN_U)
    };
    if negate { r.neg() } else { r }
}

/// SIN30…SIN50: `turns` folded into the first quarter turn as GW does it, in double
/// precision, then rounded to single (y, in quarter turns ÷ 4), and whether the sine is
/// to be negated (the third and fourth quarters).
pub(super) fn fold(soft: &mut Soft, turns: Double) -> (Single, bool) {
    // "ADD $FAC,2" (×4): the source tests the address of $FAC instead of its exponent, so
    // a zero fraction becomes 2^-127 here (which still ends as a zero sine).
    let t4 = Double::pack(false, turns.exp() + 2, turns.mant());
    let q = t4.int();
    let q_hi = (q.0 >> 48) as u8;
    let negate = q.exp() == 0o202;
    let subtract = q.exp() & 1 == 1 || q_hi & 0o100 != 0;
    let mut f = frac(soft, t4);
    if subtract {
        f = soft.d(DOUBLE_ONE.sub(f));
    }
    let f = if f.exp() < 2 {
        Double::ZERO
    } else {
        Double::pack(false, f.exp() - 2, f.mant())
    };
    (soft.s(f.to_single()), negate)
}

/// `fold` in 64-bit fixed point, for 2^-8 ≤ turns < 1 (exponent byte 121..=128) and a
/// non-zero fraction of 4·turns; None otherwise. Every step of `fold` is exact there
/// but the last rounding: turns·2^64 is the mantissa shifted left by at most 8 places;
/// the quarter (INT of 4·turns) is its top two bits and the fraction F the rest; the
/// fraction's lowest bit is worth at least 2^-55 when 1 − F is taken (quarters 1 and 3:
/// turns ≥ 1/4), so that $FADDD's operand keeps its guard byte clear and the difference
/// is exact; ÷4 changes the exponent only; and $CSD rounds the top 24 bits of the
/// normalized fraction half up on the next bit. `fast_tests` checks it against `fold`.
#[inline(always)]
pub(super) fn fold_fast(turns: Double) -> Option<(Single, bool)> {
    let e = turns.exp();
    if !(121..=128).contains(&e) {
        return None;
    }
    fold_fixed(turns.mant() << (e - 120))
}

/// `fold_fast`'s steps on the fraction of a turn `t`·2^-64, at least 2^-8 (t ≥ 2^56):
/// None when 4·t has no fraction.
#[inline(always)]
fn fold_fixed(t: u64) -> Option<(Single, bool)> {
    let (e, m, negate) = fold_parts(t)?;
    Some((Single::pack(false, e, m), negate))
}

/// `fold_fixed` before packing: the folded angle's exponent byte and 24-bit mantissa
/// (leading 1 included), and whether the sine is negated. SIN's unpacked path takes
/// these as they are.
#[inline(always)]
fn fold_parts(t: u64) -> Option<(u32, u32, bool)> {
    let quarter = t >> 62;
    let f = t << 2;
    if f == 0 {
        return None;
    }
    let g = if quarter & 1 == 1 {
        f.wrapping_neg()
    } else {
        f
    };
    let lz = g.leading_zeros();
    let n = g << lz;
    let m = ((n >> 40) + ((n >> 39) & 1)) as u32;
    // The value is n·2^(−64−lz)/4: exponent byte 126 − lz, one more after a carry
    // (m is 2^24 then, and 2^23 its mantissa).
    let carry = m >> 24;
    Some((126 - lz + carry, m >> carry, quarter >= 2))
}

/// `fold(reduce(|x|))` in one pass of integer arithmetic, for the angles whose fraction
/// of a turn `fold_fast` takes; None otherwise (and for arguments SIN returns unchanged).
/// `reduce` widens |x| to double (the mantissa gains 32 zero bits) and multiplies by
/// 1/2π with $FMULD; the 80-bit product of the 24-bit mantissa and the constant's 56 is
/// that multiply's product without its 32 zero bits, so its sticky bit is the product's
/// low 16 and its word the next 64 (shifted once unless the product has 80 bits), which
/// $ROUND rounds to 56. The exponent cannot leave the range: |x|'s byte is at least
/// 0o167 and the constant's is 126. `frac` then keeps the bits below the binary point
/// exactly, and `fold_fast` reads them as 64-bit fixed point: here that is the rounded
/// mantissa shifted by its exponent, the whole turns falling off the top.
/// `fast_tests::sine_reduction` checks it against `reduce` and `fold` for every
/// mantissa of several exponents.
#[inline(always)]
pub(super) fn reduce_fold_fast(x: Single) -> Option<(Single, bool)> {
    reduce_fixed(x).and_then(fold_fixed)
}

/// `reduce_fold_fast`'s reduction: |x|'s fraction of a turn in 64-bit fixed point, or
/// None where `reduce_fold_fast` declines before its fold.
#[inline(always)]
fn reduce_fixed(x: Single) -> Option<u64> {
    let ex = x.exp();
    if ex < 0o167 {
        return None;
    }
    let p = u128::from(x.mant()) * u128::from(INV_TWO_PI.mant());
    let top = (p >> 79) as u32;
    let sticky = u64::from(p as u16 != 0) << 5;
    let w = ((p >> 16) as u64 | sticky) << (1 - top);
    let e = ex + INV_TWO_PI.exp() - 129 + top;
    // $ROUND: add 0x80 to the guard byte; a tie clears the last bit; a carry out of
    // the top makes the mantissa 2^55 one exponent up.
    let (y, carry) = w.overflowing_add(0x80);
    let (m, e) = if carry {
        (1u64 << 55, e + 1)
    } else if y & 0xFF == 0 {
        ((y & !0x100) >> 8, e)
    } else {
        (y >> 8, e)
    };
    // The fraction of a turn in 64-bit fixed point; below 2^-8, or with no fraction at
    // all, `fold_fast` declines. From exponent 178 up, $NORMD's limit of 57 shifts can
    // make `frac` zero where fixed point keeps bits: those (|x| ≥ 2^52) go the long way.
    if !(121..=177).contains(&e) {
        return None;
    }
    let t = m << (e - 120);
    if t >> 56 == 0 {
        return None;
    }
    Some(t)
}

/// $LOG for x > 0.
fn log_positive(soft: &mut Soft, x: Single) -> Single {
    if x == S_ONE {
        return Single::ZERO;
    }
    let e = x.exp() as i32 - 128;
    let m = Single::pack(false, 0o200, x.mant());
    let p = poly(soft, m, &LOG_P);
    let q = poly(soft, m, &LOG_Q);
    let ratio = soft.s(p.div(q));
    let sum = soft.s(ratio.add(Single::from_i32(e)));
    soft.s(sum.mul(S_LN2))
}

/// $EXP (inlined into EXP, whose wrapper was most of a frame again).
#[inline(always)]
fn exp_value(soft: &mut Soft, x: Single) -> Single {
    let y = soft.s(x.mul(S_LOG2_E));
    if y.exp() >= 0o210 {
        if y.sign_bit() {
            return Single::ZERO;
        }
        soft.note(FloatError::Overflow { negative: false });
        return Single::max_value(false);
    }
    if y.exp() < 0o150 {
        return S_ONE;
    }
    let (n, fraction) = match floor_split(y) {
        Some(split) if unpacked_allowed() => split,
        _ => {
            let n = y.floor_i32();
            (n, soft.s(y.sub(Single::from_i32(n))))
        }
    };
    let scale_exp = (n as u8).wrapping_add(0o201);
    if scale_exp == 0 {
        soft.note(FloatError::Overflow { negative: false });
        return Single::max_value(false);
    }
    let p = poly_table(soft, fraction, &EXP_COEF, &EXP_U);
    if unpacked_allowed()
        && let Some(r) = horner::scale_half_pow2(p, u32::from(scale_exp))
    {
        return r;
    }
    soft.s(p.mul(Single::pack(false, u32::from(scale_exp), 0)))
}

/// $EXP's split of y into INT(y) and y − INT(y), in integer arithmetic where the
/// difference is exact: 0 ≤ y < 2^23, and −2^23 < y ≤ −1 (the fraction then has at
/// most the 23 bits below y's unit place). There $FSUBS computes it exactly too, as the
/// fraction's bits all lie within y's mantissa. For −1 < y < 0, 1 − |y| can need more
/// bits than a single has: $FSUBS's y − (−1) is $FADDS's 1 + y, rounded as
/// `horner::add_below` rounds it (None where that declines, and for any y out of range,
/// leaves it to the general operations). `fast_tests::exp_split` checks it against
/// `floor_i32` and `sub` for every mantissa of every exponent it takes.
#[inline(always)]
pub(super) fn floor_split(y: Single) -> Option<(i32, Single)> {
    let Some(yu) = Unpacked::of(y) else {
        // a zero: INT 0 and the fraction 0 (one with its sign bit set, as 1 + y, is
        // left to the general operations)
        return (!y.sign_bit()).then_some((0, Single::ZERO));
    };
    let (n, f) = split_unpacked(yu)?;
    Some((n, f.map_or(Single::ZERO, Unpacked::pack)))
}

/// `floor_split` of a non-zero y, unpacked: the fraction is None when it is zero, else
/// positive. EXP's unpacked path takes it as it is.
#[inline(always)]
fn split_unpacked(y: Unpacked) -> Option<(i32, Option<Unpacked>)> {
    let (negative, e, m) = y.parts();
    if e <= 128 {
        // |y| < 1: INT(y) is 0 (y itself is the fraction) or −1 (the fraction 1 + y).
        if !negative {
            return Some((0, Some(y)));
        }
        let f = horner::add_below(y, ONE_U)?;
        return Some((-1, Some(f)));
    }
    if e >= 152 {
        return None;
    }
    let k = 152 - e;
    let whole = (m >> k) as i32;
    let low = m & ((1 << k) - 1);
    let (n, bits) = if !negative {
        (whole, low)
    } else if low == 0 {
        (-whole, 0)
    } else {
        (-whole - 1, (1 << k) - low)
    };
    if bits == 0 {
        return Some((n, None));
    }
    // bits·2^(e−152), normalized to a 24-bit mantissa.
    let lz = bits.leading_zeros() - 8;
    Some((n, Some(Unpacked::positive_parts(e - lz, bits << lz))))
}

/// $FPWR: x^y in single precision.
fn fpwr(soft: &mut Soft, x: Single, y: Single) -> Result<Single, MathError> {
    if y.is_zero() {
        return Ok(exp_value(soft, Single::ZERO));
    }
    if x.is_zero() {
        if y.sign_bit() {
            soft.note(FloatError::DivisionByZero { negative: false });
            return Ok(Single::max_value(false));
        }
        return Ok(Single::ZERO);
    }
    if x.sign_bit() && (y.exp() >= 0o231 || !y.is_integer()) {
        return Err(MathError::IllegalFunctionCall);
    }
    if !y.sign_bit() {
        return Ok(pow_positive(soft, x, y));
    }
    let r = pow_positive(soft, x, y.abs());
    if !r.is_zero() {
        return Ok(soft.s(S_ONE.div(r)));
    }
    // x^|y| underflowed: overflow, negative only for a negative base and an odd exponent.
    let odd = y.floor_i32() & 1 == 1;
    let negative = x.sign_bit() && odd;
    soft.note(FloatError::Overflow { negative });
    Ok(Single::max_value(negative))
}

/// FP30A: x^y for y > 0.
fn pow_positive(soft: &mut Soft, x: Single, y: Single) -> Single {
    if y.is_integer() && y.total_cmp(S_32768).is_lt() {
        return xton(soft, x, y.floor_i32() as u32);
    }
    let odd = x.sign_bit() && y.floor_i32() & 1 == 1;
    let l = log_positive(soft, x.abs());
    let p = soft.s(l.mul(y));
    let r = exp_value(soft, p);
    if odd { r.neg() } else { r }
}

/// XTON: x^n for 0 < n < 32768 by squaring (Knuth vol. 2 p. 400).
fn xton(soft: &mut Soft, x: Single, n: u32) -> Single {
    let (mut acc, mut z, mut n) = (S_ONE, x, n);
    loop {
        let bit = n & 1;
        n >>= 1;
        if bit == 1 {
            acc = soft.s(acc.mul(z));
        }
        if n == 0 {
            return acc;
        }
        z = soft.s(z.mul(z));
    }
}

#[cfg(test)]
pub(super) mod tests;
