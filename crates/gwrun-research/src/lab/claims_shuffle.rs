//! The shuffling rows of the claims table: the chapter's selection, exchange and perfect
//! shuffles, 000's human riffles and its random-looking starting deck; with the tables
//! behind them. Each row is a set of quantities ([`Part`]) judged by `claims::rule`.

use std::fmt::Write as _;

use super::LabError;
use super::cards::{CARDS, Hands, SEATS};
use super::claims::{ClaimsConfig, run_tally};
use super::draw::{Draw, RngKind, XoshiroDraw};
use super::engine::{Stop, thousands};
use super::exact_tables::ways_text;
use super::exchange::{
    CharacterTable, exchange_tv_lower, exchange_tv_small, exchange_ways, harmonic, order_of_two,
    perfect_period, selection_expected_draws, single_card_tv,
};
use super::procedures::{Dealer, Method};
use super::report::fmt_p;
use super::riffle::{
    HumanModel, Riffle, eulerian_probs, gsr_tv, simulate_rising, simulated_tv, tv_noise_floor,
};
use super::stats::{DealTally, Statistic, verdict};
use super::transposition::ExchangeDistances;
use crate::claims::rule::{Claimed, Measured, Part, SIGMAS, Unit};
use crate::claims::table::{Claim, Doc};

pub(super) fn selection_claims(out: &mut Vec<Claim>, details: &mut String) {
    out.push(
        Claim::new(
            Doc::Chapter,
            80,
            "SelectionShuffle: \"Finishing up the shuffle of a deck of 52 cards, though, will require quite a few calls to RandomDeckPos\" (10.30: count them)",
        )
        .part(Part::claim(
            "calls of RandomDeckPos per card (one is the least a shuffle needs)",
            Claimed::Far,
            Measured::exact(harmonic(52)),
            Unit::Num(2),
        ))
        .part(Part::answer(
            "calls per shuffle, 52 cards (10.30)",
            Measured::exact(selection_expected_draws(52)),
            Unit::Num(2),
        ))
        .note(format!(
            "n·H_n calls: {:.2} for the listing's DECKSIZE 10; the last card alone takes 52 \
             on average.",
            selection_expected_draws(10)
        ))
        .source("`selection_expected_draws` (coupon collector, exact)")
        .how("With m cards chosen a call finds a new one with chance (n − m)/n: n/(n − m) calls on average, summed."),
    );
    let _ = writeln!(
        details,
        "### Retry selection and SelectionShuffle (coupon collector)\n"
    );
    let _ = writeln!(details, "| n | expected draws n·H_n | ratio to n |");
    let _ = writeln!(details, "|---:|---:|---:|");
    for n in [3usize, 8, 10, 11, 13, 52, 104, 10_000] {
        let _ = writeln!(
            details,
            "| {n} | {:.2} | {:.4} |",
            selection_expected_draws(n),
            harmonic(n)
        );
    }
    let crossing = |target: f64| (1..).find(|&n| harmonic(n) >= target).unwrap_or(0);
    let _ = writeln!(
        details,
        "\nThe ratio H_n first reaches e at n = {}, 3 at n = {}, pi at n = {}: no constant.\n",
        crossing(std::f64::consts::E),
        crossing(3.0),
        crossing(std::f64::consts::PI)
    );
}

/// Exchanges k (1..=20) after which some other arrangement of 3 cards is at least as
/// likely as the original.
fn original_not_ahead() -> usize {
    (1..=20)
        .filter(|&k| {
            let w = exchange_ways(3, k);
            w[1..].iter().any(|x| x.1 >= w[0].1)
        })
        .count()
}

