//! The rows of the claims table that the sorting runs answer: the six timings, Ted's
//! 2-5 %, the redundant store, the packing, the GOTO search, the spaces, the compilers,
//! the nine FOR loops, "up to ten times" and the order of the linear methods. Each is a
//! set of quantities ([`Part`]): what the words allow, and the modelled value with the
//! cost model's band ([`super::band`]); [`super::rule`] gives the verdict.

use super::render::{n0, outcome_text, pct, share};
use super::rule::{Claimed, Measured, Part, Unit};
use super::*;

/// A ratio of two of the document's times, each read off the PC clock: the values the
/// clock allows, a ± one tick on each.
pub(super) fn clock_ratio(a: f64, b: f64) -> Claimed {
    Claimed::Reading {
        lo: (a - TICK) / (b + TICK),
        hi: (a + TICK) / (b - TICK),
        reading: format!("{a:.2} s / {b:.2} s = {:.3}, each time ± one tick", a / b),
    }
}

/// "noticeable" on a run the document timed: at least one tick of its clock.
pub(super) fn noticeable(seconds: f64) -> Claimed {
    Claimed::Reading {
        lo: TICK / seconds,
        hi: f64::INFINITY,
        reading: format!(
            "noticeable: at least one tick of the PC clock on the {seconds:.2} s it was timed \
             against"
        ),
    }
}

fn doc_s(i: usize) -> f64 {
    LISTINGS[i].doc_seconds.unwrap_or(f64::NAN)
}

/// The modelled ratio of two listings' times, with the band.
fn ratio(r: &Results, a: usize, b: usize) -> Measured {
    model_ratio(&r.printed[a], &r.printed[b])
}

/// The fastest Shell sort by the counts.
pub(super) fn fastest_shell(r: &Results) -> usize {
    [SHELL_METZNER, TED, PACKED_FIXED]
        .into_iter()
        .min_by(|&a, &b| {
            r.printed[a]
                .ins(GotoModel::Gw)
                .total_cmp(&r.printed[b].ins(GotoModel::Gw))
        })
        .unwrap_or(SHELL_METZNER)
}

/// The rows of the claims table that the sorting runs answer.
pub(super) fn claims(r: &Results) -> Vec<Claim> {
    vec![
        times_claim(r),
        ted_claim(r),
        store_claim(r),
        packing_claim(r),
        goto_claim(r),
        spaces_claim(r),
        compiler_claim(),
        nesting_claim(r),
        ten_times_claim(r),
        order_claim(r),
    ]
}

fn times_claim(r: &Results) -> Claim {
    let mut c = Claim::new(
        Doc::Ted,
        16,
        "the times \"on several arrays of 10,000 random integers, in BASIC direct mode\": Shell-Metzner 1.21 s, Ted's 1.10-1.13 s, Array Map 0.15 s, Array Match 0.18 s, Bitmap 0.16 s",
    );
    for i in [TED, PACKED_FIXED, MAP, MATCH, BITMAP_FIXED] {
        c = c.part(Part::claim(
            format!("{}'s time over Shell-Metzner's", LISTINGS[i].name),
            clock_ratio(doc_s(i), doc_s(SHELL_METZNER)),
            ratio(r, i, SHELL_METZNER),
            Unit::Num(3),
        ));
    }
    c.note(
        "The document's ratios against the 8088 model's: the model speaks for GW-BASIC 3.23's \
         work, the document for a Pentium 4 (probably under DOS emulation), whose relative \
         costs differ; the section *How far to trust the model* compares them counter by \
         counter. The packing as printed and Bitmap as printed cannot have run (the rows \
         measure their corrected forms).",
    )
    .source("`measure_on`: every sorting listing of basic/, 3 data sets of 10,000")
    .how(
        "Each listing is loaded, its parameter and data lines typed over (SIZE 10,000, a \
         shuffle of 1..10,000 drawn with GW's RND for seeds 1, 2, 3), run to the end and \
         checked to have sorted; the cost model counts the routine's lines only. A ratio \
         is Σ instructions of the one over the other; its band is the least and greatest \
         ratio over the box of weight tables, data set by data set (claims::band). The \
         claimed values are the document's times, each ± one PC clock tick.",
    )
}

