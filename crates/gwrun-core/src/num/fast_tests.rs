//! The fast arithmetic against its oracle (`reference.rs`): every operation with a fast
//! path must give the reference's bits, errors included, for random operand pairs drawn
//! to hit the edges (zero and -0 and stray mantissa bits on zero, the extreme exponents,
//! overflow and underflow, equal and near exponents, exponent gaps around the byte steps
//! of the alignment and the 25/57-bit cut-offs, cancellation, all-ones and tie-pattern
//! mantissas). `GWRUN_PROPTEST_N` sets the pairs per operation (default 20,000, about a
//! second in a debug build); the benchmark job runs 10,000,000 in release:
//! `GWRUN_PROPTEST_N=10000000 cargo test --release --lib num::fast_tests`.
//! `GWRUN_PROPTEST_SEED` changes the operand stream (default fixed).

mod poly;
mod wide;

use super::horner::{self, Unpacked};
use super::reference as r;
use super::{Double, Single};

/// splitmix64: a fixed, seedable stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// An exponent byte: anywhere, or at the edges of the range, or near 128.
    fn exp(&mut self) -> u32 {
        match self.below(8) {
            0 => self.below(4) as u32,        // 0 (zero) … 3: underflow edge
            1 => 252 + self.below(4) as u32,  // overflow edge
            2 => 120 + self.below(16) as u32, // around 1.0
            _ => self.below(256) as u32,
        }
    }

    /// A mantissa (below the implicit bit) of `bits` bits: random, all ones, zero, one low
    /// bit, or a pattern that lands exactly on a rounding tie.
    fn mant(&mut self, bits: u32) -> u64 {
        let all = (1u64 << bits) - 1;
        let r = self.next() & all;
        match self.below(10) {
            0 => all,
            1 => 0,
            2 => 1 << self.below(u64::from(bits)),
            3 => all ^ (1 << self.below(u64::from(bits))),
            4 => r & !0xFF | 0x80, // guard-byte tie patterns
            5 => r & (all << self.below(u64::from(bits))), // trailing zeros
            _ => r,
        }
    }

    fn single(&mut self) -> Single {
        let e = self.exp();
        let s = u32::from(self.below(2) == 1) << 23;
        Single((e << 24) | s | self.mant(23) as u32)
    }

    fn double(&mut self) -> Double {
        let e = u64::from(self.exp());
        let s = self.below(2) << 55;
        Double((e << 56) | s | self.mant(55))
    }

    /// A partner for `a`: independent, or with an exponent a small distance away (the
    /// alignment cases), or nearly equal in magnitude (cancellation), or reciprocal-ish.
    fn single_near(&mut self, a: Single) -> Single {
        let mut b = self.single();
        match self.below(6) {
            0 | 1 => {
                let d = self.below(28) as i32 - 2; // gaps -2 … 25 around 0, 8, 16, 24, 25
                let e = (a.0 >> 24) as i32 - d;
                b = Single((e.clamp(0, 255) as u32) << 24 | b.0 & 0x00FF_FFFF);
            }
            2 => {
                // Same exponent, mantissa a few units away: deep cancellation.
                let k = self.below(24);
                let m = (a.0 & 0x007F_FFFF) ^ (self.below(1 << k) as u32);
                b = Single(a.0 & 0xFF80_0000 | m & 0x007F_FFFF);
                b.0 ^= u32::from(self.below(2) == 1) << 23;
            }
            3 => b = Single(a.0 ^ 0x0080_0000), // -a
            _ => {}
        }
        b
    }

    fn double_near(&mut self, a: Double) -> Double {
        let mut b = self.double();
        match self.below(6) {
            0 | 1 => {
                let d = self.below(60) as i64 - 2;
                let e = (a.0 >> 56) as i64 - d;
                b = Double((e.clamp(0, 255) as u64) << 56 | b.0 & ((1 << 56) - 1));
            }
            2 => {
                let k = self.below(56);
                let m = (a.0 & ((1 << 55) - 1)) ^ self.below(1 << k);
                b = Double(a.0 & !((1 << 55) - 1) | m & ((1 << 55) - 1));
                b.0 ^= u64::from(self.below(2) == 1) << 55;
            }
            3 => b = Double(a.0 ^ (1 << 55)),
            _ => {}
        }
        b
    }
}

