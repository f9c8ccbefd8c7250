//! The compiled form a program runs as: per line, the statements of `ast::Stmt` in the
//! `Compiled` phase, with variables resolved to slots, line numbers to line indexes, IF
//! flattened (its branches follow it in line; a false test skips over them), each
//! FOR/WHILE bound to its NEXT/WEND by GW-BASIC's forward scan, and a SWAP of two
//! elements with flat subscripts given their flat form (`SwapElems`). Positions (`Pos`: line
//! index, statement index) are the program counter of `machine`.
//!
//! What the program counter does at each statement (the rest fall through to the next
//! statement, or raise an error and stay):
//!
//! | statement | operands | program counter |
//! |---|---|---|
//! | `If` | `cond`, `IfSkip { to, bytes }` | cond false: statement `to` of the line (the ELSE branch, or `u32::MAX`: the next line) |
//! | `Else` | bytes to the end of the line | next line |
//! | `Goto`, `Gosub` | `Jump` | the target line (GOSUB pushes the return position) |
//! | `Return` | `Option<Jump>` | the GOSUB's return position, or the target line |
//! | `On` | selector, `Jump`s | the chosen target, or the next statement |
//! | `For` | `ForBind { next }` | loop done at once: past its NEXT (and on with the NEXT's other variables) |
//! | `Next` | variable slots | loop goes on: after its FOR |
//! | `While` | `WhileBind { wend }` | condition false: after its WEND |
//! | `Wend` | — | after its WHILE, when the condition still holds |
//! | `Resume`, `Run`, `Cont`, `Chain`, `Load` | | where they say |
//! | `End`, `Stop`, `System`, `Raise` | | the run stops (or traps the error) |

use crate::error::ErrorCode;
use crate::num::{Double, Single};
use crate::syntax::ast::{BinOp, Channel, Func, Phase, PrintItem, Stmt, VarType};
use std::cell::OnceCell;
use std::rc::Rc;

pub use super::cmpnums::{CmpKind, NumCmp, NumOperand};

/// Line index used for the direct-mode line.
pub const DIRECT: u32 = u32::MAX;

/// The compiler's output phase of `ast::Stmt`.
#[derive(Debug, Clone)]
pub struct Compiled;

impl Phase for Compiled {
    type Expr = CExpr;
    type Target = CLValue;
    type Var = VarSlot;
    type Array = u32;
    type Line = Jump;
    type UserFn = u32;
    type IfBranches = IfSkip;
    type ElseSkip = u16;
    type ForBind = Box<ForBind>;
    type WhileBind = WhileBind;
    type SwapFlat = Option<Box<SwapElems>>;
}

/// A compiled statement: what the machine executes.
pub type Instr = Stmt<Compiled>;
/// A compiled PRINT/INPUT channel.
pub type CChannel = Channel<Compiled>;
/// A compiled PRINT item.
pub type CPrintItem = PrintItem<Compiled>;
/// A compiled COMMON item.
pub type CommonSlots = crate::syntax::ast::CommonItem<Compiled>;

/// A position in the program: line index and statement index within it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: u32,
    pub instr: u32,
}

/// Where a FOR's matching NEXT is: the NEXT statement and which of its variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextPos {
    pub pos: Pos,
    pub var: u32,
}

/// A scalar variable named on its own: its slot and type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VarSlot {
    pub slot: u32,
    pub ty: VarType,
}

/// Where IF goes when its condition is false.
#[derive(Debug, Clone, Copy)]
pub struct IfSkip {
    /// Statement index of the ELSE branch, or `u32::MAX` (the next line).
    pub to: u32,
    /// Bytes GW scans to get there (cost model).
    pub bytes: u16,
}

