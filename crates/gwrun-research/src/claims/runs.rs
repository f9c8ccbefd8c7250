//! The first document's other checkable statements, run in gwrun: Knuth's gap rule and
//! what lines 2110-2115 make of it for every size, the D = 2^n − 1 variant, how the
//! work grows with the size, Array Map's assignments, the integer-array memory limit,
//! where Bitmap's line 510 overflows, GOSUB depth against a recursive Quicksort, a FOR
//! restarted with the same variable, Sort Randoms' comparisons and swaps, the Collection
//! Shuffle against a retry routine, and the deal routine's speed and packing. Every
//! listing is read from `basic/` (so an edited listing changes these numbers); the few
//! programs written here (the retry routine, the probes) are marked as such.

use super::text::{Source, program_lines, read_source};
use super::*;

/// Knuth's gaps (3^k − 1)/2 up to 32,767, as the document lists them: 1, 4, 13, ...
pub fn knuth_gaps() -> Vec<u32> {
    let mut out = Vec::new();
    let mut h = 1u32;
    while h <= 32_767 {
        out.push(h);
        h = 3 * h + 1;
    }
    out
}

/// The document's rule: one below the greatest gap under the size (1 if none).
pub fn rule_start(size: u32) -> u32 {
    let gaps = knuth_gaps();
    let below: Vec<u32> = gaps.iter().copied().filter(|&h| h < size).collect();
    match below.len() {
        0 | 1 => 1,
        k => below[k - 2],
    }
}

/// A program's outcome and session after typing `edits` over `text` and running it.
fn run_text(text: &str, edits: &[String]) -> Result<(Session, Outcome), ClaimsError> {
    let mut s = Session::captured(b"");
    s.load_source(text.as_bytes())
        .map_err(|err| ClaimsError::Load {
            file: "(program)".into(),
            err,
        })?;
    for e in edits {
        type_line(&mut s, "(program)", e)?;
    }
    let outcome = s.run();
    Ok((s, outcome))
}

/// Counts (gw model) and statements of the lines first..=last of a finished run.
fn range_counts(s: &Session, first: u16, last: u16) -> (Counts, u64, Vec<LineCost>) {
    let report = s.cost_report(GotoModel::Gw);
    let lines: Vec<LineCost> = report
        .lines
        .iter()
        .filter(|l| (first..=last).contains(&l.number))
        .cloned()
        .collect();
    let statements = lines.iter().map(|l| l.statements).sum();
    (sum_counts(lines.iter()), statements, lines)
}

fn hits(lines: &[LineCost], n: u16) -> u64 {
    lines.iter().find(|l| l.number == n).map_or(0, |l| l.hits)
}

fn statements_of(lines: &[LineCost], n: u16) -> u64 {
    lines
        .iter()
        .find(|l| l.number == n)
        .map_or(0, |l| l.statements)
}

fn line_text(src: &Source, n: u16) -> Result<&str, ClaimsError> {
    program_lines(src)?
        .into_iter()
        .find(|(m, _)| *m == n)
        .map(|(_, body)| body)
        .ok_or_else(|| ClaimsError::NoRoutine {
            file: src.file.clone(),
            first: n,
            last: n,
        })
}

// ---------------------------------------------------------------- Knuth's gaps

/// D as lines 2110-2115 leave it for one size, with and without the drivers' DEFINT.
#[derive(Debug, Clone, Copy)]
pub struct StartGap {
    pub size: u32,
    pub integer: f64,
    pub single: f64,
}

