//! PC-BASIC's way of computing the math functions, behind `--pcbasic-math`: the argument
//! is taken as an exact f64, the host's IEEE function is applied, and the result is
//! packed back into a single by PC-BASIC's `Float.from_value`, which *truncates* (and,
//! below 2^23, keeps only 23 significant bits because its exponent guess rounds towards
//! zero). GW-BASIC's own polynomials (`math.rs`) are the default; this model exists so a
//! run can be compared byte for byte with PC-BASIC's output (the shared float benchmark's
//! reference was written by PC-BASIC). Integer powers (`x ^ n%`) stay on the shared
//! repeated-multiplication path in PC-BASIC too, so they are not routed here.

use super::{FloatError, MathError, Num, Single};

/// The functions PC-BASIC sends through the host's libm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostFn {
    Sqr,
    Sin,
    Cos,
    Tan,
    Atn,
    Log,
    Exp,
}

/// PC-BASIC answers 0 (1 for COS) instead of evaluating trigonometry on huge arguments.
const TRIG_MAX: f64 = 5e16;

impl HostFn {
    fn apply(self, x: f64) -> f64 {
        let trig = |f: fn(f64) -> f64, big: f64| if x.abs() < TRIG_MAX { f(x) } else { big };
        match self {
            HostFn::Sqr => x.sqrt(),
            HostFn::Sin => trig(f64::sin, 0.0),
            HostFn::Cos => trig(f64::cos, 1.0),
            HostFn::Tan => trig(f64::tan, 0.0),
            HostFn::Atn => x.atan(),
            HostFn::Log => x.ln(),
            HostFn::Exp => x.exp(),
        }
    }
}

/// `Single.from_value`: exponent from `log(|v|, 2) - 23` truncated towards zero, mantissa
/// truncated, then shifted into 24 bits (a left shift brings in a zero bit). Overflow
/// answers +max whatever the sign, as PC-BASIC's handler does.
pub fn single_from_value(v: f64) -> Result<Single, FloatError> {
    if v.is_nan() {
        return Err(FloatError::Overflow { negative: false });
    }
    if v == 0.0 {
        return Ok(Single::ZERO);
    }
    if !v.is_finite() {
        return Err(FloatError::Overflow { negative: false });
    }
    let neg = v < 0.0;
    let a = v.abs();
    // Python's math.log(a, 2) is log(a)/log(2), not log2(a).
    let mut exp = (a.ln() / std::f64::consts::LN_2 - 23.0).trunc() as i32;
    let mut man = (a * 0.5f64.powi(exp)).trunc() as u64;
    exp += 152;
    while man <= 0x7F_FFFF {
        exp -= 1;
        man <<= 1;
    }
    while man > 0xFF_FFFF {
        exp += 1;
        man >>= 1;
    }
    if exp > 255 {
        return Err(FloatError::Overflow { negative: false });
    }
    if exp <= 0 {
        return Ok(Single::ZERO);
    }
    Ok(Single::pack(neg, exp as u32, man as u32))
}

/// The argument as PC-BASIC hands it to the host: integers and doubles become singles
/// first (PC-BASIC runs without double-precision math by default).
fn host_arg(x: Num) -> Result<f64, MathError> {
    x.to_single()
        .map(Single::to_f64)
        .map_err(|error| MathError::Float {
            error,
            value: error.single_value(),
        })
}

fn finish(r: f64) -> Result<Single, MathError> {
    single_from_value(r).map_err(|error| MathError::Float {
        error,
        value: error.single_value(),
    })
}

/// A math function computed as PC-BASIC computes it. Domain errors (SQR of a negative,
/// LOG of zero or less) are Illegal function call, as there.
pub fn call(f: HostFn, x: Num) -> Result<Single, MathError> {
    let a = host_arg(x)?;
    let domain_error = match f {
        HostFn::Sqr => a < 0.0,
        HostFn::Log => a <= 0.0,
        _ => false,
    };
    if domain_error {
        return Err(MathError::IllegalFunctionCall);
    }
    finish(f.apply(a))
}

/// `x ^ y` for a non-integer `y`, as PC-BASIC: Python's `a ** b` on the two singles. A
/// negative base to a fractional power has no real result: Illegal function call;
/// zero to a negative power is Division by zero in Python: PC-BASIC reports it soft.
pub fn pow(x: Num, y: Num) -> Result<Single, MathError> {
    let (a, b) = (host_arg(x)?, host_arg(y)?);
    if a == 0.0 && b < 0.0 {
        let error = FloatError::DivisionByZero { negative: false };
        return Err(MathError::Float {
            error,
            value: Single::max_value(false),
        });
    }
    if a < 0.0 && b.fract() != 0.0 {
        return Err(MathError::IllegalFunctionCall);
    }
    finish(a.powf(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(s: Single) -> [u8; 4] {
        s.to_bytes()
    }

    #[test]
    fn from_value_truncates_like_pcbasic() {
        // Values and bytes computed with PC-BASIC 2.0.8's Single.from_value.
        let cases: [(f64, [u8; 4]); 7] = [
            (0.5, [0x00, 0x00, 0x00, 0x80]),
            (0.1, [0xCC, 0xCC, 0x4C, 0x7D]),
            (123456.789, [0x64, 0x20, 0x71, 0x91]),
            (1e-39, [0, 0, 0, 0]),
            (1.0, [0x00, 0x00, 0x00, 0x81]),
            (0.7, [0x32, 0x33, 0x33, 0x80]),
            (-3.0, [0x00, 0x00, 0xC0, 0x82]),
        ];
        for (v, want) in cases {
            assert_eq!(bytes(single_from_value(v).unwrap()), want, "{v}");
        }
    }

    #[test]
    fn overflow_and_domain() {
        assert!(matches!(
            call(HostFn::Exp, Num::Int(100)),
            Err(MathError::Float { .. })
        ));
        assert_eq!(
            call(HostFn::Sqr, Num::Int(-1)),
            Err(MathError::IllegalFunctionCall)
        );
        assert_eq!(
            call(HostFn::Log, Num::Int(0)),
            Err(MathError::IllegalFunctionCall)
        );
    }
}
