//! A comparison of two single (or two double) scalars or one-dimensional elements
//! (`CExpr::CmpNums`, `compile::cmpnums`): both operands read where they lie and
//! compared at once, as a condition (IF, WHILE) or as a value (-1 or 0). Nothing is
//! evaluated that has an effect, so when a reading does not hold (an array not made yet,
//! a subscript out of range or its sum out of integer range, a variable not an integer
//! or not of its type) the general form beside the node is evaluated from its start,
//! which gives the general path's error, its order (the left operand's first) and its
//! counts (an array made by the use, `Dyn::VarNew`); the comparison itself is the general
//! path's: the total order of the values (`Single::total_cmp`, `Double::total_cmp`), which
//! puts zeros of either sign equal.

use super::value::Value;
use super::vars::ArrayData;
use super::{Machine, Res};
use crate::compile::code::{CExpr, CmpKind, NumCmp, NumOperand};
use crate::error::ErrorCode;
use crate::num::{Double, Single};
use std::cmp::Ordering;

/// The floating types `NumCmp` compares: read from a scalar's value and from an array's
/// elements.
trait Float: Copy {
    fn of_value(v: &Value) -> Option<Self>;
    fn of_data(d: &ArrayData) -> Option<&[Self]>;
    fn order(self, o: Self) -> Ordering;
}

impl Float for Single {
    #[inline(always)]
    fn of_value(v: &Value) -> Option<Single> {
        match v {
            Value::Sng(s) => Some(*s),
            _ => None,
        }
    }

    #[inline(always)]
    fn of_data(d: &ArrayData) -> Option<&[Single]> {
        match d {
            ArrayData::Sng(v) => Some(v),
            _ => None,
        }
    }

    #[inline(always)]
    fn order(self, o: Single) -> Ordering {
        self.total_cmp(o)
    }
}

impl Float for Double {
    #[inline(always)]
    fn of_value(v: &Value) -> Option<Double> {
        match v {
            Value::Dbl(d) => Some(*d),
            _ => None,
        }
    }

    #[inline(always)]
    fn of_data(d: &ArrayData) -> Option<&[Double]> {
        match d {
            ArrayData::Dbl(v) => Some(v),
            _ => None,
        }
    }

    #[inline(always)]
    fn order(self, o: Double) -> Ordering {
        self.total_cmp(o)
    }
}

impl Machine {
    /// `CExpr::CmpNums` as a condition (out of line: `condition_general` only
    /// dispatches).
    #[inline(never)]
    pub(super) fn cmp_nums_condition(&mut self, both: &(NumCmp, CExpr)) -> Res<bool> {
        match self.cmp_nums_now(&both.0) {
            Some(b) => Ok(b),
            None => self.cmp_nums_general(&both.1),
        }
    }

    /// `CExpr::CmpNums` as a value: -1 true, 0 false (out of line: `eval_node` keeps
    /// its frame).
    #[inline(never)]
    pub(super) fn cmp_nums_value(&mut self, both: &(NumCmp, CExpr)) -> Res<Value> {
        match self.cmp_nums_now(&both.0) {
            Some(b) => Ok(Value::Int(-i16::from(b))),
            None => self.eval_node(&both.1),
        }
    }

    /// The comparison's general form (a comparison operator's `Bin`) as a condition,
    /// as `condition` takes it.
    #[cold]
    #[inline(never)]
    fn cmp_nums_general(&mut self, general: &CExpr) -> Res<bool> {
        match general {
            CExpr::Bin(op, a, b) => self.compare(*op, a, b),
            _ => Err(ErrorCode::InternalError.into()),
        }
    }

    /// The comparison when both operands read at once; None otherwise.
    #[inline(always)]
    fn cmp_nums_now(&self, c: &NumCmp) -> Option<bool> {
        let o = match c.kind {
            CmpKind::SngPair => self.num_pair::<Single>(c.a, c.b)?,
            CmpKind::DblPair => self.num_pair::<Double>(c.a, c.b)?,
            CmpKind::Sng => self
                .num_operand::<Single>(c.a)?
                .order(self.num_operand(c.b)?),
            CmpKind::Dbl => self
                .num_operand::<Double>(c.a)?
                .order(self.num_operand(c.b)?),
        };
        Some(c.holds(o))
    }

    /// Two elements of one array whose subscripts begin with one variable (a sort's
    /// test), if both read at once: the variable read once, the array found once.
    #[inline(always)]
    fn num_pair<T: Float>(&self, a: NumOperand, b: NumOperand) -> Option<Ordering> {
        let x = self.int_var(a.at.v)?;
        let i = self.lin_from(x, a.at)?;
        let j = self.lin_from(x, b.at)?;
        let arr = self.run.vars.arrays[a.arr as usize].as_ref()?;
        let u = T::of_data(&arr.data)?;
        Some(u.get(arr.at1(i))?.order(*u.get(arr.at1(j))?))
    }

    /// An operand of `NumCmp`, if it reads at once.
    #[inline(always)]
    fn num_operand<T: Float>(&self, o: NumOperand) -> Option<T> {
        if o.arr == NumOperand::SCALAR {
            return T::of_value(&self.run.vars.scalars[o.at.v as usize]);
        }
        let i = self.lin_from(self.int_var(o.at.v)?, o.at)?;
        let arr = self.run.vars.arrays[o.arr as usize].as_ref()?;
        T::of_data(&arr.data)?.get(arr.at1(i)).copied()
    }
}
