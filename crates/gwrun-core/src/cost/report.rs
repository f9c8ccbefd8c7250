//! From counters to a cost report: the counts per line (static profiles × executions +
//! dynamic counts), weighted into 8086 instructions and seconds at a given clock, under
//! either GOTO search model; as text (`--stats`, `--profile`) or JSON (`--profile=json`).

use super::profile::{FuncClass, OpClass, SiteProfile};
use super::weights::{COUNTERS, CYCLES_PER_INSTRUCTION, Counter, DEFAULT_CLOCK_MHZ, WEIGHTS};
use crate::compile::code::Code;
use crate::machine::counters::{Cost, DYN_KINDS, Dyn};
use crate::machine::vars::{NOT_CREATED, Vars};
use std::fmt::Write;

/// How line searches are modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GotoModel {
    /// GW-BASIC 3.23: a jump searches (from the next line when the target is higher,
    /// else from the top) only the first time; then it is a pointer (digest §2.1).
    #[default]
    Gw,
    /// The document's description: every jump searches from the top.
    Naive,
}

/// One count per counter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Counts(pub [u64; COUNTERS]);

impl Default for Counts {
    fn default() -> Self {
        Counts([0; COUNTERS])
    }
}

impl Counts {
    pub fn get(&self, c: Counter) -> u64 {
        self.0[c as usize]
    }

    fn add(&mut self, c: Counter, n: u64) {
        self.0[c as usize] += n;
    }

    /// Adds another set of counts, counter by counter.
    pub fn add_all(&mut self, o: &Counts) {
        for (a, b) in self.0.iter_mut().zip(o.0.iter()) {
            *a += b;
        }
    }

    /// Weighted total in 8086 instructions.
    pub fn instructions(&self) -> f64 {
        self.0
            .iter()
            .zip(WEIGHTS.iter())
            .map(|(&n, w)| n as f64 * w.instructions)
            .sum()
    }
}

/// One program line's share.
#[derive(Debug, Clone)]
pub struct LineCost {
    pub number: u16,
    /// Times execution entered the line.
    pub hits: u64,
    /// Statements executed on it.
    pub statements: u64,
    pub counts: Counts,
}

/// A cost report.
#[derive(Debug, Clone)]
pub struct Report {
    pub model: GotoModel,
    pub clock_mhz: f64,
    pub lines: Vec<LineCost>,
    pub totals: Counts,
}

impl Report {
    /// Builds the report of the last run.
    pub fn build(cost: &Cost, code: &Code, vars: &Vars, model: GotoModel) -> Report {
        let mut lines = Vec::with_capacity(code.lines.len());
        let runs = cost.runs(code);
        let rows = cost.line_rows(code, &runs);
        for (line, row) in code.lines.iter().zip(rows.iter()) {
            let mut c = Counts::default();
            let mut statements = 0;
            for i in 0..line.instrs.len() {
                let site = line.site_base as usize + i;
                let n = runs.get(site).copied().unwrap_or(0);
                if n > 0 {
                    let p = super::profile::site_profile(line, i, vars);
                    add_static(&mut c, &p, n, vars);
                    statements += n * u64::from(p.stmt);
                }
            }
            add_dynamic(&mut c, row, model);
            lines.push(LineCost {
                number: line.number,
                hits: row[Dyn::LineEntry as usize],
                statements,
                counts: c,
            });
        }
        let mut totals = Counts::default();
        for l in &lines {
            totals.add_all(&l.counts);
        }
        Report {
            model,
            clock_mhz: DEFAULT_CLOCK_MHZ,
            lines,
            totals,
        }
    }

    /// Total in 8086 instructions.
    pub fn instructions(&self) -> f64 {
        self.totals.instructions()
    }

    /// Estimated seconds on the clock.
    pub fn seconds(&self) -> f64 {
        self.instructions() * CYCLES_PER_INSTRUCTION / (self.clock_mhz * 1e6)
    }

