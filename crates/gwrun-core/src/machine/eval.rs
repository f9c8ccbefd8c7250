//! Expression evaluation: operands, operators with GW-BASIC's typing (integer < single <
//! double; integer + - * overflow redone in single; `/` at least single; `\` MOD and the
//! logical operators on CINT-ed integers; `^` in single), string concatenation and
//! comparison, soft float errors (digest §6.2, §6.5, §9).

use super::{Machine, Res};
use crate::compile::code::{CExpr, ElemPair, Fault, IExpr, Lin};
use crate::error::ErrorCode;
use crate::machine::value::{self, Value};
use crate::machine::vars::ArrayData;
use crate::num::{Double, FloatError, MathError, Num, Single};
use crate::syntax::ast::{BinOp, Func};
use std::cmp::Ordering;

impl Machine {
    /// Evaluates an expression. The common leaves are handled here, small enough to be
    /// inlined; everything else goes to `eval_node`.
    #[inline]
    pub(crate) fn eval(&mut self, e: &CExpr) -> Res<Value> {
        match e {
            CExpr::IntPure(both) => match self.int_value(&both.0) {
                Some(i) => Ok(Value::Int(i)),
                None => self.eval_node(&both.1),
            },
            CExpr::Int(i) => Ok(Value::Int(*i)),
            CExpr::Scalar(slot) => Ok(self.run.vars.scalars[*slot as usize].clone()),
            _ => self.eval_node(e),
        }
    }

    pub(super) fn eval_node(&mut self, e: &CExpr) -> Res<Value> {
        match e {
            CExpr::IntPure(both) => self.eval(&both.1),
            CExpr::Int(i) => Ok(Value::Int(*i)),
            CExpr::Scalar(slot) => Ok(self.run.vars.scalars[*slot as usize].clone()),
            CExpr::Elem1(arr, sub) => {
                let idx = self.element1(*arr, sub)?;
                Ok(self.array(*arr)?.get(idx))
            }
            CExpr::Elem(arr, subs) => {
                let idx = self.element(*arr, subs)?;
                Ok(self.array(*arr)?.get(idx))
            }
            CExpr::Bin(op, a, b) => {
                if *op == BinOp::Add && (super::concat::is_piece(a) || super::concat::is_piece(b)) {
                    return self.add_pieces(a, b);
                }
                let va = self.eval(a)?;
                // a string left of an operator that takes numbers is refused before the
                // right operand is read [S GWEVAL.ASM EXPSTK/NUMREL: FRCNUM unless the
                // operator is `+` or a comparison]
                if let Value::Str(_) = va
                    && takes_numbers(*op)
                {
                    return Err(self.value_dropped(va, ErrorCode::TypeMismatch.into()));
                }
                let vb = match self.eval(b) {
                    Ok(v) => v,
                    Err(h) => return Err(self.value_dropped(va, h)),
                };
                self.binop(*op, va, vb)
            }
            CExpr::Sng(s) => Ok(Value::Sng(*s)),
            CExpr::Dbl(d) => Ok(Value::Dbl(*d)),
            CExpr::Str(s) => Ok(Value::Str(s.clone())),
            CExpr::Neg(x) => {
                let v = self.eval(x)?;
                neg(v)
            }
            CExpr::Not(x) => match self.eval(x)? {
                Value::Str(s) => Err(self.string_refused(s)),
                v => Ok(Value::Int(!value::to_int(v.num()?)?)),
            },
            CExpr::TypedS(both) => Ok(Value::Sng(self.sng(&both.0)?)),
            CExpr::TypedD(both) => Ok(Value::Dbl(self.dbl(&both.0)?)),
            CExpr::CmpNums(both) => self.cmp_nums_value(both),
            CExpr::Call(f, args) => self.call(*f, args),
            CExpr::UserFn(f, args) => self.call_user(*f, args),
            CExpr::Raise(fault) => self.raise(fault),
        }
    }

