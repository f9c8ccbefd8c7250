//! The evaluator's operators on numbers with GW-BASIC's type rules (GWEVAL.ASM APPLOP and
//! MATH1.ASM IADD/ISUB/IMULT/IDIV/IMOD/INEG, MIT licence): two integers use integer
//! arithmetic and fall back to single precision on overflow; otherwise both operands are
//! converted to the higher type; `/` is always at least single; `\`, MOD and the logical
//! operators round both operands to integers first (out of range is a hard Overflow).
//! The math functions of any numeric value start here too: the argument forced to single
//! (FRCSNG), then `math.rs`.

use super::math::{MathError, Soft, pick};
use super::{Double, FloatError, Num, Single};
use std::cmp::Ordering;

/// Why an operator did not simply produce a value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NumError {
    /// Error 6 as a hard error: an operand of `\`, MOD, AND, OR, XOR, EQV, IMP or NOT, or
    /// the result of an integer subtraction of -32768, does not fit in -32768..=32767.
    Overflow,
    /// Error 5 (a negative number to a non-integer power).
    IllegalFunctionCall,
    /// A soft floating-point error: report `error` (message, or trap 6/11), continue with
    /// `value`.
    Float { error: FloatError, value: Num },
}

/// A relational operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

fn soft_s(r: Result<Single, FloatError>) -> Result<Num, NumError> {
    r.map(Num::Sng).map_err(|e| NumError::Float {
        error: e,
        value: Num::Sng(e.single_value()),
    })
}

fn soft_d(r: Result<Double, FloatError>) -> Result<Num, NumError> {
    r.map(Num::Dbl).map_err(|e| NumError::Float {
        error: e,
        value: Num::Dbl(e.double_value()),
    })
}

/// The common type of two non-integer-pair operands (APPLOP's conversions).
enum Pair {
    Sng(Single, Single),
    Dbl(Double, Double),
}

fn pair(a: Num, b: Num) -> Pair {
    match (a, b) {
        (Num::Dbl(_), _) | (_, Num::Dbl(_)) => Pair::Dbl(a.to_double(), b.to_double()),
        _ => Pair::Sng(sng(a), sng(b)),
    }
}

/// A value known not to be a double, as a single (exact).
fn sng(n: Num) -> Single {
    match n {
        Num::Int(i) => Single::from_i16(i),
        Num::Sng(s) => s,
        Num::Dbl(d) => d.to_single().unwrap_or_else(FloatError::single_value),
    }
}

fn int_operand(n: Num) -> Result<i16, NumError> {
    n.to_i16_round().ok_or(NumError::Overflow)
}

// The operator names are GW-BASIC's; they return Results, so the std traits do not fit.
#[allow(clippy::should_implement_trait)]
impl Num {
    /// `+` (IADD, $FADDS, $FADDD).
    pub fn add(self, o: Num) -> Result<Num, NumError> {
        if let (Num::Int(a), Num::Int(b)) = (self, o) {
            return match a.checked_add(b) {
                Some(v) => Ok(Num::Int(v)),
                None => soft_s(Single::from_i16(a).add(Single::from_i16(b))),
            };
        }
        match pair(self, o) {
            Pair::Sng(a, b) => soft_s(a.add(b)),
            Pair::Dbl(a, b) => soft_d(a.add(b)),
        }
    }

    /// `-` (ISUB, $FSUBS, DSUB). An integer minus -32768 is computed in single precision
    /// and forced back to integer ($FI), so it overflows unless the left side is negative.
    pub fn sub(self, o: Num) -> Result<Num, NumError> {
        if let (Num::Int(a), Num::Int(b)) = (self, o) {
            if b == i16::MIN {
                let r = Single::from_i16(a)
                    .sub(Single::from_i16(b))
                    .unwrap_or(Single::ZERO);
                return r.to_i16_round().map(Num::Int).ok_or(NumError::Overflow);
            }
            return match a.checked_sub(b) {
                Some(v) => Ok(Num::Int(v)),
                None => soft_s(Single::from_i16(a).add(Single::from_i16(-b))),
            };
        }
        match pair(self, o) {
            Pair::Sng(a, b) => soft_s(a.sub(b)),
            Pair::Dbl(a, b) => soft_d(a.sub(b)),
        }
    }

    /// `*` (IMULT falls back to $FMULS when the product leaves 16 bits).
    pub fn mul(self, o: Num) -> Result<Num, NumError> {
        if let (Num::Int(a), Num::Int(b)) = (self, o) {
            return match a.checked_mul(b) {
                Some(v) => Ok(Num::Int(v)),
                None => soft_s(Single::from_i16(a).mul(Single::from_i16(b))),
            };
        }
        match pair(self, o) {
            Pair::Sng(a, b) => soft_s(a.mul(b)),
            Pair::Dbl(a, b) => soft_d(a.mul(b)),
        }
    }

