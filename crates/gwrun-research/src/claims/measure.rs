//! Running the listings and measuring their routines: a session with a listing loaded
//! and the data typed in, the routine's lines' counts under both GOTO models, checked
//! against what GW-BASIC 3.23 does with the data; the counts summed over the data sets
//! ([`Totals`]) with the cost model's band for any ratio of two of them; and the
//! activities the time goes to ([`GROUPS`]).

use super::band;
use super::rule::Measured;
use super::text::{Basic, Source, read_source, routine_lines};
use super::*;

// ---------------------------------------------------------------- running

/// One data set: the typed parameter and data lines and the A() they produce.
#[derive(Debug, Clone)]
pub(super) struct Data {
    pub(super) seed: u16,
    pub(super) params: String,
    pub(super) line: String,
    pub(super) input: Vec<i64>,
}

pub(super) fn type_line(s: &mut Session, file: &str, line: &str) -> Result<(), ClaimsError> {
    match s.enter_line(line) {
        Stop::Ended => Ok(()),
        other => Err(ClaimsError::Edit {
            file: file.to_string(),
            line: line.to_string(),
            outcome: format!("{other:?}"),
        }),
    }
}

/// A session with the listing loaded and the parameters and data typed in.
pub(super) fn prepared(
    src: &Source,
    params: &str,
    data_line: &str,
) -> Result<Session, ClaimsError> {
    let mut s = Session::captured(b"");
    s.load_source(src.text.as_bytes())
        .map_err(|err| ClaimsError::Load {
            file: src.file.clone(),
            err,
        })?;
    type_line(&mut s, &src.file, params)?;
    type_line(&mut s, &src.file, data_line)?;
    Ok(s)
}

/// A(0..=SIZE) after a run.
pub(super) fn array_a(s: &Session, file: &str, seed: u16) -> Result<Vec<i64>, ClaimsError> {
    let values = s.array_values("A").ok_or_else(|| ClaimsError::Unexpected {
        file: file.to_string(),
        seed,
        expected: "an array A()".into(),
        got: "none".into(),
    })?;
    Ok(values.iter().map(|&v| v as i64).collect())
}

/// The data a driver makes with these lines (the program stopped before its routine).
pub(super) fn capture(
    src: &Source,
    seed: u16,
    params: String,
    line: String,
) -> Result<Data, ClaimsError> {
    capture_n(src, seed, params, line, SIZE)
}

/// [`capture`] for a data set of `n` elements.
pub(super) fn capture_n(
    src: &Source,
    seed: u16,
    params: String,
    line: String,
    n: u32,
) -> Result<Data, ClaimsError> {
    let mut s = prepared(src, &params, &line)?;
    type_line(&mut s, &src.file, STOP_LINE)?;
    let outcome = s.run_program();
    let input = array_a(&s, &src.file, seed)?;
    if outcome != Stop::Ended || input.len() != n as usize + 1 {
        return Err(ClaimsError::Unexpected {
            file: src.file.clone(),
            seed,
            expected: format!("A(0..{n}) filled"),
            got: format!("{outcome:?}"),
        });
    }
    Ok(Data {
        seed,
        params,
        line,
        input,
    })
}

/// The common data set of a seed, checked to be a shuffled permutation of 1..SIZE.
pub(super) fn permutation(src: &Source, seed: u16) -> Result<Data, ClaimsError> {
    let d = capture(src, seed, parameter_line(seed, SIZE), DATA_LINE.into())?;
    let identity: Vec<i64> = (0..=i64::from(SIZE)).collect();
    if sorted_form(&d.input) != identity || d.input == identity {
        return Err(ClaimsError::Unexpected {
            file: src.file.clone(),
            seed,
            expected: format!("a shuffled permutation of 1..{SIZE}"),
            got: format!("A(1..5) = {:?}", d.input.get(1..6).unwrap_or(&[])),
        });
    }
    Ok(d)
}

/// A(0) kept, A(1..) ascending.
pub(super) fn sorted_form(a: &[i64]) -> Vec<i64> {
    let mut out = a.to_vec();
    if let Some(rest) = out.get_mut(1..) {
        rest.sort_unstable();
    }
    out
}

/// A(0..=SIZE) as the common data line leaves it for a seed: a permutation of 1..SIZE.
pub fn data_set(basic: &Basic, seed: u16) -> Result<Vec<i64>, ClaimsError> {
    let src = read_source(basic, LISTINGS[SHELL_METZNER].file)?;
    Ok(permutation(&src, seed)?.input)
}

