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

mod forflat;
mod forscan;

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
        // GW's PTRGET finds (makes) the variable before the start is evaluated
        if let Err(h) = self.find_var(var.slot) {
            return Err(self.for_stopped(at, h));
        }
        let (start, limit, step, next) = match self.for_bounds(&f, at) {
            Ok(b) => b,
            Err(h) => return Err(self.for_stopped(at, h)),
        };
        if !self.touch_scanned_vars(&f, at) {
            return Err(self.for_stopped(at, ErrorCode::OutOfMemory.into()));
        }
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
        // the variable was made above: stored without looking again
        match (self.run.vars.scalars.get_mut(var.slot as usize), store) {
            (Some(Value::Sng(x)), Value::Sng(s)) => *x = s,
            (_, store) => self.store_scalar(var.slot, store)?,
        }
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
        Ok((start, limit, step, self.bound_next(f.bind, at)?))
    }

    /// FOR with an integer variable: flat operands (`ForFlat`) read at once
    /// (`forflat`), anything else by `exec_for_int_general`.
    #[inline(never)]
    fn exec_for_int(&mut self, s: &For<Compiled>, at: Pos) -> Res<()> {
        if let Some(fl) = &s.bind.flat {
            // the variable first, as in `exec_for_int_general` (which finds it again)
            if let Err(h) = self.find_var(s.var.slot) {
                return Err(self.for_stopped(at, h));
            }
            if let Some(start) = self.iflat(fl.start)
                && let Some(limit) = self.iflat(fl.limit)
                && let Some(step) = self.iflat(fl.step)
            {
                return self.for_int_flat(s, at, (start, limit, step), fl.next);
            }
        }
        self.exec_for_int_general(s, at)
    }

    /// FOR with an integer variable: start, limit and step are CINT-ed (digest §3.2).
    #[inline(never)]
    fn exec_for_int_general(&mut self, s: &For<Compiled>, at: Pos) -> Res<()> {
        let f = &ForParts::of(s);
        let slot = f.var.slot;
        if let Err(h) = self.find_var(slot) {
            return Err(self.for_stopped(at, h));
        }
        let (start, limit, step, next) = match self.for_int_bounds(f, at) {
            Ok(b) => b,
            Err(h) => return Err(self.for_stopped(at, h)),
        };
        // `for_int_bounds` found room for the entry
        self.int_loop_entered(f, at, (start, limit, step), next)
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
        Ok((start, limit, step, self.bound_next(f.bind, at)?))
    }

    /// A FOR stopped before it began its loop: it counts no FOR and no scan (its site's
    /// derived counts leave this execution out, machine::counters).
    #[cold]
    fn for_stopped(&mut self, at: Pos, h: Halt) -> Halt {
        self.not_derived(at);
        h
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
        if let CExpr::CmpNums(both) = cond {
            return self.cmp_nums_condition(both);
        }
        self.condition_other(cond)
    }

    /// `condition_general` past a comparison of two floating numbers (out of line:
    /// `condition_general` is a dispatch with no frame).
    #[inline(never)]
    fn condition_other(&mut self, cond: &CExpr) -> Res<bool> {
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
        CExpr::CmpNums(both) => count_ops(&both.1),
        _ => 0,
    }
}

/// The loop test: step > 0 (`sign` 1) ends past the limit, step < 0 (-1) below it,
/// step 0 (2) never: the ordering's own value (-1, 0, 1) is the sign it ends for.
#[inline]
pub(super) fn ends(ord: std::cmp::Ordering, sign: i8) -> bool {
    ord as i8 == sign
}

#[cfg(test)]
pub(super) mod tests {
    use crate::session::{Session, Stop};

    /// The screen of `program` run to its end.
    pub(in crate::machine) fn screen(program: &str) -> String {
        let mut s = Session::captured(b"");
        s.load_source(program.as_bytes()).expect("loads");
        s.start_program();
        let stop = s.run(u64::MAX);
        let out = String::from_utf8_lossy(&s.take_output()).into_owned();
        assert_eq!(stop, Stop::Ended, "{out}");
        out
    }

    /// Subscript values at and past every boundary: 16-bit overflow, below the base,
    /// past the last element.
    pub(in crate::machine) const VALUES: [i32; 13] =
        [-32768, -32767, -2, -1, 0, 1, 2, 5, 9, 10, 11, 32766, 32767];

    /// A subscript as written: as it is (`flat`), or `(x)*1`, which has no flat form.
    pub(in crate::machine) fn written(x: &str, flat: bool) -> String {
        if flat {
            x.to_string()
        } else {
            format!("({x})*1")
        }
    }

    /// A program that runs `header` (lines 10 and 20, with `DIM V(12)`), reads `VALUES`
    /// into V, then each of `statements` (which sets R$ from K and D) for every pair K, D
    /// of them under ON ERROR, printing R$ or `E` and the error's number.
    pub(in crate::machine) fn over_boundaries(header: &str, statements: &[String]) -> String {
        let data: Vec<String> = VALUES.iter().map(i32::to_string).collect();
        let mut p = format!(
            "{header}30 FOR I=0 TO 12: READ V(I): NEXT I\n40 DATA {}\n",
            data.join(",")
        );
        for (n, st) in statements.iter().enumerate() {
            let line = 100 + 100 * n;
            p += &format!(
                "{line} ON ERROR GOTO {h}: FOR P=0 TO 12: FOR Q=0 TO 12: K=V(P): D=V(Q)\n\
                 {l1} {st}\n\
                 {l2} PRINT R$: NEXT Q, P\n\
                 {h} R$=\"E\"+MID$(STR$(ERR),2): RESUME {l2}\n",
                h = 2000 + line,
                l1 = line + 10,
                l2 = line + 20,
            );
        }
        p + "900 END\n"
    }