fn ted_claim(r: &Results) -> Claim {
    let (sm, ted) = (&r.printed[SHELL_METZNER], &r.printed[TED]);
    let gain = ratio(r, TED, SHELL_METZNER).map(|x| 1.0 - x);
    let stmt = ted.mean_statements() / sm.mean_statements() - 1.0;
    let doc_gain = 1.0 - doc_s(TED) / doc_s(SHELL_METZNER);
    let doc_lo = 1.0 - (doc_s(TED) + TICK) / (doc_s(SHELL_METZNER) - TICK);
    let doc_hi = 1.0 - (doc_s(TED) - TICK) / (doc_s(SHELL_METZNER) + TICK);
    Claim::new(
        Doc::Ted,
        30,
        "Ted's Shell sort: \"the following improvement results in a 2-5% increase in efficiency\"",
    )
    .part(Part::claim(
        "time saved by Ted's version against Shell-Metzner",
        Claimed::Range {
            lo: 0.02,
            hi: 0.05,
            exp: -2,
        },
        gain,
        Unit::Pct(1),
    ))
    .note(format!(
        "Both make the same {} comparisons and {} moves per data set; Ted's executes {} \
         statements, but each comparison `A(K)<=A(K+D)` fetches a second array element. \
         The document's own times give {} (1.13 against 1.21 s; {} to {} with one clock \
         tick on each).",
        n0(sm.line_hits(2150)),
        n0(sm.line_hits(2155)),
        pct(stmt),
        pct(doc_gain),
        pct(doc_lo),
        pct(doc_hi)
    ))
    .source("`measure_on`: shell_metzner.bas, shell_ted.bas, 3 data sets")
    .how(
        "Both listings as printed on the three common data sets; the gain is 1 − (Ted's \
         instructions / Shell-Metzner's), its band from the weight box (claims::band).",
    )
}

fn store_claim(r: &Results) -> Claim {
    let (no_move, changed) = r.runs.in_place;
    let stores = r.printed[SHELL_METZNER].line_hits(2165);
    Claim::new(
        Doc::Ted,
        32,
        "the assignment at 2165 \"is redundant when no swap is to be made\"",
    )
    .part(Part::claim(
        "executions of 2165 after a K loop that moved nothing, per data set",
        Claimed::Positive,
        Measured::exact(no_move),
        Unit::Num(0),
    ))
    .part(Part::claim(
        "of those, executions that change A()",
        Claimed::Exact(0.0),
        Measured::exact(changed),
        Unit::Num(0),
    ))
    .note(format!(
        "2165 runs {} times per data set; in {} ({}) the K loop moved nothing and \
         `A(K+D)=T` writes A(J) back onto itself.",
        n0(stores),
        n0(no_move),
        share(no_move / stores.max(1.0))
    ))
    .source(format!(
        "`in_place`: shell_metzner.bas with `{}` (the store moved to 2166), 3 data sets",
        runs::IN_PLACE_PROBE
    ))
    .how(
        "Line 2165 is retyped as a probe that counts, before the store, the passes with \
         K + D = J and those where A(K+D) differs from T; the store follows at 2166. The \
         run must still sort. Counts are means over the three data sets (exact per set).",
    )
}

fn packing_claim(r: &Results) -> Claim {
    let saving = ratio(r, PACKED_FIXED, TED).map(|x| 1.0 - x);
    let line_w = weight(Counter::Line);
    Claim::new(
        Doc::Ted,
        34,
        "the three-line packing \"saves noticeable time in direct mode\"; \"every time BASIC accesses a new line, some processor time is consumed\"",
    )
    .part(Part::claim(
        "time saved by the packing (with the `NEXT J` it needs to run) against the readable version",
        noticeable(doc_s(TED)),
        saving,
        Unit::Pct(1),
    ))
    .part(Part::claim(
        "8086 instructions to enter a line (GONE4)",
        Claimed::Positive,
        Measured::within(
            line_w,
            line_w * (1.0 - band::WEIGHT_BAND),
            line_w * (1.0 + band::WEIGHT_BAND),
            "an estimated weight, ±50 %",
        ),
        Unit::Num(1),
    ))
    .note(format!(
        "As printed the packing stops with `NEXT without FOR`; the document measured 1.10 \
         against 1.13 s ({}), less than one tick of its clock.",
        pct(doc_s(PACKED_FIXED) / doc_s(TED) - 1.0)
    ))
    .source("`measure_on`: shell_ted.bas, shell_ted_packed_fixed.bas, 3 data sets")
    .how(
        "The readable and the packed Ted sort on the three common data sets; the saving is \
         1 − packed/readable instructions with the weight box's band. Noticeable is read as \
         one tick of the PC clock (1/18.2 s) over the 1.13 s the readable version took.",
    )
}

