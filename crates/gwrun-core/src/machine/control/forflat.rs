//! An integer FOR whose start, limit and step have flat forms (`ForFlat`, made when
//! compiling: `1`, `N`, `J-D`, `D+1`, `-D`): the three read with no dispatch on their
//! shapes, then what `exec_for_int_general` does after its operands, in its order; and
//! the loop's entry once the operands are read, which both paths share.

use super::{ForParts, NEED_FOR, ends};
use crate::compile::code::{Compiled, IFlat, NextPos, Pos};
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::machine::{ForFrame, Frame, Machine, Res};
use crate::num::Num;
use crate::syntax::ast::For;

impl Machine {
    /// A flat operand's value: None where its shape's own evaluation gives None (a
    /// variable not an integer, a sum out of range); the general path then evaluates it.
    #[inline(always)]
    pub(crate) fn iflat(&self, f: IFlat) -> Option<i16> {
        let mut x = f.c;
        if f.a != IFlat::NONE {
            x += i32::from(self.int_var(f.a)?);
        }
        if f.b != IFlat::NONE {
            x += f.sb * i32::from(self.int_var(f.b)?);
        }
        if x as i16 as i32 == x {
            Some(x as i16)
        } else {
            None
        }
    }

    /// An integer FOR whose variable was found (made) and whose flat operands were read
    /// (reading them has no effect, so that they are read before the loop's old entry is
    /// dropped): the rest as `exec_for_int_general` does it (its text has no junk, and
    /// its scan bound `next` with no error at once: `ForFlat::new`).
    #[inline(always)]
    pub(super) fn for_int_flat(
        &mut self,
        s: &For<Compiled>,
        at: Pos,
        (start, limit, step): (i16, i16, i16),
        next: NextPos,
    ) -> Res<()> {
        let f = &ForParts::of(s);
        let slot = f.var.slot;
        self.drop_same_for(slot, at);
        if self.stack_free() < NEED_FOR {
            return Err(self.for_stopped(at, ErrorCode::OutOfMemory.into()));
        }
        self.int_loop_entered(f, at, (start, limit, step), next)
    }

    /// An integer FOR whose variable was made, whose operands were read and whose entry
    /// has room (nothing pushed since): the scan's variables made, then the loop done at
    /// once or its entry pushed with the start in the variable.
    #[inline(always)]
    pub(super) fn int_loop_entered(
        &mut self,
        f: &ForParts,
        at: Pos,
        (start, limit, step): (i16, i16, i16),
        next: NextPos,
    ) -> Res<()> {
        let slot = f.var.slot;
        if !self.touch_scanned_vars(f, at) {
            return Err(self.for_stopped(at, ErrorCode::OutOfMemory.into()));
        }
        let sign = if step == 0 { 2 } else { step.signum() as i8 };
        if ends(start.cmp(&limit), sign) {
            return self.for_int_done_at_once(slot, start, step, next);
        }
        // the variable was made before the operands were read: stored without looking
        // again
        match self.run.vars.scalars.get_mut(slot as usize) {
            Some(Value::Int(x)) => *x = start,
            _ => self.store_int(slot, start)?,
        }
        let frame = ForFrame {
            var: slot,
            step: Num::Int(step),
            limit: Num::Int(limit),
            sign,
            at,
            resume: f.bind.resume,
            next,
        };
        self.push_found_room(Frame::For(frame));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{VALUES, over_boundaries, screen, written};

    /// An integer FOR of flat operands (`ForFlat`: `K-D`, `D+1`, `-D`, `K+D`, `D-1`,
    /// `1+K`, `5-K`, constants, variables, no STEP) enters its loop as the general path
    /// does for the same operands written with no flat form (`(K-D)*1`), over every
    /// pair of boundary values K, D: the same start in the variable, the same passes (up
    /// to three) and values, the same loops done at once, the same errors (Overflow of
    /// an operand, of a NEXT's step).
    #[test]
    fn flat_for_operands_as_the_general_path() {
        let shapes: [(&str, &str, Option<&str>); 7] = [
            ("K-D", "5", Some("D")),
            ("D+1", "K", Some("-D")),
            ("K+D", "D-1", Some("1")),
            ("1+K", "K-D", Some("K")),
            ("K", "-D", Some("-1")),
            ("5-K", "32767", Some("D")),
            ("K", "D", None),
        ];
        let program = |flat: bool| {
            let statements: Vec<String> = shapes
                .iter()
                .map(|(s, l, t)| {
                    let step = t.map_or(String::new(), |t| format!(" STEP {}", written(t, flat)));
                    format!(
                        "R$=\"Z\": C=0: FOR I={} TO {}{step}: C=C+1: R$=STR$(C)+STR$(I): \
                         IF C<3 THEN NEXT I: R$=R$+\"/\"+STR$(I)",
                        written(s, flat),
                        written(l, flat),
                    )
                })
                .collect();
            over_boundaries("10 DEFINT A-Z: DIM V(12)\n20 REM\n", &statements)
        };
        let flat = screen(&program(true));
        assert_eq!(flat, screen(&program(false)));
        let count = shapes.len() * VALUES.len() * VALUES.len();
        assert_eq!(flat.lines().count(), count, "{flat}");
        // K=5, D=2: FOR I=3 TO 5 STEP 2 runs twice and ends at 7
        assert!(flat.lines().any(|l| l == " 2 5/ 7"), "{flat}");
        assert!(flat.lines().any(|l| l == "E6"), "{flat}");
    }
}