/// A FOR's binding, found by GW's forward scan.
#[derive(Debug, Clone)]
pub struct ForBind {
    /// The NEXT the scan binds this FOR to, or FOR without NEXT.
    pub next: Result<NextPos, ErrorCode>,
    /// The error the FOR raises at once, before it assigns its variable, and the NEXT
    /// whose line it is reported at: its NEXT names another variable (NEXT without FOR),
    /// or the scan meets a malformed NEXT (Syntax error) [M unsorted/FORNEXT, NASTYFO3,
    /// SPAGH5].
    pub at_once: Option<(ErrorCode, Pos)>,
    /// Bytes walked by the scan (cost model).
    pub scan_bytes: u32,
    /// Where the loop's NEXT goes back to: the statement after the FOR; when the FOR ends
    /// a program line that has a next line, that line's start (entered there, as the end
    /// of the FOR's line would enter it: no walk to the line's end on every pass).
    pub resume: Pos,
    /// Variables named by NEXTs inside the body and the bound NEXT's (the scan and that
    /// NEXT make them), each with its NEXT, found the first time the FOR runs.
    pub scanned_vars: OnceCell<Box<[(u32, Pos)]>>,
    /// `Vars::clears` + 1 when every variable of `scanned_vars` was last found created
    /// (0: not yet): until the variables are cleared again, touching them does nothing.
    pub scanned_touched: std::cell::Cell<u64>,
    /// An integer FOR's operands in their flat forms, when each has one and the FOR
    /// binds a NEXT with no error at once (set by `bind_loops`).
    pub flat: Option<ForFlat>,
}

/// An integer FOR whose start, limit and step each have a flat form (`IFlat`), that has
/// no text after it and whose scan binds its NEXT (`next`) with no error: the FOR reads
/// its operands with no dispatch on their shapes (`Machine::exec_for_int`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForFlat {
    pub start: IFlat,
    pub limit: IFlat,
    pub step: IFlat,
    pub next: NextPos,
}

/// An integer operand in one flat form: `c`, plus integer variable `a` unless it is
/// `IFlat::NONE`, plus `sb` (1 or -1) times integer variable `b` unless it is
/// `IFlat::NONE` (`1`, `N`, `J-D`, `D+1`, `-D`, `I-1`), summed exactly: its value when
/// the sum fits an integer, as the shape's own checked step gives it (one operator at
/// most), None where that gives None (a sum out of range, a variable not an integer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IFlat {
    pub a: u32,
    pub b: u32,
    pub sb: i32,
    pub c: i32,
}

impl IFlat {
    /// No variable.
    pub const NONE: u32 = u32::MAX;

    /// The flat form of a FOR's operand, if it has one: an integer constant, a variable
    /// (whose type the reading tests), or a pure-integer shape of one `+` or `-`.
    pub fn of(e: &CExpr) -> Option<IFlat> {
        const N: u32 = IFlat::NONE;
        let (a, b, sb, c) = match e {
            CExpr::Int(c) => (N, N, 1, i32::from(*c)),
            CExpr::Scalar(v) => (*v, N, 1, 0),
            CExpr::IntPure(both) => match both.0 {
                IExpr::Const(c) => (N, N, 1, i32::from(c)),
                IExpr::Var(v) => (v, N, 1, 0),
                IExpr::AddVV(x, y) | IExpr::BinVV(BinOp::Add, x, y) => (x, y, 1, 0),
                IExpr::BinVV(BinOp::Sub, x, y) => (x, y, -1, 0),
                IExpr::AddVC(x, c) | IExpr::BinVC(BinOp::Add, x, c) => (x, N, 1, i32::from(c)),
                IExpr::BinCV(BinOp::Add, c, y) => (y, N, 1, i32::from(c)),
                IExpr::BinVC(BinOp::Sub, x, c) => (x, N, 1, -i32::from(c)),
                IExpr::BinCV(BinOp::Sub, c, y) => (N, y, -1, i32::from(c)),
                _ => return None,
            },
            _ => return None,
        };
        Some(IFlat { a, b, sb, c })
    }
}

