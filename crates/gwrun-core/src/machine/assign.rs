//! Storing values: assignment with GW-BASIC's conversions (CINT into integers, soft
//! overflow into singles, Type mismatch across strings and numbers), array element
//! addressing with automatic dimensioning, SWAP, MID$ and LSET/RSET, DIM, ERASE,
//! OPTION BASE and DEFtype (digest §5, §6.2).

use super::{Halt, Machine, Res};
use crate::compile::code::{CExpr, CLValue, Compiled, DExpr, Pos, SExpr};
use crate::error::ErrorCode;
use crate::machine::counters::Dyn;
use crate::machine::value::{self, Str, Value};
use crate::machine::vars::{Array, ArrayData, NOT_CREATED};
use crate::num::{Num, Single};
use crate::syntax::ast::DimItem;
use crate::syntax::ast::{DefType, Dim, Erase, Let, Lset, MidAssign, OptionBase, Swap};
use crate::syntax::ast::{Func, VarType};
use std::rc::Rc;

impl Machine {
    /// LET.
    pub(super) fn exec_let(&mut self, s: &Let<Compiled>, _at: Pos) -> Res<()> {
        let Let { target, value } = s;
        match target {
            CLValue::Scalar(slot) => {
                // GW finds (makes) the variable before it evaluates the value: a new one
                // out of line, the whole LET with it, so that the loop's code does not
                // test the lookup's result (docs/benchmarks.md)
                if self.run.vars.scalar_rank[*slot as usize] == NOT_CREATED {
                    return self.let_new_scalar(*slot, value);
                }
                self.let_scalar(*slot, value)
            }
            CLValue::Elem(arr, subs) => {
                let idx = self.index_of(*arr, subs)?;
                if let Some(i) = self.int_now(value)
                    && let Some(a) = self.run.vars.arrays[*arr as usize].as_mut()
                    && let ArrayData::Int(d) = &mut a.data
                    && let Some(x) = d.get_mut(idx)
                {
                    *x = i;
                    return Ok(());
                }
                let v = self.eval(value)?;
                if let Value::Str(_) = v {
                    return self.let_string(Place::Elem(*arr, idx), value, v);
                }
                self.store_element(*arr, idx, v)
            }
        }
    }

    /// LET of a scalar not made yet: made first where there is room for it (Out of
    /// memory before the value is evaluated when there is none: `make_scalar`).
    #[cold]
    #[inline(never)]
    fn let_new_scalar(&mut self, slot: u32, value: &CExpr) -> Res<()> {
        self.make_scalar(slot)?;
        self.let_scalar(slot, value)
    }

    /// LET of a scalar that exists.
    #[inline(always)]
    fn let_scalar(&mut self, slot: u32, value: &CExpr) -> Res<()> {
        // an integer into an integer variable: no Value, no conversion
        if let Some(i) = self.int_now(value)
            && let Some(Value::Int(x)) = self.run.vars.scalars.get_mut(slot as usize)
        {
            *x = i;
            return Ok(());
        }
        // a typed single or double: no Value unless a conversion needs one
        match value {
            CExpr::TypedS(both) => {
                if let SExpr::Fn(Func::Int, x) = &both.0
                    && self.io.fields.is_empty()
                    && let Some(Value::Int(_)) = self.run.vars.scalars.get(slot as usize)
                {
                    let i = self.floor_int(x)?;
                    self.run.vars.scalars[slot as usize] = Value::Int(i);
                    return Ok(());
                }
                if let Some(l) = &both.2 {
                    return self.let_leaves(slot, l);
                }
                return self.let_single(slot, &both.0);
            }
            CExpr::TypedD(both) => return self.let_double(slot, &both.0),
            _ => {}
        }
        let v = self.eval(value)?;
        let t = self.run.vars.scalar_key(slot).1;
        if v.var_type() == t && t != VarType::Str {
            self.run.vars.scalars[slot as usize] = v;
            return Ok(());
        }
        if let Value::Str(_) = v {
            return self.let_string(Place::Scalar(slot), value, v);
        }
        self.store_scalar(slot, v)
    }

    /// LET of a single-precision typed form into a scalar (out of line, so that the
    /// form's top node is evaluated in this frame and `exec_let` stays small).
    #[inline(never)]
    fn let_single(&mut self, slot: u32, e: &SExpr) -> Res<()> {
        let s = self.sng_flat(e)?;
        self.store_single(slot, s)
    }

