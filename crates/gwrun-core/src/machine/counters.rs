//! The counters the interpreter bumps while it runs, and the counts derived from them:
//! executions per instruction site, and per line a small array of dynamic counts (`Dyn`).
//!
//! Counting must stay cheap (docs/benchmarks.md, "What faithfulness costs"), so the hot
//! path bumps as little as it can:
//!
//! - every executed statement bumps its site's counter: the one count that is always
//!   kept. The counter lives beside the statement in the compiled line (`code::Site`), so
//!   the bump is one increment of memory the statement loop has at hand; the counts of
//!   code that has been replaced (a DEFtype change recompiles) are kept here
//!   (`settled`), and a site's executions are the sum of both (`runs`);
//! - each dynamic kind has its own vector indexed by line, so a bump is one checked index
//!   (`add`); the direct-mode line's own counts are not kept (no report shows them);
//! - counts that follow from a site's executions are not bumped at all but derived at
//!   report time (`line_rows`, the one home of the rule): for a GOTO or GOSUB statement
//!   with a known target `t`, each execution is one pointer jump and `t + 1` naive
//!   line-search steps (and one GOSUB); a plain RETURN is one RETURN; a NEXT with at most
//!   one variable is one named or bare NEXT (and one integer loop step when its variable
//!   is an integer); a FOR is one FOR and its scan's bytes;
//! - line entries are not bumped either: a line with statements is entered as often as its
//!   first statement runs, except for arrivals there that are no entry (a RETURN from an
//!   event trap, RESUME, CONT: `Machine::arrived_mid`, -1) and entries whose first
//!   statement did not run (an event trap taken before it: +1); these corrections are
//!   kept, wrapping, in the line's dynamic entry count (`adjust_entries`, cold). Only an
//!   empty line counts its entries itself, as execution falls through it.
//!
//! An execution that does not take that common path (a jump's first use, which searches
//! and converts the pointer; a GOSUB without stack room; a RETURN without GOSUB; a NEXT
//! that goes the general way; a FOR stopped before it began its loop; a statement stopped
//! by Break before it ran) counts its own dynamic events as before and is taken out of the
//! derivation (`not_derived`, cold).
//! A DEFtype change recompiles the code while counts go on: the counts derived so far are
//! settled into the dynamic counters first (`settle`), as a NEXT's variable may change
//! type.
//!
//! Left on the hot path: the site bump (one increment a statement, the floor of this
//! design), the scans of IF-false and ELSE, WHILE and WEND.
//! Tried and dropped: deriving IF-false scans from the flow into the THEN branch (an IF
//! last on its line has no THEN branch, and telling it apart on the false path cost as
//! much as the count it saved).

use crate::compile::code::{CLine, Code, Instr, Site};
use crate::syntax::ast::{For, Gosub, Goto, Next, Return, Stmt, VarType};

/// Dynamic events, counted per line. ORDER: indexes into `Cost::line_rows` rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dyn {
    /// Execution entered the line (falling in from the previous line, or a jump).
    LineEntry = 0,
    /// Bytes walked by skip scans decided at run time: the rest of the line on IF-false
    /// (up to ELSE), an ELSE part after a taken THEN, the rest of the line on a first-time
    /// GOTO, the rest of the GOSUB statement on RETURN, DATA items read.
    ScanBytes,
    /// Line-search steps under GW-BASIC's rule (first-time jumps, RESTORE n, ON ERROR).
    LineStepsGw,
    /// Line-search steps if every jump searched from the top (the document's model).
    LineStepsNaive,
    /// Jumps through an already converted pointer.
    JumpPtr,
    /// FOR statements executed.
    ForExec,
    /// Bytes walked by FOR body scans.
    ForScanBytes,
    NextNamed,
    NextBare,
    /// NEXT iterations of integer loops (the rest are single-precision loops).
    NextInt,
    Gosub,
    Return,
    Wend,
    /// Bytes walked by WHILE body scans.
    WhileScanBytes,
    /// Scalars created, and the array bytes each creation moved.
    VarNew,
    VarNewMoved,
    /// Numbers read from text (READ, INPUT, VAL) and written as text (PRINT, STR$).
    NumIn,
    NumOut,
    /// Characters sent to the screen.
    OutChars,
    /// String-space garbage collections (BISTRS.ASM GARBAG), the string descriptors
    /// their passes looked at, and the bytes they moved.
    GcRuns,
    GcVisits,
    GcBytes,
}