fn count() -> u64 {
    std::env::var("GWRUN_PROPTEST_N")
        .ok()
        .and_then(|s| s.replace('_', "").parse().ok())
        .unwrap_or(20_000)
}

fn rng(salt: u64) -> Rng {
    let seed = std::env::var("GWRUN_PROPTEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x005E_ED0F_6BA5);
    Rng(seed ^ salt.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// Runs `check` on `count()` single pairs and reports the first mismatch.
fn singles(salt: u64, check: impl Fn(Single, Single) -> Option<String>) {
    let mut g = rng(salt);
    for i in 0..count() {
        let a = g.single();
        let b = g.single_near(a);
        let (a, b) = if i & 1 == 0 { (a, b) } else { (b, a) };
        if let Some(msg) = check(a, b) {
            panic!("pair {i}: {a:?}, {b:?}: {msg}");
        }
    }
}

fn doubles(salt: u64, check: impl Fn(Double, Double) -> Option<String>) {
    let mut g = rng(salt);
    for i in 0..count() {
        let a = g.double();
        let b = g.double_near(a);
        let (a, b) = if i & 1 == 0 { (a, b) } else { (b, a) };
        if let Some(msg) = check(a, b) {
            panic!("pair {i}: {a:?}, {b:?}: {msg}");
        }
    }
}

fn same<T: PartialEq + std::fmt::Debug>(fast: T, reference: T) -> Option<String> {
    (fast != reference).then(|| format!("fast {fast:?}, reference {reference:?}"))
}

#[test]
fn single_add() {
    singles(1, |a, b| same(a.add(b), r::fadds(a, b)));
}

#[test]
fn single_sub() {
    singles(2, |a, b| same(a.sub(b), r::fsubs(a, b)));
}

#[test]
fn single_mul() {
    singles(3, |a, b| {
        same(a.mul(b), r::fmuls(a, b)).or_else(|| same(a.mul_unpacked(b), r::fmuls(a, b)))
    });
}

/// `horner::mul` ($POLYX's unpacked products) against the oracle's $FMULS wherever it
/// takes a pair (most pairs: it declines only leaving exponents and rounding carries).
#[test]
fn unpacked_product() {
    let taken = std::cell::Cell::new(0u64);
    singles(43, |a, b| {
        let p = horner::mul(Unpacked::of(a)?, Unpacked::of(b)?)?;
        taken.set(taken.get() + 1);
        same(Ok(p.pack()), r::fmuls(a, b))
    });
    assert!(taken.get() > count() / 4, "{} taken", taken.get());
}

#[test]
fn single_div() {
    singles(4, |a, b| same(a.div(b), r::fdivs(a, b)));
}

/// The closed-form alignment of $FADDS against the source's loops: every mantissa at
/// every shift (210 million cases) when the large count is asked for, else a sample.
#[test]
fn alignment() {
    let step = if count() >= 10_000_000 { 1 } else { 997 };
    for shift in 0..25 {
        for m in (0x80_0000u32..0x100_0000).step_by(step) {
            let want = r::align(m, shift);
            assert_eq!(super::single::align(m, shift), want, "{m:#x} >> {shift}");
        }
    }
}

#[test]
fn single_compare() {
    singles(5, |a, b| same(a.total_cmp(b), r::fcomps(a, b)));
}

#[test]
fn single_double_conversions() {
    singles(6, |a, _| same(a.to_double(), r::cds(a)));
    doubles(7, |a, _| same(a.to_single(), r::csd(a)));
}

#[test]
fn integer_to_single() {
    for i in i16::MIN..=i16::MAX {
        assert_eq!(Single::from_i16(i), r::flt(i32::from(i)), "{i}");
    }
    let mut g = rng(8);
    for _ in 0..count() {
        let i = (g.next() as i32) >> g.below(32);
        assert_eq!(Single::from_i32(i), r::flt(i), "{i}");
    }
    for i in [
        i32::MIN,
        i32::MAX,
        i32::MIN + 1,
        -(1 << 24) - 1,
        (1 << 24) + 1,
    ] {
        assert_eq!(Single::from_i32(i), r::flt(i), "{i}");
    }
}

#[test]
fn double_add() {
    doubles(9, |a, b| same(a.add(b), r::faddd(a, b)));
}

/// Sums where one operand is a single widened to double (the common case of `faddd`'s
/// inline path: its low 32 bits are zero), the other any double or one widened too.
#[test]
fn double_add_of_widened_singles() {
    doubles(20, |a, b| {
        let s = Single((b.0 >> 32) as u32).to_double();
        let w = Single((a.0 >> 32) as u32).to_double();
        let (bs, aws) = (Single((b.0 >> 32) as u32), Single((a.0 >> 32) as u32));
        same(a.add(s), r::faddd(a, s))
            .or_else(|| same(a.add_widened(bs), r::faddd(a, s)))
            .or_else(|| same(a.add_widened(bs.neg()), r::fsubd(a, s)))
            .or_else(|| same(w.add_widened(bs), r::faddd(w, s)))
            .or_else(|| same(b.add_widened(aws), r::faddd(b, w)))
            .or_else(|| same(s.add(a), r::faddd(s, a)))
            .or_else(|| same(a.sub(s), r::fsubd(a, s)))
            .or_else(|| same(w.add(s), r::faddd(w, s)))
            .or_else(|| same(s.sub(w), r::fsubd(s, w)))
    });
}

/// `D# + S!*S!` in one step (`Double::add_product`) against the oracle's $FMULS, then
/// $FADDD of the product widened, wherever it takes the operands (either sign of the
/// product); the accumulator is drawn at random and also placed 0 to 34 places above the
/// product, across the 1 to 32 where it is taken.
#[test]
fn double_add_of_single_products() {
    let mut g = rng(45);
    let mut taken = 0u64;
    for i in 0..count() {
        let p = g.single();
        let q = g.single_near(p);
        let acc = g.double();
        let mut accs = vec![acc];
        if let Ok(s) = r::fmuls(p, q)
            && s.exp() != 0
        {
            let e = u64::from(s.exp()) + acc.0 % 35;
            if e <= 255 {
                accs.push(Double(e << 56 | acc.0 & ((1 << 56) - 1)));
            }
        }
        for a in accs {
            for x in [p, p.neg()] {
                let Some(d) = a.add_product(x, q) else {
                    continue;
                };
                taken += 1;
                let want = r::fmuls(x, q).and_then(|s| r::faddd(a, s.to_double()));
                if let Some(m) = same(Ok(d), want) {
                    panic!("case {i}: {a:?} + {x:?}·{q:?}: {m}");
                }
            }
        }
    }
    assert!(taken > count() / 4, "{taken} taken");
}

#[test]
fn double_sub() {
    doubles(10, |a, b| same(a.sub(b), r::fsubd(a, b)));
}

#[test]
fn double_mul() {
    doubles(11, |a, b| same(a.mul(b), r::fmuld(a, b)));
}

#[test]
fn double_div() {
    doubles(12, |a, b| same(a.div(b), r::ddiv(a, b)));
}

/// A division at its edges, in a format whose mantissa has `mbits` bits below the
/// hidden bit, the sign bit above them and the exponent byte above that: `check(a, b)`
/// for every combination of edge operands (mantissas zero, one low bit, all ones, all
/// ones but one, hidden bit only, alternating bits, guard-byte patterns; both signs;
/// exponent bytes at the underflow and overflow ends and around 128; each also against
/// itself), then for quotients that are exact or miss by a unit (a divisor with an odd
/// part of up to `odd_bits` bits, a dividend its multiple give or take one), where the
/// rounding without a tie decides.
fn div_edges(mbits: u32, odd_bits: u64, salt: u64, check: impl Fn(u64, u64)) {
    let all = (1u64 << mbits) - 1;
    let mants = [
        0,
        1,
        all,
        all - 1,
        1 << (mbits - 1),
        0x5555_5555_5555_5555 & all,
        0x2AAA_AAAA_AAAA_AAAA & all,
        0x80,
        all & !0x7F,
    ];
    let exps = [
        0u64, 1, 2, 3, 64, 126, 127, 128, 129, 130, 191, 253, 254, 255,
    ];
    let mut edges = Vec::new();
    for &e in &exps {
        for sign in [0, 1u64 << mbits] {
            for &m in &mants {
                edges.push(e << (mbits + 1) | sign | m);
            }
        }
    }
    for &a in &edges {
        for &b in &edges {
            check(a, b);
        }
    }
    let mut g = rng(salt);
    let mut exact = 0u64;
    for _ in 0..count() {
        // b = d·2^k with d odd and short, a = a multiple of d give or take one
        let bits = 1 + g.below(odd_bits) as u32;
        let d = (g.next() >> (64 - bits)) | 1 | (1 << (bits - 1));
        let b = d << (mbits - (63 - d.leading_zeros()));
        let lo = (1u64 << mbits).div_ceil(d);
        let k = lo + g.below(((1u64 << (mbits + 1)) - 1) / d - lo + 1);
        let a = (k * d + g.below(3)).clamp((1 << mbits) + 1, 1 << (mbits + 1)) - 1;
        exact += u64::from(a.is_multiple_of(d));
        let (ea, eb) = (u64::from(g.exp()), u64::from(g.exp()));
        let (sa, sb) = (g.below(2) << mbits, g.below(2) << mbits);
        check(
            ea << (mbits + 1) | sa | (a & all),
            eb << (mbits + 1) | sb | (b & all),
        );
    }
    assert!(exact > count() / 4, "{exact} exact quotients");
}

/// $FDIVS at its edges (`div_edges`).
#[test]
fn single_div_edges() {
    div_edges(23, 16, 22, |a, b| {
        let (x, y) = (Single(a as u32), Single(b as u32));
        assert_eq!(x.div(y), r::fdivs(x, y), "{x:?} / {y:?}");
    });
}

/// DDIV at its edges (`div_edges`).
#[test]
fn double_div_edges() {
    div_edges(55, 24, 21, |a, b| {
        let (x, y) = (Double(a), Double(b));
        assert_eq!(x.div(y), r::ddiv(x, y), "{x:?} / {y:?}");
    });
}

/// INT of a double against $DINT's loops: random doubles, and every exponent with edge
/// mantissas (no fraction, a fraction of one low bit, all ones: the carry of a negative
/// value into the next power of two) and both signs.
#[test]
fn double_int() {
    let mut g = rng(22);
    for _ in 0..count() {
        let a = g.double();
        assert_eq!(a.int(), r::dint(a), "{a:?}");
    }
    for e in 0..=255u64 {
        for s in [0, 1u64 << 55] {
            for m in [0, 1, (1u64 << 55) - 1, 1 << 54, 0x7F_FFFF_FFFF_FF00, 0x100] {
                let a = Double(e << 56 | s | m);
                assert_eq!(a.int(), r::dint(a), "{a:?}");
            }
        }
    }
}

#[test]
fn double_compare() {
    doubles(13, |a, b| same(a.total_cmp(b), r::fcompd(a, b)));
}

/// The generator reaches the cases the proof obligations name (docs/numbers.md): a
/// property test that never meets an overflow or a deep cancellation proves little.
#[test]
fn the_operand_stream_covers_the_edges() {
    let mut g = rng(1);
    let (mut zero, mut neg_zero, mut ovf, mut under, mut cancel, mut carry) = (0, 0, 0, 0, 0, 0);
    let mut gaps = [0u32; 26];
    for _ in 0..20_000 {
        let a = g.single();
        let b = g.single_near(a);
        zero += u32::from(b.0 >> 24 == 0);
        neg_zero += u32::from(b.0 >> 24 == 0 && b.0 & 0x0080_0000 != 0);
        let (ea, eb) = (a.0 >> 24, b.0 >> 24);
        if ea > 0 && eb > 0 {
            gaps[(ea.abs_diff(eb) as usize).min(25)] += 1;
        }
        ovf += u32::from(r::fmuls(a, b).is_err() || r::fadds(a, b).is_err());
        under += u32::from(ea > 0 && eb > 0 && r::fmuls(a, b) == Ok(Single(0)));
        let s = r::fadds(a, b);
        if let Ok(s) = s {
            let top = ea.max(eb);
            cancel += u32::from(s.0 >> 24 != 0 && (s.0 >> 24) + 8 < top);
            carry += u32::from(s.0 >> 24 > top);
        }
    }
    assert!(
        zero > 100 && neg_zero > 50 && ovf > 100 && under > 100,
        "{zero} {neg_zero} {ovf} {under}"
    );
    assert!(cancel > 100 && carry > 100, "{cancel} {carry}");
    assert!(gaps.iter().all(|&n| n > 50), "{gaps:?}");
}

/// Whole functions with the unpacked steps against the same functions with the general
/// operations only (themselves checked against the oracle above).
#[test]
fn math_functions() {
    use super::math::GENERAL_ONLY;
    let mut g = rng(15);
    let both = |f: &dyn Fn() -> Result<Single, super::MathError>| {
        let fast = f();
        GENERAL_ONLY.with(|c| c.set(true));
        let general = f();
        GENERAL_ONLY.with(|c| c.set(false));
        (fast, general)
    };
    for i in 0..count() {
        let x = g.single();
        let y = g.single_near(x);
        let x = if i & 1 == 0 {
            Single(x.0 & 0xF0FF_FFFF | 0x8000_0000)
        } else {
            x
        };
        for (name, f) in [
            (
                "SIN",
                &(|| x.sin()) as &dyn Fn() -> Result<Single, super::MathError>,
            ),
            ("COS", &|| x.cos()),
            ("TAN", &|| x.tan()),
            ("ATN", &|| x.atn()),
            ("LOG", &|| x.log()),
            ("EXP", &|| x.exp_fn()),
            ("^", &|| x.pow(y)),
        ] {
            let (fast, general) = both(f);
            assert_eq!(fast, general, "{name} case {i}: {x:?} {y:?}");
        }
    }
}

/// `floor_i16` (CINT of INT in one step) against the two steps, on random singles and on
/// every exponent from 0 to 160 with edge mantissas (the whole i16 range and past it).
#[test]
fn floor_i16_is_cint_of_int() {
    let check = |a: Single| {
        assert_eq!(a.floor_i16(), a.int().to_i16_round(), "{:08X}", a.0);
    };
    let mut g = rng(41);
    for _ in 0..count() {
        check(g.single());
        let e = 100 + g.below(61) as u32;
        let s = u32::from(g.below(2) == 1) << 23;
        check(Single((e << 24) | s | g.mant(23) as u32));
    }
    for e in 0..=160u32 {
        for s in [0, 1 << 23] {
            for m in [0, 1, 0x7F_FFFF, 0x40_0000, 0x7F_FF00, 0x00_0100] {
                check(Single((e << 24) | s | m));
            }
        }
    }
}

/// $EXP's last step, the polynomial times ½·2^k (`horner::scale_half_pow2`), against the
/// oracle's $FMULS: every exponent byte k with random and edge singles p (zero, −0,
/// stray bits on zero, exponent bytes at both ends so that the sum under- and overflows).
#[test]
fn exp_scale_is_the_multiply() {
    let mut g = rng(16);
    let (mut taken, mut declined) = (0u64, 0u64);
    for i in 0..count() {
        let p = g.single();
        let k = (i % 256) as u32;
        let want = r::fmuls(p, Single(k << 24)); // mantissa ½ (the hidden bit)
        match horner::scale_half_pow2(p, k) {
            Some(got) => {
                taken += 1;
                assert_eq!(Ok(got), want, "{p:?} scaled by exponent byte {k}");
            }
            None => declined += 1,
        }
    }
    assert!(
        taken > declined && declined > 0,
        "{taken} taken, {declined} declined"
    );
}

/// SIN's, EXP's and ATN's fixed tables at `x` (`math::poly_table`) against the oracle's
/// Horner loop, soft errors included.
fn check_fixed_tables(x: Single, i: u64) {
    use super::math::{ATN_C2_U, EXP_U, SIN_U};
    use super::tables::{ATN_C2, EXP_COEF, SIN_COEF};
    check_table("SIN", x, i, &SIN_COEF, &SIN_U);
    check_table("EXP", x, i, &EXP_COEF, &EXP_U);
    check_table("ATN", x, i, &ATN_C2, &ATN_C2_U);
}

fn check_table<const N: usize>(
    name: &str,
    x: Single,
    i: u64,
    coef: &[Single; N],
    unpacked: &[super::horner::Unpacked; N],
) {
    let mut s = super::math::Soft::default();
    let got = (super::math::poly_table(&mut s, x, coef, unpacked), s.first);
    assert_eq!(got, poly::reference_poly(x, coef), "{name} case {i}: {x:?}");
}

/// The unrolled loop over GW's fixed tables (`math::poly_table`: SIN, EXP, ATN) against
/// the oracle's Horner loop, soft errors included, with arguments anywhere and in [0, 1).
#[test]
fn fixed_table_polynomials() {
    let mut g = rng(17);
    for i in 0..count() {
        let x = match g.below(3) {
            0 => g.single(),
            _ => Single((0x60 + g.below(0x21) as u32) << 24 | g.next() as u32 & 0x00FF_FFFF),
        };
        check_fixed_tables(x, i);
    }
}

/// The fixed tables' straight chain for positive arguments (`math::poly_table`), which
/// leaves for the general loop at the first step outside the common case: every
/// exponent byte (so that the chain is left at every step, by products at or above their
/// coefficient, by overflows and by underflows), edge mantissas (all ones, hidden bit
/// only, rounding ties), against the oracle's loop, soft errors included.
#[test]
fn fixed_table_chains_for_positive_arguments() {
    let mut g = rng(25);
    let edges = [
        0x80_0000u32,
        0xFF_FFFF,
        0xC0_0000,
        0x80_0080,
        0xFF_FF80,
        0x80_0001,
    ];
    for i in 0..count() {
        let e = 1 + (i % 255) as u32;
        let m = match g.below(4) {
            0 => edges[g.below(edges.len() as u64) as usize],
            _ => 0x80_0000 | g.next() as u32 & 0x7F_FFFF,
        };
        let x = Single(e << 24 | m & 0x7F_FFFF);
        check_fixed_tables(x, i);
    }
}

/// The interpreter calls GW's routines on a single argument directly (`math_fn`): `Num`'s
/// wrappers, which force the argument to single first, must add nothing for a single.
#[test]
fn math_of_a_single_needs_no_forcing() {
    use super::Num;
    let mut g = rng(18);
    for i in 0..count() {
        let x = g.single();
        let n = Num::Sng(x);
        let pairs = [
            (n.sin(), x.sin()),
            (n.cos(), x.cos()),
            (n.tan(), x.tan()),
            (n.atn(), x.atn()),
            (n.exp(), x.exp_fn()),
            (n.log(), x.log()),
            (n.sqr(), x.sqr()),
        ];
        for (k, (a, b)) in pairs.into_iter().enumerate() {
            assert_eq!(a, b, "function {k} of case {i}: {x:?}");
        }
    }
}

/// SIN's fold into the first quarter turn in fixed point (`math::fold_fast`) against
/// GW's double-precision steps (`math::fold`): fractions of a turn with every exponent
/// the fast path takes and a few beyond, edge mantissas (exact quarters, all ones, tie
/// patterns for the last rounding), and the reductions of random singles.
#[test]
fn sine_fold() {
    use super::math::{Soft, fold, fold_fast, reduce};
    let mut g = rng(19);
    let (mut taken, mut declined) = (0u64, 0u64);
    let mut check = |turns: Double| {
        let mut soft = Soft::default();
        let want = fold(&mut soft, turns);
        assert!(soft.first.is_none(), "{turns:?}");
        match fold_fast(turns) {
            Some(got) => {
                taken += 1;
                assert_eq!(got, want, "{turns:?}");
            }
            None => declined += 1,
        }
    };
    for i in 0..count() {
        let e = 117 + g.below(13); // 2^-12 ≤ turns < 2 (the fast path takes 2^-8 … 1)
        let turns = Double(e << 56 | g.mant(55));
        check(turns);
        let x = match i % 3 {
            0 => g.single(),
            _ => Single((0x78 + g.below(0x18) as u32) << 24 | g.next() as u32 & 0x007F_FFFF),
        };
        let mut soft = Soft::default();
        let t = reduce(&mut soft, x);
        if soft.first.is_none() {
            check(t);
        }
    }
    assert!(
        taken > declined && declined > 0,
        "{taken} taken, {declined} declined"
    );
}

/// SQR's integer square root by the double square root (`math::isqrt`) against the
/// source's 25 restoring steps: every mantissa with both exponent parities when the
/// large count is asked for (33 million cases), else a sample.
#[test]
fn square_root_of_every_mantissa() {
    let step = if count() >= 10_000_000 { 1 } else { 251 };
    for m in (0u32..0x80_0000).step_by(step).chain([0x7F_FFFF]) {
        for e in [128u32, 129] {
            let x = Single(e << 24 | m);
            assert_eq!(x.sqr(), Ok(super::math::tests::sqr_loop(x)), "{x:?}");
        }
    }
}

/// SIN's reduction and fold in one pass (`math::reduce_fold_fast`) against GW's steps
/// (`math::reduce`, then `math::fold`): every mantissa of both signs at SIN's cut-off
/// (2^-10 ≤ |x| < 2^-9), where the fraction of a turn crosses 2^-8 (2^-6 ≤ |x| < 2^-3),
/// around the first turns (2^-2 ≤ |x| < 4) and where the product's exponent crosses
/// the upper limit (2^47 ≤ |x| < 2^53) when the large count is asked for, else a
/// sample; and random singles of every exponent from the cut-off up.
#[test]
fn sine_reduction() {
    use super::math::{Soft, fold, reduce, reduce_fold_fast};
    // whether the fast path took x (checked against the steps when it did)
    let check = |x: Single| -> bool {
        let got = reduce_fold_fast(x);
        if x.exp() < 0o167 {
            assert_eq!(got, None, "{x:?}");
            return false;
        }
        let mut soft = Soft::default();
        let turns = reduce(&mut soft, x.abs());
        let want = fold(&mut soft, turns);
        assert!(soft.first.is_none(), "{x:?}");
        match got {
            Some(got) => {
                assert_eq!(got, want, "{x:?}");
                true
            }
            None => false,
        }
    };
    let (mut taken, mut declined) = (0u64, 0u64);
    let mut count_one = |x: Single| {
        if check(x) {
            taken += 1;
        } else if x.exp() >= 0o167 {
            declined += 1;
        }
    };
    let step = if count() >= 10_000_000 { 1 } else { 509 };
    for e in [
        0o167, 0o173, 0o174, 0o175, 0o177, 0o200, 0o201, 0o202, 0o260, 0o261, 0o262, 0o263, 0o264,
        0o265,
    ] {
        for m in (0u32..0x80_0000).step_by(step).chain([0x7F_FFFF]) {
            count_one(Single(e << 24 | m));
            count_one(Single(e << 24 | 0x80_0000 | m));
        }
    }
    // the fast path's coverage on the exponents above (ten of the fourteen taken): the
    // random singles below are mostly of exponents it declines, and with a large count
    // they outnumber these
    assert!(
        taken > declined && declined > 0,
        "{taken} taken, {declined} declined"
    );
    let mut g = rng(23);
    for _ in 0..count() {
        let x = Single((0o167 + g.below(256 - 0o167) as u32) << 24 | g.next() as u32 & 0x00FF_FFFF);
        check(x);
        check(g.single());
    }
}

/// $EXP's split into INT(y) and the fraction (`math::floor_split`) against `floor_i32`
/// and $FSUBS: every mantissa of both signs at every exponent up to |y| < 2^25 when
/// the large count is asked for (about 2.6 billion cases, 1.5 billion of them taken),
/// else a sample; and random singles.
#[test]
fn exp_split() {
    use super::math::floor_split;
    let check = |y: Single| {
        let Some((n, f)) = floor_split(y) else {
            return false;
        };
        assert_eq!(n, y.floor_i32(), "{y:?}");
        assert_eq!(Ok(f), y.sub(Single::from_i32(n)), "{y:?}");
        true
    };
    let step = if count() >= 10_000_000 { 1 } else { 1021 };
    for e in 0..=153u32 {
        let mut taken = 0;
        for m in (0u32..0x80_0000).step_by(step).chain([0x7F_FFFF]) {
            taken += u32::from(check(Single(e << 24 | m)));
            check(Single(e << 24 | 0x80_0000 | m));
        }
        assert_eq!(taken > 0, e < 152, "exponent {e}");
    }
    let mut g = rng(29);
    for _ in 0..count() {
        check(g.single());
    }
}
