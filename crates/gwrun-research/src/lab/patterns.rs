//! Exact per-hand distributions of a fair deal, from combinatorics (nothing simulated):
//! the 39 hand patterns, the length of a given suit in a given hand, the longest suit,
//! the number of voids, and the number of adjacent pairs of the original pack order that
//! land in one hand (the clubs-problem detector).
//!
//! A fair deal gives each seat a uniformly random 13-card subset, so a pattern's
//! probability is (orderings of its lengths over the four suits) × Π C(13, lᵢ) / C(52, 13).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::cards::{HAND, SEATS, SUITS};

/// C(52, 13): the number of distinct bridge hands.
pub const TOTAL_HANDS: u64 = 635_013_559_600;

/// Binomial coefficient C(n, k) exactly (0 when k > n).
pub fn binom(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        acc = acc * u128::from(n - i) / u128::from(i + 1);
    }
    acc
}

/// One hand pattern: suit lengths sorted longest first, and how many hands have it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// Suit lengths, longest first (e.g. [4, 4, 3, 2]).
    pub lengths: [u8; SUITS],
    /// Number of the C(52,13) hands with this pattern.
    pub ways: u64,
}

impl Pattern {
    /// Exact probability of the pattern.
    pub fn probability(&self) -> f64 {
        self.ways as f64 / TOTAL_HANDS as f64
    }
    /// "4-4-3-2".
    pub fn name(&self) -> String {
        let l = self.lengths;
        format!("{}-{}-{}-{}", l[0], l[1], l[2], l[3])
    }
    /// Length of the longest suit.
    pub fn longest(&self) -> usize {
        usize::from(self.lengths[0])
    }
    /// Number of void suits.
    pub fn voids(&self) -> usize {
        self.lengths.iter().filter(|&&l| l == 0).count()
    }
}

/// The 39 patterns, most frequent first (ties by lengths, longer first); with a lookup
/// table from unsorted suit lengths to the pattern's index.
pub struct PatternTable {
    /// The patterns.
    pub patterns: Vec<Pattern>,
    lut: Vec<u8>,
}

impl PatternTable {
    /// Index into `patterns` of a hand with these suit lengths in any order (the lengths
    /// must sum to 13; anything else maps to index 0).
    #[inline]
    pub fn index(&self, l: [u8; SUITS]) -> usize {
        let key = usize::from(l[0]) + 14 * usize::from(l[1]) + 196 * usize::from(l[2]);
        usize::from(*self.lut.get(key).unwrap_or(&0))
    }
}

/// The pattern table, built once.
pub fn pattern_table() -> &'static PatternTable {
    static TABLE: OnceLock<PatternTable> = OnceLock::new();
    TABLE.get_or_init(build_pattern_table)
}

fn orderings(l: [u8; SUITS]) -> u64 {
    let mut counts: HashMap<u8, u64> = HashMap::new();
    for x in l {
        *counts.entry(x).or_default() += 1;
    }
    let fact = |n: u64| (1..=n).product::<u64>();
    counts
        .values()
        .fold(fact(SUITS as u64), |acc, &m| acc / fact(m))
}

fn build_pattern_table() -> PatternTable {
    let mut patterns = Vec::new();
    for a in (0..=13u8).rev() {
        for b in (0..=a).rev() {
            for c in (0..=b).rev() {
                if a + b + c > 13 || 13 - a - b - c > c {
                    continue;
                }
                let l = [a, b, c, 13 - a - b - c];
                let per: u128 = l.iter().map(|&x| binom(13, u64::from(x))).product();
                let ways = per * u128::from(orderings(l));
                patterns.push(Pattern {
                    lengths: l,
                    ways: ways as u64,
                });
            }
        }
    }
    patterns.sort_by(|x, y| y.ways.cmp(&x.ways).then(y.lengths.cmp(&x.lengths)));
    let mut lut = vec![0u8; 14 * 14 * 14];
    for l0 in 0..=13u8 {
        for l1 in 0..=13 - l0 {
            for l2 in 0..=13 - l0 - l1 {
                let mut s = [l0, l1, l2, 13 - l0 - l1 - l2];
                s.sort_unstable_by(|x, y| y.cmp(x));
                let idx = patterns.iter().position(|p| p.lengths == s).unwrap_or(0);
                lut[usize::from(l0) + 14 * usize::from(l1) + 196 * usize::from(l2)] = idx as u8;
            }
        }
    }
    PatternTable { patterns, lut }
}

