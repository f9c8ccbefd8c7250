//! DATA/READ/RESTORE: a pointer through the program's DATA items in text order; numeric
//! items are converted when read (a bad item is a Syntax error in the DATA line).

use super::{Halt, Machine, Res};
use crate::compile::code::{Compiled, Pos};
use crate::error::ErrorCode;
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
                return Err(ErrorCode::OutOfData.into());
            };
            ptr += 1;
            self.count(
                crate::machine::counters::Dyn::ScanBytes,
                item.text.len() as u64 + 1,
            );
            let ty = self.lvalue_type(t);
            let v = if item.bad {
                None
            } else if ty == VarType::Str {
                let text = item.text.strip_prefix(b"\"").unwrap_or(&item.text);
                Some(Value::Str(Rc::from(text)))
            } else {
                self.count(crate::machine::counters::Dyn::NumIn, 1);
                data_number(&item.text, ty == VarType::Dbl).map(Value::from_num)
            };
            let Some(v) = v else {
                // a malformed item is a Syntax error reported at its DATA line
                if let Some(idx) = code.find_line(item.line) {
                    self.run.error_at = Some(Pos {
                        line: idx,
                        instr: 0,
                    });
                }
                return Err(Halt::Error(ErrorCode::SyntaxError));
            };
            let at = code
                .find_line(item.line)
                .map_or(0, |l| self.text_byte_addr(l, item.at));
            self.store_in_text(t, v, at)?;
        }
        if let Some(fault) = &s.fault {
            self.eval(fault)?;
            return Err(ErrorCode::InternalError.into());
        }
        self.run.data_ptr = ptr;
        Ok(())
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

/// A numeric DATA item (empty → 0); a double target reads all its digits.
fn data_number(text: &[u8], double: bool) -> Option<num::Num> {
    if text.is_empty() {
        return Some(num::Num::Int(0));
    }
    if text.first() == Some(&b'"') {
        return None;
    }
    num::parse_number_field(text, double).map(|p| p.value)
}
