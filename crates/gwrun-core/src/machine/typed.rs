//! Evaluation of the typed forms of numeric expressions (`compile::typed`):
//! a single or double result computed node by node as bare `Single`/`Double` values.
//! Every node does exactly what the general evaluator (`eval`, `binop`, `builtins`)
//! does for operands of those types — the same MBF operations, soft errors and
//! conversions, operands in text order — so only the `Value` per node is saved.
//!
//! Inside, the nodes return `Result<_, Fault>`: a `Fault` says that evaluation stopped
//! and leaves the reason (the `Halt`) in `run.fault`, which the entry points (`sng`,
//! `dbl`, `floor_int`) take back out. A `Result<Single, Halt>` is an awkward aggregate to
//! pass up a recursion (each return re-assembled it byte by byte); `Result<Single,
//! Fault>` is a flag and a word.

use super::builtins::single_math_then;
use super::eval::negative;
use super::{Halt, Machine, Res};
use crate::compile::code::{AccProduct, CExpr, DExpr, Factor, Leaf, Leaves, SExpr};
use crate::error::ErrorCode;
use crate::machine::value::{self, Value};
use crate::num::{Double, FloatError, MathError, Num, Single};
use crate::syntax::ast::{BinOp, Func};

/// Evaluation stopped; the `Halt` is in `run.fault`.
pub(crate) struct Fault;

type T<V> = Result<V, Fault>;

