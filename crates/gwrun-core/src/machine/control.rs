//! Control flow as GW-BASIC does it (digest §2–§4): GOTO/GOSUB with first-time line
//! search and pointer conversion (counted for the cost model), RETURN, ON…GOTO/GOSUB,
//! IF, FOR bound to the NEXT found by the forward scan (NEXT: `next`; WHILE/WEND:
//! `wend`).

use super::{ForFrame, Frame, Halt, Machine, Res};
use crate::compile::code::{CExpr, Compiled, DIRECT, ForBind, Jump, NextPos, Pos, VarSlot};
use crate::error::ErrorCode;
use crate::machine::counters::Dyn;
use crate::machine::eval::is_comparison;
use crate::machine::value::Value;
use crate::num::{Num, Single};
use crate::syntax::ast::VarType;
use crate::syntax::ast::{For, Gosub, Goto, If, On, Return};

/// Stack room GW-BASIC requires before pushing (digest §3.8).
const NEED_FOR: usize = 240;
const NEED_GOSUB: usize = 232;

impl Machine {
    /// Takes a jump: first use searches lines (from the next line if the target is
    /// higher, else from the top) and converts the site to a pointer; later uses are
    /// direct (digest §2.1).
    pub(crate) fn jump(&mut self, j: &Jump, at: Pos) -> Res<()> {
        let Some(target) = j.target else {
            return Err(ErrorCode::UndefinedLineNumber.into());
        };
        self.count(Dyn::LineStepsNaive, u64::from(target) + 1);
        if self.through_pointer(j, at) {
            self.count(Dyn::JumpPtr, 1);
        } else {
            self.count(Dyn::ScanBytes, u64::from(j.rest_of_line));
            let cur = self.number_of(at.line);
            let start = match cur {
                Some(n) if j.number > n => at.line as u64 + 1,
                _ => 0,
            };
            self.count(
                Dyn::LineStepsGw,
                u64::from(target) + 1 - start.min(u64::from(target)),
            );
            if self.io.memory.links.is_some() {
                // a POKE changed a line's link or number: the search walks memory
                return self.jump_poked(j, at, start as u32);
            }
            if at.line != DIRECT
                && let Some(c) = self.run.converted.get_mut(j.site as usize)
            {
                *c = true;
            }
        }
        self.enter_line(target);
        Ok(())
    }

    /// Whether jump site `j`, taken at `at`, was converted to a pointer by its first use
    /// (never in direct mode).
    #[inline]
    fn through_pointer(&self, j: &Jump, at: Pos) -> bool {
        at.line != DIRECT
            && self
                .run
                .converted
                .get(j.site as usize)
                .copied()
                .unwrap_or(false)
    }

    /// The jump of a GOTO or GOSUB statement: through a converted pointer its counts are
    /// derived from the site's executions (machine::counters); else it counts them here
    /// (`also` too) and leaves the site's derivation.
    #[inline]
    fn jump_statement(&mut self, j: &Jump, at: Pos, also: Option<Dyn>) -> Res<()> {
        let Some(target) = j.target else {
            return Err(ErrorCode::UndefinedLineNumber.into());
        };
        if self.through_pointer(j, at) {
            self.enter_line(target);
            return Ok(());
        }
        self.not_derived(at);
        if let Some(kind) = also {
            self.count(kind, 1);
        }
        self.jump(j, at)
    }

    pub(super) fn exec_goto(&mut self, s: &Goto<Compiled>, at: Pos) -> Res<()> {
        let j = &s.line;
        self.jump_statement(j, at, None)
    }

    /// GOSUB statement (counts derived, see `jump_statement`).
    #[inline(never)]
    pub(super) fn exec_gosub(&mut self, s: &Gosub<Compiled>, at: Pos) -> Res<()> {
        let j = &s.line;
        if j.target.is_none() {
            return Err(ErrorCode::UndefinedLineNumber.into());
        }
        let ret = self.pc;
        if let Err(e) = self.push_frame(Frame::Gosub { ret, event: None }, NEED_GOSUB) {
            self.not_derived(at);
            return Err(e);
        }
        let r = self.jump_statement(j, at, Some(Dyn::Gosub));
        if r.is_err() {
            // its line not found (a POKEd head): ERROR's stack reset drops the entry
            self.truncate_stack(self.run.stack.len().saturating_sub(1));
        }
        r
    }