/// Times `GOTO 2165` in line 2150 jumps per data set.
pub(super) fn goto_jumps(r: &Results) -> f64 {
    let sm = &r.printed[SHELL_METZNER];
    sm.line(2150)
        .map_or(0.0, |l| (l.statements - l.hits) as f64 / sm.sets())
}

fn goto_claim(r: &Results) -> Claim {
    let sm = &r.printed[SHELL_METZNER];
    let jumps = goto_jumps(r).max(1.0);
    let gw_steps = sm.mean_in(GotoModel::Gw, Counter::LineStep);
    let naive_steps = sm.mean_in(GotoModel::Naive, Counter::LineStep);
    let top = gw_steps * weight(Counter::LineStep) / sm.ins(GotoModel::Gw);
    Claim::new(
        Doc::Ted,
        36,
        "\"whenever a GOTO or GOSUB is executed, BASIC hunts for the target line, starting at the top of the program\"; speed-critical routines \"ideally would be positioned early\"",
    )
    .part(Part::claim(
        "line-search steps per `GOTO 2165` executed (hunting from the top: the lines before it)",
        Claimed::Exact(naive_steps / jumps),
        Measured::exact(gw_steps / jumps),
        Unit::Num(4),
    ))
    .part(Part::claim(
        "Shell-Metzner's time saved by moving it to the top of the program",
        noticeable(doc_s(SHELL_METZNER)),
        Measured::exact(top),
        Unit::Pct(5),
    ))
    .note(format!(
        "`GOTO 2165` runs {} times per data set: {} line-search steps in all under GW-BASIC \
         3.23's rule (a jump searches once, from the next line when the target is higher, \
         then keeps a pointer), {} if every jump hunted from the top. Position matters for \
         RESTORE n and ON ERROR GOTO n, which search every time.",
        n0(jumps),
        n0(gw_steps),
        n0(naive_steps)
    ))
    .source("`measure_on`: shell_metzner.bas under both GOTO models (digest §2.1)")
    .how(
        "The cost model counts line-search steps under GW-BASIC's rule and under the \
         document's (every jump from the top); both are exact counts. Moving the routine \
         to the top can save at most the steps of the first searches, 19 instructions each \
         (an exact weight), over the routine's instructions.",
    )
}

fn spaces_claim(r: &Results) -> Claim {
    let savings: Vec<(usize, Measured)> = SORTING
        .iter()
        .filter_map(|&i| {
            let m = r.minimal[i].as_ref()?;
            Some((i, model_ratio(m, &r.printed[i]).map(|x| 1.0 - x)))
        })
        .collect();
    let least = savings
        .iter()
        .map(|x| x.1.value)
        .fold(f64::INFINITY, f64::min);
    let lo = savings
        .iter()
        .map(|x| x.1.range.lo)
        .fold(f64::INFINITY, f64::min);
    let hi = savings
        .iter()
        .map(|x| x.1.range.hi)
        .fold(f64::INFINITY, f64::min);
    Claim::new(
        Doc::Ted,
        38,
        "\"time can be saved by eliminating cosmetic spacing\"",
    )
    .part(Part::claim(
        "the least time saved over the six routines typed without the spaces the tokeniser does not need",
        Claimed::Positive,
        Measured::within(least, lo, hi, "weights ±50 %, data set 1"),
        Unit::Pct(2),
    ))
    .note(format!(
        "Saved: {}.",
        savings
            .iter()
            .map(|(i, m)| format!("{} {}", LISTINGS[*i].name, share(m.value)))
            .collect::<Vec<_>>()
            .join(", ")
    ))
    .source("`measure_on` with `Spacing::Minimal`: 6 routines, data set 1")
    .how(
        "Each routine's lines are typed anew through the session without every space whose \
         removal leaves the tokens the same (claims::text::minimal_spacing), then run on the \
         first data set; the saving is 1 − without/with on that data set, its band from the \
         weight box; the row's value is the least of the six.",
    )
}

fn compiler_claim() -> Claim {
    Claim::new(
        Doc::Ted,
        40,
        "packing \"cuts runtimes substantially when using the BASCOM 2.0 Compiler; but the benefits are negligible when using ... QuickBASIC 4.0\"",
    )
    .part(Part::unmeasurable(
        "time the packing saves under BASCOM 2.0 (no compiler is modelled)",
        Claimed::Reading {
            lo: 0.10,
            hi: 1.0,
            reading: "substantially: 10 % or more".into(),
        },
        Unit::Pct(0),
    ))
    .part(Part::unmeasurable(
        "time the packing saves under QuickBASIC 4.0 (no compiler is modelled)",
        Claimed::Reading {
            lo: 0.0,
            hi: 0.01,
            reading: "negligible: under 1 %".into(),
        },
        Unit::Pct(0),
    ))
    .source("no run: no compiler is modelled")
    .how("Needs the two compilers' code, which gwrun does not model.")
}

