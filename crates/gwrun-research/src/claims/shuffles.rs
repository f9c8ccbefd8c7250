//! The first document's shuffles and its deal, run in gwrun: Sort Randoms' comparisons
//! and swaps, the Collection Shuffle against a retry routine at 52 and 10,000 elements,
//! Deal 52 Cards as printed and packed into one line; and the chapter's SelectionShuffle
//! (basic/selection_shuffle.bas) with a repeated card. Seeds run on rayon's threads,
//! each in its own session; sums are taken in seed order, so the numbers do not depend
//! on the thread count.

use super::runs::{hits, range_counts, run_text, statements_of};
use super::text::{Basic, Source, program_lines, read_source, strip_comment};
use super::*;
use rayon::prelude::*;

/// Seeds of Sort Randoms (52 cards), whose swaps vary from seed to seed: the model's
/// band on its ratio (±30 %) is many times the sampling error left at this many.
pub const SHUFFLE_SEEDS: u32 = 40;
/// Seeds of the Collection Shuffle, the retry routine and Deal 52 Cards: their work per
/// run is exact without sampling (the Collection Shuffle and the deal do the same
/// statements whatever RND gives, checked run by run; the retry routine's work is linear
/// in its draws, whose expectation n·H_n is exact), so a few runs fix it.
pub const LARGE_SEEDS: u32 = 3;

/// Sort Randoms on 52 cards over many seeds: comparisons and swaps per shuffle.
#[derive(Debug, Clone)]
pub struct SortRandomsWork {
    pub seeds: u32,
    pub comparisons: f64,
    /// Comparisons of two positions that are not neighbours.
    pub far_comparisons: f64,
    pub swaps_mean: f64,
    pub swaps_se: f64,
    pub instructions: f64,
    pub statements: f64,
    /// The routine's counts summed over the seeds.
    pub counts: Counts,
    /// Instructions of each seed's run.
    pub per_seed: Vec<f64>,
}