    /// GOSUB of ON…GOSUB (counted here: the site is an ON statement's).
    fn gosub_counted(&mut self, j: &Jump, at: Pos) -> Res<()> {
        if j.target.is_none() {
            return Err(ErrorCode::UndefinedLineNumber.into());
        }
        self.push_frame(
            Frame::Gosub {
                ret: self.pc,
                event: None,
            },
            NEED_GOSUB,
        )?;
        self.count(Dyn::Gosub, 1);
        let r = self.jump(j, at);
        if r.is_err() {
            // as in `exec_gosub`
            self.truncate_stack(self.run.stack.len().saturating_sub(1));
        }
        r
    }

    /// RETURN [n]: drop FOR/WHILE entries above the innermost GOSUB entry.
    #[inline(never)]
    pub(super) fn exec_return(&mut self, s: &Return<Compiled>, at: Pos) -> Res<()> {
        let j = s.line.as_ref();
        // the common RETURN: a plain one whose GOSUB entry is the innermost (no loop left
        // open inside the subroutine, no event trap's), popped where it lies; the same
        // as the search below finding it on top
        if j.is_none()
            && let Some(&Frame::Gosub { ret, event: None }) = self.run.stack.last()
        {
            let len = self.run.stack.len();
            self.truncate_stack(len - 1);
            self.arrived_mid(ret);
            self.pc = ret;
            return Ok(());
        }
        let Some(idx) = self
            .run
            .stack
            .iter()
            .rposition(|f| matches!(f, Frame::Gosub { .. }))
        else {
            self.not_derived(at);
            return Err(ErrorCode::ReturnWithoutGosub.into());
        };
        let Frame::Gosub { ret, event } = self.run.stack[idx] else {
            self.not_derived(at);
            return Err(ErrorCode::InternalError.into());
        };
        self.truncate_stack(idx);
        if let Some(slot) = event {
            self.event_returned(slot);
        }
        match j {
            Some(j) => {
                self.count(Dyn::Return, 1);
                self.jump(j, at)
            }
            None => {
                // counted by derivation (machine::counters)
                // RETURN restores the text pointer mid-line: no line entry (GW's GONE4).
                self.arrived_mid(ret);
                self.pc = ret;
                Ok(())
            }
        }
    }

    /// ON n GOTO/GOSUB: n rounded, 0..255 else Illegal function call (checked before
    /// the keyword after it); entry n is taken, and must be a line number; 0 or past the
    /// list falls through, onto the text after the list (`junk`: a Syntax error).
    #[inline(never)]
    pub(super) fn exec_on(&mut self, s: &On<Compiled>, at: Pos) -> Res<()> {
        let On {
            selector: sel,
            targets,
            gosub,
            junk,
        } = s;
        let (gosub, junk) = (*gosub, *junk);
        let n = self.eval_int(sel)?;
        if !(0..=255).contains(&n) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let Some(gosub) = gosub else {
            return Err(ErrorCode::SyntaxError.into());
        };
        let Some(entry) = (n as usize).checked_sub(1).and_then(|i| targets.get(i)) else {
            return if junk {
                Err(ErrorCode::SyntaxError.into())
            } else {
                Ok(())
            };
        };
        let Some(j) = entry else {
            return Err(ErrorCode::SyntaxError.into());
        };
        if gosub {
            self.gosub_counted(j, at)
        } else {
            self.jump(j, at)
        }
    }

    /// IF: false → skip to the ELSE part or the end of the line.
    pub(super) fn exec_if(&mut self, s: &If<Compiled>, _at: Pos) -> Res<()> {
        let If {
            cond,
            branches: skip,
        } = s;
        if !self.condition(cond)? {
            self.count(Dyn::ScanBytes, u64::from(skip.bytes));
            if skip.to == u32::MAX {
                self.skip_line();
            } else {
                self.pc.instr = skip.to;
            }
        }
        Ok(())
    }