/// Runs a listing on the common data set of a seed and measures its routine's lines.
pub fn measure(
    basic: &Basic,
    listing: &Listing,
    seed: u16,
    spacing: Spacing,
) -> Result<Measurement, ClaimsError> {
    let data_src = read_source(basic, LISTINGS[SHELL_METZNER].file)?;
    let data = permutation(&data_src, seed)?;
    measure_on(&read_source(basic, listing.file)?, listing, spacing, &data)
}

pub(super) fn measure_on(
    src: &Source,
    listing: &Listing,
    spacing: Spacing,
    data: &Data,
) -> Result<Measurement, ClaimsError> {
    let mut s = prepared(src, &data.params, &data.line)?;
    let mut spaces_removed = 0;
    if spacing == Spacing::Minimal {
        for (n, body) in routine_lines(src, listing)? {
            let (new, removed) = minimal_spacing(n, body);
            if removed > 0 {
                type_line(&mut s, &src.file, &format!("{n} {new}"))?;
                spaces_removed += removed;
            }
        }
    }
    let outcome = s.run_program();
    check_outcome(&s, src, listing, &outcome, data)?;
    let gw = s.cost_report(GotoModel::Gw);
    let naive = s.cost_report(GotoModel::Naive);
    let in_range = |l: &&LineCost| (listing.first..=listing.last).contains(&l.number);
    let lines: Vec<LineCost> = gw.lines.iter().filter(in_range).cloned().collect();
    Ok(Measurement {
        gw: sum_counts(lines.iter()),
        naive: sum_counts(naive.lines.iter().filter(in_range)),
        statements: lines.iter().map(|l| l.statements).sum(),
        lines,
        spaces_removed,
    })
}

pub(super) fn sum_counts<'a>(lines: impl Iterator<Item = &'a LineCost>) -> Counts {
    let mut c = Counts::default();
    for l in lines {
        c.add_all(&l.counts);
    }
    c
}

pub(super) fn check_outcome(
    s: &Session,
    src: &Source,
    listing: &Listing,
    outcome: &Stop,
    data: &Data,
) -> Result<(), ClaimsError> {
    let a = array_a(s, &src.file, data.seed)?;
    let ok = match listing.expect {
        Expect::Sorted => *outcome == Stop::Ended && a == sorted_form(&data.input),
        Expect::Unchanged => *outcome == Stop::Ended && a == data.input,
        Expect::Error(code, line) => {
            *outcome
                == Stop::Error(BasicError {
                    code,
                    line: Some(line),
                })
        }
    };
    if ok {
        return Ok(());
    }
    Err(ClaimsError::Unexpected {
        file: src.file.clone(),
        seed: data.seed,
        expected: format!("{:?}", listing.expect),
        got: format!(
            "{outcome:?}, A(1..5) = {:?}",
            a.get(1..6.min(a.len())).unwrap_or(&[])
        ),
    })
}

// ---------------------------------------------------------------- totals

/// One routine line's counts summed over the data sets.
#[derive(Debug, Clone, Copy)]
pub(super) struct LineRow {
    pub(super) number: u16,
    pub(super) hits: u64,
    pub(super) statements: u64,
    pub(super) instructions: f64,
}

/// Counts summed over the data sets.
#[derive(Debug, Clone)]
pub(super) struct Totals {
    pub(super) gw: Counts,
    pub(super) naive: Counts,
    pub(super) statements: u64,
    pub(super) lines: Vec<LineRow>,
    pub(super) spaces_removed: u32,
    /// Instructions per data set (gw, naive).
    pub(super) per_set: Vec<(f64, f64)>,
    /// The counts of each data set (gw), for the cost model's band.
    pub(super) sets: Vec<Counts>,
    /// Each data set's lines (hits, statements, instructions).
    pub(super) set_lines: Vec<Vec<LineRow>>,
    /// Each data set's counts under the naive GOTO model.
    pub(super) naive_sets: Vec<Counts>,
}

impl Totals {
    pub(super) fn new() -> Totals {
        Totals {
            gw: Counts::default(),
            naive: Counts::default(),
            statements: 0,
            lines: Vec::new(),
            spaces_removed: 0,
            per_set: Vec::new(),
            sets: Vec::new(),
            set_lines: Vec::new(),
            naive_sets: Vec::new(),
        }
    }