    /// `a op b` for a comparison operator, as a truth value: the operands evaluated in
    /// order (a variable or a one-subscript element without the general evaluator's
    /// node), two numbers of one type compared at once, anything else as `binop` does.
    #[inline(always)]
    pub(crate) fn compare(&mut self, op: BinOp, a: &CExpr, b: &CExpr) -> Res<bool> {
        // two elements (a sort's test): both indexes, then two singles or two doubles
        // compared where they lie, with no `Value` taken through memory
        if let (CExpr::Elem1(p, sp), CExpr::Elem1(q, sq)) = (a, b) {
            // both subscripts integer-only and in range, the arrays of one numeric type:
            // all at once (the common case of a sort's test)
            if let Some(i) = self.int_inline(sp)
                && let Some(j) = self.int_inline(sq)
                && let Some(o) = self.run.vars.compare_elements(*p, i, *q, j)
            {
                return Ok(compare_ok(op, o));
            }
            let i = self.element1(*p, sp)?;
            let j = self.element1(*q, sq)?;
            let (x, y) = (self.array(*p)?, self.array(*q)?);
            return match (&x.data, &y.data) {
                (ArrayData::Sng(u), ArrayData::Sng(v)) => match (u.get(i), v.get(j)) {
                    (Some(s), Some(t)) => Ok(compare_ok(op, s.total_cmp(*t))),
                    _ => Err(ErrorCode::InternalError.into()),
                },
                (ArrayData::Dbl(u), ArrayData::Dbl(v)) => match (u.get(i), v.get(j)) {
                    (Some(s), Some(t)) => Ok(compare_ok(op, s.total_cmp(*t))),
                    _ => Err(ErrorCode::InternalError.into()),
                },
                _ => {
                    let (vx, vy) = (x.get(i), y.get(j));
                    self.compare_values(op, vx, vy)
                }
            };
        }
        let x = self.operand(a)?;
        let y = match self.operand(b) {
            Ok(y) => y,
            Err(h) => return Err(self.value_dropped(x, h)),
        };
        self.compare_values(op, x, y)
    }

    /// `compare` once both operands are values.
    fn compare_values(&mut self, op: BinOp, x: Value, y: Value) -> Res<bool> {
        Ok(match (&x, &y) {
            (Value::Int(p), Value::Int(q)) => compare_ok(op, p.cmp(q)),
            (Value::Sng(p), Value::Sng(q)) => compare_ok(op, p.total_cmp(*q)),
            (Value::Dbl(p), Value::Dbl(q)) => compare_ok(op, p.total_cmp(*q)),
            _ => match self.binop(op, x, y)? {
                Value::Int(i) => i != 0,
                _ => return Err(ErrorCode::InternalError.into()),
            },
        })
    }

    /// An operand of `compare`: what `eval` gives, a variable or a one-subscript element
    /// read in place.
    #[inline(always)]
    fn operand(&mut self, e: &CExpr) -> Res<Value> {
        match e {
            CExpr::Scalar(slot) => Ok(self.run.vars.scalars[*slot as usize].clone()),
            CExpr::Elem1(arr, sub) => {
                let idx = self.element1(*arr, sub)?;
                Ok(self.array(*arr)?.get(idx))
            }
            _ => self.eval(e),
        }
    }

    /// Text that went wrong: what was scanned before the fault is evaluated, in order
    /// (a function's arguments converted as it converts them when scanned), then the
    /// error is raised.
    #[cold]
    fn raise(&mut self, fault: &Fault) -> Res<Value> {
        // INSTR with a string first: its second argument is the last one, looked at only
        // after the `)`
        let mut unchecked = None;
        for (i, p) in fault.parts.iter().enumerate() {
            let v = self.eval(p)?;
            if let Some(f) = fault.func {
                if f == Func::Instr && i == 0 && matches!(v, Value::Str(_)) {
                    unchecked = Some(1);
                }
                if unchecked != Some(i) {
                    self.scan_check(f, i, v)?;
                }
            }
        }
        Err(fault.code.into())
    }