pub(super) fn exchange_claims(
    exact: &ExchangeDistances,
    out: &mut Vec<Claim>,
    details: &mut String,
) {
    let one: Vec<u128> = exchange_ways(3, 1).iter().map(|x| x.1).collect();
    let two: Vec<u128> = exchange_ways(3, 2).iter().map(|x| x.1).collect();
    let printed = [[3u128, 2, 2, 0, 0, 2], [21, 12, 12, 12, 12, 12]];
    let differ = one
        .iter()
        .zip(printed[0])
        .chain(two.iter().zip(printed[1]))
        .filter(|(a, b)| **a != *b)
        .count();
    out.push(
        Claim::new(
            Doc::Chapter,
            60,
            "Table 10.2: 1 exchange ABC 3, ACB 2, BAC 2, BCA 0, CAB 0, CBA 2 ways; 2 exchanges ABC 21, the others 12 (of 81: \"Which pairs of exchanges return a 'shuffled' deck identical to the original?\")",
        )
        .part(Part::claim(
            "entries of the table that enumeration does not reproduce",
            Claimed::Exact(0.0),
            Measured::exact(differ as f64),
            Unit::Num(0),
        ))
        .note(format!(
            "Enumerating the 9 and 81 exchange sequences: 1: {}; 2: {}; 3 exchanges (729): {}.",
            ways_text(3, 1),
            ways_text(3, 2),
            ways_text(3, 3)
        ))
        .source("`exchange_ways` (all 9^k sequences)")
        .how("Every sequence of k ordered position pairs applied to ABC, the results counted."),
    );
    let four = exchange_ways(4, 2);
    let id = four.first().map_or(0, |x| x.1);
    let most_other = four.iter().skip(1).map(|x| x.1).max().unwrap_or(0);
    let zero = four.iter().filter(|x| x.1 == 0).count();
    out.push(
        Claim::new(
            Doc::Chapter,
            65,
            "the exercise: a deck of four cards after two exchanges",
        )
        .part(Part::answer(
            "sequences of the 256 that give ABCD back",
            Measured::exact(id as f64),
            Unit::Num(0),
        ))
        .part(Part::answer(
            "arrangements of the 24 that cannot arise",
            Measured::exact(zero as f64),
            Unit::Num(0),
        ))
        .note(format!(
            "No other arrangement arises more than {most_other} times."
        ))
        .source("`exchange_ways` (all 16² sequences)")
        .how("Every sequence of two exchanges applied to ABCD, the results counted."),
    );
    let tv3 = exchange_tv_small(3, 10);
    let last = exact.lazy.len() - 1;
    let at = |k: usize| exact.lazy[k.min(last)];
    let k_text = |k: Option<usize>| k.map_or(format!("more than {last}"), |k| k.to_string());
    out.push(
        Claim::new(
            Doc::Chapter,
            70,
            "\"one arrangement (the original) consistently pops up more often than the others. We thus reject shuffling by exchanges\"",
        )
        .part(Part::claim(
            "numbers of exchanges of 3 cards, 1 to 20, after which another arrangement is as likely as the original",
            Claimed::Exact(0.0),
            Measured::exact(original_not_ahead() as f64),
            Unit::Num(0),
        ))
        .part(Part::claim(
            format!("distance from uniform after {last} exchanges of 52 cards"),
            Claimed::Reading {
                lo: 0.25,
                hi: 1.0,
                reading: "a shuffle to reject: far from uniform (distance 0.25 or more) after any number of exchanges".into(),
            },
            Measured::exact(at(last)),
            Unit::Num(6),
        ))
        .note(format!(
            "3 cards, distance after 1, 2, 3, 5, 10 exchanges: {:.3}, {:.3}, {:.3}, {:.4}, \
             {:.6}. 52 cards, exact distance after 52, 104, 156 exchanges: {:.3}, {:.3}, \
             {:.3}; below 0.25 from {} exchanges, below 0.01 from {}.",
            tv3[1],
            tv3[2],
            tv3[3],
            tv3[5],
            tv3[10],
            at(52),
            at(104),
            at(156),
            k_text(exact.first_below(0.25)),
            k_text(exact.first_below(0.01))
        ))
        .source(format!(
            "`exchange_ways`; `transposition::exchange_distances` (a Markov chain on the {} cycle types of S_52)",
            thousands(exact.types as u64)
        ))
        .how("3 cards: all 9^k sequences. 52 cards: the law after k exchanges is constant on cycle types, so it is stepped exactly as a Markov chain on the partitions of 52 (an exchange merges two cycles or splits one)."),
    );
    let min_distinct = exact.distinct.iter().skip(1).copied().fold(1.0, f64::min);
    out.push(
        Claim::new(
            Doc::Chapter,
            75,
            "the exercise: would forbidding the exchange of a card with itself help?",
        )
        .part(Part::answer(
            "the least distance from uniform after k ≥ 1 exchanges of two different cards, 52 cards",
            Measured::exact(min_distinct),
            Unit::Num(4),
        ))
        .note(format!(
            "No: every exchange is then a transposition, so after k exchanges the arrangement \
             is even or odd as k is, and half the arrangements are out of reach; exact \
             distance after 100 and {last} such exchanges {:.4}, {:.4}; with self-exchanges \
             allowed {:.4}, {:.6}.",
            exact.distinct[100.min(last)],
            exact.distinct[last],
            exact.lazy[100.min(last)],
            exact.lazy[last]
        ))
        .source("`transposition::exchange_distances` (the walk without i = j)")
        .how("The same chain without the exchanges of a position with itself."),
    );
    exchange_details(exact, details);
}