    pub(super) fn add(&mut self, m: &Measurement) {
        self.gw.add_all(&m.gw);
        self.naive.add_all(&m.naive);
        self.statements += m.statements;
        self.spaces_removed = m.spaces_removed;
        if self.lines.is_empty() {
            self.lines = m
                .lines
                .iter()
                .map(|l| LineRow {
                    number: l.number,
                    hits: 0,
                    statements: 0,
                    instructions: 0.0,
                })
                .collect();
        }
        for (row, l) in self.lines.iter_mut().zip(m.lines.iter()) {
            row.hits += l.hits;
            row.statements += l.statements;
            row.instructions += l.counts.instructions();
        }
        self.per_set
            .push((m.gw.instructions(), m.naive.instructions()));
        self.sets.push(m.gw);
        self.naive_sets.push(m.naive);
        self.set_lines.push(
            m.lines
                .iter()
                .map(|l| LineRow {
                    number: l.number,
                    hits: l.hits,
                    statements: l.statements,
                    instructions: l.counts.instructions(),
                })
                .collect(),
        );
    }

    /// The first `k` data sets only.
    pub(super) fn first(&self, k: usize) -> Totals {
        let mut t = Totals::new();
        for ((c, lines), nv) in self
            .sets
            .iter()
            .zip(&self.set_lines)
            .zip(&self.naive_sets)
            .take(k)
        {
            t.gw.add_all(c);
            t.naive.add_all(nv);
            t.statements += lines.iter().map(|l| l.statements).sum::<u64>();
            t.sets.push(*c);
            t.naive_sets.push(*nv);
            t.set_lines.push(lines.clone());
            t.per_set.push((c.instructions(), nv.instructions()));
        }
        t.lines = self.lines.clone();
        for row in t.lines.iter_mut() {
            let per: Vec<&LineRow> = t
                .set_lines
                .iter()
                .filter_map(|ls| ls.iter().find(|l| l.number == row.number))
                .collect();
            row.hits = per.iter().map(|l| l.hits).sum();
            row.statements = per.iter().map(|l| l.statements).sum();
            row.instructions = per.iter().map(|l| l.instructions).sum();
        }
        t.spaces_removed = self.spaces_removed;
        t
    }

    pub(super) fn sets(&self) -> f64 {
        self.per_set.len().max(1) as f64
    }

    pub(super) fn counts(&self, model: GotoModel) -> &Counts {
        match model {
            GotoModel::Gw => &self.gw,
            GotoModel::Naive => &self.naive,
        }
    }

    /// Mean of a counter per data set.
    pub(super) fn mean(&self, c: Counter) -> f64 {
        self.gw.get(c) as f64 / self.sets()
    }

    pub(super) fn mean_in(&self, model: GotoModel, c: Counter) -> f64 {
        self.counts(model).get(c) as f64 / self.sets()
    }

    pub(super) fn mean_of(&self, cs: &[Counter]) -> f64 {
        cs.iter().map(|&c| self.mean(c)).sum()
    }

    pub(super) fn mean_statements(&self) -> f64 {
        self.statements as f64 / self.sets()
    }

    /// Mean instructions per data set.
    pub(super) fn ins(&self, model: GotoModel) -> f64 {
        self.counts(model).instructions() / self.sets()
    }

    /// Mean instructions of some counters.
    pub(super) fn ins_of(&self, model: GotoModel, cs: &[Counter]) -> f64 {
        cs.iter().map(|&c| self.mean_in(model, c) * weight(c)).sum()
    }

    pub(super) fn line(&self, number: u16) -> Option<LineRow> {
        self.lines.iter().copied().find(|l| l.number == number)
    }

    pub(super) fn line_hits(&self, number: u16) -> f64 {
        self.line(number)
            .map_or(0.0, |l| l.hits as f64 / self.sets())
    }
}

pub(super) fn weight(c: Counter) -> f64 {
    WEIGHTS[c as usize].instructions
}

pub(super) fn seconds(instructions: f64) -> f64 {
    instructions * CYCLES_PER_INSTRUCTION / (DEFAULT_CLOCK_MHZ * 1e6)
}

/// Bytes the character fetcher walks while executing statements.
pub(super) const WALKED: [Counter; 7] = [
    Counter::Token,
    Counter::Letter,
    Counter::OtherHigh,
    Counter::Digit,
    Counter::Punct,
    Counter::Space,
    Counter::StringChar,
];
/// Bytes walked by skip scans and FOR/WHILE body scans.
pub(super) const SCANNED: [Counter; 3] = [
    Counter::ScanByte,
    Counter::ForScanByte,
    Counter::WhileScanByte,
];

