//! The compiled form a program runs as: per line, a flat list of instructions with
//! variables resolved to slots, line numbers resolved to line indexes, IF/ELSE flattened
//! into in-line skips, and each FOR/WHILE bound to its NEXT/WEND by GW-BASIC's forward
//! scan (done once here, since it depends only on the program text). Positions
//! (`Pos`: line index, instruction index) are the program counter of `exec`.

use crate::error::ErrorCode;
use crate::machine::value::Str;
use crate::num::{Double, Single};
use crate::syntax::ast::{BinOp, Func, LineRange, OpenMode, SaveFormat, VarType};
use crate::text::token::Keyword;
use std::rc::Rc;

/// Line index used for the direct-mode line.
pub const DIRECT: u32 = u32::MAX;

/// A position in the program: line index and instruction index within it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: u32,
    pub instr: u32,
}

/// Where a FOR's matching NEXT is: the NEXT instruction and which of its variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextPos {
    pub pos: Pos,
    pub var: u32,
}

/// A compiled expression.
#[derive(Debug, Clone)]
pub enum CExpr {
    Int(i16),
    Sng(Single),
    Dbl(Double),
    Str(Str),
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
    /// `var op var` (a common shape kept flat for speed).
    BinVV(BinOp, u32, u32),
    /// `var op constant`.
    BinVC(BinOp, u32, i16),
    /// `array(var)`.
    ElemV(u32, u32),
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

/// PRINT destination.
#[derive(Debug, Clone)]
pub enum CChannel {
    Screen,
    Printer,
    File(CExpr),
}

impl CChannel {
    pub fn is_screen(&self) -> bool {
        matches!(self, CChannel::Screen)
    }
}

/// PRINT list items.
#[derive(Debug, Clone)]
pub enum CPrintItem {
    Expr(CExpr),
    Comma,
    Semicolon,
    Tab(CExpr),
    Spc(CExpr),
}

/// A compiled FOR.
#[derive(Debug, Clone)]
pub struct ForInstr {
    pub var: u32,
    pub var_type: VarType,
    pub start: CExpr,
    pub end: CExpr,
    pub step: Option<CExpr>,
    /// The NEXT the forward scan binds this FOR to, or FOR without NEXT.
    pub next: Result<NextPos, ErrorCode>,
    /// Bytes walked by the scan (cost model).
    pub scan_bytes: u32,
    /// Variables named by NEXTs inside the body (the scan creates them).
    pub scanned_vars: Box<[u32]>,
}

/// Statements that are compiled with their expressions but executed by `exec` as a whole.
#[derive(Debug, Clone)]
pub enum Instr {
    /// `target = value`
    Let(CLValue, CExpr),
    Print {
        channel: CChannel,
        using: Option<CExpr>,
        items: Box<[CPrintItem]>,
        error: Option<ErrorCode>,
    },
    Write {
        channel: CChannel,
        exprs: Box<[CExpr]>,
    },
    Input {
        channel: CChannel,
        keep_line: bool,
        prompt: Option<(Str, bool)>,
        targets: Box<[CLValue]>,
    },
    LineInput {
        channel: CChannel,
        keep_line: bool,
        prompt: Option<Str>,
        target: CLValue,
    },
    /// IF: when `cond` is false continue at instruction `skip_to` (the ELSE part or the
    /// end of the line); `skip_bytes` is what GW scans to get there.
    IfFalse {
        cond: CExpr,
        skip_to: u32,
        skip_bytes: u16,
    },
    /// An ELSE reached while executing: the rest of the line is skipped.
    EndLine {
        skip_bytes: u16,
    },
    Goto(Jump),
    Gosub(Jump),
    Return(Option<Jump>),
    On {
        selector: CExpr,
        targets: Box<[Jump]>,
        gosub: bool,
    },
    OnErrorGoto(u16),
    For(Box<ForInstr>),
    /// NEXT with variable slots (empty: bare NEXT).
    Next(Box<[u32]>),
    While {
        cond: CExpr,
        wend: Result<Pos, ErrorCode>,
        scan_bytes: u32,
    },
    Wend,
    Dim(Box<[(u32, Box<[CExpr]>)]>),
    Erase(Box<[u32]>),
    OptionBase(u8),
    DefType(VarType, Box<[(u8, u8)]>),
    /// DEF FN: function index, parameter slots with types, body.
    DefFn {
        func: u32,
        params: Box<[(u32, VarType)]>,
        body: CExpr,
    },
    Swap(CLValue, CLValue),
    Data,
    Read(Box<[CLValue]>),
    Restore(Option<u16>),
    Randomize(Option<CExpr>),
    Rem {
        bytes: u16,
    },
    End,
    Stop,
    System,
    Clear {
        stack: Option<CExpr>,
    },
    Resume(crate::syntax::ast::ResumeTo),
    Error(CExpr),
    Tron(bool),
    MidAssign {
        target: CLValue,
        start: CExpr,
        len: Option<CExpr>,
        value: CExpr,
    },
    Lset {
        target: CLValue,
        value: CExpr,
        right: bool,
    },
    Open {
        name: CExpr,
        mode: OpenMode,
        file: CExpr,
        reclen: Option<CExpr>,
    },
    OpenShort {
        mode: CExpr,
        file: CExpr,
        name: CExpr,
        reclen: Option<CExpr>,
    },
    Close(Box<[CExpr]>),
    Kill(CExpr),
    NameFile(CExpr, CExpr),
    Files(Option<CExpr>),
    Field {
        file: CExpr,
        fields: Box<[(CExpr, CLValue)]>,
    },
    GetPut {
        file: CExpr,
        record: Option<CExpr>,
        put: bool,
    },
    Width {
        file: Option<CExpr>,
        width: CExpr,
    },
    Cls,
    Beep,
    Locate(Box<[Option<CExpr>]>),
    Ignored(Keyword),
    /// Program-management statements carried to the session (RUN, LIST, LOAD, ...).
    Command(Box<Command>),
    /// A statement that raises this error when executed.
    Invalid(ErrorCode),
}

/// Statements that manage the program rather than compute.
#[derive(Debug, Clone)]
pub enum Command {
    Run(Option<RunTo>),
    List {
        range: LineRange,
        printer: bool,
    },
    New,
    Cont,
    Load {
        file: CExpr,
        run: bool,
    },
    Save {
        file: CExpr,
        format: SaveFormat,
    },
    Merge(CExpr),
    Chain {
        merge: bool,
        file: CExpr,
        line: Option<CExpr>,
        all: bool,
        delete: Option<LineRange>,
    },
    Common(Box<[(Rc<[u8]>, VarType, bool)]>),
    Delete(LineRange),
    Renum {
        new: Option<u16>,
        old: Option<u16>,
        step: Option<u16>,
    },
    Auto {
        start: Option<u16>,
        step: Option<u16>,
    },
    Edit(Option<u16>),
}

/// RUN's target.
#[derive(Debug, Clone)]
pub enum RunTo {
    Line(u16),
    File(CExpr, bool),
}

/// One compiled line.
#[derive(Debug, Clone)]
pub struct CLine {
    pub number: u16,
    pub instrs: Vec<Instr>,
    /// Byte span of each instruction in the crunched line (cost model, RESUME NEXT).
    pub spans: Vec<std::ops::Range<u16>>,
    /// Site id of instruction 0; instruction i has site `site_base + i`.
    pub site_base: u32,
}

/// A DATA item: where it is and its raw text.
#[derive(Debug, Clone)]
pub struct DataItem {
    pub line: u16,
    pub text: Str,
}

/// The compiled program.
#[derive(Debug, Clone, Default)]
pub struct Code {
    pub lines: Vec<CLine>,
    /// DATA items in program order.
    pub data: Vec<DataItem>,
    /// Number of jump sites (for the pointer-conversion flags).
    pub jump_sites: u32,
    /// Number of instruction sites.
    pub sites: u32,
    /// The static cost profile of every site (cost model).
    pub profiles: Vec<crate::cost::SiteProfile>,
}

impl Code {
    /// The instruction at `p` (the direct line's when `p` is in it).
    pub fn instr_at<'c>(&'c self, direct: Option<&'c CLine>, p: Pos) -> Option<&'c Instr> {
        let line = if p.line == DIRECT {
            direct?
        } else {
            self.lines.get(p.line as usize)?
        };
        line.instrs.get(p.instr as usize)
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