    /// `--stats`: every counter with its weight and share.
    pub fn stats_text(&self) -> String {
        let total = self.instructions().max(1.0);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "GW-BASIC operation counts ({} GOTO model)",
            model_name(self.model)
        );
        let _ = writeln!(
            s,
            "{:<34} {:>14} {:>7} {:>16} {:>7}",
            "counter", "count", "weight", "instructions", "share"
        );
        for w in WEIGHTS.iter() {
            let n = self.totals.get(w.counter);
            if n == 0 {
                continue;
            }
            let ins = n as f64 * w.instructions;
            let mark = if w.exact { "" } else { "~" };
            let _ = writeln!(
                s,
                "{:<34} {:>14} {:>6}{} {:>16.0} {:>6.2}%",
                w.name,
                n,
                mark,
                w.instructions,
                ins,
                100.0 * ins / total
            );
        }
        let _ = writeln!(s, "total: {:.0} 8086 instructions", self.instructions());
        let _ = writeln!(
            s,
            "estimate: {:.2} s on a {} MHz 8088 ({} cycles per instruction)",
            self.seconds(),
            self.clock_mhz,
            CYCLES_PER_INSTRUCTION
        );
        s
    }

    /// `--profile`: lines sorted by estimated cost.
    pub fn profile_text(&self) -> String {
        let total = self.instructions().max(1.0);
        let mut rows: Vec<&LineCost> = self
            .lines
            .iter()
            .filter(|l| l.hits > 0 || l.statements > 0)
            .collect();
        rows.sort_by(|a, b| {
            b.counts
                .instructions()
                .total_cmp(&a.counts.instructions())
                .then(a.number.cmp(&b.number))
        });
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:>6} {:>12} {:>12} {:>16} {:>7}",
            "line", "hits", "statements", "instructions", "share"
        );
        for l in rows {
            let ins = l.counts.instructions();
            let _ = writeln!(
                s,
                "{:>6} {:>12} {:>12} {:>16.0} {:>6.2}%",
                l.number,
                l.hits,
                l.statements,
                ins,
                100.0 * ins / total
            );
        }
        let _ = writeln!(
            s,
            "total: {:.0} instructions, {:.2} s at {} MHz",
            self.instructions(),
            self.seconds(),
            self.clock_mhz
        );
        s
    }

    /// `--profile=json`.
    pub fn profile_json(&self) -> String {
        let total = self.instructions().max(1.0);
        let mut s = String::from("{");
        let _ = write!(
            s,
            "\"model\":\"{}\",\"clock_mhz\":{},\"cycles_per_instruction\":{},\"instructions\":{:.0},\"seconds\":{:.6},",
            model_name(self.model),
            self.clock_mhz,
            CYCLES_PER_INSTRUCTION,
            self.instructions(),
            self.seconds()
        );
        s.push_str("\"counters\":{");
        let fields: Vec<String> = WEIGHTS
            .iter()
            .map(|w| format!("\"{}\":{}", w.name, self.totals.get(w.counter)))
            .collect();
        s.push_str(&fields.join(","));
        s.push_str("},\"lines\":[");
        let rows: Vec<String> = self
            .lines
            .iter()
            .filter(|l| l.hits > 0 || l.statements > 0)
            .map(|l| {
                let ins = l.counts.instructions();
                format!(
                    "{{\"line\":{},\"hits\":{},\"statements\":{},\"instructions\":{:.0},\"share\":{:.6}}}",
                    l.number,
                    l.hits,
                    l.statements,
                    ins,
                    ins / total
                )
            })
            .collect();
        s.push_str(&rows.join(","));
        s.push_str("]}\n");
        s
    }
}

pub fn model_name(m: GotoModel) -> &'static str {
    match m {
        GotoModel::Gw => "gw",
        GotoModel::Naive => "naive",
    }
}

