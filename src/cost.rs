//! What GW-BASIC would have spent: operation counters kept while a program runs (digest
//! §12.2). The hot path only bumps one counter per executed instruction site and one per
//! line entered; everything static about a statement (bytes walked, constants, variable
//! references, operators) is derived after the run from per-site profiles (`profile`), so
//! counting costs almost nothing.

/// Dynamic counters.
#[derive(Debug, Clone, Default)]
pub struct Cost {
    /// Executions per instruction site.
    pub site_counts: Vec<u64>,
    /// Entries per line index.
    pub line_hits: Vec<u64>,
    /// Lines entered in direct mode or not attributable.
    pub lines: u64,
    /// Bytes walked by skip scans (IF-false, ELSE, first-time GOTO rest of line, RETURN).
    pub scan_bytes: u64,
    /// Line-search steps (first-time jumps, RESTORE n, ON ERROR).
    pub line_steps: u64,
    /// Jumps through converted pointers.
    pub jump_ptr: u64,
    /// FOR statements executed and bytes their NEXT scans walked.
    pub for_exec: u64,
    pub for_scan_bytes: u64,
    /// NEXT iterations (loop continued or ended), named and bare.
    pub next_named: u64,
    pub next_bare: u64,
    pub gosubs: u64,
    pub returns: u64,
    pub wends: u64,
    pub while_scan_bytes: u64,
    /// Scalars created and the array bytes each creation moved.
    pub var_new: u64,
    pub var_new_moved: u64,
    /// Numbers converted from text (READ, INPUT, VAL) and to text (PRINT, STR$).
    pub num_in: u64,
    pub num_out: u64,
    /// Characters sent to the screen.
    pub out_chars: u64,
}

impl Cost {
    /// Resize for a newly compiled program (all counts restart).
    pub fn reset_sites(&mut self, sites: usize, lines: usize) {
        *self = Cost { site_counts: vec![0; sites], line_hits: vec![0; lines], ..Cost::default() };
    }

    /// Zero every counter, keeping sizes (RUN).
    pub fn restart(&mut self) {
        let sites = self.site_counts.len();
        let lines = self.line_hits.len();
        self.reset_sites(sites, lines);
    }

    #[inline(always)]
    pub fn site(&mut self, site: u32) {
        if let Some(c) = self.site_counts.get_mut(site as usize) {
            *c += 1;
        }
    }

    #[inline(always)]
    pub fn line(&mut self, line: u32) {
        match self.line_hits.get_mut(line as usize) {
            Some(c) => *c += 1,
            None => self.lines += 1,
        }
    }

    #[inline]
    pub fn scan(&mut self, bytes: u64) {
        self.scan_bytes += bytes;
    }

    #[inline]
    pub fn line_steps(&mut self, steps: u64) {
        self.line_steps += steps;
    }
}

impl Cost {
    /// A plain-text summary of the counters.
    pub fn summary(&self) -> String {
        let statements: u64 = self.site_counts.iter().sum();
        let lines: u64 = self.line_hits.iter().sum::<u64>() + self.lines;
        format!(
            "statements {statements}\nlines entered {lines}\nline-search steps {}\npointer jumps {}\nscan bytes {}\nFOR executions {} (body scans {} bytes)\nNEXT iterations {} named, {} bare\nGOSUB {} RETURN {} WEND {}\nvariables created {}\n",
            self.line_steps, self.jump_ptr, self.scan_bytes, self.for_exec, self.for_scan_bytes,
            self.next_named, self.next_bare, self.gosubs, self.returns, self.wends, self.var_new,
        )
    }
}
