//! Variables: scalar slots and arrays, interned by (name, type) so compiled code refers to
//! them by index; creation order (GW's tables are searched linearly in creation order,
//! which the cost model needs, digest §5.3); the DEFtype table; OPTION BASE; memory use
//! for FRE and Out of memory (digest §5.4, §11.1).

use crate::error::ErrorCode;
use crate::machine::value::{Str, Value};
use crate::num::{Double, Single};
use crate::syntax::ast::{Name, VarType};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::rc::Rc;

pub use crate::compile::VarKey;

/// Not yet created (GW creates a scalar at its first assignment).
pub const NOT_CREATED: u32 = u32::MAX;

/// Element storage of an array, typed.
#[derive(Debug, Clone)]
pub enum ArrayData {
    Int(Vec<i16>),
    Sng(Vec<Single>),
    Dbl(Vec<Double>),
    Str(Vec<Str>),
}

/// A dimensioned array.
#[derive(Debug, Clone)]
pub struct Array {
    /// Elements per dimension (max index + 1 - base).
    pub dims: Box<[u32]>,
    /// OPTION BASE when it was created.
    pub base: u8,
    /// The elements of a one-dimensional array, 0 for more dimensions: `index1`'s range.
    len1: u32,
    /// The subscript of a one-dimensional array's first element (its base); for more
    /// dimensions `FAR_BELOW`, so that `at1` of any subscript is past every element.
    origin1: i32,
    pub data: ArrayData,
    /// Where each string element's bytes are in the data segment (0 for none yet;
    /// empty for numeric arrays): see `machine::dataseg`.
    pub saddr: Vec<u16>,
}

impl Array {
    fn new(t: VarType, dims: Box<[u32]>, base: u8) -> Array {
        let n: usize = dims.iter().map(|&d| d as usize).product();
        let data = match t {
            VarType::Int => ArrayData::Int(vec![0; n]),
            VarType::Sng => ArrayData::Sng(vec![Single::ZERO; n]),
            VarType::Dbl => ArrayData::Dbl(vec![Double::ZERO; n]),
            VarType::Str => ArrayData::Str(vec![Rc::from(&b""[..]); n]),
        };
        let saddr = if t == VarType::Str {
            vec![0; n]
        } else {
            Vec::new()
        };
        let (len1, origin1) = match *dims {
            [n] => (n, i32::from(base)),
            _ => (0, FAR_BELOW),
        };
        Array {
            dims,
            base,
            len1,
            origin1,
            data,
            saddr,
        }
    }

