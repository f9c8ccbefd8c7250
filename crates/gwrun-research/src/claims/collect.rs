//! Everything the listing part of the report measures, gathered once and shared by the
//! rows and the sections that use it: the six sorting routines (and the two printed forms
//! that cannot have run) on the common data sets, as printed and without spaces, on the
//! wide range of values and on data with repeats, the FOR-nesting probes, and the first
//! document's other listing runs ([`super::runs`]). Independent runs go to rayon's
//! threads; each makes its own session, so the results do not depend on the thread count.

use super::measure::{Data, Totals, capture, measure_on, permutation, prepared};
use super::text::{Basic, Source, program_lines, read_source, routine_lines};
use super::*;
use rayon::prelude::*;

/// Array Map or Match as printed on random integers with repeats.
pub(super) struct RepeatRun {
    pub(super) listing: usize,
    pub(super) outcome: Stop,
    /// Different values in the data.
    pub(super) distinct: usize,
    /// Values written back before it stopped.
    pub(super) written: usize,
    /// Values that still occur more than once in A() after the run.
    pub(super) repeated_left: usize,
}

/// A FOR nest of `depth` loops at program level, and what GW-BASIC does with it.
pub(super) struct NestRun {
    pub(super) depth: u32,
    pub(super) outcome: Stop,
}

/// Everything measured for the listing part.
pub(super) struct Results {
    /// Per `LISTINGS` entry, as printed.
    pub(super) printed: Vec<Totals>,
    /// Per `LISTINGS` entry in `SORTING`: minimal spacing.
    pub(super) minimal: Vec<Option<Totals>>,
    /// Per `LISTINGS` entry: (number, as printed, minimal, spaces removed) of each changed
    /// line.
    pub(super) respaced: Vec<Vec<(u16, String, String, u32)>>,
    /// Per `LISTINGS` entry in `LINEAR`: values from 1..WIDE_MAXINT.
    pub(super) wide: Vec<Option<Totals>>,
    pub(super) repeats: Vec<RepeatRun>,
    pub(super) nests: Vec<NestRun>,
    /// Program lines before each listing's routine.
    pub(super) lines_before: Vec<usize>,
    /// The first document's other listing runs.
    pub(super) runs: runs::RunResults,
}

/// Measures everything; `progress` hears of each stage.
pub(super) fn collect(basic: &Basic, progress: &Progress) -> Result<Results, ClaimsError> {
    let sources = LISTINGS
        .iter()
        .map(|l| read_source(basic, l.file))
        .collect::<Result<Vec<_>, _>>()?;
    progress.stage("the common data sets");
    let data = SEEDS
        .par_iter()
        .map(|&seed| permutation(&sources[SHELL_METZNER], seed))
        .collect::<Result<Vec<_>, _>>()?;
    progress.stage("the sorting listings: as printed, without spaces, wide values");
    // one job per (listing, spacing or data) and data set, all at once
    let jobs: Vec<(usize, Job, usize)> = (0..LISTINGS.len())
        .flat_map(|i| {
            let mut v: Vec<(usize, Job, usize)> =
                (0..SEEDS.len()).map(|k| (i, Job::Printed, k)).collect();
            if SORTING.contains(&i) {
                v.extend((0..SPACING_SETS).map(|k| (i, Job::Minimal, k)));
            }
            if LISTINGS[i].wide_pool.is_some() {
                v.extend((0..SEEDS.len()).map(|k| (i, Job::Wide, k)));
            }
            v
        })
        .collect();
    let measured = jobs
        .par_iter()
        .map(|&(i, job, k)| run_job(&sources[i], i, job, &data[k]))
        .collect::<Result<Vec<_>, _>>()?;
    let sum = |i: usize, job: Job| -> Option<Totals> {
        let mut t = Totals::new();
        let mut any = false;
        for ((j, jb, _), m) in jobs.iter().zip(&measured) {
            if *j == i && *jb == job {
                t.add(m);
                any = true;
            }
        }
        any.then_some(t)
    };
    let (mut printed, mut minimal, mut wide, mut spaced, mut lines_before) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (i, (l, src)) in LISTINGS.iter().zip(sources.iter()).enumerate() {
        printed.push(sum(i, Job::Printed).unwrap_or_else(Totals::new));
        minimal.push(sum(i, Job::Minimal));
        wide.push(sum(i, Job::Wide));
        spaced.push(if SORTING.contains(&i) {
            respaced(src, l)?
        } else {
            Vec::new()
        });
        let before = program_lines(src)?
            .iter()
            .filter(|(n, _)| *n < l.first)
            .count();
        lines_before.push(before);
    }
    progress.stage("data with repeats, FOR nests");
    let repeats = [MAP, MATCH]
        .par_iter()
        .map(|&i| repeat_run(&sources[i], i))
        .collect::<Result<Vec<_>, _>>()?;
    let nests = (9..=16).into_par_iter().map(nest_run).collect();
    let runs = runs::collect(
        basic,
        &data,
        &printed[SHELL_METZNER],
        &printed[MAP],
        progress,
    )?;
    Ok(Results {
        printed,
        minimal,
        respaced: spaced,
        wide,
        repeats,
        nests,
        lines_before,
        runs,
    })
}