pub(super) fn perfect_claims(out: &mut Vec<Claim>, details: &mut String) {
    let sizes = [4usize, 6, 8, 10, 52];
    out.push(
        Claim::new(
            Doc::Chapter,
            42,
            "PerfectShuffle brings 4 cards back after 2 shuffles and 8 cards after 3; 10.12: \"How many shuffles are needed for PerfectShuffle to return a 52-card deck to its original arrangement?\"",
        )
        .part(Part::claim(
            "shuffles until 4 cards return",
            Claimed::Exact(2.0),
            Measured::exact(perfect_period(4) as f64),
            Unit::Num(0),
        ))
        .part(Part::claim(
            "shuffles until 8 cards return",
            Claimed::Exact(3.0),
            Measured::exact(perfect_period(8) as f64),
            Unit::Num(0),
        ))
        .part(Part::answer(
            "shuffles until 52 cards return (10.12)",
            Measured::exact(perfect_period(52) as f64),
            Unit::Num(0),
        ))
        .note("The top card stays and the card at position p goes to 2p mod n − 1: the period is the order of 2 modulo n − 1.")
        .source("`perfect_period` (the chapter's PerfectShuffle run until the deck returns)")
        .how("The port shuffles the ordered deck until it is ordered again; checked against the order of 2 modulo n − 1."),
    );
    let _ = writeln!(details, "### Perfect-shuffle periods\n");
    let _ = writeln!(
        details,
        "| cards | period (running the code) | order of 2 mod n-1 |"
    );
    let _ = writeln!(details, "|---:|---:|---:|");
    for n in sizes {
        let _ = writeln!(
            details,
            "| {n} | {} | {} |",
            perfect_period(n),
            order_of_two(n - 1)
        );
    }
    details.push('\n');
}

/// A chi-square's excess over its degrees of freedom per degree, with its standard error
/// (a noncentral chi-square with df + λ mean has variance 2(df + 2λ)).
fn excess(stat: f64, df: usize) -> (f64, f64) {
    let df = df.max(1) as f64;
    let lambda = (stat - df).max(0.0);
    (stat / df - 1.0, (2.0 * (df + 2.0 * lambda)).sqrt() / df)
}

/// x / y over the intervals x ± dx and y ± dy (y > 0 throughout).
fn quotient(x: (f64, f64), y: (f64, f64)) -> (f64, f64) {
    let (xl, xh) = (x.0 - SIGMAS * x.1, x.0 + SIGMAS * x.1);
    let (yl, yh) = (y.0 - SIGMAS * y.1, y.0 + SIGMAS * y.1);
    let lo = if xl >= 0.0 { xl / yh } else { xl / yl };
    let hi = if xh >= 0.0 { xh / yl } else { xh / yh };
    (lo, hi)
}

/// The placement test's excess (chi2/df − 1 and its s.e.) of a tally.
fn placement_excess(t: &DealTally) -> (f64, f64) {
    verdict(t, Statistic::Placement)
        .test
        .map_or((f64::NAN, f64::NAN), |c| excess(c.stat, c.df))
}

/// The human riffle tallies from the ordered pack, for 3, 6 and 10 riffles.
pub(super) fn human_tallies(cfg: &ClaimsConfig) -> Result<Vec<(u32, DealTally)>, LabError> {
    let model = HumanModel::default();
    [3u32, 6, 10]
        .iter()
        .map(|&k| {
            let m = Method::Human {
                riffles: k,
                model: model.clone(),
            };
            Ok((
                k,
                run_tally(cfg.riffle_deals, cfg.seed, |s| {
                    Ok(m.dealer(RngKind::Xoshiro, s))
                })?,
            ))
        })
        .collect()
}

