//! The rows for the first document's other sorting listings ([`super::runs`]): each
//! claim as quantities, what the words allow, and what the runs measured (the shuffles'
//! rows are [`super::shuffle_rows`]).

use super::render::{n0, outcome_text, pct};
use super::rule::{Claimed, Measured, Part, SIGMAS, Unit};
use super::runs::{GROWTH_SIZES, Growth, RunResults, knuth_gaps, rule_start};
use super::*;

/// The rows for the first document's other listings.
pub(super) fn claims(res: &Results) -> Vec<Claim> {
    let r = &res.runs;
    vec![
        best_claim(res),
        quick_claim(r),
        growth_claim(r),
        series_claim(),
        start_claim(r),
        hibbard_claim(r),
        k_loop_claim(r),
        for_claim(r),
        absorb_claim(res),
        map_claim(res),
        match_count_claim(res),
        match_claim(r),
        bitmap_claim(res),
        memory_claim(r),
        limit_claim(r),
    ]
}

fn best_claim(res: &Results) -> Claim {
    let sm = res.printed[SHELL_METZNER].line_hits(2150);
    let exchange = res.runs.exchange_sort_10k as f64;
    Claim::new(
        Doc::Ted,
        10,
        "\"Of the remaining options, the Shell Sort performed by far the best in my testing\"",
    )
    .part(Part::unmeasurable(
        "the Shell sort's speed over the other sorts he tried (not printed)",
        Claimed::Far,
        Unit::Times(0),
    ))
    .part(Part::claim(
        "comparisons of the one other sort printed (Sort Randoms' exchange sort) over Shell-Metzner's, 10,000 values",
        Claimed::Far,
        Measured::exact(exchange / sm),
        Unit::Times(0),
    ))
    .note(format!(
        "Shell-Metzner compares {} times per data set; the exchange sort compares every \
         pair once, {}.",
        n0(sm),
        n0(exchange)
    ))
    .source("`measure_on`: shell_metzner.bas; the exchange sort's n(n − 1)/2")
    .how(
        "Shell-Metzner's comparisons are the hits of line 2150 on the common data sets; \
         lines 3020-3040 of Sort Randoms compare each pair once, n(n − 1)/2.",
    )
}

fn quick_claim(r: &RunResults) -> Claim {
    let (depth, o) = &r.gosub;
    let d = *depth as f64;
    let runs_out = Claimed::Reading {
        lo: d + 1.0,
        hi: f64::INFINITY,
        reading: format!("runs out: deeper than the {depth} GOSUBs GW-BASIC holds"),
    };
    Claim::new(
        Doc::Ted,
        12,
        "the Quicksort \"is recursive, and that causes GW-BASIC to run out of stack space in a hurry\"",
    )
    .part(Part::claim(
        "recursion depth of a Quicksort (first element as pivot) calling itself for both parts, on the data sets",
        runs_out.clone(),
        Measured::within(
            r.quick_random as f64,
            r.quick_random_least as f64,
            r.quick_random as f64,
            format!("least and greatest over {} data sets", SEEDS.len()),
        ),
        Unit::Num(0),
    ))
    .part(Part::claim(
        "the same, calling itself for the smaller part only",
        runs_out,
        Measured::exact(r.quick_smaller as f64),
        Unit::Num(0),
    ))
    .note(format!(
        "`10 N=N+1: GOSUB 10` nests {depth} GOSUBs, then {}; on sorted data the plain \
         recursion goes {} deep.",
        outcome_text(o),
        n0(r.quick_sorted as f64)
    ))
    .source("`gosub_depth` probe; `quicksort_depth` on the 3 data sets (Rust)")
    .how(
        "A GOSUB probe counts the nesting GW-BASIC allows; the recursion depth of a Lomuto \
         Quicksort is counted in Rust on the common data sets (each level a GOSUB in BASIC).",
    )
}

/// The local exponent of the Shell/Map gap between two sizes, per the ratios at each.
fn local_slope(ra: f64, rb: f64, na: u32, nb: u32) -> f64 {
    (rb / ra).ln() / (f64::from(nb) / f64::from(na)).ln()
}

