//! The rows for the first document's shuffles and deal ([`super::shuffles`]) and the
//! chapter's SelectionShuffle with a repeated card: Sort Randoms' sort, the Collection
//! Shuffle, the retry routine, the packed deal and the deal rate. Each claim as
//! quantities, what the words allow, and what the runs measured.

use super::render::n0;
use super::rule::{Claimed, Measured, Part, SIGMAS, Unit};
use super::runs::RunResults;
use super::shuffles::{LARGE_SEEDS, SELECTION_CALLS, SHUFFLE_SEEDS, ShuffleWork};
use super::*;

/// The rows of this module.
pub(super) fn claims(res: &Results) -> Vec<Claim> {
    let r = &res.runs;
    vec![
        bubble_claim(r),
        far_better_claim(r),
        linear_claim(r),
        retry_claim(r),
        deal_pack_claim(r),
        rate_claim(res),
        selection_spec_claim(r),
    ]
}

fn bubble_claim(r: &RunResults) -> Claim {
    let sr = &r.shuffles.sort_randoms;
    Claim::new(
        Doc::Ted,
        70,
        "Sort Randoms: \"For the sake of simplicity, a Bubble Sort is used in this example\"",
    )
    .part(Part::claim(
        "comparisons per 52-card shuffle between positions that are not neighbours (a bubble sort compares neighbours only)",
        Claimed::Exact(0.0),
        Measured::exact(sr.far_comparisons),
        Unit::Num(0),
    ))
    .note(format!(
        "Lines 3020-3040 compare X(J) with every later X(K) and swap at once: an exchange \
         sort, {} comparisons and {:.1} ± {:.1} swaps (SWAP pairs) per shuffle; a bubble \
         sort makes exactly the inversions, {} on average.",
        n0(sr.comparisons),
        sr.swaps_mean,
        sr.swaps_se,
        n0(52.0 * 51.0 / 4.0)
    ))
    .source(format!("`sort_randoms`: sort_randoms.bas, {} seeds, per-line counts", sr.seeds))
    .how(
        "The comparisons are the hits of line 3030; of the K loop's positions K = J + 1 .. \
         SIZE only K = J + 1 is a neighbour, 51 per shuffle.",
    )
}

/// One shuffle's counts: the exact expectation where the runs fix it, else the mean over
/// the seeds with the relative standard error of its instructions.
fn per_run(w: &ShuffleWork) -> (band::Vector, f64) {
    match &w.expected {
        Some(v) => (*v, 0.0),
        None => {
            let n = f64::from(w.seeds.max(1));
            let mean: band::Vector = band::vector(&w.counts).map(|x| x / n);
            let m = w.per_seed.iter().sum::<f64>() / n;
            let var = w.per_seed.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
            (mean, (var / n).sqrt() / m)
        }
    }
}

/// One shuffle's time over another's: the model's band, widened by the sampling error of
/// whichever side is a mean over seeds.
fn shuffle_ratio(a: &ShuffleWork, b: &ShuffleWork) -> Measured {
    let ((va, ea), (vb, eb)) = (per_run(a), per_run(b));
    let how = if ea == 0.0 && eb == 0.0 {
        "weights ±50 %; exact expectations".to_string()
    } else {
        "weights ±50 %".to_string()
    };
    let m = model_ratio_vectors(&va, &vb, &how);
    let rel = (ea * ea + eb * eb).sqrt();
    if rel > 0.0 {
        let by = SIGMAS * rel * m.value;
        m.widened(
            by,
            &format!("±{SIGMAS:.0} s.e. over {} seeds", a.seeds.max(b.seeds)),
        )
    } else {
        m
    }
}

fn far_better_claim(r: &RunResults) -> Claim {
    let sr = &r.shuffles.sort_randoms;
    let coll = &r.shuffles.collection[0];
    let sr_work = ShuffleWork {
        size: 52,
        seeds: sr.seeds,
        instructions: sr.instructions,
        statements: sr.statements,
        draws: 52.0,
        counts: sr.counts,
        per_seed: sr.per_seed.clone(),
        expected: None,
        expected_draws: 52.0,
    };
    Claim::new(
        Doc::Ted,
        72,
        "after Sort Randoms: \"One can do far better, however, in terms of speed\" (the Collection Shuffle)",
    )
    .part(Part::claim(
        "Sort Randoms' time over the Collection Shuffle's, 52 cards",
        Claimed::Far,
        shuffle_ratio(&sr_work, coll),
        Unit::Times(1),
    ))
    .note(format!(
        "Per 52-card shuffle: Sort Randoms {} statements, {} instructions; Collection \
         Shuffle {} statements, {} instructions.",
        n0(sr.statements),
        n0(sr.instructions),
        n0(coll.statements),
        n0(coll.instructions)
    ))
    .source(format!(
        "`sort_randoms`, `shuffle_work`: sort_randoms.bas ({SHUFFLE_SEEDS} seeds), collection_shuffle.bas"
    ))
    .how("Sort Randoms' mean counts over its seeds (its swaps vary) against the Collection Shuffle's exact counts (the same statements whatever RND gives); the ratio with the weight box's band, widened by ±3 standard errors of Sort Randoms' mean.")
}

