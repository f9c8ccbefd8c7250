//! Riffle shuffles: the Gilbert–Shannon–Reeds model (exactly analysable) and document
//! 000's human model (cut 24–28 cards, drop packets of 1–7 cards), plus rising sequences
//! and the exact Bayer–Diaconis distance from uniform after k GSR riffles.
//!
//! Bayer and Diaconis (1992) showed that after k GSR riffles of n cards the chance of a
//! permutation with r rising sequences is C(2^k + n − r, n) / 2^(kn). Since that depends
//! on r alone, the distance of the deck from uniform equals the distance of the
//! rising-sequence count from its uniform law (the Eulerian distribution). For any other
//! shuffle the distance of the rising-sequence count is a lower bound on the true distance.
//!
//! 000 gives only the ranges of the human model, not the frequencies. The default weights
//! below are this lab's assumption (unimodal, centred cuts, mostly small packets); users
//! pass their own with `--cut-weights` and `--packet-weights`.

use super::LabError;
use super::cards::{CARDS, ordered_deck};
use super::draw::{ChaChaDraw, Draw, GwDraw, RngKind, XoshiroDraw};
use super::engine::{RunSpec, Stop, run_chunks};

/// Riffle `deck` once, GSR style: each position independently takes the next card of the
/// top packet (bit 0) or of the bottom packet (bit 1), so the cut is Binomial(n, ½) and
/// all interleavings of a cut are equally likely. `deck.len()` must be at most 64.
pub fn gsr_riffle<D: Draw>(deck: &mut [u8], scratch: &mut [u8], d: &mut D) {
    let n = deck.len().min(scratch.len()).min(64);
    let bits = d.bits(n as u32);
    let cut = n - bits.count_ones() as usize;
    let (mut top, mut bottom) = (0, cut);
    for (i, slot) in scratch.iter_mut().enumerate().take(n) {
        if bits >> i & 1 == 0 {
            *slot = deck[top];
            top += 1;
        } else {
            *slot = deck[bottom];
            bottom += 1;
        }
    }
    deck[..n].copy_from_slice(&scratch[..n]);
}

/// Weighted choices of document 000's human riffle: cut sizes and packet sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct HumanModel {
    /// (cards in the top half, weight).
    pub cut_weights: Vec<(u32, u32)>,
    /// (packet size, weight).
    pub packet_weights: Vec<(u32, u32)>,
}

impl Default for HumanModel {
    /// The lab's assumed weights (000 gives no numbers): cuts 24..=28 weighted 1,2,4,2,1;
    /// packets 1..=7 weighted 40,25,15,10,5,3,2 (mostly single cards and pairs).
    fn default() -> Self {
        HumanModel {
            cut_weights: vec![(24, 1), (25, 2), (26, 4), (27, 2), (28, 1)],
            packet_weights: vec![(1, 40), (2, 25), (3, 15), (4, 10), (5, 5), (6, 3), (7, 2)],
        }
    }
}

/// Parse "SIZE=WEIGHT,SIZE=WEIGHT,..." with sizes in `lo..=hi` and a positive total.
pub fn parse_weights(text: &str, lo: u32, hi: u32) -> Result<Vec<(u32, u32)>, LabError> {
    let bad = |why: &str| LabError::Argument(format!("weights \"{text}\": {why}"));
    let mut out = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (size, weight) = item
            .split_once('=')
            .ok_or_else(|| bad("expected SIZE=WEIGHT"))?;
        let size: u32 = size
            .trim()
            .parse()
            .map_err(|_| bad("size is not a number"))?;
        let weight: u32 = weight
            .trim()
            .parse()
            .map_err(|_| bad("weight is not a number"))?;
        if !(lo..=hi).contains(&size) {
            return Err(bad(&format!("size {size} outside {lo}..={hi}")));
        }
        out.push((size, weight));
    }
    let total: u64 = out.iter().map(|&(_, w)| u64::from(w)).sum();
    if total == 0 || total > u64::from(u32::MAX) {
        return Err(bad("weights must add up to a positive 32-bit total"));
    }
    Ok(out)
}

fn weighted<D: Draw>(choices: &[(u32, u32)], d: &mut D) -> u32 {
    let total: u32 = choices.iter().map(|&(_, w)| w).sum();
    let mut x = d.below(total.max(1));
    for &(v, w) in choices {
        if x < w {
            return v;
        }
        x -= w;
    }
    choices.last().map_or(1, |&(v, _)| v)
}