/// The gap's exponent at the top over its exponent at the bottom, under weights `w`,
/// from the counts pooled over the data sets.
fn slope_ratio(g: &[Growth], w: &band::Vector) -> f64 {
    let r: Vec<f64> = g
        .iter()
        .map(|x| {
            let (mut a, mut b) = (0.0, 0.0);
            for (s, m) in x.shell_sets.iter().zip(&x.map_sets) {
                a += band::dot(&band::vector(s), w);
                b += band::dot(&band::vector(m), w);
            }
            a / b
        })
        .collect();
    let n = GROWTH_SIZES;
    local_slope(r[2], r[3], n[2], n[3]) / local_slope(r[0], r[1], n[0], n[1])
}

fn growth_claim(r: &RunResults) -> Claim {
    let g = &r.growth;
    let value = slope_ratio(g, &band::nominal());
    // the weight tables that make each size's gap smallest and largest
    let mut tables = vec![band::nominal()];
    for x in g {
        let (mut a, mut b) = ([0.0; COUNTERS], [0.0; COUNTERS]);
        for (s, m) in x.shell_sets.iter().zip(&x.map_sets) {
            let (vs, vm) = (band::vector(s), band::vector(m));
            for i in 0..COUNTERS {
                a[i] += vs[i];
                b[i] += vm[i];
            }
        }
        tables.push(band::extreme(&a, &b, true));
        tables.push(band::extreme(&a, &b, false));
    }
    let values: Vec<f64> = tables.iter().map(|w| slope_ratio(g, w)).collect();
    // the spread between data sets, one ratio per seed
    let per_seed: Vec<f64> = (0..SEEDS.len())
        .filter_map(|k| {
            let one: Vec<Growth> = g
                .iter()
                .map(|x| Growth {
                    shell_sets: x.shell_sets.get(k).copied().into_iter().collect(),
                    map_sets: x.map_sets.get(k).copied().into_iter().collect(),
                    ..x.clone()
                })
                .collect();
            let v = slope_ratio(&one, &band::nominal());
            v.is_finite().then_some(v)
        })
        .collect();
    let n = per_seed.len() as f64;
    let mean = per_seed.iter().sum::<f64>() / n.max(1.0);
    let se = (per_seed.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n * (n - 1.0)).max(1.0))
        .sqrt();
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min) - SIGMAS * se;
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max) + SIGMAS * se;
    let gap = |x: &Growth| x.shell / x.map;
    let whole = local_slope(gap(&g[0]), gap(&g[3]), GROWTH_SIZES[0], GROWTH_SIZES[3]);
    Claim::new(
        Doc::Ted,
        14,
        "the linear methods \"are exponentially faster and more economical than any traditional sorting routine\"",
    )
    .part(Part::claim(
        "the growth exponent of Shell-Metzner's time over Array Map's at 5,000-10,000 elements over that at 1,000-2,000",
        Claimed::Reading {
            lo: 2.5,
            hi: f64::INFINITY,
            reading: "exponentially: the gap's exponent grows in proportion to N, ×5 between \
                      the two ranges; read as ×2.5 or more (a power law keeps it ×1)"
                .into(),
        },
        Measured::within(
            value,
            lo,
            hi,
            format!(
                "the weight tables extreme at each size, ±{SIGMAS:.0} s.e. over {} data sets",
                per_seed.len()
            ),
        ),
        Unit::Num(2),
    ))
    .note(format!(
        "Shell-Metzner over Array Map: {} at 1,000, {} at 10,000 elements; over the whole \
         range the gap grows like N^{whole:.2}, a power of N.",
        format_args!("{:.1}×", gap(&g[0])),
        format_args!("{:.1}×", gap(&g[3]))
    ))
    .source("`growth`: shell_metzner.bas, array_map.bas at 1,000 to 10,000 elements, 3 data sets each")
    .how(
        "Both listings on shuffles of 1..N (seeds 1-3) for N = 1,000, 2,000, 5,000 (10,000: \
         the sorting section's runs); the gap R(N) is Shell-Metzner's instructions over Array \
         Map's; the local exponent between N₁ and N₂ is ln(R₂/R₁)/ln(N₂/N₁). For an \
         exponential gap the exponent grows like N, five times from the lower range to the \
         upper.",
    )
}