    /// FOR var = start TO end [STEP step] (digest §3.2): an integer loop's FOR and a
    /// single-precision one's, each out of line in a frame of its own.
    #[inline(always)]
    pub(super) fn exec_for(&mut self, s: &For<Compiled>, at: Pos) -> Res<()> {
        if s.var.ty == VarType::Int {
            self.exec_for_int(s, at)
        } else {
            self.exec_for_sng(s, at)
        }
    }

    /// FOR with a single-precision variable (or one of another type: Type mismatch).
    #[inline(never)]
    fn exec_for_sng(&mut self, s: &For<Compiled>, at: Pos) -> Res<()> {
        let f = ForParts::of(s);
        let var = f.var;
        let (start, limit, step, next) = match self.for_bounds(&f, at) {
            Ok(b) => b,
            Err(h) => return Err(self.for_stopped(at, h)),
        };
        self.touch_scanned_vars(&f, at);
        let sign = match num_sign(step) {
            0 => 2,
            s => s,
        };
        let frame = ForFrame {
            var: var.slot,
            step,
            limit,
            sign,
            at,
            resume: f.bind.resume,
            next,
        };
        let store = Value::from_num(start);
        if self.loop_ends(start, limit, sign) {
            let v = if self.config.compat.pcbasic_zero_trip {
                self.add_step(start, step)?
            } else {
                start
            };
            self.store_scalar(var.slot, Value::from_num(v))?;
            return self.continue_after_next(next);
        }
        self.store_scalar(var.slot, store)?;
        self.push_frame(Frame::For(frame), NEED_FOR)
    }

    /// A single-precision FOR's start, limit and step, and its NEXT, in GW's order: the
    /// start, then the loop's old entry dropped and the stack checked, the limit, the
    /// step, the end of the statement (text after it: Syntax error, no entry made), the
    /// scan's verdict.
    #[inline(always)]
    fn for_bounds(&mut self, f: &ForParts, at: Pos) -> Res<(Num, Num, Num, NextPos)> {
        let start = self.eval(f.start)?;
        if f.var.ty != VarType::Sng {
            return Err(ErrorCode::TypeMismatch.into());
        }
        let start = self.loop_value(start)?;
        self.drop_same_for(f.var.slot, at);
        if self.stack_free() < NEED_FOR {
            return Err(ErrorCode::OutOfMemory.into());
        }
        let limit = self.eval(f.end)?;
        let limit = self.loop_value(limit)?;
        let step = match f.step {
            Some(e) => {
                let v = self.eval(e)?;
                self.loop_value(v)?
            }
            None => Num::Sng(Single::from_i16(1)),
        };
        if f.junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        Ok((start, limit, step, self.bound_next(f.bind)?))
    }

    /// FOR with an integer variable: start, limit and step are CINT-ed (digest §3.2).
    #[inline(never)]
    fn exec_for_int(&mut self, s: &For<Compiled>, at: Pos) -> Res<()> {
        let f = &ForParts::of(s);
        let slot = f.var.slot;
        let (start, limit, step, next) = match self.for_int_bounds(f, at) {
            Ok(b) => b,
            Err(h) => return Err(self.for_stopped(at, h)),
        };
        self.touch_scanned_vars(f, at);
        let sign = if step == 0 { 2 } else { step.signum() as i8 };
        if ends(start.cmp(&limit), sign) {
            return self.for_int_done_at_once(slot, start, step, next);
        }
        self.store_int(slot, start)?;
        let frame = ForFrame {
            var: slot,
            step: Num::Int(step),
            limit: Num::Int(limit),
            sign,
            at,
            resume: f.bind.resume,
            next,
        };
        // `for_int_bounds` found room for it, and nothing was pushed since
        self.push_found_room(Frame::For(frame));
        Ok(())
    }

    /// An integer FOR whose loop is done at once: the variable keeps the start (PC-BASIC:
    /// the start plus the step), and the program goes on after the loop's NEXT (out of
    /// line: the loop's entry is the common path).
    #[inline(never)]
    fn for_int_done_at_once(&mut self, slot: u32, start: i16, step: i16, next: NextPos) -> Res<()> {
        let v = if self.config.compat.pcbasic_zero_trip {
            start.checked_add(step).ok_or(ErrorCode::Overflow)?
        } else {
            start
        };
        self.store_scalar(slot, Value::Int(v))?;
        self.continue_after_next(next)
    }

