//! Native-float stand-ins for the single-precision operations, compiled only with the
//! `ieee` feature. They exist to measure what faithful MBF arithmetic costs: the same
//! gwrun run with `--features ieee` computes singles with the machine's f32 (results then
//! differ from GW-BASIC in the last digits; never use this build for anything else).

use super::{FloatError, MathError, Single};

fn native(s: Single) -> f32 {
    s.to_f64() as f32
}

fn back(v: f32) -> Result<Single, FloatError> {
    if v.abs() > 1.701_411_7e38 || !v.is_finite() {
        return Err(FloatError::Overflow { negative: v < 0.0 });
    }
    Ok(Single::from_f64(f64::from(v)))
}

pub(super) fn add(a: Single, b: Single) -> Result<Single, FloatError> {
    back(native(a) + native(b))
}

pub(super) fn sub(a: Single, b: Single) -> Result<Single, FloatError> {
    back(native(a) - native(b))
}

pub(super) fn mul(a: Single, b: Single) -> Result<Single, FloatError> {
    back(native(a) * native(b))
}

pub(super) fn div(a: Single, b: Single) -> Result<Single, FloatError> {
    if b.is_zero() {
        return Err(FloatError::DivisionByZero {
            negative: a.is_negative(),
        });
    }
    back(native(a) / native(b))
}

/// A math function through f32.
pub(super) fn func(x: Single, f: fn(f32) -> f32) -> Result<Single, MathError> {
    back(f(native(x))).map_err(|error| MathError::Float {
        error,
        value: Single::max_value(error.is_negative()),
    })
}