fn linear_claim(r: &RunResults) -> Claim {
    let c = &r.shuffles.collection;
    let scale = 52.0 / f64::from(c[1].size);
    let per_element = shuffle_ratio(&c[1], &c[0]).map(|x| x * scale);
    Claim::new(
        Doc::Ted,
        74,
        "the Collection Shuffle: \"Being another linear algorithm, it is more or less as fast as possible\"",
    )
    .part(Part::claim(
        "work per element at 10,000 elements over that at 52",
        Claimed::Reading {
            lo: 0.9,
            hi: 1.1,
            reading: "linear, more or less: the same work per element at any size, ±10 %".into(),
        },
        per_element,
        Unit::Num(3),
    ))
    .part(Part::claim(
        "RND calls per element (one is the fewest a shuffle can make)",
        Claimed::Exact(1.0),
        Measured::within(
            c[0].draws / 52.0,
            (c[0].draws / 52.0).min(c[1].draws / f64::from(c[1].size)),
            (c[0].draws / 52.0).max(c[1].draws / f64::from(c[1].size)),
            "exact per run, 52 and 10,000 elements",
        ),
        Unit::Num(2),
    ))
    .note(format!(
        "{:.2} statements and {:.0} instructions per element for 52 cards, {:.2} and {:.0} \
         for 10,000.",
        c[0].statements / 52.0,
        c[0].instructions / 52.0,
        c[1].statements / f64::from(c[1].size),
        c[1].instructions / f64::from(c[1].size)
    ))
    .source(format!(
        "`shuffle_work`: collection_shuffle.bas, {LARGE_SEEDS} seeds at 52 and at 10,000"
    ))
    .how("Instructions per element at both sizes, their ratio with the weight box's band; RND calls counted by the cost model.")
}

fn retry_claim(r: &RunResults) -> Claim {
    let (coll, retry) = (&r.shuffles.collection, &r.shuffles.retry);
    let about_three = Claimed::About { value: 3.0, exp: 0 };
    Claim::new(
        Doc::Ted,
        76,
        "a retry routine \"invariably runs approximately three times as long as the more robust setup (perhaps pi (3.14) is the actual average runtime, or is it e (2.72)?)\"",
    )
    .part(Part::claim(
        "a retry routine's time over the Collection Shuffle's, 52 cards",
        about_three.clone(),
        shuffle_ratio(&retry[0], &coll[0]),
        Unit::Num(2),
    ))
    .part(Part::claim(
        "the same, 10,000 elements (\"invariably\")",
        about_three,
        shuffle_ratio(&retry[1], &coll[1]),
        Unit::Num(2),
    ))
    .note(format!(
        "The document prints no retry routine; the one measured is written in the \
         listing's style (below). Draws per element: n·H_n/n = {:.2} and {:.2} (the runs: \
         {:.2} and {:.2}): they grow like ln n, so the ratio has no constant value; pi and e \
         lie inside \"about three\".",
        retry[0].expected_draws / 52.0,
        retry[1].expected_draws / f64::from(retry[1].size),
        retry[0].draws / 52.0,
        retry[1].draws / f64::from(retry[1].size)
    ))
    .source(format!(
        "`shuffle_work`: collection_shuffle.bas and it with RETRY_LINES, {LARGE_SEEDS} seeds at 52 and at 10,000"
    ))
    .how("The retry's work is linear in its draws (each draw runs line 7020: one way when it finds a place, another when it does not; the rest is the same in every run): the two costs are solved from runs with different draws, checked on every run, and taken at the exact expectation n·H_n (draws uniform); the Collection Shuffle does the same statements in every run. The ratio of the expected instructions, with the weight box's band.")
}

