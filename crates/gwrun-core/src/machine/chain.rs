//! What CHAIN carries from one program to the next (FIVEO.ASM CHAIN, CHNRET): the
//! variables its COMMON statements name (or, with ALL, every variable), the arrays among
//! them whole, and OPTION BASE; with MERGE also the DEFtype table. DEF FN definitions,
//! ON ERROR, event traps and everything else go, as RUN clears them.
//!
//! The COMMON statements are read only now, by a scan of the whole program in line
//! order that looks at the first word of every statement (after a `:`, ELSE's hidden
//! colon included; a COMMON after THEN or ELSE is not seen): a variable or array named
//! there is kept if it exists. The scan evaluates what the list holds (an `A[i]` element,
//! a `(n)` dimension count) and meets the faults in the list's text: such an error is
//! reported with ERL the COMMON's line, while RESUME NEXT goes on after the CHAIN.

use super::{Machine, Res};
use crate::compile::code::{CLine, CommonSlots, Pos, Site};
use crate::error::ErrorCode;
use crate::machine::assign::Place;
use crate::machine::value::Value;
use crate::machine::vars::{Array, ArrayData, NOT_CREATED, VarKey, scalar_bytes};
use crate::syntax::ast::{Common, CommonItem, Stmt, VarType};

/// The variables and settings a CHAIN keeps, taken out of the old program's state.
#[derive(Debug, Default)]
pub struct Kept {
    /// Scalars in their creation order.
    scalars: Vec<(VarKey, Value)>,
    /// Arrays in their creation order.
    arrays: Vec<(VarKey, Array)>,
    option_base: Option<u8>,
    /// CHAIN MERGE keeps the DEFtype table.
    deftype: Option<[VarType; 26]>,
    /// Where each kept scalar's string was (machine::dataseg), and FRETOP then.
    saddr: Vec<u16>,
    fretop: u32,
}

impl Kept {
    /// The DEFtype table to compile the new program with (CHAIN MERGE), if kept.
    pub fn deftype(&self) -> Option<[VarType; 26]> {
        self.deftype
    }

    /// Bytes the kept variables take while the new program comes in: their table
    /// entries (`scalar_bytes`, `Array::bytes`) and their strings, all in string
    /// space once the literals among them are copied and the space is collected
    /// [S FIVEO.ASM CHAIN steps 4 and 5: CDVARS, GARBA2, BLTUC].
    pub fn bytes(&self) -> usize {
        let text = |v: &Value| match v {
            Value::Str(s) => s.len(),
            _ => 0,
        };
        let scalars: usize = self
            .scalars
            .iter()
            .map(|((name, t), v)| scalar_bytes(name.len(), *t) + text(v))
            .sum();
        let arrays: usize = self
            .arrays
            .iter()
            .map(|((name, t), a)| {
                let strings = match &a.data {
                    ArrayData::Str(d) => d.iter().map(|s| s.len()).sum(),
                    _ => 0,
                };
                a.bytes(name.len(), *t) + strings
            })
            .sum();
        scalars + arrays
    }
}

impl Machine {
    /// Takes out what a CHAIN keeps: everything with `all`, else what the program's
    /// COMMON statements name (scanned now; an error in a list stops the CHAIN).
    pub(crate) fn chain_keep(&mut self, all: bool, merge: bool) -> Res<Kept> {
        let vars = &self.run.vars;
        let (mut scalars, mut arrays) = if all {
            (
                vec![true; vars.scalar_count()],
                vec![true; vars.arrays.len()],
            )
        } else {
            self.common_scan()?
        };
        let fretop = self.fretop();
        let vars = &mut self.run.vars;
        scalars.resize(vars.scalar_count(), false);
        arrays.resize(vars.arrays.len(), false);
        let mut kept_scalars: Vec<(u32, VarKey, Value, u16)> = Vec::new();
        for (slot, keep) in scalars.iter().enumerate() {
            let rank = vars.scalar_rank[slot];
            if *keep && rank != NOT_CREATED {
                let key = vars.scalar_key(slot as u32).clone();
                let v = vars.scalars[slot].clone();
                kept_scalars.push((rank, key, v, vars.saddr[slot]));
            }
        }
        kept_scalars.sort_by_key(|k| k.0);
        let mut kept_arrays: Vec<(u32, VarKey, Array)> = Vec::new();
        for (slot, keep) in arrays.iter().enumerate() {
            if *keep && let Some(a) = vars.arrays[slot].take() {
                let key = vars.array_key(slot as u32).clone();
                kept_arrays.push((vars.array_rank[slot], key, a));
            }
        }
        kept_arrays.sort_by_key(|k| k.0);
        Ok(Kept {
            saddr: kept_scalars.iter().map(|k| k.3).collect(),
            fretop,
            scalars: kept_scalars
                .into_iter()
                .map(|(_, k, v, _)| (k, v))
                .collect(),
            arrays: kept_arrays.into_iter().map(|(_, k, a)| (k, a)).collect(),
            option_base: vars.option_base,
            deftype: merge.then_some(vars.deftype),
        })
    }

