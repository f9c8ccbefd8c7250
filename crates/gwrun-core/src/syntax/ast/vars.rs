//! Variables, arrays, user functions and DATA: LET, SWAP, MID$ assignment, DIM, ERASE,
//! OPTION BASE, DEFINT/DEFSNG/DEFDBL/DEFSTR, DEF FN, DATA, READ, RESTORE, RANDOMIZE and
//! CLEAR. Run by `machine::{assign, data, control}` and the machine's variable tables.

use super::VarType;
use super::part::{Array, Expr, Kinds, Part, SwapFlat, Target, UserFn, Var, node};
use super::{Fold, Phase, Visit};

node! {
    /// `[LET] target = value`
    pub struct Let {
        pub target: Target,
        pub value: Expr,
    }
}

/// `SWAP a, b` (compiled: with the two elements' flat form, if they have one). Written
/// out as `node!` would write it, but for its Debug form, which leaves the flat form
/// out (the dumps show the statement as parsed and compiled, not the machine's
/// shortcut).
#[derive(Clone)]
pub struct Swap<P: Phase = Kinds> {
    pub a: <Target as Part>::Of<P>,
    pub b: <Target as Part>::Of<P>,
    pub flat: <SwapFlat as Part>::Of<P>,
}

impl<P: Phase> std::fmt::Debug for Swap<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Swap")
            .field("a", &self.a)
            .field("b", &self.b)
            .finish()
    }
}

impl Part for Swap {
    type Of<P: Phase> = Swap<P>;
    fn map<P: Phase, Q: Phase>(x: &Swap<P>, f: &mut impl Fold<P, Q>) -> Swap<Q> {
        Swap {
            a: <Target as Part>::map(&x.a, f),
            b: <Target as Part>::map(&x.b, f),
            flat: <SwapFlat as Part>::map(&x.flat, f),
        }
    }
    fn visit<P: Phase>(x: &Swap<P>, v: &mut impl Visit<P>) {
        <Target as Part>::visit(&x.a, v);
        <Target as Part>::visit(&x.b, v);
        <SwapFlat as Part>::visit(&x.flat, v);
    }
}

node! {
    /// `MID$(s$, start [, len]) = value`
    pub struct MidAssign {
        pub target: Target,
        pub start: Expr,
        pub len: Option<Expr>,
        pub value: Expr,
    }
}

node! {
    /// A name in a DIM list.
    pub enum DimItem {
        /// `DIM A`: a plain name is looked up (and created) as a scalar.
        Scalar(Var),
        /// `DIM A(n, m)`
        Array(Array, Vec<Expr>),
        /// Where the list goes wrong: the arrays before it are made, then this is
        /// evaluated and raises its error (S GWMAIN.ASM DIMCON: each array is made by
        /// PTRGET with DIMFLG as its name is scanned).
        Fault(Expr),
    }
}

node! {
    /// `DIM a(n [, m ...]) [, ...]`
    pub struct Dim {
        pub items: Vec<DimItem>,
    }
}

node! {
    /// `ERASE a [, b ...]`
    pub struct Erase {
        pub arrays: Vec<Array>,
    }
}

node! {
    /// `OPTION BASE 0|1`
    pub struct OptionBase {
        pub base: u8,
    }
}

node! {
    /// `DEFINT/DEFSNG/DEFDBL/DEFSTR a-b, c ...`: the letter ranges, first and last;
    /// `junk`: text that is no range follows them (a Syntax error once they are applied).
    pub struct DefType {
        pub ty: VarType,
        pub ranges: Vec<(u8, u8)>,
        pub junk: bool,
    }
}

node! {
    /// `DEF FNname[(params)] = expr`
    pub struct DefFn {
        pub func: UserFn,
        pub params: Vec<Var>,
        pub body: Expr,
    }
}

node! {
    /// `DATA ...` (items are read by READ from the raw text)
    pub struct Data;
}

node! {
    /// `READ vars`; `fault`: the variable list goes wrong after `targets` (no variable
    /// after a comma, anything but `,` or the end after one): raised once `targets` have
    /// their values, before the DATA pointer moves (S GWMAIN.ASM READ: LOPDAT assigns each
    /// variable as it is scanned, LOPDT2's `SYNCHR ','`, RESFIN stores DATPTR at the end).
    pub struct Read {
        pub targets: Vec<Target>,
        pub fault: Option<Expr>,
    }
}

node! {
    /// `RESTORE [n]`
    pub struct Restore {
        pub line: Option<u16>,
    }
}

node! {
    /// `RANDOMIZE [expr]`
    pub struct Randomize {
        pub seed: Option<Expr>,
    }
}

node! {
    /// `CLEAR [n][,[mem][,stack]]` (n is checked and ignored); `junk`: text after the
    /// operands, a Syntax error once they are read and checked, before anything is
    /// cleared (so ON ERROR still traps it) [S BIMISC.ASM CLEAR, CLEARS].
    pub struct Clear {
        pub first: Option<Expr>,
        pub mem: Option<Expr>,
        pub stack: Option<Expr>,
        pub junk: bool,
    }
}