fn series_claim() -> Claim {
    let doc_list = [1u32, 4, 13, 40, 121, 364, 1093];
    let listed: Vec<u32> = knuth_gaps().into_iter().take(7).collect();
    let differ = listed
        .iter()
        .zip(doc_list)
        .filter(|(a, b)| **a != *b)
        .count();
    Claim::new(
        Doc::Ted,
        20,
        "Knuth's series \"(3^n-1)/2, or 1, 4, 13, 40, 121, 364, 1093, etc.\"",
    )
    .part(Part::claim(
        "terms of (3^n − 1)/2, n = 1..7, that differ from the printed list",
        Claimed::Exact(0.0),
        Measured::exact(differ as f64),
        Unit::Num(0),
    ))
    .note(format!(
        "(3^n − 1)/2 for n = 1..7: {}.",
        listed
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    ))
    .source("`knuth_gaps` (arithmetic)")
    .how("The terms computed as h = 3h + 1 from 1, compared with the printed ones.")
}

fn start_claim(r: &RunResults) -> Claim {
    let misses = r
        .gaps
        .iter()
        .filter(|g| g.integer != f64::from(rule_start(g.size)))
        .count();
    let d500 = r
        .gaps
        .iter()
        .find(|g| g.size == 500)
        .map_or(f64::NAN, |g| g.integer);
    let one = r.gaps.iter().find(|g| g.size == 1);
    Claim::new(
        Doc::Ted,
        22,
        "start \"one lower than the greatest D-value that is less than the sort size. Example: to sort 500 items, the starting value for D would be 121\"; lines 2110-2115 \"calculate the starting value for D\"",
    )
    .part(Part::claim(
        "D that lines 2110-2115 give for 500 items",
        Claimed::Exact(121.0),
        Measured::exact(d500),
        Unit::Num(0),
    ))
    .part(Part::claim(
        format!(
            "sizes, of the {} probed (every size where the rule changes, 1 to 32,767), where the lines differ from the rule",
            r.gaps.len()
        ),
        Claimed::Exact(0.0),
        Measured::exact(misses as f64),
        Unit::Num(0),
    ))
    .note(format!(
        "The rule itself gives {} for 500. SIZE = 1: D = {} with the drivers' DEFINT, {} in \
         single precision (the listing alone), which `IF D=0` misses.",
        rule_start(500),
        one.map_or(f64::NAN, |g| g.integer),
        one.map_or("?".into(), |g| format!("{:.7}", g.single).replace('-', "−"))
    ))
    .source("`start_gaps`: lines 2110 and 2115 of shell_metzner.bas for each probed size")
    .how(
        "The two lines, as the file holds them, run in a fresh session after SIZE = n, with \
         and without DEFINT A-Z; D is read back and compared with the rule (claims::runs::rule_start).",
    )
}

fn hibbard_claim(r: &RunResults) -> Claim {
    let pairs: Vec<(&Counts, &Counts)> = r.knuth.sets.iter().zip(&r.hibbard.sets).collect();
    Claim::new(
        Doc::Ted,
        24,
        "\"The strategy D=2^n-1 performed nearly as well\"",
    )
    .part(Part::claim(
        "speed with gaps 2^n − 1 over the speed with the listing's gaps",
        Claimed::Nearly {
            value: 1.0,
            exp: -2,
        },
        model_ratio_of(&pairs),
        Unit::Num(3),
    ))
    .note(format!(
        "Gaps 2^n − 1 (lines 2110, 2115, 2180 retyped): {} comparisons ({}), {} moves and {} \
         statements ({}) per data set against {}, {} and {}.",
        n0(r.hibbard.comparisons),
        pct(r.hibbard.comparisons / r.knuth.comparisons - 1.0),
        n0(r.hibbard.moves),
        n0(r.hibbard.statements),
        pct(r.hibbard.statements / r.knuth.statements - 1.0),
        n0(r.knuth.comparisons),
        n0(r.knuth.moves),
        n0(r.knuth.statements)
    ))
    .source("`shell_work`: shell_metzner.bas with HIBBARD_LINES typed over, 3 data sets")
    .how(
        "Shell-Metzner as printed and with the three lines of the 2^n − 1 gaps typed over \
         its own, on the common data sets; speed ratio = the listing's instructions over the \
         variant's, with the weight box's band data set by data set.",
    )
}