    /// The elements' comparisons IF takes where they lie (`IExpr::CmpElems`, each
    /// subscript in its flat form: `v`, `v+w`, `v+c`, `v-c`, `c+v`) give what the
    /// general evaluator gives for the same subscripts written so that they have no flat
    /// form (`(K)*1`), over every pair of boundary values: the same truth, the same
    /// error. And where both subscripts are in range, the truth is the elements'.
    #[test]
    fn element_comparisons_in_flat_form_as_the_general_path() {
        // (comparison, its subscripts' values from K and D, the arrays: 0 A, 1 B)
        type Sub = fn(i32, i32) -> i32;
        let shapes: [(&str, &str, &str, Sub, Sub, usize, usize); 6] = [
            ("<=", "K", "K+D", |k, _| k, |k, d| k + d, 0, 0),
            (">", "K", "K+1", |k, _| k, |k, _| k + 1, 0, 0),
            ("=", "K-1", "D", |k, _| k - 1, |_, d| d, 0, 1),
            ("<>", "1+K", "D", |k, _| 1 + k, |_, d| d, 1, 0),
            ("<", "D", "K+D", |_, d| d, |k, d| k + d, 0, 0),
            (">=", "K+D", "K-1", |k, d| k + d, |k, _| k - 1, 0, 1),
        ];
        let names = ["A", "B"];
        let program = |flat: bool| {
            let statements: Vec<String> = shapes
                .iter()
                .map(|(op, s, t, _, _, a, b)| {
                    let (x, y) = (names[*a], names[*b]);
                    let (s, t) = (written(s, flat), written(t, flat));
                    format!("R$=\"F\": IF {x}({s}){op}{y}({t}) THEN R$=\"T\"")
                })
                .collect();
            over_boundaries(
                "10 DEFINT A-Z: DIM A(10), B(10), V(12)\n\
                 20 FOR I=0 TO 10: A(I)=(I*7) MOD 5: B(I)=(I*3) MOD 4: NEXT I\n",
                &statements,
            )
        };
        let flat = screen(&program(true));
        assert_eq!(flat, screen(&program(false)));
        let arrays = [
            (0..=10).map(|i| (i * 7) % 5).collect::<Vec<i32>>(),
            (0..=10).map(|i| (i * 3) % 4).collect::<Vec<i32>>(),
        ];
        let count = shapes.len() * VALUES.len() * VALUES.len();
        assert_eq!(flat.lines().count(), count, "{flat}");
        let mut got = flat.lines();
        for (op, _, _, s, t, a, b) in &shapes {
            for &k in &VALUES {
                for &d in &VALUES {
                    let (i, j) = (s(k, d), t(k, d));
                    let r = got.next().unwrap_or_default();
                    if !(0..=10).contains(&i) || !(0..=10).contains(&j) {
                        assert!(r.starts_with('E'), "{op} K={k} D={d}: {r}");
                        continue;
                    }
                    let (x, y) = (arrays[*a][i as usize], arrays[*b][j as usize]);
                    let truth = match *op {
                        "<=" => x <= y,
                        ">" => x > y,
                        "=" => x == y,
                        "<>" => x != y,
                        "<" => x < y,
                        _ => x >= y,
                    };
                    assert_eq!(r, if truth { "T" } else { "F" }, "{op} K={k} D={d}");
                }
            }
        }
    }

    /// A two-subscript element whose subscripts are flat integer shapes (an integer
    /// variable or constant, `v op w`, `v op c`, `c op v`) is read as the general path
    /// reads the same subscripts written with no flat shape (`(K)*1`), over every pair of
    /// boundary values: the same element, the same error. And in range, the element is
    /// the one at those subscripts.
    #[test]
    fn two_subscript_elements_in_flat_form_as_the_general_path() {
        type Sub = fn(i32, i32) -> i32;
        let shapes: [(&str, &str, Sub, Sub); 5] = [
            ("K", "D", |k, _| k, |_, d| d),
            ("K MOD 4", "D MOD 13", |k, _| k % 4, |_, d| d % 13),
            ("K+1", "D-1", |k, _| k + 1, |_, d| d - 1),
            ("1", "D", |_, _| 1, |_, d| d),
            ("K+D", "2", |k, d| k + d, |_, _| 2),
        ];
        let program = |flat: bool| {
            let statements: Vec<String> = shapes
                .iter()
                .map(|(s, t, _, _)| {
                    let (s, t) = (written(s, flat), written(t, flat));
                    format!("R$=STR$(T({s},{t}))")
                })
                .collect();
            over_boundaries(
                "10 DEFINT A-Z: DIM T(3,12), V(12)\n\
                 20 FOR I=0 TO 3: FOR J=0 TO 12: T(I,J)=I*13+J: NEXT J, I\n",
                &statements,
            )
        };
        let flat = screen(&program(true));
        assert_eq!(flat, screen(&program(false)));
        let count = shapes.len() * VALUES.len() * VALUES.len();
        assert_eq!(flat.lines().count(), count, "{flat}");
        let mut got = flat.lines();
        for (s, t, i, j) in &shapes {
            for &k in &VALUES {
                for &d in &VALUES {
                    let (i, j) = (i(k, d), j(k, d));
                    let r = got.next().unwrap_or_default();
                    if (0..=3).contains(&i) && (0..=12).contains(&j) {
                        assert_eq!(r, format!(" {}", i * 13 + j), "T({s},{t}) K={k} D={d}");
                    } else {
                        assert!(r.starts_with('E'), "T({s},{t}) K={k} D={d}: {r}");
                    }
                }
            }
        }
    }
}
