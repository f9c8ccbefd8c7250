//! Per-deal tallies and the chi-square tests that compare them with the exact laws of
//! [`super::patterns`].
//!
//! Which tests are exact in the sense of independent observations: the four hands of one
//! deal are not independent of each other, so every per-hand statistic (pattern, suit
//! length, longest suit, voids) is tested seat by seat, where deals are independent, and
//! the seats are combined by Bonferroni (the smallest p times the number of tests). The
//! tables still pool the four seats. The 52×4 card placement is a table with fixed
//! margins (each card in one seat, 13 cards per seat); summed over N independent deals,
//! Pearson's X² over its cells tends to (52/51)·χ²₁₅₃, so the lab reports X²·51/52 on
//! 153 degrees of freedom. Cells with an expected count below 5 are pooled.

use statrs::distribution::{ChiSquared, ContinuousCDF};

use super::cards::{ALL_CARDS, CARDS, HAND, Hands, SEATS, SUITS, suit_lengths};
use super::patterns::{
    PAIR_SAME_HAND, PatternTable, adjacency_probs_52, longest_suit_probs, pattern_table,
    suit_length_probs, void_probs,
};

/// Number of hand patterns.
pub const PATTERNS: usize = 39;
/// Adjacent pairs (c, c+1) in the pack.
pub const PAIRS: usize = CARDS - 1;
/// The pair of the last two cards of the pack (3♣, 2♣).
pub const LAST_PAIR: usize = CARDS - 2;

/// Counts of everything the lab measures, summed over deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealTally {
    /// Deals recorded.
    pub deals: u64,
    /// Random draws the procedure used.
    pub draws: u64,
    /// `[seat][pattern index]`.
    pub patterns: [[u64; PATTERNS]; SEATS],
    /// `[seat][suit][length]`.
    pub suit_lengths: [[[u64; HAND + 1]; SUITS]; SEATS],
    /// `[seat][card]`.
    pub placement: [[u64; CARDS]; SEATS],
    /// Histogram of the number of adjacent pairs in one hand, per deal.
    pub adjacency: [u64; CARDS],
    /// `[c]`: deals where cards c and c+1 share a hand.
    pub pairs: [u64; PAIRS],
}

impl Default for DealTally {
    fn default() -> Self {
        DealTally {
            deals: 0,
            draws: 0,
            patterns: [[0; PATTERNS]; SEATS],
            suit_lengths: [[[0; HAND + 1]; SUITS]; SEATS],
            placement: [[0; CARDS]; SEATS],
            adjacency: [0; CARDS],
            pairs: [0; PAIRS],
        }
    }
}