    /// The value of a pure integer expression, or None when 16-bit arithmetic does not
    /// give GW-BASIC's answer (overflow, division by zero) or an array element is not
    /// there yet (the general evaluation then raises the error or creates the array).
    #[inline(never)]
    pub(crate) fn int_value(&self, e: &IExpr) -> Option<i16> {
        match e {
            IExpr::Const(i) => Some(*i),
            IExpr::Var(s) => match self.run.vars.scalars[*s as usize] {
                Value::Int(i) => Some(i),
                _ => None,
            },
            IExpr::Elem1(a, sub) => self.int_element(*a, self.int_operand(sub)?),
            IExpr::ElemV(a, s) => self.int_element(*a, self.int_var(*s)?),
            IExpr::AddVV(x, y) => self.int_var(*x)?.checked_add(self.int_var(*y)?),
            IExpr::AddVC(x, c) => self.int_var(*x)?.checked_add(*c),
            IExpr::BinVV(op, x, y) => int_op_now(*op, self.int_var(*x)?, self.int_var(*y)?),
            IExpr::BinVC(op, x, c) => int_op_now(*op, self.int_var(*x)?, *c),
            IExpr::BinCV(op, c, y) => int_op_now(*op, *c, self.int_var(*y)?),
            IExpr::Bin(op, a, b) => self.int_bin(*op, a, b),
            IExpr::Neg(x) => self.int_operand(x)?.checked_neg(),
            IExpr::Not(x) => Some(!self.int_operand(x)?),
            IExpr::CmpElems(p) => self.int_cmp_value(p),
        }
    }

    /// A pure-integer condition whose value 16-bit arithmetic gives at once: a sort's
    /// test of two elements compared where they lie (`int_cmp_condition`), a variable
    /// compared with a variable or a constant (the operator's truth at once, no -1/0
    /// made), a variable or an element by itself, `int_value` for the rest; None when
    /// that does not give GW-BASIC's answer (`condition_general` then evaluates it, and
    /// raises any error). Every call out of it is its last act, so it needs no frame. The
    /// variable's test is a cold call, so that a sort's test's tag is tested first.
    #[inline(never)]
    pub(crate) fn int_condition(&self, e: &IExpr) -> Option<bool> {
        match e {
            IExpr::CmpElems(p) => self.int_cmp_condition(p),
            IExpr::Var(s) => self.int_var_condition(*s),
            _ => self.int_flat_condition(e),
        }
    }

    #[cold] // `IF C THEN`: an integer variable's truth
    #[inline(never)]
    fn int_var_condition(&self, s: u32) -> Option<bool> {
        Some(self.int_var(s)? != 0)
    }

    /// `int_condition` past the elements' comparison (out of line: that test stays one
    /// compare and a jump).
    #[inline(never)]
    fn int_flat_condition(&self, e: &IExpr) -> Option<bool> {
        match e {
            IExpr::BinVC(op, x, c) => int_truth(*op, self.int_var(*x)?, *c),
            IExpr::BinVV(op, x, y) => int_truth(*op, self.int_var(*x)?, self.int_var(*y)?),
            IExpr::BinCV(op, c, y) => int_truth(*op, *c, self.int_var(*y)?),
            IExpr::ElemV(a, s) => Some(self.int_element(*a, self.int_var(*s)?)? != 0),
            _ => self.int_value_condition(e),
        }
    }

    /// `int_value` as a truth value (`int_condition`'s other shapes).
    #[inline(never)]
    fn int_value_condition(&self, e: &IExpr) -> Option<bool> {
        Some(self.int_value(e)? != 0)
    }

    /// `int_cmp_condition` as a value (-1 true, 0 false) for `int_value`.
    #[inline(never)]
    fn int_cmp_value(&self, p: &ElemPair) -> Option<i16> {
        Some(-i16::from(self.int_cmp_condition(p)?))
    }

    /// `int_cmp_elems` out of line: a sort's test, free to grow without moving the code
    /// of the paths that reach it.
    #[inline(never)]
    fn int_cmp_condition(&self, p: &ElemPair) -> Option<bool> {
        self.int_cmp_elems(p)
    }

    /// Two one-dimensional integer elements compared (`IExpr::CmpElems`), when both
    /// arrays exist and both subscripts are in range.
    #[inline(always)]
    pub(crate) fn int_cmp_elems(&self, p: &ElemPair) -> Option<bool> {
        // both subscripts first: the scalars' vector is read before the arrays' (fewer
        // values held at once); a variable both begin with (`A(K)`, `A(K+D)`) read once
        let x = self.int_var(p.i.v)?;
        let y = if p.j.v == p.i.v {
            x
        } else {
            self.int_var(p.j.v)?
        };
        let i = self.lin_from(x, p.i)?;
        let j = self.lin_from(y, p.j)?;
        let arr = self.run.vars.arrays[p.a as usize].as_ref()?;
        let ArrayData::Int(u) = &arr.data else {
            return None;
        };
        let x = *u.get(arr.at1(i))?;
        // one array (a sort's test): found once; two by a call that is the last act (the
        // sort's path then saves no register to keep `p` across it)
        if p.b != p.a {
            return self.int_cmp_apart(p, x, j);
        }
        Some(p.holds(x.cmp(u.get(arr.at1(j))?)))
    }

