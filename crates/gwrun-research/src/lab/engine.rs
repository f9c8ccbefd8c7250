//! The parallel run: N deals split into fixed-size chunks, each chunk dealt by its own
//! dealer seeded from (seed, chunk index), the chunks spread over rayon's threads and
//! their integer tallies summed. The chunk size does not depend on the thread count and
//! integer sums do not depend on their order, so the same seed gives the same tables
//! with 1 thread or 64. A progress bar (indicatif) shows on stderr when it is a terminal.
//! A [`Stop`] (Ctrl-C) is polled before every chunk and every 1024 deals inside one, so a
//! run ends within a fraction of a second with [`LabError::Interrupted`], saying how many
//! deals were done.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use rayon::prelude::*;

use super::LabError;
use super::procedures::Dealer;
use super::stats::DealTally;
use super::tally::FastTally;

/// Deals per chunk for the native procedures (a tally counts up to 2^32 − 1).
pub const CHUNK: u64 = 1 << 16;

/// A request to stop early, set by the Ctrl-C handler; [`Stop::never`] for runs nobody
/// interrupts.
#[derive(Debug, Clone, Default)]
pub struct Stop(Option<Arc<AtomicBool>>);

impl Stop {
    /// Stops when `flag` is set.
    pub fn on(flag: Arc<AtomicBool>) -> Stop {
        Stop(Some(flag))
    }
    /// Never stops.
    pub fn never() -> Stop {
        Stop(None)
    }
    /// Whether a stop was asked for.
    pub fn requested(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// Deals between two looks at the [`Stop`] inside a chunk.
const STOP_POLL: u64 = 1024;

/// What to run.
#[derive(Debug, Clone)]
pub struct RunSpec {
    /// Number of deals.
    pub deals: u64,
    /// The user's seed.
    pub seed: u64,
    /// Deals per chunk (fixed for a procedure, independent of the thread count).
    pub chunk: u64,
    /// Show a progress bar (it stays hidden anyway when stderr is not a terminal).
    pub progress: bool,
    /// Ends the run early (Ctrl-C).
    pub stop: Stop,
    /// Only these chunks (a shard of the run, `--shard`); None for all.
    pub only: Option<std::ops::Range<u64>>,
}

impl RunSpec {
    /// The chunks this spec deals.
    pub fn chunk_range(&self) -> std::ops::Range<u64> {
        let all = self.deals.div_ceil(self.chunk.max(1));
        match &self.only {
            Some(r) => r.start.min(all)..r.end.min(all),
            None => 0..all,
        }
    }
    /// The deals this spec deals.
    pub fn deals_dealt(&self) -> u64 {
        super::shard::deals_in(&self.chunk_range(), self.deals, self.chunk.max(1))
    }
}

/// SplitMix64's finaliser: a bijective 64-bit mix.
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of chunk `chunk` of a run seeded with `seed`.
pub fn chunk_seed(seed: u64, chunk: u64) -> u64 {
    mix64(mix64(seed).wrapping_add(chunk.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
}

fn progress_bar(spec: &RunSpec) -> ProgressBar {
    if !spec.progress {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(spec.deals_dealt()), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} deals  {rate}  eta {eta}")
    {
        pb.set_style(
            style.with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", rate_text(s.per_sec()));
            }),
        );
    }
    pb
}

/// A rate for the progress bar: whole deals per second with thousands separators
/// ("16,867,476 deals/s").
pub fn rate_text(per_sec: f64) -> String {
    format!("{} deals/s", thousands(per_sec.max(0.0).round() as u64))
}

/// 1234567 → "1,234,567".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Split `spec.deals` items into chunks of `spec.chunk`, run `work(chunk seed, chunk
/// length)` on each in parallel (current rayon pool) and sum the results with `merge`;
/// only the chunks of `spec.only` when it is set (a shard).
/// The result depends only on the seed and the chunk size, if `merge` is associative
/// and commutative (integer counts are). When `spec.stop` is set, no further chunk
/// starts and the run ends with [`LabError::Interrupted`] (whatever error a chunk
/// broken off by the stop gave).
pub fn run_chunks<T, W, M>(spec: &RunSpec, work: W, merge: M) -> Result<T, LabError>
where
    T: Send + Default,
    W: Fn(u64, u64) -> Result<T, LabError> + Sync,
    M: Fn(T, T) -> T + Sync,
{
    let chunk = spec.chunk.max(1);
    let chunks = spec.chunk_range();
    let pb = progress_bar(spec);
    let done = AtomicU64::new(0);
    let interrupted = || LabError::Interrupted {
        done: done.load(Ordering::Relaxed),
        total: spec.deals_dealt(),
        unit: "deals",
    };
    let result = chunks
        .into_par_iter()
        .map(|c| {
            if spec.stop.requested() {
                return Err(interrupted());
            }
            let len = chunk.min(spec.deals - c * chunk);
            let t = work(chunk_seed(spec.seed, c), len)?;
            done.fetch_add(len, Ordering::Relaxed);
            pb.inc(len);
            Ok(t)
        })
        .try_reduce(T::default, |a, b| Ok(merge(a, b)));
    pb.finish_and_clear();
    if spec.stop.requested() {
        return Err(interrupted());
    }
    result
}

/// Deal `spec.deals` deals with dealers made by `make(chunk seed)`, in parallel on the
/// current rayon pool, and return the summed tally.
pub fn run_deals<F>(spec: &RunSpec, make: F) -> Result<DealTally, LabError>
where
    F: Fn(u64) -> Result<Box<dyn Dealer>, LabError> + Sync,
{
    let work = |seed: u64, len: u64| -> Result<DealTally, LabError> {
        let mut dealer = make(seed)?;
        let mut fast = FastTally::default();
        for i in 0..len {
            if i % STOP_POLL == STOP_POLL - 1 && spec.stop.requested() {
                // the total is filled in by run_chunks
                return Err(LabError::Interrupted {
                    done: 0,
                    total: 0,
                    unit: "deals",
                });
            }
            fast.record(&dealer.deal()?);
        }
        let mut tally = fast.into_tally();
        tally.draws = dealer.draws();
        Ok(tally)
    };
    run_chunks(spec, work, |mut a, b| {
        a.merge(&b);
        a
    })
}

/// Run `f` on a rayon pool of `threads` threads (0 = rayon's default pool).
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> Result<T, LabError> {
    if threads == 0 {
        return Ok(f());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| LabError::Argument(format!("thread pool: {e}")))?;
    Ok(pool.install(f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::draw::RngKind;
    use crate::lab::procedures::Method;

    #[test]
    fn a_stop_ends_the_run_and_counts_the_deals_done() {
        let flag = Arc::new(AtomicBool::new(true));
        let spec = RunSpec {
            deals: 10_000,
            seed: 1,
            chunk: 700,
            progress: false,
            stop: Stop::on(flag),
            only: None,
        };
        let r = run_deals(&spec, |s| Ok(Method::Ted.dealer(RngKind::Xoshiro, s)));
        assert!(
            matches!(
                r,
                Err(LabError::Interrupted {
                    done: 0,
                    total: 10_000,
                    ..
                })
            ),
            "{r:?}"
        );
    }

    #[test]
    fn rates_are_whole_deals_with_separators() {
        assert_eq!(rate_text(16_867_476.339_7), "16,867,476 deals/s");
        assert_eq!(rate_text(999.5), "1,000 deals/s");
        assert_eq!(rate_text(0.0), "0 deals/s");
    }

    #[test]
    fn chunk_seeds_differ() {
        assert_ne!(chunk_seed(1, 0), chunk_seed(1, 1));
        assert_ne!(chunk_seed(1, 0), chunk_seed(2, 0));
    }

    #[test]
    fn same_seed_same_tally_with_one_and_two_threads() {
        let spec = RunSpec {
            deals: 5000,
            seed: 17,
            chunk: 700,
            progress: false,
            stop: Stop::never(),
            only: None,
        };
        let run = |threads| {
            with_threads(threads, || {
                run_deals(&spec, |s| Ok(Method::Flawed.dealer(RngKind::Xoshiro, s)))
            })
            .unwrap()
            .unwrap()
        };
        let one = run(1);
        let two = run(2);
        assert_eq!(one.deals, 5000);
        assert_eq!(one, two);
    }

    #[test]
    fn shards_sum_to_the_whole_run() {
        let spec = |only| RunSpec {
            deals: 5000,
            seed: 3,
            chunk: 700,
            progress: false,
            stop: Stop::never(),
            only,
        };
        let run = |s: &RunSpec| {
            run_deals(s, |seed| Ok(Method::Flawed.dealer(RngKind::Xoshiro, seed))).unwrap()
        };
        let whole = run(&spec(None));
        let mut sum = crate::lab::stats::DealTally::default();
        for index in 0..3 {
            let shard = crate::lab::shard::Shard { index, count: 3 };
            let part = run(&spec(Some(shard.chunks(8))));
            sum.merge(&part);
        }
        assert_eq!(sum, whole);
    }
}