/// Number of `Dyn` kinds.
pub const DYN_KINDS: usize = Dyn::GcBytes as usize + 1;

/// The run's counters.
#[derive(Debug, Clone, Default)]
pub struct Cost {
    /// Executions per instruction site of code since replaced (see `runs`).
    settled: Vec<u64>,
    /// Executions per site taken out of the derivation (see the module comment).
    not_derived: Vec<u64>,
    /// Dynamic counts bumped at run time: per kind, one count per line index.
    dynamic: [Vec<u64>; DYN_KINDS],
}

impl Cost {
    /// Sizes for a newly compiled program; all counts restart.
    pub fn reset_sites(&mut self, sites: usize, lines: usize) {
        self.settled = vec![0; sites];
        self.not_derived = vec![0; sites];
        for v in self.dynamic.iter_mut() {
            *v = vec![0; lines];
        }
    }

    /// Zero every counter, keeping sizes (RUN); `code` is the program that runs.
    pub fn restart(&mut self, code: &Code) {
        clear_sites(code);
        self.settled.iter_mut().for_each(|c| *c = 0);
        self.not_derived.iter_mut().for_each(|c| *c = 0);
        for v in self.dynamic.iter_mut() {
            v.iter_mut().for_each(|c| *c = 0);
        }
    }

    /// One execution of a statement of the running code (the statement loop's bump).
    #[inline(always)]
    pub fn ran(site: &Site) {
        #[cfg(not(feature = "nocost"))]
        site.runs.set(site.runs.get() + 1);
        #[cfg(feature = "nocost")]
        let _ = site;
    }

    /// Executions per site of `code` (the program the counters were sized for): the
    /// counts in its sites plus the settled ones.
    pub fn runs(&self, code: &Code) -> Vec<u64> {
        let mut runs = self.settled.clone();
        for line in &code.lines {
            add_line_runs(&mut runs, line);
        }
        runs
    }

    /// One execution of `site` that counted its own dynamic events: it takes no part in
    /// the derived counts (direct mode: any site past the program's is ignored).
    #[cold]
    pub fn not_derived(&mut self, site: u32) {
        #[cfg(not(feature = "nocost"))]
        if let Some(c) = self.not_derived.get_mut(site as usize) {
            *c += 1;
        }
        #[cfg(feature = "nocost")]
        let _ = site;
    }

    /// Adds to a dynamic counter of line index `line` (direct mode, or any index past the
    /// program's lines: not kept).
    #[inline(always)]
    pub fn add(&mut self, line: u32, kind: Dyn, n: u64) {
        #[cfg(not(feature = "nocost"))]
        if let Some(c) = self.dynamic[kind as usize].get_mut(line as usize) {
            *c += n;
        }
        #[cfg(feature = "nocost")]
        let _ = (line, kind, n);
    }

    /// The dynamic counts of line index `line`, one per kind (a statement that waited
    /// and runs again puts them back: machine::resume).
    pub(crate) fn line_counts(&self, line: u32) -> Vec<u64> {
        self.dynamic
            .iter()
            .map(|v| v.get(line as usize).copied().unwrap_or(0))
            .collect()
    }

    /// Puts back the dynamic counts of line index `line` (`line_counts`).
    pub(crate) fn restore_line(&mut self, line: u32, counts: &[u64]) {
        for (v, &c) in self.dynamic.iter_mut().zip(counts) {
            if let Some(x) = v.get_mut(line as usize) {
                *x = c;
            }
        }
    }

    /// Corrects the line entries of line index `line` by `delta` (wrapping: -1 is
    /// `u64::MAX`): an arrival at the line's first statement that was no entry (-1), an
    /// entry whose first statement did not run (+1). See the module comment.
    #[cold]
    pub fn adjust_entries(&mut self, line: u32, delta: u64) {
        #[cfg(not(feature = "nocost"))]
        if let Some(c) = self.dynamic[Dyn::LineEntry as usize].get_mut(line as usize) {
            *c = c.wrapping_add(delta);
        }
        #[cfg(feature = "nocost")]
        let _ = (line, delta);
    }

