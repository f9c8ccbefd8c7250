//! The documents' claims about shuffling and dealing, computed: each a
//! [`Claim`](crate::claims::table::Claim) with the document's words and its quantities
//! (exact where combinatorics, dynamic programming or a Markov chain give them; simulated
//! with n and a standard error otherwise), plus the tables behind them. The rows live in
//! [`super::claims_deal`] and [`super::claims_shuffle`], the power curves in
//! [`super::detect`]; [`lab_claims`] runs them all (independent parts side by side on
//! rayon's threads) for docs/claims.md; [`shuffle_claims_markdown`] is the same part on
//! its own (`gwrun lab claims`). Deterministic for a given [`ClaimsConfig`].

use std::fmt::Write as _;

use super::LabError;
use super::claims_deal::{
    clubs_claims, detect_claim, detect_details, numbering_claim, retry_claims, sound_claims,
};
use super::claims_shuffle::{
    exchange_claims, human_tallies, perfect_claims, riffle_claims, selection_claims,
    start_deck_claim,
};
use super::detect::{Detection, detection};
use super::draw::RngKind;
use super::engine::{RunSpec, Stop, run_deals};
use super::flawed::flawed_facts;
use super::procedures::{Dealer, Method};
use super::stats::DealTally;
use super::transposition::{cached_distances_52, exchange_distances};
use crate::claims::progress::Progress;
use crate::claims::rule::{self, Claimed, Measured, Part, Tolerances, Unit};
use crate::claims::table::{self, Claim};

/// Sizes of the simulated and exact parts of the claims.
#[derive(Debug, Clone, PartialEq)]
pub struct ClaimsConfig {
    /// Seed of every simulation.
    pub seed: u64,
    /// Deals per fair procedure in the "sound algorithms" check.
    pub fair_deals: u64,
    /// Packs per riffle count for the human model's rising-sequence distance.
    pub riffle_samples: u64,
    /// Deals per riffle count for the human model's deal statistics.
    pub riffle_deals: u64,
    /// Flawed samples per size for the power of the G-test (and, up to 400, of the lab's
    /// pooled tests).
    pub power_runs: u64,
    /// Fair samples per size that calibrate the G-test's Monte-Carlo p-value.
    pub null_samples: u64,
    /// Exchanges of 52 cards for which the exact distance is computed (up to 300 it comes
    /// from the cached table).
    pub exchanges: usize,
    /// Significance level of the tests.
    pub alpha: f64,
}

impl Default for ClaimsConfig {
    /// The sizes docs/claims.md is generated with.
    fn default() -> Self {
        ClaimsConfig {
            seed: 1,
            fair_deals: 50_000,
            riffle_samples: 10_000,
            riffle_deals: 40_000,
            power_runs: 2_000,
            null_samples: 9_999,
            exchanges: 300,
            alpha: 0.001,
        }
    }
}

