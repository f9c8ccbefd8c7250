//! FIELD variables as views into a random file's record buffer. In GW-BASIC a FIELD
//! variable's descriptor points into the buffer, so the variable shows whatever GET,
//! PRINT#, WRITE#, LSET, RSET and MID$ put there. Here each fielded variable (a scalar or
//! an array element) is an alias of (file, offset, length), refreshed when the buffer
//! changes. Assigning the variable (LET, INPUT, READ...) gives it a string of its own and
//! ends the alias; SWAP exchanges descriptors, so the alias moves with it; LSET, RSET and
//! MID$ write through it into the buffer; a second FIELD does not detach earlier ones;
//! ERASE and CLEAR end the aliases they concern. CLOSE does not: the buffer is memory in
//! the file number's block, so the variables keep showing it (LSET still writes it), and
//! a random file opened again with that number starts from those bytes.

use super::super::assign::Place;
use super::super::{Machine, Res};
use crate::compile::code::{CExpr, CLValue, Compiled, Pos};
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::syntax::ast::Field;
use crate::syntax::ast::VarType;
use std::rc::Rc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Alias {
    place: Place,
    file: u8,
    offset: u16,
    len: u8,
}

/// A view taken off a variable.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FieldView(Alias);

/// The fielded variables.
#[derive(Debug, Default)]
pub(crate) struct FieldAliases {
    list: Vec<Alias>,
}

impl FieldAliases {
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// A variable was given a value of its own.
    pub fn detach(&mut self, place: Place) {
        self.list.retain(|a| a.place != place);
    }

    pub fn forget_array(&mut self, slot: u32) {
        self.list
            .retain(|a| !matches!(a.place, Place::Elem(s, _) if s == slot));
    }

    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// Takes a variable's view out (SWAP moves it to the other operand).
    pub fn take(&mut self, place: Place) -> Option<FieldView> {
        let k = self.list.iter().position(|a| a.place == place)?;
        Some(FieldView(self.list.remove(k)))
    }

    /// Puts a view back on another variable.
    pub fn restore(&mut self, view: Option<FieldView>, place: Place) {
        if let Some(FieldView(mut a)) = view {
            a.place = place;
            self.list.push(a);
        }
    }

    fn find(&self, place: Place) -> Option<Alias> {
        self.list.iter().copied().find(|a| a.place == place)
    }

    /// Whether a variable is a view of a file's buffer.
    pub fn has(&self, place: Place) -> bool {
        self.list.iter().any(|a| a.place == place)
    }
}

impl Machine {
    /// FIELD [#]n, w AS v$, ...: each variable becomes a view of the next `w` bytes. A
    /// clause that fails (Field overflow, a width out of range, a numeric variable, a bad
    /// subscript) leaves the clauses before it in force: GW writes each variable's
    /// descriptor as it goes [S DSKCOM.ASM FIELD: LOPFLD stores the length and the
    /// pointer into the buffer before it scans the next clause].
    #[inline(never)]
    pub(in crate::machine) fn exec_field(&mut self, s: &Field<Compiled>, _at: Pos) -> Res<()> {
        let Field {
            file,
            fields,
            fault,
        } = s;
        let n = self.file_number(file)?;
        if !self.io.files.is_open(n) {
            return Err(ErrorCode::BadFileNumber.into());
        }
        let clauses = self.field_clauses(n, fields);
        self.refresh_fields(n);
        clauses?;
        if let Some(fault) = fault {
            self.eval(fault)?;
            return Err(ErrorCode::InternalError.into());
        }
        Ok(())
    }

    /// FIELD's clauses in order, each variable made a view of the buffer of file `n` as
    /// its clause is read.
    fn field_clauses(&mut self, n: u8, fields: &[(CExpr, CLValue)]) -> Res<()> {
        let reclen = self.io.files.reclen(n)?;
        let mut offset = 0usize;
        for (w, v) in fields {
            let w = self.eval_int(w)?;
            if !(0..=255).contains(&w) {
                return Err(ErrorCode::IllegalFunctionCall.into());
            }
            // the variable is found (made) before its type is checked [S DSKCOM.ASM
            // FIELD: PTRGET, then FRCSTR]
            let place = self.located(v)?;
            if self.lvalue_type(v) != VarType::Str {
                return Err(ErrorCode::TypeMismatch.into());
            }
            let w = w as usize;
            if offset + w > reclen {
                return Err(ErrorCode::FieldOverflow.into());
            }
            self.io.fields.detach(place);
            // the descriptor points into the record buffer [S DSKCOM.ASM FIELD]
            let addr = self.field_buffer_addr(n) + offset as u32;
            self.string_stored(place, addr as u16);
            self.io.fields.list.push(Alias {
                place,
                file: n,
                offset: offset as u16,
                len: w as u8,
            });
            offset += w;
        }
        Ok(())
    }

    /// The record buffer of file `n` changed: every view of it shows the new bytes.
    pub(crate) fn refresh_fields(&mut self, n: u8) {
        if self.io.fields.is_empty() {
            return;
        }
        let Ok(buf) = self.io.files.field(n) else {
            return;
        };
        let updates: Vec<(Place, Value)> = self
            .io
            .fields
            .list
            .iter()
            .filter(|a| a.file == n)
            .map(|a| {
                let (o, l) = (usize::from(a.offset), usize::from(a.len));
                let bytes = buf.get(o..o + l).unwrap_or(&[]);
                (a.place, Value::Str(Rc::from(bytes)))
            })
            .collect();
        for (place, v) in updates {
            self.put_raw(place, v);
        }
    }

    /// Stores a string without ending an alias.
    fn put_raw(&mut self, place: Place, v: Value) {
        match place {
            Place::Scalar(slot) => {
                if let Some(s) = self.run.vars.scalars.get_mut(slot as usize) {
                    *s = v;
                }
            }
            Place::Elem(arr, idx) => {
                if let (Some(Some(a)), Value::Str(s)) =
                    (self.run.vars.arrays.get_mut(arr as usize), v)
                    && let crate::machine::vars::ArrayData::Str(d) = &mut a.data
                    && let Some(slot) = d.get_mut(idx)
                {
                    *slot = s;
                    self.mark_stored(arr, idx);
                }
            }
        }
    }

    /// LSET, RSET, MID$ on a fielded variable: the bytes go into the buffer (true), and
    /// every view of it is refreshed; false for any other variable.
    pub(crate) fn field_assign(&mut self, place: Place, bytes: &[u8]) -> Res<bool> {
        let Some(a) = self.io.fields.find(place) else {
            return Ok(false);
        };
        let buf = self.io.files.field_mut(a.file)?;
        let o = usize::from(a.offset);
        let n = bytes.len().min(usize::from(a.len));
        if let Some(dst) = buf.get_mut(o..o + n) {
            dst.copy_from_slice(&bytes[..n]);
        }
        self.refresh_fields(a.file);
        Ok(true)
    }

    /// SWAP of two string variables: their views go with their values.
    pub(crate) fn swap_fields(&mut self, a: Place, b: Place) {
        if self.io.fields.is_empty() {
            return;
        }
        for x in &mut self.io.fields.list {
            if x.place == a {
                x.place = b;
            } else if x.place == b {
                x.place = a;
            }
        }
    }
}
