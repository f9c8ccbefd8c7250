//! The first document's other checkable statements about its sorts, run in gwrun:
//! Knuth's gap rule and what lines 2110-2115 make of it for every size, the D = 2^n − 1
//! variant, the K loop written without FOR, the redundant store at 2165, how the work
//! grows with the size, the integer-array memory limit, where Bitmap's line 510
//! overflows, GOSUB depth against a recursive Quicksort, a FOR restarted with the same
//! variable; the shuffles and the deal are [`super::shuffles`]. Every listing comes from
//! `basic/` (embedded, or `--basic DIR`, so an edited listing changes these numbers); the
//! few programs written here (the probes, the retyped lines) are marked as such.

use super::measure::{
    Data, Totals, capture_n, check_outcome, measure_on, prepared, sum_counts, type_line,
};
use super::shuffles::{self, ShuffleResults};
use super::text::{Basic, Source, program_lines, read_source, strip_comment};
use super::*;
use rayon::prelude::*;

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
pub(super) fn run_text(text: &str, edits: &[String]) -> Result<(Session, Stop), ClaimsError> {
    let mut s = Session::captured(b"");
    s.load_source(text.as_bytes())
        .map_err(|err| ClaimsError::Load {
            file: "(program)".into(),
            err,
        })?;
    for e in edits {
        type_line(&mut s, "(program)", e)?;
    }
    let outcome = s.run_program();
    Ok((s, outcome))
}