    /// `for_bounds` for an integer FOR.
    #[inline(always)]
    fn for_int_bounds(&mut self, f: &ForParts, at: Pos) -> Res<(i16, i16, i16, NextPos)> {
        let start = self.eval_int_inline(f.start)?;
        self.drop_same_for(f.var.slot, at);
        if self.stack_free() < NEED_FOR {
            return Err(ErrorCode::OutOfMemory.into());
        }
        let limit = self.eval_int_inline(f.end)?;
        let step = match f.step {
            Some(e) => self.eval_int_inline(e)?,
            None => 1,
        };
        if f.junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        Ok((start, limit, step, self.bound_next(f.bind)?))
    }

    /// A FOR stopped before it began its loop: it counts no FOR and no scan (its site's
    /// derived counts leave this execution out, machine::counters).
    #[cold]
    fn for_stopped(&mut self, at: Pos, h: Halt) -> Halt {
        self.not_derived(at);
        h
    }

    /// The NEXT a FOR's scan found, after the error the scan or the NEXT's first pass
    /// raises at once (reported at the NEXT's line; RESUME NEXT goes on after the FOR).
    fn bound_next(&mut self, bind: &ForBind) -> Res<NextPos> {
        if let Some((code, at)) = bind.at_once {
            self.run.error_at = Some(at);
            return Err(code.into());
        }
        bind.next.map_err(Halt::Error)
    }

    /// Re-executing a FOR discards its old entry and everything above it (digest §3.2):
    /// the lowest entry of this FOR above the innermost GOSUB entry, found in one pass
    /// down from the top.
    #[inline]
    fn drop_same_for(&mut self, var: u32, at: Pos) {
        let mut found = None;
        for (k, fr) in self.run.stack.iter().enumerate().rev() {
            match fr {
                Frame::Gosub { .. } => break,
                Frame::For(ff) if ff.var == var && ff.at == at => found = Some(k),
                _ => {}
            }
        }
        if let Some(k) = found {
            self.truncate_stack(k);
        }
    }

    /// The variables a FOR's NEXT scan creates. (The FOR and its scan's bytes are counted
    /// from its site's executions, machine::counters.)
    #[inline(always)]
    fn touch_scanned_vars(&mut self, f: &ForParts, at: Pos) {
        let mark = self.run.vars.clears + 1;
        if f.bind.scanned_touched.get() == mark {
            return;
        }
        self.touch_scanned_new(f, at, mark);
    }

    /// `touch_scanned_vars` while some may not be created yet (out of line).
    #[inline(never)]
    fn touch_scanned_new(&mut self, f: &ForParts, at: Pos, mark: u64) {
        let vars = match f.bind.scanned_vars.get() {
            Some(vars) => vars,
            None => match self.scan_vars(f.bind, at) {
                Some(vars) => vars,
                None => return,
            },
        };
        for &v in vars.iter() {
            self.touch_var(v);
        }
        f.bind.scanned_touched.set(mark);
    }

