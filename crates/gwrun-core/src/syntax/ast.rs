//! The statements and expressions of a program line, each variant documented with the
//! BASIC syntax it stands for. One `Stmt` enum serves both stages of the pipeline: the
//! parser builds `Stmt<Parsed>` (names and line numbers as written) and the compiler
//! turns it into `Stmt<Compiled>` (variables as slots, jumps resolved, loops bound) with
//! `Stmt::map`; the machine executes `Stmt<Compiled>`. What differs between the stages is
//! named by the `Phase` trait's associated types, so a statement is declared once.
//!
//! GW-BASIC parses while it executes: the parts of a statement are evaluated as its text
//! is scanned, and a malformed part raises its error only when reached. The parser keeps
//! that order: where the text goes wrong, it puts an `Expr::Raise` holding the operands
//! scanned so far, and the statement is built around it, so everything before the fault
//! still runs in order (digest §1.4).

use crate::error::ErrorCode;
use crate::num::Num;
use crate::text::token::Keyword;
use std::fmt::Debug;
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

/// What differs between the parsed and the compiled form of a statement.
pub trait Phase: Debug + Clone + 'static {
    /// An expression.
    type Expr: Debug + Clone;
    /// An assignable place: a scalar or an array element.
    type Target: Debug + Clone;
    /// A scalar variable named on its own (FOR, NEXT, DEF FN parameters, COMMON).
    type Var: Debug + Clone;
    /// An array named on its own (DIM, ERASE, COMMON).
    type Array: Debug + Clone;
    /// A line-number operand (GOTO n, THEN n, ON … GOTO n, …).
    type Line: Debug + Clone;
    /// A user function (DEF FNx).
    type UserFn: Debug + Clone;
    /// IF's branches: the statements of each (parsed) or where a false test skips to
    /// (compiled, the branches then follow the IF in line).
    type IfBranches: Debug + Clone;
    /// What an ELSE reached in execution skips (compiled: the bytes GW scans).
    type ElseSkip: Debug + Clone;
    /// FOR's binding to its NEXT (compiled).
    type ForBind: Debug + Clone;
    /// WHILE's binding to its WEND (compiled).
    type WhileBind: Debug + Clone;
}

/// The parser's output: names and line numbers as written.
#[derive(Debug, Clone)]
pub struct Parsed;

impl Phase for Parsed {
    type Expr = Expr;
    type Target = LValue;
    type Var = Name;
    type Array = Name;
    type Line = u16;
    type UserFn = Name;
    type IfBranches = IfBranches;
    type ElseSkip = ();
    type ForBind = ();
    type WhileBind = ();
}

/// IF's branches as parsed.
#[derive(Debug, Clone)]
pub struct IfBranches {
    pub then_branch: Vec<SStmt>,
    pub else_branch: Option<Vec<SStmt>>,
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

/// An item of a PRINT list.
#[derive(Debug, Clone)]
pub enum PrintItem<P: Phase> {
    Expr(P::Expr),
    /// `,`: next 14-column zone.
    Comma,
    /// `;`: nothing.
    Semicolon,
    /// `TAB(n)`
    Tab(P::Expr),
    /// `SPC(n)`
    Spc(P::Expr),
}

/// Where PRINT/WRITE/INPUT go.
#[derive(Debug, Clone)]
pub enum Channel<P: Phase> {
    Screen,
    Printer,
    File(P::Expr),
}

/// A name in a DIM list.
#[derive(Debug, Clone)]
pub enum DimItem<P: Phase> {
    /// `DIM A`: a plain name is looked up (and created) as a scalar.
    Scalar(P::Var),
    /// `DIM A(n, m)`
    Array(P::Array, Vec<P::Expr>),
}

/// An item of a COMMON list. COMMON does nothing when executed (GW skips it as DATA);
/// CHAIN scans the list, in order, when it runs (FIVEO.ASM CHAIN steps 1-2).
#[derive(Debug, Clone)]
pub enum CommonItem<P: Phase> {
    /// `A`: the scalar, if it exists.
    Scalar(P::Var),
    /// `A()` or `A(n)`: the array, if it exists (`n`, a number of dimensions for the
    /// compiler's sake, is evaluated and must be numeric).
    Array(P::Array, Option<P::Expr>),
    /// `A[i]`: looked up as an array element (GW's PTRGET), kept nowhere.
    Element(P::Expr),
    /// Where the list's text goes wrong: raised when CHAIN's scan gets this far.
    Fault(P::Expr),
}

/// The event sources of `ON <event> GOSUB` and `<event> ON|OFF|STOP`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// `KEY(n)`
    Key,
    /// `COM(n)`
    Com,
    /// `PEN`
    Pen,
    /// `STRIG(n)`
    Strig,
    /// `PLAY(n)` (ON PLAY) / `PLAY` (switch)
    Play,
    /// `TIMER(n)` (ON TIMER) / `TIMER` (switch)
    Timer,
}

/// What `<event> ON|OFF|STOP` does to its trap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventSwitch {
    On,
    Off,
    Stop,
}