fn sort_randoms(src: &Source) -> Result<SortRandomsWork, ClaimsError> {
    let each = (1..=SHUFFLE_SEEDS)
        .into_par_iter()
        .map(|seed| -> Result<(Counts, u64, u64, f64), ClaimsError> {
            let edits = [format!("20 SIZE=52: SEED={seed}")];
            let (s, o) = run_text(&src.text, &edits)?;
            if o != Stop::Ended {
                return Err(unexpected(src, "Sort Randoms to run", &o));
            }
            let (c, stmts, lines) = range_counts(&s, 3000, 3040);
            // line 3030: the IF, and two SWAPs when it holds
            let swaps = (statements_of(&lines, 3030) - hits(&lines, 3030)) as f64 / 2.0;
            Ok((c, stmts, hits(&lines, 3030), swaps))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let n = f64::from(SHUFFLE_SEEDS);
    let mean = each.iter().map(|x| x.3).sum::<f64>() / n;
    let var = each.iter().map(|x| (x.3 - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let mut counts = Counts::default();
    for x in &each {
        counts.add_all(&x.0);
    }
    // lines 3020-3040 compare X(J) with every X(K), K > J: only K = J + 1 are neighbours
    let cards = 52.0;
    let comparisons = each.iter().map(|x| x.2 as f64).sum::<f64>() / n;
    Ok(SortRandomsWork {
        seeds: SHUFFLE_SEEDS,
        comparisons,
        far_comparisons: comparisons - (cards - 1.0),
        swaps_mean: mean,
        swaps_se: (var / n).sqrt(),
        instructions: counts.instructions() / n,
        statements: each.iter().map(|x| x.1 as f64).sum::<f64>() / n,
        per_seed: each.iter().map(|x| x.0.instructions()).collect(),
        counts,
    })
}

fn unexpected(src: &Source, what: &str, o: &Stop) -> ClaimsError {
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
#[derive(Debug, Clone, Default)]
pub struct ShuffleWork {
    pub size: u32,
    pub seeds: u32,
    pub instructions: f64,
    pub statements: f64,
    pub draws: f64,
    /// The routine's counts summed over the seeds.
    pub counts: Counts,
    /// Instructions of each seed's run.
    pub per_seed: Vec<f64>,
    /// The exact expected counts of one run, when the runs fix them (see
    /// [`LARGE_SEEDS`]).
    pub expected: Option<band::Vector>,
    /// The draws that expectation is for.
    pub expected_draws: f64,
}

/// The expected counts of one run from runs whose counts are `rest + n·success +
/// (draws − n)·failure` (the retry's line 7020 per draw that finds a place and per draw
/// that does not; the rest the same in every run): solved from two runs with different
/// draws, checked on every run, and taken at `draws`. For a routine without retries
/// (every run the same) the runs' common counts. None when the runs do not fit.
fn expected_counts(runs: &[(Counts, Counts, f64)], n: f64, draws: f64) -> Option<band::Vector> {
    let (first, line_first, d_first) = runs.first()?;
    let rest = |c: &Counts, l: &Counts| -> band::Vector {
        std::array::from_fn(|i| (c.0[i] - l.0[i]) as f64)
    };
    let base = rest(first, line_first);
    if runs.iter().any(|(c, l, _)| rest(c, l) != base) {
        return None;
    }
    let line = |l: &Counts| band::vector(l);
    let other = runs.iter().find(|r| r.2 != *d_first);
    let (success, failure) = match other {
        None => {
            // the same draws in every run: nothing varies
            if runs.iter().any(|(_, l, _)| l != line_first) {
                return None;
            }
            return Some(std::array::from_fn(|i| base[i] + line(line_first)[i]));
        }
        Some((_, l2, d2)) => {
            let (a, b) = (line(line_first), line(l2));
            let f: band::Vector = std::array::from_fn(|i| (a[i] - b[i]) / (d_first - d2));
            let s: band::Vector = std::array::from_fn(|i| (a[i] - (d_first - n) * f[i]) / n);
            (s, f)
        }
    };
    let fits = runs.iter().all(|(_, l, d)| {
        let v = line(l);
        (0..COUNTERS).all(|i| (v[i] - (n * success[i] + (d - n) * failure[i])).abs() < 1e-6)
    });
    fits.then(|| std::array::from_fn(|i| base[i] + n * success[i] + (draws - n) * failure[i]))
}

fn shuffle_work(src: &Source, size: u32, retry: bool) -> Result<ShuffleWork, ClaimsError> {
    let seeds = LARGE_SEEDS;
    let each = (1..=seeds)
        .into_par_iter()
        .map(|seed| -> Result<(Counts, u64, Counts), ClaimsError> {
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
            if o != Stop::Ended || sorted != (1..=i64::from(size)).collect::<Vec<_>>() {
                return Err(unexpected(src, "a shuffle of 1..SIZE in X()", &o));
            }
            let (c, st, _) = range_counts(&s, 7010, 7070);
            let (line, _, _) = range_counts(&s, 7020, 7020);
            Ok((c, st, line))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let n = f64::from(seeds);
    let mut counts = Counts::default();
    for x in &each {
        counts.add_all(&x.0);
    }
    let size_f = f64::from(size);
    // the retry draws until each place is found: n·H_n on average (coupon collector)
    let expected_draws = if retry {
        size_f * crate::lab::exchange::harmonic(size as usize)
    } else {
        size_f
    };
    let runs: Vec<(Counts, Counts, f64)> = each
        .iter()
        .map(|x| (x.0, x.2, x.0.get(Counter::FnRnd) as f64))
        .collect();
    Ok(ShuffleWork {
        size,
        seeds,
        instructions: counts.instructions() / n,
        statements: each.iter().map(|x| x.1 as f64).sum::<f64>() / n,
        draws: counts.get(Counter::FnRnd) as f64 / n,
        per_seed: each.iter().map(|x| x.0.instructions()).collect(),
        counts,
        expected: expected_counts(&runs, size_f, expected_draws),
        expected_draws,
    })
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
    /// The routine's counts summed over the seeds, as printed and packed.
    pub counts: Counts,
    pub packed_counts: Counts,
    /// Whether every seed's run made the same counts (both forms): then one run's counts
    /// are exact.
    pub fixed: bool,
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

fn deal_work(src: &Source) -> Result<DealWork, ClaimsError> {
    let packed = packed_deal(src)?;
    let mut edits_packed = vec![packed.clone()];
    for (n, _) in program_lines(src)? {
        if (7011..=7080).contains(&n) {
            edits_packed.push(n.to_string());
        }
    }
    let each = (1..=LARGE_SEEDS)
        .into_par_iter()
        .map(|seed| -> Result<(Counts, u64, Counts, bool), ClaimsError> {
            let seed_line = [format!("20 SEED={seed}")];
            let (s, o) = run_text(&src.text, &seed_line)?;
            let mut all = seed_line.to_vec();
            all.extend(edits_packed.iter().cloned());
            let (p, po) = run_text(&src.text, &all)?;
            if o != Stop::Ended || po != Stop::Ended {
                return Err(unexpected(src, "the deal to run", &o));
            }
            let same = s.array_values("DEAL") == p.array_values("DEAL");
            let (c, stmts, _) = range_counts(&s, 7010, 7080);
            Ok((c, stmts, range_counts(&p, 7010, 7080).0, same))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let n = f64::from(LARGE_SEEDS);
    let (mut counts, mut packed_counts) = (Counts::default(), Counts::default());
    for x in &each {
        counts.add_all(&x.0);
        packed_counts.add_all(&x.2);
    }
    Ok(DealWork {
        statements: each.iter().map(|x| x.1 as f64).sum::<f64>() / n,
        draws: counts.get(Counter::FnRnd) as f64 / n,
        instructions: counts.instructions() / n,
        packed_instructions: packed_counts.instructions() / n,
        packed_line: packed,
        same_hands: each.iter().all(|x| x.3),
        fixed: each.iter().all(|x| x.0 == each[0].0 && x.2 == each[0].2),
        counts,
        packed_counts,
    })
}

/// The chapter's SelectionShuffle (basic/selection_shuffle.bas, DECKSIZE 10, one
/// shuffle) on a deck whose first two cards are equal: RandomDeckPos's calls are counted
/// and the run ended after this many.
pub const SELECTION_CALLS: u32 = 100_000;

/// What SelectionShuffle does with a repeated card: numChosen when the calls ran out,
/// and the calls a deck of different cards needed (same seed).
#[derive(Debug, Clone, PartialEq)]
pub struct RepeatedCard {
    pub stuck_at: f64,
    pub decksize: f64,
    pub calls_distinct: f64,
}

fn repeated_card(src: &Source) -> Result<RepeatedCard, ClaimsError> {
    let probe = format!(
        "1420 RANDOMDECKPOS = INT(RND * DECKSIZE): ZN=ZN+1: IF ZN>={SELECTION_CALLS} THEN END"
    );
    let base = [
        "20 DECKSIZE=10: NUMSHUFFLES=1: SEED=1".to_string(),
        "15 DEFDBL Z".to_string(),
        probe,
        "130".to_string(),
    ];
    let mut twin = base.to_vec();
    twin.push("105 DECK(1)=DECK(0)".to_string());
    let (s, o) = run_text(&src.text, &twin)?;
    let (d, od) = run_text(&src.text, &base)?;
    if o != Stop::Ended || od != Stop::Ended {
        return Err(unexpected(src, "SelectionShuffle to end", &o));
    }
    Ok(RepeatedCard {
        stuck_at: s.scalar_f64("NUMCHOSEN").unwrap_or(f64::NAN),
        decksize: s.scalar_f64("DECKSIZE").unwrap_or(f64::NAN),
        calls_distinct: d.scalar_f64("ZN").unwrap_or(f64::NAN),
    })
}

/// Everything this module measures.
#[derive(Debug, Clone)]
pub struct ShuffleResults {
    pub sort_randoms: SortRandomsWork,
    /// 52 cards and 10,000 elements.
    pub collection: [ShuffleWork; 2],
    pub retry: [ShuffleWork; 2],
    pub deal: DealWork,
    pub repeated_card: RepeatedCard,
}

pub fn collect(basic: &Basic) -> Result<ShuffleResults, ClaimsError> {
    let sort_r = read_source(basic, "sort_randoms.bas")?;
    let coll = read_source(basic, "collection_shuffle.bas")?;
    let deal = read_source(basic, "deal52.bas")?;
    let sel = read_source(basic, "selection_shuffle.bas")?;
    let ((sr, dw), ((c52, c10k), (r52, r10k))) = rayon::join(
        || rayon::join(|| sort_randoms(&sort_r), || deal_work(&deal)),
        || {
            rayon::join(
                || {
                    rayon::join(
                        || shuffle_work(&coll, 52, false),
                        || shuffle_work(&coll, SIZE, false),
                    )
                },
                || {
                    rayon::join(
                        || shuffle_work(&coll, 52, true),
                        || shuffle_work(&coll, SIZE, true),
                    )
                },
            )
        },
    );
    Ok(ShuffleResults {
        sort_randoms: sr?,
        collection: [c52?, c10k?],
        retry: [r52?, r10k?],
        deal: dw?,
        repeated_card: repeated_card(&sel)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(pairs: &[(usize, u64)]) -> Counts {
        let mut c = Counts::default();
        for &(i, n) in pairs {
            c.0[i] = n;
        }
        c
    }

    #[test]
    fn the_expected_counts_solve_the_linear_runs() {
        // n = 10; a success costs (3, 1), a failure (5, 0); the rest (7, 0) every run
        let run = |draws: u64| {
            let line = counts(&[(0, 3 * 10 + 5 * (draws - 10)), (1, 10)]);
            let mut all = line;
            all.0[0] += 7;
            (all, line, draws as f64)
        };
        let runs = [run(25), run(31), run(19)];
        let e = expected_counts(&runs, 10.0, 29.29).unwrap();
        assert!((e[0] - (7.0 + 30.0 + 5.0 * 19.29)).abs() < 1e-9);
        assert!((e[1] - 10.0).abs() < 1e-9);
        // a run off the line is refused
        let mut bad = runs.to_vec();
        bad[2].1.0[0] += 1;
        bad[2].0.0[0] += 1;
        assert!(expected_counts(&bad, 10.0, 29.29).is_none());
        // runs without retries: their common counts
        let same = [run(10), run(10)];
        assert_eq!(expected_counts(&same, 10.0, 10.0).unwrap()[0], 37.0);
    }
}
