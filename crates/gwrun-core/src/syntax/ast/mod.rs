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
    /// SWAP's two elements in a flat form (compiled).
    type SwapFlat: Debug + Clone;
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
    type SwapFlat = ();
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
    fn swap_flat(&mut self, s: &P::SwapFlat) -> Q::SwapFlat;
}

/// Sees the parts of a statement in the order GW-BASIC scans them.
pub trait Visit<P: Phase> {
    fn expr(&mut self, _e: &P::Expr) {}
    fn target(&mut self, _t: &P::Target) {}
    fn var(&mut self, _v: &P::Var) {}
    fn array(&mut self, _a: &P::Array) {}
}

/// Makes the `Stmt` enum of the statement list: one variant per statement, named like its
/// payload (`For(For)`; a large payload is boxed, `Circle(Box<Circle>)`), and its `map`,
/// `visit` and Debug form (the payload's).
macro_rules! statements {
    ($($variant:ident($kind:ty) => $handler:ident,)*) => {
        /// Statements. Every GW-BASIC statement gwrun knows has one variant here, holding
        /// its payload (declared in the module of its family). The tag is a byte of its
        /// own (`repr(u8)`): the statement loop's dispatch reads it and jumps, where a
        /// tag kept in a payload's spare values took six more instructions to decode.
        #[derive(Clone)]
        #[repr(u8)]
        pub enum Stmt<P: Phase> {
            $($variant(<$kind as Part>::Of<P>),)*
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

/// Invokes `$m!` with the statement list: `Variant(Kind) => handler,` for every statement,
/// where `Kind` is its payload (a `node!` type, boxed when large) and `handler` the
/// `Machine` method that executes it. `statements!` below makes the `Stmt` enum of it,
/// the machine its dispatch (machine/dispatch.rs). The order of the variants is the order
/// of the enum before the statements were declared by family: it decides how the
/// dispatch is laid out, and this order measured the fewest instructions (callgrind); the
/// family of each is its payload's module.
macro_rules! with_statements {
    ($m:ident) => {
        $m! {
            Let(Let) => exec_let,
            Print(Print) => exec_print,
            Write(Write) => exec_write,
            Input(Input) => exec_input,
            LineInput(LineInput) => exec_line_input,
            If(If) => exec_if,
            Else(Else) => exec_else,
            Goto(Goto) => exec_goto,
            Gosub(Gosub) => exec_gosub,
            Return(Return) => exec_return,
            On(On) => exec_on,
            OnErrorGoto(OnErrorGoto) => exec_on_error,
            For(For) => exec_for,
            Next(Next) => exec_next,
            While(While) => exec_while,
            Wend(Wend) => exec_wend,
            Dim(Dim) => exec_dim,
            Erase(Erase) => exec_erase,
            OptionBase(OptionBase) => exec_option_base,
            DefType(DefType) => exec_deftype,
            DefFn(DefFn) => exec_def_fn,
            Swap(Swap) => exec_swap,
            Data(Data) => exec_nothing,
            Read(Read) => exec_read,
            Restore(Restore) => exec_restore,
            Randomize(Randomize) => exec_randomize,
            Rem(Rem) => exec_nothing,
            End(End) => exec_end,
            Stop(Stop) => exec_stop,
            System(System) => exec_system,
            Clear(Clear) => exec_clear,
            Resume(Resume) => exec_resume,
            Error(Error) => exec_error,
            Tron(Tron) => exec_tron,
            MidAssign(MidAssign) => exec_mid_assign,
            Lset(Lset) => exec_lset,
            Open(Open) => exec_open,
            OpenShort(OpenShort) => exec_open_short,
            Close(Close) => exec_close,
            Reset(Reset) => exec_reset,
            Kill(Kill) => exec_kill,
            NameFile(NameFile) => exec_name,
            Files(Files) => exec_files,
            Field(Field) => exec_field,
            GetPut(GetPut) => exec_get_put,
            Width(Width) => exec_width,
            Cls(Cls) => exec_cls,
            Beep(Beep) => exec_beep,
            Locate(Locate) => exec_locate,
            Ignored(Ignored) => exec_nothing,
            Shell(Shell) => exec_shell,
            Color(Color) => exec_color,
            Screen(Screen) => exec_screen,
            ScreenWidth(ScreenWidth) => exec_screen_width,
            ViewPrint(ViewPrint) => exec_view_print,
            Pcopy(Pcopy) => exec_pcopy,
            KeyBar(KeyBar) => exec_key_bar,
            KeyDef(KeyDef) => exec_key_def,
            KeyTrap(KeyTrap) => exec_key_trap,
            DefSeg(DefSeg) => exec_def_seg,
            DefUsr(DefUsr) => exec_def_usr,
            Call(Call) => exec_call,
            Poke(Poke) => exec_poke,
            Sound(Sound) => exec_sound,
            Play(Play) => exec_play,
            Out(Out) => exec_out,
            Wait(Wait) => exec_wait,
            PrinterWidth(PrinterWidth) => exec_printer_width,
            Lcopy(Lcopy) => exec_lcopy,
            Ioctl(Ioctl) => exec_ioctl,
            Pset(Box<Pset>) => exec_pset,
            Line(Box<Line>) => exec_line,
            Circle(Box<Circle>) => exec_circle,
            Paint(Box<Paint>) => exec_paint,
            Draw(Box<Draw>) => exec_draw,
            GraphicsGet(Box<GraphicsGet>) => exec_graphics_get,
            GraphicsPut(Box<GraphicsPut>) => exec_graphics_put,
            View(Box<View>) => exec_view,
            Window(Box<Window>) => exec_window,
            Palette(Box<Palette>) => exec_palette,
            PaletteUsing(Box<PaletteUsing>) => exec_palette_using,
            Bsave(Box<Bsave>) => exec_bsave,
            Bload(Box<Bload>) => exec_bload,
            GraphicsRaise(Box<GraphicsRaise>) => exec_graphics_raise,
            LockRecords(LockRecords) => exec_lock,
            Directory(Directory) => exec_directory,
            FileInputFault(FileInputFault) => exec_file_input_fault,
            OnEvent(OnEvent) => exec_on_event,
            EventState(EventState) => exec_event_switch,
            SetClock(SetClock) => exec_set_clock,
            Run(Run) => exec_run,
            List(List) => exec_list,
            New(New) => exec_new,
            Cont(Cont) => exec_cont,
            Load(Load) => exec_load,
            Save(Save) => exec_save,
            Merge(Merge) => exec_merge,
            Chain(Chain) => exec_chain,
            Common(Common) => exec_nothing,
            Delete(Delete) => exec_delete,
            Renum(Renum) => exec_renum,
            Auto(Auto) => exec_auto,
            Edit(Edit) => exec_edit,
            Raise(Raise) => exec_raise,
            Environ(Environ) => exec_environ,
        }
    };
}
pub(crate) use with_statements;

with_statements!(statements);
