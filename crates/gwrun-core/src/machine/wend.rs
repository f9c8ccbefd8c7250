//! WHILE/WEND as GW-BASIC does it (the WHILE and WEND routines of its source): WHILE
//! finds its WEND by the forward scan made when the program was compiled, replaces a
//! loop of the same WHILE still on the stack above the innermost GOSUB, and skips past
//! the WEND when the condition is false; WEND goes back to its WHILE and tests the
//! condition again, an error in it reported at the WHILE's line.

use super::control::count_ops;
use super::{Frame, Halt, Machine, Res};
use crate::compile::code::{Compiled, Pos};
use crate::error::ErrorCode;
use crate::machine::counters::Dyn;
use crate::syntax::ast::{Stmt, Wend, While};

/// The stack bytes a WHILE entry needs, before its condition's share.
const NEED_WHILE: usize = 236;

impl Machine {
    /// WHILE cond (digest §4).
    #[inline(never)]
    pub(super) fn exec_while(&mut self, s: &While<Compiled>, at: Pos) -> Res<()> {
        let While { cond, bind } = s;
        let bind = *bind;
        let wend = bind.wend.map_err(Halt::Error)?;
        self.count(Dyn::WhileScanBytes, u64::from(bind.scan_bytes));
        let floor = self.stack_floor();
        if let Some(k) = self.run.stack[floor..]
            .iter()
            .position(|f| matches!(f, Frame::While { wend: w, .. } if *w == wend))
        {
            self.truncate_stack(floor + k);
        }
        let need = NEED_WHILE + 14 * count_ops(cond);
        if self.condition(cond)? {
            self.push_frame(Frame::While { at, wend }, need)
        } else {
            self.goto_pos(Pos {
                line: wend.line,
                instr: wend.instr + 1,
            });
            Ok(())
        }
    }

    /// WEND: back to the WHILE whose loop this is, re-testing its condition.
    #[inline(never)]
    pub(super) fn exec_wend(&mut self, s: &Wend<Compiled>, at: Pos) -> Res<()> {
        let junk = s.junk;
        if junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        let floor = self.stack_floor();
        let Some(k) = self.run.stack[floor..]
            .iter()
            .rposition(|f| matches!(f, Frame::While { wend, .. } if *wend == at))
        else {
            return Err(ErrorCode::WendWithoutWhile.into());
        };
        let idx = floor + k;
        let Frame::While { at: wpos, .. } = self.run.stack[idx] else {
            return Err(ErrorCode::InternalError.into());
        };
        self.truncate_stack(idx + 1);
        self.count(Dyn::Wend, 1);
        let (code, direct) = (self.code.clone(), self.direct.clone());
        let Some(Stmt::While(While { cond, .. })) = code.instr_at(direct.as_deref(), wpos) else {
            return Err(ErrorCode::InternalError.into());
        };
        // the condition is the WHILE's again: an error in it is reported at the WHILE's
        // line (ERL, the message), while RESUME still starts from the WEND [S FIVEO.ASM
        // WEND: `MOV CURLIN,BX` from the entry, "IN CASE OF ERROR OR CONTINUATION FIX
        // CURLIN", before FNWEND's FRMEVL; GWMAIN.ASM ERROR keeps SAVTXT, the WEND]
        let test = self.condition(cond);
        if matches!(test, Err(Halt::Error(_))) && self.run.error_at.is_none() {
            self.run.error_at = Some(wpos);
        }
        if test? {
            self.goto_pos(Pos {
                line: wpos.line,
                instr: wpos.instr + 1,
            });
        } else {
            self.truncate_stack(idx);
        }
        Ok(())
    }
}