impl HumanModel {
    /// Riffle `deck` once: cut (top half = chosen size), then build the new deck from the
    /// bottom by dropping packets alternately from the bottoms of the two halves, the
    /// first half to drop chosen at random, until one half is empty; the rest of the
    /// other half goes on top.
    pub fn riffle<D: Draw>(&self, deck: &mut [u8], scratch: &mut [u8], d: &mut D) {
        let n = deck.len().min(scratch.len());
        let cut = (weighted(&self.cut_weights, d) as usize).min(n);
        let mut ends = [cut, n]; // exclusive ends of the top and bottom halves
        let starts = [0, cut];
        let mut out = n;
        let mut side = d.below(2) as usize;
        while ends[0] > starts[0] && ends[1] > starts[1] {
            let packet = (weighted(&self.packet_weights, d) as usize).max(1);
            let take = packet.min(ends[side] - starts[side]);
            scratch[out - take..out].copy_from_slice(&deck[ends[side] - take..ends[side]]);
            out -= take;
            ends[side] -= take;
            side ^= 1;
        }
        for s in 0..2 {
            let take = ends[s] - starts[s];
            scratch[out - take..out].copy_from_slice(&deck[starts[s]..ends[s]]);
            out -= take;
        }
        deck[..n].copy_from_slice(&scratch[..n]);
    }
}

/// Number of rising sequences of a deck holding the values 0..n once each, read from the
/// top: 1 + the number of values v whose successor v+1 lies above v.
pub fn rising_sequences(deck: &[u8]) -> usize {
    let mut pos = [0usize; 256];
    for (i, &c) in deck.iter().enumerate() {
        pos[usize::from(c)] = i;
    }
    1 + (1..deck.len()).filter(|&v| pos[v] < pos[v - 1]).count()
}

/// The Eulerian distribution: index r (1..=n) holds the fraction of the n! permutations
/// with r rising sequences (index 0 is 0). Computed as probabilities by the recurrence
/// A(n,m) = (m+1)A(n−1,m) + (n−m)A(n−1,m−1), divided through by n.
pub fn eulerian_probs(n: usize) -> Vec<f64> {
    let mut p = vec![1.0]; // n = 1: one permutation, 0 descents
    for m in 2..=n {
        let mut next = vec![0.0; m];
        for (j, slot) in next.iter_mut().enumerate() {
            let stay = if j < p.len() {
                (j + 1) as f64 * p[j]
            } else {
                0.0
            };
            let up = if j >= 1 {
                (m - j) as f64 * p[j - 1]
            } else {
                0.0
            };
            *slot = (stay + up) / m as f64;
        }
        p = next;
    }
    let mut out = vec![0.0; n + 1];
    out[1..].copy_from_slice(&p[..n]);
    out
}

/// n!·C(2^k + n − r, n)/2^(kn) = Π_{i=1..n} (1 + (i − r)/2^k): the GSR chance of one
/// permutation with r rising sequences, relative to uniform.
fn gsr_ratio(n: usize, k: u32, r: usize) -> f64 {
    let a = 2f64.powi(k as i32);
    (1..=n).map(|i| 1.0 + (i as f64 - r as f64) / a).product()
}

/// Distribution of the number of rising sequences after k GSR riffles of n ordered cards
/// (index r = 1..=n).
pub fn gsr_rising_probs(n: usize, k: u32) -> Vec<f64> {
    let e = eulerian_probs(n);
    (0..=n)
        .map(|r| {
            if r == 0 {
                0.0
            } else {
                e[r] * gsr_ratio(n, k, r).max(0.0)
            }
        })
        .collect()
}

/// Exact total-variation distance from uniform after k GSR riffles of n cards.
pub fn gsr_tv(n: usize, k: u32) -> f64 {
    let e = eulerian_probs(n);
    0.5 * (1..=n)
        .map(|r| e[r] * (gsr_ratio(n, k, r).max(0.0) - 1.0).abs())
        .sum::<f64>()
}

/// Total-variation distance between an observed histogram and a law.
pub fn tv_of_counts(counts: &[u64], probs: &[f64]) -> f64 {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return 1.0;
    }
    let t = total as f64;
    0.5 * counts
        .iter()
        .zip(probs)
        .map(|(&c, &p)| (c as f64 / t - p).abs())
        .sum::<f64>()
}

/// Expected simulated TV of a histogram of `samples` draws from the law itself (the
/// noise floor): ½ Σ sqrt(2p(1−p)/(π·samples)), the normal approximation.
pub fn tv_noise_floor(probs: &[f64], samples: u64) -> f64 {
    let s = samples.max(1) as f64;
    0.5 * probs
        .iter()
        .map(|&p| (2.0 * p * (1.0 - p) / (std::f64::consts::PI * s)).sqrt())
        .sum::<f64>()
}

