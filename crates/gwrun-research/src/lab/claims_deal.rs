//! The dealing rows of the claims table: the flawed deal's clubs problem (000), the
//! retry deal in 001's numbering and its counts, how many deals a tester needs to catch
//! it, and the sound procedures; with the tables behind them. Each row is a set of
//! quantities ([`Part`]) judged by `claims::rule`.

use std::fmt::Write as _;

use super::LabError;
use super::cards::{CARDS, HAND, SUITS, card_name};
use super::claims::{ClaimsConfig, pct, tally};
use super::detect::{Detection, lab_last_two_level, new_cell, void_chances};
use super::flawed::{
    FlawedFacts, pattern_law, pattern_law_in_order, rank_major_suits, suit_length_law,
};
use super::patterns::{PAIR_SAME_HAND, pattern_table, suit_length_probs};
use super::procedures::Method;
use super::report::{fmt_p, overall_rejected};
use super::stats::verdicts;
use crate::claims::rule::{Claimed, Measured, Part, Unit};
use crate::claims::table::{Claim, Doc};

/// Total-variation distance between two laws.
fn tv(a: &[f64], b: &[f64]) -> f64 {
    0.5 * a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>()
}

/// The chance of the patterns `keep` selects under a law over the pattern table.
fn chance(law: &[f64], keep: impl Fn(&super::patterns::Pattern) -> bool) -> f64 {
    pattern_table()
        .patterns
        .iter()
        .zip(law)
        .filter(|(p, _)| keep(p))
        .map(|(_, q)| q)
        .sum()
}

fn fair_law() -> Vec<f64> {
    pattern_table()
        .patterns
        .iter()
        .map(|p| p.probability())
        .collect()
}

pub(super) fn clubs_claims(f: &FlawedFacts, out: &mut Vec<Claim>, details: &mut String) {
    let last_two = format!("{} and {}", card_name(CARDS - 2), card_name(CARDS - 1));
    out.push(
        Claim::new(
            Doc::Ted,
            86,
            "the flawed deal: \"the odds are against the first 48 cards being distributed 12 - 12 - 12 - 12\"",
        )
        .part(Part::claim(
            "P(12-12-12-12 after 48 cards)",
            Claimed::Reading {
                lo: 0.0,
                hi: 0.5,
                reading: "the odds are against: under one half".into(),
            },
            Measured::exact(f.even_after_48),
            Unit::Pct(2),
        ))
        .source("`flawed_facts` (dynamic programming over the hands' counts)")
        .how("The flawed deal is a Markov chain on the four card counts; its law after 48 cards gives the chance of 12 each."),
    );
    out.push(
        Claim::new(
            Doc::Ted,
            88,
            "\"in the majority of cases, the last two (or more) cards are dealt to the same hand\"",
        )
        .part(Part::claim(
            format!("P(the last two cards, {last_two}, in one hand)"),
            Claimed::Majority,
            Measured::exact(f.last_two_same),
            Unit::Pct(2),
        ))
        .note(format!("A fair deal gives 12/51 = {}.", pct(PAIR_SAME_HAND)))
        .source("`flawed_facts`")
        .how("From the chain's law before the 51st card: the chance the last two go to one open hand."),
    );
    let clubs = suit_length_law(3);
    let fair = suit_length_probs();
    let long = |law: &[f64]| law[6..].iter().sum::<f64>();
    let together = f.last_two_same / PAIR_SAME_HAND;
    out.push(
        Claim::new(
            Doc::Ted,
            90,
            "\"it results in the lowest-ranking clubs going to the same hand an inordinate number of times\" (the 'clubs problem', 000's numbering)",
        )
        .part(Part::claim(
            format!("{last_two} in one hand, flawed over fair"),
            Claimed::Far,
            Measured::exact(together),
            Unit::Times(2),
        ))
        .note(format!(
            "A hand is void in clubs {} of the time (fair {}) and holds 6+ clubs {} (fair {}).",
            pct(clubs[0]),
            pct(fair[0]),
            pct(long(&clubs)),
            pct(long(&fair))
        ))
        .source("`flawed_facts`, `suit_length_law` (dynamic programming)")
        .how("The flawed chance over 12/51."),
    );
    let law = pattern_law();
    let fair_law = fair_law();
    let voids = |l: &[f64]| chance(l, |p| p.voids() > 0);
    let seven = |l: &[f64]| chance(l, |p| p.longest() >= 7);
    let at = |name: &str| {
        pattern_table()
            .patterns
            .iter()
            .position(|p| p.name() == name)
            .unwrap_or(0)
    };
    out.push(
        Claim::new(
            Doc::Ted,
            92,
            "\"a great increase in frequency of the more distributional hands\"",
        )
        .part(Part::claim(
            "hands with a void, flawed over fair",
            Claimed::Far,
            Measured::exact(voids(&law) / voids(&fair_law)),
            Unit::Times(2),
        ))
        .part(Part::claim(
            "hands with a suit of 7 or more, flawed over fair",
            Claimed::Far,
            Measured::exact(seven(&law) / seven(&fair_law)),
            Unit::Times(2),
        ))
        .note(format!(
            "Pattern law of a hand under the flawed deal: 4-3-3-3 {} (fair {}), 4-4-3-2 {} \
             (fair {}), a void {} (fair {}), a 7+ suit {} (fair {}).",
            pct(law[at("4-3-3-3")]),
            pct(fair_law[at("4-3-3-3")]),
            pct(law[at("4-4-3-2")]),
            pct(fair_law[at("4-4-3-2")]),
            pct(voids(&law)),
            pct(voids(&fair_law)),
            pct(seven(&law)),
            pct(seven(&fair_law))
        ))
        .source("`pattern_law` (dynamic programming with the hand's suit lengths)")
        .how("The exact pattern law of one hand under the flawed deal, summed over the patterns with a void and with a suit of 7+, over the fair sums."),
    );
    out.push(
        Claim::new(
            Doc::Ted,
            94,
            "\"A different ordering of the original deck would not help, either; for the same last few cards dealt still would be paired up far too frequently\"",
        )
        .part(Part::claim(
            "the last two cards dealt in one hand, any order of the pack, flawed over fair",
            Claimed::Far,
            Measured::exact(together),
            Unit::Times(2),
        ))
        .note("The seats the flawed deal picks do not depend on the cards, so in any order the last two cards dealt share a hand with the same chance; which hands that distorts depends on the order (001's numbering, below).")
        .source("`flawed_facts`")
        .how("The chain runs on the seats alone; the cards only label its steps."),
    );
    flawed_details(&law, details);
}

