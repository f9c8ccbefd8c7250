//! The 64-bit forms of double precision's wide steps (`num::wide`, WebAssembly's build)
//! against the u128 forms (the native build's), bit for bit: mantissas of the operand
//! stream, the edge mantissas, exact quotients and quotients a unit off (`div_edges`),
//! and dividends made to put each of the quotient's two estimates just below or just
//! above a whole number, where an f64 estimate's truncation may miss the floor.

use super::super::wide::{product_limbs, product_u128, quotient_f64, quotient_u128};
use super::{count, div_edges, rng};

const LOW: u64 = 1 << 55;
const HIGH: u64 = (1 << 56) - 1;

/// Edge mantissas: the hidden bit alone, all ones, a low bit, alternating bits, the
/// guard-byte patterns.
const EDGES: [u64; 8] = [
    LOW,
    HIGH,
    LOW | 1,
    HIGH - 1,
    LOW | 0x0055_5555_5555_5555,
    LOW | 0x002A_AAAA_AAAA_AAAA,
    LOW | 0x80,
    HIGH & !0x7F,
];

fn check_pair(a: u64, b: u64) {
    assert_eq!(product_limbs(a, b), product_u128(a, b), "{a:#x} × {b:#x}");
    assert_eq!(quotient_f64(a, b), quotient_u128(a, b), "{a:#x} / {b:#x}");
}

#[test]
fn edge_mantissas() {
    for a in EDGES {
        for b in EDGES {
            check_pair(a, b);
        }
    }
}

#[test]
fn operand_stream() {
    let mut g = rng(31);
    for _ in 0..count() {
        let (x, y) = (g.double(), g.double());
        check_pair(x.mant(), g.double_near(x).mant());
        check_pair(x.mant(), y.mant());
    }
}

#[test]
fn exact_and_near_quotients() {
    div_edges(55, 24, 32, |a, b| {
        let (x, y) = (super::Double(a).mant(), super::Double(b).mant());
        check_pair(x, y);
    });
}

/// a·2^32 = h·b + r with r within 2^32 of 0 or of b: the first estimate (h) a hair
/// from a whole number.
#[test]
fn first_estimate_near_whole_numbers() {
    let mut g = rng(33);
    for _ in 0..count() {
        let b = LOW | (g.next() & (LOW - 1));
        // h with h·b/2^32 a mantissa: h in [2^87/b, 2^88/b)
        let lo = ((1u128 << 87) / u128::from(b)) as u64 + 1;
        let hi = ((1u128 << 88) / u128::from(b)) as u64 - 1;
        let h = lo + g.below(hi - lo);
        let n = u128::from(h) * u128::from(b);
        for a in [(n >> 32) as u64, (n >> 32) as u64 + 1] {
            if (LOW..=HIGH).contains(&a) {
                check_pair(a, b);
            }
        }
    }
}

/// a·2^63 = q·b + s with s in {0, 1, 2, b − 2, b − 1} for an odd divisor b (a ≡ s·2^-63
/// modulo b): the second estimate a hair from a whole number.
#[test]
fn second_estimate_near_whole_numbers() {
    let mut g = rng(34);
    let mut taken = 0u64;
    for _ in 0..count() {
        let b = LOW | (g.next() & (LOW - 1)) | 1;
        let mulmod = |x: u64, y: u64| ((u128::from(x) * u128::from(y)) % u128::from(b)) as u64;
        // 2^-63 modulo b: the inverse of 2 is (b + 1)/2
        let inv63 = (0..63).fold(1, |acc, _| mulmod(acc, b.div_ceil(2)));
        for s in [0, 1, 2, b - 2, b - 1] {
            let r = mulmod(s, inv63);
            let a = if r >= LOW { r } else { r + b };
            if a <= HIGH {
                assert_eq!(((u128::from(a) << 63) % u128::from(b)) as u64, s);
                check_pair(a, b);
                taken += 1;
            }
        }
    }
    assert!(taken > count(), "{taken} dividends");
}
