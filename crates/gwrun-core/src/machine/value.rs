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