impl ForFlat {
    /// The flat form of an integer FOR (`var`, its operands, `junk`: text after it), if
    /// it has one.
    pub fn new(
        var: VarSlot,
        (start, limit, step): (&CExpr, &CExpr, Option<&CExpr>),
        junk: bool,
        bind: &ForBind,
    ) -> Option<ForFlat> {
        if var.ty != VarType::Int || junk || bind.at_once.is_some() {
            return None;
        }
        let step = match step {
            Some(e) => IFlat::of(e)?,
            None => IFlat {
                a: IFlat::NONE,
                b: IFlat::NONE,
                sb: 1,
                c: 1,
            },
        };
        let Ok(next) = bind.next else {
            return None;
        };
        Some(ForFlat {
            start: IFlat::of(start)?,
            limit: IFlat::of(limit)?,
            step,
            next,
        })
    }
}

/// A WHILE's binding, found by GW's forward scan.
#[derive(Debug, Clone, Copy)]
pub struct WhileBind {
    pub wend: Result<Pos, ErrorCode>,
    pub scan_bytes: u32,
}

/// A compiled expression.
#[derive(Debug, Clone)]
pub enum CExpr {
    Int(i16),
    Sng(Single),
    Dbl(Double),
    Str(Rc<[u8]>),
    /// A scalar variable by slot.
    Scalar(u32),
    /// An array element: array slot and subscripts.
    Elem(u32, Box<[CExpr]>),
    /// An element of a one-dimensional array (the common case, kept apart for speed).
    Elem1(u32, Box<CExpr>),
    Neg(Box<CExpr>),
    Not(Box<CExpr>),
    Bin(BinOp, Box<CExpr>, Box<CExpr>),
    Call(Func, Box<[CExpr]>),
    /// A user function (index into the function table) and its arguments.
    UserFn(u32, Box<[CExpr]>),
    /// An expression whose operands are all integers: tried first as pure 16-bit
    /// arithmetic (`fast`); on overflow, a missing array or a bad subscript the general
    /// form (`slow`) is evaluated instead, which gives GW-BASIC's promotion or error.
    IntPure(Box<(IExpr, CExpr)>),
    /// An expression whose type is single at compile time, in its typed form (`fast`,
    /// evaluated without a `Value` per node, `compile::typed`) and its general form
    /// (`slow`, for what inspects the expression's shape: never evaluated instead).
    /// The third part: the typed form's top as `Leaves`, when it is an operator on two
    /// leaves (a LET of it runs in a frame of its own, `Machine::let_leaves`).
    TypedS(Box<(SExpr, CExpr, Option<Box<Leaves>>)>),
    /// The same for an expression whose type is double at compile time.
    TypedD(Box<(DExpr, CExpr)>),
    /// A comparison of two single (or two double) scalars or elements with flat
    /// subscripts, read and compared at once (`compile::cmpnums`), and its general form
    /// (a `Bin`), evaluated instead when the reading does not hold.
    CmpNums(Box<(NumCmp, CExpr)>),
    /// Text that went wrong (`ast::Expr::Raise`, or a call whose text broke off).
    Raise(Box<Fault>),
}

/// What GW-BASIC did before it met a fault in the text: evaluate `parts` in order (the
/// arguments of `func`, each converted as that function converts it when scanned), then
/// raise `code`.
#[derive(Debug, Clone)]
pub struct Fault {
    pub parts: Box<[CExpr]>,
    pub code: ErrorCode,
    pub func: Option<Func>,
}

/// A pure integer expression (no side effects, no allocation).
#[derive(Debug, Clone)]
pub enum IExpr {
    Const(i16),
    /// An integer scalar.
    Var(u32),
    /// An element of a one-dimensional integer array.
    Elem1(u32, Box<IExpr>),
    Neg(Box<IExpr>),
    Not(Box<IExpr>),
    Bin(BinOp, Box<IExpr>, Box<IExpr>),
    /// `var + var` and `var + constant`: the commonest subscripts (`K+D`, `J+1`), with no
    /// operator to dispatch on.
    AddVV(u32, u32),
    AddVC(u32, i16),
    /// `var op var` (a common shape kept flat for speed).
    BinVV(BinOp, u32, u32),
    /// `var op constant`.
    BinVC(BinOp, u32, i16),
    /// `constant op var`.
    BinCV(BinOp, i16, u32),
    /// `array(var)`.
    ElemV(u32, u32),
    /// A comparison of two one-dimensional integer elements (a sort's `A(K)<=A(K+D)`):
    /// both read and compared at once.
    CmpElems(Box<ElemPair>),
}