    /// `int_cmp_elems` of elements of two arrays, the first read (`x`).
    #[inline(never)]
    fn int_cmp_apart(&self, p: &ElemPair, x: i16, j: i16) -> Option<bool> {
        Some(p.holds(x.cmp(&self.int_element(p.b, j)?)))
    }

    /// A binary node of `int_value` (out of line: the flat shapes' calls stay light).
    #[inline(never)]
    fn int_bin(&self, op: BinOp, a: &IExpr, b: &IExpr) -> Option<i16> {
        let x = self.int_bin_operand(a)?;
        let y = self.int_bin_operand(b)?;
        int_op_now(op, x, y)
    }

    /// An operand of a binary node in `int_value`: `int_operand`'s shapes, and an
    /// element whose subscript is one of them (a sort's `A(K+D)`), at once.
    #[inline(always)]
    fn int_bin_operand(&self, e: &IExpr) -> Option<i16> {
        match e {
            IExpr::Elem1(a, sub) => self.int_element(*a, self.int_operand(sub)?),
            _ => self.int_operand(e),
        }
    }

    /// An operand of a pure integer node: the flat shapes at once (no call), anything
    /// else by `int_value`.
    #[inline(always)]
    fn int_operand(&self, e: &IExpr) -> Option<i16> {
        match e {
            IExpr::Const(i) => Some(*i),
            IExpr::Var(s) => self.int_var(*s),
            IExpr::ElemV(a, s) => self.int_element(*a, self.int_var(*s)?),
            IExpr::AddVV(x, y) => self.int_var(*x)?.checked_add(self.int_var(*y)?),
            IExpr::AddVC(x, c) => self.int_var(*x)?.checked_add(*c),
            IExpr::BinVV(op, x, y) => int_op(*op, self.int_var(*x)?, self.int_var(*y)?),
            IExpr::BinVC(op, x, c) => int_op(*op, self.int_var(*x)?, *c),
            IExpr::BinCV(op, c, y) => int_op(*op, *c, self.int_var(*y)?),
            _ => self.int_value(e),
        }
    }

    /// A subscript's flat form, its first variable's value `x` read: None where its
    /// shape's own evaluation gives None (a variable not an integer, a sum out of range).
    #[inline(always)]
    pub(super) fn lin_from(&self, mut x: i16, l: Lin) -> Option<i16> {
        if l.w != Lin::NONE {
            x = x.checked_add(self.int_var(l.w)?)?;
        }
        x.checked_add(l.c)
    }

    #[inline]
    pub(crate) fn int_var(&self, s: u32) -> Option<i16> {
        match self.run.vars.scalars[s as usize] {
            Value::Int(i) => Some(i),
            _ => None,
        }
    }

    /// Element `i` of a one-dimensional integer array, if it exists and `i` is in range.
    #[inline]
    fn int_element(&self, a: u32, i: i16) -> Option<i16> {
        self.run.vars.arrays[a as usize].as_ref()?.int1(i)
    }

    /// An expression that must give an integer (CINT rules), without building a Value
    /// when the expression is integer-only.
    #[inline]
    pub(crate) fn eval_int(&mut self, e: &CExpr) -> Res<i16> {
        match self.int_now(e) {
            Some(i) => Ok(i),
            None => self.eval_int_general(e),
        }
    }

    /// `eval_int` with `int_inline`'s shapes at once (a two-subscript element's indexes).
    #[inline(always)]
    pub(crate) fn eval_int_inline(&mut self, e: &CExpr) -> Res<i16> {
        match self.int_inline(e) {
            Some(i) => Ok(i),
            None => self.eval_int_general(e),
        }
    }

