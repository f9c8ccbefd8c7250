//! Evaluation of the typed forms of numeric expressions (`compile::typed`, issue 18):
//! a single or double result computed node by node as bare `Single`/`Double` values.
//! Every node does exactly what the general evaluator (`eval`, `binop`, `builtins`)
//! does for operands of those types — the same MBF operations, soft errors and
//! conversions, operands in text order — so only the `Value` per node is saved.

use super::eval::negative;
use super::{Machine, Res};
use crate::compile::code::{DExpr, SExpr};
use crate::machine::value::{self, Value};
use crate::num::{Double, FloatError, Num, Single};
use crate::syntax::ast::{BinOp, Func};

impl Machine {
    /// The value of a single-precision typed form.
    pub(crate) fn sng(&mut self, e: &SExpr) -> Res<Single> {
        match e {
            SExpr::Const(s) => Ok(*s),
            SExpr::Var(v) => match &self.run.vars.scalars[*v as usize] {
                Value::Sng(s) => Ok(*s),
                other => {
                    let n = other.num()?;
                    self.single_of(n)
                }
            },
            SExpr::IntVar(v) => match &self.run.vars.scalars[*v as usize] {
                Value::Int(i) => Ok(Single::from_i16(*i)),
                other => {
                    let n = other.num()?;
                    self.single_of(n)
                }
            },
            SExpr::Int(both) => match self.int_value(&both.0) {
                Some(i) => Ok(Single::from_i16(i)),
                None => {
                    let n = self.eval(&both.1)?.num()?;
                    self.single_of(n)
                }
            },
            SExpr::Rnd => Ok(self.run.rnd.next_value()),
            SExpr::Neg(x) => Ok(self.sng_operand(x)?.neg()),
            SExpr::Bin(op, a, b) => {
                let x = self.sng_operand(a)?;
                let y = self.sng_operand(b)?;
                let r = match op {
                    BinOp::Add => x.add(y),
                    BinOp::Sub => x.sub(y),
                    BinOp::Mul => x.mul(y),
                    _ => x.div(y),
                };
                self.soft_sng(r)
            }
            SExpr::Fn(f, a) => {
                let x = self.sng_operand(a)?;
                match f {
                    Func::Int => Ok(x.int()),
                    Func::Fix => Ok(x.fix()),
                    Func::Abs => Ok(x.abs()),
                    _ => self.math_fn(*f, Num::Sng(x)),
                }
            }
        }
    }

    /// An operand of a typed node: the leaves at once (no call), anything else by `sng`.
    /// A leaf whose quick form does not apply (a variable not of its type, integer
    /// overflow) is handed to `sng`, which does the general thing; the leaves evaluated
    /// here have no side effect but RND, which always applies.
    #[inline(always)]
    fn sng_operand(&mut self, e: &SExpr) -> Res<Single> {
        match e {
            SExpr::Const(s) => return Ok(*s),
            SExpr::Var(v) => {
                if let Value::Sng(s) = self.run.vars.scalars[*v as usize] {
                    return Ok(s);
                }
            }
            SExpr::IntVar(v) => {
                if let Value::Int(i) = self.run.vars.scalars[*v as usize] {
                    return Ok(Single::from_i16(i));
                }
            }
            SExpr::Int(both) => {
                if let Some(i) = self.int_value(&both.0) {
                    return Ok(Single::from_i16(i));
                }
            }
            SExpr::Rnd => return Ok(self.run.rnd.next_value()),
            _ => {}
        }
        self.sng(e)
    }

    /// An operand of a typed double node: the leaves at once, anything else by `dbl`
    /// (as `sng_operand`).
    #[inline(always)]
    fn dbl_operand(&mut self, e: &DExpr) -> Res<Double> {
        match e {
            DExpr::Const(d) => return Ok(*d),
            DExpr::Var(v) => {
                if let Value::Dbl(d) = self.run.vars.scalars[*v as usize] {
                    return Ok(d);
                }
            }
            DExpr::Sng(s) => return Ok(self.sng_operand(s)?.to_double()),
            _ => {}
        }
        self.dbl(e)
    }

    /// `INT(x)` stored into an integer: CINT(INT(x)) in one step (Overflow out of range).
    #[inline]
    pub(crate) fn floor_int(&mut self, x: &SExpr) -> Res<i16> {
        let x = self.sng_operand(x)?;
        Ok(x.floor_i16().ok_or(crate::error::ErrorCode::Overflow)?)
    }

    /// The value of a double-precision typed form.
    pub(crate) fn dbl(&mut self, e: &DExpr) -> Res<Double> {
        match e {
            DExpr::Const(d) => Ok(*d),
            DExpr::Var(v) => match &self.run.vars.scalars[*v as usize] {
                Value::Dbl(d) => Ok(*d),
                other => Ok(value::to_double(other.num()?)),
            },
            DExpr::Sng(s) => Ok(self.sng_operand(s)?.to_double()),
            DExpr::IntVar(v) => Ok(value::to_double(self.run.vars.scalars[*v as usize].num()?)),
            DExpr::Int(both) => match self.int_value(&both.0) {
                Some(i) => Ok(Double::from_i16(i)),
                None => Ok(value::to_double(self.eval(&both.1)?.num()?)),
            },
            DExpr::Neg(x) => Ok(self.dbl_operand(x)?.neg()),
            DExpr::Bin(op, a, b) => {
                let x = self.dbl_operand(a)?;
                let y = self.dbl_operand(b)?;
                let r = match op {
                    BinOp::Add => x.add(y),
                    BinOp::Sub => x.sub(y),
                    BinOp::Mul => x.mul(y),
                    _ => x.div(y),
                };
                self.soft_dbl(r)
            }
            DExpr::Fn(f, a) => {
                let x = self.dbl_operand(a)?;
                Ok(match f {
                    Func::Int => x.int(),
                    Func::Fix => x.fix(),
                    _ => x.abs(),
                })
            }
        }
    }

    /// A single result, or the soft error's saturated value (as `soft_single`).
    #[inline]
    fn soft_sng(&mut self, r: Result<Single, FloatError>) -> Res<Single> {
        match r {
            Ok(s) => Ok(s),
            Err(e) => {
                self.soft_error(e)?;
                Ok(Single::max_value(negative(e)))
            }
        }
    }

    #[inline]
    fn soft_dbl(&mut self, r: Result<Double, FloatError>) -> Res<Double> {
        match r {
            Ok(d) => Ok(d),
            Err(e) => {
                self.soft_error(e)?;
                Ok(Double::max_value(negative(e)))
            }
        }
    }
}