pub(super) fn numbering_claim(f: &FlawedFacts, out: &mut Vec<Claim>) {
    let fair = fair_law();
    let suit_major = pattern_law();
    let rank_major = pattern_law_in_order(&rank_major_suits());
    let (d_suit, d_rank) = (tv(&suit_major, &fair), tv(&rank_major, &fair));
    out.push(
        Claim::new(
            Doc::Dealer,
            30,
            "the retry deal of the ordered pack, numbered 0-51 with rank c div 4: \"You're computer is not invested in you winning, so it can truly distribute the cards at random\"",
        )
        .part(Part::claim(
            "P(the last two cards dealt, 50 and 51, in one hand)",
            Claimed::Exact(PAIR_SAME_HAND),
            Measured::exact(f.last_two_same),
            Unit::Pct(2),
        ))
        .part(Part::claim(
            "distance of a hand's pattern law from the fair one, 001's numbering",
            Claimed::Exact(0.0),
            Measured::exact(d_rank),
            Unit::Num(4),
        ))
        .note(format!(
            "In 000's numbering the pattern distance is {d_suit:.4} ({:.1} times more); in \
             001's the distortion goes the other way: 4-3-3-3 {} (fair {}), a void {} (fair \
             {}).",
            d_suit / d_rank,
            pct(chance(&rank_major, |p| p.name() == "4-3-3-3")),
            pct(chance(&fair, |p| p.name() == "4-3-3-3")),
            pct(chance(&rank_major, |p| p.voids() > 0)),
            pct(chance(&fair, |p| p.voids() > 0))
        ))
        .source("`flawed_facts`, `pattern_law_in_order` (rank-major suits)")
        .how("Truly at random is read as the fair deal's values: 12/51 for two given cards in one hand, the fair pattern law. The flawed deal's laws are exact (dynamic programming)."),
    );
}