/// P(a given suit has length k in a given hand), k = 0..=13: hypergeometric
/// C(13,k)·C(39,13−k)/C(52,13).
pub fn suit_length_probs() -> [f64; HAND + 1] {
    std::array::from_fn(|k| {
        let k = k as u64;
        (binom(13, k) * binom(39, 13 - k)) as f64 / TOTAL_HANDS as f64
    })
}

/// P(longest suit = k), k = 0..=13 (zero below 4), summed over the patterns.
pub fn longest_suit_probs() -> [f64; HAND + 1] {
    let mut out = [0.0; HAND + 1];
    for p in &pattern_table().patterns {
        out[p.longest()] += p.probability();
    }
    out
}

/// P(hand has v void suits), v = 0..=3, summed over the patterns.
pub fn void_probs() -> [f64; SUITS] {
    let mut out = [0.0; SUITS];
    for p in &pattern_table().patterns {
        out[p.voids()] += p.probability();
    }
    out
}

/// Distribution of the number of adjacent pairs (c, c+1) of the original pack order that
/// land in one hand, for a fair deal: index k = 0..=51 holds P(k pairs). For the usual
/// 13-card hands call `adjacency_probs(13)`; smaller `hand` sizes (4 seats of `hand`
/// cards) exist so the dynamic programme can be checked by brute force.
///
/// A fair deal makes the sequence of seats, read in pack order, a uniformly random
/// arrangement of the multiset {0^h, 1^h, 2^h, 3^h}; the programme walks it card by card
/// with state (cards the last card's seat still needs, the other seats' needs sorted).
pub fn adjacency_probs(hand: usize) -> Vec<f64> {
    let cards = SEATS * hand;
    if hand == 0 {
        return vec![1.0];
    }
    type State = (usize, [usize; 3]);
    let mut layer: HashMap<State, Vec<f64>> = HashMap::new();
    let mut first = vec![0.0; cards];
    first[0] = 1.0;
    layer.insert((hand - 1, [hand; 3]), first);
    for remaining in (1..cards).rev() {
        let mut next: HashMap<State, Vec<f64>> = HashMap::new();
        for ((own, others), dist) in layer {
            let total = (own + others.iter().sum::<usize>()) as f64;
            debug_assert_eq!(total as usize, remaining);
            if own > 0 {
                let w = own as f64 / total;
                let slot = next
                    .entry((own - 1, others))
                    .or_insert_with(|| vec![0.0; cards]);
                for k in 0..cards - 1 {
                    slot[k + 1] += w * dist[k];
                }
            }
            for i in 0..3 {
                if others[i] == 0 {
                    continue;
                }
                let w = others[i] as f64 / total;
                let mut rest = others;
                rest[i] = own;
                rest.sort_unstable();
                let slot = next
                    .entry((others[i] - 1, rest))
                    .or_insert_with(|| vec![0.0; cards]);
                for k in 0..cards {
                    slot[k] += w * dist[k];
                }
            }
        }
        layer = next;
    }
    let mut out = vec![0.0; cards];
    for dist in layer.values() {
        for (o, d) in out.iter_mut().zip(dist) {
            *o += d;
        }
    }
    out
}

/// The fair-deal adjacency distribution for 13-card hands, computed once.
pub fn adjacency_probs_52() -> &'static [f64] {
    static DIST: OnceLock<Vec<f64>> = OnceLock::new();
    DIST.get_or_init(|| adjacency_probs(HAND))
}