    pub fn len(&self) -> usize {
        self.dims.iter().map(|&d| d as usize).product()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Flat index of an element; subscripts are already CINT-ed. First subscript varies
    /// fastest (digest §5.4).
    #[inline]
    pub fn offset(&self, subs: &[i16]) -> Result<usize, ErrorCode> {
        if subs.len() != self.dims.len() {
            return Err(ErrorCode::SubscriptOutOfRange);
        }
        let mut off = 0usize;
        let mut stride = 1usize;
        for (&s, &d) in subs.iter().zip(self.dims.iter()) {
            let i = i32::from(s) - i32::from(self.base);
            if s < 0 {
                return Err(ErrorCode::IllegalFunctionCall);
            }
            if i < 0 || i as u32 >= d {
                return Err(ErrorCode::SubscriptOutOfRange);
            }
            off += i as usize * stride;
            stride *= d as usize;
        }
        Ok(off)
    }

    /// `offset` when it succeeds; None for any error (the caller then asks `offset`).
    #[inline]
    pub fn offset_in_range(&self, subs: &[i16]) -> Option<usize> {
        if subs.len() != self.dims.len() {
            return None;
        }
        let base = i32::from(self.base);
        let (mut off, mut stride) = (0usize, 1usize);
        for (&s, &d) in subs.iter().zip(self.dims.iter()) {
            // negative as a u32 is beyond any dimension (as in `index1`)
            let i = i32::from(s) - base;
            if i as u32 >= d {
                return None;
            }
            off += i as usize * stride;
            stride *= d as usize;
        }
        Some(off)
    }

    /// Exchanges elements `i` and `j` (subscripts) of a one-dimensional array of
    /// numbers where they lie, as `swap` does with their flat indexes; false (nothing
    /// done) when either is out of range or the elements are strings.
    #[inline(always)]
    pub(crate) fn swap_numbers1(&mut self, i: i16, j: i16) -> bool {
        let (i, j) = (self.at1(i), self.at1(j));
        match &mut self.data {
            ArrayData::Int(v) if i < v.len() && j < v.len() => v.swap(i, j),
            ArrayData::Sng(v) if i < v.len() && j < v.len() => v.swap(i, j),
            ArrayData::Dbl(v) if i < v.len() && j < v.len() => v.swap(i, j),
            _ => return false,
        }
        true
    }

    /// Exchanges two elements.
    pub fn swap(&mut self, i: usize, j: usize) {
        match &mut self.data {
            ArrayData::Int(v) => v.swap(i, j),
            ArrayData::Sng(v) => v.swap(i, j),
            ArrayData::Dbl(v) => v.swap(i, j),
            ArrayData::Str(v) => {
                v.swap(i, j);
                self.saddr.swap(i, j);
            }
        }
    }

    /// Value of element `i` (flat).
    #[inline]
    pub fn get(&self, i: usize) -> Value {
        match &self.data {
            ArrayData::Int(v) => Value::Int(v[i]),
            ArrayData::Sng(v) => Value::Sng(v[i]),
            ArrayData::Dbl(v) => Value::Dbl(v[i]),
            ArrayData::Str(v) => Value::Str(v[i].clone()),
        }
    }

    /// Bytes this array takes in GW-BASIC's data segment.
    pub(crate) fn bytes(&self, name_len: usize, t: VarType) -> usize {
        7 + 2 * self.dims.len() + name_len.saturating_sub(2) + self.len() * t.size()
    }
}

/// `Array::origin1` of an array of more than one dimension: a subscript less this is at
/// least 2^30 - 32768, past any element (an array holds fewer than 2^16), and the
/// difference cannot overflow.
const FAR_BELOW: i32 = i32::MIN / 2;

/// Bytes a scalar's entry takes in GW-BASIC's data segment: its type byte, two name
/// characters, the length of the rest of the name, that rest and the value.
pub(crate) fn scalar_bytes(name_len: usize, t: VarType) -> usize {
    4 + name_len.saturating_sub(2) + t.size()
}

/// Default BASIC stack size (digest §3.8).
pub const DEFAULT_STACK: usize = 512;

/// All variables of a session.
#[derive(Debug)]
pub struct Vars {
    scalar_index: HashMap<VarKey, u32>,
    scalar_keys: Vec<VarKey>,
    /// Current values, by slot.
    pub scalars: Vec<Value>,
    /// Creation rank per slot (NOT_CREATED until first assignment).
    pub scalar_rank: Vec<u32>,
    scalars_created: u32,
    /// Where each string scalar's bytes are in the data segment (0 for none yet).
    pub saddr: Vec<u16>,
    /// The next creation rank, shared by scalars and user functions (GW keeps both in
    /// one table, in creation order).
    seq: u32,
    /// Changes whenever the scalar or array table changes size (for cached layouts).
    pub generation: u32,
    /// How often the variables were cleared (`clear`, the one place a created scalar
    /// goes back to not created): a FOR's scanned variables once all created stay so
    /// until this changes (`ForBind::scanned_touched`).
    pub clears: u64,
    array_index: HashMap<VarKey, u32>,
    array_keys: Vec<VarKey>,
    /// Arrays by slot (None until DIM or first use).
    pub arrays: Vec<Option<Array>>,
    pub array_rank: Vec<u32>,
    arrays_created: u32,
    /// DEFtype per letter A..Z.
    pub deftype: [VarType; 26],
    /// OPTION BASE once executed (arrays use base 0 until then).
    pub option_base: Option<u8>,
}

impl Default for Vars {
    fn default() -> Self {
        Vars::new()
    }
}

impl Array {
    /// The flat index of subscript `i` of a one-dimensional array, if in range.
    #[inline(always)]
    pub(crate) fn index1(&self, i: i16) -> Option<usize> {
        // a negative subscript leaves k negative (the base is 0 or 1), and a negative k
        // is beyond any dimension as a u32
        let k = i32::from(i) - i32::from(self.base);
        ((k as u32) < self.len1).then_some(k as usize)
    }