pub(super) fn retry_claims(f: &FlawedFacts, out: &mut Vec<Claim>) {
    let mid = Claimed::Reading {
        lo: 43.0,
        hi: 47.0,
        reading: "around the mid-forties: 43 to 47".into(),
    };
    out.push(
        Claim::new(
            Doc::Dealer,
            40,
            "\"the first hand doesn't fill up, on average, until around the mid-fourties\"",
        )
        .part(Part::claim(
            "mean card that completes the first hand to fill (\"the first hand\" read as the first full one)",
            mid.clone(),
            Measured::exact(f.first_fill_mean()),
            Unit::Num(2),
        ))
        .part(Part::claim(
            "mean card that completes a given player's hand (read as hand #1)",
            mid,
            Measured::exact(f.given_hand_fill_mean()),
            Unit::Num(2),
        ))
        .note(format!("The first full hand's median card is {}.", f.first_fill_median()))
        .source("`flawed_facts`")
        .how("The chain's law card by card gives the chance a hand is full after each card."),
    );
    out.push(
        Claim::new(
            Doc::Dealer,
            50,
            "\"The average number of attempts to deal to an already-full hand is a bit less than 20 per deal\"",
        )
        .part(Part::claim(
            "failed attempts per deal",
            Claimed::ABitLess { value: 20.0 },
            Measured::exact(f.expected_failures),
            Unit::Num(3),
        ))
        .note(format!("Standard deviation {:.2}.", f.failures_sd))
        .source("`flawed_facts`")
        .how("With f hands full a card fails f/(4 − f) times on average; summed over the chain's law."),
    );
}

pub(super) fn detect_claim(d: &Detection, out: &mut Vec<Claim>) {
    let reading = || Claimed::Reading {
        lo: 1.0,
        hi: 100.0,
        reading: "hideously flawed: caught within a hundred test deals".into(),
    };
    let exact = |n: Option<u64>| Measured::exact(n.map_or(f64::INFINITY, |n| n as f64));
    let g = match d.n90_g {
        Some((n, lo, hi)) => Measured::within(
            n as f64,
            lo as f64,
            hi as f64,
            format!(
                "Monte-Carlo: the sizes whose power is within ±3 s.e. of 0.9, {} samples",
                d.runs
            ),
        ),
        None => Measured::exact(f64::INFINITY),
    };
    out.push(
        Claim::new(
            Doc::Ted,
            82,
            "\"no one — including, apparently, the programmer — had bothered to test or analyze the routine, for it was hideously flawed\"",
        )
        .part(Part::claim(
            format!(
                "deals for a 90 % chance to reject it at p < {}: exact binomial test on the last two cards in one hand",
                d.alpha
            ),
            reading(),
            exact(d.n90_last_two),
            Unit::Num(0),
        ))
        .part(Part::claim(
            "the same, seat 0's hand patterns, G-test with a Monte-Carlo p-value",
            reading(),
            g,
            Unit::Num(0),
        ))
        .note(format!(
            "Counting void hands (exact binomial) needs {}. The lab's pooled chi-square \
             tests need more: the last-two one cannot run under 22 deals (an expected count \
             of 5 in its smaller cell), and the pattern one pools its rare cells (power \
             curves below).",
            d.n90_voids.map_or("more than 4,096".into(), |n| format!("{n} deals"))
        ))
        .source("`lab::detect::detection` (exact binomial power; G-test calibrated by simulation)")
        .how("Exact: the least n whose one-sided binomial test at level α has power ≥ 0.9 under the flawed deal's exact chance. G-test: seat 0's 39 pattern counts against the fair law, the null law of G from fair samples, the power from flawed samples (both exact multinomials), on a grid of n."),
    );
}