/// P(two given cards are in one hand) in a fair deal: 12/51.
pub const PAIR_SAME_HAND: f64 = 12.0 / 51.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_39_patterns_summing_to_all_hands() {
        let t = pattern_table();
        assert_eq!(t.patterns.len(), 39);
        let total: u64 = t.patterns.iter().map(|p| p.ways).sum();
        assert_eq!(total, TOTAL_HANDS);
        assert_eq!(binom(52, 13), u128::from(TOTAL_HANDS));
    }

    #[test]
    fn known_pattern_frequencies() {
        // Classic bridge tables: 4-4-3-2 21.55%, 5-3-3-2 15.52%, 5-4-3-1 12.93%,
        // 4-3-3-3 10.54%, 13-0-0-0 = 4 hands.
        let t = pattern_table();
        let by_name = |n: &str| t.patterns.iter().find(|p| p.name() == n).unwrap().clone();
        assert_eq!(t.patterns[0].name(), "4-4-3-2");
        assert!((by_name("4-4-3-2").probability() * 100.0 - 21.55).abs() < 0.005);
        assert!((by_name("5-3-3-2").probability() * 100.0 - 15.52).abs() < 0.005);
        assert!((by_name("5-4-3-1").probability() * 100.0 - 12.93).abs() < 0.005);
        assert!((by_name("4-3-3-3").probability() * 100.0 - 10.54).abs() < 0.005);
        assert_eq!(by_name("13-0-0-0").ways, 4);
        // 4-4-3-2: 12 orderings × C(13,4)² × C(13,3) × C(13,2) = 12 × 715² × 286 × 78.
        assert_eq!(by_name("4-4-3-2").ways, 12 * 715 * 715 * 286 * 78);
    }

    #[test]
    fn lookup_maps_unsorted_lengths() {
        let t = pattern_table();
        assert_eq!(t.patterns[t.index([2, 4, 3, 4])].name(), "4-4-3-2");
        assert_eq!(t.patterns[t.index([0, 0, 13, 0])].name(), "13-0-0-0");
        assert_eq!(t.patterns[t.index([3, 5, 2, 3])].name(), "5-3-3-2");
    }

    #[test]
    fn suit_length_is_hypergeometric_with_mean_13_over_4() {
        let p = suit_length_probs();
        let sum: f64 = p.iter().sum();
        let mean: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        assert!((mean - 3.25).abs() < 1e-12);
        // P(void in a given suit) = C(39,13)/C(52,13) = 0.012790...
        assert!((p[0] - 8_122_425_444.0 / TOTAL_HANDS as f64).abs() < 1e-15);
    }

    #[test]
    fn longest_and_void_sum_to_one() {
        let l = longest_suit_probs();
        assert!((l.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(l[3], 0.0);
        let v = void_probs();
        assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // P(at least one void) = 5.10% (classic table).
        assert!(((1.0 - v[0]) * 100.0 - 5.10).abs() < 0.01);
    }

    fn brute_adjacency(hand: usize) -> Vec<f64> {
        // All arrangements of {0^h,1^h,2^h,3^h} by recursion.
        fn rec(left: &mut [usize; 4], last: Option<usize>, adj: usize, out: &mut Vec<u64>) {
            if left.iter().all(|&x| x == 0) {
                out[adj] += 1;
                return;
            }
            for s in 0..4 {
                if left[s] > 0 {
                    left[s] -= 1;
                    rec(left, Some(s), adj + usize::from(last == Some(s)), out);
                    left[s] += 1;
                }
            }
        }
        let mut counts = vec![0u64; 4 * hand];
        rec(&mut [hand; 4], None, 0, &mut counts);
        let total: u64 = counts.iter().sum();
        counts.iter().map(|&c| c as f64 / total as f64).collect()
    }

    #[test]
    fn adjacency_dp_matches_brute_force_on_small_hands() {
        for h in 1..=3 {
            let dp = adjacency_probs(h);
            let bf = brute_adjacency(h);
            for (a, b) in dp.iter().zip(&bf) {
                assert!((a - b).abs() < 1e-12, "h={h}");
            }
        }
    }

    #[test]
    fn adjacency_mean_is_51_times_12_over_51() {
        let p = adjacency_probs_52();
        assert_eq!(p.len(), 52);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let mean: f64 = p.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
        assert!((mean - 12.0).abs() < 1e-9);
    }
}