/// The operands of `IExpr::CmpElems`: each element's array and subscript, and the
/// comparison as a mask of the orderings it is true for (bit 0 less, 1 equal, 2 greater).
#[derive(Debug, Clone)]
pub struct ElemPair {
    pub a: u32,
    pub i: Lin,
    pub b: u32,
    pub j: Lin,
    pub truth: u8,
}

/// A subscript of `IExpr::CmpElems` in one flat form, read with no dispatch on its
/// shape: integer variable `v`, plus integer variable `w` unless it is `Lin::NONE`, plus
/// `c` (`K`, `K+D`, `I+1`, `I-1`, `1+I`). Each addition is checked as the shape's own
/// (`IExpr::AddVV`, `AddVC`, `BinVC`): a sum out of range gives None where it gives None.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lin {
    pub v: u32,
    pub w: u32,
    pub c: i16,
}

impl Lin {
    /// `w` when there is no second variable.
    pub const NONE: u32 = u32::MAX;

    /// The flat form of a subscript, if it has one. `v - c` is `v + (-c)`: the same
    /// value, out of range for the same `v` (c = -32768 has no negation and stays out).
    pub fn of(e: &IExpr) -> Option<Lin> {
        let (v, w, c) = match *e {
            IExpr::Var(v) => (v, Lin::NONE, 0),
            IExpr::AddVV(v, w) => (v, w, 0),
            IExpr::AddVC(v, c) | IExpr::BinCV(BinOp::Add, c, v) => (v, Lin::NONE, c),
            IExpr::BinVC(BinOp::Sub, v, c) => (v, Lin::NONE, c.checked_neg()?),
            _ => return None,
        };
        Some(Lin { v, w, c })
    }

    /// The flat form of a subscript as compiled (an integer variable on its own is a
    /// `CExpr::Scalar`; the other shapes are pure integer forms), if it has one.
    pub fn of_subscript(e: &CExpr) -> Option<Lin> {
        match e {
            CExpr::Scalar(v) => Lin::of(&IExpr::Var(*v)),
            CExpr::IntPure(both) => Lin::of(&both.0),
            _ => None,
        }
    }
}

/// SWAP's two targets when both are elements of one array with one subscript each in a
/// flat form (`SWAP A(K),A(K+D)`): read with no dispatch on the subscripts' shapes
/// (`Machine::swap_flat`); the targets' general form stays beside it in the statement.
#[derive(Debug, Clone)]
pub struct SwapElems {
    pub arr: u32,
    pub i: Lin,
    pub j: Lin,
}

impl SwapElems {
    /// The flat form of SWAP's targets `a`, `b`, if they have one.
    pub fn of(a: &CLValue, b: &CLValue) -> Option<Box<SwapElems>> {
        let (CLValue::Elem(x, sa), CLValue::Elem(y, sb)) = (a, b) else {
            return None;
        };
        let ([ea], [eb]) = (&sa[..], &sb[..]) else {
            return None;
        };
        if x != y {
            return None;
        }
        let (i, j) = (Lin::of_subscript(ea)?, Lin::of_subscript(eb)?);
        Some(Box::new(SwapElems { arr: *x, i, j }))
    }
}

