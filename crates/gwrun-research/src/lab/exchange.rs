//! Exact analysis of document 002's shuffles: the exchange shuffle (counts of every
//! arrangement after k exchanges, its distance from uniform for small decks exactly and
//! for 52 cards between proven bounds), the perfect shuffle's period, and the number of
//! RandomDeckPos calls of the selection shuffle and of 000's retry selection.
//!
//! The exchange shuffle picks two positions independently and uniformly (possibly the
//! same) and swaps them: Diaconis and Shahshahani's random-transposition walk. Its law is
//! constant on cycle types, so the representation theory of the symmetric group gives
//! the upper bound 4·TV² ≤ Σ_{λ ≠ (n)} d_λ² e_λ^(2k), where d_λ is the dimension of the
//! irreducible representation λ (hook-length formula) and e_λ = 1/n + (n−1)/n · r_λ, with
//! r_λ = Σ_i λ_i(λ_i − 2i + 1)/(n(n−1)) (rows i = 1, 2, ...) the character ratio at a
//! transposition. A lower bound comes from cards never touched: they are fixed points,
//! and a uniform permutation rarely has many.

use std::collections::HashMap;

/// Number of ways each arrangement of `n` cards (letters A, B, C, ...) arises from `k`
/// exchanges, each exchange being one of the n² ordered position pairs; arrangements
/// in alphabetical order.
pub fn exchange_ways(n: usize, k: u32) -> Vec<(String, u128)> {
    let start: Vec<u8> = (0..n as u8).collect();
    let mut ways: HashMap<Vec<u8>, u128> = HashMap::from([(start, 1)]);
    for _ in 0..k {
        let mut next: HashMap<Vec<u8>, u128> = HashMap::new();
        for (deck, w) in &ways {
            for i in 0..n {
                for j in 0..n {
                    let mut d = deck.clone();
                    d.swap(i, j);
                    *next.entry(d).or_default() += w;
                }
            }
        }
        ways = next;
    }
    let mut all: Vec<(String, u128)> = permutations(n)
        .into_iter()
        .map(|p| {
            let w = ways.get(&p).copied().unwrap_or(0);
            (p.iter().map(|&c| char::from(b'A' + c)).collect(), w)
        })
        .collect();
    all.sort();
    all
}

/// All permutations of 0..n in lexicographic order.
pub fn permutations(n: usize) -> Vec<Vec<u8>> {
    fn rec(prefix: &mut Vec<u8>, left: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left.is_empty() {
            out.push(prefix.clone());
            return;
        }
        for i in 0..left.len() {
            let c = left.remove(i);
            prefix.push(c);
            rec(prefix, left, out);
            prefix.pop();
            left.insert(i, c);
        }
    }
    let mut out = Vec::new();
    rec(&mut Vec::new(), &mut (0..n as u8).collect(), &mut out);
    out
}

/// Exact total-variation distance from uniform after k = 0..=max_k exchanges of n cards
/// (n ≤ 8), by iterating the law over all n! arrangements.
pub fn exchange_tv_small(n: usize, max_k: u32) -> Vec<f64> {
    let perms = permutations(n);
    let index: HashMap<Vec<u8>, usize> = perms
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, p)| (p, i))
        .collect();
    let moves: Vec<Vec<usize>> = perms
        .iter()
        .map(|p| {
            let mut to = Vec::with_capacity(n * n);
            for i in 0..n {
                for j in 0..n {
                    let mut d = p.clone();
                    d.swap(i, j);
                    to.push(index[&d]);
                }
            }
            to
        })
        .collect();
    let u = 1.0 / perms.len() as f64;
    let w = 1.0 / (n * n) as f64;
    let mut law = vec![0.0; perms.len()];
    law[0] = 1.0;
    let mut out = Vec::new();
    for k in 0..=max_k {
        out.push(0.5 * law.iter().map(|p| (p - u).abs()).sum::<f64>());
        if k == max_k {
            break;
        }
        let mut next = vec![0.0; perms.len()];
        for (from, to) in moves.iter().enumerate() {
            for &t in to {
                next[t] += law[from] * w;
            }
        }
        law = next;
    }
    out
}

/// TV distance of one card's position from uniform after k exchanges of n cards:
/// (n−1)/n · (1 − 2/n)^k (the position is a Markov chain with eigenvalue 1 − 2/n).
pub fn single_card_tv(n: usize, k: u32) -> f64 {
    let n = n as f64;
    (n - 1.0) / n * (1.0 - 2.0 / n).powi(k as i32).abs()
}