    /// The variables of a FOR's NEXT scan, found the first time the FOR runs (None
    /// without a bound NEXT).
    #[cold]
    #[inline(never)]
    fn scan_vars<'a>(&self, bind: &'a ForBind, at: Pos) -> Option<&'a [u32]> {
        let next = bind.next.ok()?;
        let vars = bind.scanned_vars.get_or_init(|| {
            crate::compile::scanned_vars(&self.code, self.direct.as_deref(), at, next)
        });
        Some(vars)
    }

    /// A single-precision loop's start, limit or step (an integer loop's are CINT-ed by
    /// `eval_int`).
    fn loop_value(&mut self, v: Value) -> Res<Num> {
        Ok(Num::Sng(self.single_of(v.num()?)?))
    }

    pub(super) fn loop_ends(&self, v: Num, limit: Num, sign: i8) -> bool {
        let ord = match (v, limit) {
            (Num::Int(a), Num::Int(b)) => a.cmp(&b),
            (Num::Sng(a), Num::Sng(b)) => a.total_cmp(b),
            _ => std::cmp::Ordering::Equal,
        };
        ends(ord, sign)
    }

    pub(super) fn add_step(&mut self, v: Num, step: Num) -> Res<Num> {
        match (v, step) {
            (Num::Int(a), Num::Int(b)) => a
                .checked_add(b)
                .map(Num::Int)
                .ok_or_else(|| ErrorCode::Overflow.into()),
            (Num::Sng(a), Num::Sng(b)) => match a.add(b) {
                Ok(s) => Ok(Num::Sng(s)),
                Err(e) => {
                    self.soft_error(e)?;
                    Ok(Num::Sng(Single::max_value(matches!(
                        e,
                        crate::num::FloatError::Overflow { negative: true }
                    ))))
                }
            },
            _ => Err(ErrorCode::TypeMismatch.into()),
        }
    }

    /// Index just above the innermost GOSUB entry: FOR and WHILE searches stop there.
    pub(super) fn stack_floor(&self) -> usize {
        self.run
            .stack
            .iter()
            .rposition(|f| matches!(f, Frame::Gosub { .. }))
            .map_or(0, |g| g + 1)
    }

    /// Moves the program counter within the text (NEXT, WEND, RESUME: no line entry, as
    /// GW-BASIC restores its text pointer without passing a line start).
    pub(crate) fn goto_pos(&mut self, p: Pos) {
        self.arrived_mid(p);
        self.pc = p;
    }

    /// A numeric condition: true when non-zero. A pure-integer one is tried by one call
    /// (`int_condition`), so that the statement loop, where IF's handler is inlined,
    /// keeps the same code whatever the integer shapes hold.
    #[inline(always)]
    pub(crate) fn condition(&mut self, cond: &CExpr) -> Res<bool> {
        if let CExpr::IntPure(both) = cond
            && let Some(b) = self.int_condition(&both.0)
        {
            return Ok(b);
        }
        self.condition_general(cond)
    }

    /// `condition` past an integer-only expression (out of line: the integer test stays
    /// small enough to be inlined where conditions are taken).
    #[inline(never)]
    fn condition_general(&mut self, cond: &CExpr) -> Res<bool> {
        if let CExpr::Bin(op, a, b) = cond
            && is_comparison(*op)
        {
            return self.compare(*op, a, b);
        }
        Ok(match self.eval(cond)? {
            Value::Int(i) => i != 0,
            Value::Sng(s) => !s.is_zero(),
            Value::Dbl(d) => !d.is_zero(),
            Value::Str(_) => return Err(ErrorCode::TypeMismatch.into()),
        })
    }
}

/// A FOR statement's parts.
struct ForParts<'a> {
    var: VarSlot,
    start: &'a CExpr,
    end: &'a CExpr,
    step: Option<&'a CExpr>,
    junk: bool,
    bind: &'a ForBind,
}

impl<'a> ForParts<'a> {
    #[inline(always)]
    fn of(s: &'a For<Compiled>) -> ForParts<'a> {
        ForParts {
            var: s.var,
            start: &s.start,
            end: &s.end,
            step: s.step.as_ref(),
            junk: s.junk,
            bind: &s.bind,
        }
    }
}

fn num_sign(n: Num) -> i8 {
    match n {
        Num::Int(i) => i.signum() as i8,
        Num::Sng(s) => s.sgn() as i8,
        Num::Dbl(d) => d.sgn() as i8,
    }
}

/// Binary operators in an expression (stack headroom estimate, digest §3.8).
pub(super) fn count_ops(e: &CExpr) -> usize {
    match e {
        CExpr::Bin(_, a, b) => 1 + count_ops(a) + count_ops(b),
        CExpr::Neg(a) | CExpr::Not(a) => count_ops(a),
        CExpr::TypedS(both) => count_ops(&both.1),
        CExpr::TypedD(both) => count_ops(&both.1),
        _ => 0,
    }
}

/// The loop test: step > 0 (`sign` 1) ends past the limit, step < 0 (-1) below it,
/// step 0 (2) never: the ordering's own value (-1, 0, 1) is the sign it ends for.
#[inline]
pub(super) fn ends(ord: std::cmp::Ordering, sign: i8) -> bool {
    ord as i8 == sign
}