/// Statements. Every GW-BASIC statement gwrun knows has one variant here.
#[derive(Debug, Clone)]
pub enum Stmt<P: Phase> {
    /// `[LET] target = value`
    Let { target: P::Target, value: P::Expr },
    /// `PRINT [#f,] [USING fmt;] items` (also `?` and `LPRINT`).
    Print {
        channel: Channel<P>,
        using: Option<P::Expr>,
        items: Vec<PrintItem<P>>,
    },
    /// `WRITE [#f,] exprs`
    Write {
        channel: Channel<P>,
        exprs: Vec<P::Expr>,
    },
    /// `INPUT[;] ["prompt";|,] vars` / `INPUT #f, vars`
    Input {
        channel: Channel<P>,
        keep_line: bool,
        prompt: Option<(Rc<[u8]>, bool)>,
        targets: Vec<P::Target>,
    },
    /// `LINE INPUT[;] ["prompt";] var$` / `LINE INPUT #f, var$`
    LineInput {
        channel: Channel<P>,
        keep_line: bool,
        prompt: Option<Rc<[u8]>>,
        target: P::Target,
    },
    /// `IF cond THEN stmts|n [ELSE stmts|n]`, `IF cond GOTO n [ELSE ...]`
    If {
        cond: P::Expr,
        branches: P::IfBranches,
    },
    /// An ELSE reached while executing: the rest of the line is skipped, like REM.
    Else(P::ElseSkip),
    /// `GOTO n` (also the target of `THEN n` / `ELSE n`)
    Goto(P::Line),
    /// `GOSUB n`
    Gosub(P::Line),
    /// `RETURN [n]`
    Return(Option<P::Line>),
    /// `ON x GOTO|GOSUB n1, n2, ...`: the list up to the first entry not followed by a
    /// comma; an entry that is not a line number is `None` (a Syntax error only if it
    /// is the chosen one). `gosub` is None when neither GOTO nor GOSUB follows the
    /// selector (a Syntax error once the selector is checked).
    On {
        selector: P::Expr,
        targets: Vec<Option<P::Line>>,
        gosub: Option<bool>,
    },
    /// `ON ERROR GOTO n`
    OnErrorGoto(u16),
    /// `FOR var = start TO end [STEP step]`
    For {
        var: P::Var,
        start: P::Expr,
        end: P::Expr,
        step: Option<P::Expr>,
        bind: P::ForBind,
    },
    /// `NEXT [var [, var ...]]`; `bad`: something that is not a variable follows the
    /// variables (a missing one after a comma, or other text): Syntax error when reached,
    /// both by the NEXT and by the forward scan of a FOR.
    Next { vars: Vec<P::Var>, bad: bool },
    /// `WHILE cond`
    While { cond: P::Expr, bind: P::WhileBind },
    /// `WEND`; `junk`: text follows it (Syntax error before it acts; the forward scan
    /// of WHILE still counts it).
    Wend { junk: bool },
    /// `DIM a(n [, m ...]) [, ...]`
    Dim(Vec<DimItem<P>>),
    /// `ERASE a [, b ...]`
    Erase(Vec<P::Array>),
    /// `OPTION BASE 0|1`
    OptionBase(u8),
    /// `DEFINT/DEFSNG/DEFDBL/DEFSTR a-b, c ...`
    DefType(VarType, Vec<(u8, u8)>),
    /// `DEF FNname[(params)] = expr`
    DefFn {
        func: P::UserFn,
        params: Vec<P::Var>,
        body: P::Expr,
    },
    /// `SWAP a, b`
    Swap(P::Target, P::Target),
    /// `DATA ...` (items are read by READ from the raw text)
    Data,
    /// `READ vars`
    Read(Vec<P::Target>),
    /// `RESTORE [n]`
    Restore(Option<u16>),
    /// `RANDOMIZE [expr]`
    Randomize(Option<P::Expr>),
    /// `REM ...` or `' ...`
    Rem,
    /// `END`
    End,
    /// `STOP`
    Stop,
    /// `SYSTEM`
    System,
    /// `CLEAR [n][,[mem][,stack]]` (n is checked and ignored)
    Clear {
        first: Option<P::Expr>,
        mem: Option<P::Expr>,
        stack: Option<P::Expr>,
    },
    /// `RESUME [0 | NEXT | n]`
    Resume(ResumeTo),
    /// `ERROR n`; `junk`: text follows n (Syntax error once n is checked).
    Error { code: P::Expr, junk: bool },
    /// `TRON` / `TROFF`
    Tron(bool),
    /// `MID$(s$, start [, len]) = value`
    MidAssign {
        target: P::Target,
        start: P::Expr,
        len: Option<P::Expr>,
        value: P::Expr,
    },
    /// `LSET s$ = x` / `RSET s$ = x`
    Lset {
        target: P::Target,
        value: P::Expr,
        right: bool,
    },
    /// `OPEN name [FOR mode] [ACCESS a] [SHARED | LOCK a] AS [#]f [LEN = n]`
    Open {
        name: P::Expr,
        mode: OpenMode,
        access: Option<OpenAccess>,
        lock: OpenLock,
        file: P::Expr,
        reclen: Option<P::Expr>,
    },
    /// `OPEN mode$, #f, name$ [, len]`: the mode is an expression (first syntax)
    OpenShort {
        mode: P::Expr,
        file: P::Expr,
        name: P::Expr,
        reclen: Option<P::Expr>,
    },
    /// `CLOSE [#f, ...]`
    Close(Vec<P::Expr>),
    /// `RESET`
    Reset,
    /// `KILL name`
    Kill(P::Expr),
    /// `NAME old AS new`
    NameFile(P::Expr, P::Expr),
    /// `FILES [spec]`
    Files(Option<P::Expr>),
    /// `FIELD #f, n AS v$, ...`
    Field {
        file: P::Expr,
        fields: Vec<(P::Expr, P::Target)>,
    },
    /// `GET #f [, rec]` / `PUT #f [, rec]`
    GetPut {
        file: P::Expr,
        record: Option<P::Expr>,
        put: bool,
    },
    /// `WIDTH n` (screen) or `WIDTH #f, n`
    Width {
        file: Option<P::Expr>,
        width: P::Expr,
    },
    /// `CLS [n]`
    Cls(ByteArgs<P::Expr>),
    /// `BEEP`
    Beep,
    /// `LOCATE [row][,[col][,[cursor][,[start][,stop]]]]`
    Locate(ByteArgs<P::Expr>),
    /// Statements accepted and ignored (COLOR, KEY, SCREEN, SOUND, ...) until they have
    /// variants of their own.
    Ignored(Keyword),