    /// `/`: integers are divided as singles (INTDIV), so 1/3 is .3333334.
    pub fn div(self, o: Num) -> Result<Num, NumError> {
        match pair(self, o) {
            Pair::Sng(a, b) => soft_s(a.div(b)),
            Pair::Dbl(a, b) => soft_d(a.div(b)),
        }
    }

    /// `\` (IDIV): operands rounded to integers, quotient truncated. -32768\-1 is the
    /// single 32768; x\0 is a soft division by zero giving ±1.701412E+38 (sign of x).
    pub fn idiv(self, o: Num) -> Result<Num, NumError> {
        let (a, b) = (int_operand(self)?, int_operand(o)?);
        if b == 0 {
            return Err(div0_int(a));
        }
        if a == i16::MIN && b == -1 {
            return Ok(Num::Sng(Single::from_i32(32768)));
        }
        Ok(Num::Int(a / b))
    }

    /// MOD (IMOD): operands rounded to integers; the remainder has the dividend's sign.
    pub fn modulo(self, o: Num) -> Result<Num, NumError> {
        let (a, b) = (int_operand(self)?, int_operand(o)?);
        if a == b {
            return Ok(Num::Int(0));
        }
        if b == 0 {
            return Err(div0_int(a));
        }
        if a == i16::MIN && (b == 1 || b == -1) {
            return Ok(Num::Int(0));
        }
        Ok(Num::Int(a % b))
    }

    /// `^` (always single precision, see `Num::pow` in math.rs for the value rules).
    pub fn power(self, o: Num) -> Result<Num, NumError> {
        match self.pow(o) {
            Ok(v) => Ok(Num::Sng(v)),
            Err(MathError::IllegalFunctionCall) => Err(NumError::IllegalFunctionCall),
            Err(MathError::Float { error, value }) => Err(NumError::Float {
                error,
                value: Num::Sng(value),
            }),
        }
    }

    /// Unary minus: integers stay integers except -(-32768), which is the single 32768.
    pub fn neg(self) -> Num {
        match self {
            Num::Int(i16::MIN) => Num::Sng(Single::from_i32(32768)),
            Num::Int(i) => Num::Int(-i),
            Num::Sng(s) => Num::Sng(s.neg()),
            Num::Dbl(d) => Num::Dbl(d.neg()),
        }
    }

    /// ABS: like unary minus for negative values.
    pub fn abs(self) -> Num {
        match self {
            Num::Int(i) if i < 0 => self.neg(),
            Num::Sng(s) => Num::Sng(s.abs()),
            Num::Dbl(d) => Num::Dbl(d.abs()),
            _ => self,
        }
    }

    /// SGN: -1, 0 or 1 as an integer.
    pub fn sgn(self) -> i16 {
        match self {
            Num::Int(i) => i.signum(),
            Num::Sng(s) => s.sgn(),
            Num::Dbl(d) => d.sgn(),
        }
    }

    /// INT (floor), keeping the type.
    pub fn int(self) -> Num {
        match self {
            Num::Int(_) => self,
            Num::Sng(s) => Num::Sng(s.int()),
            Num::Dbl(d) => Num::Dbl(d.int()),
        }
    }

    /// FIX (truncate), keeping the type.
    pub fn fix(self) -> Num {
        match self {
            Num::Int(_) => self,
            Num::Sng(s) => Num::Sng(s.fix()),
            Num::Dbl(d) => Num::Dbl(d.fix()),
        }
    }

    /// Numeric comparison in the common type (a single against a double is widened
    /// exactly, so .1 = .1# is false).
    pub fn compare(self, o: Num) -> Ordering {
        if let (Num::Int(a), Num::Int(b)) = (self, o) {
            return a.cmp(&b);
        }
        match pair(self, o) {
            Pair::Sng(a, b) => a.total_cmp(b),
            Pair::Dbl(a, b) => a.total_cmp(b),
        }
    }

    /// A relational operator's result: -1 (true) or 0 (false), an integer.
    pub fn relation(self, rel: Relation, o: Num) -> Num {
        let c = self.compare(o);
        let t = match rel {
            Relation::Eq => c.is_eq(),
            Relation::Ne => c.is_ne(),
            Relation::Lt => c.is_lt(),
            Relation::Gt => c.is_gt(),
            Relation::Le => c.is_le(),
            Relation::Ge => c.is_ge(),
        };
        Num::Int(if t { -1 } else { 0 })
    }

    fn logic(self, o: Num, f: fn(i16, i16) -> i16) -> Result<Num, NumError> {
        Ok(Num::Int(f(int_operand(self)?, int_operand(o)?)))
    }

    pub fn and(self, o: Num) -> Result<Num, NumError> {
        self.logic(o, |a, b| a & b)
    }

