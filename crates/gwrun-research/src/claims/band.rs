//! The cost model's error band. The weights of `gwrun_core::cost::weights` are exact
//! where counted from Microsoft's source loops and estimates (±50 %) elsewhere
//! (docs/cost.md), so a modelled quantity is known only up to the range it takes over
//! every weight table that keeps each estimated weight within ±50 % of its value, the
//! exact ones fixed: the box of weight tables. A ratio of two modelled times, Σaᵢwᵢ/Σbᵢwᵢ
//! (counts a and b, weights w), takes its extremes at corners of the box, found exactly by
//! Dinkelbach's iteration: for a trial ratio λ, the corner that maximises Σ(aᵢ − λbᵢ)wᵢ
//! takes each weight at its upper end when aᵢ > λbᵢ and at its lower end otherwise; its
//! ratio is the next λ; the ratio grows until it stops at the maximum (the minimum the
//! same way).

use gwrun_core::cost::Counts;
use gwrun_core::cost::weights::{COUNTERS, WEIGHTS};

/// How far an estimated weight may be off, as a share of its value (docs/cost.md).
pub const WEIGHT_BAND: f64 = 0.5;

/// Counts as reals (means per data set, or sums).
pub type Vector = [f64; COUNTERS];

/// The counts of a [`Counts`] as reals.
pub fn vector(c: &Counts) -> Vector {
    std::array::from_fn(|i| c.0[i] as f64)
}

/// The weights the model uses.
pub fn nominal() -> Vector {
    std::array::from_fn(|i| WEIGHTS[i].instructions)
}

/// A weight's lowest and highest value in the box.
fn bounds(i: usize) -> (f64, f64) {
    let w = &WEIGHTS[i];
    if w.exact {
        (w.instructions, w.instructions)
    } else {
        (
            w.instructions * (1.0 - WEIGHT_BAND),
            w.instructions * (1.0 + WEIGHT_BAND),
        )
    }
}

/// Instructions of counts under weights.
pub fn dot(a: &Vector, w: &Vector) -> f64 {
    a.iter().zip(w).map(|(x, y)| x * y).sum()
}

/// The corner of the box that maximises Σ(aᵢ − λbᵢ)wᵢ (or minimises it when `low`).
fn corner(a: &Vector, b: &Vector, lambda: f64, low: bool) -> Vector {
    std::array::from_fn(|i| {
        let (lo, hi) = bounds(i);
        let up = a[i] - lambda * b[i] > 0.0;
        if up != low { hi } else { lo }
    })
}

/// The weight table (a corner of the box) that makes a/b largest, or smallest when `low`.
pub fn extreme(a: &Vector, b: &Vector, low: bool) -> Vector {
    let mut w = nominal();
    let mut lambda = dot(a, &w) / dot(b, &w);
    // each step moves to a better corner; there are finitely many
    for _ in 0..200 {
        let next = corner(a, b, lambda, low);
        let r = dot(a, &next) / dot(b, &next);
        let better = if low { r < lambda } else { r > lambda };
        if !better || !r.is_finite() {
            break;
        }
        (w, lambda) = (next, r);
    }
    w
}

/// The ratio a/b under the model's weights and its least and greatest value over the box.
pub fn ratio(a: &Vector, b: &Vector) -> (f64, f64, f64) {
    let w = nominal();
    let value = dot(a, &w) / dot(b, &w);
    let lo = extreme(a, b, true);
    let hi = extreme(a, b, false);
    (value, dot(a, &lo) / dot(b, &lo), dot(a, &hi) / dot(b, &hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A brute force over every corner on a box of few free weights.
    fn brute(a: &Vector, b: &Vector, free: &[usize]) -> (f64, f64) {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for mask in 0..(1u32 << free.len()) {
            let mut w = nominal();
            for (k, &i) in free.iter().enumerate() {
                let (l, h) = bounds(i);
                w[i] = if mask & (1 << k) != 0 { h } else { l };
            }
            let r = dot(a, &w) / dot(b, &w);
            lo = lo.min(r);
            hi = hi.max(r);
        }
        (lo, hi)
    }

    #[test]
    fn dinkelbach_finds_the_corners_a_brute_force_finds() {
        // counts on six estimated weights only (the others stay 0)
        let free: Vec<usize> = (0..COUNTERS)
            .filter(|&i| !WEIGHTS[i].exact)
            .take(6)
            .collect();
        let cases = [
            (
                [5.0, 1.0, 0.0, 7.0, 2.0, 9.0],
                [1.0, 4.0, 3.0, 0.0, 2.0, 1.0],
            ),
            (
                [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
                [2.0, 0.5, 1.0, 3.0, 0.1, 1.0],
            ),
        ];
        for (xa, xb) in cases {
            let mut a = [0.0; COUNTERS];
            let mut b = [0.0; COUNTERS];
            for (k, &i) in free.iter().enumerate() {
                a[i] = xa[k];
                b[i] = xb[k];
            }
            let (_, lo, hi) = ratio(&a, &b);
            let (blo, bhi) = brute(&a, &b, &free);
            assert!(
                (lo - blo).abs() < 1e-12 && (hi - bhi).abs() < 1e-12,
                "{lo} {hi} {blo} {bhi}"
            );
        }
    }

    #[test]
    fn exact_weights_do_not_move() {
        // counts on exact weights only: the ratio is fixed
        let exact: Vec<usize> = (0..COUNTERS).filter(|&i| WEIGHTS[i].exact).collect();
        let mut a = [0.0; COUNTERS];
        let mut b = [0.0; COUNTERS];
        a[exact[0]] = 3.0;
        b[exact[1]] = 2.0;
        let (v, lo, hi) = ratio(&a, &b);
        assert_eq!((v, lo), (v, hi));
    }
}