/// Static counts of `n` executions of a site.
fn add_static(c: &mut Counts, p: &SiteProfile, n: u64, vars: &Vars) {
    if n == 0 {
        return;
    }
    let m = |x: u16| n * u64::from(x);
    c.add(Counter::Stmt, n * u64::from(p.stmt));
    c.add(Counter::Token, m(p.tokens));
    c.add(Counter::Letter, m(p.letters));
    c.add(Counter::OtherHigh, m(p.other_high));
    c.add(Counter::Space, m(p.spaces));
    c.add(Counter::Digit, m(p.digits));
    c.add(Counter::Punct, m(p.punct));
    c.add(Counter::StringChar, m(p.string_chars));
    c.add(Counter::ScanByte, m(p.scan));
    c.add(Counter::ConstInt, m(p.consts[0]));
    c.add(Counter::ConstSng, m(p.consts[1]));
    c.add(Counter::ConstDbl, m(p.consts[2]));
    c.add(Counter::Operand, m(p.operands));
    c.add(Counter::Binop, m(p.binops));
    c.add(Counter::Conv, m(p.conv));
    c.add(Counter::Subscript, m(p.subscripts));
    let ops = [
        (OpClass::Int, Counter::OpInt),
        (OpClass::SngAdd, Counter::OpSngAdd),
        (OpClass::SngMul, Counter::OpSngMul),
        (OpClass::SngDiv, Counter::OpSngDiv),
        (OpClass::DblAdd, Counter::OpDblAdd),
        (OpClass::DblMul, Counter::OpDblMul),
        (OpClass::DblDiv, Counter::OpDblDiv),
        (OpClass::Str, Counter::OpStr),
        (OpClass::Pow, Counter::OpPow),
        (OpClass::PowInt, Counter::OpPowInt),
    ];
    for (class, counter) in ops {
        c.add(counter, m(p.ops[class as usize]));
    }
    let funcs = [
        (FuncClass::Transcendental, Counter::FnTranscendental),
        (FuncClass::Sqr, Counter::FnSqr),
        (FuncClass::Rnd, Counter::FnRnd),
        (FuncClass::String, Counter::FnString),
        (FuncClass::Other, Counter::FnOther),
    ];
    for (class, counter) in funcs {
        c.add(counter, m(p.funcs[class as usize]));
    }
    let created = u64::from(vars.scalars_created());
    for &s in p.scalars.iter() {
        let rank = vars
            .scalar_rank
            .get(s as usize)
            .copied()
            .unwrap_or(NOT_CREATED);
        let probes = if rank == NOT_CREATED {
            created
        } else {
            u64::from(rank)
        };
        c.add(Counter::VarRef, n);
        c.add(Counter::VarProbe, n * probes);
        c.add(
            Counter::VarNameExtra,
            n * vars.scalar_key(s).0.len().saturating_sub(2) as u64,
        );
    }
    let arrays = u64::from(vars.arrays_created());
    for &a in p.arrays.iter() {
        let rank = vars
            .array_rank
            .get(a as usize)
            .copied()
            .unwrap_or(NOT_CREATED);
        let probes = if rank == NOT_CREATED {
            arrays
        } else {
            u64::from(rank)
        };
        c.add(Counter::ArrRef, n);
        c.add(Counter::ArrProbe, n * probes);
        c.add(
            Counter::VarNameExtra,
            n * vars.array_key(a).0.len().saturating_sub(2) as u64,
        );
    }
}

/// A line's dynamic counts.
fn add_dynamic(c: &mut Counts, row: &[u64; DYN_KINDS], model: GotoModel) {
    let d = |k: Dyn| row[k as usize];
    c.add(Counter::Line, d(Dyn::LineEntry));
    c.add(Counter::ScanByte, d(Dyn::ScanBytes));
    c.add(Counter::ForScanByte, d(Dyn::ForScanBytes));
    c.add(Counter::WhileScanByte, d(Dyn::WhileScanBytes));
    match model {
        GotoModel::Gw => {
            c.add(Counter::LineStep, d(Dyn::LineStepsGw));
            c.add(Counter::JumpPtr, d(Dyn::JumpPtr));
        }
        GotoModel::Naive => c.add(Counter::LineStep, d(Dyn::LineStepsNaive)),
    }
    c.add(Counter::ForExec, d(Dyn::ForExec));
    c.add(Counter::NextNamed, d(Dyn::NextNamed));
    c.add(Counter::NextBare, d(Dyn::NextBare));
    c.add(Counter::NextInt, d(Dyn::NextInt));
    c.add(
        Counter::NextSng,
        (d(Dyn::NextNamed) + d(Dyn::NextBare)).saturating_sub(d(Dyn::NextInt)),
    );
    c.add(Counter::Gosub, d(Dyn::Gosub));
    c.add(Counter::Return, d(Dyn::Return));
    c.add(Counter::Wend, d(Dyn::Wend));
    c.add(Counter::VarNew, d(Dyn::VarNew));
    c.add(Counter::VarNewMoved, d(Dyn::VarNewMoved));
    c.add(Counter::NumIn, d(Dyn::NumIn));
    c.add(Counter::NumOut, d(Dyn::NumOut));
    c.add(Counter::OutChar, d(Dyn::OutChars));
    c.add(Counter::GcRun, d(Dyn::GcRuns));
    c.add(Counter::GcVisit, d(Dyn::GcVisits));
    c.add(Counter::GcByte, d(Dyn::GcBytes));
}
