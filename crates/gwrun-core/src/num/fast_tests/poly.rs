//! $POLY, the Horner loop SIN, COS, TAN, ATN, EXP and LOG run on GW's coefficient
//! tables: the unpacked steps (`horner.rs`) and the loop (`math::poly`) against the
//! oracle's $FMULS and $FADDS run in the same order, soft errors included.

use super::super::Single;
use super::super::horner::{self, Unpacked};
use super::super::reference as r;
use super::{count, rng};

/// $POLY's Horner loop as the oracle's operations run it, with GW's soft errors: the
/// first is remembered and the value goes on saturated.
pub(super) fn reference_poly(
    x: Single,
    coef: &[Single],
) -> (Single, Option<super::super::FloatError>) {
    let mut first = None;
    let mut soft = |r: Result<Single, super::super::FloatError>| {
        r.unwrap_or_else(|e| {
            first.get_or_insert(e);
            e.single_value()
        })
    };
    let mut acc = coef[0];
    for &c in &coef[1..] {
        acc = soft(r::fmuls(acc, x));
        acc = soft(r::fadds(acc, c));
    }
    (acc, first)
}

/// The unpacked Horner steps (horner.rs) against the oracle: GW's own coefficient tables
/// with arguments anywhere and in their working ranges, and random tables shaped like
/// them (decreasing magnitudes, mixed signs) or not at all.
#[test]
fn polynomials() {
    use super::super::tables::{ATN_C1, ATN_C2, EXP_COEF, LOG_P, LOG_Q, SIN_COEF};
    let tables: [&[Single]; 6] = [&SIN_COEF, &EXP_COEF, &LOG_P, &LOG_Q, &ATN_C1, &ATN_C2];
    let mut g = rng(14);
    let mut coef = Vec::new();
    let (mut taken, mut declined) = (0u64, 0u64);
    for i in 0..count() {
        let x = match g.below(3) {
            0 => g.single(),
            // [0, 1): where every table is evaluated.
            _ => Single((0x60 + g.below(0x21) as u32) << 24 | g.next() as u32 & 0x00FF_FFFF),
        };
        coef.clear();
        match g.below(4) {
            0 | 1 => coef.extend_from_slice(tables[g.below(6) as usize]),
            2 => {
                // Shaped like GW's tables: exponents falling by 0..8 per term.
                let mut e = 0x70 + g.below(0x20) as u32;
                for _ in 0..2 + g.below(7) {
                    let s = g.single();
                    coef.push(Single(e << 24 | s.0 & 0x00FF_FFFF));
                    e = (e + g.below(9) as u32).min(255);
                }
            }
            _ => (0..2 + g.below(7)).for_each(|_| coef.push(g.single())),
        }
        let mut soft = super::super::math::Soft::default();
        let fast = super::super::math::poly(&mut soft, x, &coef);
        let want = reference_poly(x, &coef);
        assert_eq!(
            (fast, soft.first),
            want,
            "case {i}: x {x:?}, coefficients {coef:?}"
        );
        // Step by step along the oracle's chain: each step the unpacked path takes must
        // be the oracle's step.
        let mut acc = coef[0];
        for &c in &coef[1..] {
            let want = r::fmuls(acc, x).and_then(|p| r::fadds(p, c));
            let parts = (Unpacked::of(acc), Unpacked::of(x), Unpacked::of(c));
            if let (Some(a), Some(xu), Some(cu)) = parts {
                match horner::step(a, xu, cu) {
                    Some(got) => {
                        taken += 1;
                        assert_eq!(Ok(got.pack()), want, "step: {acc:?}·{x:?} + {c:?}");
                    }
                    None => declined += 1,
                }
            }
            let Ok(next) = want else { break };
            acc = next;
        }
    }
    // Both paths are exercised: most steps of GW-shaped tables are taken unpacked.
    let n = taken + declined;
    assert!(
        taken > n / 2 && declined > n / 20,
        "{taken} taken, {declined} declined"
    );
}
