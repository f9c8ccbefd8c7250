//! Control flow: IF and ELSE, GOTO, GOSUB and RETURN, ON … GOTO/GOSUB, FOR/NEXT,
//! WHILE/WEND, END, STOP, SYSTEM, REM, error handling (ON ERROR, RESUME, ERROR), TRON
//! and TROFF, and the statement whose text went wrong (`Raise`). `compile::code` says
//! where each moves the program counter; `machine::control` and `machine::trap` run them.

use super::part::node;
use super::part::{ElseSkip, Expr, ForBind, IfBranches, Line, Var, WhileBind};

node! {
    /// `IF cond THEN stmts|n [ELSE stmts|n]`, `IF cond GOTO n [ELSE ...]`
    pub struct If {
        pub cond: Expr,
        pub branches: IfBranches,
    }
}

node! {
    /// An ELSE reached while executing: the rest of the line is skipped, like REM.
    pub struct Else {
        pub skip: ElseSkip,
    }
}

node! {
    /// `GOTO n` (also the target of `THEN n` / `ELSE n`)
    pub struct Goto {
        pub line: Line,
    }
}

node! {
    /// `GOSUB n` (text after the number is skipped: RETURN goes on after the statement)
    pub struct Gosub {
        pub line: Line,
    }
}

node! {
    /// `RETURN [n]`
    pub struct Return {
        pub line: Option<Line>,
    }
}

node! {
    /// `ON x GOTO|GOSUB n1, n2, ...`: the list up to the first entry not followed by a
    /// comma; an entry that is not a line number is `None` (a Syntax error only if it
    /// is the chosen one). `gosub` is None when neither GOTO nor GOSUB follows the
    /// selector (a Syntax error once the selector is checked). `junk`: text follows the
    /// list: a Syntax error when no entry is taken, skipped by the RETURN of a GOSUB.
    pub struct On {
        pub selector: Expr,
        pub targets: Vec<Option<Line>>,
        pub gosub: Option<bool>,
        pub junk: bool,
    }
}

node! {
    /// `FOR var = start TO end [STEP step]`; `junk`: text follows, a Syntax error raised
    /// once the step is evaluated, before the loop's entry is made or its NEXT looked for
    /// [S GWMAIN.ASM FOR: "MAKE SURE THE FOR ENDED PROPERLY" before NXTSCN].
    pub struct For {
        pub var: Var,
        pub start: Expr,
        pub end: Expr,
        pub step: Option<Expr>,
        pub junk: bool,
        pub bind: ForBind,
    }
}

node! {
    /// `NEXT [var [, var ...]]`; `bad`: something that is not a variable follows the
    /// variables (a missing one after a comma, or other text): Syntax error when reached,
    /// both by the NEXT and by the forward scan of a FOR. `dangling`: that part is a comma
    /// at the end of the statement (`NEXT I,`): once the loops before it end, the NEXT
    /// looks for a loop with no variable to match, which is NEXT without FOR (S NEXT86.ASM
    /// LOOPD1: CHRGTR past the comma, then NEXTC with DX = SP, which no FOR entry holds).
    /// To a FOR's forward scan the comma is no error: it counts one loop more, and a FOR
    /// bound there takes it as a bare NEXT (S GWMAIN.ASM NXTSCN DECNXT).
    pub struct Next {
        pub vars: Vec<Var>,
        pub bad: bool,
        pub dangling: bool,
    }
}

node! {
    /// `WHILE cond`
    pub struct While {
        pub cond: Expr,
        pub bind: WhileBind,
    }
}

node! {
    /// `WEND`; `junk`: text follows it (Syntax error before it acts; the forward scan
    /// of WHILE still counts it).
    pub struct Wend {
        pub junk: bool,
    }
}

node! {
    /// `END`
    pub struct End;
}

node! {
    /// `STOP`
    pub struct Stop;
}

node! {
    /// `SYSTEM`
    pub struct System;
}

node! {
    /// `REM ...` or `' ...`
    pub struct Rem;
}

node! {
    /// `ON ERROR GOTO n`
    pub struct OnErrorGoto {
        pub line: u16,
    }
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

super::part::plain_part!(ResumeTo);

node! {
    /// `RESUME [0 | NEXT | n]`
    pub struct Resume {
        pub to: ResumeTo,
    }
}

node! {
    /// `ERROR n`; `junk`: text follows n (Syntax error once n is checked).
    pub struct Error {
        pub code: Expr,
        pub junk: bool,
    }
}

node! {
    /// `TRON` (`on`) / `TROFF`
    pub struct Tron {
        pub on: bool,
    }
}

node! {
    /// A statement whose text goes wrong before anything but expressions was done: the
    /// expression (an `Expr::Raise` or one containing it) is evaluated, raising the error.
    pub struct Raise {
        pub fault: Expr,
    }
}