/// Lines 2110 and 2115 of Shell-Metzner (as the file holds them) run for each size.
pub fn start_gaps(src: &Source, sizes: &[u32]) -> Result<Vec<StartGap>, ClaimsError> {
    let l2110 = line_text(src, 2110)?;
    let l2115 = line_text(src, 2115)?;
    let mut out = Vec::new();
    for &size in sizes {
        let mut d = [0.0; 2];
        for (slot, defint) in d.iter_mut().zip([true, false]) {
            let text = format!(
                "{}20 SIZE={size}\n2110 {l2110}\n2115 {l2115}\n",
                if defint { "10 DEFINT A-Z\n" } else { "" }
            );
            let (s, outcome) = run_text(&text, &[])?;
            if outcome != Outcome::Ended {
                return Err(ClaimsError::Unexpected {
                    file: src.file.clone(),
                    seed: 0,
                    expected: format!("lines 2110-2115 to run for SIZE={size}"),
                    got: format!("{outcome:?}"),
                });
            }
            *slot = s.scalar_f64("D").unwrap_or(f64::NAN);
        }
        out.push(StartGap {
            size,
            integer: d[0],
            single: d[1],
        });
    }
    Ok(out)
}

/// The sizes where the rule can change: 1..=20, around every gap, the document's 500
/// and 10,000, and 32,767.
pub fn probe_sizes() -> Vec<u32> {
    let mut v: Vec<u32> = (1..=20).collect();
    for h in knuth_gaps() {
        for s in [h.saturating_sub(1), h, h + 1, h + 2] {
            if (1..=32_767).contains(&s) {
                v.push(s);
            }
        }
    }
    v.extend([500, 10_000, 32_767]);
    v.sort_unstable();
    v.dedup();
    v
}

/// Shell-Metzner as printed in single precision (the drivers' DEFINT removed) with
/// SIZE = 1: where D = −1/3 goes.
pub fn single_size_one(src: &Source) -> Result<(Outcome, Vec<i64>), ClaimsError> {
    let edits = [
        "10 REM no DEFINT: single precision, as the listing alone".to_string(),
        "20 SIZE=1: MAXINT=1: SEED=1".to_string(),
        "50 A(1)=7".to_string(),
        "60".to_string(),
        "70".to_string(),
    ];
    let (s, outcome) = run_text(&src.text, &edits)?;
    let a = s
        .array_values("A")
        .map(|v| v.iter().map(|&x| x as i64).collect())
        .unwrap_or_default();
    Ok((outcome, a))
}

// ---------------------------------------------------------------- D = 2^n − 1

/// The lines that turn Shell-Metzner's gaps into 2^n − 1: start one below the greatest
/// 2^n − 1 under the size (Knuth's rule carried over), halve with `\2`.
pub const HIBBARD_LINES: [&str; 3] = [
    "2110 DLOOPS=INT(LOG(SIZE)/LOG(2))-1",
    "2115 D=2^DLOOPS-1: IF D<1 THEN D=1",
    "2180 D=D\\2",
];

/// Per data set: instructions, comparisons (hits of 2150), moves (hits of 2155) of
/// Shell-Metzner with `edits` typed in.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShellWork {
    pub instructions: f64,
    pub comparisons: f64,
    pub moves: f64,
    pub statements: f64,
}

fn shell_work(src: &Source, data: &[Data], edits: &[String]) -> Result<ShellWork, ClaimsError> {
    let l = &LISTINGS[SHELL_METZNER];
    let mut w = ShellWork::default();
    for d in data {
        let mut s = prepared(src, &d.params, &d.line)?;
        for e in edits {
            type_line(&mut s, &src.file, e)?;
        }
        let outcome = s.run();
        check_outcome(&s, src, l, &outcome, d)?;
        let (c, st, lines) = range_counts(&s, l.first, l.last);
        w.instructions += c.instructions();
        w.statements += st as f64;
        w.comparisons += hits(&lines, 2150) as f64;
        w.moves += hits(&lines, 2155) as f64;
    }
    let k = data.len().max(1) as f64;
    Ok(ShellWork {
        instructions: w.instructions / k,
        comparisons: w.comparisons / k,
        moves: w.moves / k,
        statements: w.statements / k,
    })
}

