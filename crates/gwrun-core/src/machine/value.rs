//! Run-time values: a number of one of GW-BASIC's three numeric types, or a string of at
//! most 255 bytes (code page 437, never UTF-8). Conversions between them follow digest
//! §6.2: integer < single < double, CINT rounding into integers, Type mismatch between
//! strings and numbers.

use crate::error::ErrorCode;
use crate::num::{Double, Num, Single};
use crate::syntax::ast::VarType;
use std::rc::Rc;

/// A string value (bytes; shared, copied on change).
pub type Str = Rc<[u8]>;

/// Longest string GW-BASIC allows.
pub const MAX_STRING: usize = 255;

/// How many strings of one length `StrPool` keeps.
const KEPT: usize = 4;

/// Allocations of strings no longer in use, kept by length (at most `KEPT` of each), so
/// that the next string of that length is written into one instead of taking a new
/// allocation: a statement's string results (a function's, a concatenation's) are
/// mostly dropped again at once. Only a string no one else holds, strongly or weakly,
/// is kept, so a string taken from the pool is as new as a fresh allocation (the string
/// space's pending temporary is known by its allocation, held weakly).
pub(crate) struct StrPool {
    /// For each length, `count[n]` strings in `kept[n][..count[n]]` (made at the first
    /// string kept).
    kept: Option<Box<[[Option<Str>; KEPT]; MAX_STRING + 1]>>,
    count: [u8; MAX_STRING + 1],
}

impl Default for StrPool {
    fn default() -> StrPool {
        StrPool {
            kept: None,
            count: [0; MAX_STRING + 1],
        }
    }
}

impl std::fmt::Debug for StrPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept: usize = self.count.iter().map(|&c| usize::from(c)).sum();
        f.debug_struct("StrPool").field("kept", &kept).finish()
    }
}

impl StrPool {
    /// A kept allocation of `n` bytes, if there is one.
    #[inline]
    fn take(&mut self, n: usize) -> Option<Str> {
        let c = self.count.get_mut(n)?;
        let k = usize::from(c.checked_sub(1)?);
        *c -= 1;
        self.kept.as_deref_mut()?.get_mut(n)?.get_mut(k)?.take()
    }

    /// A new string of the bytes `b`.
    #[inline]
    pub(crate) fn make(&mut self, b: &[u8]) -> Str {
        if let Some(mut s) = self.take(b.len())
            && let Some(m) = Rc::get_mut(&mut s)
        {
            m.copy_from_slice(b);
            return s;
        }
        Rc::from(b)
    }

    /// A new string of the bytes `a` followed by `b` (at most `MAX_STRING` in all).
    #[inline]
    pub(crate) fn make2(&mut self, a: &[u8], b: &[u8]) -> Str {
        let n = a.len() + b.len();
        if let Some(mut s) = self.take(n)
            && let Some(m) = Rc::get_mut(&mut s)
        {
            m[..a.len()].copy_from_slice(a);
            m[a.len()..].copy_from_slice(b);
            return s;
        }
        join(a, b)
    }

    /// Keeps the allocation of `s` for a later string of its length, if no one else
    /// holds `s` and fewer than `KEPT` of that length are kept (else `s` is dropped).
    #[inline]
    pub(crate) fn recycle(&mut self, s: Str) {
        if Rc::strong_count(&s) == 1 && Rc::weak_count(&s) == 0 {
            self.keep(s);
        }
    }

    /// `recycle` of a string no one else holds.
    #[inline(never)]
    fn keep(&mut self, s: Str) {
        let n = s.len();
        if n == 0 {
            return;
        }
        let Some(c) = self.count.get_mut(n) else {
            return;
        };
        if usize::from(*c) >= KEPT {
            return;
        }
        let kept = match &mut self.kept {
            Some(k) => k,
            None => self.kept.insert(new_kept()),
        };
        if let Some(slot) = kept.get_mut(n).and_then(|k| k.get_mut(usize::from(*c))) {
            *slot = Some(s);
            *c += 1;
        }
    }
}

/// The pool's slots, all empty (out of line: the array is made on the stack first).
#[cold]
#[inline(never)]
fn new_kept() -> Box<[[Option<Str>; KEPT]; MAX_STRING + 1]> {
    Box::new([const { [const { None }; KEPT] }; MAX_STRING + 1])
}

/// `a` followed by `b` as a new allocation (joined on the stack when short enough).
#[cold]
fn join(a: &[u8], b: &[u8]) -> Str {
    let n = a.len() + b.len();
    if n > MAX_STRING {
        return Rc::from([a, b].concat());
    }
    let mut buf = [0u8; MAX_STRING];
    buf[..a.len()].copy_from_slice(a);
    buf[a.len()..n].copy_from_slice(b);
    Rc::from(&buf[..n])
}

/// A BASIC value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Int(i16),
    Sng(Single),
    Dbl(Double),
    Str(Str),
}

