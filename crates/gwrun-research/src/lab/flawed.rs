//! Exact analysis of the flawed "random hand" deal (000's clubs problem, 001's method):
//! the ordered pack is dealt card by card to a seat chosen uniformly among all four,
//! the choice repeated while that seat already holds 13 cards.
//!
//! With f seats full, a card goes to each of the 4 − f open seats with chance 1/(4 − f)
//! and costs f/(4 − f) failed attempts on average (a geometric number of retries). So the
//! deal is a Markov chain on the seats' card counts, and dynamic programming over those
//! counts (a few thousand states per card) gives every answer exactly, without
//! simulation: failed attempts, when the first hand fills, the last two cards, the
//! suit lengths of a hand and its pattern.

use std::collections::HashMap;

use super::cards::{CARDS, HAND, SEATS, SUITS};
use super::patterns::pattern_table;

/// The exact facts of the flawed deal that 000 and 001 talk about.
#[derive(Debug, Clone, PartialEq)]
pub struct FlawedFacts {
    /// Expected failed attempts (draws of a full seat) per deal.
    pub expected_failures: f64,
    /// Their standard deviation.
    pub failures_sd: f64,
    /// Index t = 1..=52: chance that the first hand is completed by card t.
    pub first_fill: Vec<f64>,
    /// Chance the last two cards of the pack (3♣, 2♣) go to one hand.
    pub last_two_same: f64,
    /// Chance that the first 48 cards lie 12-12-12-12.
    pub even_after_48: f64,
    /// Expected number of cards dealt while f = 0..3 seats are full.
    pub cards_with_full: [f64; SEATS],
}

impl FlawedFacts {
    /// Mean position (1..=52) of the card that completes the first hand.
    pub fn first_fill_mean(&self) -> f64 {
        self.first_fill
            .iter()
            .enumerate()
            .map(|(t, p)| t as f64 * p)
            .sum()
    }
    /// Mean card number at which a given seat (say the first player's) is completed.
    /// By symmetry it is the average of the four completion times; the k-th hand is
    /// completed by the last card dealt while fewer than k seats were full, so its mean
    /// is the sum of `cards_with_full[f]` over f < k.
    pub fn given_hand_fill_mean(&self) -> f64 {
        let mut t = 0.0;
        let mut total = 0.0;
        for f in 0..SEATS {
            t += self.cards_with_full[f];
            total += t;
        }
        total / SEATS as f64
    }
    /// Median position of that card.
    pub fn first_fill_median(&self) -> usize {
        let mut acc = 0.0;
        for (t, p) in self.first_fill.iter().enumerate() {
            acc += p;
            if acc >= 0.5 {
                return t;
            }
        }
        CARDS
    }
}

type Counts = [u8; SEATS];

fn full_seats(c: &Counts) -> usize {
    c.iter().filter(|&&x| usize::from(x) == HAND).count()
}

/// Every open seat of `c`, each to be taken with chance 1/(open seats).
fn open_seats(c: &Counts) -> impl Iterator<Item = usize> + '_ {
    (0..SEATS).filter(|&s| usize::from(c[s]) < HAND)
}

/// Mean and second moment of the failed attempts before a card finds an open seat when
/// `full` seats are full: a geometric count with failure chance q = full/4.
fn retry_moments(full: usize) -> (f64, f64) {
    let q = full as f64 / SEATS as f64;
    (q / (1.0 - q), q * (1.0 + q) / (1.0 - q).powi(2))
}

/// The flawed deal's exact facts, by dynamic programming over the four counts. Each
/// state carries [P, E(F; state), E(F²; state)] for the failures F so far, so the mean
/// and variance of F come out exactly.
pub fn flawed_facts() -> FlawedFacts {
    let mut layer: HashMap<Counts, [f64; 3]> = HashMap::from([([0; SEATS], [1.0, 0.0, 0.0])]);
    let mut facts = FlawedFacts {
        expected_failures: 0.0,
        failures_sd: 0.0,
        first_fill: vec![0.0; CARDS + 1],
        last_two_same: 0.0,
        even_after_48: 0.0,
        cards_with_full: [0.0; SEATS],
    };
    for card in 1..=CARDS {
        let mut next: HashMap<Counts, [f64; 3]> = HashMap::new();
        for (c, &[p, m1, m2]) in &layer {
            let f = full_seats(c);
            facts.cards_with_full[f] += p;
            let (g1, g2) = retry_moments(f);
            let moved = [p, m1 + p * g1, m2 + 2.0 * m1 * g1 + p * g2];
            let open = (SEATS - f) as f64;
            for s in open_seats(c) {
                let mut n = *c;
                n[s] += 1;
                if f == 0 && usize::from(n[s]) == HAND {
                    facts.first_fill[card] += p / open;
                }
                let slot = next.entry(n).or_default();
                for (x, m) in slot.iter_mut().zip(moved) {
                    *x += m / open;
                }
            }
        }
        layer = next;
        if card == CARDS - 2 {
            facts.last_two_same = layer
                .iter()
                .filter(|(c, _)| c.iter().any(|&x| usize::from(x) == HAND - 2))
                .map(|(_, v)| v[0])
                .sum();
        }
        if card == CARDS - SEATS {
            facts.even_after_48 = layer.get(&[12; SEATS]).map_or(0.0, |v| v[0]);
        }
    }
    let (m1, m2) = layer
        .values()
        .fold((0.0, 0.0), |(a, b), v| (a + v[1], b + v[2]));
    facts.expected_failures = m1;
    facts.failures_sd = (m2 - m1 * m1).max(0.0).sqrt();
    facts
}