    /// `eval_int` when the expression is not integer-only (out of line: the fast path
    /// then needs no stack frame).
    #[inline(never)]
    pub(crate) fn eval_int_general(&mut self, e: &CExpr) -> Res<i16> {
        let v = self.eval_node(e)?;
        Ok(value::to_int(self.num_of(v)?)?)
    }

    /// The value of an expression that is an integer constant, an integer variable or a
    /// pure integer expression whose 16-bit arithmetic gives GW-BASIC's answer; None
    /// otherwise (nothing is evaluated: the general path then does it all).
    #[inline]
    pub(crate) fn int_now(&self, e: &CExpr) -> Option<i16> {
        match e {
            CExpr::Int(i) => Some(*i),
            CExpr::IntPure(both) => self.int_value(&both.0),
            CExpr::Scalar(s) => self.int_var(*s),
            _ => None,
        }
    }

    /// `int_now` with the flat shapes (`J+1`, `K+D`, `J-D`) at once: for
    /// subscripts, and for paths out of the statement loop where a call to `int_value`
    /// costs more than the shape.
    #[inline(always)]
    pub(crate) fn int_inline(&self, e: &CExpr) -> Option<i16> {
        match e {
            CExpr::IntPure(both) => self.int_operand(&both.0),
            _ => self.int_now(e),
        }
    }

    /// `int_inline`'s flat shapes with no call: None for any other (nothing is evaluated
    /// then, and nothing a flat shape reads has an effect).
    #[inline(always)]
    pub(crate) fn int_flat(&self, e: &CExpr) -> Option<i16> {
        match e {
            CExpr::Int(i) => Some(*i),
            CExpr::Scalar(s) => self.int_var(*s),
            CExpr::IntPure(both) => match &both.0 {
                IExpr::Const(i) => Some(*i),
                IExpr::Var(s) => self.int_var(*s),
                IExpr::AddVV(x, y) => self.int_var(*x)?.checked_add(self.int_var(*y)?),
                IExpr::AddVC(x, c) => self.int_var(*x)?.checked_add(*c),
                IExpr::BinVV(op, x, y) => int_op_now(*op, self.int_var(*x)?, self.int_var(*y)?),
                IExpr::BinVC(op, x, c) => int_op_now(*op, self.int_var(*x)?, *c),
                IExpr::BinCV(op, c, y) => int_op_now(*op, *c, self.int_var(*y)?),
                _ => None,
            },
            _ => None,
        }
    }

    /// An expression that must give a number.
    pub(crate) fn eval_num(&mut self, e: &CExpr) -> Res<Num> {
        let v = self.eval(e)?;
        self.num_of(v)
    }

    /// An expression that must give a string.
    pub(crate) fn eval_str(&mut self, e: &CExpr) -> Res<crate::machine::value::Str> {
        Ok(self.eval(e)?.into_str()?)
    }