impl ClaimsConfig {
    /// Simulation sizes multiplied by `x` (at least 1 each).
    pub fn scaled(mut self, x: f64) -> Self {
        let s = |n: u64| ((n as f64 * x).round() as u64).max(1);
        self.fair_deals = s(self.fair_deals);
        self.riffle_samples = s(self.riffle_samples);
        self.riffle_deals = s(self.riffle_deals);
        self.power_runs = s(self.power_runs);
        self.null_samples = s(self.null_samples);
        self
    }
    /// Another seed.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

/// The lab's part of docs/claims.md.
#[derive(Debug, Clone, PartialEq)]
pub struct LabClaims {
    /// Rows of the claims table.
    pub claims: Vec<Claim>,
    /// The tables behind them (Markdown, `###` headings).
    pub details: String,
    /// The project's own target (not a document's claim), as a quantity.
    pub target: Part,
}

/// Deals per chunk in the claims' runs: small, so even short runs use every core.
const CLAIMS_CHUNK: u64 = 1 << 12;

pub(super) fn run_tally<F>(deals: u64, seed: u64, make: F) -> Result<DealTally, LabError>
where
    F: Fn(u64) -> Result<Box<dyn Dealer>, LabError> + Sync,
{
    let spec = RunSpec {
        deals,
        seed,
        chunk: CLAIMS_CHUNK,
        progress: false,
        stop: Stop::never(),
        only: None,
    };
    run_deals(&spec, make)
}

pub(super) fn tally(method: &Method, deals: u64, seed: u64) -> Result<DealTally, LabError> {
    run_tally(deals, seed, |s| Ok(method.dealer(RngKind::Xoshiro, s)))
}

pub(super) fn pct(x: f64) -> String {
    format!("{:.2} %", 100.0 * x)
}

/// The sizes at which the power curves are computed: every fourth size to 64, and 55 to
/// 58 (where the lab's pooled pattern test jumps).
pub fn power_grid() -> Vec<u64> {
    let mut g: Vec<u64> = (4..=64).step_by(4).collect();
    g.extend([55, 57, 58]);
    g.sort_unstable();
    g
}

/// The rows and tables of the lab's part; `progress` hears of each stage.
pub fn lab_claims(cfg: &ClaimsConfig, progress: &Progress) -> Result<LabClaims, LabError> {
    progress.stage("the lab: exact laws, power curves, the exchange chain, riffles, deals");
    let facts = flawed_facts();
    let ((exact, det), (human, sound)) = rayon::join(
        || {
            rayon::join(
                || exchange_table(cfg.exchanges),
                || {
                    detection(
                        &power_grid(),
                        cfg.null_samples,
                        cfg.power_runs,
                        cfg.alpha,
                        cfg.seed,
                    )
                },
            )
        },
        || {
            rayon::join(
                || human_tallies(cfg),
                || -> Result<Vec<Claim>, LabError> {
                    let mut v = Vec::new();
                    sound_claims(cfg, &mut v)?;
                    Ok(v)
                },
            )
        },
    );
    let human = human?;
    let mut claims = sound?;
    let mut details = String::new();
    clubs_claims(&facts, &mut claims, &mut details);
    numbering_claim(&facts, &mut claims);
    detect_claim(&det, &mut claims);
    detect_details(&det, &mut details);
    retry_claims(&facts, &mut claims);
    selection_claims(&mut claims, &mut details);
    exchange_claims(&exact, &mut claims, &mut details);
    perfect_claims(&mut claims, &mut details);
    riffle_claims(cfg, &human, &mut claims, &mut details)?;
    start_deck_claim(cfg, &human, &mut claims, &mut details)?;
    Ok(LabClaims {
        claims,
        details,
        target: target(&det),
    })
}

/// The rows that need no simulation and no long computation (tests judge them with
/// changed tolerances): the clubs problem, 001's counts, the selection and perfect
/// shuffles.
pub fn exact_rows() -> Vec<Claim> {
    let facts = flawed_facts();
    let mut claims = Vec::new();
    let mut details = String::new();
    clubs_claims(&facts, &mut claims, &mut details);
    retry_claims(&facts, &mut claims);
    selection_claims(&mut claims, &mut details);
    perfect_claims(&mut claims, &mut details);
    claims
}

/// The exact exchange distances of 52 cards to `k` exchanges: the cached table when it
/// reaches that far (the test suite checks it against the chain), else the chain.
fn exchange_table(k: usize) -> super::transposition::ExchangeDistances {
    match cached_distances_52() {
        Some(mut t) if k < t.lazy.len() => {
            t.lazy.truncate(k + 1);
            t.distinct.truncate(k + 1);
            t
        }
        _ => exchange_distances(super::cards::CARDS, k),
    }
}

/// The lab's target, a quantity: reject the flawed deal with fewer than 200 deals at
/// p < 0.001, nine times in ten, with the lab's own last-two test.
fn target(d: &Detection) -> Part {
    let n90 = d
        .points
        .iter()
        .find(|p| p.lab_last_two >= 0.9)
        .map_or(f64::INFINITY, |p| p.deals as f64);
    Part::claim(
        format!(
            "deals the lab's own last-two test needs to reject the flawed deal at p < {} nine times in ten",
            d.alpha
        ),
        Claimed::Reading {
            lo: 1.0,
            hi: 199.0,
            reading: "the target: fewer than 200".into(),
        },
        Measured::exact(n90),
        Unit::Num(0),
    )
}

/// The project checks (not the documents' claims): the target judged by the rule.
pub fn project_checks(target: &Part, t: &Tolerances) -> String {
    format!(
        "## Project checks (not the documents' claims)\n\nThe lab's target: reject the \
         flawed deal with fewer than 200 deals at p < 0.001, nine times in ten. Quantity: {}; \
         the target allows {}; measured {}; by the rule: **{}**. The power curves are in \
         *How many deals catch the flawed deal* above.\n",
        target.quantity,
        target
            .claimed
            .as_ref()
            .map_or(String::new(), |c| c.describe(target.unit, t)),
        target
            .measured
            .as_ref()
            .map_or(String::new(), |m| m.describe(target.unit)),
        rule::judge_part(target, t).word()
    )
}

/// The lab's part on its own (`gwrun lab claims`): its rows, then its tables.
pub fn shuffle_claims_markdown(cfg: &ClaimsConfig) -> Result<String, LabError> {
    let lab = lab_claims(cfg, &Progress::silent())?;
    let t = Tolerances::default();
    let mut md = String::new();
    let _ = writeln!(md, "## Shuffling and dealing: the lab's verdicts\n");
    let _ = writeln!(md, "{}\n", config_text(cfg));
    let rows = table::sorted(lab.claims);
    let _ = writeln!(md, "{}\n", table::summary(&rows, &t));
    table::render(&mut md, &rows, &t);
    md.push_str(&lab.details);
    md.push_str(&project_checks(&lab.target, &t));
    Ok(md)
}

/// How the lab's numbers were made.
pub fn config_text(cfg: &ClaimsConfig) -> String {
    format!(
        "Seed {}, {} deals per fair procedure, {} packs and {} deals per riffle count, {} \
         flawed and {} fair samples per size in the power curves, the exchange chain to {} \
         exchanges; xoshiro256++. Exact values come from combinatorics, dynamic programming \
         over the hands' card counts, or Markov chains; simulated values state n and a \
         standard error. Cards are numbered as in 000 (ace of spades first, deuce of clubs \
         last) unless 001's numbering is named. Significance level {}.",
        cfg.seed,
        cfg.fair_deals,
        cfg.riffle_samples,
        cfg.riffle_deals,
        cfg.power_runs,
        cfg.null_samples,
        cfg.exchanges,
        cfg.alpha
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (That the full part is deterministic is tests/claims.rs's: the committed file is
    /// regenerated byte for byte.)
    #[test]
    fn a_small_lab_part_has_every_section() {
        let cfg = ClaimsConfig {
            fair_deals: 2000,
            riffle_samples: 500,
            riffle_deals: 500,
            power_runs: 40,
            null_samples: 999,
            exchanges: 30,
            ..ClaimsConfig::default()
        };
        let a = shuffle_claims_markdown(&cfg).unwrap();
        assert!(a.contains("15.439 (exact)"));
        for heading in [
            "### The flawed deal, exactly",
            "### How many deals catch the flawed deal",
            "### Exchange shuffles",
            "### Riffles from a random-looking deck",
            "## Project checks",
        ] {
            assert!(a.contains(heading), "{heading}");
        }
    }

    #[test]
    fn relabelling_renames_every_card() {
        use super::super::cards::CARDS;
        use super::super::claims_shuffle::Relabel;
        let inner = Method::Ted.dealer(RngKind::Xoshiro, 1);
        let mut perm: [u8; CARDS] = std::array::from_fn(|i| i as u8);
        perm.reverse();
        let mut r = Relabel { inner, perm };
        let mut plain = Method::Ted.dealer(RngKind::Xoshiro, 1);
        let (a, b) = (r.deal().unwrap(), plain.deal().unwrap());
        for (x, y) in a.iter().zip(b) {
            assert_eq!(*x, y.reverse_bits() >> (64 - CARDS));
        }
    }
}