fn k_loop_claim(r: &RunResults) -> Claim {
    let pairs: Vec<(&Counts, &Counts)> = r.knuth.sets.iter().zip(&r.k_loop.sets).collect();
    Claim::new(
        Doc::Ted,
        26,
        "\"The defaulted K-loops increase the speed of the routine, as they are handled quite efficiently at the machine level\"",
    )
    .part(Part::claim(
        "time saved by the FOR K loop (left by `GOTO 2165`) against the same loop kept by IF and GOTO",
        Claimed::Positive,
        model_ratio_of(&pairs).map(|x| 1.0 - x),
        Unit::Pct(1),
    ))
    .note(format!(
        "The same {} comparisons and {} moves per data set; the FOR form executes {} \
         statements, the IF-GOTO form {}.",
        n0(r.knuth.comparisons),
        n0(r.knuth.moves),
        n0(r.knuth.statements),
        n0(r.k_loop.statements)
    ))
    .source("`shell_work`: shell_metzner.bas with K_LOOP_LINES typed over, 3 data sets")
    .how(
        "\"Defaulted\" is read as left before its end (the K loop is abandoned by GOTO 2165 \
         whenever T >= A(K)). The loop is retyped as `2140 K=J-D` and `2160 K=K-D: IF K>=1 \
         GOTO 2150` (the same comparisons and moves, checked by the sort's result); the \
         saving is 1 − FOR/IF-GOTO instructions with the weight box's band.",
    )
}

fn for_claim(r: &RunResults) -> Claim {
    let ((o1, n1), (o2, n2), (o3, _)) = (&r.for_same, &r.for_other, &r.for_chain);
    Claim::new(
        Doc::Ted,
        46,
        "\"if you re-initialize a loop using the same counter variable, no additional stack space is required\"",
    )
    .part(Part::claim(
        "restarts, of 1,000, of one `FOR I` left by a jump, before any error",
        Claimed::Exact(1000.0),
        Measured::exact(if *o1 == Stop::Ended { *n1 } else { n1 - 1.0 }),
        Unit::Num(0),
    ))
    .part(Part::claim(
        "restarts, of 1,000, of two `FOR I` statements taking turns, before any error",
        Claimed::Exact(1000.0),
        Measured::exact(if *o2 == Stop::Ended { *n2 } else { n2 - 1.0 }),
        Unit::Num(0),
    ))
    .note(format!(
        "A FOR statement executed again replaces its own entry and those above it; sixteen \
         different `FOR I` statements in a row, each left by a jump, stop with {} (each \
         takes an entry, digest §3.2).",
        outcome_text(o3)
    ))
    .source("`for_restarts`: three probe programs (FOR_SAME, FOR_OTHER, for_chain)")
    .how("Each probe runs in a fresh session; N counts the restarts made before it ends or stops.")
}

fn absorb_claim(res: &Results) -> Claim {
    let map = res.repeats.iter().find(|x| x.listing == MAP);
    Claim::new(
        Doc::Ted,
        52,
        "Array Map: \"Any matching values are absorbed; that is, if two or more elements have the same integer value, only one such element will survive the process\"",
    )
    .part(Part::claim(
        "values that still occur more than once in A() after Array Map, on 10,000 values with repeats",
        Claimed::Exact(0.0),
        Measured::exact(map.map_or(f64::NAN, |m| m.repeated_left as f64)),
        Unit::Num(0),
    ))
    .note(match map {
        Some(m) => format!(
            "It stops with {} after writing {} values ({} different values in the data): \
             N runs past MAXINT looking for values that are not there, and the rest of A() \
             keeps the data as it was.",
            outcome_text(&m.outcome),
            n0(m.written as f64),
            n0(m.distinct as f64)
        ),
        None => String::new(),
    })
    .source("`repeat_run`: array_map.bas on the Shell drivers' data line (repeats), seed 1")
    .how(
        "The listing runs on SIZE = MAXINT = 10,000 random integers with repeats (line 50 \
         typed as `A(J)=INT(RND*MAXINT)+1`); afterwards the values of A(1..10,000) that \
         occur more than once are counted.",
    )
}

