//! The parsed form of a program line: statements and expressions, each variant documented
//! with the BASIC syntax it stands for. Names are unresolved here (`compile` resolves them
//! to variable slots with the DEFtype table in force). A statement that does not parse is
//! kept as `Stmt::Invalid` so the error is raised only when it executes (digest §1.4).

use crate::error::ErrorCode;
use crate::num::Num;
use crate::text::token::Keyword;
use std::ops::Range;
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
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Name {
    pub text: Rc<[u8]>,
    pub suffix: Option<VarType>,
}

impl Name {
    pub fn first_letter(&self) -> u8 {
        self.text.first().copied().unwrap_or(b'A')
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
#[derive(Debug, Clone, PartialEq)]
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
    Call(Func, Vec<Expr>),
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

/// An item of a PRINT list.
#[derive(Debug, Clone, PartialEq)]
pub enum PrintItem {
    Expr(Expr),
    /// `,`: next 14-column zone.
    Comma,
    /// `;`: nothing.
    Semicolon,
    /// `TAB(n)`
    Tab(Expr),
    /// `SPC(n)`
    Spc(Expr),
}

/// Where PRINT/WRITE/INPUT go.
#[derive(Debug, Clone, PartialEq)]
pub enum Channel {
    Screen,
    Printer,
    File(Expr),
}

/// Statements. Line-number operands are plain numbers; `compile` resolves them.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// `[LET] target = value`
    Let { target: LValue, value: Expr },
    /// `PRINT [#f,] [USING fmt;] items` (also `?` and `LPRINT`). `error` is a syntax
    /// error met after the items: the items print first (GW parses while it prints).
    Print {
        channel: Channel,
        using: Option<Expr>,
        items: Vec<PrintItem>,
        error: Option<ErrorCode>,
    },
    /// `WRITE [#f,] exprs`
    Write { channel: Channel, exprs: Vec<Expr> },
    /// `INPUT[;] ["prompt";|,] vars` / `INPUT #f, vars`
    Input {
        channel: Channel,
        keep_line: bool,
        prompt: Option<(Rc<[u8]>, bool)>,
        targets: Vec<LValue>,
    },
    /// `LINE INPUT[;] ["prompt";] var$` / `LINE INPUT #f, var$`
    LineInput {
        channel: Channel,
        keep_line: bool,
        prompt: Option<Rc<[u8]>>,
        target: LValue,
    },
    /// `IF cond THEN stmts|n [ELSE stmts|n]`, `IF cond GOTO n [ELSE ...]`
    If {
        cond: Expr,
        then_branch: Vec<SStmt>,
        else_branch: Option<Vec<SStmt>>,
    },
    /// The rest of the line after an ELSE reached while executing: skipped, like REM.
    ElseSkip,
    /// `GOTO n` (also the target of `THEN n` / `ELSE n`)
    Goto(u16),
    /// `GOSUB n`
    Gosub(u16),
    /// `RETURN [n]`
    Return(Option<u16>),
    /// `ON x GOTO|GOSUB n1, n2, ...`
    On {
        selector: Expr,
        targets: Vec<u16>,
        gosub: bool,
    },
    /// `ON ERROR GOTO n`
    OnErrorGoto(u16),
    /// `FOR var = start TO end [STEP step]`
    For {
        var: Name,
        start: Expr,
        end: Expr,
        step: Option<Expr>,
    },
    /// `NEXT [var [, var ...]]`
    Next(Vec<Name>),
    /// `WHILE cond`
    While(Expr),
    /// `WEND`
    Wend,
    /// `DIM a(n [, m ...]) [, ...]`
    Dim(Vec<(Name, Vec<Expr>)>),
    /// `ERASE a [, b ...]`
    Erase(Vec<Name>),
    /// `OPTION BASE 0|1`
    OptionBase(u8),
    /// `DEFINT/DEFSNG/DEFDBL/DEFSTR a-b, c ...`
    DefType(VarType, Vec<(u8, u8)>),
    /// `DEF FNname[(params)] = expr`
    DefFn {
        name: Name,
        params: Vec<Name>,
        body: Expr,
    },
    /// `SWAP a, b`
    Swap(LValue, LValue),
    /// `DATA ...` (items are read by READ from the raw text)
    Data,
    /// `READ vars`
    Read(Vec<LValue>),
    /// `RESTORE [n]`
    Restore(Option<u16>),
    /// `RANDOMIZE [expr]`
    Randomize(Option<Expr>),
    /// `REM ...` or `' ...`
    Rem,
    /// `END`
    End,
    /// `STOP`
    Stop,
    /// `SYSTEM`
    System,
    /// `CLEAR [,[mem][,stack]]`
    Clear {
        mem: Option<Expr>,
        stack: Option<Expr>,
    },
    /// `RESUME [0 | NEXT | n]`
    Resume(ResumeTo),
    /// `ERROR n`
    Error(Expr),
    /// `TRON` / `TROFF`
    Tron(bool),
    /// `MID$(s$, start [, len]) = value`
    MidAssign {
        target: LValue,
        start: Expr,
        len: Option<Expr>,
        value: Expr,
    },
    /// `LSET s$ = x` / `RSET s$ = x`
    Lset {
        target: LValue,
        value: Expr,
        right: bool,
    },
    /// `OPEN mode, #f, name [, reclen]` or `OPEN name [FOR mode] AS #f [LEN = n]`
    Open {
        name: Expr,
        mode: OpenMode,
        file: Expr,
        reclen: Option<Expr>,
    },
    /// `OPEN mode$, #f, name$ [, len]`: the mode is an expression (first syntax)
    OpenShort {
        mode: Expr,
        file: Expr,
        name: Expr,
        reclen: Option<Expr>,
    },
    /// `CLOSE [#f, ...]`
    Close(Vec<Expr>),
    /// `RESET`
    Reset,
    /// `KILL name`
    Kill(Expr),
    /// `NAME old AS new`
    NameFile(Expr, Expr),
    /// `FILES [spec]`
    Files(Option<Expr>),
    /// `FIELD #f, n AS v$, ...`
    Field {
        file: Expr,
        fields: Vec<(Expr, LValue)>,
    },
    /// `GET #f [, rec]` / `PUT #f [, rec]`
    GetPut {
        file: Expr,
        record: Option<Expr>,
        put: bool,
    },
    /// `WIDTH n` (screen) or `WIDTH #f, n`
    Width { file: Option<Expr>, width: Expr },
    /// `CLS`
    Cls,
    /// `BEEP`
    Beep,
    /// `LOCATE [row][,[col]...]`
    Locate(Vec<Option<Expr>>),
    /// Statements accepted and ignored on a text console: COLOR, KEY, SCREEN, SOUND...
    Ignored(Keyword),
    /// `RUN [n | "file"]`
    Run(Option<RunTarget>),
    /// `LIST [range]` / `LLIST [range]`
    List(LineRange),
    /// `NEW`
    New,
    /// `CONT`
    Cont,
    /// `LOAD "file" [,R]`
    Load { file: Expr, run: bool },
    /// `SAVE "file" [,A | ,P]`
    Save { file: Expr, format: SaveFormat },
    /// `MERGE "file"`
    Merge(Expr),
    /// `CHAIN [MERGE] "file" [, line] [, ALL] [, DELETE range]`
    Chain {
        merge: bool,
        file: Expr,
        line: Option<Expr>,
        all: bool,
        delete: Option<LineRange>,
    },
    /// `COMMON vars`
    Common(Vec<Name>),
    /// `DELETE range`
    Delete(LineRange),
    /// `RENUM [new] [, [old] [, inc]]`
    Renum {
        new: Option<u16>,
        old: Option<u16>,
        step: Option<u16>,
    },
    /// `AUTO [n] [, inc]`
    Auto {
        start: Option<u16>,
        step: Option<u16>,
    },
    /// `EDIT n`
    Edit(Option<u16>),
    /// A statement that does not parse: raises the error when executed.
    Invalid(ErrorCode),
}

/// `RESUME` targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResumeTo {
    /// `RESUME` / `RESUME 0`: the failing statement again.
    Same,
    /// `RESUME NEXT`
    Next,
    /// `RESUME n`
    Line(u16),
}

/// `RUN` arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum RunTarget {
    Line(u16),
    File(Expr, bool),
}

/// A LIST/DELETE range: `[a][-[b]]`, `.` for the current line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineRange {
    pub from: Option<LineRef>,
    pub to: Option<LineRef>,
    pub dash: bool,
}

/// A line in a range: a number or `.` (the current line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRef {
    Number(u16),
    Current,
}

/// How SAVE writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveFormat {
    Tokenized,
    Ascii,
    Protected,
}

/// OPEN file modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenMode {
    Input,
    Output,
    Append,
    Random,
}

/// A statement with its byte span in the crunched line (for cost counting and for
/// finding "the rest of the statement").
#[derive(Debug, Clone, PartialEq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Range<u16>,
}

/// A statement with its span.
pub type SStmt = Spanned<Stmt>;