/// Times per data set that Shell-Metzner's 2165 stores T where it came from (the K loop
/// moved nothing: K + D = J): line 2165 retyped with a counter after its assignment.
fn in_place(src: &Source, data: &[Data]) -> Result<f64, ClaimsError> {
    let body = line_text(src, 2165)?;
    let edit = format!(
        "2165 {}: IF K+D=J THEN ZZ=ZZ+1",
        strip_comment(body).trim_end()
    );
    let mut total = 0.0;
    for d in data {
        let mut s = prepared(src, &d.params, &d.line)?;
        // a double counter: the count can pass 32,767
        type_line(&mut s, &src.file, "15 DEFDBL Z")?;
        type_line(&mut s, &src.file, &edit)?;
        let outcome = s.run();
        check_outcome(&s, src, &LISTINGS[SHELL_METZNER], &outcome, d)?;
        total += s.scalar_f64("ZZ").unwrap_or(0.0);
    }
    Ok(total / data.len().max(1) as f64)
}

/// The gaps HIBBARD_LINES give for SIZE: 2110 and 2115 run, then 2180 until 0.
fn hibbard_gaps() -> Result<Vec<i64>, ClaimsError> {
    let text = format!(
        "10 DEFINT A-Z\n20 SIZE={SIZE}\n30 DIM G(40)\n{}\n{}\n2120 WHILE D: NG=NG+1: G(NG)=D\n{}\n2190 WEND\n",
        HIBBARD_LINES[0], HIBBARD_LINES[1], HIBBARD_LINES[2]
    );
    let (s, o) = run_text(&text, &[])?;
    if o != Outcome::Ended {
        return Err(ClaimsError::Unexpected {
            file: "(2^n - 1 gaps)".into(),
            seed: 0,
            expected: "the gap lines to run".into(),
            got: format!("{o:?}"),
        });
    }
    let n = s.scalar_f64("NG").unwrap_or(0.0) as usize;
    Ok(s.array_values("G")
        .unwrap_or_default()
        .iter()
        .skip(1)
        .take(n)
        .map(|&x| x as i64)
        .collect())
}

// ---------------------------------------------------------------- growth

/// Instructions of Shell-Metzner and Array Map on one data set of each size.
#[derive(Debug, Clone, Copy)]
pub struct Growth {
    pub size: u32,
    pub shell: f64,
    pub shell_comparisons: f64,
    pub map: f64,
}

pub const GROWTH_SIZES: [u32; 4] = [1_000, 2_000, 5_000, 10_000];

fn growth(sm: &Source, map: &Source) -> Result<Vec<Growth>, ClaimsError> {
    let mut out = Vec::new();
    for &size in &GROWTH_SIZES {
        let seed = SEEDS[0];
        let params = format!("20 SIZE={size}: MAXINT={size}: SEED={seed}");
        let d = capture_n(sm, seed, params, DATA_LINE.into(), size)?;
        let s = shell_work(sm, std::slice::from_ref(&d), &[])?;
        let m = measure_on(map, &LISTINGS[MAP], Spacing::AsPrinted, &d)?;
        out.push(Growth {
            size,
            shell: s.instructions,
            shell_comparisons: s.comparisons,
            map: m.gw.instructions(),
        });
    }
    Ok(out)
}

/// The exponent b of a power law a·N^b through the first and last points.
pub fn exponent(points: &[(f64, f64)]) -> f64 {
    match (points.first(), points.last()) {
        (Some(a), Some(b)) if b.0 > a.0 => (b.1 / a.1).ln() / (b.0 / a.0).ln(),
        _ => f64::NAN,
    }
}

// ---------------------------------------------------------------- memory, overflow, stack