    /// A binary operator.
    pub(crate) fn binop(&mut self, op: BinOp, a: Value, b: Value) -> Res<Value> {
        match (&a, &b) {
            (Value::Int(x), Value::Int(y)) => {
                if let Some(v) = int_fast(op, *x, *y) {
                    return Ok(v);
                }
            }
            (Value::Sng(x), Value::Sng(y)) => {
                if let Some(r) = float_fast(op, *x, *y, Single::add, Single::sub, Single::mul) {
                    return self.soft_single(r);
                }
                // what `divide` and `num_cmp` do with two singles
                if op == BinOp::Div {
                    return self.soft_single(x.div(*y));
                }
                if is_comparison(op) {
                    return Ok(bool_value(compare_ok(op, x.total_cmp(*y))));
                }
            }
            // an integer meets a single: the integer converts exactly (as `arith` does)
            (Value::Sng(x), Value::Int(y)) => {
                let y = Single::from_i16(*y);
                if let Some(r) = float_fast(op, *x, y, Single::add, Single::sub, Single::mul) {
                    return self.soft_single(r);
                }
            }
            (Value::Int(x), Value::Sng(y)) => {
                let x = Single::from_i16(*x);
                if let Some(r) = float_fast(op, x, *y, Single::add, Single::sub, Single::mul) {
                    return self.soft_single(r);
                }
            }
            (Value::Dbl(x), Value::Dbl(y)) => {
                if let Some(r) = float_fast(op, *x, *y, Double::add, Double::sub, Double::mul) {
                    return self.soft_double(r);
                }
                if op == BinOp::Div {
                    return self.soft_double(x.div(*y));
                }
                if is_comparison(op) {
                    return Ok(bool_value(compare_ok(op, x.total_cmp(*y))));
                }
            }
            // an integer meets a double: the integer converts exactly (as `arith` does)
            (Value::Dbl(x), Value::Int(y)) => {
                let y = Double::from_i16(*y);
                if let Some(r) = float_fast(op, *x, y, Double::add, Double::sub, Double::mul) {
                    return self.soft_double(r);
                }
            }
            (Value::Int(x), Value::Dbl(y)) => {
                let x = Double::from_i16(*x);
                if let Some(r) = float_fast(op, x, *y, Double::add, Double::sub, Double::mul) {
                    return self.soft_double(r);
                }
            }
            // a single meets a double: the single widens exactly (as `arith` does)
            (Value::Dbl(x), Value::Sng(y)) => {
                let y = y.to_double();
                if let Some(r) = float_fast(op, *x, y, Double::add, Double::sub, Double::mul) {
                    return self.soft_double(r);
                }
            }
            (Value::Sng(x), Value::Dbl(y)) => {
                let x = x.to_double();
                if let Some(r) = float_fast(op, x, *y, Double::add, Double::sub, Double::mul) {
                    return self.soft_double(r);
                }
            }
            _ => {}
        }
        match (a, b) {
            (Value::Str(x), Value::Str(y)) => {
                // an error leaves the operands unfreed (`results_dropped`)
                let r = self.string_op(op, &x, &y)?;
                self.recycle_str(x);
                self.recycle_str(y);
                Ok(r)
            }
            // a string beside a number: refused once both are read [S GWEVAL.ASM VALNSM]
            (Value::Str(s), _) | (_, Value::Str(s)) => Err(self.string_refused(s)),
            (a, b) => {
                let (x, y) = (a.num()?, b.num()?);
                self.numeric_op(op, x, y)
            }
        }
    }

    fn numeric_op(&mut self, op: BinOp, x: Num, y: Num) -> Res<Value> {
        use BinOp::*;
        match op {
            Add | Sub | Mul => self.arith(op, x, y),
            Div => self.divide(x, y),
            IntDiv | Mod => self.int_divide(op, x, y),
            Pow => self.power(x, y),
            Eq | Ne | Lt | Gt | Le | Ge => Ok(bool_value(compare_ok(op, num_cmp(x, y)))),
            And | Or | Xor | Eqv | Imp => {
                let (a, b) = (value::to_int(x)?, value::to_int(y)?);
                Ok(Value::Int(logic(op, a, b)))
            }
        }
    }

    /// + - * in the higher operand type; integer overflow redone in single.
    fn arith(&mut self, op: BinOp, x: Num, y: Num) -> Res<Value> {
        match (x, y) {
            (Num::Dbl(_), _) | (_, Num::Dbl(_)) => {
                let (a, b) = (value::to_double(x), value::to_double(y));
                let r = match op {
                    BinOp::Add => a.add(b),
                    BinOp::Sub => a.sub(b),
                    _ => a.mul(b),
                };
                self.soft_double(r)
            }
            _ => {
                let (a, b) = (self.single_of(x)?, self.single_of(y)?);
                let r = match op {
                    BinOp::Add => a.add(b),
                    BinOp::Sub => a.sub(b),
                    _ => a.mul(b),
                };
                self.soft_single(r)
            }
        }
    }

    /// `/`: integers divide as singles.
    fn divide(&mut self, x: Num, y: Num) -> Res<Value> {
        match (x, y) {
            (Num::Dbl(_), _) | (_, Num::Dbl(_)) => {
                let r = value::to_double(x).div(value::to_double(y));
                self.soft_double(r)
            }
            _ => {
                let (a, b) = (self.single_of(x)?, self.single_of(y)?);
                self.soft_single(a.div(b))
            }
        }
    }

