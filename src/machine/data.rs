//! DATA/READ/RESTORE: a pointer through the program's DATA items in text order; numeric
//! items are converted when read (a bad item is a Syntax error in the DATA line).

use super::{Halt, Machine, Res};
use crate::compile::code::CLValue;
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::num;
use crate::syntax::ast::VarType;
use std::rc::Rc;

impl Machine {
    /// READ v1, v2, ...
    pub(super) fn exec_read(&mut self, targets: &[CLValue]) -> Res<()> {
        for t in targets {
            let Some(item) = self.code.data.get(self.run.data_ptr).cloned() else {
                return Err(ErrorCode::OutOfData.into());
            };
            self.run.data_ptr += 1;
            self.count(
                crate::machine::counters::Dyn::ScanBytes,
                item.text.len() as u64 + 1,
            );
            let v = if self.lvalue_type(t) == VarType::Str {
                let text = item.text.strip_prefix(b"\"").unwrap_or(&item.text);
                Value::Str(Rc::from(text))
            } else {
                self.count(crate::machine::counters::Dyn::NumIn, 1);
                match data_number(&item.text, self.lvalue_type(t) == VarType::Dbl) {
                    Some(n) => Value::from_num(n),
                    None => {
                        if let Some(idx) = self.code.find_line(item.line) {
                            self.run.error_at = Some(crate::compile::code::Pos {
                                line: idx,
                                instr: 0,
                            });
                        }
                        return Err(Halt::Error(ErrorCode::SyntaxError));
                    }
                }
            };
            self.store(t, v)?;
        }
        Ok(())
    }

    /// RESTORE [n]: n must exist; the pointer moves to its first DATA item or later.
    pub(super) fn exec_restore(&mut self, n: Option<u16>) -> Res<()> {
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