/// Where the time goes: counters grouped by the interpreter's activity. ORDER: table
/// columns.
pub(super) const GROUPS: [(&str, &[Counter]); 9] = [
    (
        "statement and line overhead",
        &[Counter::Stmt, Counter::Line],
    ),
    (
        "bytes walked (incl. spaces)",
        &[
            Counter::Token,
            Counter::Letter,
            Counter::OtherHigh,
            Counter::Space,
            Counter::Digit,
            Counter::Punct,
            Counter::StringChar,
            Counter::ConstInt,
            Counter::ConstSng,
            Counter::ConstDbl,
        ],
    ),
    (
        "skip and body scans",
        &[
            Counter::ScanByte,
            Counter::ForScanByte,
            Counter::WhileScanByte,
        ],
    ),
    (
        "line search, pointer jumps",
        &[Counter::LineStep, Counter::JumpPtr],
    ),
    (
        "variable and array lookups",
        &[
            Counter::VarRef,
            Counter::VarNameExtra,
            Counter::VarProbe,
            Counter::ArrRef,
            Counter::ArrProbe,
        ],
    ),
    ("subscripts", &[Counter::Subscript]),
    (
        "operands and operators",
        &[
            Counter::Operand,
            Counter::Binop,
            Counter::OpInt,
            Counter::OpSngAdd,
            Counter::OpSngMul,
            Counter::OpSngDiv,
            Counter::OpDblAdd,
            Counter::OpDblMul,
            Counter::OpDblDiv,
            Counter::OpStr,
            Counter::Conv,
        ],
    ),
    (
        POW_GROUP,
        &[
            Counter::OpPow,
            Counter::OpPowInt,
            Counter::FnTranscendental,
            Counter::FnSqr,
            Counter::FnRnd,
            Counter::FnString,
            Counter::FnOther,
        ],
    ),
    (
        "FOR, NEXT, WEND, GOSUB, creations",
        &[
            Counter::ForExec,
            Counter::NextNamed,
            Counter::NextBare,
            Counter::NextInt,
            Counter::NextSng,
            Counter::Wend,
            Counter::Gosub,
            Counter::Return,
            Counter::VarNew,
            Counter::VarNewMoved,
            Counter::NumIn,
            Counter::NumOut,
            Counter::OutChar,
        ],
    ),
];

/// The name of the `^`-and-functions group in [`GROUPS`].
pub(super) const POW_GROUP: &str = "`^` and functions";

// ---------------------------------------------------------------- the model's band

/// The modelled ratio Σa/Σb (gw) of counts paired by data set, with the cost model's
/// band: for each pair the range over the box of weight tables ([`band::ratio`]), and the
/// union over the pairs (so the spread between data sets is inside it too).
pub(super) fn model_ratio_of(pairs: &[(&Counts, &Counts)]) -> Measured {
    let w = band::nominal();
    let (mut a, mut b) = ([0.0; COUNTERS], [0.0; COUNTERS]);
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for (x, y) in pairs {
        let (vx, vy) = (band::vector(x), band::vector(y));
        for i in 0..COUNTERS {
            a[i] += vx[i];
            b[i] += vy[i];
        }
        let (_, l, h) = band::ratio(&vx, &vy);
        lo = lo.min(l);
        hi = hi.max(h);
    }
    let value = band::dot(&a, &w) / band::dot(&b, &w);
    let how = if pairs.len() > 1 {
        format!("weights ±50 %, {} data sets", pairs.len())
    } else {
        "weights ±50 %".to_string()
    };
    Measured::within(value, lo, hi, how)
}

/// [`model_ratio_of`] for two listings' totals, data set by data set.
pub(super) fn model_ratio(a: &Totals, b: &Totals) -> Measured {
    let pairs: Vec<(&Counts, &Counts)> = a.sets.iter().zip(&b.sets).collect();
    model_ratio_of(&pairs)
}

/// The modelled ratio a/b of two count vectors (an expectation, a mean) with the cost
/// model's band.
pub(super) fn model_ratio_vectors(a: &band::Vector, b: &band::Vector, how: &str) -> Measured {
    let (value, lo, hi) = band::ratio(a, b);
    Measured::within(value, lo, hi, how)
}