pub(super) fn riffle_claims(
    cfg: &ClaimsConfig,
    ordered: &[(u32, DealTally)],
    out: &mut Vec<Claim>,
    details: &mut String,
) -> Result<(), LabError> {
    let model = HumanModel::default();
    let uniform = eulerian_probs(CARDS);
    let mut tvs = Vec::new();
    for k in [3u32, 6, 10] {
        let h = simulate_rising(
            &Riffle::Human(model.clone()),
            k,
            cfg.riffle_samples,
            cfg.seed ^ u64::from(k),
            RngKind::Xoshiro,
            &Stop::never(),
        )?;
        tvs.push(simulated_tv(&h, &uniform));
    }
    let e: Vec<(f64, f64)> = ordered.iter().map(|(_, t)| placement_excess(t)).collect();
    let (r_lo, r_hi) = quotient(e[1], e[0]);
    let d_val = e[1].0 - e[2].0;
    let d_se = (e[1].1.powi(2) + e[2].1.powi(2)).sqrt();
    let floor = tv_noise_floor(&uniform, cfg.riffle_samples);
    let ten = &tvs[2];
    out.push(
        Claim::new(
            Doc::Ted,
            78,
            "\"Six shuffles yielded much better statistics than three, and ten shuffles were even better yet\"; \"Results of testing proved reasonable, albeit unacceptable by computer standards\"",
        )
        .part(Part::claim(
            "placement test's excess (χ²/df − 1) after 6 human riffles over that after 3",
            Claimed::FarLess,
            Measured::within(
                e[1].0 / e[0].0,
                r_lo,
                r_hi,
                format!("±{SIGMAS:.0} s.e. on each excess, {} deals", cfg.riffle_deals),
            ),
            Unit::Num(3),
        ))
        .part(Part::claim(
            "the excess after 6 riffles minus after 10",
            Claimed::Positive,
            Measured::sampled(d_val, d_se, cfg.riffle_deals, "deals each"),
            Unit::Num(3),
        ))
        .part(Part::claim(
            "distance from uniform after 10 human riffles (rising sequences, a lower bound) above a perfect shuffle's noise floor",
            Claimed::Positive,
            Measured::sampled(ten.tv - floor, ten.se, cfg.riffle_samples, "packs"),
            Unit::Num(3),
        ))
        .note(format!(
            "Human model (this lab's assumed weights): placement χ²/df {}; rising-sequence \
             distance 3: {:.3} ± {:.3}, 6: {:.3} ± {:.3}, 10: {:.3} ± {:.3} (noise floor \
             {floor:.3}). GSR riffles, exact distance: 3: {:.3}, 6: {:.3}, 10: {:.3}.",
            ordered
                .iter()
                .map(|(k, t)| {
                    let v = verdict(t, Statistic::Placement);
                    format!(
                        "{k}: {:.2} (p {})",
                        v.test.as_ref().map_or(f64::NAN, |c| c.ratio()),
                        fmt_p(v.p)
                    )
                })
                .collect::<Vec<_>>()
                .join(", "),
            tvs[0].tv,
            tvs[0].se,
            tvs[1].tv,
            tvs[1].se,
            tvs[2].tv,
            tvs[2].se,
            gsr_tv(CARDS, 3),
            gsr_tv(CARDS, 6),
            gsr_tv(CARDS, 10)
        ))
        .source(format!(
            "`lab deal --method human`, {} deals; `simulate_rising`, {} packs, per riffle count",
            cfg.riffle_deals, cfg.riffle_samples
        ))
        .how("The statistics are the lab's card-to-seat placement test on human-riffled deals (000's model with this lab's weights); much better is read as the excess shrinking to half or less; unacceptable by computer standards as a distance measurably above a perfect shuffle's."),
    );
    let _ = writeln!(details, "### Riffles (Bayer-Diaconis, exact)\n");
    let _ = writeln!(
        details,
        "| riffles | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |"
    );
    let _ = writeln!(
        details,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    let row: Vec<String> = (1..=10)
        .map(|k| format!("{:.3}", gsr_tv(CARDS, k)))
        .collect();
    let _ = writeln!(details, "| GSR distance | {} |\n", row.join(" | "));
    let _ = writeln!(
        details,
        "000 gives only the ranges of its human model (cuts of 24-28 cards, packets of 1-7); \
         the weights used here are the lab's assumption: cuts {:?}, packets {:?} (size, \
         weight).\n",
        model.cut_weights, model.packet_weights
    );
    Ok(())
}

/// A dealer whose deals are another's with every card c renamed `perm[c]`: the same
/// shuffle started from the deck holding card perm[i] at place i.
pub(super) struct Relabel {
    pub(super) inner: Box<dyn Dealer>,
    pub(super) perm: [u8; CARDS],
}

impl Dealer for Relabel {
    fn deal(&mut self) -> Result<Hands, LabError> {
        let hands = self.inner.deal()?;
        let mut out = [0u64; SEATS];
        for (o, h) in out.iter_mut().zip(hands) {
            for c in 0..CARDS {
                if h & (1u64 << c) != 0 {
                    *o |= 1u64 << self.perm[c];
                }
            }
        }
        Ok(out)
    }
    fn draws(&self) -> u64 {
        self.inner.draws()
    }
}

/// The placement statistic summed over the cells in sorted order, so that two tallies
/// whose cells are a permutation of each other give the same bits.
fn placement_sorted(t: &DealTally) -> f64 {
    let e = t.deals as f64 / SEATS as f64;
    let mut cells: Vec<u64> = t.placement.as_flattened().to_vec();
    cells.sort_unstable();
    cells
        .iter()
        .map(|&o| (o as f64 - e).powi(2) / e)
        .sum::<f64>()
        * (CARDS - 1) as f64
        / CARDS as f64
}

pub(super) fn start_deck_claim(
    cfg: &ClaimsConfig,
    ordered: &[(u32, DealTally)],
    out: &mut Vec<Claim>,
    details: &mut String,
) -> Result<(), LabError> {
    let model = HumanModel::default();
    let mut d = XoshiroDraw::seeded(cfg.seed ^ 0x5eed);
    let mut perm: [u8; CARDS] = std::array::from_fn(|i| i as u8);
    for i in (1..CARDS).rev() {
        let j = d.below(i as u32 + 1) as usize;
        perm.swap(i, j);
    }
    let _ = writeln!(details, "### Riffles from a random-looking deck\n");
    let _ = writeln!(
        details,
        "000's human riffles from the ordered pack and from one fixed order drawn at random \
         (as a pack from a live game might look), {} deals each: the hand-pattern test (suits \
         only) and the card-to-seat placement test (which card lands where).\n",
        cfg.riffle_deals
    );
    let _ = writeln!(
        details,
        "| riffles | start | patterns: chi2/df | p used | placement: chi2/df | p |\n|---:|---|---:|---:|---:|---:|"
    );
    let mut first = None;
    for (k, t_ordered) in ordered {
        let method = Method::Human {
            riffles: *k,
            model: model.clone(),
        };
        let t_random = run_tally(cfg.riffle_deals, cfg.seed, |s| {
            let inner = method.dealer(RngKind::Xoshiro, s);
            Ok(Box::new(Relabel { inner, perm }) as Box<dyn Dealer>)
        })?;
        for (name, t) in [("ordered", t_ordered), ("random-looking", &t_random)] {
            let pat = verdict(t, Statistic::Patterns);
            let place = verdict(t, Statistic::Placement);
            let r = |v: &super::stats::Verdict| v.test.as_ref().map_or(f64::NAN, |x| x.ratio());
            let _ = writeln!(
                details,
                "| {k} | {name} | {:.2} | {} | {:.2} | {} |",
                r(&pat),
                fmt_p(pat.p),
                r(&place),
                fmt_p(place.p)
            );
        }
        if first.is_none() {
            first = Some((*k, t_ordered.clone(), t_random));
        }
    }
    details.push('\n');
    let Some((k3, ord, rnd)) = first else {
        return Ok(());
    };
    let pat_excess = |t: &DealTally| {
        verdict(t, Statistic::Patterns)
            .test
            .map_or((f64::NAN, f64::NAN), |c| excess(c.stat, c.df))
    };
    let (po, pr) = (pat_excess(&ord), pat_excess(&rnd));
    let df = ((CARDS - 1) * (SEATS - 1)) as f64;
    let place_diff = (placement_sorted(&ord) - placement_sorted(&rnd)) / df;
    out.push(
        Claim::new(
            Doc::Ted,
            80,
            "\"Perhaps that disparity would be lessened by starting with a more randomly organized deck, such as from a live game\"",
        )
        .part(Part::claim(
            format!(
                "hand-pattern test's excess (χ²/df − 1) after {k3} riffles, ordered start minus random-looking start"
            ),
            Claimed::Positive,
            Measured::sampled(po.0 - pr.0, (po.1.powi(2) + pr.1.powi(2)).sqrt(), cfg.riffle_deals, "deals each"),
            Unit::Num(3),
        ))
        .part(Part::claim(
            "the card-to-seat placement test's excess, the same difference",
            Claimed::Positive,
            Measured::exact(place_diff),
            Unit::Num(3),
        ))
        .note("For any fixed starting order the distance from uniform is the same (a fixed relabelling of the cards does not change it), and the placement table of the relabelled deals is the same table with its rows permuted: the suit statistics can look better, the deal stays as predictable from the start.")
        .source(format!(
            "`lab deal --method human` from the ordered pack and relabelled, {} deals each",
            cfg.riffle_deals
        ))
        .how("The same deals (same seeds) with every card renamed by one fixed random permutation; both tests on both tallies."),
    );
    Ok(())
}

fn exchange_details(exact: &ExchangeDistances, details: &mut String) {
    let _ = writeln!(details, "### Exchange shuffles\n");
    let _ = writeln!(
        details,
        "Ways to reach each arrangement of 3 cards (9^k sequences):\n"
    );
    let _ = writeln!(details, "| exchanges | ABC | ACB | BAC | BCA | CAB | CBA |");
    let _ = writeln!(details, "|---:|---:|---:|---:|---:|---:|---:|");
    for k in 1..=4 {
        let w: Vec<String> = exchange_ways(3, k)
            .iter()
            .map(|x| x.1.to_string())
            .collect();
        let _ = writeln!(details, "| {k} | {} |", w.join(" | "));
    }
    let ct = CharacterTable::new(CARDS);
    let _ = writeln!(
        details,
        "\n52 cards. The exact distance from uniform: the law after k exchanges gives every \
         arrangement of one cycle type the same chance, so it is a Markov chain on the {} \
         cycle types (partitions of 52): an exchange of two different positions merges their \
         cycles or splits their common one; the same position twice changes nothing. Beside \
         it the proven bounds it must lie between (lower: untouched cards are fixed points, \
         one card's position; upper: Diaconis-Shahshahani, summed over all {} irreducible \
         representations of S_52), and the walk that never picks one position twice:\n",
        thousands(exact.types as u64),
        thousands(ct.partitions() as u64)
    );
    let _ = writeln!(
        details,
        "| exchanges | lower bound | exact distance | upper bound | one card's position | exact, no self-exchange |"
    );
    let _ = writeln!(details, "|---:|---:|---:|---:|---:|---:|");
    let max_k = exact.lazy.len() - 1;
    let mut ks: Vec<usize> = (25..=max_k).step_by(25).collect();
    ks.extend([52, 104]);
    for t in [0.25, 0.1, 0.01] {
        if let Some(k) = exact.first_below(t) {
            ks.push(k);
        }
    }
    ks.retain(|&k| k <= max_k);
    ks.sort_unstable();
    ks.dedup();
    for k in ks {
        let _ = writeln!(
            details,
            "| {k} | {:.4} | {:.6} | {:.4} | {:.4} | {:.4} |",
            exchange_tv_lower(CARDS, k as u32),
            exact.lazy[k],
            ct.tv_upper(k as u32),
            single_card_tv(CARDS, k as u32),
            exact.distinct[k]
        );
    }
    let first = |t: f64| {
        exact
            .first_below(t)
            .map_or("not within the range".to_string(), |k| k.to_string())
    };
    let _ = writeln!(
        details,
        "\nThe exact distance first falls below 0.25 at k = {}, below 0.1 at k = {}, below \
         0.01 at k = {}.\n",
        first(0.25),
        first(0.1),
        first(0.01)
    );
}