/// A riffle procedure for the distance study.
#[derive(Debug, Clone, PartialEq)]
pub enum Riffle {
    /// Gilbert–Shannon–Reeds.
    Gsr,
    /// Document 000's human model.
    Human(HumanModel),
}

impl Riffle {
    /// Riffle a deck once.
    pub fn apply<D: Draw>(&self, deck: &mut [u8], scratch: &mut [u8], d: &mut D) {
        match self {
            Riffle::Gsr => gsr_riffle(deck, scratch, d),
            Riffle::Human(m) => m.riffle(deck, scratch, d),
        }
    }
}

fn rising_histogram<D: Draw>(riffle: &Riffle, k: u32, samples: u64, mut d: D) -> Vec<u64> {
    let mut hist = vec![0u64; CARDS + 1];
    let mut scratch = [0u8; CARDS];
    for _ in 0..samples {
        let mut deck = ordered_deck();
        for _ in 0..k {
            riffle.apply(&mut deck, &mut scratch, &mut d);
        }
        hist[rising_sequences(&deck)] += 1;
    }
    hist
}

/// Histogram (index r = 1..=52) of the rising sequences of `samples` ordered 52-card
/// packs after k riffles; chunked and seeded like the deal runs, so reproducible.
pub fn simulate_rising(
    riffle: &Riffle,
    k: u32,
    samples: u64,
    seed: u64,
    rng: RngKind,
    stop: &Stop,
) -> Result<Vec<u64>, LabError> {
    let spec = RunSpec {
        deals: samples,
        seed,
        chunk: 1 << 12,
        progress: false,
        stop: stop.clone(),
        only: None,
    };
    let work = |s: u64, len: u64| -> Result<Vec<u64>, LabError> {
        Ok(match rng {
            RngKind::Xoshiro => rising_histogram(riffle, k, len, XoshiroDraw::seeded(s)),
            RngKind::ChaCha8 => rising_histogram(riffle, k, len, ChaChaDraw::seeded(s)),
            RngKind::Gw => rising_histogram(riffle, k, len, GwDraw::seeded(s)),
        })
    };
    run_chunks(&spec, work, |a: Vec<u64>, b: Vec<u64>| {
        if a.is_empty() {
            return b;
        }
        if b.is_empty() {
            return a;
        }
        a.iter().zip(&b).map(|(x, y)| x + y).collect()
    })
}

/// A simulated distance with its delta-method standard error,
/// ½·sqrt((1 − (Σ sign(p̂ − p)·p̂)²)/n).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimulatedTv {
    /// The estimate.
    pub tv: f64,
    /// Its standard error.
    pub se: f64,
    /// Samples.
    pub n: u64,
}

/// TV of a histogram from a law, with its standard error.
pub fn simulated_tv(counts: &[u64], probs: &[f64]) -> SimulatedTv {
    let n: u64 = counts.iter().sum();
    let t = n.max(1) as f64;
    let s: f64 = counts
        .iter()
        .zip(probs)
        .map(|(&c, &p)| {
            let q = c as f64 / t;
            if q > p {
                q
            } else if q < p {
                -q
            } else {
                0.0
            }
        })
        .sum();
    let se = 0.5 * ((1.0 - s * s).max(0.0) / t).sqrt();
    SimulatedTv {
        tv: tv_of_counts(counts, probs),
        se,
        n,
    }
}

/// One row of the riffle study.
#[derive(Debug, Clone, PartialEq)]
pub struct RiffleRow {
    /// Riffles.
    pub k: u32,
    /// Exact GSR distance (Bayer–Diaconis).
    pub gsr_exact: f64,
    /// GSR, simulated distance of the rising-sequence count from its uniform law (it
    /// should reproduce `gsr_exact`: a check of the simulation).
    pub gsr_sim: SimulatedTv,
    /// Human model, simulated distance of the rising-sequence count (a lower bound on
    /// its distance from uniform).
    pub human_sim: SimulatedTv,
    /// The simulated distance a perfect shuffle would show with this many samples.
    pub floor: f64,
}