impl ElemPair {
    /// `x op y` for two element forms (`IExpr::ElemV`, `IExpr::Elem1`) whose subscripts
    /// have a flat form (`Lin`) and a comparison operator; None for anything else.
    pub fn new(op: BinOp, x: &IExpr, y: &IExpr) -> Option<ElemPair> {
        let truth = super::cmpnums::truth(op)?;
        let elem = |e: &IExpr| match e {
            IExpr::ElemV(a, v) => Some((*a, Lin::of(&IExpr::Var(*v))?)),
            IExpr::Elem1(a, sub) => Some((*a, Lin::of(sub)?)),
            _ => None,
        };
        let ((a, i), (b, j)) = (elem(x)?, elem(y)?);
        Some(ElemPair { a, i, b, j, truth })
    }

    /// Whether the comparison holds for ordering `o`.
    #[inline(always)]
    pub fn holds(&self, o: std::cmp::Ordering) -> bool {
        (self.truth >> (o as i8 + 1)) & 1 != 0
    }
}

/// A single-precision expression in typed form (`compile::typed` says which shapes
/// become one; `machine::typed` evaluates them).
#[derive(Debug, Clone)]
pub enum SExpr {
    Const(Single),
    /// A single scalar.
    Var(u32),
    /// An integer scalar, converted exactly.
    IntVar(u32),
    /// An integer-only expression: its 16-bit form, and its general form for when that
    /// does not give GW-BASIC's answer (the value may then be a single).
    Int(Box<(IExpr, CExpr)>),
    /// `RND` without an argument.
    Rnd,
    Neg(Box<SExpr>),
    /// `+ - * /`.
    Bin(BinOp, Box<SExpr>, Box<SExpr>),
    /// INT, FIX, ABS and the math functions of a single argument.
    Fn(Func, Box<SExpr>),
}

/// A leaf of `Leaves`: a single scalar (`slot`), its negation (`neg`), or a constant
/// (`slot` is `Leaf::CONST`, `value` the constant): read with no side effect, and with
/// no tag of its own to dispatch on.
#[derive(Debug, Clone, Copy)]
pub struct Leaf {
    pub slot: u32,
    pub neg: bool,
    pub value: Single,
}

impl Leaf {
    /// `slot` of a constant.
    pub const CONST: u32 = u32::MAX;

    /// The leaf `e` is, if it is one: a constant, a single scalar or its negation.
    pub fn of(e: &SExpr) -> Option<Leaf> {
        let (slot, neg, value) = match e {
            SExpr::Const(s) => (Leaf::CONST, false, *s),
            SExpr::Var(v) => (*v, false, Single::ZERO),
            SExpr::Neg(a) => match **a {
                SExpr::Var(v) => (v, true, Single::ZERO),
                _ => return None,
            },
            _ => return None,
        };
        Some(Leaf { slot, neg, value })
    }
}

/// `a op b`, an operator on two leaves resolved when compiling (`I!/1000!`: the top of a
/// typed single, `CExpr::TypedS`, and a math function's argument, `Factor::FnLeaves`),
/// and the same in its tree form (`whole`, an `SExpr::Bin`), evaluated instead when a
/// variable does not hold its type (as `sng_t` takes it).
#[derive(Debug, Clone)]
pub struct Leaves {
    pub op: BinOp,
    pub a: Leaf,
    pub b: Leaf,
    pub whole: SExpr,
}

impl Leaves {
    /// `e` as `Leaves` when it is an operator on two leaves; `e` itself otherwise.
    pub fn of(e: SExpr) -> Result<Box<Leaves>, SExpr> {
        if let SExpr::Bin(op, x, y) = &e
            && let Some(a) = Leaf::of(x)
            && let Some(b) = Leaf::of(y)
        {
            return Ok(Box::new(Leaves {
                op: *op,
                a,
                b,
                whole: e,
            }));
        }
        Err(e)
    }

    /// `Leaves::of` of a clone of `e`, for the typed form's top (`CExpr::TypedS`); no
    /// clone is made of anything else.
    pub fn top(e: &SExpr) -> Option<Box<Leaves>> {
        match e {
            SExpr::Bin(_, x, y) if Leaf::of(x).is_some() && Leaf::of(y).is_some() => {
                Leaves::of(e.clone()).ok()
            }
            _ => None,
        }
    }
}