/// Law of the number of positions never chosen in 2k uniform draws from n.
pub fn untouched_law(n: usize, k: u32) -> Vec<f64> {
    let mut touched = vec![0.0; n + 1];
    touched[0] = 1.0;
    for _ in 0..2 * k {
        let mut next = vec![0.0; n + 1];
        for (t, &p) in touched.iter().enumerate() {
            next[t] += p * t as f64 / n as f64;
            if t < n {
                next[t + 1] += p * (n - t) as f64 / n as f64;
            }
        }
        touched = next;
    }
    (0..=n).map(|u| touched[n - u]).collect()
}

/// P(a uniform permutation of n has at least m fixed points), m = 0..=n (rencontres).
pub fn fixed_point_tail(n: usize) -> Vec<f64> {
    let mut exact = vec![0.0; n + 1];
    let mut inv_fact = vec![1.0; n + 1];
    for i in 1..=n {
        inv_fact[i] = inv_fact[i - 1] / i as f64;
    }
    for (j, slot) in exact.iter_mut().enumerate() {
        let s: f64 = (0..=n - j)
            .map(|i| {
                if i % 2 == 0 {
                    inv_fact[i]
                } else {
                    -inv_fact[i]
                }
            })
            .sum();
        *slot = inv_fact[j] * s;
    }
    let mut tail = vec![0.0; n + 2];
    for m in (0..=n).rev() {
        tail[m] = tail[m + 1] + exact[m];
    }
    tail.truncate(n + 1);
    tail
}

/// A lower bound on the TV distance after k exchanges of n cards: the larger of the
/// single-card distance and max over m of P(≥ m untouched) − P_uniform(≥ m fixed points).
pub fn exchange_tv_lower(n: usize, k: u32) -> f64 {
    let untouched = untouched_law(n, k);
    let tail = fixed_point_tail(n);
    let mut best = single_card_tv(n, k);
    let mut at_least = 0.0;
    for m in (1..=n).rev() {
        at_least += untouched[m];
        best = best.max(at_least - tail[m]);
    }
    best
}

/// The nontrivial irreducible representations of S_n as (ln d_λ², ln |e_λ|) pairs, for
/// the upper bound. Enumerates the partitions of n (281,589 for n = 52).
pub struct CharacterTable {
    n: usize,
    terms: Vec<(f64, f64)>,
}

impl CharacterTable {
    /// Build the table for n cards.
    pub fn new(n: usize) -> CharacterTable {
        let ln_fact: f64 = (1..=n).map(|i| (i as f64).ln()).sum();
        let mut terms = Vec::new();
        let mut parts = Vec::with_capacity(n);
        partitions(n, n, &mut parts, &mut |lambda| {
            if lambda.len() == 1 {
                return; // the trivial representation
            }
            let ln_d = ln_fact - ln_hooks(lambda);
            let e = eigenvalue(lambda, n);
            terms.push((2.0 * ln_d, e.abs().ln()));
        });
        CharacterTable { n, terms }
    }

    /// Number of partitions of n, the trivial one included.
    pub fn partitions(&self) -> usize {
        self.terms.len() + 1
    }

    /// ln Σ d_λ² over all λ (should be ln n!).
    pub fn ln_sum_dim_sq(&self) -> f64 {
        let all = self
            .terms
            .iter()
            .map(|&(a, _)| a)
            .chain(std::iter::once(0.0));
        log_sum_exp(all)
    }

    /// Upper bound on the TV distance after k exchanges: ½·sqrt(Σ d_λ² e_λ^(2k)).
    pub fn tv_upper(&self, k: u32) -> f64 {
        let s = log_sum_exp(self.terms.iter().map(|&(a, b)| a + 2.0 * f64::from(k) * b));
        (0.5 * (s / 2.0).exp()).min(1.0)
    }

    /// Cards.
    pub fn n(&self) -> usize {
        self.n
    }
}

fn log_sum_exp(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let m = xs.clone().fold(f64::NEG_INFINITY, f64::max);
    if !m.is_finite() {
        return m;
    }
    m + xs.map(|x| (x - m).exp()).sum::<f64>().ln()
}

fn partitions(left: usize, max: usize, parts: &mut Vec<usize>, visit: &mut impl FnMut(&[usize])) {
    if left == 0 {
        visit(parts);
        return;
    }
    for p in (1..=left.min(max)).rev() {
        parts.push(p);
        partitions(left - p, p, parts, visit);
        parts.pop();
    }
}

/// Σ ln(hook lengths) of the Young diagram of λ.
fn ln_hooks(lambda: &[usize]) -> f64 {
    let cols = lambda[0];
    let conj: Vec<usize> = (0..cols)
        .map(|j| lambda.iter().filter(|&&l| l > j).count())
        .collect();
    let mut s = 0.0;
    for (i, &row) in lambda.iter().enumerate() {
        for (j, &col) in conj.iter().enumerate().take(row) {
            s += (((row - j) + (col - i) - 1) as f64).ln();
        }
    }
    s
}