    /// `\` and MOD on rounded integers; /0 is a soft error giving ±max as a single.
    fn int_divide(&mut self, op: BinOp, x: Num, y: Num) -> Res<Value> {
        let (a, b) = (value::to_int(x)?, value::to_int(y)?);
        if b == 0 {
            let e = FloatError::DivisionByZero { negative: a < 0 };
            return self.soft_single(Err(e));
        }
        Ok(match op {
            BinOp::IntDiv => match a.checked_div(b) {
                Some(q) => Value::Int(q),
                None => Value::Sng(Single::from_f64(32768.0)),
            },
            _ => Value::Int(a.checked_rem(b).unwrap_or(0)),
        })
    }

    /// `^`: both operands as singles, single result (digest §6.4).
    fn power(&mut self, x: Num, y: Num) -> Res<Value> {
        if self.config.compat.pcbasic_math && !matches!(y, Num::Int(_)) {
            return self.math_result(crate::num::pcbasic::pow(x, y));
        }
        self.math_result(x.pow(y))
    }

    /// A math function's result: a value, a soft error (reported, then its value), or
    /// Illegal function call.
    pub(crate) fn math_result(&mut self, r: Result<Single, MathError>) -> Res<Value> {
        Ok(Value::Sng(self.math_single(r)?))
    }

    /// A math function's result as a single (see `math_result`).
    #[inline]
    pub(crate) fn math_single(&mut self, r: Result<Single, MathError>) -> Res<Single> {
        match r {
            Ok(s) => Ok(s),
            Err(MathError::Float { error, value }) => {
                self.soft_error(error)?;
                Ok(value)
            }
            Err(MathError::IllegalFunctionCall) => Err(ErrorCode::IllegalFunctionCall.into()),
        }
    }

    /// A single result, or the soft error's saturated value.
    pub(crate) fn soft_single(&mut self, r: Result<Single, FloatError>) -> Res<Value> {
        match r {
            Ok(s) => Ok(Value::Sng(s)),
            Err(e) => {
                self.soft_error(e)?;
                Ok(Value::Sng(Single::max_value(negative(e))))
            }
        }
    }

    pub(crate) fn soft_double(&mut self, r: Result<Double, FloatError>) -> Res<Value> {
        match r {
            Ok(d) => Ok(Value::Dbl(d)),
            Err(e) => {
                self.soft_error(e)?;
                Ok(Value::Dbl(Double::max_value(negative(e))))
            }
        }
    }

    /// A string operator; a concatenation also takes its place in string space (an
    /// operand no one else holds is a new string GW had put there).
    #[inline(never)]
    fn string_op(&mut self, op: BinOp, x: &value::Str, y: &value::Str) -> Res<Value> {
        use BinOp::*;
        match op {
            Add => {
                let n = x.len() + y.len();
                if n > value::MAX_STRING {
                    // tested once both operands are made: both stay [S BISTRS.ASM CAT]
                    return Err(self.results_dropped(&[x, y], ErrorCode::StringTooLong.into()));
                }
                let r = self.new_str2(x, y);
                let fresh = |s: &value::Str| std::rc::Rc::strong_count(s) == 1;
                self.string_concat((fresh(x), &x[..]), (fresh(y), &y[..]), &r)?;
                Ok(Value::Str(r))
            }
            Eq | Ne | Lt | Gt | Le | Ge => Ok(bool_value(compare_ok(op, x.cmp(y)))),
            _ => Err(ErrorCode::TypeMismatch.into()),
        }
    }
}

pub(super) fn negative(e: FloatError) -> bool {
    match e {
        FloatError::Overflow { negative } | FloatError::DivisionByZero { negative } => negative,
    }
}

/// `+ - *` of two operands of the same float type; None for other operators. Always
/// inlined, so that the operations are called directly, not through pointers.
#[inline(always)]
fn float_fast<T: Copy>(
    op: BinOp,
    x: T,
    y: T,
    add: fn(T, T) -> Result<T, FloatError>,
    sub: fn(T, T) -> Result<T, FloatError>,
    mul: fn(T, T) -> Result<T, FloatError>,
) -> Option<Result<T, FloatError>> {
    Some(match op {
        BinOp::Add => add(x, y),
        BinOp::Sub => sub(x, y),
        BinOp::Mul => mul(x, y),
        _ => return None,
    })
}

/// Integer operations that stay integer; None when the result needs another path.
#[inline]
fn int_fast(op: BinOp, x: i16, y: i16) -> Option<Value> {
    int_op(op, x, y).map(Value::Int)
}