    /// The flat index of subscript `i` of a one-dimensional array, not checked: past the
    /// last element when `i` is out of range (a negative difference is beyond any length
    /// as a u32) and for an array of more dimensions (`origin1`), so that the element
    /// vector's own bounds check is the only one (`index1` checks against `len1` instead).
    #[inline(always)]
    pub(crate) fn at1(&self, i: i16) -> usize {
        (i32::from(i) - self.origin1) as u32 as usize
    }

    /// Element `i` of a one-dimensional integer array, if it is one and `i` is in range.
    #[inline(always)]
    pub(crate) fn int1(&self, i: i16) -> Option<i16> {
        match &self.data {
            ArrayData::Int(v) => v.get(self.at1(i)).copied(),
            _ => None,
        }
    }
}

impl Vars {
    /// Element `i` of one-dimensional array `p` against element `j` of `q`, when both
    /// arrays exist, the subscripts are in range and the elements are numbers of one type
    /// (`eval::compare`'s fast path; None: the general path decides).
    #[inline(always)]
    pub(crate) fn compare_elements(&self, p: u32, i: i16, q: u32, j: i16) -> Option<Ordering> {
        let x = self.arrays.get(p as usize)?.as_ref()?;
        let y = self.arrays.get(q as usize)?.as_ref()?;
        let (i, j) = (x.at1(i), y.at1(j));
        match (&x.data, &y.data) {
            (ArrayData::Int(u), ArrayData::Int(v)) => Some(u.get(i)?.cmp(v.get(j)?)),
            (ArrayData::Sng(u), ArrayData::Sng(v)) => Some(u.get(i)?.total_cmp(*v.get(j)?)),
            (ArrayData::Dbl(u), ArrayData::Dbl(v)) => Some(u.get(i)?.total_cmp(*v.get(j)?)),
            _ => None,
        }
    }
}

impl Vars {
    pub fn new() -> Vars {
        Vars {
            scalar_index: HashMap::new(),
            scalar_keys: Vec::new(),
            scalars: Vec::new(),
            scalar_rank: Vec::new(),
            scalars_created: 0,
            saddr: Vec::new(),
            seq: 0,
            generation: 0,
            clears: 0,
            array_index: HashMap::new(),
            array_keys: Vec::new(),
            arrays: Vec::new(),
            array_rank: Vec::new(),
            arrays_created: 0,
            deftype: [VarType::Sng; 26],
            option_base: None,
        }
    }

    /// The type a name has now (suffix, else the DEFtype table).
    pub fn type_of(&self, name: &Name) -> VarType {
        name.suffix.unwrap_or_else(|| {
            let l = name.first_letter().to_ascii_uppercase();
            if l.is_ascii_uppercase() {
                self.deftype[(l - b'A') as usize]
            } else {
                VarType::Sng
            }
        })
    }

    fn key(&self, name: &Name) -> VarKey {
        (name.text.clone(), self.type_of(name))
    }

    /// The scalar slot of a name (interned on first sight; not yet created).
    pub fn scalar_slot(&mut self, name: &Name) -> u32 {
        let key = self.key(name);
        self.scalar_slot_of(key)
    }

    pub fn scalar_slot_of(&mut self, key: VarKey) -> u32 {
        if let Some(&s) = self.scalar_index.get(&key) {
            return s;
        }
        let slot = self.scalars.len() as u32;
        self.scalars.push(Value::zero(key.1));
        self.scalar_rank.push(NOT_CREATED);
        self.saddr.push(0);
        self.scalar_keys.push(key.clone());
        self.scalar_index.insert(key, slot);
        slot
    }