fn deal_pack_claim(r: &RunResults) -> Claim {
    let d = &r.shuffles.deal;
    let mut saving = model_ratio_of(&[(&d.packed_counts, &d.counts)]).map(|x| 1.0 - x);
    if d.fixed {
        saving.how = "weights ±50 %; every run the same counts".into();
    }
    Claim::new(
        Doc::Ted,
        100,
        "\"this entire routine could be packed into a single logical line, saving 5-6% runtime\"",
    )
    .part(Part::claim(
        "time saved by lines 7010-7080 joined into one line",
        Claimed::Range {
            lo: 0.05,
            hi: 0.06,
            exp: -2,
        },
        saving,
        Unit::Pct(1),
    ))
    .note(format!(
        "The joined line has {} characters and deals the same hands: {}.",
        d.packed_line.len(),
        if d.same_hands { "yes" } else { "NO" }
    ))
    .source(format!("deal52.bas as printed and packed, {LARGE_SEEDS} seeds"))
    .how("The routine's statements joined by colons (comments dropped) typed as line 7010, the other lines deleted; both forms run for the same seeds; saving = 1 − packed/printed instructions, with the weight box's band (the same RND draws, so no sampling error).")
}

fn rate_claim(res: &Results) -> Claim {
    let d = &res.runs.shuffles.deal;
    let sm = &res.printed[SHELL_METZNER];
    let mut sm_sum = Counts::default();
    for s in &sm.sets {
        sm_sum.add_all(s);
    }
    // deals per second = (SM instructions per data set / deal instructions per deal) / 1.21 s
    let per_set = f64::from(LARGE_SEEDS) / sm.sets();
    let rate = model_ratio_of(&[(&sm_sum, &d.counts)]).map(|x| x * per_set / REFERENCE_SECONDS);
    let tick = (REFERENCE_SECONDS / (REFERENCE_SECONDS - TICK) - 1.0) * rate.range.hi;
    let rate = rate.widened(tick, "1.21 s ± one clock tick");
    Claim::new(
        Doc::Ted,
        102,
        "\"my Pentium-4 generates more than 2,200 deals per second in immediate mode, and nearly 8,000 deals per second compiled\"",
    )
    .part(Part::claim(
        "deals per second the machine that sorted in 1.21 s (Shell-Metzner) would deal interpreted",
        Claimed::MoreThan { value: 2200.0 },
        rate,
        Unit::Num(0),
    ))
    .part(Part::unmeasurable(
        "deals per second compiled (no compiler is modelled)",
        Claimed::Nearly {
            value: 8000.0,
            exp: 3,
        },
        Unit::Num(0),
    ))
    .note(format!(
        "A deal is {} statements, {} RND calls, {} modelled 8086 instructions.",
        n0(d.statements),
        n0(d.draws),
        n0(d.instructions)
    ))
    .source(format!(
        "deal52.bas ({LARGE_SEEDS} seeds), shell_metzner.bas (3 data sets), cost model"
    ))
    .how("The two timings must describe one machine: Shell-Metzner's instructions per data set over a deal's, divided by 1.21 s, is the deal rate that machine implies; the band is the weight box's, widened by one clock tick on 1.21 s.")
}

fn selection_spec_claim(r: &RunResults) -> Claim {
    let rc = &r.shuffles.repeated_card;
    let (_, comps) = super::exact::selection_work(10);
    Claim::new(
        Doc::Chapter,
        98,
        "10.29: \"SelectionShuffle as written does not satisfy the specifications in the problem statement. Why not?\"",
    )
    .part(Part::claim(
        "card comparisons per shuffle (the specification allows CardType assignments only), DECKSIZE 10",
        Claimed::Positive,
        Measured::exact(comps),
        Unit::Num(1),
    ))
    .part(Part::answer(
        format!(
            "cards chosen of {} when the first two are equal, after {} calls of RandomDeckPos",
            rc.decksize,
            n0(f64::from(SELECTION_CALLS))
        ),
        Measured::exact(rc.stuck_at),
        Unit::Num(0),
    ))
    .note(format!(
        "Search compares cards (`card != deck[k]`, `card == deck[k]`): the problem statement \
         allows no assumption about CardType but assignment. With two equal cards the \
         second can never be chosen, so the loop never ends (the same seed with different \
         cards takes {} calls).",
        n0(rc.calls_distinct)
    ))
    .source("`selection_work` (expected comparisons); selection_shuffle.bas with `105 DECK(1)=DECK(0)`")
    .how("Comparisons: the exact expectation of Search's comparisons (claims::exact::selection_work). The listing runs once with the first two cards made equal and RandomDeckPos's calls counted (the run ended after 100,000).")
}
