//! Program management: RUN, LIST and LLIST, NEW, CONT, LOAD, SAVE, MERGE, CHAIN and
//! COMMON, DELETE, RENUM, AUTO, EDIT. The machine evaluates their operands and hands
//! them to the session as a `machine::Command` (`machine::commands`).

use super::part::{Array, Expr, Var, node, plain_part};

/// A line in a range: a number or `.` (the current line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRef {
    Number(u16),
    Current,
}

/// A LIST/DELETE range: `[a][-[b]]`, `.` for the current line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineRange {
    pub from: Option<LineRef>,
    pub to: Option<LineRef>,
    pub dash: bool,
}

/// How SAVE writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveFormat {
    Tokenized,
    Ascii,
    Protected,
}

/// What follows the file name of RUN and LOAD: nothing, `,R` (run, keeping open files),
/// or anything else, a Syntax error raised once the file is found and before anything
/// is loaded (S DSKCOM.ASM LRUN3: PRGFLI, then `SYNCHR ','`, `SYNCHR 'R'`, SNERR).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramTail {
    End,
    R,
    Bad,
}

plain_part!(LineRef, LineRange, SaveFormat, ProgramTail);

node! {
    /// `RUN` arguments: a line, or a file and what follows its name.
    pub enum RunTarget {
        Line(u16),
        File(Expr, ProgramTail),
    }
}

node! {
    /// `RUN [n | "file" [,R]]`
    pub struct Run {
        pub target: Option<RunTarget>,
    }
}

node! {
    /// `LIST [range] [, file]` / `LLIST [range]`
    pub struct List {
        pub range: LineRange,
        pub file: Option<Expr>,
    }
}

node! {
    /// `NEW`
    pub struct New;
}

node! {
    /// `CONT`
    pub struct Cont;
}

node! {
    /// `LOAD "file" [,R]`
    pub struct Load {
        pub file: Expr,
        pub tail: ProgramTail,
    }
}

node! {
    /// `SAVE "file" [,A | ,P]`
    pub struct Save {
        pub file: Expr,
        pub format: SaveFormat,
    }
}

node! {
    /// `MERGE "file"`
    pub struct Merge {
        pub file: Expr,
    }
}

node! {
    /// `CHAIN [MERGE] "file" [, line] [, ALL] [, DELETE range]`; `fault`: where the text
    /// after the name goes wrong, the error it raises once the file is open and the line
    /// converted (S FIVEO.ASM CHAIN: PRGFLI first, then each `SYNCHR`).
    pub struct Chain {
        pub merge: bool,
        pub file: Expr,
        pub line: Option<Expr>,
        pub all: bool,
        pub delete: Option<LineRange>,
        pub fault: Option<Expr>,
    }
}

node! {
    /// An item of a COMMON list. COMMON does nothing when executed (GW skips it as DATA);
    /// CHAIN scans the list, in order, when it runs (FIVEO.ASM CHAIN steps 1-2).
    pub enum CommonItem {
        /// `A`: the scalar, if it exists.
        Scalar(Var),
        /// `A()` or `A(n)`: the array, if it exists (`n`, a number of dimensions for the
        /// compiler's sake, is evaluated and must be numeric).
        Array(Array, Option<Expr>),
        /// `A[i]`: looked up as an array element (GW's PTRGET), kept nowhere.
        Element(Expr),
        /// Where the list's text goes wrong: raised when CHAIN's scan gets this far.
        Fault(Expr),
    }
}

node! {
    /// `COMMON vars`
    pub struct Common {
        pub items: Vec<CommonItem>,
    }
}

node! {
    /// `DELETE range`
    pub struct Delete {
        pub range: LineRange,
        /// Text after the range: a Syntax error once the range is found valid (S GWLIST.ASM
        /// DELETE: EOSCHK after FNDLIN's checks, before any line goes).
        pub junk: bool,
    }
}

node! {
    /// `RENUM [new] [, [old] [, inc]]` (new and old may be `.`, S GWMAIN.ASM RESEQ LINSPC)
    pub struct Renum {
        pub new: Option<LineRef>,
        pub old: Option<LineRef>,
        pub step: Option<u16>,
    }
}

node! {
    /// `AUTO [n | .] [, [inc]]` (`previous_step`: a comma without an increment, which
    /// takes the increment of the last AUTO)
    pub struct Auto {
        pub start: Option<LineRef>,
        pub step: Option<u16>,
        pub previous_step: bool,
    }
}

node! {
    /// `EDIT n`
    pub struct Edit {
        pub line: Option<u16>,
    }
}
