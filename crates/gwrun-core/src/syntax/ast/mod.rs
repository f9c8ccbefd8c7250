//! The statements and expressions of a program line. One `Stmt` enum serves both stages
//! of the pipeline: the parser builds `Stmt<Parsed>` (names and line numbers as written)
//! and the compiler turns it into `Stmt<Compiled>` (variables as slots, jumps resolved,
//! loops bound) with `Stmt::map`; the machine executes `Stmt<Compiled>`. What differs
//! between the stages is named by the `Phase` trait's associated types, so a statement is
//! declared once.
//!
//! Each statement's payload is a struct declared with `node!` in the module of its family
//! (`control`, `vars`, `io`, `files`, `screen`, `gfx`, `devices`, `events`, `program`),
//! with the BASIC syntax it stands for in its doc comment; `statements!` below makes the
//! `Stmt` enum of them, and `map`, `visit` and the dump's Debug form are generated from
//! the payloads' fields (`part`).
//!
//! GW-BASIC parses while it executes: the parts of a statement are evaluated as its text
//! is scanned, and a malformed part raises its error only when reached. The parser keeps
//! that order: where the text goes wrong, it puts an `Expr::Raise` holding the operands
//! scanned so far, and the statement is built around it, so everything before the fault
//! still runs in order (digest §1.4).

mod control;
mod devices;
mod events;
mod expr;
mod files;
mod gfx;
mod io;
pub mod part;
mod program;
mod screen;
mod vars;

pub use control::*;
pub use devices::*;
pub use events::*;
pub use expr::*;
pub use files::*;
pub use gfx::*;
pub use io::*;
pub use program::*;
pub use screen::*;
pub use vars::*;

use part::Part;
use std::fmt::Debug;
use std::ops::Range;

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
    fn for_bind(&mut self, b: &P::ForBind) -> Q::ForBind;
    fn while_bind(&mut self, b: &P::WhileBind) -> Q::WhileBind;
}

/// Sees the parts of a statement in the order GW-BASIC scans them.
pub trait Visit<P: Phase> {
    fn expr(&mut self, _e: &P::Expr) {}
    fn target(&mut self, _t: &P::Target) {}
    fn var(&mut self, _v: &P::Var) {}
    fn array(&mut self, _a: &P::Array) {}
}

/// Makes the `Stmt` enum of the statements' payloads: one variant per statement, named
/// like its payload (`For(For)`; a large payload is boxed, `Circle(Box<Circle>)`), and
/// its `map`, `visit` and Debug form (the payload's).
macro_rules! statements {
    ($($(#[$m:meta])* $variant:ident($kind:ty),)*) => {
        /// Statements. Every GW-BASIC statement gwrun knows has one variant here, holding
        /// its payload (declared in the module of its family).
        #[derive(Clone)]
        pub enum Stmt<P: Phase> {
            $($(#[$m])* $variant(<$kind as Part>::Of<P>),)*
        }

        impl<P: Phase> Stmt<P> {
            /// The statement in the next phase: every part turned by `f`, in scan order.
            pub fn map<Q: Phase>(&self, f: &mut impl Fold<P, Q>) -> Stmt<Q> {
                match self {
                    $(Stmt::$variant(s) => Stmt::$variant(<$kind as Part>::map(s, f)),)*
                }
            }

            /// Shows every expression, target and named variable or array to `v`, in
            /// scan order.
            pub fn visit(&self, v: &mut impl Visit<P>) {
                match self {
                    $(Stmt::$variant(s) => <$kind as Part>::visit(s, v),)*
                }
            }
        }

        /// Shown as its payload: `For { var: I, ... }` (the AST and code dumps).
        impl<P: Phase> Debug for Stmt<P> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(Stmt::$variant(s) => Debug::fmt(s, f),)*
                }
            }
        }
    };
}

// The order of the variants is the order of the enum before the statements were declared
// by family: it decides how the machine's dispatch is laid out, and this order measured the
// fewest instructions (callgrind, docs/benchmarks.md); the family of each is its payload's
// module.
statements! {
    Let(Let),
    Print(Print),
    Write(Write),
    Input(Input),
    LineInput(LineInput),
    If(If),
    Else(Else),
    Goto(Goto),
    Gosub(Gosub),
    Return(Return),
    On(On),
    OnErrorGoto(OnErrorGoto),
    For(For),
    Next(Next),
    While(While),
    Wend(Wend),
    Dim(Dim),
    Erase(Erase),
    OptionBase(OptionBase),
    DefType(DefType),
    DefFn(DefFn),
    Swap(Swap),
    Data(Data),
    Read(Read),
    Restore(Restore),
    Randomize(Randomize),
    Rem(Rem),
    End(End),
    Stop(Stop),
    System(System),
    Clear(Clear),
    Resume(Resume),
    Error(Error),
    Tron(Tron),
    MidAssign(MidAssign),
    Lset(Lset),
    Open(Open),
    OpenShort(OpenShort),
    Close(Close),
    Reset(Reset),
    Kill(Kill),
    NameFile(NameFile),
    Files(Files),
    Field(Field),
    GetPut(GetPut),
    Width(Width),
    Cls(Cls),
    Beep(Beep),
    Locate(Locate),
    Ignored(Ignored),
    Shell(Shell),
    Color(Color),
    Screen(Screen),
    ScreenWidth(ScreenWidth),
    ViewPrint(ViewPrint),
    Pcopy(Pcopy),
    KeyBar(KeyBar),
    KeyDef(KeyDef),
    KeyTrap(KeyTrap),
    DefSeg(DefSeg),
    Poke(Poke),
    Sound(Sound),
    Play(Play),
    Out(Out),
    Wait(Wait),
    PrinterWidth(PrinterWidth),
    DeviceWidth(DeviceWidth),
    Lcopy(Lcopy),
    Ioctl(Ioctl),
    Pset(Box<Pset>),
    Line(Box<Line>),
    Circle(Box<Circle>),
    Paint(Box<Paint>),
    Draw(Box<Draw>),
    GraphicsGet(Box<GraphicsGet>),
    GraphicsPut(Box<GraphicsPut>),
    View(Box<View>),
    Window(Box<Window>),
    Palette(Box<Palette>),
    PaletteUsing(Box<PaletteUsing>),
    Bsave(Box<Bsave>),
    Bload(Box<Bload>),
    GraphicsRaise(Box<GraphicsRaise>),
    LockRecords(LockRecords),
    Directory(Directory),
    FileInputFault(FileInputFault),
    OnEvent(OnEvent),
    EventState(EventState),
    SetClock(SetClock),
    Run(Run),
    List(List),
    New(New),
    Cont(Cont),
    Load(Load),
    Save(Save),
    Merge(Merge),
    Chain(Chain),
    Common(Common),
    Delete(Delete),
    Renum(Renum),
    Auto(Auto),
    Edit(Edit),
    Raise(Raise),
}
