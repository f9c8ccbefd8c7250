//! The counters the interpreter bumps while it runs: executions per instruction site, and
//! per line a small array of dynamic counts (`Dyn`).

/// Dynamic events, counted per line. ORDER: indexes into `Cost::line_dyn` rows.
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
}

/// Number of `Dyn` kinds.
pub const DYN_KINDS: usize = Dyn::OutChars as usize + 1;

/// The run's counters.
#[derive(Debug, Clone)]
pub struct Cost {
    /// Executions per instruction site.
    pub site_counts: Vec<u64>,
    /// Dynamic counts, `DYN_KINDS` per line index, line after line (one flat vector,
    /// so that a count is one checked index).
    line_dyn: Vec<u64>,
    /// The direct-mode line's dynamic counts (and any line index past the program's).
    direct_dyn: [u64; DYN_KINDS],
}

impl Default for Cost {
    fn default() -> Self {
        Cost {
            site_counts: Vec::new(),
            line_dyn: Vec::new(),
            direct_dyn: [0; DYN_KINDS],
        }
    }
}

impl Cost {
    /// Sizes for a newly compiled program; all counts restart.
    pub fn reset_sites(&mut self, sites: usize, lines: usize) {
        self.site_counts = vec![0; sites];
        self.line_dyn = vec![0; lines * DYN_KINDS];
        self.direct_dyn = [0; DYN_KINDS];
    }

    /// Zero every counter, keeping sizes (RUN).
    pub fn restart(&mut self) {
        self.site_counts.iter_mut().for_each(|c| *c = 0);
        self.line_dyn.iter_mut().for_each(|c| *c = 0);
        self.direct_dyn = [0; DYN_KINDS];
    }

    #[inline(always)]
    pub fn site(&mut self, site: u32) {
        #[cfg(not(feature = "nocost"))]
        if let Some(c) = self.site_counts.get_mut(site as usize) {
            *c += 1;
        }
        #[cfg(feature = "nocost")]
        let _ = site;
    }

    /// Adds to a dynamic counter of line index `line` (direct mode: any index past the end).
    #[inline(always)]
    pub fn add(&mut self, line: u32, kind: Dyn, n: u64) {
        #[cfg(not(feature = "nocost"))]
        match self
            .line_dyn
            .get_mut(line as usize * DYN_KINDS + kind as usize)
        {
            Some(c) => *c += n,
            None => self.direct_dyn[kind as usize] += n,
        }
        #[cfg(feature = "nocost")]
        let _ = (line, kind, n);
    }

    /// The dynamic counts of line index `line` (zeros past the program's lines).
    pub fn line_row(&self, line: usize) -> [u64; DYN_KINDS] {
        let mut row = [0; DYN_KINDS];
        if let Some(r) = self.line_dyn.get(line * DYN_KINDS..(line + 1) * DYN_KINDS) {
            row.copy_from_slice(r);
        }
        row
    }

    /// Total of a dynamic counter over all lines, direct mode included.
    pub fn total(&self, kind: Dyn) -> u64 {
        let lines: u64 = self
            .line_dyn
            .iter()
            .skip(kind as usize)
            .step_by(DYN_KINDS)
            .sum();
        lines + self.direct_dyn[kind as usize]
    }
}
