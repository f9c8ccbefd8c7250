//! Expressions and names: what the parser reads wherever a statement takes a value or a
//! place to assign. Expressions are the same in both phases' sources; the compiler turns
//! them into `compile::code::CExpr`.

use crate::error::ErrorCode;
use crate::num::Num;
use std::rc::Rc;

/// A variable type, from a suffix or the DEFtype table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VarType {
    /// `%`: 16-bit integer.
    Int,
    /// `!`: MBF single precision.
    Sng,
    /// `#`: MBF double precision.
    Dbl,
    /// `$`: string of up to 255 bytes.
    Str,
}

impl VarType {
    pub fn from_suffix(c: u8) -> Option<VarType> {
        match c {
            b'%' => Some(VarType::Int),
            b'!' => Some(VarType::Sng),
            b'#' => Some(VarType::Dbl),
            b'$' => Some(VarType::Str),
            _ => None,
        }
    }
    pub fn suffix(self) -> u8 {
        match self {
            VarType::Int => b'%',
            VarType::Sng => b'!',
            VarType::Dbl => b'#',
            VarType::Str => b'$',
        }
    }
    /// Bytes a value of this type occupies in GW-BASIC's memory (a string: its descriptor).
    pub fn size(self) -> usize {
        match self {
            VarType::Int => 2,
            VarType::Sng => 4,
            VarType::Dbl => 8,
            VarType::Str => 3,
        }
    }
}

/// A variable or array name as written: upper-case letters, digits and dots, and the
/// suffix if one was written.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Name {
    pub text: Rc<[u8]>,
    pub suffix: Option<VarType>,
}

impl Name {
    pub fn first_letter(&self) -> u8 {
        self.text.first().copied().unwrap_or(b'A')
    }
}

/// Shown as written: `A`, `NAME$` (the AST dump).
impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.text))?;
        if let Some(t) = self.suffix {
            write!(f, "{}", t.suffix() as char)?;
        }
        Ok(())
    }
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `-x`
    Neg,
    /// `NOT x`
    Not,
}

/// Binary operators, in GW-BASIC's precedence classes (see `parse::expr` table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Pow,
    Mul,
    Div,
    IntDiv,
    Mod,
    Add,
    Sub,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    And,
    Or,
    Xor,
    Eqv,
    Imp,
}

/// An expression.
#[derive(Clone, PartialEq)]
pub enum Expr {
    /// A numeric constant.
    Num(Num),
    /// `"text"`
    Str(Rc<[u8]>),
    /// `A`, `A%`, `NAME$`
    Var(Name),
    /// `A(i, j)`: an array element.
    Index(Name, Vec<Expr>),
    /// `FNname(args)` / `FNname`: a user function.
    UserFn(Name, Vec<Expr>),
    /// `-x`, `NOT x`
    Unary(UnOp, Box<Expr>),
    /// `x op y`
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A built-in function: `SIN(x)`, `MID$(a$, 2, 3)`, `RND`, `INKEY$`, `INPUT$(n, #f)`.
    /// A call whose text breaks off has an `Expr::Raise` as its last argument.
    Call(Func, Vec<Expr>),
    /// Text that does not parse: the operands scanned before the fault are evaluated in
    /// order (their errors come first), then the error is raised.
    Raise(Vec<Expr>, ErrorCode),
}

impl Expr {
    /// An error raised where nothing was scanned before it.
    pub fn raise(code: ErrorCode) -> Expr {
        Expr::Raise(Vec::new(), code)
    }

    /// The expression holds a fault (always in its last operand, where the text broke off).
    pub fn is_faulty(&self) -> bool {
        match self {
            Expr::Raise(..) => true,
            Expr::Index(_, v) | Expr::UserFn(_, v) | Expr::Call(_, v) => {
                v.last().is_some_and(Expr::is_faulty)
            }
            Expr::Unary(_, x) | Expr::Binary(_, _, x) => x.is_faulty(),
            Expr::Num(_) | Expr::Str(_) | Expr::Var(_) => false,
        }
    }
}

/// Shown compactly for the AST dump: operators in prefix form, `(+ A 1)`; a fault as
/// `raise[parts](error)`.
impl std::fmt::Debug for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |f: &mut std::fmt::Formatter<'_>, v: &[Expr]| -> std::fmt::Result {
            for (i, e) in v.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{e:?}")?;
            }
            Ok(())
        };
        match self {
            Expr::Num(n) => {
                let suffix = match n {
                    Num::Int(_) => "",
                    Num::Sng(_) => "!",
                    Num::Dbl(_) => "#",
                };
                write!(f, "{}{suffix}", n.to_basic_string().trim())
            }
            Expr::Str(s) => write!(f, "{:?}", String::from_utf8_lossy(s)),
            Expr::Var(n) => write!(f, "{n:?}"),
            Expr::Index(n, v) => {
                write!(f, "{n:?}(")?;
                list(f, v)?;
                f.write_str(")")
            }
            Expr::UserFn(n, v) => {
                write!(f, "FN{n:?}(")?;
                list(f, v)?;
                f.write_str(")")
            }
            Expr::Unary(op, x) => write!(f, "({op:?} {x:?})"),
            Expr::Binary(op, x, y) => write!(f, "({op:?} {x:?} {y:?})"),
            Expr::Call(func, v) => {
                write!(f, "{func:?}(")?;
                list(f, v)?;
                f.write_str(")")
            }
            Expr::Raise(v, code) => {
                f.write_str("raise[")?;
                list(f, v)?;
                write!(f, "]({code})")
            }
        }
    }
}

/// Built-in functions, named like their keywords.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Func {
    Abs,
    Asc,
    Atn,
    Cdbl,
    ChrS,
    Cint,
    Cos,
    Csng,
    Cvi,
    Cvs,
    Cvd,
    Csrlin,
    DateS,
    Environ,
    Eof,
    Erdev,
    ErdevS,
    Err,
    Erl,
    Exp,
    Exterr,
    Fix,
    Fre,
    HexS,
    InkeyS,
    Inp,
    InputS,
    Instr,
    Int,
    IoctlS,
    LeftS,
    Len,
    Loc,
    Lof,
    Log,
    Lpos,
    MidS,
    MkiS,
    MksS,
    MkdS,
    OctS,
    Peek,
    Pen,
    Play,
    Pmap,
    Point,
    Pos,
    RightS,
    Rnd,
    Screen,
    Sgn,
    Sin,
    SpaceS,
    Sqr,
    Stick,
    StrS,
    Strig,
    StringS,
    Tan,
    TimeS,
    Timer,
    Usr,
    Val,
    Varptr,
    VarptrS,
    /// `VARPTR(#n)`: the address of file n's data block.
    VarptrFile,
}

/// Something that can be assigned: a scalar or an array element.
#[derive(Debug, Clone, PartialEq)]
pub enum LValue {
    Var(Name),
    Index(Name, Vec<Expr>),
}

impl LValue {
    pub fn name(&self) -> &Name {
        match self {
            LValue::Var(n) | LValue::Index(n, _) => n,
        }
    }
}

super::part::plain_part!(VarType);