pub(super) fn detect_details(d: &Detection, details: &mut String) {
    let (fv, qv) = void_chances();
    let _ = writeln!(details, "### How many deals catch the flawed deal\n");
    let _ = writeln!(
        details,
        "Power (the chance of rejecting at p < {a}) against the number of deals. Exact \
         one-sided binomial tests: the last two cards in one hand (fair 12/51 = {}, flawed \
         {}) and void hands in seat 0 (fair {}, flawed {}), rejecting the smallest upper \
         tail of null probability at most {a}; their power is exact. Seat 0's hand patterns: \
         the G-test, its null law from {} fair samples per size (a Monte-Carlo p-value, a \
         test of level {a} exactly), its power from {} flawed samples (± one standard \
         error). The lab's own tests for comparison: its chi-square on the last two cards \
         (exact power over its rejection region) and its pooled chi-square on patterns (4 \
         seats, Bonferroni; {} simulated experiments), with the cells left in one seat after \
         pooling.\n",
        pct(PAIR_SAME_HAND),
        pct(flawed_facts_last_two()),
        pct(fv),
        pct(qv),
        d.null_samples,
        d.runs,
        d.runs.min(400),
        a = d.alpha
    );
    let _ = writeln!(
        details,
        "| deals | last two, exact | voids, exact | patterns, G | lab: last two | lab: patterns | its cells |\n|---:|---:|---:|---:|---:|---:|---:|"
    );
    for p in &d.points {
        let _ = writeln!(
            details,
            "| {} | {:.3} | {:.3} | {:.3} ± {:.3} | {:.3} | {:.3} ± {:.3} | {} |",
            p.deals,
            p.last_two,
            p.voids,
            p.g.0,
            p.g.1,
            p.lab_last_two,
            p.lab_patterns.0,
            p.lab_patterns.1,
            p.lab_cells
        );
    }
    let jump = d
        .points
        .windows(2)
        .filter(|w| w[1].deals == w[0].deals + 1)
        .max_by(|a, b| {
            (a[1].lab_patterns.0 - a[0].lab_patterns.0)
                .total_cmp(&(b[1].lab_patterns.0 - b[0].lab_patterns.0))
        });
    let jump_text = match jump {
        Some(w) => {
            let cell = match new_cell(w[0].deals) {
                Some((fair, bad, names)) => format!(
                    " The new cell holds the rarest patterns ({}: a hand falls in it {} of \
                     the time in a fair deal, {} in the flawed one). It expects {:.3} hands \
                     in {} deals, under 5, so the pooling merges it into the cell before, \
                     whose excess it dilutes; {:.3} in {}, so it stands alone.",
                    names.join(", "),
                    pct(fair),
                    pct(bad),
                    fair * w[0].deals as f64,
                    w[0].deals,
                    fair * w[1].deals as f64,
                    w[1].deals
                ),
                None => String::new(),
            };
            format!(
                " Between {} and {} deals the lab's pattern test jumps from {:.3} to {:.3} \
                 while the G-test moves from {:.3} to {:.3}: the pooled cells of a seat go \
                 from {} to {}.{cell} The pooling (patterns sorted by fair chance, the \
                 rarest merged until each cell expects 5) changes the test at that size; the \
                 evidence grows smoothly: a pooling artefact.",
                w[0].deals,
                w[1].deals,
                w[0].lab_patterns.0,
                w[1].lab_patterns.0,
                w[0].g.0,
                w[1].g.0,
                w[0].lab_cells,
                w[1].lab_cells
            )
        }
        None => String::new(),
    };
    let level = format!(
        " The lab's last-two chi-square is not exact in level either: it rejects a fair \
         deal with chance {:.5} at 22 deals and {:.5} at 24 (the exact test: at most {} by \
         construction).",
        lab_last_two_level(22, d.alpha),
        lab_last_two_level(24, d.alpha),
        d.alpha
    );
    let _ = writeln!(
        details,
        "\nFirst size with power ≥ 0.9: last two cards {}, voids {}, patterns (G) {}. The \
         exact tests' power is not monotone in the deals (a discrete test's size moves \
         below α from one n to the next).{}{}\n",
        d.n90_last_two.map_or("—".into(), |n| n.to_string()),
        d.n90_voids.map_or("—".into(), |n| n.to_string()),
        d.n90_g.map_or("—".into(), |x| x.0.to_string()),
        jump_text,
        level
    );
}

fn flawed_facts_last_two() -> f64 {
    super::flawed::flawed_facts().last_two_same
}

