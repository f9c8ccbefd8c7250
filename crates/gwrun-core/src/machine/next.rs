//! NEXT as GW-BASIC runs it (S NEXT86.ASM): each variable's loop found on the stack
//! (the innermost entry first, a GOSUB entry ending the search), stepped and tested, and
//! the jump back after its FOR; the common one-variable NEXT on a fast path that does and
//! counts what the general path does; a NEXT whose first pass the FOR made (a loop done
//! at once) going on with the NEXT's next variable. FOR itself is `control`'s.

use super::control::ends;
use super::{Frame, Halt, Machine, Res};
use crate::compile::code::{Compiled, NextPos, Pos, VarSlot};
use crate::error::ErrorCode;
use crate::machine::counters::Dyn;
use crate::machine::value::{self, Value};
use crate::num::Num;
use crate::syntax::ast::{Next, Stmt};

impl Machine {
    /// Continue at the NEXT a loop is bound to, as its first pass found the loop done:
    /// a `NEXT J,I` goes on with I. An error there (`NEXT J,I PRINT`) is reported at the
    /// NEXT's line: FOR makes NXTLIN the current line before it jumps into NEXTS [S
    /// GWMAIN.ASM FOR: `MOV CURLIN,BX` from NXTLIN, then `JMP NEXTS`].
    pub(super) fn continue_after_next(&mut self, next: NextPos) -> Res<()> {
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
    /// An integer loop's step is taken at once (`next_int_fast`, no register saved);
    /// any other goes to `next_fast` out of line.
    #[inline(never)]
    fn next_left_loop(&mut self, vars: &[VarSlot], at: Pos) -> bool {
        self.drop_left_loop(vars, at)
            && (self.next_int_fast(vars, at) || self.next_fast_apart(vars, at))
    }

    /// `next_fast` out of line (`next_left_loop` past an integer loop).
    #[inline(never)]
    fn next_fast_apart(&mut self, vars: &[VarSlot], at: Pos) -> bool {
        self.next_fast(vars, at)
    }

    /// `next_fast` for an integer loop whose variable holds an integer: the same
    /// step, counts and stack; false (nothing done) for anything else, `next_fast` then
    /// decides.
    #[inline(always)]
    fn next_int_fast(&mut self, vars: &[VarSlot], at: Pos) -> bool {
        let Some(Frame::For(f)) = self.run.stack.last() else {
            return false;
        };
        let slot = f.var;
        if f.next.pos != at || f.next.var != 0 || vars.first().is_some_and(|v| v.slot != slot) {
            return false;
        }
        let (Num::Int(step), Num::Int(limit)) = (f.step, f.limit) else {
            return false;
        };
        let (sign, resume) = (f.sign, f.resume);
        let Some(Value::Int(x)) = self.run.vars.scalars.get_mut(slot as usize) else {
            return false;
        };
        let Some(v) = x.checked_add(step) else {
            return false;
        };
        *x = v;
        if vars.is_empty() {
            self.count(Dyn::NextInt, 1);
        }
        if ends(v.cmp(&limit), sign) {
            let len = self.run.stack.len();
            self.truncate_stack(len - 1);
        } else {
            self.loop_back(resume);
        }
        true
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
                _ => match self.find_for(var, here) {
                    Ok(idx) => idx,
                    Err(h) => return Err(self.no_loop_for(var, h)),
                },
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

    /// A NEXT whose variable has no loop: a variable not made yet is made first, where
    /// there is room for it (else Out of memory), then NEXT without FOR [S NEXT86.ASM
    /// NEXTC: PTRGET, then FNDFOR].
    #[cold]
    #[inline(never)]
    fn no_loop_for(&mut self, var: Option<u32>, h: Halt) -> Halt {
        if let Some(v) = var
            && let Err(e) = self.find_var(v)
        {
            return e;
        }
        h
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
}

#[cfg(test)]
mod tests {
    use super::super::control::tests::{VALUES, screen};

    /// A NEXT J reached by GOTO out of an inner loop (`next_left_loop`: the inner
    /// entry dropped, J's integer step taken by `next_int_fast`) steps as the general
    /// path steps it (`exec_next_general`, reached when two inner loops were left, so
    /// that J's entry is not second from the top), over every pair of boundary values
    /// K, D for J's start, limit and step: the same passes (up to three), values, ends
    /// and errors (Overflow of the step), integer and single loops alike.
    #[test]
    fn next_after_a_left_loop_as_the_general_path() {
        let shapes = [
            ("J", "K", "D", "1"),
            ("J", "K", "D", "-1"),
            ("J", "K", "5", "D"),
            ("J", "D", "K", "-D"),
            ("J", "K", "32767", "K"),
            ("J!", "K", "D", "1"),
        ];
        let data: Vec<String> = VALUES.iter().map(i32::to_string).collect();
        let program = |general: bool, (j, s, l, t): (&str, &str, &str, &str)| {
            let (inner, tail) = if general {
                ("FOR L=1 TO 2: FOR M=1 TO 2:", " M: NEXT")
            } else {
                ("FOR L=1 TO 2:", "")
            };
            format!(
                "10 DEFINT A-Z: DIM V(12)\n\
                 20 FOR I=0 TO 12: READ V(I): NEXT I\n\
                 30 DATA {}\n\
                 40 ON ERROR GOTO 900\n\
                 50 FOR P=0 TO 12: FOR Q=0 TO 12: K=V(P): D=V(Q)\n\
                 60 R$=\"Z\": C=0: FOR {j}={s} TO {l} STEP {t}: C=C+1: R$=STR$(C)+STR$({j})\n\
                 70 {inner} GOTO 80: NEXT{tail}\n\
                 80 IF C<3 THEN NEXT {j}: R$=R$+\"/\"+STR$({j})\n\
                 90 PRINT R$: NEXT Q, P\n\
                 100 END\n\
                 900 R$=\"E\"+MID$(STR$(ERR),2): RESUME 90\n",
                data.join(",")
            )
        };
        for shape in shapes {
            let fast = screen(&program(false, shape));
            let general = screen(&program(true, shape));
            assert_eq!(fast, general, "{shape:?}");
            assert_eq!(fast.lines().count(), VALUES.len() * VALUES.len(), "{fast}");
        }
        // K=1, D=5 STEP 1: three passes, J=3
        let first = screen(&program(false, shapes[0]));
        assert!(first.lines().any(|l| l == " 3 3"), "{first}");
        assert!(first.lines().any(|l| l == "E6"), "{first}");
        assert!(first.lines().any(|l| l.contains('/')), "{first}");
    }
}
