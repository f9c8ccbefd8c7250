//! Control flow as GW-BASIC does it (digest §2–§4): GOTO/GOSUB with first-time line
//! search and pointer conversion (counted for the cost model), RETURN, ON…GOTO/GOSUB,
//! IF, FOR/NEXT bound to the NEXT found by the forward scan (WHILE/WEND: `wend`).

use super::{ForFrame, Frame, Halt, Machine, Res};
use crate::compile::code::{CExpr, Compiled, DIRECT, ForBind, IExpr, Jump, NextPos, Pos, VarSlot};
use crate::error::ErrorCode;
use crate::machine::counters::Dyn;
use crate::machine::eval::is_comparison;
use crate::machine::value::{self, Value};
use crate::num::{Num, Single};
use crate::syntax::ast::VarType;
use crate::syntax::ast::{For, Gosub, Goto, If, On, Return};
use crate::syntax::ast::{Next, Stmt};

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
        self.jump_statement(j, at, Some(Dyn::Gosub))
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
        self.jump(j, at)
    }

    /// RETURN [n]: drop FOR/WHILE entries above the innermost GOSUB entry.
    #[inline(never)]
    pub(super) fn exec_return(&mut self, s: &Return<Compiled>, at: Pos) -> Res<()> {
        let j = s.line.as_ref();
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

    /// FOR var = start TO end [STEP step] (digest §3.2).
    #[inline(never)]
    pub(super) fn exec_for(&mut self, s: &For<Compiled>, at: Pos) -> Res<()> {
        let For {
            var,
            start,
            end,
            step,
            junk,
            bind,
        } = s;
        let (var, step) = (*var, step.as_ref());
        let f = ForParts {
            var,
            start,
            end,
            step,
            junk: *junk,
            bind,
        };
        if var.ty == VarType::Int {
            return self.exec_for_int(&f, at);
        }
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
    fn exec_for_int(&mut self, f: &ForParts, at: Pos) -> Res<()> {
        let slot = f.var.slot;
        let (start, limit, step, next) = match self.for_int_bounds(f, at) {
            Ok(b) => b,
            Err(h) => return Err(self.for_stopped(at, h)),
        };
        self.touch_scanned_vars(f, at);
        let sign = if step == 0 { 2 } else { step.signum() as i8 };
        if ends(start.cmp(&limit), sign) {
            let v = if self.config.compat.pcbasic_zero_trip {
                start.checked_add(step).ok_or(ErrorCode::Overflow)?
            } else {
                start
            };
            self.store_scalar(slot, Value::Int(v))?;
            return self.continue_after_next(next);
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

    fn loop_ends(&self, v: Num, limit: Num, sign: i8) -> bool {
        let ord = match (v, limit) {
            (Num::Int(a), Num::Int(b)) => a.cmp(&b),
            (Num::Sng(a), Num::Sng(b)) => a.total_cmp(b),
            _ => std::cmp::Ordering::Equal,
        };
        ends(ord, sign)
    }

    fn add_step(&mut self, v: Num, step: Num) -> Res<Num> {
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

    /// Continue at the NEXT a loop is bound to, as its first pass found the loop done:
    /// a `NEXT J,I` goes on with I. An error there (`NEXT J,I PRINT`) is reported at the
    /// NEXT's line: FOR makes NXTLIN the current line before it jumps into NEXTS [S
    /// GWMAIN.ASM FOR: `MOV CURLIN,BX` from NXTLIN, then `JMP NEXTS`].
    fn continue_after_next(&mut self, next: NextPos) -> Res<()> {
        let res = self.continue_in_next(next);
        if matches!(res, Err(Halt::Error(_))) && self.run.error_at.is_none() {
            self.run.error_at = Some(next.pos);
        }
        res
    }

    fn continue_in_next(&mut self, next: NextPos) -> Res<()> {
        self.pc = Pos {
            line: next.pos.line,
            instr: next.pos.instr + 1,
        };
        let (code, direct) = (self.code.clone(), self.direct.clone());
        if let Some(Stmt::Next(Next {
            vars,
            bad,
            dangling,
        })) = code.instr_at(direct.as_deref(), next.pos)
        {
            let first = next.var as usize + 1;
            // a loop bound to a comma ending the NEXT took it as a bare NEXT: done at once,
            // the program goes on after the NEXT [S NEXT86.ASM LOOPDN: the text there is
            // not a comma, so NEWSTT]
            if *dangling && first > vars.len() {
                return Ok(());
            }
            if *bad {
                return self.next_vars_bad(vars, *dangling, next.pos, first);
            }
            if first < vars.len() {
                return self.next_vars(vars, next.pos, first);
            }
        }
        Ok(())
    }

    /// A NEXT whose variables are followed by a malformed part: the variables as usual,
    /// then Syntax error once their loops end (at once when no variable came before it);
    /// NEXT without FOR when that part is a comma ending the statement (`Next::dangling`).
    #[cold]
    fn next_vars_bad(
        &mut self,
        vars: &[VarSlot],
        dangling: bool,
        at: Pos,
        first: usize,
    ) -> Res<()> {
        if first < vars.len() {
            self.exec_next_general(vars, at, first)?;
            // a loop that goes on moves the program counter back after its FOR (which
            // cannot be this NEXT), so only loops that all ended leave it after the NEXT
            if self.pc.line != at.line || self.pc.instr != at.instr + 1 {
                return Ok(());
            }
        }
        Err(if dangling {
            ErrorCode::NextWithoutFor
        } else {
            ErrorCode::SyntaxError
        }
        .into())
    }

    /// NEXT [v1, v2...]: `next_vars`, or `next_vars_bad` when a malformed part follows
    /// the variables.
    #[inline(always)]
    pub(super) fn exec_next(&mut self, s: &Next<Compiled>, at: Pos) -> Res<()> {
        if s.bad {
            self.next_vars_bad(&s.vars, s.dangling, at, 0)
        } else {
            self.next_vars(&s.vars, at, 0)
        }
    }

    /// NEXT [v1, v2...] at `at`, starting with variable number `first` (digest §3.3).
    #[inline(always)]
    fn next_vars(&mut self, vars: &[VarSlot], at: Pos, first: usize) -> Res<()> {
        if first == 0 && vars.len() <= 1 {
            if self.next_fast(vars, at) || self.next_left_loop(vars, at) {
                return Ok(());
            }
            // the general path counts this execution itself (machine::counters)
            self.not_derived(at);
        }
        self.exec_next_general(vars, at, first)
    }

    /// A named NEXT whose loop's entry is under an inner loop's left by GOTO: that entry
    /// dropped (`drop_left_loop`) and the loop stepped as `next_fast` steps it. Its counts
    /// are the fast path's (one named NEXT, one integer step for an integer variable),
    /// derived from the site's executions. False when the fast path does not apply then
    /// (the inner entry may be gone: the general path finds the loop on top).
    #[inline(never)]
    fn next_left_loop(&mut self, vars: &[VarSlot], at: Pos) -> bool {
        self.drop_left_loop(vars, at) && self.next_fast(vars, at)
    }

    /// A named NEXT whose loop's entry is second from the top, under another FOR's entry
    /// (an inner loop left by GOTO): the search passes that entry and NEXT drops it, as
    /// here; then the fast path applies. False (and nothing done) for any other stack.
    #[inline(always)]
    fn drop_left_loop(&mut self, vars: &[VarSlot], at: Pos) -> bool {
        if let (Some(v), [.., Frame::For(under), Frame::For(top)]) =
            (vars.first(), self.run.stack.as_slice())
            && top.var != v.slot
            && under.var == v.slot
            && under.next.pos == at
        {
            let len = self.run.stack.len();
            self.truncate_stack(len - 1);
            return true;
        }
        false
    }

    /// NEXT in general: each variable in turn (the rule documented on `next_vars`).
    #[inline(never)]
    fn exec_next_general(&mut self, vars: &[VarSlot], at: Pos, first: usize) -> Res<()> {
        let count = vars.len().max(1);
        for k in first..count {
            let here = NextPos {
                pos: at,
                var: k as u32,
            };
            let var = vars.get(k).map(|v| v.slot);
            // the innermost entry is nearly always the loop: check it before searching
            let idx = match self.run.stack.last() {
                Some(Frame::For(f)) if f.next == here && var.is_none_or(|v| v == f.var) => {
                    self.run.stack.len() - 1
                }
                _ => self.find_for(var, here)?,
            };
            self.truncate_stack(idx + 1);
            self.count(
                if vars.is_empty() {
                    Dyn::NextBare
                } else {
                    Dyn::NextNamed
                },
                1,
            );
            let Frame::For(f) = &self.run.stack[idx] else {
                return Err(ErrorCode::InternalError.into());
            };
            let (slot, sign, resume) = (f.var, f.sign, f.resume);
            let more = match (f.step, f.limit) {
                (Num::Int(step), Num::Int(limit)) => {
                    let cur = match &self.run.vars.scalars[slot as usize] {
                        Value::Int(i) => *i,
                        v => value::to_int(v.num()?)?,
                    };
                    self.count(Dyn::NextInt, 1);
                    let v = cur.checked_add(step).ok_or(ErrorCode::Overflow)?;
                    self.run.vars.scalars[slot as usize] = Value::Int(v);
                    !ends(v.cmp(&limit), sign)
                }
                (step, limit) => {
                    let cur = self.run.vars.scalars[slot as usize].num()?;
                    let cur = Num::Sng(self.single_of(cur)?);
                    let v = self.add_step(cur, step)?;
                    self.run.vars.scalars[slot as usize] = Value::from_num(v);
                    !self.loop_ends(v, limit, sign)
                }
            };
            if more {
                self.loop_back(resume);
                return Ok(());
            }
            self.truncate_stack(idx);
        }
        Ok(())
    }

    /// The commonest NEXT: one variable (or none), the innermost entry is its loop, the
    /// variable holds the loop's type (integer or single) and the step neither overflows
    /// nor errs. Does what the general path does for it (same counts, same stack) and
    /// says whether it did; false leaves everything as it was for the general path.
    #[inline(always)]
    fn next_fast(&mut self, vars: &[VarSlot], at: Pos) -> bool {
        let Some(Frame::For(f)) = self.run.stack.last() else {
            return false;
        };
        let slot = f.var;
        if f.next.pos != at || f.next.var != 0 || vars.first().is_some_and(|v| v.slot != slot) {
            return false;
        }
        let (sign, resume) = (f.sign, f.resume);
        let Some(cur) = self.run.vars.scalars.get_mut(slot as usize) else {
            return false;
        };
        let (int, done) = match (f.step, f.limit, cur) {
            (Num::Int(step), Num::Int(limit), Value::Int(x)) => {
                let Some(v) = x.checked_add(step) else {
                    return false;
                };
                *x = v;
                (true, ends(v.cmp(&limit), sign))
            }
            (Num::Sng(step), Num::Sng(limit), Value::Sng(x)) => {
                let Ok(v) = x.add(step) else {
                    return false;
                };
                *x = v;
                (false, ends(v.total_cmp(limit), sign))
            }
            _ => return false,
        };
        // named or bare, and a named loop's type, are derived from the site's executions
        // (machine::counters); a bare NEXT's loop type is not the site's
        if int && vars.is_empty() {
            self.count(Dyn::NextInt, 1);
        }
        if done {
            let len = self.run.stack.len();
            self.truncate_stack(len - 1);
        } else {
            self.loop_back(resume);
        }
        true
    }

    /// A loop goes on at `resume` (`ForBind::resume`): a line's start is an entry.
    #[inline(always)]
    fn loop_back(&mut self, resume: Pos) {
        if resume.instr == 0 {
            self.enter_line(resume.line);
        } else {
            self.pc = resume;
        }
    }

    /// The FOR entry a NEXT refers to: with a variable, the innermost entry for it; bare,
    /// the innermost FOR entry; WHILE entries are passed, a GOSUB entry stops the search.
    /// The entry's bound NEXT must be this one, else NEXT without FOR.
    fn find_for(&self, var: Option<u32>, here: NextPos) -> Res<usize> {
        let floor = self.stack_floor();
        if self.config.compat.pcbasic_next
            && let Some(k) = self.run.stack[floor..]
                .iter()
                .rposition(|f| matches!(f, Frame::For(ff) if ff.next == here))
        {
            return Ok(floor + k);
        }
        let found = self.run.stack[floor..].iter().rposition(|f| match f {
            Frame::For(ff) => var.is_none_or(|v| ff.var == v),
            _ => false,
        });
        match found {
            Some(k) => match &self.run.stack[floor + k] {
                Frame::For(ff) if ff.next == here => Ok(floor + k),
                _ => Err(ErrorCode::NextWithoutFor.into()),
            },
            None => Err(ErrorCode::NextWithoutFor.into()),
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

    /// A numeric condition: true when non-zero.
    #[inline(always)]
    pub(crate) fn condition(&mut self, cond: &CExpr) -> Res<bool> {
        // a sort's test: two elements compared where they lie
        if let CExpr::IntPure(both) = cond
            && let IExpr::CmpElems(p) = &both.0
            && let Some(b) = self.int_cmp_elems(p)
        {
            return Ok(b);
        }
        if let Some(i) = self.int_now(cond) {
            return Ok(i != 0);
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
fn ends(ord: std::cmp::Ordering, sign: i8) -> bool {
    ord as i8 == sign
}