/// A double-precision expression in typed form.
#[derive(Debug, Clone)]
pub enum DExpr {
    Const(Double),
    /// A double scalar.
    Var(u32),
    /// A single-precision operand, widened exactly.
    Sng(Box<SExpr>),
    /// An integer scalar, converted exactly.
    IntVar(u32),
    /// An integer-only expression (as `SExpr::Int`).
    Int(Box<(IExpr, CExpr)>),
    /// `LEN(..)`, `ASC(..)`, `INSTR(..)`: a call whose value is an integer, made by the
    /// general evaluator and converted exactly (what `binop` does with it beside a
    /// double).
    IntCall(Box<CExpr>),
    Neg(Box<DExpr>),
    /// `+ - * /`.
    Bin(BinOp, Box<DExpr>, Box<DExpr>),
    /// INT, FIX or ABS.
    Fn(Func, Box<DExpr>),
    /// `D# + a·b` or `D# − a·b` (`Bin` of a double scalar and a single product, as it
    /// would be compiled otherwise): an accumulation's shape (`S#=S#+SIN(X!)*SQR(X!)`)
    /// resolved when compiling, so that evaluation goes straight to the sum.
    AccProduct(Box<AccProduct>),
}

/// `DExpr::AccProduct`: the double scalar `acc` plus (or, `sub`, minus) the product of
/// the single operands `a` and `b`.
#[derive(Debug, Clone)]
pub struct AccProduct {
    pub acc: u32,
    pub sub: bool,
    pub a: Factor,
    pub b: Factor,
}

/// A factor of `AccProduct`, its common shapes resolved when compiling.
#[derive(Debug, Clone)]
pub enum Factor {
    /// A function (`SExpr::Fn`) of a single scalar: `SIN(X!)`.
    FnVar(Func, u32),
    /// A function of an operator on two leaves: `EXP(-X!/50!)`.
    FnLeaves(Func, Box<Leaves>),
    /// A function of any other argument.
    FnArg(Func, Box<SExpr>),
    /// A single scalar.
    Var(u32),
    /// Any other operand (boxed: the factor keeps a tag of its own, not a niche of
    /// `SExpr`'s, so that its test is one comparison).
    Expr(Box<SExpr>),
}

impl Factor {
    /// The factor of the typed form `e`.
    pub fn of(e: SExpr) -> Factor {
        match e {
            SExpr::Var(v) => Factor::Var(v),
            SExpr::Fn(f, a) => match *a {
                SExpr::Var(v) => Factor::FnVar(f, v),
                a => match Leaves::of(a) {
                    Ok(l) => Factor::FnLeaves(f, l),
                    Err(a) => Factor::FnArg(f, Box::new(a)),
                },
            },
            e => Factor::Expr(Box::new(e)),
        }
    }
}

/// A compiled assignment target.
#[derive(Debug, Clone)]
pub enum CLValue {
    Scalar(u32),
    Elem(u32, Box<[CExpr]>),
}

/// A line-number jump: the number as written, its line index if the line exists, and the
/// jump site (GW converts each site's number to a pointer on first use, digest §2.1).
#[derive(Debug, Clone, Copy)]
pub struct Jump {
    pub number: u16,
    pub target: Option<u32>,
    pub site: u32,
    /// Bytes from after the line number to the end of the line (scanned on first use).
    pub rest_of_line: u16,
}

/// A compiled statement, and how often it ran: the cost model's count of the site, kept
/// beside the statement so that counting an execution is one increment
/// (machine::counters).
#[derive(Debug, Clone)]
pub struct Site {
    pub instr: Instr,
    pub runs: std::cell::Cell<u64>,
}

impl Site {
    pub fn new(instr: Instr) -> Site {
        Site {
            instr,
            runs: std::cell::Cell::new(0),
        }
    }
}