/// Counts (gw model) and statements of the lines first..=last of a finished run.
pub(super) fn range_counts(s: &Session, first: u16, last: u16) -> (Counts, u64, Vec<LineCost>) {
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

pub(super) fn hits(lines: &[LineCost], n: u16) -> u64 {
    lines.iter().find(|l| l.number == n).map_or(0, |l| l.hits)
}

pub(super) fn statements_of(lines: &[LineCost], n: u16) -> u64 {
    lines
        .iter()
        .find(|l| l.number == n)
        .map_or(0, |l| l.statements)
}

pub(super) fn line_text(src: &Source, n: u16) -> Result<&str, ClaimsError> {
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
            if outcome != Stop::Ended {
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
pub fn single_size_one(src: &Source) -> Result<(Stop, Vec<i64>), ClaimsError> {
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

/// Mean per data set: instructions, comparisons (hits of 2150), moves (hits of 2155) and
/// statements of Shell-Metzner with `edits` typed in; and each data set's counts (the
/// cost model's band).
#[derive(Debug, Clone, Default)]
pub struct ShellWork {
    pub instructions: f64,
    pub comparisons: f64,
    pub moves: f64,
    pub statements: f64,
    pub sets: Vec<Counts>,
}

impl ShellWork {
    /// Shell-Metzner as printed, from the sorting section's totals (no second run).
    pub(super) fn of_totals(t: &Totals) -> ShellWork {
        ShellWork {
            instructions: t.ins(GotoModel::Gw),
            comparisons: t.line_hits(2150),
            moves: t.line_hits(2155),
            statements: t.mean_statements(),
            sets: t.sets.clone(),
        }
    }
}

/// One run of [`shell_work`]: counts, statements, comparisons, moves.
type Run = (Counts, u64, u64, u64);

fn shell_work(src: &Source, data: &[Data], edits: &[String]) -> Result<ShellWork, ClaimsError> {
    let l = &LISTINGS[SHELL_METZNER];
    let each = data
        .par_iter()
        .map(|d| -> Result<Run, ClaimsError> {
            let mut s = prepared(src, &d.params, &d.line)?;
            for e in edits {
                type_line(&mut s, &src.file, e)?;
            }
            let outcome = s.run_program();
            check_outcome(&s, src, l, &outcome, d)?;
            let (c, st, lines) = range_counts(&s, l.first, l.last);
            Ok((c, st, hits(&lines, 2150), hits(&lines, 2155)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let k = data.len().max(1) as f64;
    let sum = |f: fn(&Run) -> f64| each.iter().map(f).sum::<f64>() / k;
    Ok(ShellWork {
        instructions: sum(|x| x.0.instructions()),
        statements: sum(|x| x.1 as f64),
        comparisons: sum(|x| x.2 as f64),
        moves: sum(|x| x.3 as f64),
        sets: each.iter().map(|x| x.0).collect(),
    })
}

/// Per data set, the times Shell-Metzner's 2165 runs after a K loop that moved nothing
/// (K + D = J), and how many of those change A(K+D): 2165 retyped as a probe line in
/// front of its own assignment, which moves to 2166.
pub const IN_PLACE_PROBE: &str = "2165 IF K+D=J THEN ZZ=ZZ+1: IF A(K+D)<>T THEN ZC=ZC+1";

fn in_place(src: &Source, data: &[Data]) -> Result<(f64, f64), ClaimsError> {
    let body = line_text(src, 2165)?;
    let moved = format!("2166 {}", strip_comment(body).trim_end());
    let each = data
        .par_iter()
        .map(|d| -> Result<(f64, f64), ClaimsError> {
            let mut s = prepared(src, &d.params, &d.line)?;
            // double counters: the counts can pass 32,767
            type_line(&mut s, &src.file, "15 DEFDBL Z")?;
            type_line(&mut s, &src.file, IN_PLACE_PROBE)?;
            type_line(&mut s, &src.file, &moved)?;
            let outcome = s.run_program();
            check_outcome(&s, src, &LISTINGS[SHELL_METZNER], &outcome, d)?;
            Ok((
                s.scalar_f64("ZZ").unwrap_or(0.0),
                s.scalar_f64("ZC").unwrap_or(0.0),
            ))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let k = data.len().max(1) as f64;
    Ok((
        each.iter().map(|x| x.0).sum::<f64>() / k,
        each.iter().map(|x| x.1).sum::<f64>() / k,
    ))
}

/// The K loop of Shell-Metzner written without FOR: the same comparisons and moves, the
/// loop kept by `K=K-D` and a jump back. 000 credits "the defaulted K-loops" (left by
/// `GOTO 2165` before they end) with speed; this is the loop they replace.
pub const K_LOOP_LINES: [&str; 2] = ["2140 K=J-D", "2160 K=K-D: IF K>=1 GOTO 2150"];

/// The gaps HIBBARD_LINES give for SIZE: 2110 and 2115 run, then 2180 until 0.
fn hibbard_gaps() -> Result<Vec<i64>, ClaimsError> {
    let text = format!(
        "10 DEFINT A-Z\n20 SIZE={SIZE}\n30 DIM G(40)\n{}\n{}\n2120 WHILE D: NG=NG+1: G(NG)=D\n{}\n2190 WEND\n",
        HIBBARD_LINES[0], HIBBARD_LINES[1], HIBBARD_LINES[2]
    );
    let (s, o) = run_text(&text, &[])?;
    if o != Stop::Ended {
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

/// Shell-Metzner and Array Map on the common data sets' seeds at one size: means and
/// each data set's counts.
#[derive(Debug, Clone)]
pub struct Growth {
    pub size: u32,
    pub shell: f64,
    pub shell_comparisons: f64,
    pub map: f64,
    pub shell_sets: Vec<Counts>,
    pub map_sets: Vec<Counts>,
}

pub const GROWTH_SIZES: [u32; 4] = [1_000, 2_000, 5_000, 10_000];

/// The sizes below SIZE run here; SIZE itself is the sorting section's printed runs.
fn growth(
    sm: &Source,
    map: &Source,
    printed_sm: &Totals,
    printed_map: &Totals,
) -> Result<Vec<Growth>, ClaimsError> {
    let jobs: Vec<(u32, u16)> = GROWTH_SIZES
        .iter()
        .filter(|&&n| n != SIZE)
        .flat_map(|&n| SEEDS.iter().map(move |&s| (n, s)))
        .collect();
    let each = jobs
        .par_iter()
        .map(
            |&(size, seed)| -> Result<(Counts, f64, Counts), ClaimsError> {
                let params = format!("20 SIZE={size}: MAXINT={size}: SEED={seed}");
                let d = capture_n(sm, seed, params, DATA_LINE.into(), size)?;
                let s = shell_work(sm, std::slice::from_ref(&d), &[])?;
                let m = measure_on(map, &LISTINGS[MAP], Spacing::AsPrinted, &d)?;
                Ok((
                    s.sets.first().copied().unwrap_or_default(),
                    s.comparisons,
                    m.gw,
                ))
            },
        )
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::new();
    for &size in &GROWTH_SIZES {
        let g = if size == SIZE {
            Growth {
                size,
                shell: printed_sm.ins(GotoModel::Gw),
                shell_comparisons: printed_sm.line_hits(2150),
                map: printed_map.ins(GotoModel::Gw),
                shell_sets: printed_sm.sets.clone(),
                map_sets: printed_map.sets.clone(),
            }
        } else {
            let rows: Vec<&(Counts, f64, Counts)> = jobs
                .iter()
                .zip(&each)
                .filter(|(j, _)| j.0 == size)
                .map(|(_, e)| e)
                .collect();
            let k = rows.len().max(1) as f64;
            Growth {
                size,
                shell: rows.iter().map(|x| x.0.instructions()).sum::<f64>() / k,
                shell_comparisons: rows.iter().map(|x| x.1).sum::<f64>() / k,
                map: rows.iter().map(|x| x.2.instructions()).sum::<f64>() / k,
                shell_sets: rows.iter().map(|x| x.0).collect(),
                map_sets: rows.iter().map(|x| x.2).collect(),
            }
        };
        out.push(g);
    }
    Ok(out)
}

// ---------------------------------------------------------------- memory, overflow, stack

/// The largest n for which `DIM X<suffix>(n)` succeeds in a fresh session, or with the
/// program `with` loaded (the probe typed as its line 1, ended before the program runs).
fn largest_dim(suffix: &str, with: Option<&Source>) -> Result<u32, ClaimsError> {
    let fits = |n: u32| -> Result<bool, ClaimsError> {
        let probe = format!("1 DIM X{suffix}({n}): END");
        let (_, o) = match with {
            Some(src) => run_text(&src.text, &[probe])?,
            None => run_text(&format!("{probe}\n"), &[])?,
        };
        Ok(o == Stop::Ended)
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
fn bitmap_at(src: &Source, maxint: u32) -> Result<Stop, ClaimsError> {
    let edits = [
        format!("20 SIZE=10: MAXINT={maxint}: SEED=1"),
        "30 DIM A(SIZE), X(2048)".to_string(),
        "50 FOR J=1 TO SIZE: A(J)=MAXINT-J+1: NEXT".to_string(),
    ];
    Ok(run_text(&src.text, &edits)?.1)
}

/// The largest MAXINT Bitmap sorts, and the error of the next one up.
fn bitmap_limit(src: &Source) -> Result<(u32, Stop), ClaimsError> {
    let (mut lo, mut hi) = (16u32, 32_767u32);
    let top = bitmap_at(src, hi)?;
    if top == Stop::Ended {
        return Ok((hi, top));
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if bitmap_at(src, mid)? == Stop::Ended {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok((lo, bitmap_at(src, hi)?))
}

/// How deep GOSUB nests: the count at the error, and the error.
fn gosub_depth() -> Result<(u64, Stop), ClaimsError> {
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
/// statements with the same variable taking turns, sixteen in a row; each outcome with
/// the restarts done (N at the end).
fn for_restarts() -> Result<[(Stop, f64); 3], ClaimsError> {
    let run = |text: &str| -> Result<(Stop, f64), ClaimsError> {
        let (s, o) = run_text(text, &[])?;
        Ok((o, s.scalar_f64("N").unwrap_or(0.0)))
    };
    Ok([run(FOR_SAME)?, run(FOR_OTHER)?, run(&for_chain())?])
}

// ---------------------------------------------------------------- all of it

/// Everything this module measures.
pub struct RunResults {
    pub gaps: Vec<StartGap>,
    pub size_one: (Stop, Vec<i64>),
    /// Shell-Metzner's 2165 executions after a K loop that moved nothing, per data set,
    /// and how many of them change A().
    pub in_place: (f64, f64),
    /// Shell-Metzner as printed, with 2^n − 1 gaps, and with its K loop written without
    /// FOR, mean per common data set.
    pub knuth: ShellWork,
    pub hibbard: ShellWork,
    pub k_loop: ShellWork,
    /// The first gaps of the 2^n − 1 lines for SIZE (D after 2110-2115, then halved).
    pub hibbard_gaps: Vec<i64>,
    pub growth: Vec<Growth>,
    pub int_elements: u32,
    pub single_elements: u32,
    /// The largest integer array with Bitmap's program (driver and routine) loaded.
    pub int_elements_loaded: u32,
    pub bitmap_max: (u32, Stop),
    pub gosub: (u64, Stop),
    /// Quicksort depth: max over the common data sets, and on sorted data.
    pub quick_random: usize,
    /// The least depth over the common data sets.
    pub quick_random_least: usize,
    pub quick_sorted: usize,
    /// The same, recursing into the smaller part only (max over the data sets).
    pub quick_smaller: usize,
    /// Each probe's outcome and the restarts it made.
    pub for_same: (Stop, f64),
    pub for_other: (Stop, f64),
    pub for_chain: (Stop, f64),
    /// Bitmap (`N<=SIZE`) on data with repeats: the outcome, values written back,
    /// different values in the data, and whether A() then starts with exactly those
    /// values in order.
    pub bitmap_repeats: (Stop, usize, usize, bool, f64),
    pub shuffles: ShuffleResults,
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

/// Measures everything of this module and of [`super::shuffles`]; Shell-Metzner as printed
/// comes from the sorting section's totals.
pub fn collect(
    basic: &Basic,
    data: &[Data],
    printed_sm: &Totals,
    printed_map: &Totals,
    progress: &Progress,
) -> Result<RunResults, ClaimsError> {
    let sm = read_source(basic, LISTINGS[SHELL_METZNER].file)?;
    let map = read_source(basic, LISTINGS[MAP].file)?;
    let mat = read_source(basic, LISTINGS[MATCH].file)?;
    let bitmap = read_source(basic, LISTINGS[BITMAP_FIXED].file)?;
    progress.stage("Shell-Metzner variants: 2^n - 1 gaps, no FOR, the store at 2165, growth");
    let hib: Vec<String> = HIBBARD_LINES.iter().map(|s| s.to_string()).collect();
    let kl: Vec<String> = K_LOOP_LINES.iter().map(|s| s.to_string()).collect();
    let variant = data;
    let ((hibbard, k_loop), (in_place, growth)) = rayon::join(
        || {
            rayon::join(
                || shell_work(&sm, variant, &hib),
                || shell_work(&sm, variant, &kl),
            )
        },
        || {
            rayon::join(
                || in_place(&sm, variant),
                || growth(&sm, &map, printed_sm, printed_map),
            )
        },
    );
    progress.stage("probes: Knuth's gaps, memory, overflow, GOSUB, FOR");
    let (gaps, (limits, bitmap_repeats)) = rayon::join(
        || start_gaps(&sm, &probe_sizes()),
        || {
            rayon::join(
                || -> Result<_, ClaimsError> {
                    Ok((
                        largest_dim("%", None)?,
                        largest_dim("!", None)?,
                        largest_dim("%", Some(&bitmap))?,
                        bitmap_limit(&bitmap)?,
                    ))
                },
                || bitmap_repeats(&bitmap),
            )
        },
    );
    let (int_elements, single_elements, int_elements_loaded, bitmap_max) = limits?;
    let sorted_data: Vec<i64> = (0..=i64::from(SIZE)).collect();
    let [for_same, for_other, for_chain] = for_restarts()?;
    progress.stage("the shuffles and the deal: Sort Randoms, Collection, retry, Deal 52");
    let shuffles = shuffles::collect(basic)?;
    Ok(RunResults {
        gaps: gaps?,
        size_one: single_size_one(&sm)?,
        in_place: in_place?,
        knuth: ShellWork::of_totals(printed_sm),
        hibbard: hibbard?,
        k_loop: k_loop?,
        hibbard_gaps: hibbard_gaps()?,
        growth: growth?,
        int_elements,
        single_elements,
        int_elements_loaded,
        bitmap_max,
        gosub: gosub_depth()?,
        quick_random: data
            .iter()
            .map(|d| quicksort_depth(&d.input))
            .max()
            .unwrap_or(0),
        quick_random_least: data
            .iter()
            .map(|d| quicksort_depth(&d.input))
            .min()
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
        bitmap_repeats: bitmap_repeats?,
        shuffles,
        exchange_sort_10k: u64::from(SIZE) * u64::from(SIZE - 1) / 2,
        match_changes: match_changes(&map, &mat)?,
    })
}

/// Bitmap (`N<=SIZE`) on SIZE random integers with repeats (the Shell drivers' data
/// line, the first seed): the outcome, values written back, different values in the
/// data, and whether A() then starts with exactly those values in order.
fn bitmap_repeats(bitmap: &Source) -> Result<(Stop, usize, usize, bool, f64), ClaimsError> {
    let rep = super::measure::capture(
        bitmap,
        SEEDS[0],
        parameter_line(SEEDS[0], SIZE),
        REPEATS_LINE.into(),
    )?;
    let mut distinct: Vec<i64> = rep.input.get(1..).unwrap_or(&[]).to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut s = prepared(bitmap, &rep.params, &rep.line)?;
    let o = s.run_program();
    let written = (s.scalar_f64("N").unwrap_or(1.0) as usize).saturating_sub(1);
    let sorted_ok = s.array_values("A").is_some_and(|a| {
        a.iter()
            .skip(1)
            .take(written)
            .map(|&x| x as i64)
            .eq(distinct.iter().copied())
    });
    // the FOR EL loop of 510 ends one past the highest subscript it used
    let top = s.scalar_f64("EL").unwrap_or(f64::NAN) - 1.0;
    Ok((o, written, distinct.len(), sorted_ok, top))
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