impl DealTally {
    /// Count one deal.
    #[inline]
    pub fn record(&mut self, hands: &Hands, table: &PatternTable) {
        self.deals += 1;
        let mut same = 0u64;
        for (s, &h) in hands.iter().enumerate() {
            let l = suit_lengths(h);
            self.patterns[s][table.index(l)] += 1;
            for (suit, &len) in l.iter().enumerate() {
                self.suit_lengths[s][suit][usize::from(len)] += 1;
            }
            let mut bits = h & ALL_CARDS;
            while bits != 0 {
                self.placement[s][bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
            same |= h & (h >> 1);
        }
        same &= (1 << PAIRS) - 1;
        self.adjacency[same.count_ones() as usize] += 1;
        while same != 0 {
            self.pairs[same.trailing_zeros() as usize] += 1;
            same &= same - 1;
        }
    }

    /// Add another tally into this one.
    pub fn merge(&mut self, o: &DealTally) {
        self.deals += o.deals;
        self.draws += o.draws;
        add_all(self.patterns.as_flattened_mut(), o.patterns.as_flattened());
        add_all(
            self.suit_lengths.as_flattened_mut().as_flattened_mut(),
            o.suit_lengths.as_flattened().as_flattened(),
        );
        add_all(
            self.placement.as_flattened_mut(),
            o.placement.as_flattened(),
        );
        add_all(&mut self.adjacency, &o.adjacency);
        add_all(&mut self.pairs, &o.pairs);
    }

    /// Pattern counts summed over the four seats.
    pub fn patterns_all(&self) -> [u64; PATTERNS] {
        std::array::from_fn(|i| self.patterns.iter().map(|s| s[i]).sum())
    }

    /// Longest-suit histogram (index = length) of one seat, from its patterns.
    pub fn longest(&self, seat: usize) -> [u64; HAND + 1] {
        let mut out = [0; HAND + 1];
        for (p, &n) in pattern_table().patterns.iter().zip(&self.patterns[seat]) {
            out[p.longest()] += n;
        }
        out
    }

    /// Void-count histogram (index = voids) of one seat, from its patterns.
    pub fn voids(&self, seat: usize) -> [u64; SUITS] {
        let mut out = [0; SUITS];
        for (p, &n) in pattern_table().patterns.iter().zip(&self.patterns[seat]) {
            out[p.voids()] += n;
        }
        out
    }
}

fn add_all(a: &mut [u64], b: &[u64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// A chi-square test result.
#[derive(Debug, Clone, PartialEq)]
pub struct ChiSquare {
    /// The statistic.
    pub stat: f64,
    /// Degrees of freedom.
    pub df: usize,
    /// Upper-tail p-value (may underflow to 0).
    pub p: f64,
    /// Cells in the test after pooling, and before.
    pub cells: (usize, usize),
}

impl ChiSquare {
    /// A result from a statistic and its degrees of freedom.
    pub fn new(stat: f64, df: usize, cells: (usize, usize)) -> ChiSquare {
        ChiSquare {
            stat,
            df,
            p: chi2_sf(stat, df),
            cells,
        }
    }
    /// χ²/df.
    pub fn ratio(&self) -> f64 {
        self.stat / self.df.max(1) as f64
    }
    /// (χ² − df)/sqrt(2·df): how many standard deviations above its mean.
    pub fn z(&self) -> f64 {
        (self.stat - self.df as f64) / (2.0 * self.df.max(1) as f64).sqrt()
    }
}

/// Upper tail of χ² with `df` degrees of freedom (1 for df = 0).
pub fn chi2_sf(stat: f64, df: usize) -> f64 {
    if df == 0 || !stat.is_finite() {
        return if stat.is_finite() { 1.0 } else { 0.0 };
    }
    match ChiSquared::new(df as f64) {
        Ok(d) => d.sf(stat.max(0.0)),
        Err(_) => f64::NAN,
    }
}

/// Pearson goodness of fit of counts to a law. Cells with expected count below 5 are
/// pooled: for `ordered` categories with their neighbours (left to right), otherwise
/// the least likely cells together after sorting by probability. None when fewer than
/// two cells remain.
pub fn gof(obs: &[u64], probs: &[f64], ordered: bool) -> Option<ChiSquare> {
    let n: u64 = obs.iter().sum();
    let mut idx: Vec<usize> = (0..obs.len().min(probs.len()))
        .filter(|&i| probs[i] > 0.0 || obs[i] > 0)
        .collect();
    if !ordered {
        idx.sort_by(|&a, &b| probs[b].total_cmp(&probs[a]));
    }
    let mut cells: Vec<(f64, u64)> = Vec::new();
    let (mut e, mut o) = (0.0, 0u64);
    for &i in &idx {
        e += probs[i] * n as f64;
        o += obs[i];
        if e >= 5.0 {
            cells.push((e, o));
            (e, o) = (0.0, 0);
        }
    }
    if e > 0.0 || o > 0 {
        match cells.last_mut() {
            Some(last) => {
                last.0 += e;
                last.1 += o;
            }
            None => cells.push((e, o)),
        }
    }
    if cells.len() < 2 {
        return None;
    }
    let stat = cells.iter().map(|&(e, o)| (o as f64 - e).powi(2) / e).sum();
    Some(ChiSquare::new(
        stat,
        cells.len() - 1,
        (cells.len(), idx.len()),
    ))
}

/// Several tests of one hypothesis combined by Bonferroni: the smallest p times the
/// number of tests (at most 1); the statistic shown is that test's.
#[derive(Debug, Clone, PartialEq)]
pub struct Combined {
    /// The test with the smallest p.
    pub worst: ChiSquare,
    /// Which of the tests it was (seat, or seat·4+suit).
    pub which: usize,
    /// How many tests were combined.
    pub tests: usize,
    /// The adjusted p-value.
    pub p: f64,
}

/// Combine tests by Bonferroni; None when no test could be made.
pub fn bonferroni(tests: Vec<Option<ChiSquare>>) -> Option<Combined> {
    let m = tests.len();
    let (which, worst) = tests
        .into_iter()
        .enumerate()
        .filter_map(|(i, t)| t.map(|t| (i, t)))
        .min_by(|a, b| a.1.p.total_cmp(&b.1.p))?;
    let p = (worst.p * m as f64).min(1.0);
    Some(Combined {
        worst,
        which,
        tests: m,
        p,
    })
}

/// The lab's statistics, in report order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Statistic {
    Patterns,
    SuitLengths,
    Placement,
    Longest,
    Voids,
    Adjacency,
    LastTwo,
}

/// All statistics, in report order.
pub const STATISTICS: [Statistic; 7] = [
    Statistic::Patterns,
    Statistic::SuitLengths,
    Statistic::Placement,
    Statistic::Longest,
    Statistic::Voids,
    Statistic::Adjacency,
    Statistic::LastTwo,
];

impl Statistic {
    /// Heading used in reports.
    pub fn title(self) -> &'static str {
        match self {
            Statistic::Patterns => "hand patterns (39)",
            Statistic::SuitLengths => "suit length per suit and seat",
            Statistic::Placement => "card-to-seat placement (52x4)",
            Statistic::Longest => "longest suit",
            Statistic::Voids => "voids per hand",
            Statistic::Adjacency => "adjacent pack pairs in one hand",
            Statistic::LastTwo => "last two cards (3C, 2C) in one hand",
        }
    }

    /// How the test is made.
    pub fn method(self) -> &'static str {
        match self {
            Statistic::Patterns => "chi-square per seat vs exact law, Bonferroni x4",
            Statistic::SuitLengths => {
                "chi-square per suit and seat vs hypergeometric, Bonferroni x16"
            }
            Statistic::Placement => "Pearson X2*51/52 over 52x4 cells (fixed margins)",
            Statistic::Longest => "chi-square per seat vs exact law, Bonferroni x4",
            Statistic::Voids => "chi-square per seat vs exact law, Bonferroni x4",
            Statistic::Adjacency => "chi-square of pairs-per-deal vs exact law (DP)",
            Statistic::LastTwo => "chi-square, 1 df, vs 12/51",
        }
    }
}

/// One statistic's test: its p-value (adjusted where combined) and the test shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// Which statistic.
    pub stat: Statistic,
    /// The test shown (the worst component when combined).
    pub test: Option<ChiSquare>,
    /// The p-value the verdict uses.
    pub p: f64,
    /// Where the worst component was, if combined ("seat 2", "clubs, seat 0").
    pub worst: Option<String>,
    /// How many separate tests the statistic makes (1, or one per seat, or per suit and
    /// seat); `p` is the shown test's own p times this (Bonferroni, at most 1).
    pub parts: usize,
}