/// One compiled line.
#[derive(Debug, Clone)]
pub struct CLine {
    pub number: u16,
    pub instrs: Vec<Site>,
    /// Byte span of each statement in the crunched line (cost model, RESUME NEXT).
    pub spans: Vec<std::ops::Range<u16>>,
    /// Site id of statement 0; statement i has site `site_base + i`.
    pub site_base: u32,
    /// The first jump site of the line (its line-number operands have the sites from
    /// here to the next line's `jump_base`, in text order).
    pub jump_base: u32,
    /// The crunched text of the line.
    pub body: Rc<[u8]>,
}

/// A DATA item: where it is and its raw text (a quoted item keeps its opening quote).
#[derive(Debug, Clone)]
pub struct DataItem {
    pub line: u16,
    pub text: Rc<[u8]>,
    /// Where the item's bytes start in its line's body (after an opening quote): READ
    /// gives a string variable this place in the program text.
    pub at: u16,
    /// A quoted item followed by other text: READ raises Syntax error here.
    pub bad: bool,
}

/// The compiled program.
#[derive(Debug, Clone, Default)]
pub struct Code {
    pub lines: Vec<CLine>,
    /// DATA items in program order.
    pub data: Vec<DataItem>,
    /// Number of jump sites (for the pointer-conversion flags).
    pub jump_sites: u32,
    /// Number of statement sites.
    pub sites: u32,
    /// The functions the program defines only without parameters (direct-mode lines
    /// are parsed with them too).
    pub bare_fns: Vec<Rc<[u8]>>,
}

impl Code {
    /// The statement at `p` (the direct line's when `p` is in it).
    pub fn instr_at<'c>(&'c self, direct: Option<&'c CLine>, p: Pos) -> Option<&'c Instr> {
        let line = if p.line == DIRECT {
            direct?
        } else {
            self.lines.get(p.line as usize)?
        };
        line.instrs.get(p.instr as usize).map(|s| &s.instr)
    }

    /// Index of line `number`, if it exists.
    pub fn find_line(&self, number: u16) -> Option<u32> {
        self.lines
            .binary_search_by_key(&number, |l| l.number)
            .ok()
            .map(|i| i as u32)
    }

    /// Index of the first line with a number >= `number`.
    pub fn line_at_or_after(&self, number: u16) -> usize {
        self.lines.partition_point(|l| l.number < number)
    }
}

#[cfg(test)]
mod tests {
    use super::{ElemPair, IExpr, Lin};
    use crate::syntax::ast::BinOp;

    /// `ElemPair`'s mask is true for exactly the orderings its operator holds for, and
    /// only the six comparisons of two elements make one.
    #[test]
    fn an_element_pair_holds_as_its_operator_does() {
        let (x, y) = (
            IExpr::ElemV(0, 1),
            IExpr::Elem1(2, Box::new(IExpr::AddVV(1, 3))),
        );
        type Truth = fn(i16, i16) -> bool;
        let ops: [(BinOp, Truth); 6] = [
            (BinOp::Lt, |a, b| a < b),
            (BinOp::Le, |a, b| a <= b),
            (BinOp::Eq, |a, b| a == b),
            (BinOp::Ne, |a, b| a != b),
            (BinOp::Gt, |a, b| a > b),
            (BinOp::Ge, |a, b| a >= b),
        ];
        let values = [i16::MIN, -1, 0, 1, 7, i16::MAX];
        for (op, truth) in ops {
            let p = ElemPair::new(op, &x, &y).expect("two elements");
            let (v1, v1v3) = (
                Lin {
                    v: 1,
                    w: Lin::NONE,
                    c: 0,
                },
                Lin { v: 1, w: 3, c: 0 },
            );
            assert_eq!((p.a, p.i, p.b, p.j), (0, v1, 2, v1v3));
            for a in values {
                for b in values {
                    assert_eq!(p.holds(a.cmp(&b)), truth(a, b), "{op:?} {a} {b}");
                }
            }
        }
        for op in [BinOp::Add, BinOp::And, BinOp::Mod] {
            assert!(ElemPair::new(op, &x, &y).is_none());
        }
        assert!(ElemPair::new(BinOp::Lt, &x, &IExpr::Var(1)).is_none());
    }