/// The largest n for which `DIM X<suffix>(n)` succeeds in a fresh session.
fn largest_dim(suffix: &str) -> Result<u32, ClaimsError> {
    let fits = |n: u32| -> Result<bool, ClaimsError> {
        let (_, o) = run_text(&format!("10 DIM X{suffix}({n})\n"), &[])?;
        Ok(o == Outcome::Ended)
    };
    let (mut lo, mut hi) = (0u32, 65_535u32);
    if !fits(lo)? {
        return Ok(0);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(lo)
}

/// Bitmap (`N<=SIZE`) run with ten values just under MAXINT: the outcome.
fn bitmap_at(src: &Source, maxint: u32) -> Result<Outcome, ClaimsError> {
    let edits = [
        format!("20 SIZE=10: MAXINT={maxint}: SEED=1"),
        "30 DIM A(SIZE), X(2048)".to_string(),
        "50 FOR J=1 TO SIZE: A(J)=MAXINT-J+1: NEXT".to_string(),
    ];
    Ok(run_text(&src.text, &edits)?.1)
}

/// The largest MAXINT Bitmap sorts, and the error of the next one up.
fn bitmap_limit(src: &Source) -> Result<(u32, Outcome), ClaimsError> {
    let (mut lo, mut hi) = (16u32, 32_767u32);
    let top = bitmap_at(src, hi)?;
    if top == Outcome::Ended {
        return Ok((hi, top));
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if bitmap_at(src, mid)? == Outcome::Ended {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok((lo, bitmap_at(src, hi)?))
}

/// How deep GOSUB nests: the count at the error, and the error.
fn gosub_depth() -> Result<(u64, Outcome), ClaimsError> {
    let (s, o) = run_text("10 N=N+1: GOSUB 10\n", &[])?;
    Ok((s.scalar_f64("N").unwrap_or(0.0) as u64 - 1, o))
}

/// The deepest recursion of a Quicksort that takes the first element as pivot and
/// recurses into both parts (Lomuto partition), on `a[1..]`.
pub fn quicksort_depth(a: &[i64]) -> usize {
    let mut v: Vec<i64> = a.get(1..).unwrap_or(&[]).to_vec();
    let mut deepest = 0;
    // explicit stack of (lo, hi, depth) so the host stack stays small
    let mut todo = vec![(0usize, v.len(), 1usize)];
    while let Some((lo, hi, depth)) = todo.pop() {
        if hi - lo < 2 {
            continue;
        }
        deepest = deepest.max(depth);
        let pivot = v[lo];
        let mut store = lo;
        for i in lo + 1..hi {
            if v[i] < pivot {
                store += 1;
                v.swap(store, i);
            }
        }
        v.swap(lo, store);
        todo.push((lo, store, depth + 1));
        todo.push((store + 1, hi, depth + 1));
    }
    deepest
}

/// The same FOR statement restarted 1,000 times after a jump out of its loop.
pub const FOR_SAME: &str = "10 FOR I=1 TO 2: GOTO 30\n20 NEXT I\n30 N=N+1: IF N<1000 THEN 10\n";
/// Two FOR statements with the same variable, each left by a jump, taking turns.
pub const FOR_OTHER: &str = "10 FOR I=1 TO 2: GOTO 30\n20 NEXT I\n30 FOR I=1 TO 2: GOTO 50\n\
                             40 NEXT I\n50 N=N+1: IF N<1000 THEN 10\n";

/// The deepest recursion of the same Quicksort when it recurses into the smaller part
/// only and loops on the larger (at most log2 n deep).
pub fn quicksort_depth_smaller_first(a: &[i64]) -> usize {
    let mut v: Vec<i64> = a.get(1..).unwrap_or(&[]).to_vec();
    // (lo, hi, depth) of calls; each call loops on its larger part at the same depth
    let mut deepest = 0;
    let mut calls = vec![(0usize, v.len(), 1usize)];
    while let Some((mut lo, mut hi, depth)) = calls.pop() {
        while hi - lo >= 2 {
            deepest = deepest.max(depth);
            let pivot = v[lo];
            let mut store = lo;
            for i in lo + 1..hi {
                if v[i] < pivot {
                    store += 1;
                    v.swap(store, i);
                }
            }
            v.swap(lo, store);
            if store - lo < hi - store - 1 {
                calls.push((lo, store, depth + 1));
                lo = store + 1;
            } else {
                calls.push((store + 1, hi, depth + 1));
                hi = store;
            }
        }
    }
    deepest
}

/// Sixteen different FOR statements on I in a row, each left by a jump to the next.
pub fn for_chain() -> String {
    let mut t = String::new();
    for k in 1..=16 {
        t.push_str(&format!("{} FOR I=1 TO 2: GOTO {}\n", 10 * k, 10 * (k + 1)));
    }
    t.push_str("170 END\n");
    for k in 0..16 {
        t.push_str(&format!("{} NEXT I\n", 180 + 10 * k));
    }
    t
}

/// A FOR restarted after a jump out of it: the same FOR statement 1,000 times, two FOR
/// statements with the same variable taking turns, sixteen in a row.
fn for_restarts() -> Result<[Outcome; 3], ClaimsError> {
    Ok([
        run_text(FOR_SAME, &[])?.1,
        run_text(FOR_OTHER, &[])?.1,
        run_text(&for_chain(), &[])?.1,
    ])
}

// ---------------------------------------------------------------- shuffles

/// Sort Randoms on 52 cards over many seeds: comparisons and swaps per shuffle.
#[derive(Debug, Clone, Copy)]
pub struct SortRandomsWork {
    pub seeds: u32,
    pub comparisons: f64,
    pub swaps_mean: f64,
    pub swaps_se: f64,
    pub instructions: f64,
    pub statements: f64,
}

/// Seeds of the shuffle runs.
pub const SHUFFLE_SEEDS: u32 = 200;

fn sort_randoms(src: &Source) -> Result<SortRandomsWork, ClaimsError> {
    let (mut comps, mut swaps, mut ins, mut st) = (0.0, Vec::new(), 0.0, 0.0);
    for seed in 1..=SHUFFLE_SEEDS {
        let edits = [format!("20 SIZE=52: SEED={seed}")];
        let (s, o) = run_text(&src.text, &edits)?;
        if o != Outcome::Ended {
            return Err(unexpected(src, "Sort Randoms to run", &o));
        }
        let (c, stmts, lines) = range_counts(&s, 3000, 3040);
        comps += hits(&lines, 3030) as f64;
        // line 3030: the IF, and two SWAPs when it holds
        swaps.push((statements_of(&lines, 3030) - hits(&lines, 3030)) as f64 / 2.0);
        ins += c.instructions();
        st += stmts as f64;
    }
    let n = f64::from(SHUFFLE_SEEDS);
    let mean = swaps.iter().sum::<f64>() / n;
    let var = swaps.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    Ok(SortRandomsWork {
        seeds: SHUFFLE_SEEDS,
        comparisons: comps / n,
        swaps_mean: mean,
        swaps_se: (var / n).sqrt(),
        instructions: ins / n,
        statements: st / n,
    })
}

fn unexpected(src: &Source, what: &str, o: &Outcome) -> ClaimsError {
    ClaimsError::Unexpected {
        file: src.file.clone(),
        seed: 0,
        expected: what.to_string(),
        got: format!("{o:?}"),
    }
}

/// The retry routine the document describes but does not print ("subsequent random
/// selections accessing an already allocated value ... could theoretically run
/// indefinitely"), written here in the Collection Shuffle's style: draw from all SIZE
/// places, draw again when the place is empty (0), empty it when taken.
pub const RETRY_LINES: [&str; 7] = [
    "7010 FOR J=1 TO SIZE",
    "7020 R=INT(RND*SIZE)+1: IF A(R)=0 THEN 7020",
    "7030 X(J)=A(R): A(R)=0",
    "7040 NEXT J",
    "7050",
    "7060",
    "7070",
];

/// One shuffle's work: instructions, statements and RND calls of lines 7010-7070.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShuffleWork {
    pub size: u32,
    pub instructions: f64,
    pub statements: f64,
    pub draws: f64,
}

fn shuffle_work(src: &Source, size: u32, retry: bool) -> Result<ShuffleWork, ClaimsError> {
    let seeds: u32 = if size <= 52 { SHUFFLE_SEEDS } else { 3 };
    let mut w = ShuffleWork {
        size,
        ..ShuffleWork::default()
    };
    for seed in 1..=seeds {
        let mut edits = vec![
            format!("20 SIZE={size}: SEED={seed}"),
            "30 DIM A(SIZE), X(SIZE)".to_string(),
            "110".to_string(),
            "120".to_string(),
            "130".to_string(),
            "140".to_string(),
        ];
        if retry {
            edits.extend(RETRY_LINES.iter().map(|s| s.to_string()));
        }
        let (s, o) = run_text(&src.text, &edits)?;
        let x = s.array_values("X").unwrap_or_default();
        let mut sorted: Vec<i64> = x.iter().skip(1).map(|&v| v as i64).collect();
        sorted.sort_unstable();
        if o != Outcome::Ended || sorted != (1..=i64::from(size)).collect::<Vec<_>>() {
            return Err(unexpected(src, "a shuffle of 1..SIZE in X()", &o));
        }
        let (c, st, _) = range_counts(&s, 7010, 7070);
        w.instructions += c.instructions();
        w.statements += st as f64;
        w.draws += c.get(Counter::FnRnd) as f64;
    }
    let n = f64::from(seeds);
    w.instructions /= n;
    w.statements /= n;
    w.draws /= n;
    Ok(w)
}

/// Deal 52 Cards per deal: statements, RND calls and instructions of 7010-7080, as
/// printed and packed into one line; and whether the packed line deals the same hands.
#[derive(Debug, Clone)]
pub struct DealWork {
    pub statements: f64,
    pub draws: f64,
    pub instructions: f64,
    pub packed_instructions: f64,
    pub packed_line: String,
    pub same_hands: bool,
}

/// The routine's statements 7010-7080 joined into one line, comments dropped.
fn packed_deal(src: &Source) -> Result<String, ClaimsError> {
    let mut parts = Vec::new();
    for (n, body) in program_lines(src)? {
        if !(7010..=7080).contains(&n) {
            continue;
        }
        let code = strip_comment(body).trim().to_string();
        if !code.is_empty() {
            parts.push(code);
        }
    }
    Ok(format!("7010 {}", parts.join(":")))
}

/// A line's text before its `'` comment (outside strings).
fn strip_comment(body: &str) -> &str {
    let mut in_string = false;
    for (i, c) in body.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '\'' if !in_string => return &body[..i],
            _ => {}
        }
    }
    body
}