    pub fn or(self, o: Num) -> Result<Num, NumError> {
        self.logic(o, |a, b| a | b)
    }

    pub fn xor(self, o: Num) -> Result<Num, NumError> {
        self.logic(o, |a, b| a ^ b)
    }

    /// NOT: bitwise complement of the rounded integer.
    pub fn not(self) -> Result<Num, NumError> {
        Ok(Num::Int(!int_operand(self)?))
    }
}

/// Integer division or MOD by zero: soft, ±max single with the dividend's sign.
fn div0_int(a: i16) -> NumError {
    let error = FloatError::DivisionByZero { negative: a < 0 };
    NumError::Float {
        error,
        value: Num::Sng(error.single_value()),
    }
}

/// The math functions of any numeric value, as the evaluator calls them: the argument
/// forced to single first (`math.rs` computes them on singles).
impl Num {
    /// Forces the argument to single as the evaluator does for SQR … ATN (FRCSNG); a
    /// double beyond the single range overflows (soft) and continues as ±max.
    fn math_arg(self, soft: &mut Soft) -> Single {
        soft.s(self.to_single())
    }

    fn math1(
        self,
        f: impl FnOnce(Single) -> Result<Single, MathError>,
    ) -> Result<Single, MathError> {
        let mut soft = Soft::default();
        let x = self.math_arg(&mut soft);
        let v = match f(x) {
            Err(MathError::IllegalFunctionCall) => return Err(MathError::IllegalFunctionCall),
            r => pick(&mut soft, r),
        };
        soft.done(v)
    }

    /// SQR of any numeric value (computed in single precision).
    pub fn sqr(self) -> Result<Single, MathError> {
        self.math1(Single::sqr)
    }

    pub fn sin(self) -> Result<Single, MathError> {
        self.math1(Single::sin)
    }

    pub fn cos(self) -> Result<Single, MathError> {
        self.math1(Single::cos)
    }

    pub fn tan(self) -> Result<Single, MathError> {
        self.math1(Single::tan)
    }

    pub fn atn(self) -> Result<Single, MathError> {
        self.math1(Single::atn)
    }

    pub fn log(self) -> Result<Single, MathError> {
        self.math1(Single::log)
    }

    pub fn exp(self) -> Result<Single, MathError> {
        self.math1(Single::exp_fn)
    }

    /// `^` (EXPSTK/FPWRQ): both operands forced to single, result single.
    pub fn pow(self, rhs: Num) -> Result<Single, MathError> {
        let mut soft = Soft::default();
        let x = self.math_arg(&mut soft);
        let y = rhs.math_arg(&mut soft);
        let v = match x.pow(y) {
            Err(MathError::IllegalFunctionCall) => return Err(MathError::IllegalFunctionCall),
            r => pick(&mut soft, r),
        };
        soft.done(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_overflow_promotes_to_single() {
        assert_eq!(
            Num::Int(32767).add(Num::Int(32767)),
            Ok(Num::Sng(Single::from_i32(65534)))
        );
        assert_eq!(
            Num::Int(200).mul(Num::Int(200)),
            Ok(Num::Sng(Single::from_i32(40000)))
        );
        assert_eq!(
            Num::Int(7).div(Num::Int(2)),
            Ok(Num::Sng(Single::from_f64(3.5)))
        );
    }

    #[test]
    fn mod_and_integer_division_round_their_operands() {
        assert_eq!(Num::Int(17).modulo(Num::Int(-3)), Ok(Num::Int(2)));
        assert_eq!(Num::Int(-17).modulo(Num::Int(3)), Ok(Num::Int(-2)));
        assert_eq!(
            Num::Sng(Single::from_f64(7.9)).idiv(Num::Int(2)),
            Ok(Num::Int(4))
        );
        assert_eq!(
            Num::Sng(Single::from_f64(65535.0)).and(Num::Int(1)),
            Err(NumError::Overflow)
        );
        assert_eq!(Num::Int(-1).and(Num::Int(1)), Ok(Num::Int(1)));
    }

    #[test]
    fn division_by_zero_is_soft_with_the_dividends_sign() {
        let e = Num::Int(-1).idiv(Num::Int(0)).unwrap_err();
        assert_eq!(
            e,
            NumError::Float {
                error: FloatError::DivisionByZero { negative: true },
                value: Num::Sng(Single::max_value(true))
            }
        );
    }

    #[test]
    fn negation_and_comparison() {
        assert_eq!(Num::Int(-32768).neg(), Num::Sng(Single::from_i32(32768)));
        let tenth = Num::Sng(Single::from_f64(0.1));
        let tenth_d = Num::Dbl(Double::from_f64(0.1));
        assert_eq!(tenth.relation(Relation::Eq, tenth_d), Num::Int(0));
        assert_eq!(
            Num::Int(5).relation(Relation::Gt, Num::Int(3)),
            Num::Int(-1)
        );
    }
}
