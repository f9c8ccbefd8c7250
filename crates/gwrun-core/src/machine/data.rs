//! DATA/READ/RESTORE: a pointer through the program's DATA items in text order; numeric
//! items are converted when read (a bad item is a Syntax error in the DATA line).

use super::{Halt, Machine, Res};
use crate::compile::code::{CLValue, Compiled, Pos};
use crate::error::ErrorCode;
use crate::machine::assign::Place;
use crate::machine::value::Value;
use crate::num;
use crate::syntax::ast::VarType;
use crate::syntax::ast::{Read, Restore};
use std::rc::Rc;

impl Machine {
    /// READ v1, v2, ...: the DATA pointer moves only when the whole statement succeeds,
    /// so after an error (a bad item, an overflow) the next READ starts again where this
    /// one did [M unsorted/RESTORE].
    pub(super) fn exec_read(&mut self, s: &Read<Compiled>, _at: Pos) -> Res<()> {
        let targets = &s.targets;
        let code = self.code.clone();
        let mut ptr = self.run.data_ptr;
        for t in targets {
            let Some(item) = code.data.get(ptr) else {
                return self.read_fails(t, ErrorCode::OutOfData);
            };
            ptr += 1;
            self.count(
                crate::machine::counters::Dyn::ScanBytes,
                item.text.len() as u64 + 1,
            );
            let ty = self.lvalue_type(t);
            // the value is stored before STRDN2 looks at what follows it: a bad item
            // leaves the variable set and is then a Syntax error at its DATA line
            let (v, bad) = if ty == VarType::Str {
                let text = item.text.strip_prefix(b"\"").unwrap_or(&item.text);
                (Value::Str(Rc::from(text)), item.bad)
            } else {
                self.count(crate::machine::counters::Dyn::NumIn, 1);
                let p = match num::data_number(&item.text, ty == VarType::Dbl) {
                    Ok(p) => p,
                    // OCTCNS's OVERR and CONERR: hard errors at the READ
                    Err(num::TextError::Overflow) => {
                        return self.read_fails(t, ErrorCode::Overflow);
                    }
                    Err(num::TextError::SyntaxError) => {
                        return self.read_fails(t, ErrorCode::SyntaxError);
                    }
                };
                if p.overflow {
                    // FIN's overflow goes through $OVFLS: trapped at the READ under ON
                    // ERROR, else the message and the largest value
                    let negative = p.value.to_f64() < 0.0;
                    self.read_overflows(t, negative)?;
                }
                let rest = item.text.get(p.len..).unwrap_or_default();
                let bad = item.bad || rest.iter().any(|c| !matches!(c, b' ' | b'\t'));
                (Value::from_num(p.value), bad)
            };
            let at = code
                .find_line(item.line)
                .map_or(0, |l| self.text_byte_addr(l, item.at));
            self.store_in_text(t, v, at)?;
            if bad {
                if let Some(idx) = code.find_line(item.line) {
                    self.run.error_at = Some(Pos {
                        line: idx,
                        instr: 0,
                    });
                }
                return Err(Halt::Error(ErrorCode::SyntaxError));
            }
        }
        if let Some(fault) = &s.fault {
            self.eval(fault)?;
            return Err(ErrorCode::InternalError.into());
        }
        self.run.data_ptr = ptr;
        Ok(())
    }

    /// A READ whose item fails (none left, a number that does not convert): its variable
    /// was found before the item was looked at, so it is made (its subscripts checked,
    /// whose error comes first) before the item's error [S GWMAIN.ASM READ: LOPDAT's
    /// PTRGET, then the DATA pointer and FIN].
    #[cold]
    #[inline(never)]
    fn read_fails(&mut self, target: &CLValue, e: ErrorCode) -> Res<()> {
        self.located(target)?;
        Err(e.into())
    }

    /// A READ item too large for its variable: FIN's overflow, after the variable was
    /// found (made, its subscripts checked) [S GWMAIN.ASM READ: PTRGET before FIN]. The
    /// place found is where the largest value goes (`read_place`): the subscripts are
    /// evaluated once.
    #[cold]
    #[inline(never)]
    fn read_overflows(&mut self, target: &CLValue, negative: bool) -> Res<()> {
        let at = self.located(target)?;
        self.soft_error(num::FloatError::Overflow { negative })?;
        self.run.read_at = Some(at);
        Ok(())
    }

    /// Where a READ item goes: the place its overflow already found, else its target
    /// located now. Out of line, so that READ's code in the statement loop calls it
    /// where it called `place` and the loop's layout does not move (docs/benchmarks.md).
    #[inline(never)]
    pub(crate) fn read_place(&mut self, target: &CLValue) -> Res<Place> {
        match self.run.read_at.take() {
            Some(at) => Ok(at),
            // PTRGET: a new scalar made where there is room for it
            None => {
                let at = self.place(target)?;
                if let Place::Scalar(s) = at {
                    self.find_var(s)?;
                }
                Ok(at)
            }
        }
    }

    /// RESTORE [n]: n must exist (the pointer is left alone otherwise); the pointer moves
    /// to its first DATA item or later. Text that is not a line number reads as line 0
    /// (GW's LINGET) [M unsorted/RESTORE2].
    pub(super) fn exec_restore(&mut self, s: &Restore<Compiled>, _at: Pos) -> Res<()> {
        let n = s.line;
        self.run.data_ptr = match n {
            None => 0,
            Some(n) => {
                self.search_line(n, 0)?;
                self.code.data.partition_point(|d| d.line < n)
            }
        };
        Ok(())
    }
}