fn deal_work(src: &Source) -> Result<DealWork, ClaimsError> {
    let packed = packed_deal(src)?;
    let mut edits_packed = vec![packed.clone()];
    for (n, _) in program_lines(src)? {
        if (7011..=7080).contains(&n) {
            edits_packed.push(n.to_string());
        }
    }
    let (mut st, mut dr, mut ins, mut pins, mut same) = (0.0, 0.0, 0.0, 0.0, true);
    for seed in 1..=SHUFFLE_SEEDS {
        let seed_line = [format!("20 SEED={seed}")];
        let (s, o) = run_text(&src.text, &seed_line)?;
        let mut all = seed_line.to_vec();
        all.extend(edits_packed.iter().cloned());
        let (p, po) = run_text(&src.text, &all)?;
        if o != Outcome::Ended || po != Outcome::Ended {
            return Err(unexpected(src, "the deal to run", &o));
        }
        same &= s.array_values("DEAL") == p.array_values("DEAL");
        let (c, stmts, _) = range_counts(&s, 7010, 7080);
        st += stmts as f64;
        dr += c.get(Counter::FnRnd) as f64;
        ins += c.instructions();
        pins += range_counts(&p, 7010, 7080).0.instructions();
    }
    let n = f64::from(SHUFFLE_SEEDS);
    Ok(DealWork {
        statements: st / n,
        draws: dr / n,
        instructions: ins / n,
        packed_instructions: pins / n,
        packed_line: packed,
        same_hands: same,
    })
}

