//! Files and directories: OPEN (both forms), CLOSE, RESET, KILL, NAME, FILES, FIELD,
//! GET and PUT of records, LSET/RSET, WIDTH of a file, LOCK/UNLOCK, MKDIR/CHDIR/RMDIR.
//! Run by `machine::files` on the disk layer (`dos`).

use super::part::{Expr, Target, node, plain_part};

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

/// MKDIR, CHDIR, RMDIR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirOp {
    Mkdir,
    Chdir,
    Rmdir,
}

plain_part!(OpenMode, OpenAccess, OpenLock, DirOp);

node! {
    /// `OPEN name [FOR mode] [ACCESS a] [SHARED | LOCK a] AS [#]f [LEN = n]`
    pub struct Open {
        pub name: Expr,
        pub mode: OpenMode,
        pub access: Option<OpenAccess>,
        pub lock: OpenLock,
        pub file: Expr,
        pub reclen: Option<Expr>,
    }
}

node! {
    /// `OPEN mode$, #f, name$ [, len]`: the mode is an expression (first syntax)
    pub struct OpenShort {
        pub mode: Expr,
        pub file: Expr,
        pub name: Expr,
        pub reclen: Option<Expr>,
    }
}

node! {
    /// `CLOSE [#f, ...]`
    pub struct Close {
        pub files: Vec<Expr>,
    }
}

node! {
    /// `RESET`
    pub struct Reset;
}

node! {
    /// `KILL name`
    pub struct Kill {
        pub name: Expr,
    }
}

node! {
    /// `NAME old AS new`
    pub struct NameFile {
        pub old: Expr,
        pub new: Expr,
    }
}

node! {
    /// `FILES [spec]`
    pub struct Files {
        pub spec: Option<Expr>,
    }
}

node! {
    /// `FIELD #f, n AS v$, ...`: each field's width and variable, and the fault of a
    /// clause that goes wrong, raised after the file is checked and the fields before it
    /// are set (S DSKCOM.ASM FIELD: FILSCN, then LOPFLD clause by clause).
    pub struct Field {
        pub file: Expr,
        pub fields: Vec<(Expr, Target)>,
        pub fault: Option<Expr>,
    }
}

node! {
    /// `GET #f [, rec]` / `PUT #f [, rec]` (`put`)
    pub struct GetPut {
        pub file: Expr,
        pub record: Option<Expr>,
        pub put: bool,
    }
}

node! {
    /// `LSET s$ = x` / `RSET s$ = x` (`right`)
    pub struct Lset {
        pub target: Target,
        pub value: Expr,
        pub right: bool,
    }
}

node! {
    /// `WIDTH #f, n`
    pub struct Width {
        pub file: Option<Expr>,
        pub width: Expr,
    }
}

node! {
    /// The records of LOCK and UNLOCK: `, [first] [TO last]`.
    pub struct RecordRange {
        pub first: Option<Expr>,
        pub last: Option<Expr>,
    }
}

node! {
    /// `LOCK [#]f [, [first] [TO last]]` / `UNLOCK ...` (`unlock`)
    pub struct LockRecords {
        pub file: Expr,
        pub records: Option<RecordRange>,
        pub unlock: bool,
    }
}

node! {
    /// `MKDIR path` / `CHDIR path` / `RMDIR path`
    pub struct Directory {
        pub op: DirOp,
        pub path: Expr,
    }
}