fn map_claim(res: &Results) -> Claim {
    let t = &res.printed[MAP];
    let n = f64::from(SIZE);
    // 2410: FOR, then X(J)=0 and NEXT per value; 2420 the same with X(A(J))=-1;
    // 2430 N=0 once; 2450 N=N+1 on each entry of the line; 2460 A(K)=N per element
    let loop_body = |line: u16| {
        t.line(line)
            .map_or(0.0, |l| (l.statements as f64 / t.sets() - 1.0) / 2.0)
    };
    let clear = loop_body(2410);
    let flag = loop_body(2420);
    let step = t.line_hits(2450);
    let store = t.line_hits(2460);
    let zero = t.line_hits(2430);
    let per = (clear + flag + zero + step + store) / n;
    let wide = res.wide[MAP].as_ref().map(|w| w.line_hits(2450));
    Claim::new(
        Doc::Ted,
        54,
        "Array Map: \"Two variable assignments per data element, and it is finished\"",
    )
    .part(Part::claim(
        "assignments per element, 10,000 values 1..10,000",
        Claimed::Exact(2.0),
        Measured::exact(per),
        Unit::Num(2),
    ))
    .note(format!(
        "`X(J)=0` {} times (2410, once per possible value), `X(A(J))=-1` {}, `N=0` {}, \
         `N=N+1` {} (2450, once per value up to the largest), `A(K)=N` {}{}.",
        n0(clear),
        n0(flag),
        n0(zero),
        n0(step),
        n0(store),
        wide.map_or(String::new(), |w| format!(
            "; with values up to {} N=N+1 runs {} times",
            n0(f64::from(WIDE_MAXINT)),
            n0(w)
        ))
    ))
    .source("`measure_on`: array_map.bas, 3 data sets, per-line counts")
    .how(
        "The per-line counts of the sorting runs: statements of the one-line FOR loops at \
         2410 and 2420 (one FOR, then an assignment and a NEXT per pass), entries of 2430, \
         2450 and 2460; summed and divided by SIZE.",
    )
}

fn match_count_claim(res: &Results) -> Claim {
    let m = res.repeats.iter().find(|x| x.listing == MATCH);
    Claim::new(
        Doc::Ted,
        55,
        "Array Match: \"This adjustment accommodates repetitions of data values by counting them, then writing the totals back to A() accordingly\"",
    )
    .part(Part::claim(
        "values written back, of 10,000 with repeats",
        Claimed::Exact(f64::from(SIZE)),
        Measured::exact(m.map_or(f64::NAN, |m| m.written as f64)),
        Unit::Num(0),
    ))
    .note(match m {
        Some(m) => format!(
            "It stops with {} after writing {} values, one per different value ({}): 2550 \
             steps N on before it looks at X(N), so a value counted twice is written once.",
            outcome_text(&m.outcome),
            n0(m.written as f64),
            n0(m.distinct as f64)
        ),
        None => String::new(),
    })
    .source("`repeat_run`: array_match.bas on the Shell drivers' data line (repeats), seed 1")
    .how(
        "The listing runs on 10,000 random integers 1..10,000 with repeats; J (the output \
         position) at the stop gives the values written.",
    )
}

fn match_claim(r: &RunResults) -> Claim {
    let lines: Vec<String> = r
        .match_changes
        .iter()
        .map(|(n, _, _)| (n + 100).to_string())
        .collect();
    let others = r
        .match_changes
        .iter()
        .filter(|(n, _, _)| ![2420, 2470].contains(n))
        .count();
    Claim::new(
        Doc::Ted,
        56,
        "Array Match: \"The only changes from ARRAY MAP are at line 2520, plus the addition of line 2570\"",
    )
    .part(Part::claim(
        "lines that differ from Array Map's (numbers + 100) besides 2520 and 2570",
        Claimed::Exact(0.0),
        Measured::exact(others as f64),
        Unit::Num(0),
    ))
    .note(format!(
        "Lines that differ: {}; the output loop also runs on J instead of K.",
        lines.join(", ")
    ))
    .source("`match_changes`: array_map.bas and array_match.bas, line by line")
    .how("The routine's lines of both listings compared as text, Match renumbered by −100.")
}