    // ---- the host (issue 17) ----
    /// `SHELL [command$]`: runs a host command (only with `--allow-shell`).
    Shell(Option<P::Expr>),

    // ---- screen and keyboard (issue 14) ----
    /// `COLOR [fore] [, [back] [, border]]`
    Color(ByteArgs<P::Expr>),
    /// `SCREEN [mode] [, [colorswitch] [, [apage] [, vpage]]]`
    Screen(ByteArgs<P::Expr>),
    /// `WIDTH columns [, rows]` of the screen
    ScreenWidth(ByteArgs<P::Expr>),
    /// `VIEW PRINT [top TO bottom]`
    ViewPrint(Option<(P::Expr, P::Expr)>),
    /// `PCOPY source, destination`
    Pcopy(P::Expr, P::Expr),
    /// `KEY ON` / `KEY OFF` / `KEY LIST`
    KeyBar(KeyBar),
    /// `KEY n, text$`
    KeyDef(P::Expr, P::Expr),
    /// `KEY(n) ON` / `OFF` / `STOP`
    KeyTrap(P::Expr, KeySwitch),
    /// `DEF SEG [= segment]`
    DefSeg(Option<P::Expr>),
    /// `POKE address, byte`
    Poke(P::Expr, P::Expr),

    // ---- graphics, sound and the machine (issue 15) ----
    /// SOUND, PLAY, OUT, WAIT, WIDTH LPRINT, WIDTH "dev", LCOPY (syntax/devices.rs)
    Device(Box<super::devices::DevStmt<P>>),
    /// The graphics statements (`syntax::gfx`), boxed.
    Graphics(Box<crate::syntax::gfx::Gfx<P>>),

    // ---- files, directories and devices (issue 12) ----
    /// `LOCK [#]f [, [first] [TO last]]` / `UNLOCK ...`
    LockRecords {
        file: P::Expr,
        records: Option<RecordRange<P>>,
        unlock: bool,
    },
    /// `MKDIR path` / `CHDIR path` / `RMDIR path`
    Directory(DirOp, P::Expr),
    /// `INPUT #f, vars` / `LINE INPUT #f, var$` whose text breaks off after the file
    /// number: GW checks the file (open, input mode) before the comma, then reads the
    /// variables scanned before the fault in turn, then raises it [S GIO86.ASM FILINP].
    FileInputFault {
        file: P::Expr,
        targets: Vec<P::Target>,
        fault: P::Expr,
    },

    // ---- clock, events and the system (issue 13) ----
    /// `ON KEY(n)|COM(n)|PEN|STRIG(n)|PLAY(n)|TIMER(n) GOSUB line` (line 0: no handler)
    OnEvent {
        kind: EventKind,
        arg: Option<P::Expr>,
        line: u16,
    },
    /// `KEY(n)|COM(n)|PEN|STRIG(n)|PLAY|TIMER ON|OFF|STOP`
    EventState {
        kind: EventKind,
        arg: Option<P::Expr>,
        switch: EventSwitch,
    },
    /// `DATE$ = text` (date) / `TIME$ = text`
    SetClock { date: bool, value: P::Expr },
    /// `RUN [n | "file" [,R]]`
    Run(Option<RunTarget<P>>),
    /// `LIST [range] [, file]` / `LLIST [range]`
    List {
        range: LineRange,
        file: Option<P::Expr>,
    },
    /// `NEW`
    New,
    /// `CONT`
    Cont,
    /// `LOAD "file" [,R]`
    Load { file: P::Expr, run: bool },
    /// `SAVE "file" [,A | ,P]`
    Save { file: P::Expr, format: SaveFormat },
    /// `MERGE "file"`
    Merge(P::Expr),
    /// `CHAIN [MERGE] "file" [, line] [, ALL] [, DELETE range]`
    Chain {
        merge: bool,
        file: P::Expr,
        line: Option<P::Expr>,
        all: bool,
        delete: Option<LineRange>,
    },
    /// `COMMON vars`
    Common(Vec<CommonItem<P>>),
    /// `DELETE range`
    Delete(LineRange),
    /// `RENUM [new] [, [old] [, inc]]`
    Renum {
        new: Option<u16>,
        old: Option<u16>,
        step: Option<u16>,
    },
    /// `AUTO [n | .] [, [inc]]` (`previous_step`: a comma without an increment, which
    /// takes the increment of the last AUTO)
    Auto {
        start: Option<LineRef>,
        step: Option<u16>,
        previous_step: bool,
    },
    /// `EDIT n`
    Edit(Option<u16>),
    /// A statement whose text goes wrong before anything but expressions was done: the
    /// expression (an `Expr::Raise` or one containing it) is evaluated, raising the error.
    Raise(P::Expr),
}