/// e_λ = 1/n + (n−1)/n · r_λ with r_λ the character ratio at a transposition.
fn eigenvalue(lambda: &[usize], n: usize) -> f64 {
    let num: f64 = lambda
        .iter()
        .enumerate()
        .map(|(i, &l)| l as f64 * (l as f64 - 2.0 * i as f64 - 1.0))
        .sum();
    let r = num / (n * (n - 1)) as f64;
    1.0 / n as f64 + (n as f64 - 1.0) / n as f64 * r
}

/// Period of 002's PerfectShuffle on n cards: shuffles until the deck is back in order.
pub fn perfect_period(n: usize) -> usize {
    let start: Vec<u8> = (0..n as u8).collect();
    let mut deck = start.clone();
    for period in 1..=100_000 {
        super::procedures::perfect_shuffle(&mut deck);
        if deck == start {
            return period;
        }
    }
    0
}

/// The multiplicative order of 2 modulo m (the out-shuffle period for n = m + 1 cards).
pub fn order_of_two(m: usize) -> usize {
    if m <= 1 {
        return 1;
    }
    let mut x = 2 % m;
    for k in 1..=m {
        if x == 1 {
            return k;
        }
        x = x * 2 % m;
    }
    0
}

/// The harmonic number H_n = 1 + 1/2 + ... + 1/n.
pub fn harmonic(n: usize) -> f64 {
    (1..=n).map(|i| 1.0 / i as f64).sum()
}

/// Expected RandomDeckPos calls of SelectionShuffle on n cards: n·H_n (coupon collector).
pub fn selection_expected_draws(n: usize) -> f64 {
    n as f64 * harmonic(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_10_2_of_002() {
        let one: Vec<u128> = exchange_ways(3, 1).into_iter().map(|x| x.1).collect();
        assert_eq!(one, vec![3, 2, 2, 0, 0, 2]); // ABC ACB BAC BCA CAB CBA
        let two: Vec<u128> = exchange_ways(3, 2).into_iter().map(|x| x.1).collect();
        assert_eq!(two, vec![21, 12, 12, 12, 12, 12]);
        let three = exchange_ways(3, 3);
        assert_eq!(three.iter().map(|x| x.1).sum::<u128>(), 729);
        assert_eq!(three[0].0, "ABC");
    }

    #[test]
    fn small_tv_matches_the_counts() {
        // After 1 exchange of 3 cards: (3,2,2,0,0,2)/9 vs 1/6 each.
        let tv = exchange_tv_small(3, 2);
        let want1 = 0.5
            * [3.0, 2.0, 2.0, 0.0, 0.0, 2.0]
                .iter()
                .map(|c: &f64| (c / 9.0 - 1.0 / 6.0).abs())
                .sum::<f64>();
        assert!((tv[1] - want1).abs() < 1e-15);
        assert!((tv[0] - 5.0 / 6.0).abs() < 1e-15);
    }

    #[test]
    fn bounds_bracket_the_exact_distance() {
        for n in [4usize, 5, 6] {
            let exact = exchange_tv_small(n, 40);
            let table = CharacterTable::new(n);
            for (k, &tv) in exact.iter().enumerate().skip(1) {
                let k = k as u32;
                assert!(table.tv_upper(k) >= tv - 1e-12, "n={n} k={k}");
                assert!(exchange_tv_lower(n, k) <= tv + 1e-12, "n={n} k={k}");
            }
        }
    }

    #[test]
    fn dimensions_square_sum_to_n_factorial() {
        for n in [5usize, 10, 20] {
            let t = CharacterTable::new(n);
            let ln_fact: f64 = (1..=n).map(|i| (i as f64).ln()).sum();
            assert!((t.ln_sum_dim_sq() - ln_fact).abs() < 1e-9, "n={n}");
        }
        assert_eq!(CharacterTable::new(10).partitions(), 42);
    }

    #[test]
    fn perfect_shuffle_periods() {
        // 002 shows 4 cards back after 2 shuffles and 8 cards after 3.
        assert_eq!(perfect_period(4), 2);
        assert_eq!(perfect_period(8), 3);
        assert_eq!(perfect_period(52), 8);
        for n in (2..=60).step_by(2) {
            assert_eq!(perfect_period(n), order_of_two(n - 1), "n={n}");
        }
    }

    #[test]
    fn selection_draws_are_coupon_collector() {
        assert!((selection_expected_draws(52) - 235.978).abs() < 0.001);
        assert!((harmonic(52) - 4.5380).abs() < 1e-4);
    }

    #[test]
    fn fixed_point_tail_is_near_poisson() {
        let t = fixed_point_tail(52);
        assert!((t[0] - 1.0).abs() < 1e-12);
        assert!((t[1] - (1.0 - (-1.0f64).exp())).abs() < 1e-12);
    }
}