/// What one job measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Job {
    /// The listing as printed on a common data set.
    Printed,
    /// Its routine retyped without spaces, on a common data set.
    Minimal,
    /// As printed, on SIZE different values from 1..WIDE_MAXINT (the seed's).
    Wide,
}

fn run_job(
    src: &Source,
    i: usize,
    job: Job,
    data: &Data,
) -> Result<super::Measurement, ClaimsError> {
    let l = &LISTINGS[i];
    match job {
        Job::Printed => measure_on(src, l, Spacing::AsPrinted, data),
        Job::Minimal => measure_on(src, l, Spacing::Minimal, data),
        Job::Wide => {
            let pool = l.wide_pool.unwrap_or("X");
            let wide = capture(
                src,
                data.seed,
                parameter_line(data.seed, WIDE_MAXINT),
                wide_data_line(pool),
            )?;
            measure_on(src, l, Spacing::AsPrinted, &wide)
        }
    }
}

fn respaced(src: &Source, l: &Listing) -> Result<Vec<(u16, String, String, u32)>, ClaimsError> {
    Ok(routine_lines(src, l)?
        .into_iter()
        .map(|(n, body)| {
            let (new, k) = minimal_spacing(n, body);
            (n, body.to_string(), new, k)
        })
        .filter(|x| x.3 > 0)
        .collect())
}

/// Array Map or Match as printed on SIZE random integers 1..SIZE with repeats (the
/// first seed): how far it gets, and what it leaves in A().
fn repeat_run(src: &Source, listing: usize) -> Result<RepeatRun, ClaimsError> {
    let seed = SEEDS[0];
    let data = capture(src, seed, parameter_line(seed, SIZE), REPEATS_LINE.into())?;
    let mut values = data.input.get(1..).unwrap_or(&[]).to_vec();
    values.sort_unstable();
    values.dedup();
    let mut s = prepared(src, &data.params, &data.line)?;
    let outcome = s.run_program();
    let counter = if listing == MAP { "K" } else { "J" };
    let reached = s.scalar_f64(counter).unwrap_or(0.0) as usize;
    let mut after: Vec<i64> = s
        .array_values("A")
        .unwrap_or_default()
        .iter()
        .skip(1)
        .map(|&v| v as i64)
        .collect();
    after.sort_unstable();
    let repeated_left = after
        .chunk_by(|a, b| a == b)
        .filter(|run| run.len() > 1)
        .count();
    Ok(RepeatRun {
        listing,
        outcome,
        distinct: values.len(),
        written: reached.saturating_sub(1),
        repeated_left,
    })
}

/// `depth` nested FOR loops, one per line, at program level.
fn nest_run(depth: u32) -> NestRun {
    let mut src = String::new();
    for k in 1..=depth {
        let _ = writeln!(src, "{} FOR I{k}=1 TO 1", 10 * k);
    }
    for k in 1..=depth {
        let _ = writeln!(src, "{} NEXT I{}", 10 * (depth + k), depth + 1 - k);
    }
    let mut s = Session::captured(b"");
    let outcome = match s.load_source(src.as_bytes()) {
        Ok(()) => s.run_program(),
        Err(e) => Stop::Error(e),
    };
    NestRun { depth, outcome }
}