    pub fn array_slot(&mut self, name: &Name) -> u32 {
        let key = self.key(name);
        self.array_slot_of(key)
    }

    pub fn array_slot_of(&mut self, key: VarKey) -> u32 {
        if let Some(&s) = self.array_index.get(&key) {
            return s;
        }
        let slot = self.arrays.len() as u32;
        self.arrays.push(None);
        self.array_rank.push(NOT_CREATED);
        self.array_keys.push(key.clone());
        self.array_index.insert(key, slot);
        slot
    }

    pub fn scalar_key(&self, slot: u32) -> &VarKey {
        &self.scalar_keys[slot as usize]
    }

    pub fn array_key(&self, slot: u32) -> &VarKey {
        &self.array_keys[slot as usize]
    }

    pub fn find_scalar(&self, key: &VarKey) -> Option<u32> {
        self.scalar_index.get(key).copied()
    }

    pub fn find_array(&self, key: &VarKey) -> Option<u32> {
        self.array_index.get(key).copied()
    }

    /// Marks a scalar created (first assignment); returns true if it was new.
    #[inline]
    pub fn touch(&mut self, slot: u32) -> bool {
        let r = &mut self.scalar_rank[slot as usize];
        if *r == NOT_CREATED {
            *r = self.seq;
            self.seq += 1;
            self.scalars_created += 1;
            self.generation = self.generation.wrapping_add(1);
            return true;
        }
        false
    }

    /// A creation rank for a user function's entry in the scalar table.
    pub fn next_rank(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        self.seq += 1;
        self.seq - 1
    }

    pub fn scalars_created(&self) -> u32 {
        self.scalars_created
    }

    pub fn arrays_created(&self) -> u32 {
        self.arrays_created
    }

    /// Whether any array exists now (ERASE removes them).
    pub fn any_array(&self) -> bool {
        self.arrays.iter().any(Option::is_some)
    }

    /// The bytes array `slot` takes in the array table with dimensions `dims`: its entry
    /// (type, name, size, the count of dimensions and each one's size) and its elements.
    pub fn array_need(&self, slot: u32, dims: &[u32]) -> u64 {
        let (name, t) = &self.array_keys[slot as usize];
        let n: u64 = dims.iter().map(|&d| u64::from(d)).product();
        7 + 2 * dims.len() as u64 + name.len().saturating_sub(2) as u64 + n * t.size() as u64
    }

    /// Creates an array (DIM or automatic dimensioning).
    pub fn create_array(
        &mut self,
        slot: u32,
        dims: Box<[u32]>,
        free: usize,
    ) -> Result<(), ErrorCode> {
        if self.arrays[slot as usize].is_some() {
            return Err(ErrorCode::DuplicateDefinition);
        }
        if self.array_need(slot, &dims) > free as u64 {
            return Err(ErrorCode::OutOfMemory);
        }
        let t = self.array_keys[slot as usize].1;
        let base = self.option_base.unwrap_or(0);
        self.arrays[slot as usize] = Some(Array::new(t, dims, base));
        self.array_rank[slot as usize] = self.arrays_created;
        self.arrays_created += 1;
        self.generation = self.generation.wrapping_add(1);
        Ok(())
    }

    /// Puts back an array kept across CHAIN (created now, after what exists).
    pub fn restore_array(&mut self, slot: u32, a: Array) {
        if let Some(place) = self.arrays.get_mut(slot as usize) {
            *place = Some(a);
            self.array_rank[slot as usize] = self.arrays_created;
            self.arrays_created += 1;
            self.generation = self.generation.wrapping_add(1);
        }
    }

    pub fn erase(&mut self, slot: u32) -> Result<(), ErrorCode> {
        match self.arrays[slot as usize].take() {
            Some(_) => {
                self.array_rank[slot as usize] = NOT_CREATED;
                self.generation = self.generation.wrapping_add(1);
                Ok(())
            }
            None => Err(ErrorCode::IllegalFunctionCall),
        }
    }