impl Value {
    pub fn from_num(n: Num) -> Value {
        match n {
            Num::Int(i) => Value::Int(i),
            Num::Sng(s) => Value::Sng(s),
            Num::Dbl(d) => Value::Dbl(d),
        }
    }

    /// The numeric value, or Type mismatch for a string.
    #[inline]
    pub fn num(&self) -> Result<Num, ErrorCode> {
        match self {
            Value::Int(i) => Ok(Num::Int(*i)),
            Value::Sng(s) => Ok(Num::Sng(*s)),
            Value::Dbl(d) => Ok(Num::Dbl(*d)),
            Value::Str(_) => Err(ErrorCode::TypeMismatch),
        }
    }

    /// The string value, or Type mismatch for a number.
    pub fn str(&self) -> Result<&Str, ErrorCode> {
        match self {
            Value::Str(s) => Ok(s),
            _ => Err(ErrorCode::TypeMismatch),
        }
    }

    pub fn into_str(self) -> Result<Str, ErrorCode> {
        match self {
            Value::Str(s) => Ok(s),
            _ => Err(ErrorCode::TypeMismatch),
        }
    }

    /// The zero value of a type (`0` or `""`).
    pub fn zero(t: VarType) -> Value {
        match t {
            VarType::Int => Value::Int(0),
            VarType::Sng => Value::Sng(Single::ZERO),
            VarType::Dbl => Value::Dbl(Double::ZERO),
            VarType::Str => Value::Str(Rc::from(&b""[..])),
        }
    }

    pub fn var_type(&self) -> VarType {
        match self {
            Value::Int(_) => VarType::Int,
            Value::Sng(_) => VarType::Sng,
            Value::Dbl(_) => VarType::Dbl,
            Value::Str(_) => VarType::Str,
        }
    }
}

/// CINT: round half away from zero into -32768..=32767, else Overflow (hard).
#[inline]
pub fn to_int(n: Num) -> Result<i16, ErrorCode> {
    match n {
        Num::Int(i) => Ok(i),
        Num::Sng(s) => s.to_i16_round().ok_or(ErrorCode::Overflow),
        Num::Dbl(d) => d.to_i16_round().ok_or(ErrorCode::Overflow),
    }
}

/// Any number as a single (double rounds half up; may overflow softly).
#[inline]
pub fn to_single(n: Num) -> Result<Single, crate::num::FloatError> {
    match n {
        Num::Int(i) => Ok(Single::from_i16(i)),
        Num::Sng(s) => Ok(s),
        Num::Dbl(d) => d.to_single(),
    }
}

/// Any number as a double (exact).
#[inline]
pub fn to_double(n: Num) -> Double {
    match n {
        Num::Int(i) => Double::from_i16(i),
        Num::Sng(s) => s.to_double(),
        Num::Dbl(d) => d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strings made from the pool hold the bytes asked for, whatever allocation they
    /// reuse; only a string no one else holds (strongly or weakly) is kept, so every
    /// string made is unshared, as a fresh allocation is.
    #[test]
    fn pool_reuses_only_unshared_strings() {
        let mut pool = StrPool::default();
        let a = pool.make(b"abc");
        let kept = Rc::as_ptr(&a).cast::<u8>();
        pool.recycle(a);
        let b = pool.make(b"xyz");
        assert_eq!(&b[..], b"xyz");
        assert_eq!(
            Rc::as_ptr(&b).cast::<u8>(),
            kept,
            "the kept allocation is reused"
        );
        assert_eq!((Rc::strong_count(&b), Rc::weak_count(&b)), (1, 0));

        // shared strongly or weakly: not kept
        let shared = b.clone();
        pool.recycle(b);
        let weak = Rc::downgrade(&shared);
        pool.recycle(shared);
        assert!(weak.upgrade().is_none());
        let c = pool.make2(b"x", b"yz");
        assert_eq!(&c[..], b"xyz");
        assert_eq!((Rc::strong_count(&c), Rc::weak_count(&c)), (1, 0));
        assert_ne!(Rc::as_ptr(&c).cast::<u8>(), weak.as_ptr().cast::<u8>());

        // at most KEPT of one length, the rest dropped; lengths kept apart
        let many: Vec<Str> = (0..KEPT + 2).map(|i| pool.make(&[i as u8; 2])).collect();
        for s in many {
            pool.recycle(s);
        }
        assert_eq!(usize::from(pool.count[2]), KEPT);
        for i in 0..KEPT + 2 {
            let s = pool.make2(&[i as u8], &[7]);
            assert_eq!(&s[..], &[i as u8, 7]);
        }
        assert_eq!(pool.count[2], 0);
        let empty = pool.make(b"");
        pool.recycle(empty);
        assert_eq!(pool.count[0], 0);
        let long = pool.make2(&[1; 200], &[2; 55]);
        assert_eq!(long.len(), MAX_STRING);
        assert_eq!((long[199], long[200]), (1, 2));
    }
}
