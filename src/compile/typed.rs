//! Typed forms of numeric expressions (issue 18): an expression whose type GW-BASIC's
//! rules fix at compile time — single or double — is also compiled to `SExpr`/`DExpr`,
//! which `machine::typed` evaluates to a bare `Single`/`Double` without building a
//! `Value` per node. The form is complete, never a guess: it holds only shapes whose
//! result type cannot depend on run-time values (constants, variables of the type,
//! `RND`, INT/FIX/ABS and the math functions of a single argument, `+ - * /` where one
//! operand already has the type or the operator is `/`). An integer-only operand keeps
//! its 16-bit form and its general form, because integer overflow turns it into a
//! single at run time (the operator then meets a single, which gives the same result in
//! the typed form as in the general one). Each operand is evaluated in text order, as
//! the general evaluator does, so RND's side effect and the first error come at the
//! same point.

use super::code::{CExpr, DExpr, IExpr, SExpr};
use super::{Compiler, Slots};
use crate::num::{Double, Num, Single};
use crate::syntax::ast::{BinOp, Expr, Func, UnOp, VarType};

/// The type of a typed operand's value at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An integer-only operand: an integer, or a single after 16-bit overflow.
    Int,
    Sng,
    Dbl,
}

impl<S: Slots> Compiler<'_, S> {
    /// `general` with the typed form of `e` beside it when `e` is an operator or a call
    /// whose type is single or double at compile time; `general` alone otherwise.
    pub(super) fn typed(&mut self, e: &Expr, general: CExpr) -> CExpr {
        if !matches!(e, Expr::Binary(..) | Expr::Unary(..) | Expr::Call(..)) || e.is_faulty() {
            return general;
        }
        match self.dform(e) {
            Some((DExpr::Sng(s), Kind::Sng)) => CExpr::TypedS(Box::new((*s, general))),
            Some((d, Kind::Dbl)) => CExpr::TypedD(Box::new((d, general))),
            _ => general,
        }
    }

    /// An integer-only operand, if `e` is one.
    fn int_leaf(&mut self, e: &Expr) -> Option<IExpr> {
        self.int_form(e)
    }

    /// The single (or integer-only) typed form of `e`.
    fn sform(&mut self, e: &Expr) -> Option<(SExpr, Kind)> {
        if let Some(ie) = self.int_leaf(e) {
            return Some((
                match ie {
                    IExpr::Const(i) => SExpr::Const(Single::from_i16(i)),
                    IExpr::Var(s) => SExpr::IntVar(s),
                    ie => SExpr::Int(Box::new((ie, self.expr_general(e)))),
                },
                Kind::Int,
            ));
        }
        Some(match e {
            Expr::Num(Num::Sng(s)) => (SExpr::Const(*s), Kind::Sng),
            Expr::Var(n) if self.vars.type_of(n) == VarType::Sng => {
                (SExpr::Var(self.vars.scalar_slot(n)), Kind::Sng)
            }
            Expr::Call(Func::Rnd, args) if args.is_empty() => (SExpr::Rnd, Kind::Sng),
            Expr::Call(f, args) if args.len() == 1 && single_fn(*f) => {
                let (x, k) = self.sform(&args[0])?;
                if k != Kind::Sng {
                    return None;
                }
                (SExpr::Fn(*f, Box::new(x)), Kind::Sng)
            }
            Expr::Unary(UnOp::Neg, x) => {
                let (x, k) = self.sform(x)?;
                if k != Kind::Sng {
                    return None;
                }
                (SExpr::Neg(Box::new(x)), Kind::Sng)
            }
            Expr::Binary(op, a, b) if arith(*op) => {
                let (x, kx) = self.sform(a)?;
                let (y, ky) = self.sform(b)?;
                if *op != BinOp::Div && kx == Kind::Int && ky == Kind::Int {
                    return None;
                }
                (SExpr::Bin(*op, Box::new(x), Box::new(y)), Kind::Sng)
            }
            _ => return None,
        })
    }

    /// The double (or single, or integer-only) typed form of `e`.
    fn dform(&mut self, e: &Expr) -> Option<(DExpr, Kind)> {
        if let Some(ie) = self.int_leaf(e) {
            return Some((
                match ie {
                    IExpr::Const(i) => DExpr::Const(Double::from_i16(i)),
                    IExpr::Var(s) => DExpr::IntVar(s),
                    ie => DExpr::Int(Box::new((ie, self.expr_general(e)))),
                },
                Kind::Int,
            ));
        }
        let double = match e {
            Expr::Num(Num::Dbl(d)) => Some(DExpr::Const(*d)),
            Expr::Var(n) if self.vars.type_of(n) == VarType::Dbl => {
                Some(DExpr::Var(self.vars.scalar_slot(n)))
            }
            Expr::Call(f @ (Func::Int | Func::Fix | Func::Abs), args) if args.len() == 1 => {
                match self.dform(&args[0])? {
                    (x, Kind::Dbl) => Some(DExpr::Fn(*f, Box::new(x))),
                    _ => None,
                }
            }
            Expr::Unary(UnOp::Neg, x) => match self.dform(x)? {
                (x, Kind::Dbl) => Some(DExpr::Neg(Box::new(x))),
                _ => None,
            },
            Expr::Binary(op, a, b) if arith(*op) => {
                let (x, kx) = self.dform(a)?;
                let (y, ky) = self.dform(b)?;
                (kx == Kind::Dbl || ky == Kind::Dbl)
                    .then(|| DExpr::Bin(*op, Box::new(x), Box::new(y)))
            }
            _ => None,
        };
        match double {
            Some(d) => Some((d, Kind::Dbl)),
            None => {
                let (s, k) = self.sform(e)?;
                Some((DExpr::Sng(Box::new(s)), k))
            }
        }
    }
}

/// `+ - * /`.
fn arith(op: BinOp) -> bool {
    matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div)
}

/// The functions whose single argument gives a single result.
fn single_fn(f: Func) -> bool {
    use Func::*;
    matches!(f, Int | Fix | Abs | Sin | Cos | Tan | Atn | Exp | Log | Sqr)
}