    /// CLEAR / RUN: every value back to zero, arrays erased, DEFtypes and OPTION BASE reset.
    /// Slots stay valid (compiled code keeps referring to them).
    pub fn clear(&mut self) {
        for (v, k) in self.scalars.iter_mut().zip(self.scalar_keys.iter()) {
            *v = Value::zero(k.1);
        }
        self.scalar_rank.iter_mut().for_each(|r| *r = NOT_CREATED);
        self.clears += 1;
        self.saddr.iter_mut().for_each(|a| *a = 0);
        self.scalars_created = 0;
        self.seq = 0;
        self.generation = self.generation.wrapping_add(1);
        self.arrays.iter_mut().for_each(|a| *a = None);
        self.array_rank.iter_mut().for_each(|r| *r = NOT_CREATED);
        self.arrays_created = 0;
        self.deftype = [VarType::Sng; 26];
        self.option_base = None;
    }

    /// Bytes of the scalar and array tables (string bytes live in string space,
    /// counted by `machine::dataseg`).
    pub fn bytes_used(&self) -> usize {
        let mut total = 0;
        for (slot, k) in self.scalar_keys.iter().enumerate() {
            if self.scalar_rank[slot] != NOT_CREATED {
                total += scalar_bytes(k.0.len(), k.1);
            }
        }
        total + self.array_bytes()
    }

    /// Bytes of all arrays (what creating a scalar moves).
    pub fn array_bytes(&self) -> usize {
        self.arrays
            .iter()
            .enumerate()
            .filter_map(|(slot, a)| {
                a.as_ref()
                    .map(|a| a.bytes(self.array_keys[slot].0.len(), self.array_keys[slot].1))
            })
            .sum()
    }

    /// All interned scalar slots (for the API and COMMON).
    pub fn scalar_count(&self) -> usize {
        self.scalars.len()
    }
}

impl crate::compile::Slots for Vars {
    fn type_of(&self, name: &Name) -> VarType {
        Vars::type_of(self, name)
    }
    fn scalar_slot(&mut self, name: &Name) -> u32 {
        Vars::scalar_slot(self, name)
    }
    fn array_slot(&mut self, name: &Name) -> u32 {
        Vars::array_slot(self, name)
    }
}

#[cfg(test)]
mod tests {
    use super::{Array, ArrayData};
    use crate::syntax::ast::VarType;

    /// An integer array of `dims` whose elements are 1, 2, 3 ... in flat order.
    fn counted(dims: &[u32], base: u8) -> Array {
        let mut a = Array::new(VarType::Int, dims.into(), base);
        if let ArrayData::Int(v) = &mut a.data {
            for (k, x) in v.iter_mut().enumerate() {
                *x = k as i16 + 1;
            }
        }
        a
    }

    /// A one-dimensional element is found exactly for the subscripts from the base to
    /// the last (DIM A(n): n + 1 - base elements), every other subscript and every
    /// subscript of an array of more dimensions is none (digest §5.4), whichever path
    /// reads it (`int1`, `swap_numbers1`, `index1`).
    #[test]
    fn one_subscript_finds_exactly_the_elements_in_range() {
        for (dims, base) in [(vec![11], 0), (vec![10], 1), (vec![1], 0), (vec![3, 4], 0)] {
            let mut a = counted(&dims, base);
            let one = dims.len() == 1;
            for i in i16::MIN..=i16::MAX {
                let k = i32::from(i) - i32::from(base);
                let inside = one && k >= 0 && k < dims[0] as i32;
                let want = inside.then(|| k as i16 + 1);
                assert_eq!(a.int1(i), want, "{dims:?} base {base} subscript {i}");
                assert_eq!(a.index1(i).is_some(), inside);
                assert_eq!(a.swap_numbers1(i, i), inside);
            }
        }
    }
}