/// Law of seat 0's length in `suit` (0 = spades .. 3 = clubs) under the flawed deal:
/// index k = 0..=13. By symmetry every seat has the same law.
pub fn suit_length_law(suit: usize) -> [f64; HAND + 1] {
    // State: the counts, and seat 0's count when the suit began.
    let mut layer: HashMap<(Counts, u8), f64> = HashMap::from([(([0; SEATS], 0), 1.0)]);
    for card in 0..CARDS {
        let mut next: HashMap<(Counts, u8), f64> = HashMap::new();
        for (&(c, start), p) in &layer {
            let start = if card == HAND * suit { c[0] } else { start };
            let share = p / (SEATS - full_seats(&c)) as f64;
            for s in open_seats(&c) {
                let mut n = c;
                n[s] += 1;
                *next.entry((n, start)).or_default() += share;
            }
        }
        layer = next;
        if card + 1 == HAND * (suit + 1) {
            let mut law = [0.0; HAND + 1];
            for (&(c, start), p) in &layer {
                law[usize::from(c[0] - start)] += p;
            }
            return law;
        }
    }
    [0.0; HAND + 1]
}

/// Seat 0's state for the pattern programme: its count, the other seats' counts sorted
/// (they are exchangeable), and the lengths of the suits already finished, sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct PatternState {
    own: u8,
    others: [u8; 3],
    done: [u8; 3],
}

/// Law of seat 0's hand pattern under the flawed deal, indexed like
/// [`pattern_table`]`().patterns`.
pub fn pattern_law() -> Vec<f64> {
    let start = PatternState {
        own: 0,
        others: [0; 3],
        done: [0; 3],
    };
    let mut layer: HashMap<PatternState, f64> = HashMap::from([(start, 1.0)]);
    for card in 0..CARDS {
        let mut next: HashMap<PatternState, f64> = HashMap::with_capacity(layer.len() * 2);
        for (st, p) in &layer {
            let counts = [st.own, st.others[0], st.others[1], st.others[2]];
            let share = p / (SEATS - full_seats(&counts)) as f64;
            for s in open_seats(&counts) {
                let mut n = *st;
                if s == 0 {
                    n.own += 1;
                } else {
                    n.others[s - 1] += 1;
                    n.others.sort_unstable();
                }
                *next.entry(n).or_default() += share;
            }
        }
        if (card + 1) % HAND == 0 && card + 1 < CARDS {
            next = close_suit(next);
        }
        layer = next;
    }
    let table = pattern_table();
    let mut law = vec![0.0; table.patterns.len()];
    for (st, p) in &layer {
        let finished = st.done.iter().map(|&x| usize::from(x)).sum::<usize>();
        let last = (usize::from(st.own) - finished) as u8;
        law[table.index([st.done[0], st.done[1], st.done[2], last])] += p;
    }
    law
}

/// The order of the pack in 001: card c = 0..51 has rank c div 4 and suit c mod 4 ("I
/// can number the cards from 0-51 and divide by 4 on any given number to calculate its
/// equivalency"), so the suits take turns.
pub fn rank_major_suits() -> [u8; CARDS] {
    std::array::from_fn(|c| (c % SUITS) as u8)
}

/// The order of the pack in 000: spades ace to deuce, then hearts, diamonds, clubs.
pub fn suit_major_suits() -> [u8; CARDS] {
    std::array::from_fn(|c| (c / HAND) as u8)
}

/// Law of seat 0's hand pattern under the flawed deal of a pack whose i-th card dealt
/// has suit `suits[i]`, indexed like [`pattern_table`]`().patterns`: dynamic programming
/// over seat 0's count, the other seats' counts (sorted: they are exchangeable) and seat
/// 0's length in each suit. Works for any order of the pack.
pub fn pattern_law_in_order(suits: &[u8; CARDS]) -> Vec<f64> {
    // key: own | others (3 × 4 bits) | seat 0's suit lengths (4 × 4 bits)
    let pack = |own: u8, others: [u8; 3], mine: [u8; SUITS]| -> u32 {
        let mut k = u32::from(own);
        for x in others.iter().chain(mine.iter()) {
            k = (k << 4) | u32::from(*x);
        }
        k
    };
    let unpack = |mut k: u32| -> (u8, [u8; 3], [u8; SUITS]) {
        let mut v = [0u8; 8];
        for x in v.iter_mut().rev() {
            *x = (k & 15) as u8;
            k >>= 4;
        }
        (v[0], [v[1], v[2], v[3]], [v[4], v[5], v[6], v[7]])
    };
    let mut layer: HashMap<u32, f64> = HashMap::from([(0, 1.0)]);
    for &suit in suits {
        let mut next: HashMap<u32, f64> = HashMap::with_capacity(layer.len() * 2);
        for (&k, &p) in &layer {
            let (own, others, mine) = unpack(k);
            let counts = [own, others[0], others[1], others[2]];
            let share = p / (SEATS - full_seats(&counts)) as f64;
            for s in open_seats(&counts) {
                let (mut o, mut rest, mut m) = (own, others, mine);
                if s == 0 {
                    o += 1;
                    m[usize::from(suit)] += 1;
                } else {
                    rest[s - 1] += 1;
                    rest.sort_unstable();
                }
                *next.entry(pack(o, rest, m)).or_default() += share;
            }
        }
        layer = next;
    }
    let table = pattern_table();
    let mut law = vec![0.0; table.patterns.len()];
    for (&k, &p) in &layer {
        law[table.index(unpack(k).2)] += p;
    }
    law
}