impl Verdict {
    /// True when the statistic is rejected at `alpha`.
    pub fn rejected(&self, alpha: f64) -> bool {
        self.test.is_some() && self.p < alpha
    }
}

fn combined_verdict(
    stat: Statistic,
    c: Option<Combined>,
    place: impl Fn(usize) -> String,
) -> Verdict {
    match c {
        Some(c) => Verdict {
            stat,
            p: c.p,
            worst: Some(place(c.which)),
            test: Some(c.worst),
            parts: c.tests,
        },
        None => Verdict {
            stat,
            test: None,
            p: 1.0,
            worst: None,
            parts: 0,
        },
    }
}

fn single_verdict(stat: Statistic, t: Option<ChiSquare>) -> Verdict {
    let p = t.as_ref().map_or(1.0, |t| t.p);
    Verdict {
        stat,
        test: t,
        p,
        worst: None,
        parts: 1,
    }
}

/// The placement test: Pearson X² over the 52×4 cells times 51/52, 153 df.
pub fn placement_test(t: &DealTally) -> Option<ChiSquare> {
    if t.deals == 0 {
        return None;
    }
    let e = t.deals as f64 / SEATS as f64;
    let x2: f64 = t
        .placement
        .as_flattened()
        .iter()
        .map(|&o| (o as f64 - e).powi(2) / e)
        .sum();
    let df = (CARDS - 1) * (SEATS - 1);
    Some(ChiSquare::new(
        x2 * (CARDS - 1) as f64 / CARDS as f64,
        df,
        (CARDS * SEATS, CARDS * SEATS),
    ))
}