/// The functions of `sng_fn_top` that each have a function of their own (out of line,
/// so each keeps only its own frame): the routine `$m` of `Single`, its fault as
/// `math_fault` gives it; under `--pcbasic-math` the function `$f` by `sng_fn_of`.
macro_rules! single_fn_apart {
    ($($(#[$doc:meta])* $name:ident, $f:expr, $m:ident;)*) => {$(
        $(#[$doc])*
        #[inline(never)]
        fn $name(&mut self, x: Single) -> T<Single> {
            if self.config.compat.pcbasic_math {
                return self.sng_fn_of($f, x);
            }
            match x.$m() {
                Ok(s) => Ok(s),
                Err(e) => self.math_fault(e),
            }
        }
    )*};
}

impl Machine {
    /// The value of a single-precision typed form.
    pub(crate) fn sng(&mut self, e: &SExpr) -> Res<Single> {
        self.sng_t(e).map_err(|Fault| self.take_fault())
    }

    /// The value of a double-precision typed form.
    pub(crate) fn dbl(&mut self, e: &DExpr) -> Res<Double> {
        self.dbl_t(e).map_err(|Fault| self.take_fault())
    }

    /// `sng` with the top node evaluated in the caller's frame (`sng_top`), for a caller
    /// that is itself out of line (LET of a typed form).
    #[inline(always)]
    pub(crate) fn sng_flat(&mut self, e: &SExpr) -> Res<Single> {
        self.sng_top(e).map_err(|Fault| self.take_fault())
    }

    /// `dbl` with the top node evaluated in the caller's frame (`dbl_top`).
    #[inline(always)]
    pub(crate) fn dbl_flat(&mut self, e: &DExpr) -> Res<Double> {
        self.dbl_top(e).map_err(|Fault| self.take_fault())
    }

    /// LET of `Leaves` into a scalar (`X!=I!/1000!`), in a small frame of its
    /// own: the operator on the two leaves, then the store as `let_single` stores.
    #[inline(never)]
    pub(crate) fn let_leaves(&mut self, slot: u32, l: &Leaves) -> Res<()> {
        let s = match self.sng_leaves(l) {
            Ok(s) => s,
            Err(Fault) => return Err(self.take_fault()),
        };
        self.store_single(slot, s)
    }

    /// `INT(x)` stored into an integer: CINT(INT(x)) in one step (Overflow out of range).
    #[inline]
    pub(crate) fn floor_int(&mut self, x: &SExpr) -> Res<i16> {
        let x = self.sng_operand(x).map_err(|Fault| self.take_fault())?;
        Ok(x.floor_i16().ok_or(ErrorCode::Overflow)?)
    }

    /// Keeps `h` for the entry point and stops the evaluation.
    #[cold]
    #[inline(never)]
    fn stop(&mut self, h: Halt) -> Fault {
        self.run.fault = Some(h);
        Fault
    }

    /// The `Halt` a `Fault` left (always there; Internal error if it were not).
    #[cold]
    #[inline(never)]
    fn take_fault(&mut self) -> Halt {
        self.run
            .fault
            .take()
            .unwrap_or(Halt::Error(ErrorCode::InternalError))
    }

    /// A general evaluator's result in a typed node.
    #[inline(always)]
    fn t<V>(&mut self, r: Res<V>) -> T<V> {
        r.map_err(|h| self.stop(h))
    }

    fn sng_t(&mut self, e: &SExpr) -> T<Single> {
        match e {
            SExpr::Const(s) => Ok(*s),
            SExpr::Var(v) => match &self.run.vars.scalars[*v as usize] {
                Value::Sng(s) => Ok(*s),
                other => {
                    let r = match other.num() {
                        Ok(n) => self.single_of(n),
                        Err(c) => Err(c.into()),
                    };
                    self.t(r)
                }
            },
            SExpr::IntVar(v) => match &self.run.vars.scalars[*v as usize] {
                Value::Int(i) => Ok(Single::from_i16(*i)),
                other => {
                    let r = match other.num() {
                        Ok(n) => self.single_of(n),
                        Err(c) => Err(c.into()),
                    };
                    self.t(r)
                }
            },
            SExpr::Int(both) => match self.int_value(&both.0) {
                Some(i) => Ok(Single::from_i16(i)),
                None => {
                    let r = self.eval(&both.1).and_then(|v| {
                        let n = v.num()?;
                        self.single_of(n)
                    });
                    self.t(r)
                }
            },
            SExpr::Rnd => Ok(self.draw_rnd()),
            SExpr::Neg(x) => Ok(self.sng_operand(x)?.neg()),
            SExpr::Bin(op, a, b) => {
                let x = self.sng_operand(a)?;
                let y = self.sng_operand(b)?;
                self.sng_bin(*op, x, y)
            }
            SExpr::Fn(f, a) => {
                let x = self.sng_operand(a)?;
                self.sng_fn(*f, x)
            }
        }
    }

    /// `Leaves`: both leaves read at once, then the operator (a product by the
    /// unpacked multiply, as `sng_top` takes it); when a variable does not hold its type,
    /// the tree form by `sng_t` (the leaves have no side effect).
    #[inline(always)]
    fn sng_leaves(&mut self, l: &Leaves) -> T<Single> {
        if let Some(x) = self.leaf(l.a)
            && let Some(y) = self.leaf(l.b)
        {
            if l.op == BinOp::Mul {
                return self.soft(x.mul_unpacked(y));
            }
            return self.sng_bin(l.op, x, y);
        }
        self.sng_t(&l.whole)
    }

    /// A leaf's value, as `sng_leaf` reads it (None: a variable not of its type). A
    /// constant's slot is past every variable's.
    #[inline(always)]
    fn leaf(&self, l: Leaf) -> Option<Single> {
        match self.run.vars.scalars.get(l.slot as usize) {
            Some(Value::Sng(s)) => Some(if l.neg { s.neg() } else { *s }),
            Some(_) => None,
            None if l.slot == Leaf::CONST => Some(l.value),
            None => None,
        }
    }

    /// `x op y` for `+ - * /`, a soft error reported (as `soft_single`). Each operator's
    /// result is tested in its own arm: one `Result` merged from the four arms was put
    /// together byte by byte before its one test.
    #[inline(always)]
    fn sng_bin(&mut self, op: BinOp, x: Single, y: Single) -> T<Single> {
        match op {
            BinOp::Add => self.soft(x.add(y)),
            BinOp::Sub => self.soft(x.sub(y)),
            BinOp::Mul => self.soft(x.mul(y)),
            _ => self.soft(x.div(y)),
        }
    }

    /// A typed form's top node, or a single under a double's top node, without a node
    /// frame of its own: an operator's two operands by `sng_operand`, anything else as
    /// `sng_operand` does it.
    #[inline(always)]
    fn sng_top(&mut self, e: &SExpr) -> T<Single> {
        if let SExpr::Bin(op, a, b) = e {
            let x = self.sng_top_operand(a)?;
            let y = self.sng_top_operand(b)?;
            // a product here by the unpacked multiply (`SIN(X!)*SQR(X!)` under a double's
            // sum); only here, so that the nodes' own code stays as it is
            if *op == BinOp::Mul {
                return self.soft(x.mul_unpacked(y));
            }
            return self.sng_bin(*op, x, y);
        }
        self.sng_top_operand(e)
    }

    /// An operand of `sng_top`: as `sng_operand`, except that a math function's
    /// argument is taken by `sng_arg` (an operator on two leaves without a frame). Only
    /// here, so that the nodes' own frames (`sng_t`) stay small.
    #[inline(always)]
    fn sng_top_operand(&mut self, e: &SExpr) -> T<Single> {
        if let SExpr::Fn(f, a) = e {
            let x = self.sng_arg(a)?;
            return self.sng_fn_top(*f, x);
        }
        self.sng_operand(e)
    }

    /// A function of `sng_top_operand`'s: SQR, SIN and EXP in functions of their own,
    /// any other by `sng_fn_of`.
    #[inline(always)]
    fn sng_fn_top(&mut self, f: Func, x: Single) -> T<Single> {
        match f {
            Func::Sqr => self.sng_sqr_of(x),
            Func::Sin => self.sng_sin_of(x),
            Func::Exp => self.sng_exp_of(x),
            f => self.sng_fn_of(f, x),
        }
    }

    single_fn_apart! {
        /// SIN of an operand (`sng_top_operand`) in a function of its own: no dispatch
        /// on the function and only SIN's frame.
        sng_sin_of, Func::Sin, sin;
        /// EXP of an operand, as `sng_sin_of`.
        sng_exp_of, Func::Exp, exp_fn;
        /// SQR of an operand: a few instructions, without the frame `sng_fn_of` keeps
        /// for SIN's and EXP's chains.
        sng_sqr_of, Func::Sqr, sqr;
    }

    /// A leaf whose value is at hand, with no side effect: a constant, a variable of
    /// its type, the negation of a single variable. None for anything else (a variable
    /// not of its type included: `sng_t` does the general thing for it).
    #[inline(always)]
    fn sng_leaf(&self, e: &SExpr) -> Option<Single> {
        match e {
            SExpr::Const(s) => Some(*s),
            SExpr::Var(v) => match self.run.vars.scalars[*v as usize] {
                Value::Sng(s) => Some(s),
                _ => None,
            },
            SExpr::IntVar(v) => match self.run.vars.scalars[*v as usize] {
                Value::Int(i) => Some(Single::from_i16(i)),
                _ => None,
            },
            SExpr::Neg(a) => match **a {
                SExpr::Var(v) => match self.run.vars.scalars[v as usize] {
                    Value::Sng(s) => Some(s.neg()),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }

    /// A math function's argument: a leaf, or an operator on two leaves (`-X!/50!`),
    /// at once; anything else by `sng_t`. The leaves have no side effect, so when one of
    /// them has no value at hand `sng_t` evaluates the whole argument afresh.
    #[inline(always)]
    fn sng_arg(&mut self, e: &SExpr) -> T<Single> {
        if let Some(x) = self.sng_leaf(e) {
            return Ok(x);
        }
        if let SExpr::Bin(op, a, b) = e
            && let Some(x) = self.sng_leaf(a)
            && let Some(y) = self.sng_leaf(b)
        {
            return self.sng_bin(*op, x, y);
        }
        self.sng_t(e)
    }

    /// INT, FIX, ABS or a math function of a single.
    #[inline(always)]
    fn sng_fn(&mut self, f: Func, x: Single) -> T<Single> {
        match f {
            Func::Int => Ok(x.int()),
            Func::Fix => Ok(x.fix()),
            Func::Abs => Ok(x.abs()),
            _ => match self.math_raw(f, Num::Sng(x)) {
                Ok(s) => Ok(s),
                Err(e) => self.math_fault(e),
            },
        }
    }

    /// `sng_fn` out of line: a function of an operand, without a node's frame. One
    /// dispatch on the function (INT, FIX and ABS among the arms, `--pcbasic-math`
    /// tested in the math functions' own), where `sng_fn` tests INT, FIX and ABS before
    /// it dispatches on the rest.
    #[inline(never)]
    fn sng_fn_of(&mut self, f: Func, x: Single) -> T<Single> {
        match f {
            Func::Int => Ok(x.int()),
            Func::Fix => Ok(x.fix()),
            Func::Abs => Ok(x.abs()),
            Func::Sin | Func::Exp | Func::Sqr if !self.config.compat.pcbasic_math => {
                // each function's result tested in its own arm
                single_math_then!(f, x, r => match r {
                    Ok(s) => Ok(s),
                    Err(e) => self.math_fault(e),
                })
            }
            _ => match self.math_raw(f, Num::Sng(x)) {
                Ok(s) => Ok(s),
                Err(e) => self.math_fault(e),
            },
        }
    }

    /// A math function's soft error (message or trap, then its value) or hard error.
    #[cold]
    #[inline(never)]
    fn math_fault(&mut self, e: MathError) -> T<Single> {
        let r = self.math_single(Err(e));
        self.t(r)
    }

    /// An operand of a typed node: the leaves at once (no call), anything else by `sng`.
    /// A leaf whose quick form does not apply (a variable not of its type, integer
    /// overflow) is handed to `sng`, which does the general thing; the leaves evaluated
    /// here have no side effect but RND, which always applies.
    #[inline(always)]
    fn sng_operand(&mut self, e: &SExpr) -> T<Single> {
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
            SExpr::Rnd => return Ok(self.draw_rnd()),
            SExpr::Fn(f, a) => {
                // Any other argument by `sng_t` (which does for it what `sng_operand`
                // would), then the function: the call needs no node frame of its own.
                if let SExpr::Var(v) = **a
                    && let Value::Sng(x) = self.run.vars.scalars[v as usize]
                {
                    return self.sng_fn_of(*f, x);
                }
                let x = self.sng_t(a)?;
                return self.sng_fn_of(*f, x);
            }
            SExpr::Neg(a) => {
                if let SExpr::Var(v) = **a
                    && let Value::Sng(x) = self.run.vars.scalars[v as usize]
                {
                    return Ok(x.neg());
                }
            }
            _ => {}
        }
        self.sng_t(e)
    }

    /// An operand of a typed double node: the leaves at once, anything else by `dbl`
    /// (as `sng_operand`).
    #[inline(always)]
    fn dbl_operand(&mut self, e: &DExpr) -> T<Double> {
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
        self.dbl_t(e)
    }

    fn dbl_t(&mut self, e: &DExpr) -> T<Double> {
        match e {
            DExpr::Const(d) => Ok(*d),
            DExpr::Var(v) => match &self.run.vars.scalars[*v as usize] {
                Value::Dbl(d) => Ok(*d),
                other => {
                    let r = other.num().map(value::to_double).map_err(Halt::from);
                    self.t(r)
                }
            },
            DExpr::Sng(s) => Ok(self.sng_operand(s)?.to_double()),
            DExpr::IntVar(v) => {
                let r = self.run.vars.scalars[*v as usize]
                    .num()
                    .map(value::to_double)
                    .map_err(Halt::from);
                self.t(r)
            }
            DExpr::Int(both) => match self.int_value(&both.0) {
                Some(i) => Ok(Double::from_i16(i)),
                None => {
                    let r = self
                        .eval(&both.1)
                        .and_then(|v| Ok(value::to_double(v.num()?)));
                    self.t(r)
                }
            },
            DExpr::IntCall(call) => self.dbl_int_call(call),
            DExpr::Neg(x) => Ok(self.dbl_operand(x)?.neg()),
            DExpr::Bin(op, a, b) => {
                // INT(x/m)*m: a function on the left is applied here, one frame less.
                let x = match &**a {
                    DExpr::Fn(f, inner) => dbl_fn(*f, self.dbl_t(inner)?),
                    _ => self.dbl_operand(a)?,
                };
                let y = self.dbl_operand(b)?;
                self.dbl_bin(*op, x, y)
            }
            DExpr::Fn(f, a) => {
                let x = self.dbl_operand(a)?;
                Ok(dbl_fn(*f, x))
            }
            DExpr::AccProduct(ap) => self.dbl_acc_product(ap),
        }
    }

    /// `DExpr::AccProduct` below the top node (out of line: `dbl_t` keeps its frame).
    #[inline(never)]
    fn dbl_acc_product(&mut self, ap: &AccProduct) -> T<Double> {
        let x = self.dbl_acc(ap.acc)?;
        self.dbl_acc_sum(ap, x)
    }

    /// The accumulator of `DExpr::AccProduct`: a double scalar (any other value by
    /// `dbl_t`, as `DExpr::Var` takes it).
    #[inline(always)]
    fn dbl_acc(&mut self, slot: u32) -> T<Double> {
        match self.run.vars.scalars[slot as usize] {
            Value::Dbl(d) => Ok(d),
            _ => self.dbl_t(&DExpr::Var(slot)),
        }
    }

    /// `DExpr::IntCall`: the call's value as a double, exactly (out of line: `dbl_t`
    /// keeps its frame).
    #[inline(never)]
    fn dbl_int_call(&mut self, call: &CExpr) -> T<Double> {
        // LEN or ASC of a literal or a string variable: read where it lies, as `call`
        // reads it (an empty string to ASC goes the general way, to its error)
        if let CExpr::Call(f @ (Func::Len | Func::Asc), args) = call
            && let Some(s) = args.first().and_then(|e| self.str_in_place(e))
        {
            match (f, s.first()) {
                (Func::Len, _) => return Ok(Double::from_i16(s.len() as i16)),
                (_, Some(&c)) => return Ok(Double::from_i16(i16::from(c))),
                _ => {}
            }
        }
        let r = self.eval(call).and_then(|v| Ok(value::to_double(v.num()?)));
        self.t(r)
    }

    /// `x op y` for `+ - * /` in double precision, a soft error reported (each arm
    /// tested on its own, as in `sng_bin`).
    #[inline(always)]
    fn dbl_bin(&mut self, op: BinOp, x: Double, y: Double) -> T<Double> {
        match op {
            BinOp::Add => self.soft(x.add(y)),
            BinOp::Sub => self.soft(x.sub(y)),
            BinOp::Mul => self.soft(x.mul(y)),
            _ => self.soft(x.div(y)),
        }
    }

    /// A double typed form's top node without a node frame of its own (as `sng_top`):
    /// an operator's operands as `dbl_t` takes them, except that a single operand
    /// (`S#+SIN(X!)*SQR(X!)`) has its own top node evaluated here too.
    #[inline(always)]
    fn dbl_top(&mut self, e: &DExpr) -> T<Double> {
        match e {
            DExpr::AccProduct(ap) => {
                if let Value::Dbl(x) = self.run.vars.scalars[ap.acc as usize] {
                    return self.dbl_acc_sum(ap, x);
                }
                let x = self.dbl_t(&DExpr::Var(ap.acc))?;
                self.dbl_acc_sum(ap, x)
            }
            DExpr::Bin(op, a, b) => {
                let x = match &**a {
                    // the accumulator of `D# = D# + …` first
                    DExpr::Var(v) => match self.run.vars.scalars[*v as usize] {
                        Value::Dbl(d) => d,
                        _ => self.dbl_t(a)?,
                    },
                    DExpr::Fn(f, inner) => dbl_fn(*f, self.dbl_t(inner)?),
                    DExpr::Sng(s) => self.sng_top(s)?.to_double(),
                    _ => self.dbl_operand(a)?,
                };
                let y = match &**b {
                    DExpr::Sng(s) => {
                        // D# + S!*S! and D# − S!*S!: the product added unpacked
                        // (`add_product`), or as the steps below take it
                        if let (BinOp::Add | BinOp::Sub, SExpr::Bin(BinOp::Mul, sa, sb)) =
                            (op, &**s)
                        {
                            return self.dbl_add_product(*op == BinOp::Sub, x, sa, sb);
                        }
                        // D# + S! and D# − S!: the single added as it is (`add_widened`)
                        let y = self.sng_top(s)?;
                        match op {
                            BinOp::Add => return self.soft(x.add_widened(y)),
                            BinOp::Sub => return self.soft(x.add_widened(y.neg())),
                            _ => y.to_double(),
                        }
                    }
                    _ => self.dbl_operand(b)?,
                };
                self.dbl_bin(*op, x, y)
            }
            DExpr::Sng(s) => Ok(self.sng_top(s)?.to_double()),
            _ => self.dbl_operand(e),
        }
    }

    /// `x + a·b` or `x − a·b` (`sub`) of a double and a product of singles, under
    /// `dbl_top` (and `DExpr::AccProduct`): the operands in text order as `sng_top` takes
    /// them, then `add_product` where it applies, else the product ($FMULS, its soft
    /// error) and `add_widened` as `dbl_top` takes them one after the other.
    #[inline(always)]
    fn dbl_add_product(&mut self, sub: bool, x: Double, a: &SExpr, b: &SExpr) -> T<Double> {
        let p = self.sng_top_operand(a)?;
        let q = self.sng_top_operand(b)?;
        self.dbl_add_product_of(sub, x, p, q)
    }

    /// `DExpr::AccProduct`'s sum: its factors as `dbl_add_product` takes their
    /// operands (`sng_factor`), then the sum as it does.
    #[inline(always)]
    fn dbl_acc_sum(&mut self, ap: &AccProduct, x: Double) -> T<Double> {
        let p = self.sng_factor(&ap.a)?;
        let q = self.sng_factor(&ap.b)?;
        self.dbl_add_product_of(ap.sub, x, p, q)
    }

    /// A factor of `DExpr::AccProduct`, as `sng_top_operand` takes the operand it
    /// stands for.
    #[inline(always)]
    fn sng_factor(&mut self, f: &Factor) -> T<Single> {
        match f {
            Factor::FnVar(f, v) => {
                // the scalar's own value straight to the function (no merge with the
                // general read's result and its test)
                if let Value::Sng(x) = self.run.vars.scalars[*v as usize] {
                    return self.sng_fn_top(*f, x);
                }
                let x = self.sng_t(&SExpr::Var(*v))?;
                self.sng_fn_top(*f, x)
            }
            Factor::FnLeaves(f, l) => {
                let x = self.sng_leaves(l)?;
                self.sng_fn_top(*f, x)
            }
            Factor::FnArg(f, a) => {
                // an operator on two leaves tested first (`sng_arg` tests for a leaf
                // first: the argument here is none)
                let x = match &**a {
                    SExpr::Bin(op, l, r) => match self.sng_leaf(l) {
                        Some(x) => match self.sng_leaf(r) {
                            Some(y) => self.sng_bin(*op, x, y)?,
                            None => self.sng_t(a)?,
                        },
                        None => self.sng_t(a)?,
                    },
                    _ => self.sng_arg(a)?,
                };
                self.sng_fn_top(*f, x)
            }
            Factor::Var(v) => self.sng_var(*v),
            Factor::Expr(e) => self.sng_top_operand(e),
        }
    }

    /// A single scalar (any other value as `sng_t` converts it).
    #[inline(always)]
    fn sng_var(&mut self, v: u32) -> T<Single> {
        match self.run.vars.scalars[v as usize] {
            Value::Sng(s) => Ok(s),
            _ => self.sng_t(&SExpr::Var(v)),
        }
    }

    /// `dbl_add_product` once its operands are known.
    #[inline(always)]
    fn dbl_add_product_of(&mut self, sub: bool, x: Double, p: Single, q: Single) -> T<Double> {
        // x − a·b adds (−a)·b: the same product with its sign flipped
        if let Some(d) = x.add_product(if sub { p.neg() } else { p }, q) {
            return Ok(d);
        }
        let y = self.soft(p.mul_unpacked(q))?;
        self.soft(x.add_widened(if sub { y.neg() } else { y }))
    }

    /// A result, or the soft error's saturated value (as `soft_single`).
    #[inline(always)]
    fn soft<V: Saturating>(&mut self, r: Result<V, FloatError>) -> T<V> {
        match r {
            Ok(v) => Ok(v),
            Err(e) => self.soft_failed(e),
        }
    }

    #[cold]
    #[inline(never)]
    fn soft_failed<V: Saturating>(&mut self, e: FloatError) -> T<V> {
        let r = self.soft_error(e);
        self.t(r)?;
        Ok(V::saturated(negative(e)))
    }
}

/// A typed node's number type: the value a soft overflow leaves (GW's largest, signed).
trait Saturating: Sized {
    fn saturated(negative: bool) -> Self;
}

impl Saturating for Single {
    fn saturated(negative: bool) -> Self {
        Single::max_value(negative)
    }
}

impl Saturating for Double {
    fn saturated(negative: bool) -> Self {
        Double::max_value(negative)
    }
}

/// INT, FIX or ABS of a double (the only functions `compile::typed` gives a double node).
#[inline(always)]
fn dbl_fn(f: Func, x: Double) -> Double {
    match f {
        Func::Int => x.int(),
        Func::Fix => x.fix(),
        _ => x.abs(),
    }
}