fn bitmap_claim(res: &Results) -> Claim {
    let (o, written, distinct, ok, top) = &res.runs.bitmap_repeats;
    let printed_writes = if res.printed[BITMAP].per_set.is_empty() {
        f64::NAN
    } else {
        // as printed (`N<=SS`) A() comes back unchanged: the run is checked for it
        0.0
    };
    Claim::new(
        Doc::Ted,
        62,
        "Bitmap: \"Any matches in the data are absorbed ... only one would be written to the output\"; X() \"needs to be only 1/16 as large as the greatest integer\"",
    )
    .part(Part::claim(
        "values written back as printed (`N<=SS`), of data with 6,295 different values",
        Claimed::Exact(*distinct as f64),
        Measured::exact(printed_writes),
        Unit::Num(0),
    ))
    .part(Part::claim(
        "the same with `N<=SIZE`, in order",
        Claimed::Exact(*distinct as f64),
        Measured::exact(if *ok { *written as f64 } else { f64::NAN }),
        Unit::Num(0),
    ))
    .part(Part::claim(
        "the highest subscript of X() the routine uses, MAXINT = 10,000",
        Claimed::Exact(f64::from(SIZE) / 16.0),
        Measured::exact(*top),
        Unit::Num(0),
    ))
    .note(format!(
        "With `N<=SIZE` and 10,000 random values with repeats, it writes the {} different \
         values in order ({}); as printed SS is never set, so nothing is written back.",
        n0(*distinct as f64),
        outcome_text(o)
    ))
    .source("`bitmap_repeats`, `measure_on`: bitmap_sort.bas, bitmap_sort_fixed.bas")
    .how(
        "Bitmap as printed runs on the common data sets and is checked to leave A() \
         unchanged; with `N<=SIZE` it runs on data with repeats and A(1..N−1) is compared \
         with the sorted different values; line 510 loops EL = 0 to (MAXINT+15)\\16.",
    )
}

fn memory_claim(r: &RunResults) -> Claim {
    let fresh = f64::from(r.int_elements + 1);
    let loaded = f64::from(r.int_elements_loaded + 1);
    Claim::new(
        Doc::Ted,
        64,
        "\"In GW-BASIC, the memory limit for total integer array elements is approximately 25,000\"",
    )
    .part(Part::claim(
        "integer array elements GW-BASIC 3.23 dimensions",
        Claimed::About {
            value: 25_000.0,
            exp: 3,
        },
        Measured::within(
            fresh,
            loaded,
            fresh,
            "from Bitmap's program loaded to a fresh session",
        ),
        Unit::Num(0),
    ))
    .note(format!(
        "Single precision: X!({}) in a fresh session.",
        n0(f64::from(r.single_elements))
    ))
    .source("`largest_dim`: DIM probes, fresh and with bitmap_sort_fixed.bas loaded")
    .how(
        "A binary search for the largest n that `1 DIM X%(n): END` dimensions, in a fresh \
         session and typed as line 1 of Bitmap's program; elements are n + 1.",
    )
}

fn limit_claim(r: &RunResults) -> Claim {
    let (max, o) = &r.bitmap_max;
    Claim::new(
        Doc::Ted,
        66,
        "\"a list of 25,000 × 16, or 400,000, unique values could be sorted\"; \"another limitation of BASIC would restrict such a list to a maximum of 32767\"",
    )
    .part(Part::claim(
        "25,000 × 16",
        Claimed::Exact(400_000.0),
        Measured::exact(25_000.0 * 16.0),
        Unit::Num(0),
    ))
    .part(Part::claim(
        "the largest MAXINT Bitmap (`N<=SIZE`) sorts",
        Claimed::Exact(32_767.0),
        Measured::exact(f64::from(*max)),
        Unit::Num(0),
    ))
    .note(format!(
        "With MAXINT = {} it stops with {}: MAXINT + 15 leaves the integers before `\\16`.",
        n0(f64::from(max + 1)),
        outcome_text(o)
    ))
    .source("`bitmap_limit`: bitmap_sort_fixed.bas with ten values just under MAXINT")
    .how("A binary search over MAXINT for the largest with which the listing runs to the end.")
}