    /// LET of a double-precision typed form into a scalar (as `let_single`).
    #[inline(never)]
    fn let_double(&mut self, slot: u32, e: &DExpr) -> Res<()> {
        let d = self.dbl_flat(e)?;
        if let Some(Value::Dbl(x)) = self.run.vars.scalars.get_mut(slot as usize) {
            *x = d;
            return Ok(());
        }
        self.store_scalar(slot, Value::Dbl(d))
    }

    /// LET of a string value: the stored string's place in the data segment follows
    /// GW's rule (machine::dataseg `string_source`); a string variable or element takes
    /// it at once (the variable was found before the value was evaluated), anything
    /// else as `store_at` stores it (Type mismatch).
    #[inline(never)]
    fn let_string(&mut self, at: Place, e: &CExpr, v: Value) -> Res<()> {
        let ty = match at {
            Place::Scalar(slot) => self.run.vars.scalar_key(slot).1,
            Place::Elem(a, _) => self.run.vars.array_key(a).1,
        };
        let s = match v {
            Value::Str(s) if ty == VarType::Str => s,
            v => return self.store_at(at, v),
        };
        let addr = self.string_source(e, &s)?;
        if !self.io.fields.is_empty() {
            // a FIELD variable given a string of its own is no longer a view
            self.io.fields.detach(at);
        }
        // the string and the address of its bytes (`string_stored`) side by side
        let old = match at {
            Place::Scalar(slot) => {
                self.touch_var(slot);
                let v = &mut self.run.vars;
                match (
                    v.scalars.get_mut(slot as usize),
                    v.saddr.get_mut(slot as usize),
                ) {
                    (Some(x), Some(a)) => {
                        *a = addr;
                        std::mem::replace(x, Value::Str(s))
                    }
                    _ => return Err(ErrorCode::InternalError.into()),
                }
            }
            Place::Elem(arr, idx) => match self.run.vars.arrays[arr as usize].as_mut() {
                Some(Array {
                    data: ArrayData::Str(d),
                    saddr,
                    ..
                }) => match (d.get_mut(idx), saddr.get_mut(idx)) {
                    (Some(x), Some(a)) => {
                        *a = addr;
                        let old = Value::Str(std::mem::replace(x, s));
                        self.mark_stored(arr, idx);
                        old
                    }
                    _ => return Err(ErrorCode::InternalError.into()),
                },
                _ => return Err(ErrorCode::InternalError.into()),
            },
        };
        self.recycle_value(old);
        Ok(())
    }

    /// Flat index for lvalue subscripts.
    #[inline]
    pub(crate) fn index_of(&mut self, arr: u32, subs: &[CExpr]) -> Res<usize> {
        if let [one] = subs {
            self.element1(arr, one)
        } else {
            self.element(arr, subs)
        }
    }

    /// Converts a value to a slot's type.
    pub(crate) fn convert(&mut self, v: Value, t: VarType) -> Res<Value> {
        Ok(match (t, v) {
            (VarType::Str, Value::Str(s)) => Value::Str(s),
            (VarType::Str, _) => return Err(ErrorCode::TypeMismatch.into()),
            (_, Value::Str(s)) => return Err(self.string_refused(s)),
            (VarType::Int, Value::Int(i)) => Value::Int(i),
            (VarType::Int, v) => Value::Int(value::to_int(v.num()?)?),
            (VarType::Sng, Value::Sng(s)) => Value::Sng(s),
            (VarType::Sng, v) => Value::Sng(self.single_of(v.num()?)?),
            (VarType::Dbl, v) => Value::Dbl(value::to_double(v.num()?)),
        })
    }

    /// A number as a single, reporting a soft overflow (double too large).
    pub(crate) fn single_of(&mut self, n: Num) -> Res<Single> {
        match value::to_single(n) {
            Ok(s) => Ok(s),
            Err(e) => {
                self.soft_error(e)?;
                Ok(Single::max_value(matches!(
                    e,
                    crate::num::FloatError::Overflow { negative: true }
                )))
            }
        }
    }

    #[inline]
    pub(crate) fn store_scalar(&mut self, slot: u32, v: Value) -> Res<()> {
        let t = self.run.vars.scalar_key(slot).1;
        let v = if v.var_type() == t {
            v
        } else {
            self.convert(v, t)?
        };
        self.touch_var(slot);
        if !self.io.fields.is_empty() {
            // a FIELD variable given a string of its own is no longer a view
            self.io.fields.detach(Place::Scalar(slot));
        }
        let old = std::mem::replace(&mut self.run.vars.scalars[slot as usize], v);
        self.recycle_value(old);
        Ok(())
    }