pub(super) fn sound_claims(cfg: &ClaimsConfig, out: &mut Vec<Claim>) -> Result<(), LabError> {
    let run = |m: &Method| -> Result<(f64, bool, super::stats::DealTally), LabError> {
        let t = tally(m, cfg.fair_deals, cfg.seed)?;
        let vs = verdicts(&t);
        let min_p = vs.iter().map(|v| v.p).fold(1.0, f64::min);
        Ok((min_p, overall_rejected(&vs, cfg.alpha), t))
    };
    let methods = [
        Method::Ted,
        Method::SortRandoms,
        Method::Collection,
        Method::Selection,
        Method::EfficientSelection,
        Method::Flawed,
    ];
    let results = methods.iter().map(run).collect::<Result<Vec<_>, _>>()?;
    let same = results[0].2 == results[2].2 && results[2].2 == results[4].2;
    let rejected = |i: usize| Measured::exact(if results[i].1 { 1.0 } else { 0.0 });
    let part = |i: usize| {
        Part::claim(
            format!(
                "{}: the lab's seven statistics rejected together at α = {}",
                methods[i].name(),
                cfg.alpha
            ),
            Claimed::Exact(0.0),
            rejected(i),
            Unit::Num(0),
        )
    };
    let ps = |idx: &[usize]| {
        idx.iter()
            .map(|&i| format!("{} smallest p {}", methods[i].name(), fmt_p(results[i].0)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    out.push(
        Claim::new(
            Doc::Ted,
            98,
            "Sort Randoms and the Collection Shuffle are \"obviously sound\"; Ted's deal is \"mathematically valid\"",
        )
        .part(part(1))
        .part(part(2))
        .part(part(0))
        .note(format!(
            "{}{}; for contrast the flawed deal: smallest p {}.",
            ps(&[0, 1, 2]),
            if same {
                " (Ted's deal and the Collection Shuffle make the same draws, hence the same deals)"
            } else {
                ""
            },
            fmt_p(results[5].0)
        ))
        .source(format!("`lab deal` procedures, {} deals each", cfg.fair_deals))
        .how("Each procedure deals the deals from the same seed; the seven statistics' tests (stats::verdicts) combined as `gwrun lab deal` does (any p used below α/7 rejects)."),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            95,
            "\"The random selection approach is most successful at producing all possible card orderings with equal probability\"",
        )
        .part(part(3))
        .part(part(4))
        .note(format!(
            "{}{}; the exchange and perfect shuffles are not uniform (rows above and below).",
            ps(&[3, 4]),
            if same {
                " (EfficientSelectionShuffle makes the same draws as 000's Collection Shuffle)"
            } else {
                ""
            }
        ))
        .source(format!("`lab deal` procedures, {} deals each", cfg.fair_deals))
        .how("As the row of 000's sound procedures."),
    );
    Ok(())
}

fn flawed_details(law: &[f64], details: &mut String) {
    let table = pattern_table();
    let rank = pattern_law_in_order(&rank_major_suits());
    let _ = writeln!(details, "### The flawed deal, exactly\n");
    let _ = writeln!(
        details,
        "Pattern law of one hand (dynamic programming over the four counts and the hand's \
         suit lengths), the 15 most frequent fair patterns; in 000's numbering (suit by suit, \
         clubs last) and in 001's (card c has rank c div 4, suit c mod 4: the suits take \
         turns):\n"
    );
    let _ = writeln!(
        details,
        "| pattern | fair deal | flawed, 000's numbering | ratio | flawed, 001's numbering | ratio |"
    );
    let _ = writeln!(details, "|---|---:|---:|---:|---:|---:|");
    for ((p, q), r) in table.patterns.iter().zip(law).zip(&rank).take(15) {
        let _ = writeln!(
            details,
            "| {} | {:.4} % | {:.4} % | {:.2} | {:.4} % | {:.2} |",
            p.name(),
            100.0 * p.probability(),
            100.0 * q,
            q / p.probability(),
            100.0 * r,
            r / p.probability()
        );
    }
    let _ = writeln!(
        details,
        "\nLength of a given suit in a given hand, 000's numbering (exact):\n"
    );
    let _ = writeln!(
        details,
        "| length | fair | flawed: spades | hearts | diamonds | clubs |"
    );
    let _ = writeln!(details, "|---|---:|---:|---:|---:|---:|");
    let fair = suit_length_probs();
    let laws: Vec<[f64; HAND + 1]> = (0..SUITS).map(suit_length_law).collect();
    for k in 0..=9 {
        let cells: Vec<String> = laws
            .iter()
            .map(|l| format!("{:.3} %", 100.0 * l[k]))
            .collect();
        let _ = writeln!(
            details,
            "| {k} | {:.3} % | {} |",
            100.0 * fair[k],
            cells.join(" | ")
        );
    }
    details.push('\n');
}