    /// Puts what a CHAIN kept into the cleared state of the new program.
    pub(crate) fn chain_restore(&mut self, kept: Kept) -> Res<()> {
        if let Some(d) = kept.deftype {
            self.run.vars.deftype = d;
        }
        self.run.vars.option_base = kept.option_base;
        // string space was emptied: the kept strings that were in it go back to its
        // top in their order (GW collects it), then those that were in the old
        // program's text are copied in (machine::dataseg) [M unsorted/STRCOMN]
        let in_space = |a: u16| if u32::from(a) > kept.fretop { a } else { 0 };
        let mut strings = Vec::new();
        for ((key, v), a) in kept.scalars.into_iter().zip(kept.saddr) {
            let slot = self.run.vars.scalar_slot_of(key);
            if let Value::Str(s) = &v {
                strings.push((Place::Scalar(slot), s.clone(), in_space(a)));
            }
            self.store_scalar(slot, v)?;
        }
        for (key, a) in kept.arrays {
            let slot = self.run.vars.array_slot_of(key);
            if let ArrayData::Str(d) = &a.data {
                for (i, s) in d.iter().enumerate() {
                    let at = a.saddr.get(i).copied().unwrap_or(0);
                    strings.push((Place::Elem(slot, i), s.clone(), in_space(at)));
                }
            }
            self.run.vars.restore_array(slot, a);
        }
        strings.sort_by_key(|&(_, _, a)| (a == 0, std::cmp::Reverse(a)));
        for (at, s, _) in strings {
            self.string_copied(at, &s)?;
        }
        Ok(())
    }

    /// CHAIN's scan of the COMMON statements: which scalar and array slots they name.
    fn common_scan(&mut self) -> Res<(Vec<bool>, Vec<bool>)> {
        let mut scalars = vec![false; self.run.vars.scalar_count()];
        let mut arrays = vec![false; self.run.vars.arrays.len()];
        let code = self.code.clone();
        for (li, line) in code.lines.iter().enumerate() {
            for (i, Site { instr, .. }) in line.instrs.iter().enumerate() {
                let Stmt::Common(Common { items }) = instr else {
                    continue;
                };
                if !starts_statement(line, i) {
                    continue;
                }
                let at = Pos {
                    line: li as u32,
                    instr: i as u32,
                };
                if let Err(h) = self.common_items(items, &mut scalars, &mut arrays) {
                    self.run.error_at = Some(at);
                    return Err(h);
                }
            }
        }
        Ok((scalars, arrays))
    }

    fn common_items(
        &mut self,
        items: &[CommonSlots],
        scalars: &mut [bool],
        arrays: &mut [bool],
    ) -> Res<()> {
        for item in items {
            match item {
                CommonItem::Scalar(v) => {
                    if let Some(s) = scalars.get_mut(v.slot as usize) {
                        *s = true;
                    }
                }
                CommonItem::Array(a, n) => {
                    if let Some(s) = arrays.get_mut(*a as usize) {
                        *s = true;
                    }
                    if let Some(e) = n
                        && matches!(self.eval(e)?, Value::Str(_))
                    {
                        // the dimension count cannot be a string
                        return Err(ErrorCode::IllegalFunctionCall.into());
                    }
                }
                CommonItem::Element(e) => {
                    self.eval(e)?;
                }
                CommonItem::Fault(e) => return self.raise_fault(e),
            }
        }
        Ok(())
    }
}

/// Whether statement `i` of a line begins a statement of GW's text: nothing but blanks
/// between it and the line start or the `:` before it (ELSE is stored as `:` + ELSE, so
/// a statement after ELSE or THEN does not qualify).
fn starts_statement(line: &CLine, i: usize) -> bool {
    let Some(span) = line.spans.get(i) else {
        return false;
    };
    let before = &line.body[..usize::from(span.start).min(line.body.len())];
    match before.iter().rposition(|&c| c != b' ') {
        None => true,
        Some(p) => before[p] == b':',
    }
}