/// Optional integer operands as GW-BASIC's SCNINT scans them (CLS, LOCATE, COLOR,
/// SCREEN, WIDTH): each is omitted (`None`) or an expression converted to 0-255 when
/// it is reached (Type mismatch, Overflow, Illegal function call). `fault` is raised
/// after the last operand is converted and before the statement acts: Illegal function
/// call when an operand is followed by something other than `,` `)` or the end, Syntax
/// error for anything after the operands, Missing operand for a trailing comma (COLOR,
/// SCREEN).
#[derive(Debug, Clone, PartialEq)]
pub struct ByteArgs<E> {
    pub args: Vec<Option<E>>,
    pub fault: Option<ErrorCode>,
}

impl<E> ByteArgs<E> {
    fn map_exprs<F>(&self, mut f: impl FnMut(&E) -> F) -> ByteArgs<F> {
        ByteArgs {
            args: self.args.iter().map(|a| a.as_ref().map(&mut f)).collect(),
            fault: self.fault,
        }
    }
}

/// `KEY ON`, `KEY OFF`, `KEY LIST`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyBar {
    On,
    Off,
    List,
}

/// `KEY(n) ON`, `OFF`, `STOP` (and the same words after other event traps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySwitch {
    On,
    Off,
    Stop,
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
    /// `RESUME` followed by anything else: ERR is cleared, then Syntax error.
    Malformed,
}

/// `RUN` arguments.
#[derive(Debug, Clone)]
pub enum RunTarget<P: Phase> {
    Line(u16),
    File(P::Expr, bool),
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

/// OPEN's `ACCESS` clause (and what `LOCK` locks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenAccess {
    Read,
    Write,
    ReadWrite,
}

/// OPEN's sharing clause: none, `SHARED`, or `LOCK READ|WRITE|READ WRITE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenLock {
    Default,
    Shared,
    Lock(OpenAccess),
}

/// The records of LOCK and UNLOCK: `, [first] [TO last]`.
#[derive(Debug, Clone)]
pub struct RecordRange<P: Phase> {
    pub first: Option<P::Expr>,
    pub last: Option<P::Expr>,
}

/// MKDIR, CHDIR, RMDIR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirOp {
    Mkdir,
    Chdir,
    Rmdir,
}

/// A statement with its byte span in the crunched line (for cost counting and for
/// finding "the rest of the statement").
#[derive(Debug, Clone)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Range<u16>,
}

/// A parsed statement with its span.
pub type SStmt = Spanned<Stmt<Parsed>>;

/// Turns the parts of a statement from one phase into the other (the compiler). The
/// parts that need the whole line (IF's branches, the loops' bindings) are given the
/// statement's context by the caller.
pub trait Fold<P: Phase, Q: Phase> {
    fn expr(&mut self, e: &P::Expr) -> Q::Expr;
    fn target(&mut self, t: &P::Target) -> Q::Target;
    fn var(&mut self, v: &P::Var) -> Q::Var;
    fn array(&mut self, a: &P::Array) -> Q::Array;
    fn line(&mut self, n: &P::Line) -> Q::Line;
    fn user_fn(&mut self, f: &P::UserFn) -> Q::UserFn;
    fn if_branches(&mut self, b: &P::IfBranches) -> Q::IfBranches;
    fn else_skip(&mut self, s: &P::ElseSkip) -> Q::ElseSkip;
    fn for_bind(&mut self, var: &P::Var, b: &P::ForBind) -> Q::ForBind;
    fn while_bind(&mut self, b: &P::WhileBind) -> Q::WhileBind;
}

/// Sees the parts of a statement in the order GW-BASIC scans them.
pub trait Visit<P: Phase> {
    fn expr(&mut self, _e: &P::Expr) {}
    fn target(&mut self, _t: &P::Target) {}
    fn var(&mut self, _v: &P::Var) {}
    fn array(&mut self, _a: &P::Array) {}
}

