//! The lab past one machine. A run of N deals is a fixed list of chunks, chunk c dealt
//! from its own seed (seed, c) ([`super::engine`]), and its statistics are integer tallies
//! summed over the chunks. So a run can be cut into shards, `--shard I/K` dealing the
//! I-th of K contiguous ranges of chunks on any machine, each writing its tally to a JSON
//! file (`--out`); `gwrun lab merge` checks that the files are shards of one run that
//! cover every chunk exactly once, sums them, and reports exactly what the whole run
//! reports (the sums are the same integers). Any batch system can run the shards: GNU
//! parallel, Slurm arrays, Kubernetes indexed jobs (docs/lab.md).
//!
//! The file holds the run's key (procedure with its parameters, generator, seed, total
//! deals, chunk size: everything that decides the deals), the chunk ranges it covers, the
//! CPU and wall-clock seconds it took, and the tally.

use std::ops::Range;
use std::path::Path;

use serde_json::{Value, json};

use super::LabError;
use super::cards::{CARDS, HAND, SEATS, SUITS};
use super::stats::{DealTally, PAIRS, PATTERNS};

/// The format name in every tally file.
pub const FORMAT: &str = "gwrun lab tally";
/// Its version.
pub const VERSION: u64 = 1;

/// `--shard I/K`: the I-th (from 0) of K shards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// "2/8" → the shard with index 2 of 8.
    pub fn parse(text: &str) -> Result<Shard, LabError> {
        let bad = || {
            LabError::Argument(format!(
                "--shard {text}: expected I/K with 0 <= I < K (e.g. 0/4, 1/4, 2/4, 3/4)"
            ))
        };
        let (i, k) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = k.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The chunks of this shard among `chunks` (contiguous; the shards partition them).
    pub fn chunks(&self, chunks: u64) -> Range<u64> {
        let at = |i: u64| ((u128::from(i) * u128::from(chunks)) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

/// The deals of chunks `range` of a run of `deals` deals in chunks of `chunk`.
pub fn deals_in(range: &Range<u64>, deals: u64, chunk: u64) -> u64 {
    let end = (range.end * chunk).min(deals);
    end.saturating_sub(range.start * chunk)
}

/// What decides a run's deals: two tallies can be summed only when these agree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunKey {
    /// The procedure with its parameters (a listing: its path, options and a hash of its
    /// text).
    pub procedure: String,
    pub generator: String,
    pub seed: u64,
    /// Deals of the whole run, and the chunk size.
    pub deals: u64,
    pub chunk: u64,
}

/// A tally file: a run's key, the chunks it covers, its cost, its counts.
#[derive(Debug, Clone, PartialEq)]
pub struct TallyFile {
    pub key: RunKey,
    /// Chunk ranges covered, sorted.
    pub chunks: Vec<Range<u64>>,
    pub cpu_seconds: Option<f64>,
    pub wall_seconds: f64,
    /// Processes (shards) whose tallies are summed here.
    pub parts: u64,
    pub tally: DealTally,
}

fn array<T: Copy + Into<Value>>(v: &[T]) -> Value {
    Value::Array(v.iter().map(|&x| x.into()).collect())
}

impl TallyFile {
    /// The JSON text.
    pub fn to_json(&self) -> String {
        let t = &self.tally;
        let v = json!({
            "format": FORMAT,
            "version": VERSION,
            "procedure": self.key.procedure,
            "generator": self.key.generator,
            "seed": self.key.seed,
            "deals_total": self.key.deals,
            "chunk": self.key.chunk,
            "chunks": self.chunks.iter().map(|r| json!([r.start, r.end])).collect::<Vec<_>>(),
            "parts": self.parts,
            "cpu_seconds": self.cpu_seconds,
            "wall_seconds": self.wall_seconds,
            "tally": {
                "deals": t.deals,
                "draws": t.draws,
                "patterns": t.patterns.iter().map(|s| array(s)).collect::<Vec<_>>(),
                "suit_lengths": t.suit_lengths.iter()
                    .map(|s| s.iter().map(|x| array(x)).collect::<Vec<_>>())
                    .collect::<Vec<_>>(),
                "placement": t.placement.iter().map(|s| array(s)).collect::<Vec<_>>(),
                "adjacency": array(&t.adjacency),
                "pairs": array(&t.pairs),
            }
        });
        let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Reads a tally file's text; `name` for messages.
    pub fn from_json(text: &str, name: &str) -> Result<TallyFile, LabError> {
        let bad = |what: &str| LabError::Argument(format!("{name}: not a lab tally file ({what})"));
        let v: Value = serde_json::from_str(text).map_err(|e| bad(&e.to_string()))?;
        if v["format"] != FORMAT {
            return Err(bad("no \"format\": \"gwrun lab tally\""));
        }
        if v["version"].as_u64() != Some(VERSION) {
            return Err(bad("unknown version"));
        }
        let u = |x: &Value, what: &str| x.as_u64().ok_or_else(|| bad(what));
        let s = |x: &Value, what: &str| x.as_str().map(str::to_string).ok_or_else(|| bad(what));
        let key = RunKey {
            procedure: s(&v["procedure"], "procedure")?,
            generator: s(&v["generator"], "generator")?,
            seed: u(&v["seed"], "seed")?,
            deals: u(&v["deals_total"], "deals_total")?,
            chunk: u(&v["chunk"], "chunk")?,
        };
        let mut chunks = Vec::new();
        for r in v["chunks"].as_array().ok_or_else(|| bad("chunks"))? {
            let a = r.as_array().ok_or_else(|| bad("chunks"))?;
            match a.as_slice() {
                [x, y] => chunks.push(u(x, "chunks")?..u(y, "chunks")?),
                _ => return Err(bad("chunks")),
            }
        }
        let t = &v["tally"];
        let list = |x: &Value, n: usize, what: &str| -> Result<Vec<u64>, LabError> {
            let a = x.as_array().ok_or_else(|| bad(what))?;
            if a.len() != n {
                return Err(bad(what));
            }
            a.iter().map(|y| u(y, what)).collect()
        };
        let mut tally = DealTally {
            deals: u(&t["deals"], "tally.deals")?,
            draws: u(&t["draws"], "tally.draws")?,
            ..DealTally::default()
        };
        for seat in 0..SEATS {
            let p = list(&t["patterns"][seat], PATTERNS, "tally.patterns")?;
            tally.patterns[seat].copy_from_slice(&p);
            let c = list(&t["placement"][seat], CARDS, "tally.placement")?;
            tally.placement[seat].copy_from_slice(&c);
            for suit in 0..SUITS {
                let l = list(
                    &t["suit_lengths"][seat][suit],
                    HAND + 1,
                    "tally.suit_lengths",
                )?;
                tally.suit_lengths[seat][suit].copy_from_slice(&l);
            }
        }
        tally
            .adjacency
            .copy_from_slice(&list(&t["adjacency"], CARDS, "tally.adjacency")?);
        tally
            .pairs
            .copy_from_slice(&list(&t["pairs"], PAIRS, "tally.pairs")?);
        Ok(TallyFile {
            key,
            chunks,
            cpu_seconds: v["cpu_seconds"].as_f64(),
            wall_seconds: v["wall_seconds"].as_f64().unwrap_or(0.0),
            parts: v["parts"].as_u64().unwrap_or(1),
            tally,
        })
    }

    /// Reads a tally file.
    pub fn read(path: &Path) -> Result<TallyFile, LabError> {
        let text = std::fs::read_to_string(path).map_err(|err| LabError::File {
            path: path.display().to_string(),
            err,
        })?;
        TallyFile::from_json(&text, &path.display().to_string())
    }
}

/// Sums tally files of one run that cover every chunk exactly once: the tally of the
/// whole run. Refuses files of other runs, overlapping chunks and missing ones.
pub fn merge(files: &[(String, TallyFile)]) -> Result<TallyFile, LabError> {
    let Some((first_name, first)) = files.first() else {
        return Err(LabError::Argument("merge: no tally files given".into()));
    };
    let mut key_diff = None;
    for (name, f) in files {
        if f.key != first.key {
            key_diff = Some(format!(
                "{name} is a shard of another run than {first_name} (procedure, generator, \
                 seed, deals or chunk differ)"
            ));
        }
    }
    if let Some(msg) = key_diff {
        return Err(LabError::Argument(format!("merge: {msg}")));
    }
    let mut ranges: Vec<(Range<u64>, &str)> = files
        .iter()
        .flat_map(|(name, f)| f.chunks.iter().map(move |r| (r.clone(), name.as_str())))
        .filter(|(r, _)| !r.is_empty())
        .collect();
    ranges.sort_by_key(|(r, _)| (r.start, r.end));
    let total = first.key.deals.div_ceil(first.key.chunk.max(1));
    let mut next = 0;
    for (r, name) in &ranges {
        if r.start < next {
            return Err(LabError::Argument(format!(
                "merge: {name} repeats chunks {}..{} (a shard given twice?)",
                r.start,
                next.min(r.end)
            )));
        }
        if r.start > next {
            return Err(LabError::Argument(format!(
                "merge: chunks {next}..{} of {total} are in no file (a shard missing?)",
                r.start
            )));
        }
        next = r.end;
    }
    if next < total {
        return Err(LabError::Argument(format!(
            "merge: chunks {next}..{total} of {total} are in no file (a shard missing?)"
        )));
    }
    let mut tally = DealTally::default();
    for (_, f) in files {
        tally.merge(&f.tally);
    }
    let cpu: Option<f64> = files.iter().map(|(_, f)| f.cpu_seconds).sum();
    Ok(TallyFile {
        key: first.key.clone(),
        // the merged file covers every chunk: one range
        chunks: (total > 0).then_some(0..total).into_iter().collect(),
        cpu_seconds: cpu,
        wall_seconds: files
            .iter()
            .map(|(_, f)| f.wall_seconds)
            .fold(0.0, f64::max),
        parts: files.iter().map(|(_, f)| f.parts).sum(),
        tally,
    })
}

/// CPU seconds this process has used (user and system, all threads), where the platform
/// tells.
pub fn cpu_seconds() -> Option<f64> {
    #[cfg(unix)]
    {
        let mut u = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: getrusage writes the whole struct it is given; RUSAGE_SELF is valid.
        let r = unsafe { libc::getrusage(libc::RUSAGE_SELF, u.as_mut_ptr()) };
        if r != 0 {
            return None;
        }
        // SAFETY: getrusage returned 0, so it filled the struct.
        let u = unsafe { u.assume_init() };
        let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
        Some(secs(u.ru_utime) + secs(u.ru_stime))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_chunks() {
        for chunks in [0u64, 1, 3, 7, 100] {
            for count in 1..=9 {
                let mut next = 0;
                for index in 0..count {
                    let r = Shard { index, count }.chunks(chunks);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, chunks);
            }
        }
        assert_eq!(deals_in(&(0..2), 150, 100), 150);
        assert_eq!(deals_in(&(1..2), 150, 100), 50);
        assert_eq!(deals_in(&(2..2), 150, 100), 0);
    }

    #[test]
    fn shard_arguments() {
        assert_eq!(Shard::parse("2/8").unwrap(), Shard { index: 2, count: 8 });
        for bad in ["8/8", "1/0", "x/2", "3", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    fn file(chunks: Vec<Range<u64>>, deals: u64) -> TallyFile {
        let mut tally = DealTally {
            deals,
            ..DealTally::default()
        };
        tally.patterns[1][3] = deals;
        TallyFile {
            key: RunKey {
                procedure: "p".into(),
                generator: "g".into(),
                seed: 1,
                deals: 300,
                chunk: 100,
            },
            chunks,
            cpu_seconds: Some(1.0),
            wall_seconds: 0.5,
            parts: 1,
            tally,
        }
    }

    #[test]
    fn json_round_trip_and_merge_checks() {
        let a = file(std::iter::once(0..1).collect(), 100);
        let back = TallyFile::from_json(&a.to_json(), "a").unwrap();
        assert_eq!(back, a);
        let b = file(std::iter::once(1..3).collect(), 200);
        let m = merge(&[("a".into(), a.clone()), ("b".into(), b.clone())]).unwrap();
        assert_eq!(m.tally.deals, 300);
        assert_eq!(m.tally.patterns[1][3], 300);
        assert_eq!(m.cpu_seconds, Some(2.0));
        assert_eq!(m.parts, 2);
        // a missing shard, a repeated one, another run
        assert!(merge(&[("a".into(), a.clone())]).is_err());
        assert!(
            merge(&[
                ("a".into(), a.clone()),
                ("a2".into(), a.clone()),
                ("b".into(), b.clone())
            ])
            .is_err()
        );
        let mut other = b.clone();
        other.key.seed = 2;
        assert!(merge(&[("a".into(), a), ("o".into(), other)]).is_err());
        assert!(TallyFile::from_json("{}", "x").is_err());
    }
}