    /// Each flat subscript shape in its one form (`v - c` as `v + (-c)`), and the
    /// shapes without one: a product, a constant, `v - (-32768)` (no negation).
    #[test]
    fn subscripts_in_flat_form() {
        let lin = |v, w, c| Some(Lin { v, w, c });
        let none = Lin::NONE;
        assert_eq!(Lin::of(&IExpr::Var(4)), lin(4, none, 0));
        assert_eq!(Lin::of(&IExpr::AddVV(4, 5)), lin(4, 5, 0));
        assert_eq!(Lin::of(&IExpr::AddVC(4, 7)), lin(4, none, 7));
        assert_eq!(Lin::of(&IExpr::BinCV(BinOp::Add, 7, 4)), lin(4, none, 7));
        assert_eq!(Lin::of(&IExpr::BinVC(BinOp::Sub, 4, 7)), lin(4, none, -7));
        assert_eq!(
            Lin::of(&IExpr::BinVC(BinOp::Sub, 4, i16::MAX)),
            lin(4, none, -i16::MAX)
        );
        assert_eq!(Lin::of(&IExpr::BinVC(BinOp::Sub, 4, i16::MIN)), None);
        assert_eq!(Lin::of(&IExpr::BinVC(BinOp::Mul, 4, 1)), None);
        assert_eq!(Lin::of(&IExpr::BinCV(BinOp::Sub, 7, 4)), None);
        assert_eq!(Lin::of(&IExpr::Const(3)), None);
    }

    /// Each FOR operand shape in its flat form (`c + a + sb*b`), `v - (-32768)` as
    /// `v + 32768` (out of range only for the variables that make it so), and the
    /// shapes without one.
    #[test]
    fn for_operands_in_flat_form() {
        use super::{CExpr, IFlat};
        let n = IFlat::NONE;
        let flat = |a, b, sb, c| Some(IFlat { a, b, sb, c });
        let pure = |e: IExpr| CExpr::IntPure(Box::new((e, CExpr::Int(0))));
        assert_eq!(IFlat::of(&CExpr::Int(-5)), flat(n, n, 1, -5));
        assert_eq!(IFlat::of(&CExpr::Scalar(4)), flat(4, n, 1, 0));
        assert_eq!(IFlat::of(&pure(IExpr::Const(3))), flat(n, n, 1, 3));
        assert_eq!(IFlat::of(&pure(IExpr::Var(4))), flat(4, n, 1, 0));
        assert_eq!(IFlat::of(&pure(IExpr::AddVV(4, 5))), flat(4, 5, 1, 0));
        let sub = IExpr::BinVV(BinOp::Sub, 4, 5);
        assert_eq!(IFlat::of(&pure(sub)), flat(4, 5, -1, 0));
        assert_eq!(IFlat::of(&pure(IExpr::AddVC(4, 7))), flat(4, n, 1, 7));
        let add = IExpr::BinCV(BinOp::Add, 7, 4);
        assert_eq!(IFlat::of(&pure(add)), flat(4, n, 1, 7));
        let sub = IExpr::BinVC(BinOp::Sub, 4, i16::MIN);
        assert_eq!(IFlat::of(&pure(sub)), flat(4, n, 1, 32768));
        let neg = IExpr::BinCV(BinOp::Sub, 0, 4);
        assert_eq!(IFlat::of(&pure(neg)), flat(n, 4, -1, 0));
        assert_eq!(IFlat::of(&pure(IExpr::BinVC(BinOp::Mul, 4, 1))), None);
        assert_eq!(IFlat::of(&pure(IExpr::ElemV(1, 4))), None);
        assert_eq!(IFlat::of(&CExpr::Sng(crate::num::Single::ZERO)), None);
    }
}