// ---------------------------------------------------------------- all of it

/// Everything this module measures.
pub struct RunResults {
    pub gaps: Vec<StartGap>,
    pub size_one: (Outcome, Vec<i64>),
    /// Shell-Metzner's 2165 executions that change nothing, per data set.
    pub in_place: f64,
    /// Shell-Metzner as printed and with 2^n − 1 gaps, mean per common data set.
    pub knuth: ShellWork,
    pub hibbard: ShellWork,
    /// The first gaps of the 2^n − 1 lines for SIZE (D after 2110-2115, then halved).
    pub hibbard_gaps: Vec<i64>,
    pub growth: Vec<Growth>,
    pub int_elements: u32,
    pub single_elements: u32,
    pub bitmap_max: (u32, Outcome),
    pub gosub: (u64, Outcome),
    /// Quicksort depth: max over the common data sets, and on sorted data.
    pub quick_random: usize,
    pub quick_sorted: usize,
    /// The same, recursing into the smaller part only (max over the data sets).
    pub quick_smaller: usize,
    pub for_same: Outcome,
    pub for_other: Outcome,
    pub for_chain: Outcome,
    /// Bitmap (`N<=SIZE`) on data with repeats: the outcome, values written back,
    /// different values in the data, and whether A() then starts with exactly those
    /// values in order.
    pub bitmap_repeats: (Outcome, usize, usize, bool),
    pub sort_randoms: SortRandomsWork,
    pub collection: [ShuffleWork; 2],
    pub retry: [ShuffleWork; 2],
    pub deal: DealWork,
    /// Comparisons of Sort Randoms' exchange sort on SIZE values: every pair once.
    pub exchange_sort_10k: u64,
    /// Map's and Match's routine lines side by side (Match renumbered to Map's).
    pub match_changes: Vec<(u16, String, String)>,
}