impl<P: Phase> Channel<P> {
    fn map<Q: Phase>(&self, f: &mut impl Fold<P, Q>) -> Channel<Q> {
        match self {
            Channel::Screen => Channel::Screen,
            Channel::Printer => Channel::Printer,
            Channel::File(e) => Channel::File(f.expr(e)),
        }
    }

    fn visit(&self, v: &mut impl Visit<P>) {
        if let Channel::File(e) = self {
            v.expr(e);
        }
    }

    pub fn is_screen(&self) -> bool {
        matches!(self, Channel::Screen)
    }
}

impl<P: Phase> Stmt<P> {
    /// The statement in the next phase: every part turned by `f`, in scan order.
    pub fn map<Q: Phase>(&self, f: &mut impl Fold<P, Q>) -> Stmt<Q> {
        let opt = |f: &mut dyn FnMut(&P::Expr) -> Q::Expr, e: &Option<P::Expr>| e.as_ref().map(f);
        match self {
            Stmt::Let { target, value } => Stmt::Let {
                target: f.target(target),
                value: f.expr(value),
            },
            Stmt::Print {
                channel,
                using,
                items,
            } => Stmt::Print {
                channel: channel.map(f),
                using: opt(&mut |e| f.expr(e), using),
                items: items
                    .iter()
                    .map(|i| match i {
                        PrintItem::Expr(e) => PrintItem::Expr(f.expr(e)),
                        PrintItem::Comma => PrintItem::Comma,
                        PrintItem::Semicolon => PrintItem::Semicolon,
                        PrintItem::Tab(e) => PrintItem::Tab(f.expr(e)),
                        PrintItem::Spc(e) => PrintItem::Spc(f.expr(e)),
                    })
                    .collect(),
            },
            Stmt::Write { channel, exprs } => Stmt::Write {
                channel: channel.map(f),
                exprs: exprs.iter().map(|e| f.expr(e)).collect(),
            },
            Stmt::Input {
                channel,
                keep_line,
                prompt,
                targets,
            } => Stmt::Input {
                channel: channel.map(f),
                keep_line: *keep_line,
                prompt: prompt.clone(),
                targets: targets.iter().map(|t| f.target(t)).collect(),
            },
            Stmt::LineInput {
                channel,
                keep_line,
                prompt,
                target,
            } => Stmt::LineInput {
                channel: channel.map(f),
                keep_line: *keep_line,
                prompt: prompt.clone(),
                target: f.target(target),
            },
            Stmt::If { cond, branches } => Stmt::If {
                cond: f.expr(cond),
                branches: f.if_branches(branches),
            },
            Stmt::Else(s) => Stmt::Else(f.else_skip(s)),
            Stmt::Goto(n) => Stmt::Goto(f.line(n)),
            Stmt::Gosub(n) => Stmt::Gosub(f.line(n)),
            Stmt::Return(n) => Stmt::Return(n.as_ref().map(|n| f.line(n))),
            Stmt::On {
                selector,
                targets,
                gosub,
            } => Stmt::On {
                selector: f.expr(selector),
                targets: targets
                    .iter()
                    .map(|n| n.as_ref().map(|n| f.line(n)))
                    .collect(),
                gosub: *gosub,
            },
            Stmt::OnErrorGoto(n) => Stmt::OnErrorGoto(*n),
            Stmt::For {
                var,
                start,
                end,
                step,
                bind,
            } => Stmt::For {
                bind: f.for_bind(var, bind),
                var: f.var(var),
                start: f.expr(start),
                end: f.expr(end),
                step: opt(&mut |e| f.expr(e), step),
            },
            Stmt::Next { vars, bad } => Stmt::Next {
                vars: vars.iter().map(|v| f.var(v)).collect(),
                bad: *bad,
            },
            Stmt::While { cond, bind } => Stmt::While {
                cond: f.expr(cond),
                bind: f.while_bind(bind),
            },
            Stmt::Wend { junk } => Stmt::Wend { junk: *junk },
            Stmt::Dim(list) => Stmt::Dim(
                list.iter()
                    .map(|i| match i {
                        DimItem::Scalar(v) => DimItem::Scalar(f.var(v)),
                        DimItem::Array(a, dims) => {
                            DimItem::Array(f.array(a), dims.iter().map(|e| f.expr(e)).collect())
                        }
                    })
                    .collect(),
            ),
            Stmt::Erase(arrays) => Stmt::Erase(arrays.iter().map(|a| f.array(a)).collect()),
            Stmt::OptionBase(b) => Stmt::OptionBase(*b),
            Stmt::DefType(t, ranges) => Stmt::DefType(*t, ranges.clone()),
            Stmt::DefFn { func, params, body } => Stmt::DefFn {
                func: f.user_fn(func),
                params: params.iter().map(|p| f.var(p)).collect(),
                body: f.expr(body),
            },
            Stmt::Swap(a, b) => Stmt::Swap(f.target(a), f.target(b)),
            Stmt::Data => Stmt::Data,
            Stmt::Read(targets) => Stmt::Read(targets.iter().map(|t| f.target(t)).collect()),
            Stmt::Restore(n) => Stmt::Restore(*n),
            Stmt::Randomize(e) => Stmt::Randomize(opt(&mut |e| f.expr(e), e)),
            Stmt::Rem => Stmt::Rem,
            Stmt::End => Stmt::End,
            Stmt::Stop => Stmt::Stop,
            Stmt::System => Stmt::System,
            Stmt::Clear { first, mem, stack } => Stmt::Clear {
                first: opt(&mut |e| f.expr(e), first),
                mem: opt(&mut |e| f.expr(e), mem),
                stack: opt(&mut |e| f.expr(e), stack),
            },
            Stmt::Resume(r) => Stmt::Resume(*r),
            Stmt::Error { code, junk } => Stmt::Error {
                code: f.expr(code),
                junk: *junk,
            },
            Stmt::Tron(on) => Stmt::Tron(*on),
            Stmt::MidAssign {
                target,
                start,
                len,
                value,
            } => Stmt::MidAssign {
                target: f.target(target),
                start: f.expr(start),
                len: opt(&mut |e| f.expr(e), len),
                value: f.expr(value),
            },
            Stmt::Lset {
                target,
                value,
                right,
            } => Stmt::Lset {
                target: f.target(target),
                value: f.expr(value),
                right: *right,
            },
            Stmt::Open {
                name,
                mode,
                access,
                lock,
                file,
                reclen,
            } => Stmt::Open {
                name: f.expr(name),
                mode: *mode,
                access: *access,
                lock: *lock,
                file: f.expr(file),
                reclen: opt(&mut |e| f.expr(e), reclen),
            },
            Stmt::OpenShort {
                mode,
                file,
                name,
                reclen,
            } => Stmt::OpenShort {
                mode: f.expr(mode),
                file: f.expr(file),
                name: f.expr(name),
                reclen: opt(&mut |e| f.expr(e), reclen),
            },
            Stmt::Close(files) => Stmt::Close(files.iter().map(|e| f.expr(e)).collect()),
            Stmt::Reset => Stmt::Reset,
            Stmt::Kill(e) => Stmt::Kill(f.expr(e)),
            Stmt::NameFile(a, b) => Stmt::NameFile(f.expr(a), f.expr(b)),
            Stmt::Files(e) => Stmt::Files(opt(&mut |e| f.expr(e), e)),
            Stmt::Field { file, fields } => Stmt::Field {
                file: f.expr(file),
                fields: fields
                    .iter()
                    .map(|(w, t)| (f.expr(w), f.target(t)))
                    .collect(),
            },
            Stmt::GetPut { file, record, put } => Stmt::GetPut {
                file: f.expr(file),
                record: opt(&mut |e| f.expr(e), record),
                put: *put,
            },
            Stmt::Width { file, width } => Stmt::Width {
                file: opt(&mut |e| f.expr(e), file),
                width: f.expr(width),
            },
            Stmt::Cls(a) => Stmt::Cls(a.map_exprs(|e| f.expr(e))),
            Stmt::Beep => Stmt::Beep,
            Stmt::Locate(a) => Stmt::Locate(a.map_exprs(|e| f.expr(e))),
            Stmt::Ignored(k) => Stmt::Ignored(*k),

            // ---- the host (issue 17) ----
            Stmt::Shell(e) => Stmt::Shell(e.as_ref().map(|e| f.expr(e))),

            // ---- screen and keyboard (issue 14) ----
            Stmt::Color(a) => Stmt::Color(a.map_exprs(|e| f.expr(e))),
            Stmt::Screen(a) => Stmt::Screen(a.map_exprs(|e| f.expr(e))),
            Stmt::ScreenWidth(a) => Stmt::ScreenWidth(a.map_exprs(|e| f.expr(e))),
            Stmt::ViewPrint(r) => Stmt::ViewPrint(r.as_ref().map(|(t, b)| (f.expr(t), f.expr(b)))),
            Stmt::Pcopy(a, b) => Stmt::Pcopy(f.expr(a), f.expr(b)),
            Stmt::KeyBar(k) => Stmt::KeyBar(*k),
            Stmt::KeyDef(n, t) => Stmt::KeyDef(f.expr(n), f.expr(t)),
            Stmt::KeyTrap(n, k) => Stmt::KeyTrap(f.expr(n), *k),
            Stmt::DefSeg(e) => Stmt::DefSeg(opt(&mut |e| f.expr(e), e)),
            Stmt::Poke(a, b) => Stmt::Poke(f.expr(a), f.expr(b)),

            // ---- graphics, sound and the machine (issue 15) ----
            Stmt::Device(d) => Stmt::Device(Box::new(d.map(f))),
            Stmt::Graphics(g) => Stmt::Graphics(Box::new(g.map(f))),

            // ---- files, directories and devices (issue 12) ----
            Stmt::LockRecords {
                file,
                records,
                unlock,
            } => Stmt::LockRecords {
                file: f.expr(file),
                records: records.as_ref().map(|r| RecordRange {
                    first: opt(&mut |e| f.expr(e), &r.first),
                    last: opt(&mut |e| f.expr(e), &r.last),
                }),
                unlock: *unlock,
            },
            Stmt::Directory(op, e) => Stmt::Directory(*op, f.expr(e)),
            Stmt::FileInputFault {
                file,
                targets,
                fault,
            } => Stmt::FileInputFault {
                file: f.expr(file),
                targets: targets.iter().map(|t| f.target(t)).collect(),
                fault: f.expr(fault),
            },

            // ---- clock, events and the system (issue 13) ----
            Stmt::OnEvent { kind, arg, line } => Stmt::OnEvent {
                kind: *kind,
                arg: opt(&mut |e| f.expr(e), arg),
                line: *line,
            },
            Stmt::EventState { kind, arg, switch } => Stmt::EventState {
                kind: *kind,
                arg: opt(&mut |e| f.expr(e), arg),
                switch: *switch,
            },
            Stmt::SetClock { date, value } => Stmt::SetClock {
                date: *date,
                value: f.expr(value),
            },
            Stmt::Run(t) => Stmt::Run(t.as_ref().map(|t| match t {
                RunTarget::Line(n) => RunTarget::Line(*n),
                RunTarget::File(e, keep) => RunTarget::File(f.expr(e), *keep),
            })),
            Stmt::List { range, file } => Stmt::List {
                range: *range,
                file: opt(&mut |e| f.expr(e), file),
            },
            Stmt::New => Stmt::New,
            Stmt::Cont => Stmt::Cont,
            Stmt::Load { file, run } => Stmt::Load {
                file: f.expr(file),
                run: *run,
            },
            Stmt::Save { file, format } => Stmt::Save {
                file: f.expr(file),
                format: *format,
            },
            Stmt::Merge(e) => Stmt::Merge(f.expr(e)),
            Stmt::Chain {
                merge,
                file,
                line,
                all,
                delete,
            } => Stmt::Chain {
                merge: *merge,
                file: f.expr(file),
                line: opt(&mut |e| f.expr(e), line),
                all: *all,
                delete: *delete,
            },
            Stmt::Common(items) => Stmt::Common(
                items
                    .iter()
                    .map(|i| match i {
                        CommonItem::Scalar(v) => CommonItem::Scalar(f.var(v)),
                        CommonItem::Array(a, n) => {
                            CommonItem::Array(f.array(a), opt(&mut |e| f.expr(e), n))
                        }
                        CommonItem::Element(e) => CommonItem::Element(f.expr(e)),
                        CommonItem::Fault(e) => CommonItem::Fault(f.expr(e)),
                    })
                    .collect(),
            ),
            Stmt::Delete(r) => Stmt::Delete(*r),
            Stmt::Renum { new, old, step } => Stmt::Renum {
                new: *new,
                old: *old,
                step: *step,
            },
            Stmt::Auto {
                start,
                step,
                previous_step,
            } => Stmt::Auto {
                start: *start,
                step: *step,
                previous_step: *previous_step,
            },
            Stmt::Edit(n) => Stmt::Edit(*n),
            Stmt::Raise(e) => Stmt::Raise(f.expr(e)),
        }
    }

