//! The rows and the details section for the first document's other listings
//! ([`super::runs`]): what was run, the numbers, and the verdicts drawn from them.

use super::render::{header, n0, outcome_text, para, row, share};
use super::runs::{
    GROWTH_SIZES, HIBBARD_LINES, RETRY_LINES, RunResults, SHUFFLE_SEEDS, exponent, knuth_gaps,
    rule_start,
};
use super::table::{Claim, Doc, Verdict, method};
use super::*;

fn ratio_words(x: f64) -> String {
    if x >= 1.0 {
        format!("{x:.2} times")
    } else {
        format!("{:.0} % of", 100.0 * x)
    }
}

/// Sizes where lines 2110-2115 (integer D) disagree with the rule.
fn rule_misses(r: &RunResults) -> Vec<u32> {
    r.gaps
        .iter()
        .filter(|g| g.integer != f64::from(rule_start(g.size)))
        .map(|g| g.size)
        .collect()
}

/// The rows for the first document's other listings.
pub(super) fn claims(res: &Results) -> Vec<Claim> {
    let r = &res.runs;
    let mut out = Vec::new();
    let gaps = knuth_gaps();
    let listed: Vec<u32> = gaps.iter().copied().take(7).collect();
    let doc_list = [1u32, 4, 13, 40, 121, 364, 1093];
    out.push(
        Claim::new(
            Doc::Ted,
            20,
            "Knuth's series \"(3^n-1)/2, or 1, 4, 13, 40, 121, 364, 1093, etc.\"",
        )
        .computed(format!(
            "(3^n − 1)/2 for n = 1..7: {}",
            listed
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .method(method::EXACT)
        .verdict(Verdict::of(listed == doc_list), ""),
    );
    let misses = rule_misses(r);
    let g500 = r.gaps.iter().find(|g| g.size == 500);
    let one = r.gaps.iter().find(|g| g.size == 1);
    let d500 = g500.map_or(f64::NAN, |g| g.integer);
    out.push(
        Claim::new(
            Doc::Ted,
            22,
            "start \"one lower than the greatest D-value that is less than the sort size. Example: to sort 500 items, the starting value for D would be 121\"; lines 2110-2115 \"calculate the starting value for D\"",
        )
        .computed(format!(
            "the rule gives {} for 500; lines 2110-2115 give {} for 500, and agree with the \
             rule at {} of the {} sizes probed (every size where the rule changes, 1 to \
             32,767){}; SIZE = 1: D = {} with the drivers' DEFINT, {} in single precision",
            rule_start(500),
            d500,
            r.gaps.len() - misses.len(),
            r.gaps.len(),
            if misses.is_empty() {
                String::new()
            } else {
                format!(
                    ", not at {}",
                    misses
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            },
            one.map_or(f64::NAN, |g| g.integer),
            one.map_or("?".into(), |g| single(g.single)),
        ))
        .method(method::run("lines 2110-2115 as printed, for each probed size"))
        .verdict(
            if rule_start(500) == 121 && d500 == 121.0 && misses.is_empty() {
                Verdict::True
            } else {
                Verdict::Partly
            },
            if misses.is_empty() {
                "the lines implement the rule".to_string()
            } else {
                format!("the lines miss the rule at {} size(s)", misses.len())
            },
        ),
    );
    let ratio = r.hibbard.instructions / r.knuth.instructions;
    out.push(
        Claim::new(
            Doc::Ted,
            24,
            "\"The strategy D=2^n-1 performed nearly as well\"",
        )
        .computed(format!(
            "Shell-Metzner with gaps 2^n − 1 (lines 2110, 2115, 2180 retyped): {} comparisons \
             and {} moves per data set against {} and {} with the listing's own gaps; modelled \
             time {} the listing's",
            n0(r.hibbard.comparisons),
            n0(r.hibbard.moves),
            n0(r.knuth.comparisons),
            n0(r.knuth.moves),
            ratio_words(ratio)
        ))
        .method(method::run("3 data sets of 10,000, cost model"))
        .verdict(
            if ratio <= 1.0 {
                Verdict::Partly
            } else {
                Verdict::of(ratio < 1.10)
            },
            if ratio <= 1.0 {
                "it did better than the listing's gaps here".to_string()
            } else {
                format!(
                    "{:.0} % slower ({} within 10 %)",
                    100.0 * (ratio - 1.0),
                    if ratio < 1.10 { "" } else { "not" }
                )
                .replace("( within", "(within")
            },
        ),
    );
    let shell_pts: Vec<(f64, f64)> = r
        .growth
        .iter()
        .map(|g| (f64::from(g.size), g.shell))
        .collect();
    let map_pts: Vec<(f64, f64)> = r
        .growth
        .iter()
        .map(|g| (f64::from(g.size), g.map))
        .collect();
    let (bs, bm) = (exponent(&shell_pts), exponent(&map_pts));
    out.push(
        Claim::new(
            Doc::Ted,
            14,
            "the linear methods \"are exponentially faster and more economical than any traditional sorting routine\"",
        )
        .computed(format!(
            "from {} to {} elements Shell-Metzner's work grows like N^{bs:.2}, Array Map's \
             like N^{bm:.2}: the gap grows like N^{:.2}",
            n0(f64::from(GROWTH_SIZES[0])),
            n0(f64::from(GROWTH_SIZES[GROWTH_SIZES.len() - 1])),
            bs - bm
        ))
        .method(method::run("both listings at 4 sizes, cost model"))
        .verdict(
            Verdict::False,
            "the advantage grows like a small power of N, not exponentially",
        ),
    );
    out.push(quick_claim(r));
    out.push(best_claim(res));
    out.push(map_claim(res));
    out.push(match_claim(r));
    out.push(bitmap_claims(res));
    out.push(memory_claim(r));
    out.push(limit_claim(r));
    out.push(for_claim(r));
    out.extend(shuffle_claims(r));
    out
}

fn quick_claim(r: &RunResults) -> Claim {
    let (depth, o) = &r.gosub;
    Claim::new(
        Doc::Ted,
        12,
        "the Quicksort \"is recursive, and that causes GW-BASIC to run out of stack space in a hurry\"",
    )
    .computed(format!(
        "GOSUB nests {depth} deep, then {}; a Quicksort with the first element as pivot \
         recurses {} deep on the 10,000-value data sets when it calls itself for both parts \
         ({} deep on sorted data), {} deep when it calls itself for the smaller part only",
        outcome_text(o),
        r.quick_random,
        n0(r.quick_sorted as f64),
        r.quick_smaller
    ))
    .method(method::run("a GOSUB probe; the recursion depth counted in Rust"))
    .verdict(
        {
            let fits = |d: usize| (d as u64) < *depth;
            match (fits(r.quick_random), fits(r.quick_smaller)) {
                (false, true) | (true, false) => Verdict::Partly,
                (false, false) => Verdict::True,
                (true, true) => Verdict::False,
            }
        },
        {
            let fits = |d: usize| if (d as u64) < *depth { "fits" } else { "does not fit" };
            format!(
                "the plain recursion {}, the smaller-part-first recursion {}",
                fits(r.quick_random),
                fits(r.quick_smaller)
            )
        },
    )
}

fn best_claim(res: &Results) -> Claim {
    let sm = res.printed[SHELL_METZNER].line_hits(2150);
    Claim::new(
        Doc::Ted,
        10,
        "\"Of the remaining options, the Shell Sort performed by far the best in my testing\"",
    )
    .computed(format!(
        "the other sorts he tried are not printed; against the one that is (Sort Randoms' \
         exchange sort), {} comparisons per 10,000 values against {}",
        n0(sm),
        n0(res.runs.exchange_sort_10k as f64)
    ))
    .method(method::run(
        "Shell-Metzner; the exchange sort compares every pair once",
    ))
    .verdict(Verdict::NotCheckable, "his other sorts are not given")
}

fn map_claim(res: &Results) -> Claim {
    let t = &res.printed[MAP];
    let n = f64::from(SIZE);
    let walk = t.line_hits(2450);
    let per = (f64::from(SIZE) + n + walk + n) / n;
    let wide = res.wide[MAP].as_ref().map(|w| w.line_hits(2450));
    Claim::new(
        Doc::Ted,
        54,
        "Array Map: \"Two variable assignments per data element, and it is finished\"",
    )
    .computed(format!(
        "per run of {} values 1..{}: `X(J)=0` {} times (2410, once per possible value), \
         `X(A(J))=-1` {}, `N=N+1` {} (2450, once per value up to the largest), `A(K)=N` {}: \
         {per:.1} assignments and {:.1} statements per element{}",
        n0(n),
        n0(n),
        n0(f64::from(SIZE)),
        n0(n),
        n0(walk),
        n0(n),
        t.mean_statements() / n,
        wide.map_or(String::new(), |w| format!(
            "; with values up to {} N=N+1 runs {} times",
            n0(f64::from(WIDE_MAXINT)),
            n0(w)
        ))
    ))
    .method(method::run("3 data sets, per-line counts"))
    .verdict(
        Verdict::of(per <= 2.5),
        "two per element plus two per possible value: the work grows with MAXINT",
    )
}

fn match_claim(r: &RunResults) -> Claim {
    let lines: Vec<String> = r
        .match_changes
        .iter()
        .map(|(n, _, _)| (n + 100).to_string())
        .collect();
    let only = r
        .match_changes
        .iter()
        .all(|(n, _, _)| [2420, 2470].contains(n));
    Claim::new(
        Doc::Ted,
        56,
        "Array Match: \"The only changes from ARRAY MAP are at line 2520, plus the addition of line 2570\"",
    )
    .computed(format!(
        "lines that differ from Array Map's (numbers + 100): {}",
        lines.join(", ")
    ))
    .method(method::READ)
    .verdict(
        Verdict::of(only),
        if only {
            "".to_string()
        } else {
            "the output loop also runs on J instead of K (`FOR J`, `A(J)=N`, `NEXT J`)"
                .to_string()
        },
    )
}

fn bitmap_claims(res: &Results) -> Claim {
    let (o, written, distinct, ok) = &res.runs.bitmap_repeats;
    let words = *ok && *written == *distinct && *o == Outcome::Ended;
    Claim::new(
        Doc::Ted,
        62,
        "Bitmap: \"Any matches in the data are absorbed ... only one would be written to the output\"; X() \"needs to be only 1/16 as large as the greatest integer\"",
    )
    .computed(format!(
        "with `N<=SIZE` and {} random values with repeats: {} written back, the {} different \
         values in order ({}); X() needs (MAXINT+15)\\16 + 1 = {} words for MAXINT = {}; as \
         printed (`N<=SS`) nothing is written back",
        n0(f64::from(SIZE)),
        n0(*written as f64),
        n0(*distinct as f64),
        outcome_text(o),
        SIZE.div_ceil(16) + 1,
        n0(f64::from(SIZE))
    ))
    .method(method::run("Bitmap (`N<=SIZE`), the Shell drivers' data line"))
    .verdict(
        if words {
            Verdict::Partly
        } else {
            Verdict::False
        },
        "true once SS is replaced by SIZE; the printed listing writes nothing",
    )
}

fn memory_claim(r: &RunResults) -> Claim {
    let n = r.int_elements;
    Claim::new(
        Doc::Ted,
        64,
        "\"In GW-BASIC, the memory limit for total integer array elements is approximately 25,000\"",
    )
    .computed(format!(
        "the largest integer array a fresh GW-BASIC 3.23 dimensions is X%({}) ({} elements; \
         single precision X!({}))",
        n0(f64::from(n)),
        n0(f64::from(n + 1)),
        n0(f64::from(r.single_elements))
    ))
    .method(method::run("DIM probes in a fresh session"))
    .verdict(
        if (f64::from(n + 1) / 25_000.0 - 1.0).abs() < 0.1 {
            Verdict::True
        } else {
            Verdict::Partly
        },
        format!(
            "about {}, {} than 25,000; less with a program and other data loaded",
            n0((f64::from(n + 1) / 1000.0).round() * 1000.0),
            if n + 1 > 25_000 { "more" } else { "fewer" }
        ),
    )
}

fn limit_claim(r: &RunResults) -> Claim {
    let (max, o) = &r.bitmap_max;
    Claim::new(
        Doc::Ted,
        66,
        "\"a list of 25,000 × 16, or 400,000, unique values could be sorted\"; \"another limitation of BASIC would restrict such a list to a maximum of 32767\"",
    )
    .computed(format!(
        "25,000 × 16 = {}; the integers stop at 32,767; Bitmap sorts up to MAXINT = {} and \
         with MAXINT = {} stops with {} (MAXINT + 15 leaves the integers before `\\16`)",
        n0(25_000.0 * 16.0),
        n0(f64::from(*max)),
        n0(f64::from(max + 1)),
        outcome_text(o)
    ))
    .method(method::run("Bitmap (`N<=SIZE`) with values just under MAXINT"))
    .verdict(
        if *max < 32_767 {
            Verdict::Partly
        } else {
            Verdict::True
        },
        if *max < 32_767 {
            format!(
                "the arithmetic is right, but line 510 overflows {} short of 32,767",
                32_767 - max
            )
        } else {
            "".to_string()
        },
    )
}

fn for_claim(r: &RunResults) -> Claim {
    let same_ok = r.for_same == Outcome::Ended;
    Claim::new(
        Doc::Ted,
        46,
        "\"if you re-initialize a loop using the same counter variable, no additional stack space is required\"",
    )
    .computed(format!(
        "1,000 restarts of one `FOR I` after jumping out of it: {}; two `FOR I` statements \
         taking turns 1,000 times: {}; sixteen different `FOR I` statements in a row, each \
         left by a jump: {}",
        outcome_text(&r.for_same),
        outcome_text(&r.for_other),
        outcome_text(&r.for_chain)
    ))
    .method(method::run("three probe programs (digest §3.2)"))
    .verdict(
        Verdict::of(same_ok),
        if same_ok && r.for_chain != Outcome::Ended {
            "the same FOR statement reuses its entry (and drops those above it); different \
             FOR statements on the same variable each take one"
        } else if same_ok {
            "the same FOR statement reuses its entry"
        } else {
            "even the same FOR statement piles up entries"
        },
    )
}

fn shuffle_claims(r: &RunResults) -> Vec<Claim> {
    let sr = &r.sort_randoms;
    let n = 52.0;
    let bubble_swaps = n * (n - 1.0) / 4.0;
    let coll = &r.collection;
    let retry = &r.retry;
    let mut out = vec![
        Claim::new(
            Doc::Ted,
            70,
            "Sort Randoms: \"For the sake of simplicity, a Bubble Sort is used in this example\"",
        )
        .computed(format!(
            "lines 3020-3040 compare X(J) with every later X(K) and swap at once: an \
             exchange sort (a selection sort by swaps); on 52 cards {} comparisons and {:.1} ± \
             {:.1} swaps (SWAP pairs) per shuffle; a bubble sort compares neighbours and makes \
             exactly the inversions, {} on average",
            n0(sr.comparisons),
            sr.swaps_mean,
            sr.swaps_se,
            n0(bubble_swaps)
        ))
        .method(method::run(&format!(
            "sort_randoms.bas, {} seeds, per-line counts",
            sr.seeds
        )))
        .verdict(Verdict::False, "it is an exchange sort, not a bubble sort"),
    ];
    let ratio = sr.instructions / coll[0].instructions;
    out.push(
        Claim::new(
            Doc::Ted,
            72,
            "after Sort Randoms: \"One can do far better, however, in terms of speed\" (the Collection Shuffle)",
        )
        .computed(format!(
            "per 52-card shuffle: Sort Randoms {} statements, {} instructions; Collection \
             Shuffle {} statements, {} instructions ({ratio:.1} times less)",
            n0(sr.statements),
            n0(sr.instructions),
            n0(coll[0].statements),
            n0(coll[0].instructions)
        ))
        .method(method::run(&format!("both listings, {SHUFFLE_SEEDS} seeds, cost model")))
        .verdict(Verdict::of(ratio > 2.0), ""),
    );
    let per = |w: &super::runs::ShuffleWork| w.statements / f64::from(w.size);
    let one_draw = coll.iter().all(|w| w.draws == f64::from(w.size));
    out.push(
        Claim::new(
            Doc::Ted,
            74,
            "the Collection Shuffle: \"Being another linear algorithm, it is more or less as fast as possible\"",
        )
        .computed(format!(
            "{:.2} statements and {:.0} instructions per element for 52 cards, {:.2} and {:.0} \
             for {}; {} RND calls per element",
            per(&coll[0]),
            coll[0].instructions / 52.0,
            per(&coll[1]),
            coll[1].instructions / f64::from(coll[1].size),
            n0(f64::from(coll[1].size)),
            if one_draw { "1".to_string() } else { format!("{:.2}", coll[0].draws / 52.0) }
        ))
        .method(method::run("collection_shuffle.bas, cost model"))
        .verdict(
            Verdict::of((per(&coll[0]) - per(&coll[1])).abs() / per(&coll[1]) < 0.05),
            if one_draw {
                "constant work per element, one draw each"
            } else {
                "constant work per element"
            },
        ),
    );
    let t52 = retry[0].instructions / coll[0].instructions;
    let t10k = retry[1].instructions / coll[1].instructions;
    let h = |n: f64| (1..=n as u64).map(|i| 1.0 / i as f64).sum::<f64>();
    let three = |x: f64| (2.5..3.5).contains(&x);
    out.push(
        Claim::new(
            Doc::Ted,
            76,
            "a retry routine \"invariably runs approximately three times as long as the more robust setup (perhaps pi (3.14) is the actual average runtime, or is it e (2.72)?)\"",
        )
        .computed(format!(
            "modelled time of a retry routine (the document prints none; written here in the \
             listing's style) over the Collection Shuffle: {t52:.2} for 52 cards, {t10k:.2} \
             for {}; draws: {:.2} and {:.2} per element (exact n·H_n/n = {:.2} and {:.2})",
            n0(f64::from(retry[1].size)),
            retry[0].draws / 52.0,
            retry[1].draws / f64::from(retry[1].size),
            h(52.0),
            h(f64::from(retry[1].size))
        ))
        .method(method::run(&format!(
            "both routines, {SHUFFLE_SEEDS} seeds (52) and 3 (10,000), cost model"
        )))
        .verdict(
            if three(t52) && three(t10k) {
                Verdict::True
            } else if three(t52) || three(t10k) {
                Verdict::Partly
            } else {
                Verdict::False
            },
            format!(
                "the time ratio is {t52:.2} at 52 cards and {t10k:.2} at {}: it {} with the \
                 size (the draws grow like ln n), so no constant, neither pi nor e",
                n0(f64::from(retry[1].size)),
                if t10k > t52 { "grows" } else { "changes" }
            ),
        ),
    );
    let d = &r.deal;
    let saving = 1.0 - d.packed_instructions / d.instructions;
    out.push(
        Claim::new(
            Doc::Ted,
            100,
            "\"this entire routine could be packed into a single logical line, saving 5-6% runtime\"",
        )
        .computed(format!(
            "lines 7010-7080 joined into one line ({} characters, the same hands: {}): {} \
             fewer instructions per deal",
            d.packed_line.len(),
            if d.same_hands { "yes" } else { "NO" },
            share(saving)
        ))
        .method(method::run(&format!("deal52.bas both ways, {SHUFFLE_SEEDS} seeds, cost model")))
        .verdict(
            if (0.05..=0.06).contains(&saving) {
                Verdict::True
            } else if saving > 0.0 {
                Verdict::Partly
            } else {
                Verdict::False
            },
            if saving > 0.0 {
                format!("it saves {} in the model", share(saving))
            } else {
                "no saving in the model".to_string()
            },
        ),
    );
    out.push(rate_claim(r));
    out
}

/// The author's machine as a multiple of a 4.77 MHz 8088, from Shell-Metzner's time.
fn sort_speed(knuth_instructions: f64) -> f64 {
    let seconds = knuth_instructions * CYCLES_PER_INSTRUCTION / (DEFAULT_CLOCK_MHZ * 1e6);
    seconds / REFERENCE_SECONDS
}

fn rate_claim(r: &RunResults) -> Claim {
    let d = &r.deal;
    let rate = 2200.0;
    let per_second_8088 = DEFAULT_CLOCK_MHZ * 1e6 / CYCLES_PER_INSTRUCTION;
    let deal_speed = rate * d.instructions / per_second_8088;
    let sort = sort_speed(r.knuth.instructions);
    Claim::new(
        Doc::Ted,
        102,
        "\"my Pentium-4 generates more than 2,200 deals per second in immediate mode, and nearly 8,000 deals per second compiled\"",
    )
    .computed(format!(
        "a deal is {} statements, {} RND calls, {} modelled 8086 instructions; 2,200 deals/s \
         means {} statements/s, a machine {:.0} times a 4.77 MHz 8088; Shell-Metzner's 1.21 s \
         implies {:.0} times",
        n0(d.statements),
        n0(d.draws),
        n0(d.instructions),
        n0(rate * d.statements),
        deal_speed,
        sort
    ))
    .method(method::run(&format!("deal52.bas, {SHUFFLE_SEEDS} seeds, cost model")))
    .verdict(
        if (deal_speed / sort - 1.0).abs() < 0.5 {
            Verdict::True
        } else {
            Verdict::Partly
        },
        format!(
            "the interpreted rate is {} with the sort timings (the two imply machines {:.1} \
             times apart); the compiled rate needs a compiler",
            if (deal_speed / sort - 1.0).abs() < 0.5 {
                "consistent"
            } else {
                "not consistent"
            },
            (deal_speed / sort).max(sort / deal_speed)
        ),
    )
}

// ---------------------------------------------------------------- details

pub(super) fn render(md: &mut String, res: &Results) {
    let r = &res.runs;
    let _ = writeln!(md, "## More of the first document's listings, run\n");
    para(
        md,
        "Each listing is read from `basic/` and run in gwrun as in the sorting section; the \
         few programs written here are shown with their text. Counts are per run (per data \
         set for the sorts: the same three data sets of 10,000).",
    );
    let _ = writeln!(md, "### Knuth's gaps: lines 2110–2115 against the rule\n");
    header_lines(md);
    for g in &r.gaps {
        if g.size <= 5 || [13, 14, 40, 41, 121, 122, 500, 10_000, 32_767].contains(&g.size) {
            row(
                md,
                &[
                    n0(f64::from(g.size)),
                    n0(f64::from(rule_start(g.size))),
                    single(g.integer),
                    single(g.single),
                ],
            );
        }
    }
    md.push('\n');
    let misses = rule_misses(r);
    let one = r.gaps.iter().find(|g| g.size == 1);
    let (o, a) = &r.size_one;
    para(
        md,
        &format!(
            "Probed: every size where the rule's answer changes ({} sizes from 1 to 32,767); \
             the lines {}. The rule: the greatest of {} below the size, then the one before \
             it (1 when there is none). SIZE = 1 as printed, without DEFINT: {} \
             Shell-Metzner then {} with A(1) = {}.",
            r.gaps.len(),
            if misses.is_empty() {
                "agree with it at every one".to_string()
            } else {
                format!("disagree at {misses:?}")
            },
            knuth_gaps()
                .iter()
                .take(8)
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
                + ", ...",
            match one.map(|g| g.single) {
                Some(d) if d != 0.0 && d.fract() != 0.0 => format!(
                    "D = {} is not 0, so `IF D=0 THEN D=1` misses it and the WHILE runs with \
                     it;",
                    single(d)
                ),
                Some(d) => format!("D = {};", single(d)),
                None => String::new(),
            },
            outcome_text(o),
            a.get(1).copied().unwrap_or(0)
        ),
    );
    let _ = writeln!(md, "### Gaps 2^n − 1\n");
    para(
        md,
        &format!(
            "Shell-Metzner with these lines typed over its own:\n\n    {}\n\n(start one \
             below the greatest 2^n − 1 under the size, as Knuth's rule does with its own \
             gaps). For {} elements they give the gaps {}.",
            HIBBARD_LINES.join("\n    "),
            n0(f64::from(SIZE)),
            r.hibbard_gaps
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    header(
        md,
        &[
            "gaps",
            "comparisons",
            "moves",
            "statements",
            "instructions, gw",
        ],
    );
    for (name, w) in [("the listing's", &r.knuth), ("2^n − 1", &r.hibbard)] {
        row(
            md,
            &[
                name.to_string(),
                n0(w.comparisons),
                n0(w.moves),
                n0(w.statements),
                n0(w.instructions),
            ],
        );
    }
    md.push('\n');
    let _ = writeln!(md, "### How the work grows\n");
    header(
        md,
        &[
            "elements",
            "Shell-Metzner instructions",
            "its comparisons",
            "Array Map instructions",
            "Shell-Metzner / Array Map",
        ],
    );
    for g in &r.growth {
        row(
            md,
            &[
                n0(f64::from(g.size)),
                n0(g.shell),
                n0(g.shell_comparisons),
                n0(g.map),
                format!("{:.1}", g.shell / g.map),
            ],
        );
    }
    md.push('\n');
    para(
        md,
        "One data set per size (the first seed's shuffle of 1..N, MAXINT = N). A power law \
         through the smallest and largest size gives the exponents in the table of claims.",
    );
    let _ = writeln!(md, "### Limits\n");
    let (depth, go) = &r.gosub;
    let (max, bo) = &r.bitmap_max;
    para(
        md,
        &format!(
            "`10 DIM X%(n)` in a fresh session succeeds up to n = {}; `X!(n)` up to {}. \
             `10 N=N+1: GOSUB 10` nests {} GOSUBs, then {}. Bitmap (`N<=SIZE`, X() dimensioned \
             2048, ten values counting down from MAXINT) sorts with MAXINT = {} and stops \
             with {} at MAXINT = {}.",
            n0(f64::from(r.int_elements)),
            n0(f64::from(r.single_elements)),
            depth,
            outcome_text(go),
            n0(f64::from(*max)),
            outcome_text(bo),
            n0(f64::from(max + 1))
        ),
    );
    let _ = writeln!(md, "### Shuffles and the deal\n");
    para(
        md,
        &format!(
            "The retry routine, typed over the Collection Shuffle's lines 7010–7070 (A() holds \
             1..SIZE, so 0 marks a taken place):\n\n    {}\n",
            RETRY_LINES
                .iter()
                .filter(|l| l.contains(' '))
                .copied()
                .collect::<Vec<_>>()
                .join("\n    ")
        ),
    );
    header(
        md,
        &[
            "routine",
            "elements",
            "statements",
            "RND calls",
            "instructions, gw",
        ],
    );
    let sr = &r.sort_randoms;
    row(
        md,
        &[
            "Sort Randoms".into(),
            "52".into(),
            n0(sr.statements),
            "52".into(),
            n0(sr.instructions),
        ],
    );
    for (name, ws) in [("Collection Shuffle", &r.collection), ("retry", &r.retry)] {
        for w in ws.iter() {
            row(
                md,
                &[
                    name.to_string(),
                    n0(f64::from(w.size)),
                    n0(w.statements),
                    n0(w.draws),
                    n0(w.instructions),
                ],
            );
        }
    }
    let d = &r.deal;
    row(
        md,
        &[
            "Deal 52 Cards".into(),
            "52".into(),
            n0(d.statements),
            n0(d.draws),
            n0(d.instructions),
        ],
    );
    row(
        md,
        &[
            "Deal 52 Cards, packed".into(),
            "52".into(),
            "—".into(),
            "—".into(),
            n0(d.packed_instructions),
        ],
    );
    md.push('\n');
    para(
        md,
        &format!(
            "Means over {SHUFFLE_SEEDS} seeds (3 for 10,000 elements). The packed deal, \
             joined from the listing's own statements:\n\n    {}\n",
            d.packed_line
        ),
    );
}

/// A value as GW-BASIC prints a single: whole numbers with separators, else 7 digits.
fn single(x: f64) -> String {
    if x.fract() == 0.0 {
        n0(x)
    } else {
        format!("{:.7}", x).replace('-', "−")
    }
}

fn header_lines(md: &mut String) {
    header(
        md,
        &[
            "SIZE",
            "the rule",
            "D from 2110–2115, DEFINT A-Z",
            "D, single precision",
        ],
    );
}