/// 16-bit arithmetic, comparison or logic as GW does it; None where it does not give
/// GW's answer (overflow, division by zero, an operator that leaves integers).
#[inline]
fn int_op(op: BinOp, x: i16, y: i16) -> Option<i16> {
    int_op_now(op, x, y)
}

/// `int_op` inlined, where it is applied out of the statement loop (`int_value`,
/// `int_bin`): the operator's dispatch without a second call.
#[inline(always)]
fn int_op_now(op: BinOp, x: i16, y: i16) -> Option<i16> {
    use BinOp::*;
    let truth = |b: bool| if b { -1 } else { 0 };
    Some(match op {
        Add => x.checked_add(y)?,
        Sub => x.checked_sub(y)?,
        Mul => x.checked_mul(y)?,
        Eq => truth(x == y),
        Ne => truth(x != y),
        Lt => truth(x < y),
        Gt => truth(x > y),
        Le => truth(x <= y),
        Ge => truth(x >= y),
        And | Or | Xor | Eqv | Imp => logic(op, x, y),
        IntDiv if y != 0 => x.checked_div(y)?,
        Mod if y != 0 => x.checked_rem(y)?,
        _ => return None,
    })
}

/// `x op y` as a truth value: a comparison by its mask of orderings (bit 0 less, 1
/// equal, 2 greater: `ElemPair`'s), any other operator by `int_op_now`, non-zero true.
#[inline(always)]
fn int_truth(op: BinOp, x: i16, y: i16) -> Option<bool> {
    // Eq Ne Lt Gt Le Ge, in `BinOp`'s order
    const TRUTH: [u8; 6] = [0b010, 0b101, 0b001, 0b100, 0b011, 0b110];
    match TRUTH.get((op as u8).wrapping_sub(BinOp::Eq as u8) as usize) {
        Some(t) => Some((t >> (x.cmp(&y) as i8 + 1)) & 1 != 0),
        None => Some(int_op_now(op, x, y)? != 0),
    }
}

fn logic(op: BinOp, a: i16, b: i16) -> i16 {
    match op {
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Eqv => !(a ^ b),
        _ => !a | b,
    }
}

#[inline]
/// Whether `op` refuses a string on its left at once: every operator but `+` and the
/// comparisons.
fn takes_numbers(op: BinOp) -> bool {
    op != BinOp::Add && !is_comparison(op)
}

pub(crate) fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge
    )
}

#[inline]
fn bool_value(b: bool) -> Value {
    Value::Int(if b { -1 } else { 0 })
}

fn compare_ok(op: BinOp, o: Ordering) -> bool {
    match op {
        BinOp::Eq => o == Ordering::Equal,
        BinOp::Ne => o != Ordering::Equal,
        BinOp::Lt => o == Ordering::Less,
        BinOp::Gt => o == Ordering::Greater,
        BinOp::Le => o != Ordering::Greater,
        _ => o != Ordering::Less,
    }
}

/// Numeric comparison in the higher type (a single against a double compares exactly in
/// double, so `.1 = .1#` is false).
fn num_cmp(x: Num, y: Num) -> Ordering {
    match (x, y) {
        (Num::Int(a), Num::Int(b)) => a.cmp(&b),
        (Num::Dbl(_), _) | (_, Num::Dbl(_)) => value::to_double(x).total_cmp(value::to_double(y)),
        _ => single_exact(x).total_cmp(single_exact(y)),
    }
}

fn single_exact(n: Num) -> Single {
    match n {
        Num::Int(i) => Single::from_i16(i),
        Num::Sng(s) => s,
        Num::Dbl(d) => d.to_single().unwrap_or(Single::max_value(d.is_negative())),
    }
}

/// Unary minus: integers stay integer except -(-32768), which becomes a single; a
/// string comes back unchanged (`-"One"` is `"One"`) [M unsorted/STROPER].
fn neg(v: Value) -> Res<Value> {
    Ok(match v {
        Value::Int(i) => match i.checked_neg() {
            Some(n) => Value::Int(n),
            None => Value::Sng(Single::from_f64(32768.0)),
        },
        Value::Sng(s) => Value::Sng(s.neg()),
        Value::Dbl(d) => Value::Dbl(d.neg()),
        Value::Str(s) => Value::Str(s),
    })
}
