//! GW-BASIC numbers: integers, and single and double precision in Microsoft Binary Format
//! (digest §6, §7). This module is the one place that knows the representation; it owns
//! the arithmetic with GW-BASIC's own rounding (ported from Microsoft's MATH1.ASM and
//! MATH2.ASM, MIT licence), the conversions between the three types, number text in
//! (literals, VAL, INPUT, READ: `text`), number text out (PRINT, STR$: `format`; PRINT
//! USING: `using`), the single-precision math functions (`math`) and the type-dispatching
//! operators of the expression evaluator (`ops`). It depends on nothing outside `src/num/`.
//!
//! Files, one concept each: `single.rs` and `double.rs` (the two MBF formats and their
//! arithmetic, INT, FIX, CINT, compare), `convert.rs` (between types, bytes, f64),
//! `text.rs`, `format.rs`, `using/` (the format scanner; `field.rs`, the field formatter),
//! `math.rs`, `horner.rs` (the common step of the math functions' polynomials, on
//! unpacked singles), `ops.rs`, `tables.rs` (the constants the routines share: powers of
//! ten, the output bracketing table) and `wide.rs` (the 128-bit steps of double multiply
//! and divide, in 64-bit pieces for WebAssembly); for tests, `reference.rs` (the oracle of
//! the fast paths) and `fast_tests.rs` (with `fast_tests/wide.rs`). docs/numbers.md
//! describes the algorithms and every known difference from real GW-BASIC.

mod convert;
mod double;
mod format;
mod horner;
#[cfg(feature = "ieee")]
mod ieee;
mod math;
mod ops;
pub mod pcbasic;
mod single;
mod tables;
mod text;
mod using;
mod wide;

pub use format::{hex_string, int_text, int_to_basic_string, oct_string};
pub use math::MathError;
pub use ops::{NumError, Relation};
pub use text::{
    Parsed, Radix, TextError, data_number, file_number, is_blank, list_text, list_text_radix,
    literal_token_bytes, parse_input_number, parse_literal, parse_number_field, val, val_full,
};
pub use using::{Field, UsingError, UsingFormatter};

/// A soft floating-point error (digest §6.5): the operation's result saturates to the
/// signed maximum; the caller prints the message or raises the trappable error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatError {
    /// Result too large: value is ±max (`negative` gives the sign).
    Overflow { negative: bool },
    /// Division by zero: value is ±max.
    DivisionByZero { negative: bool },
}

impl FloatError {
    /// Whether the saturated result is negative.
    pub fn is_negative(self) -> bool {
        match self {
            FloatError::Overflow { negative } | FloatError::DivisionByZero { negative } => negative,
        }
    }

    /// The value GW-BASIC continues with in single precision: ±1.701412E+38.
    pub fn single_value(self) -> Single {
        Single::max_value(self.is_negative())
    }

    /// The value GW-BASIC continues with in double precision: ±1.701411834604692D+38.
    pub fn double_value(self) -> Double {
        Double::max_value(self.is_negative())
    }
}

/// Single precision, MBF layout as a little-endian u32 of the four bytes GW-BASIC stores:
/// bits 0..=22 mantissa below the implicit leading 1, bit 23 sign, bits 24..=31 exponent
/// byte (0 means the value is zero). Value = 0.1mmm…(binary) × 2^(exp−128).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Single(pub u32);

/// Double precision, MBF layout as a little-endian u64 of the eight stored bytes:
/// bits 0..=54 mantissa, bit 55 sign, bits 56..=63 exponent byte (0 = zero). The exponent
/// range is the single-precision one: doubles overflow at 1.7D+38 too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Double(pub u64);

/// A number of any of the three numeric types.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    Int(i16),
    Sng(Single),
    Dbl(Double),
}

impl std::fmt::Debug for Single {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Single({:#010x} ≈ {})", self.0, self.to_f64())
    }
}

impl std::fmt::Debug for Double {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Double({:#018x} ≈ {})", self.0, self.to_f64())
    }
}

impl Num {
    /// The value as f64 (exact for integers and singles; doubles round to 53 bits).
    pub fn to_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Sng(s) => s.to_f64(),
            Num::Dbl(d) => d.to_f64(),
        }
    }

    /// PRINT/STR$ text of the number: a leading space or `-`, no trailing space.
    pub fn to_basic_string(self) -> String {
        match self {
            Num::Int(i) => int_to_basic_string(i),
            Num::Sng(s) => s.to_basic_string(),
            Num::Dbl(d) => d.to_basic_string(),
        }
    }
}

#[cfg(all(test, not(feature = "ieee")))]
mod fast_tests;
#[cfg(all(test, not(feature = "ieee")))]
mod reference;
#[cfg(test)]
mod tests;