/// Test one statistic of a tally.
pub fn verdict(t: &DealTally, stat: Statistic) -> Verdict {
    let seat = |i: usize| format!("seat {i}");
    let probs_of = |table: &PatternTable| -> Vec<f64> {
        table.patterns.iter().map(|p| p.probability()).collect()
    };
    match stat {
        Statistic::Patterns => {
            let probs = probs_of(pattern_table());
            let tests = (0..SEATS)
                .map(|s| gof(&t.patterns[s], &probs, false))
                .collect();
            combined_verdict(stat, bonferroni(tests), seat)
        }
        Statistic::SuitLengths => {
            let probs = suit_length_probs();
            let tests = (0..SEATS * SUITS)
                .map(|i| gof(&t.suit_lengths[i / SUITS][i % SUITS], &probs, true))
                .collect();
            let place = |i: usize| {
                format!(
                    "{}, seat {}",
                    super::cards::SUIT_NAMES[i % SUITS],
                    i / SUITS
                )
            };
            combined_verdict(stat, bonferroni(tests), place)
        }
        Statistic::Placement => single_verdict(stat, placement_test(t)),
        Statistic::Longest => {
            let probs = longest_suit_probs();
            let tests = (0..SEATS)
                .map(|s| gof(&t.longest(s), &probs, true))
                .collect();
            combined_verdict(stat, bonferroni(tests), seat)
        }
        Statistic::Voids => {
            let probs = void_probs();
            let tests = (0..SEATS).map(|s| gof(&t.voids(s), &probs, true)).collect();
            combined_verdict(stat, bonferroni(tests), seat)
        }
        Statistic::Adjacency => single_verdict(stat, gof(&t.adjacency, adjacency_probs_52(), true)),
        Statistic::LastTwo => {
            let same = t.pairs[LAST_PAIR];
            let obs = [same, t.deals - same];
            single_verdict(
                stat,
                gof(&obs, &[PAIR_SAME_HAND, 1.0 - PAIR_SAME_HAND], true),
            )
        }
    }
}

/// All verdicts, in report order.
pub fn verdicts(t: &DealTally) -> Vec<Verdict> {
    STATISTICS.iter().map(|&s| verdict(t, s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::cards::{deal_round, ordered_deck};

    #[test]
    fn gof_matches_a_hand_computed_statistic() {
        // Two cells, 60 vs 40 observed against 50/50: X² = (10²+10²)/50 = 4, df 1,
        // p = P(χ²₁ > 4) = 0.0455003.
        let t = gof(&[60, 40], &[0.5, 0.5], true).unwrap();
        assert!((t.stat - 4.0).abs() < 1e-12);
        assert_eq!(t.df, 1);
        assert!((t.p - 0.045_500_263_9).abs() < 1e-8);
    }

    #[test]
    fn gof_pools_sparse_cells() {
        // Expected 50, 45, 4, 1: the last two pool (5), giving 3 cells and df 2.
        let t = gof(&[50, 45, 3, 2], &[0.5, 0.45, 0.04, 0.01], false).unwrap();
        assert_eq!(t.df, 2);
        assert_eq!(t.cells, (3, 4));
        assert!(gof(&[1, 1], &[0.5, 0.5], true).is_none());
    }

    #[test]
    fn bonferroni_takes_the_smallest_p_times_m() {
        let a = Some(ChiSquare::new(4.0, 1, (2, 2)));
        let b = Some(ChiSquare::new(1.0, 1, (2, 2)));
        let c = bonferroni(vec![b, a, None]).unwrap();
        assert_eq!(c.which, 1);
        assert!((c.p - 3.0 * 0.045_500_263_9).abs() < 1e-8);
    }

    #[test]
    fn tally_of_the_round_deal() {
        let hands = deal_round(&ordered_deck());
        let mut t = DealTally::default();
        t.record(&hands, pattern_table());
        assert_eq!(t.deals, 1);
        // Dealt round, no two neighbours share a hand.
        assert_eq!(t.adjacency[0], 1);
        assert_eq!(t.pairs.iter().sum::<u64>(), 0);
        assert_eq!(t.placement[0][0], 1);
        assert_eq!(t.placement[3][51], 1);
        let mut u = t.clone();
        u.merge(&t);
        assert_eq!(u.deals, 2);
        assert_eq!(u.patterns_all().iter().sum::<u64>(), 8);
    }
}