    /// An integer into a scalar: stored as it is into an integer variable (no field can
    /// be one), anything else as `store_scalar` does.
    #[inline]
    pub(crate) fn store_int(&mut self, slot: u32, i: i16) -> Res<()> {
        self.touch_var(slot);
        if let Some(Value::Int(x)) = self.run.vars.scalars.get_mut(slot as usize) {
            *x = i;
            return Ok(());
        }
        self.store_scalar(slot, Value::Int(i))
    }

    /// A single into a scalar: stored as it is into a single variable, CINT-ed into an
    /// integer one (Overflow when out of range), anything else as `store_scalar` does.
    #[inline]
    pub(super) fn store_single(&mut self, slot: u32, s: Single) -> Res<()> {
        let no_fields = self.io.fields.is_empty();
        match self.run.vars.scalars.get_mut(slot as usize) {
            Some(Value::Sng(x)) => *x = s,
            Some(Value::Int(x)) if no_fields => {
                *x = s.to_i16_round().ok_or(ErrorCode::Overflow)?;
            }
            _ => return self.store_scalar(slot, Value::Sng(s)),
        }
        Ok(())
    }

    /// Marks a scalar created on first assignment; GW moves the whole array table then.
    /// No room check: the stores after a lookup (`find_var`, LET's) find it made.
    #[inline]
    pub(crate) fn touch_var(&mut self, slot: u32) {
        self.touch_var_new(slot);
    }

    /// `touch_var`, telling whether the variable was made now.
    pub(crate) fn touch_var_new(&mut self, slot: u32) -> bool {
        let new = self.run.vars.touch(slot);
        if new {
            self.count(Dyn::VarNew, 1);
            let moved = self.run.vars.array_bytes() as u64;
            self.count(Dyn::VarNewMoved, moved);
        }
        new
    }

    /// Index of an element of a one-dimensional array (fast path of `element`): an
    /// integer-only subscript in range is found inline, anything else by `element1_general`
    /// (which evaluates the subscript afresh: an integer-only one has no side effect).
    #[inline(always)]
    pub(crate) fn element1(&mut self, arr: u32, sub: &CExpr) -> Res<usize> {
        if let Some(i) = self.int_inline(sub)
            && let Some(k) = self.in_range1(arr, i)
        {
            return Ok(k);
        }
        self.element1_general(arr, sub)
    }

    /// `element1` in general: the subscript by CINT, a new array dimensioned, the errors.
    #[inline(never)]
    fn element1_general(&mut self, arr: u32, sub: &CExpr) -> Res<usize> {
        let i = self.eval_int(sub)?;
        match self.in_range1(arr, i) {
            Some(k) => Ok(k),
            None => self.element_slow(arr, &[i]),
        }
    }

    /// The flat index of subscript `i` of one-dimensional array `arr`, if it exists and
    /// `i` is in range.
    #[inline(always)]
    fn in_range1(&self, arr: u32, i: i16) -> Option<usize> {
        self.run.vars.arrays.get(arr as usize)?.as_ref()?.index1(i)
    }

    /// Flat index of an array element, dimensioning the array to 10 if it is new. Each
    /// subscript is checked as it is evaluated, before the next one is (`check_subscript`);
    /// the array is found or made, and its dimensions and bounds checked, after all.
    #[inline(never)]
    pub(crate) fn element(&mut self, arr: u32, subs: &[CExpr]) -> Res<usize> {
        // two subscripts of flat integer shapes (a table's `DEAL(CD MOD 4, CD MOD 13)`)
        // in range of an existing array: the index at once, with no call and no frame
        if let [s0, s1] = subs
            && let Some(i) = self.int_flat(s0)
            && let Some(j) = self.int_flat(s1)
            && let Some(a) = &self.run.vars.arrays[arr as usize]
            && let Some(off) = a.offset_in_range(&[i, j])
        {
            return Ok(off);
        }
        self.element_general(arr, subs)
    }