/// Comparisons and swaps of Sort Randoms' sort on `a[1..]` (tests only).
#[cfg(test)]
fn exchange_sort_counts(a: &[i64]) -> (u64, u64) {
    let mut v: Vec<i64> = a.get(1..).unwrap_or(&[]).to_vec();
    let (mut c, mut s) = (0u64, 0u64);
    for j in 0..v.len() {
        for k in j + 1..v.len() {
            c += 1;
            if v[j] > v[k] {
                v.swap(j, k);
                s += 1;
            }
        }
    }
    (c, s)
}

/// Lines of Array Match that differ from Array Map's (Match's numbers less 100).
fn match_changes(map: &Source, mat: &Source) -> Result<Vec<(u16, String, String)>, ClaimsError> {
    let a: Vec<(u16, &str)> = program_lines(map)?
        .into_iter()
        .filter(|(n, _)| (2410..=2480).contains(n))
        .collect();
    let b: Vec<(u16, &str)> = program_lines(mat)?
        .into_iter()
        .filter(|(n, _)| (2510..=2580).contains(n))
        .map(|(n, t)| (n - 100, t))
        .collect();
    let mut numbers: Vec<u16> = a.iter().chain(b.iter()).map(|x| x.0).collect();
    numbers.sort_unstable();
    numbers.dedup();
    Ok(numbers
        .into_iter()
        .filter_map(|n| {
            let x = a.iter().find(|y| y.0 == n).map_or("", |y| y.1);
            let y = b.iter().find(|y| y.0 == n).map_or("", |y| y.1);
            (x != y).then(|| (n, x.to_string(), y.to_string()))
        })
        .collect())
}