fn nesting_claim(r: &Results) -> Claim {
    let held = r
        .nests
        .iter()
        .filter(|n| n.outcome == Stop::Ended)
        .map(|n| n.depth)
        .max()
        .unwrap_or(0);
    let fail = r.nests.iter().find(|n| n.outcome != Stop::Ended);
    Claim::new(
        Doc::Ted,
        44,
        "\"GW-BASIC provides stack space for tracking only nine concurrent FOR-loops\"",
    )
    .part(Part::claim(
        "nested FOR loops that run",
        Claimed::Exact(9.0),
        Measured::exact(f64::from(held)),
        Unit::Num(0),
    ))
    .note(match fail {
        Some(n) => format!(
            "{} nested loops stop with {}: the 512-byte stack holds FOR entries of 20 bytes \
             and a FOR needs 240 bytes free (digest §3.8).",
            n.depth,
            outcome_text(&n.outcome)
        ),
        None => "Every nest probed runs.".to_string(),
    })
    .source("`nest_run`: nests of 9 to 16 FOR loops at program level")
    .how(
        "Programs of 9 to 16 nested FOR loops, one per line, run in fresh sessions; the \
         deepest that ends normally is the count.",
    )
}

fn ten_times_claim(r: &Results) -> Claim {
    let fast = fastest_shell(r);
    let mut c = Claim::new(
        Doc::Ted,
        50,
        "the linear methods: \"Speeds are up to ten times faster than any other sort\"",
    );
    for i in LINEAR {
        c = c.part(Part::claim(
            format!(
                "{}'s speed over {}'s",
                LISTINGS[i].name, LISTINGS[fast].name
            ),
            Claimed::UpTo {
                from: 1.0,
                value: 10.0,
                exp: 0,
            },
            ratio(r, fast, i),
            Unit::Times(1),
        ));
    }
    let wide: Vec<String> = LINEAR
        .iter()
        .filter_map(|&i| {
            let w = r.wide[i].as_ref()?;
            Some(format!(
                "{} {:.1}×",
                LISTINGS[i].name,
                r.printed[fast].ins(GotoModel::Gw) / w.ins(GotoModel::Gw)
            ))
        })
        .collect();
    let doc: Vec<String> = LINEAR
        .iter()
        .map(|&i| {
            format!(
                "{} {:.1}×",
                LISTINGS[i].name,
                doc_s(PACKED_FIXED) / doc_s(i)
            )
        })
        .collect();
    c.note(format!(
        "With values up to {}: {}. The document's own times against its fastest Shell sort: \
         {}.",
        n0(f64::from(WIDE_MAXINT)),
        wide.join(", "),
        doc.join(", ")
    ))
    .source("`measure_on`: the three linear listings and the Shell sorts, 3 data sets")
    .how(
        "Speed-up = the fastest Shell sort's instructions (by the model) over the linear \
         method's, on the same data sets, with the weight box's band. \"Up to ten times \
         faster\" is read as faster (above 1) and at most ten (with its rounding).",
    )
}

fn order_claim(r: &Results) -> Claim {
    Claim::new(
        Doc::Ted,
        68,
        "the times Array Map 0.15 s, Bitmap 0.16 s, Array Match 0.18 s (the order they imply)",
    )
    .part(Part::claim(
        "Bitmap's time over Array Map's",
        clock_ratio(doc_s(BITMAP_FIXED), doc_s(MAP)),
        ratio(r, BITMAP_FIXED, MAP),
        Unit::Num(2),
    ))
    .part(Part::claim(
        "Array Match's time over Bitmap's",
        clock_ratio(doc_s(MATCH), doc_s(BITMAP_FIXED)),
        ratio(r, MATCH, BITMAP_FIXED),
        Unit::Num(2),
    ))
    .note(format!(
        "The three times differ by at most {:.2} s, {} one tick of the PC clock ({:.3} s), \
         so the clock allows either order; the model's ratios are the measurement.",
        doc_s(MATCH) - doc_s(MAP),
        if doc_s(MATCH) - doc_s(MAP) < TICK {
            "less than"
        } else {
            "more than"
        },
        TICK
    ))
    .source("`measure_on`: array_map.bas, array_match.bas, bitmap_sort_fixed.bas, 3 data sets")
    .how(
        "Each ratio of two of the document's times, each ± one tick, against the modelled \
         ratio with the weight box's band.",
    )
}