    /// `element` past its flat two-subscript case (out of line: that case needs no
    /// frame). Reading the flat shapes had no effect: here they are read again.
    #[inline(never)]
    fn element_general(&mut self, arr: u32, subs: &[CExpr]) -> Res<usize> {
        // two subscripts (the commonest table): no index buffer, no loop
        if let [s0, s1] = subs {
            let i = self.eval_int_inline(s0)?;
            let j = match self.int_inline(s1) {
                // reading the second has no effect and cannot fail: the first's check can
                // wait for `element_slow` (which checks in order) if the fast path fails
                Some(j) => j,
                None => {
                    self.check_subscript(i)?;
                    self.eval_int_general(s1)?
                }
            };
            let idx = [i, j];
            if let Some(a) = &self.run.vars.arrays[arr as usize]
                && let Some(off) = a.offset_in_range(&idx)
            {
                return Ok(off);
            }
            return self.element_slow(arr, &idx);
        }
        let mut idx = [0i16; 8];
        if subs.len() > idx.len() {
            return Err(ErrorCode::SubscriptOutOfRange.into());
        }
        for (k, e) in subs.iter().enumerate() {
            idx[k] = self.eval_int(e)?;
            self.check_subscript(idx[k])?;
        }
        let idx = &idx[..subs.len()];
        // an existing array and subscripts in range: the flat index at once
        if let Some(a) = &self.run.vars.arrays[arr as usize]
            && let Some(off) = a.offset_in_range(idx)
        {
            return Ok(off);
        }
        self.element_slow(arr, idx)
    }

    /// Checks subscripts (already CINT-ed): each as it was evaluated (`check_subscript`,
    /// in order), then against the array, creating it with 10 per dimension (11
    /// elements, or 10 under OPTION BASE 1) on first use.
    fn element_slow(&mut self, arr: u32, idx: &[i16]) -> Res<usize> {
        for &i in idx {
            self.check_subscript(i)?;
        }
        if self.run.vars.arrays[arr as usize].is_none() {
            let size = if self.run.vars.option_base == Some(1) {
                10
            } else {
                11
            };
            let dims = vec![size; idx.len()].into_boxed_slice();
            self.make_array(arr, dims)?;
        }
        match &self.run.vars.arrays[arr as usize] {
            Some(a) => Ok(a.offset(idx)?),
            None => Err(ErrorCode::InternalError.into()),
        }
    }

    /// GW's check of a subscript (or a DIM bound) as soon as it is evaluated, before the
    /// next one is (INTIDX, then PTRGET's OPTION BASE test): negative is Illegal function
    /// call, 0 under OPTION BASE 1 Subscript out of range. Dimensions and bounds are
    /// checked once all are evaluated.
    #[inline(always)]
    fn check_subscript(&self, i: i16) -> Res<()> {
        if i < i16::from(self.run.vars.option_base == Some(1)) {
            return Err(subscript_fault(i).into());
        }
        Ok(())
    }

    pub(crate) fn array(&self, arr: u32) -> Res<&Array> {
        self.run.vars.arrays[arr as usize]
            .as_ref()
            .ok_or(Halt::Error(ErrorCode::InternalError))
    }

    #[inline]
    pub(crate) fn store_element(&mut self, arr: u32, idx: usize, v: Value) -> Res<()> {
        let Some(a) = self.run.vars.arrays[arr as usize].as_mut() else {
            return Err(ErrorCode::InternalError.into());
        };
        match (&mut a.data, v) {
            (ArrayData::Int(d), Value::Int(i)) => d[idx] = i,
            (ArrayData::Sng(d), Value::Sng(s)) => d[idx] = s,
            (ArrayData::Dbl(d), Value::Dbl(x)) => d[idx] = x,
            (ArrayData::Str(d), Value::Str(s)) => {
                // (marked for the collector where its address is stored: `set_saddr`)
                let old = std::mem::replace(&mut d[idx], s);
                if !self.io.fields.is_empty() {
                    self.io.fields.detach(Place::Elem(arr, idx));
                }
                self.recycle_str(old);
            }
            (_, v) => return self.store_element_converted(arr, idx, v),
        }
        Ok(())
    }