/// The riffle study for k = 1..=max_k with `samples` packs per point. A stop ends it
/// with [`LabError::Interrupted`] counting the riffle counts finished.
pub fn riffle_study(
    max_k: u32,
    samples: u64,
    seed: u64,
    rng: RngKind,
    model: &HumanModel,
    stop: &Stop,
) -> Result<Vec<RiffleRow>, LabError> {
    let uniform = eulerian_probs(CARDS);
    let floor = tv_noise_floor(&uniform[1..], samples);
    let human = Riffle::Human(model.clone());
    let mut rows = Vec::new();
    for k in 1..=max_k {
        let sims = simulate_rising(&Riffle::Gsr, k, samples, seed ^ u64::from(k), rng, stop)
            .and_then(|g| {
                let h =
                    simulate_rising(&human, k, samples, seed ^ (u64::from(k) << 32), rng, stop)?;
                Ok((g, h))
            });
        let (g, h) = match sims {
            Err(LabError::Interrupted { .. }) => {
                return Err(LabError::Interrupted {
                    done: rows.len() as u64,
                    total: u64::from(max_k),
                    unit: "riffle counts",
                });
            }
            other => other?,
        };
        rows.push(RiffleRow {
            k,
            gsr_exact: gsr_tv(CARDS, k),
            gsr_sim: simulated_tv(&g, &uniform),
            human_sim: simulated_tv(&h, &uniform),
            floor,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::draw::XoshiroDraw;

    #[test]
    fn bayer_diaconis_table_for_52_cards() {
        // Bayer & Diaconis (1992), Table 1: k = 1..10.
        let table = [
            1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043,
        ];
        for (k, want) in table.iter().enumerate() {
            let got = gsr_tv(52, k as u32 + 1);
            assert!((got - want).abs() < 0.0006, "k={} got {got}", k + 1);
        }
    }

    #[test]
    fn eulerian_numbers_small() {
        // A(4, ·) = 1, 11, 11, 1 over 24.
        let e = eulerian_probs(4);
        let want = [0.0, 1.0 / 24.0, 11.0 / 24.0, 11.0 / 24.0, 1.0 / 24.0];
        for (a, b) in e.iter().zip(want) {
            assert!((a - b).abs() < 1e-15);
        }
        assert!((eulerian_probs(52).iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn gsr_law_sums_to_one_and_one_riffle_has_at_most_two_sequences() {
        let p = gsr_rising_probs(52, 1);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(p[3..].iter().all(|&x| x == 0.0));
        // One riffle: identity has chance (n+1)/2^n, r=2 the rest.
        assert!((p[1] - 53.0 / 2f64.powi(52)).abs() < 1e-25);
    }

    #[test]
    fn riffles_are_permutations() {
        let mut d = XoshiroDraw::seeded(7);
        let model = HumanModel::default();
        let mut deck: Vec<u8> = (0..52).collect();
        let mut scratch = vec![0u8; 52];
        for _ in 0..20 {
            gsr_riffle(&mut deck, &mut scratch, &mut d);
            model.riffle(&mut deck, &mut scratch, &mut d);
            let mut sorted = deck.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..52).collect::<Vec<u8>>());
        }
    }

    #[test]
    fn one_human_riffle_gives_two_rising_sequences() {
        let mut d = XoshiroDraw::seeded(3);
        let model = HumanModel::default();
        for _ in 0..100 {
            let mut deck: Vec<u8> = (0..52).collect();
            let mut scratch = vec![0u8; 52];
            model.riffle(&mut deck, &mut scratch, &mut d);
            assert!(rising_sequences(&deck) <= 2);
        }
        assert_eq!(rising_sequences(&[0, 1, 2, 3]), 1);
        assert_eq!(rising_sequences(&[3, 2, 1, 0]), 4);
        assert_eq!(rising_sequences(&[0, 2, 1, 3]), 2);
    }

    #[test]
    fn simulated_gsr_rising_sequences_match_the_exact_law() {
        // 20,000 packs after 5 GSR riffles: the simulated distance is within noise.
        let k = 5;
        let h =
            simulate_rising(&Riffle::Gsr, k, 20_000, 1, RngKind::Xoshiro, &Stop::never()).unwrap();
        let law = gsr_rising_probs(CARDS, k);
        let floor = tv_noise_floor(&law[1..], 20_000);
        assert!(tv_of_counts(&h, &law) < 2.0 * floor + 0.01);
        // Against the uniform (Eulerian) law the distance is near the exact 0.924.
        let s = simulated_tv(&h, &eulerian_probs(CARDS));
        assert!((s.tv - gsr_tv(CARDS, k)).abs() < 5.0 * s.se + 0.01, "{s:?}");
    }

    #[test]
    fn weights_parse_and_reject() {
        assert_eq!(
            parse_weights("24=1, 26=3", 1, 51).unwrap(),
            vec![(24, 1), (26, 3)]
        );
        assert!(parse_weights("24", 1, 51).is_err());
        assert!(parse_weights("0=1", 1, 51).is_err());
        assert!(parse_weights("3=0", 1, 51).is_err());
        assert!(parse_weights("x=1", 1, 51).is_err());
    }
}