    /// The dynamic counts of every line of `code` (the program the counters were sized
    /// for): the counts bumped at run time plus those derived from the sites' executions
    /// (`runs`, as `Cost::runs` gives them).
    pub fn line_rows(&self, code: &Code, runs: &[u64]) -> Vec<[u64; DYN_KINDS]> {
        let mut rows = vec![[0; DYN_KINDS]; code.lines.len()];
        for (k, v) in self.dynamic.iter().enumerate() {
            for (row, &n) in rows.iter_mut().zip(v.iter()) {
                row[k] = n;
            }
        }
        // entries of a line with statements: its first statement's executions, corrected
        for (row, line) in rows.iter_mut().zip(code.lines.iter()) {
            if !line.instrs.is_empty() {
                let first = runs.get(line.site_base as usize).copied();
                let e = &mut row[Dyn::LineEntry as usize];
                *e = e.wrapping_add(first.unwrap_or(0));
            }
        }
        self.derive(code, runs, |line, kind, n| {
            if let Some(row) = rows.get_mut(line) {
                row[kind as usize] += n;
            }
        });
        rows
    }

    /// Moves the counts derived so far into the dynamic counters, and the sites'
    /// executions out of `code`'s sites, so that the executions up to now are read with
    /// the code they ran (before a recompile replaces `code`).
    #[cold]
    pub fn settle(&mut self, code: &Code) {
        let runs = self.runs(code);
        let mut dynamic = std::mem::take(&mut self.dynamic);
        self.derive(code, &runs, |line, kind, n| {
            if let Some(c) = dynamic[kind as usize].get_mut(line) {
                *c += n;
            }
        });
        self.dynamic = dynamic;
        clear_sites(code);
        self.not_derived.clone_from(&runs);
        self.settled = runs;
    }

    /// Calls `add(line, kind, n)` for every count derived from the sites' executions
    /// (the rule of the module comment).
    fn derive(&self, code: &Code, runs: &[u64], mut add: impl FnMut(usize, Dyn, u64)) {
        for (l, line) in code.lines.iter().enumerate() {
            for (i, Site { instr, .. }) in line.instrs.iter().enumerate() {
                let site = line.site_base as usize + i;
                let runs = runs.get(site).copied().unwrap_or(0);
                let out = self.not_derived.get(site).copied().unwrap_or(0);
                let n = runs.saturating_sub(out);
                if n > 0 {
                    derive_site(instr, l, n, &mut add);
                }
            }
        }
    }
}

/// Zeroes the executions kept in `code`'s sites.
fn clear_sites(code: &Code) {
    for line in &code.lines {
        line.instrs.iter().for_each(|s| s.runs.set(0));
    }
}

/// Adds the executions kept in `line`'s sites to `runs` (indexed by site).
fn add_line_runs(runs: &mut [u64], line: &CLine) {
    for (i, s) in line.instrs.iter().enumerate() {
        if let Some(r) = runs.get_mut(line.site_base as usize + i) {
            *r += s.runs.get();
        }
    }
}

/// The counts `n` executions of `instr` (on line index `line`) stand for when each took
/// the common path.
fn derive_site(instr: &Instr, line: usize, n: u64, add: &mut impl FnMut(usize, Dyn, u64)) {
    match instr {
        Stmt::Goto(Goto { line: j }) | Stmt::Gosub(Gosub { line: j }) => {
            let Some(target) = j.target else { return };
            add(line, Dyn::LineStepsNaive, n * (u64::from(target) + 1));
            add(line, Dyn::JumpPtr, n);
            if matches!(instr, Stmt::Gosub(_)) {
                add(line, Dyn::Gosub, n);
            }
        }
        Stmt::Return(Return { line: None }) => add(line, Dyn::Return, n),
        Stmt::For(For { bind, .. }) => {
            add(line, Dyn::ForExec, n);
            add(line, Dyn::ForScanBytes, n * u64::from(bind.scan_bytes));
        }
        Stmt::Next(Next {
            vars, bad: false, ..
        }) if vars.len() <= 1 => match vars.first() {
            Some(v) => {
                add(line, Dyn::NextNamed, n);
                if v.ty == VarType::Int {
                    add(line, Dyn::NextInt, n);
                }
            }
            None => add(line, Dyn::NextBare, n),
        },
        _ => {}
    }
}