    /// `store_element` of a value of another type than the array's: a number into an
    /// integer or double array as `convert` converts it (CINT, exact widening), anything
    /// else converted by `convert`.
    #[inline(never)]
    fn store_element_converted(&mut self, arr: u32, idx: usize, v: Value) -> Res<()> {
        let Some(a) = self.run.vars.arrays[arr as usize].as_mut() else {
            return Err(ErrorCode::InternalError.into());
        };
        match (&mut a.data, v) {
            (ArrayData::Int(d), Value::Sng(s)) => d[idx] = value::to_int(Num::Sng(s))?,
            (ArrayData::Int(d), Value::Dbl(x)) => d[idx] = value::to_int(Num::Dbl(x))?,
            (ArrayData::Dbl(d), Value::Int(i)) => d[idx] = value::to_double(Num::Int(i)),
            (ArrayData::Dbl(d), Value::Sng(s)) => d[idx] = value::to_double(Num::Sng(s)),
            (_, v) => {
                let t = self.run.vars.array_key(arr).1;
                let v = self.convert(v, t)?;
                return self.store_element(arr, idx, v);
            }
        }
        Ok(())
    }

    /// Stores into any lvalue (INPUT, READ, LINE INPUT, FOR...).
    pub(crate) fn store(&mut self, target: &CLValue, v: Value) -> Res<()> {
        let at = self.located(target)?;
        self.store_place(at, v)
    }

    /// Stores a value at a place located before it was read (INPUT#: GW's PTRGET comes
    /// before the item is read).
    pub(crate) fn store_place(&mut self, at: Place, v: Value) -> Res<()> {
        if let Value::Str(s) = &v {
            let s = s.clone();
            self.store_at(at, v)?;
            return self.string_copied(at, &s);
        }
        self.store_at(at, v)
    }

    /// Stores an item READ from DATA: a string's bytes stay in the program text, at
    /// `addr` (GWMAIN.ASM READ: STRLT2 makes the descriptor, LETCN6 does not copy text).
    pub(crate) fn store_in_text(&mut self, target: &CLValue, v: Value, addr: u16) -> Res<()> {
        let at = self.read_place(target)?;
        self.store_at(at, v)?;
        if self.lvalue_type(target) == VarType::Str {
            self.string_stored(at, addr);
        }
        Ok(())
    }

    /// The type an lvalue holds.
    pub(crate) fn lvalue_type(&self, target: &CLValue) -> VarType {
        match target {
            CLValue::Scalar(s) => self.run.vars.scalar_key(*s).1,
            CLValue::Elem(a, _) => self.run.vars.array_key(*a).1,
        }
    }

    /// Where a statement's target is, a scalar not created yet made now: GW's PTRGET
    /// enters a new variable in the table as it finds it, before the statement reads or
    /// checks anything else, so the variable stays made when the statement then fails
    /// (MID$= with a bad start, LSET of a number, READ past the last DATA, INPUT# past
    /// the end, LINE INPUT or FIELD of a numeric variable) [S BISTRS.ASM LHSMID,
    /// DSKCOM.ASM LSETA and FIELD, GWMAIN.ASM READ (LOPDAT) and LINE: PTRGET first];
    /// one with no room is Out of memory (`make_scalar`).
    #[inline(never)]
    pub(crate) fn located(&mut self, target: &CLValue) -> Res<Place> {
        let at = self.place(target)?;
        if let Place::Scalar(s) = at {
            self.find_var(s)?;
        }
        Ok(at)
    }

    /// Where an lvalue is: its subscripts evaluated (once) and checked.
    pub(crate) fn place(&mut self, target: &CLValue) -> Res<Place> {
        Ok(match target {
            CLValue::Scalar(slot) => Place::Scalar(*slot),
            CLValue::Elem(arr, subs) => Place::Elem(*arr, self.index_of(*arr, subs)?),
        })
    }

    fn load_at(&self, at: Place) -> Res<Value> {
        match at {
            Place::Scalar(slot) => Ok(self.run.vars.scalars[slot as usize].clone()),
            Place::Elem(arr, idx) => Ok(self.array(arr)?.get(idx)),
        }
    }

    fn store_at(&mut self, at: Place, v: Value) -> Res<()> {
        match at {
            Place::Scalar(slot) => self.store_scalar(slot, v),
            Place::Elem(arr, idx) => self.store_element(arr, idx, v),
        }
    }