/// At the end of a suit, record seat 0's length in it. `done` is sorted ascending with
/// zeros standing for suits not finished yet, so its smallest entry is always free (a
/// real zero and a placeholder zero are interchangeable).
fn close_suit(layer: HashMap<PatternState, f64>) -> HashMap<PatternState, f64> {
    let mut out: HashMap<PatternState, f64> = HashMap::with_capacity(layer.len());
    for (mut st, p) in layer {
        let before: u8 = st.done.iter().sum();
        st.done[0] = st.own - before;
        st.done.sort_unstable();
        *out.entry(st).or_default() += p;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::draw::{Draw, XoshiroDraw};
    use crate::lab::procedures::flawed_deal;

    #[test]
    fn the_general_pattern_programme_agrees_with_the_suit_by_suit_one() {
        // two programmes with different states: seat 0's lengths per suit here, the
        // finished suits' lengths sorted there
        let a = pattern_law();
        let b = pattern_law_in_order(&suit_major_suits());
        for (x, y) in a.iter().zip(&b) {
            assert!((x - y).abs() < 1e-13, "{x} {y}");
        }
        let r = pattern_law_in_order(&rank_major_suits());
        assert!((r.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn first_fill_is_a_law_and_the_last_card_completes_the_last_hand() {
        let f = flawed_facts();
        assert!((f.first_fill.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // The first hand cannot fill before card 13 nor after card 49 (13·3 + 10 cards
        // fit in the others... at card 49 some seat must hold 13: 4·12 = 48).
        assert_eq!(f.first_fill[12], 0.0);
        assert!(f.first_fill[13] > 0.0);
        assert_eq!(f.first_fill[50], 0.0);
        // Card 13 completes a hand only if all 13 went to one seat: 4·(1/4)^13.
        assert!((f.first_fill[13] - 4.0 * 0.25f64.powi(13)).abs() < 1e-18);
        // 52 cards are dealt in all.
        assert!((f.cards_with_full.iter().sum::<f64>() - 52.0).abs() < 1e-9);
    }

    #[test]
    fn exact_failures_match_a_simulation() {
        // Simulation is independent of the programme: 20,000 deals, 5 standard errors.
        let f = flawed_facts();
        let mut d = XoshiroDraw::seeded(99);
        let n = 20_000;
        let mut xs = Vec::with_capacity(n);
        for _ in 0..n {
            let before = d.draws();
            flawed_deal(&mut d);
            xs.push((d.draws() - before - 52) as f64);
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        let se = (var / n as f64).sqrt();
        assert!(
            (mean - f.expected_failures).abs() < 5.0 * se,
            "{mean} vs {}",
            f.expected_failures
        );
        let sd = var.sqrt();
        assert!(
            (sd - f.failures_sd).abs() < 0.05 * f.failures_sd,
            "{sd} vs {}",
            f.failures_sd
        );
    }

    #[test]
    fn spades_are_binomial_under_the_flawed_deal() {
        // No hand can be full before card 13, so the first 13 cards fall independently
        // and uniformly: seat 0's spades are Binomial(13, 1/4).
        let law = suit_length_law(0);
        for (k, p) in law.iter().enumerate() {
            let b = crate::lab::patterns::binom(13, k as u64) as f64
                * 0.25f64.powi(k as i32)
                * 0.75f64.powi(13 - k as i32);
            assert!((p - b).abs() < 1e-12, "k={k}");
        }
    }

    #[test]
    fn suit_laws_have_mean_13_over_4() {
        for suit in 0..SUITS {
            let law = suit_length_law(suit);
            let mean: f64 = law.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
            assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!((mean - 3.25).abs() < 1e-9, "suit {suit}: {mean}");
        }
    }

    #[test]
    fn pattern_law_sums_to_one_and_agrees_with_the_suit_laws() {
        let law = pattern_law();
        assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // P(void somewhere) from the pattern law ≥ P(void in clubs).
        let table = pattern_table();
        let void: f64 = table
            .patterns
            .iter()
            .zip(&law)
            .filter(|(p, _)| p.voids() > 0)
            .map(|(_, q)| q)
            .sum();
        assert!(void >= suit_length_law(3)[0]);
    }
}