    /// Shows every expression, target and named variable or array to `v`, in scan order.
    pub fn visit(&self, v: &mut impl Visit<P>) {
        let opt = |v: &mut dyn Visit<P>, e: &Option<P::Expr>| {
            if let Some(e) = e {
                v.expr(e);
            }
        };
        match self {
            Stmt::Let { target, value } => {
                v.target(target);
                v.expr(value);
            }
            Stmt::Print {
                channel,
                using,
                items,
            } => {
                channel.visit(v);
                opt(v, using);
                for i in items {
                    match i {
                        PrintItem::Expr(e) | PrintItem::Tab(e) | PrintItem::Spc(e) => v.expr(e),
                        PrintItem::Comma | PrintItem::Semicolon => {}
                    }
                }
            }
            Stmt::Write { channel, exprs } => {
                channel.visit(v);
                exprs.iter().for_each(|e| v.expr(e));
            }
            Stmt::Input {
                channel, targets, ..
            } => {
                channel.visit(v);
                targets.iter().for_each(|t| v.target(t));
            }
            Stmt::LineInput {
                channel, target, ..
            } => {
                channel.visit(v);
                v.target(target);
            }
            Stmt::If { cond, .. } | Stmt::While { cond, .. } => v.expr(cond),
            Stmt::On { selector, .. } => v.expr(selector),
            Stmt::For {
                var,
                start,
                end,
                step,
                ..
            } => {
                v.var(var);
                v.expr(start);
                v.expr(end);
                opt(v, step);
            }
            Stmt::Next { vars, .. } => vars.iter().for_each(|x| v.var(x)),
            Stmt::Dim(list) => {
                for i in list {
                    match i {
                        DimItem::Scalar(x) => v.var(x),
                        DimItem::Array(a, dims) => {
                            v.array(a);
                            dims.iter().for_each(|e| v.expr(e));
                        }
                    }
                }
            }
            Stmt::Erase(arrays) => arrays.iter().for_each(|a| v.array(a)),
            Stmt::DefFn { params, body, .. } => {
                params.iter().for_each(|p| v.var(p));
                v.expr(body);
            }
            Stmt::Swap(a, b) => {
                v.target(a);
                v.target(b);
            }
            Stmt::Read(targets) => targets.iter().for_each(|t| v.target(t)),
            Stmt::Randomize(e) | Stmt::Files(e) => opt(v, e),
            Stmt::Clear { first, mem, stack } => {
                opt(v, first);
                opt(v, mem);
                opt(v, stack);
            }
            Stmt::Error { code: e, .. }
            | Stmt::Kill(e)
            | Stmt::Merge(e)
            | Stmt::Raise(e)
            | Stmt::Load { file: e, .. }
            | Stmt::Save { file: e, .. } => v.expr(e),
            Stmt::MidAssign {
                target,
                start,
                len,
                value,
            } => {
                v.target(target);
                v.expr(start);
                opt(v, len);
                v.expr(value);
            }
            Stmt::Lset { target, value, .. } => {
                v.target(target);
                v.expr(value);
            }
            Stmt::Open {
                name, file, reclen, ..
            } => {
                v.expr(name);
                v.expr(file);
                opt(v, reclen);
            }
            Stmt::OpenShort {
                mode,
                file,
                name,
                reclen,
            } => {
                v.expr(mode);
                v.expr(file);
                v.expr(name);
                opt(v, reclen);
            }
            Stmt::Close(files) => files.iter().for_each(|e| v.expr(e)),
            Stmt::NameFile(a, b) => {
                v.expr(a);
                v.expr(b);
            }
            Stmt::Field { file, fields } => {
                v.expr(file);
                for (w, t) in fields {
                    v.expr(w);
                    v.target(t);
                }
            }
            Stmt::GetPut { file, record, .. } => {
                v.expr(file);
                opt(v, record);
            }
            Stmt::Width { file, width } => {
                opt(v, file);
                v.expr(width);
            }
            Stmt::Locate(a) | Stmt::Cls(a) => a.args.iter().for_each(|a| opt(v, a)),

            // ---- the host (issue 17) ----
            Stmt::Shell(e) => opt(v, e),

            // ---- screen and keyboard (issue 14) ----
            Stmt::Color(a) | Stmt::Screen(a) | Stmt::ScreenWidth(a) => {
                a.args.iter().for_each(|a| opt(v, a))
            }
            Stmt::ViewPrint(r) => {
                if let Some((t, b)) = r {
                    v.expr(t);
                    v.expr(b);
                }
            }
            Stmt::Pcopy(a, b) | Stmt::KeyDef(a, b) | Stmt::Poke(a, b) => {
                v.expr(a);
                v.expr(b);
            }
            Stmt::KeyTrap(n, _) => v.expr(n),
            Stmt::DefSeg(e) => opt(v, e),

            // ---- graphics, sound and the machine (issue 15) ----
            Stmt::Device(d) => d.visit(v),
            Stmt::Graphics(g) => g.visit(v),

            // ---- files, directories and devices (issue 12) ----
            Stmt::LockRecords { file, records, .. } => {
                v.expr(file);
                if let Some(r) = records {
                    opt(v, &r.first);
                    opt(v, &r.last);
                }
            }
            Stmt::Directory(_, e) => v.expr(e),
            Stmt::FileInputFault {
                file,
                targets,
                fault,
            } => {
                v.expr(file);
                targets.iter().for_each(|t| v.target(t));
                v.expr(fault);
            }

            // ---- clock, events and the system (issue 13) ----
            Stmt::OnEvent { arg, .. } | Stmt::EventState { arg, .. } => opt(v, arg),
            Stmt::SetClock { value, .. } => v.expr(value),
            Stmt::List { file, .. } => opt(v, file),
            Stmt::Run(t) => {
                if let Some(RunTarget::File(e, _)) = t {
                    v.expr(e);
                }
            }
            Stmt::Chain { file, line, .. } => {
                v.expr(file);
                opt(v, line);
            }
            Stmt::Common(items) => {
                for i in items {
                    match i {
                        CommonItem::Scalar(x) => v.var(x),
                        CommonItem::Array(a, n) => {
                            v.array(a);
                            opt(v, n);
                        }
                        CommonItem::Element(e) | CommonItem::Fault(e) => v.expr(e),
                    }
                }
            }
            Stmt::Else(_)
            | Stmt::Goto(_)
            | Stmt::Gosub(_)
            | Stmt::Return(_)
            | Stmt::OnErrorGoto(_)
            | Stmt::Wend { .. }
            | Stmt::OptionBase(_)
            | Stmt::DefType(..)
            | Stmt::Data
            | Stmt::Restore(_)
            | Stmt::Rem
            | Stmt::End
            | Stmt::Stop
            | Stmt::System
            | Stmt::Resume(_)
            | Stmt::Tron(_)
            | Stmt::Reset
            | Stmt::Beep
            | Stmt::KeyBar(_)
            | Stmt::Ignored(_)
            | Stmt::New
            | Stmt::Cont
            | Stmt::Delete(_)
            | Stmt::Renum { .. }
            | Stmt::Auto { .. }
            | Stmt::Edit(_) => {}
        }
    }
}