    /// SWAP a, b: each operand is located once, in order (the first is created if
    /// new); both must have the same type; a second operand that is a scalar not created
    /// yet is created, which moves GW's array table, and that is an Illegal function call
    /// [M unsorted/SWAP2; S BIMISC.ASM SWAP].
    pub(super) fn exec_swap(&mut self, s: &Swap<Compiled>, _at: Pos) -> Res<()> {
        let Swap { a, b, flat } = s;
        // a sort's exchange with flat subscripts (`SwapElems`)
        if let Some(f) = flat
            && self.swap_flat(f)
        {
            return Ok(());
        }
        // two elements of one array (one type): their indexes (no `Place` handed back
        // through memory), then swapped in place
        if let (CLValue::Elem(x, sa), CLValue::Elem(y, sb)) = (a, b)
            && x == y
        {
            // a sort's exchange: one subscript each, integer-only, in range, numbers
            if self.swap_in_place1(*x, sa, sb) {
                return Ok(());
            }
            let i = self.index_of(*x, sa)?;
            let j = self.index_of(*y, sb)?;
            // `index_of` made the array if it was new
            let Some(arr) = self.run.vars.arrays[*x as usize].as_mut() else {
                return Err(ErrorCode::InternalError.into());
            };
            arr.swap(i, j);
            self.mark_stored(*x, i);
            self.mark_stored(*x, j);
            self.swap_fields(Place::Elem(*x, i), Place::Elem(*y, j));
            return Ok(());
        }
        let pa = self.place(a)?;
        if let Place::Scalar(s) = pa {
            self.find_var(s)?;
        }
        let pb = self.place(b)?;
        if self.lvalue_type(a) != self.lvalue_type(b) {
            return Err(ErrorCode::TypeMismatch.into());
        }
        if let Place::Scalar(s) = pb
            && self.run.vars.scalar_rank[s as usize] == NOT_CREATED
        {
            self.make_scalar(s)?;
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let (va, vb) = (self.load_at(pa)?, self.load_at(pb)?);
        if let (Value::Str(_), Value::Str(_)) = (&va, &vb) {
            let (sa, sb) = (self.saddr_of(pa), self.saddr_of(pb));
            self.string_stored(pa, sb);
            self.string_stored(pb, sa);
        }
        if self.io.fields.is_empty() {
            self.store_at(pa, vb)?;
            return self.store_at(pb, va);
        }
        // FIELD views travel with their descriptors
        let (fa, fb) = (self.io.fields.take(pa), self.io.fields.take(pb));
        self.store_at(pa, vb)?;
        self.store_at(pb, va)?;
        self.io.fields.restore(fa, pb);
        self.io.fields.restore(fb, pa);
        Ok(())
    }

    /// MID$(v$, start[, len]) = s$: overwrite in place, never changing the length. GW
    /// copies byte by byte from the start, so when s$ is the target itself the copy reads
    /// bytes it has already overwritten (`MID$(A$,4)=A$` on "12345678" is "12312312")
    /// [M unsorted/MIDS]. The scan is BISTRS.ASM LHSMID's: the target (Type mismatch
    /// unless a string) is copied into string space when its bytes are in the program
    /// text, before anything else; the start is a byte (Illegal function call outside
    /// 0-255, and at 0), then the length (a byte, 255 without it), then s$; a length of
    /// 0 changes nothing, a start past the target's end is an Illegal function call.
    pub(super) fn exec_mid_assign(&mut self, s: &MidAssign<Compiled>, _at: Pos) -> Res<()> {
        let MidAssign {
            target,
            start,
            len,
            value,
        } = s;
        let len = len.as_ref();
        let at = self.located(target)?;
        let old = self.load_at(at)?.into_str()?;
        if !self.io.fields.has(at) {
            self.string_changed(at, &old)?;
        }
        let start = self.eval_byte(start)?;
        if start == 0 {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let len = match len {
            Some(e) => self.eval_byte(e)?,
            None => 255,
        };
        let (new, same) = match value {
            CExpr::Scalar(s) => {
                let p = Place::Scalar(*s);
                (self.load_at(p)?, p == at)
            }
            CExpr::Elem1(arr, sub) => {
                let p = Place::Elem(*arr, self.element1(*arr, sub)?);
                (self.load_at(p)?, p == at)
            }
            CExpr::Elem(arr, subs) => {
                let p = Place::Elem(*arr, self.element(*arr, subs)?);
                (self.load_at(p)?, p == at)
            }
            e => (self.eval(e)?, false),
        };
        let new = new.into_str()?;
        if len == 0 {
            return Ok(());
        }
        let start = start as usize - 1;
        if start >= old.len() {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let room = old.len() - start;
        let n = new.len().min(room).min(len as usize);
        let mut bytes = old.to_vec();
        if same {
            for k in 0..n {
                bytes[start + k] = bytes[k];
            }
        } else {
            bytes[start..start + n].copy_from_slice(&new[..n]);
        }
        if self.field_assign(at, &bytes)? {
            return Ok(());
        }
        self.string_changed(at, &bytes)?;
        self.store_at(at, Value::Str(Rc::from(bytes)))
    }

    /// LSET/RSET: pad or cut to the target's current length.
    pub(super) fn exec_lset(&mut self, s: &Lset<Compiled>, _at: Pos) -> Res<()> {
        let Lset {
            target,
            value,
            right,
        } = s;
        let right = *right;
        let at = self.located(target)?;
        let old = self.load_at(at)?.into_str()?;
        let new = self.eval(value)?.into_str()?;
        let width = old.len();
        let mut bytes = vec![b' '; width];
        let n = new.len().min(width);
        if right {
            bytes[width - n..].copy_from_slice(&new[..n]);
        } else {
            bytes[..n].copy_from_slice(&new[..n]);
        }
        if self.field_assign(at, &bytes)? {
            return Ok(());
        }
        self.string_changed(at, &bytes)?;
        self.store_at(at, Value::Str(Rc::from(bytes)))
    }

    /// DIM a(n, ...), ...
    pub(super) fn exec_dim(&mut self, s: &Dim<Compiled>, _at: Pos) -> Res<()> {
        let list = &s.items;
        for item in list {
            let (slot, dims) = match item {
                DimItem::Scalar(v) => {
                    self.find_var(v.slot)?;
                    continue;
                }
                DimItem::Array(slot, dims) => (slot, dims),
                DimItem::Fault(e) => return self.raise_fault(e),
            };
            let base = self.run.vars.option_base.unwrap_or(0);
            let mut sizes = Vec::with_capacity(dims.len());
            for e in dims.iter() {
                let n = self.eval_int(e)?;
                self.check_subscript(n)?;
                sizes.push((i32::from(n) + 1 - i32::from(base)) as u32);
            }
            // made once: not again when a statement that waited runs again
            if self.effect() {
                self.make_array(*slot, sizes.into_boxed_slice())?;
            }
        }
        Ok(())
    }

    pub(super) fn exec_erase(&mut self, s: &Erase<Compiled>, _at: Pos) -> Res<()> {
        let slots = &s.arrays;
        for &s in slots {
            self.run.vars.erase(s)?;
            self.io.fields.forget_array(s);
        }
        Ok(())
    }

    /// OPTION BASE: repeating the base in force is always allowed; another base only
    /// when no OPTION BASE ran before and no array exists now (so again once every array
    /// is erased) [M unsorted/OPTION].
    pub(super) fn exec_option_base(&mut self, s: &OptionBase<Compiled>, _at: Pos) -> Res<()> {
        let b = s.base;
        let vars = &mut self.run.vars;
        if b != vars.option_base.unwrap_or(0) && (vars.option_base.is_some() || vars.any_array()) {
            return Err(ErrorCode::DuplicateDefinition.into());
        }
        vars.option_base = Some(b);
        Ok(())
    }

    /// DEFINT/DEFSNG/DEFDBL/DEFSTR: changes the table at run time; code that names
    /// unsuffixed variables is recompiled when the table changes (digest §5.2).
    pub(super) fn exec_deftype(&mut self, s: &DefType<Compiled>, _at: Pos) -> Res<()> {
        let DefType {
            ty: t,
            ranges,
            junk,
        } = s;
        let t = *t;
        let mut changed = false;
        for &(a, b) in ranges {
            for l in a..=b {
                let slot = &mut self.run.vars.deftype[(l - b'A') as usize];
                changed |= *slot != t;
                *slot = t;
            }
        }
        if changed {
            self.ask_recompile();
        }
        if *junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        Ok(())
    }

    /// A string value from its bytes, checking GW's 255-byte limit.
    pub(crate) fn make_str(&self, bytes: Vec<u8>) -> Res<Value> {
        if bytes.len() > value::MAX_STRING {
            return Err(ErrorCode::StringTooLong.into());
        }
        Ok(Value::Str(Str::from(bytes)))
    }
}

/// A located lvalue: a scalar slot, or an array slot and element index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    Scalar(u32),
    Elem(u32, usize),
}

/// The error of a subscript `check_subscript` refuses.
#[cold]
fn subscript_fault(i: i16) -> ErrorCode {
    if i < 0 {
        ErrorCode::IllegalFunctionCall
    } else {
        ErrorCode::SubscriptOutOfRange
    }
}