pub fn collect(basic_dir: &Path, data: &[Data]) -> Result<RunResults, ClaimsError> {
    let sm = read_source(basic_dir, LISTINGS[SHELL_METZNER].file)?;
    let map = read_source(basic_dir, LISTINGS[MAP].file)?;
    let mat = read_source(basic_dir, LISTINGS[MATCH].file)?;
    let bitmap = read_source(basic_dir, LISTINGS[BITMAP_FIXED].file)?;
    let sort_r = read_source(basic_dir, "sort_randoms.bas")?;
    let coll = read_source(basic_dir, "collection_shuffle.bas")?;
    let deal = read_source(basic_dir, "deal52.bas")?;
    let hib: Vec<String> = HIBBARD_LINES.iter().map(|s| s.to_string()).collect();
    let rep = capture(
        &bitmap,
        SEEDS[0],
        parameter_line(SEEDS[0], SIZE),
        REPEATS_LINE.into(),
    )?;
    let mut distinct: Vec<i64> = rep.input.get(1..).unwrap_or(&[]).to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut s = prepared(&bitmap, &rep.params, &rep.line)?;
    let o = s.run();
    let written = s.scalar_f64("N").unwrap_or(1.0) as usize - 1;
    let sorted_ok = s.array_values("A").is_some_and(|a| {
        a.iter()
            .skip(1)
            .take(written)
            .map(|&x| x as i64)
            .eq(distinct.iter().copied())
    });
    let bitmap_repeats = (o, written, distinct.len(), sorted_ok);
    let sorted_data: Vec<i64> = (0..=i64::from(SIZE)).collect();
    let [for_same, for_other, for_chain] = for_restarts()?;
    Ok(RunResults {
        gaps: start_gaps(&sm, &probe_sizes())?,
        size_one: single_size_one(&sm)?,
        in_place: in_place(&sm, data)?,
        knuth: shell_work(&sm, data, &[])?,
        hibbard: shell_work(&sm, data, &hib)?,
        hibbard_gaps: hibbard_gaps()?,
        growth: growth(&sm, &map)?,
        int_elements: largest_dim("%")?,
        single_elements: largest_dim("!")?,
        bitmap_max: bitmap_limit(&bitmap)?,
        gosub: gosub_depth()?,
        quick_random: data
            .iter()
            .map(|d| quicksort_depth(&d.input))
            .max()
            .unwrap_or(0),
        quick_sorted: quicksort_depth(&sorted_data),
        quick_smaller: data
            .iter()
            .map(|d| quicksort_depth_smaller_first(&d.input))
            .max()
            .unwrap_or(0),
        for_same,
        for_other,
        for_chain,
        bitmap_repeats,
        sort_randoms: sort_randoms(&sort_r)?,
        collection: [
            shuffle_work(&coll, 52, false)?,
            shuffle_work(&coll, SIZE, false)?,
        ],
        retry: [
            shuffle_work(&coll, 52, true)?,
            shuffle_work(&coll, SIZE, true)?,
        ],
        deal: deal_work(&deal)?,
        exchange_sort_10k: u64::from(SIZE) * u64::from(SIZE - 1) / 2,
        match_changes: match_changes(&map, &mat)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuths_rule_as_the_document_states_it() {
        assert_eq!(&knuth_gaps()[..7], &[1, 4, 13, 40, 121, 364, 1093]);
        assert_eq!(rule_start(500), 121);
        assert_eq!(rule_start(10_000), 3280);
        assert_eq!(rule_start(1), 1);
        assert_eq!(rule_start(5), 1);
        assert_eq!(rule_start(14), 4);
    }

    #[test]
    fn quicksort_depth_of_sorted_data_is_n_minus_one() {
        let a: Vec<i64> = (0..=100).collect();
        assert_eq!(quicksort_depth(&a), 99);
        assert_eq!(exchange_sort_counts(&[0, 3, 1, 2]), (3, 2));
    }

    #[test]
    fn comments_are_stripped_outside_strings() {
        assert_eq!(strip_comment("R=1 'x"), "R=1 ");
        assert_eq!(strip_comment("PRINT \"a'b\" 'c"), "PRINT \"a'b\" ");
    }
}
