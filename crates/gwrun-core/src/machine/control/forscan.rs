//! The variables a FOR's scan for its NEXT makes. GW's scan reads the name of every NEXT
//! that closes a loop inside the body with PTRGET, which makes a new variable [S
//! GWMAIN.ASM NXTSCN: DECNXT, then PTRGET with CURLIN set to the NEXT's line], and the
//! NEXT the scan stops at makes the loop's variable as the FOR goes on into it [S
//! NEXT86.ASM NEXTS: PTRGET]. Each is made as any new scalar is, where there is room for
//! it: string space collected first, Out of memory at that NEXT's line when it still does
//! not fit, the variable not made and the loop not begun [S BIPTRG.ASM SMKVAR → BLTU →
//! BIMISC.ASM REASON]. A scan that meets an error (a malformed NEXT, a NEXT naming
//! another variable, no NEXT at all) has made the variables it passed before it.

use super::ForParts;
use crate::compile::code::{ForBind, NextPos, Pos};
use crate::error::ErrorCode;
use crate::machine::vars::NOT_CREATED;
use crate::machine::{Halt, Machine, Res};

impl Machine {
    /// The variables of a FOR's NEXT scan made (at once when each was found made since
    /// the variables were last cleared): false when one does not fit, the Out of memory
    /// its NEXT reports (`run.error_at` set; a flag, so that the loop's path carries no
    /// error value).
    #[inline(always)]
    pub(super) fn touch_scanned_vars(&mut self, f: &ForParts, at: Pos) -> bool {
        let mark = self.run.vars.clears + 1;
        if f.bind.scanned_touched.get() == mark {
            return true;
        }
        self.make_scanned_new(f.bind, at, mark)
    }

    /// `touch_scanned_vars` while some may not be made yet (out of line).
    #[cold]
    #[inline(never)]
    fn make_scanned_new(&mut self, bind: &ForBind, at: Pos, mark: u64) -> bool {
        let Ok(next) = bind.next else {
            return true;
        };
        let vars = bind.scanned_vars.get_or_init(|| {
            crate::compile::scanned_vars(&self.code, self.direct.as_deref(), at, Some(next))
        });
        if self.make_scanned(vars).is_err() {
            return false;
        }
        bind.scanned_touched.set(mark);
        true
    }

    /// Makes each of `vars` not made yet, in order; Out of memory reported at the NEXT
    /// of the first that does not fit.
    fn make_scanned(&mut self, vars: &[(u32, Pos)]) -> Res<()> {
        for &(slot, next) in vars {
            if self.run.vars.scalar_rank.get(slot as usize) == Some(&NOT_CREATED)
                && let Err(e) = self.make_scalar(slot)
            {
                self.run.error_at = Some(next);
                return Err(e.into());
            }
        }
        Ok(())
    }

    /// The NEXT a FOR's scan found, after the error the scan or the NEXT's first pass
    /// raises at once (reported at the NEXT's line; RESUME NEXT goes on after the FOR).
    #[inline(always)]
    pub(super) fn bound_next(&mut self, bind: &ForBind, at: Pos) -> Res<NextPos> {
        if bind.at_once.is_none()
            && let Ok(next) = bind.next
        {
            return Ok(next);
        }
        Err(self.scan_error(bind, at))
    }

    /// `bound_next`'s error: where the scan stops (at the NEXT that raises the error at
    /// once: at its loop's variable when it is the NEXT this FOR is bound to, else after
    /// every name it has; without one, at the end of the program) and the error.
    #[cold]
    #[inline(never)]
    fn scan_error(&mut self, bind: &ForBind, at: Pos) -> Halt {
        match (bind.at_once, bind.next) {
            (Some((code, n)), next) => {
                let to = match next {
                    Ok(next) if next.pos == n => next,
                    _ => NextPos {
                        pos: n,
                        var: u32::MAX,
                    },
                };
                self.scan_failed(at, Some(to), code, Some(n))
            }
            (None, Err(code)) => self.scan_failed(at, None, code, None),
            // not reached: `bound_next` returns the NEXT then
            (None, Ok(_)) => ErrorCode::SyntaxError.into(),
        }
    }

    /// A FOR whose scan meets an error: the variables it passed up to `to` (to the end of
    /// the program without it) made first, a NEXT without FOR's own too (that NEXT makes
    /// it before it looks for the loop), then `code`, reported at `report` (the NEXT) or
    /// at the FOR.
    fn scan_failed(
        &mut self,
        at: Pos,
        to: Option<NextPos>,
        code: ErrorCode,
        report: Option<Pos>,
    ) -> Halt {
        let vars = crate::compile::scanned_vars(&self.code, self.direct.as_deref(), at, to);
        if let Err(h) = self.make_scanned(&vars) {
            return h;
        }
        if report.is_some() {
            self.run.error_at = report;
        }
        code.into()
    }
}
