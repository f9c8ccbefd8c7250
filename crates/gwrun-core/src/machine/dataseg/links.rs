//! The links and line numbers of the program text as POKE leaves them. GW keeps each
//! line as a link word (the address of the next line), the line number, the text and a
//! zero; at the end of a line its statement fetcher reads the next line's link, and a
//! zero link is the end of the program (PRGEND: END, or No RESUME in an error handler),
//! else it reads that line's number as the current line [S GWMAIN.ASM NEWSTT, GONE4,
//! PRGEND]. gwrun computes these bytes from its compiled lines; a POKE into them is kept
//! here, per line, so that PEEK reads it back, until the program is compiled anew (GW
//! relinks when a line is typed or deleted, at LOAD, MERGE and CHAIN: GWMAIN.ASM FINI,
//! LINKER). A zero link ends a run that arrives at its line's start, whatever way it
//! comes (GW reaches a line's first statement only through GONE4: the end of the line
//! before, GOTO and GOSUB's pointer to the zero before the line, RETURN, NEXT or RESUME
//! to the end of the line before). The statement loop sees this only through its one
//! flag, kept up while a zero link is poked (its `boundary` looks), so its hot path does
//! not change; a line with no statement is not looked at.

use super::super::{Machine, Res};
use crate::compile::code::{DIRECT, Jump, Pos};
use crate::error::ErrorCode;
use std::sync::atomic::Ordering;

/// The POKEd heads of program lines. A plain Vec searched in turn, not a map: the code
/// here is kept small and free of new generic instances, as a BTreeMap's moved items
/// between the crate's codegen units and cost the statement loop 1-3 % of its
/// instructions on every workload (callgrind; `execute` is register-bound).
#[derive(Debug, Default)]
pub(crate) struct PokedLinks {
    /// The lines' indexes and first four bytes (link, number) as POKEd, in the order
    /// of their first POKE (a program POKEs few).
    heads: Vec<(u32, [u8; 4])>,
}

impl Machine {
    /// POKE `v` into byte `k` (0-1 the link, 2-3 the number) of line `idx`'s head, whose
    /// bytes are `head` before any POKE.
    #[cold]
    #[inline(never)]
    pub(super) fn poke_line_head(&mut self, idx: u32, k: usize, v: u8, head: [u8; 4]) {
        let m = &mut self.io.memory;
        let links = m.links.get_or_insert_default();
        let at = match links.heads.iter().position(|h| h.0 == idx) {
            Some(at) => at,
            None => {
                links.heads.push((idx, head));
                links.heads.len() - 1
            }
        };
        if let Some(b) = links.heads[at].1.get_mut(k) {
            *b = v;
        }
        m.zero_link = false;
        for h in &links.heads {
            m.zero_link |= h.1[0] == 0 && h.1[1] == 0;
        }
        if m.zero_link {
            // the statement loop looks at each line's start from now on
            self.config.attention.store(true, Ordering::SeqCst);
        }
    }

    /// The bytes of line `idx`'s head a POKE changed, if one did.
    pub(super) fn poked_line_head(&self, idx: u32) -> Option<&[u8; 4]> {
        let links = self.io.memory.links.as_ref()?;
        links.heads.iter().find(|h| h.0 == idx).map(|h| &h.1)
    }

    /// Whether the program ends on arriving at the start of line `idx`: its link was
    /// POKEd to zero [S GWMAIN.ASM GONE4].
    pub(crate) fn link_is_zero(&self, idx: u32) -> bool {
        self.poked_line_head(idx)
            .is_some_and(|h| h[0] == 0 && h[1] == 0)
    }

    /// The run arrived at the start of line `idx`, whose link is zero: GONE4 goes to
    /// PRGEND with CURLIN still the line before (it reads the link before the line's
    /// number). Outside an error handler the program ends there: the program counter
    /// goes past the last line, where the statement loop ends it as END. Inside one
    /// (ONEFLG set) PRGEND raises No RESUME through ERROR, which does not trap it, in
    /// the line before [S GWMAIN.ASM GONE4, PRGEND, ERROR/NTMDCN]. Out of line and cold:
    /// the statement loop reaches it only from its cold `boundary`.
    #[cold]
    #[inline(never)]
    pub(crate) fn zero_link_end(&mut self, idx: u32) -> Res<()> {
        if self.run.trap.active {
            self.run.error_at = idx.checked_sub(1).and_then(|b| {
                let l = self.code.lines.get(b as usize)?;
                Some(Pos {
                    line: b,
                    instr: l.instrs.len() as u32,
                })
            });
            return Err(ErrorCode::NoResume.into());
        }
        self.pc = Pos {
            line: self.code.lines.len() as u32,
            instr: 0,
        };
        Ok(())
    }

    /// A jump's first use found its target line by GOTO2's search while a POKE changed
    /// some line's head: FNDLIN walks the lines from `from` (LOOP from the line after
    /// the jump's when the target's number is higher, FNDLIN from TXTTAB after that
    /// fails or else) as the bytes in memory say: a zero link is the end of the program
    /// (not found), a line's number is the one in its bytes (equal: found; greater:
    /// gone too far), and the walk goes on at the line the link points to. A jump that
    /// finds the line it was compiled for is converted to a pointer as ever; Undefined
    /// line number when none is found [S GWMAIN.ASM GOTO2, FNDLIN/LOOP, USERR].
    #[cold]
    #[inline(never)]
    pub(crate) fn jump_poked(&mut self, j: &Jump, at: Pos, from: u32) -> Res<()> {
        let mut found = self.fndlin_poked(j.number, from);
        if found.is_none() && from > 0 {
            found = self.fndlin_poked(j.number, 0);
        }
        let Some(idx) = found else {
            return Err(ErrorCode::UndefinedLineNumber.into());
        };
        if j.target == Some(idx)
            && at.line != DIRECT
            && let Some(c) = self.run.converted.get_mut(j.site as usize)
        {
            *c = true;
        }
        self.enter_line(idx);
        Ok(())
    }

    /// FNDLIN from line `from` over the lines' heads as POKE left them: the index of
    /// the line whose number bytes are `number`, None when a zero link, a greater number
    /// or a link to no line's start comes first (a walk longer than the program is one
    /// round a loop of links, where GW would search for ever: not found).
    fn fndlin_poked(&self, number: u16, from: u32) -> Option<u32> {
        let lines = &self.code.lines;
        let mut starts = Vec::with_capacity(lines.len() + 1);
        let mut addr = self.txttab();
        for l in lines.iter() {
            starts.push(addr);
            addr += l.body.len() as u32 + 5;
        }
        starts.push(addr);
        let heads = self
            .io
            .memory
            .links
            .as_ref()
            .map_or(&[][..], |l| &l.heads[..]);
        let mut idx = from as usize;
        for _ in 0..=lines.len() {
            let l = lines.get(idx)?;
            let [a, b] = (starts[idx + 1] as u16).to_le_bytes();
            let [c, d] = l.number.to_le_bytes();
            let mut head = [a, b, c, d];
            for h in heads {
                if h.0 == idx as u32 {
                    head = h.1;
                }
            }
            let link = u16::from_le_bytes([head[0], head[1]]);
            let n = u16::from_le_bytes([head[2], head[3]]);
            if link == 0 || n > number {
                return None;
            }
            if n == number {
                return Some(idx as u32);
            }
            idx = starts.iter().position(|&s| s == u32::from(link))?;
        }
        None
    }

    /// The program was compiled anew: its links and numbers are GW's again.
    pub(crate) fn relinked(&mut self) {
        self.io.memory.links = None;
        self.io.memory.zero_link = false;
    }
}
