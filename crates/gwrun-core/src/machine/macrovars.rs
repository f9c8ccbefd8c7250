//! The program's variables as the macro languages of DRAW and PLAY see them (one
//! implementation of `mml::MacroVars` for both: GW-BASIC's DRAW and PLAY share one
//! macro scanner). `=name;` and `Xname;` name a variable as an expression would: a
//! scalar not yet used is created, an array not yet dimensioned gets ten elements per
//! subscript. A VARPTR$ string names an address in GW's data segment; the value is read
//! from the bytes there with the type its first byte gives, whatever lives at that
//! address now (after ERASE, another array's bytes or free memory), as GW reads it
//! [M gwbasic/PLAY].

use super::Machine;
use crate::error::ErrorCode;
use crate::machine::value::{self, Value};
use crate::mml::{MacroVars, VarRef};

/// The machine lent to a macro scanner for its variables.
pub(super) struct MacroMachine<'m>(pub(super) &'m mut Machine);

impl MacroMachine<'_> {
    fn value(&mut self, var: VarRef<'_>) -> Result<Value, ErrorCode> {
        let m = &mut *self.0;
        match var {
            VarRef::Ptr([t, lo, hi]) => m.value_at(t, u16::from_le_bytes([lo, hi])),
            VarRef::Name { name, indices } => {
                let n = crate::syntax::parse::make_name(name);
                let key = (n.text.clone(), m.run.vars.type_of(&n));
                if indices.is_empty() {
                    let slot = m.run.vars.scalar_slot_of(key);
                    if m.run.vars.scalar_rank[slot as usize] == crate::machine::vars::NOT_CREATED {
                        m.room_for_scalar(slot)?;
                        m.run.vars.touch(slot);
                    }
                    return Ok(m.run.vars.scalars[slot as usize].clone());
                }
                let slot = m.run.vars.array_slot_of(key);
                if m.run.vars.arrays[slot as usize].is_none() {
                    let dims = vec![11u32; indices.len()].into_boxed_slice();
                    m.make_array(slot, dims)?;
                }
                match &m.run.vars.arrays[slot as usize] {
                    Some(a) => Ok(a.get(a.offset(indices)?)),
                    None => Err(ErrorCode::IllegalFunctionCall),
                }
            }
        }
    }
}

impl MacroVars for MacroMachine<'_> {
    fn number(&mut self, var: VarRef<'_>) -> Result<i16, ErrorCode> {
        match self.value(var)? {
            Value::Str(_) => Err(ErrorCode::TypeMismatch),
            v => value::to_int(v.num()?),
        }
    }

    fn string(&mut self, var: VarRef<'_>) -> Result<Vec<u8>, ErrorCode> {
        match self.value(var)? {
            Value::Str(s) => Ok(s.to_vec()),
            _ => Err(ErrorCode::TypeMismatch),
        }
    }
}
