//! Parsers of the input/output statements: PRINT, WRITE, INPUT, LINE INPUT, OPEN,
//! CLOSE, NAME, FIELD, GET/PUT, WIDTH, LOCATE.

use super::{PResult, Parser, fault};
use crate::error::ErrorCode;
use crate::syntax::ast::*;
use crate::text::decode::Tok;
use crate::text::token::Keyword;
use std::rc::Rc;

impl<'a> Parser<'a> {
    /// `#n,` at the start of a file statement.
    pub(super) fn file_channel(&mut self) -> PResult<Option<Expr>> {
        if !self.eat_char(b'#') {
            return Ok(None);
        }
        let e = self.expr()?;
        Ok(Some(e))
    }

    /// print -> PRINT [#n,] { expr | , | ; | TAB(n) | SPC(n) } [USING fmt ; values]
    ///
    /// Items are printed as they are scanned; USING may come after other items and then
    /// takes the rest of the statement [S GIO86.ASM PRINT: `CMP AL,USINTK` at every item;
    /// BIPRTU.ASM PRINUS]. The format must be followed by `;`, and each value by `;`, `,`
    /// or the end of the statement, else Syntax error (after the value is printed: S
    /// PRINUS `SYNCHR ';'`, FNSTRF).
    pub(super) fn parse_print(&mut self, mut channel: Channel<Parsed>) -> PResult<Stmt<Parsed>> {
        let mut lead = Vec::new();
        if let Some(f) = self.file_channel()? {
            channel = Channel::File(f);
            // the comma is checked after the file (GW's FILGET): a fault item
            if let Err(fault) = self.expect_char(b',') {
                let items = vec![PrintItem::Expr(self.embed(Err(fault)))];
                return Ok(Stmt::Print(Print {
                    channel,
                    lead,
                    using: None,
                    items,
                }));
            }
        }
        while !self.at_stmt_end() {
            if self.eat_kw(Keyword::Using) {
                let (using, items) = self.print_using_part();
                return Ok(Stmt::Print(Print {
                    channel,
                    lead,
                    using: Some(using),
                    items,
                }));
            }
            let item = if self.eat_char(b';') {
                Ok(PrintItem::Semicolon)
            } else if self.eat_char(b',') {
                Ok(PrintItem::Comma)
            } else if self.eat_kw(Keyword::Tab) {
                self.tab_arg().map(PrintItem::Tab)
            } else if self.eat_kw(Keyword::Spc) {
                self.tab_arg().map(PrintItem::Spc)
            } else {
                self.expr().map(PrintItem::Expr)
            };
            match item {
                Ok(i) => lead.push(i),
                Err(fault) => {
                    // the items before it are printed first: GW prints as it parses
                    lead.push(PrintItem::Expr(self.embed(Err(fault))));
                    break;
                }
            }
        }
        Ok(Stmt::Print(Print {
            channel,
            lead: Vec::new(),
            using: None,
            items: lead,
        }))
    }

    /// `fmt ; value {(;|,) value} [;|,]` after USING: the format, and the values with
    /// their separators; a fault (a missing `;`, junk after a value) ends the list as an
    /// item that raises when the statement reaches it.
    fn print_using_part(&mut self) -> (Expr, Vec<PrintItem<Parsed>>) {
        let fmt = match self.expr() {
            Ok(f) => f,
            Err(fault) => return (self.embed(Err(fault)), Vec::new()),
        };
        if !self.eat_char(b';') {
            // the format is evaluated (and checked to be a string) before the `;`
            self.faulted = true;
            return (Expr::Raise(vec![fmt], ErrorCode::SyntaxError), Vec::new());
        }
        let mut items = Vec::new();
        while !self.at_stmt_end() {
            match self.expr() {
                Ok(e) => items.push(PrintItem::Expr(e)),
                Err(fault) => {
                    items.push(PrintItem::Expr(self.embed(Err(fault))));
                    break;
                }
            }
            if self.eat_char(b';') {
                items.push(PrintItem::Semicolon);
            } else if self.eat_char(b',') {
                items.push(PrintItem::Comma);
            } else if !self.at_stmt_end() {
                let junk = self.embed(Err(Expr::raise(ErrorCode::SyntaxError)));
                items.push(PrintItem::Expr(junk));
                break;
            }
        }
        (fmt, items)
    }

    pub(super) fn tab_arg(&mut self) -> PResult<Expr> {
        let e = self.expr()?;
        if !self.eat_char(b')') {
            return Err(Expr::Raise(vec![e], ErrorCode::SyntaxError));
        }
        Ok(e)
    }

    /// write -> WRITE [#n,] [expr {(,|;) expr}]: items are written as they are scanned,
    /// so a fault is the last item.
    pub(super) fn parse_write(&mut self) -> PResult<Stmt<Parsed>> {
        let mut channel = Channel::Screen;
        let mut exprs = Vec::new();
        if let Some(f) = self.file_channel()? {
            channel = Channel::File(f);
            if let Err(fault) = self.expect_char(b',') {
                exprs.push(self.embed(Err(fault)));
                return Ok(Stmt::Write(Write {
                    channel,
                    exprs,
                    junk: false,
                }));
            }
        }
        // each value is written as it is scanned, and the `,` after it before the next is
        // evaluated; after a value only `,` `;` or the end may follow [S FIVEO.ASM WRITE:
        // WRTMLP, NXTWRV's SYNCHR ',', WASEMI's OUTDO before the next FRMEVL]
        let mut junk = false;
        if !self.at_stmt_end() {
            loop {
                let e = self.expr();
                let failed = e.is_err();
                exprs.push(self.embed(e));
                if failed || self.eat_char(b',') || self.eat_char(b';') {
                    if failed {
                        break;
                    }
                    continue;
                }
                junk = !self.at_stmt_end();
                self.faulted |= junk;
                break;
            }
        }
        Ok(Stmt::Write(Write {
            channel,
            exprs,
            junk,
        }))
    }

    /// input -> INPUT [;] ["prompt" (;|,)] lvalues | INPUT #n, lvalues
    pub(super) fn parse_input(&mut self) -> PResult<Stmt<Parsed>> {
        if let Some(f) = self.file_channel()? {
            return Ok(self.file_input(f, false));
        }
        let keep_line = self.eat_char(b';');
        let prompt = match self.peek() {
            Some(Tok::Str { .. }) => {
                let s = self.string_literal()?;
                let question = if self.eat_char(b';') {
                    true
                } else {
                    self.expect_char(b',')?;
                    false
                };
                Some((s, question))
            }
            _ => None,
        };
        // GW reads the reply first and then scans the variable list, one variable (a
        // name, its subscripts skipped, then `,` or the end) and its value at a time: a
        // variable that goes wrong is a Syntax error once the values before it are found
        // good [S GWMAIN.ASM INPUT: SINLIN, then VARLOP/ENDSCN "BADLY FORMED INPUT"]
        let (mut targets, fault, at_separator) = self.scanned_lvalues(true);
        if at_separator {
            // the separator is checked before the value of the variable it follows
            targets.pop();
        }
        Ok(Stmt::Input(Input {
            channel: Channel::Screen,
            keep_line,
            prompt,
            targets,
            fault,
        }))
    }

    /// The rest of `INPUT #f, vars` / `LINE INPUT #f, var$` after the file number. GW
    /// checks the file before the comma and reads each variable as it is scanned (FILINP,
    /// then the READ loop), so a fault in the text (the comma, a variable) becomes
    /// `FileInputFault` holding the variables before it [S GIO86.ASM FILINP, GWMAIN.ASM
    /// DLINE/INPCN3; M unsorted/LINEINP2].
    fn file_input(&mut self, file: Expr, line: bool) -> Stmt<Parsed> {
        let mut targets = Vec::new();
        let fault = match self.expect_char(b',') {
            Err(e) => Some(e),
            Ok(()) => loop {
                match self.lvalue() {
                    Ok(t) => targets.push(t),
                    Err(e) => break Some(e),
                }
                if line || !self.eat_char(b',') {
                    break None;
                }
            },
        };
        match fault {
            Some(e) => {
                let fault = self.embed(Err(e));
                Stmt::FileInputFault(FileInputFault {
                    file,
                    targets,
                    fault,
                })
            }
            None if line => match targets.pop() {
                Some(target) => Stmt::LineInput(LineInput {
                    channel: Channel::File(file),
                    keep_line: false,
                    prompt: None,
                    target,
                }),
                // not reached: without a fault the loop scanned the variable
                None => Stmt::Raise(Raise {
                    fault: Expr::raise(ErrorCode::SyntaxError),
                }),
            },
            None => Stmt::Input(Input {
                channel: Channel::File(file),
                keep_line: false,
                prompt: None,
                targets,
                fault: None,
            }),
        }
    }

    pub(super) fn string_literal(&mut self) -> PResult<Rc<[u8]>> {
        match self.bump() {
            Some(t) => match t.tok {
                Tok::Str { closed } => {
                    let text = self.text(t);
                    // a byte count, as every literal (S BISTRS.ASM STRLT2)
                    let inner = &text[1..text.len() - usize::from(closed)];
                    Ok(Rc::from(&inner[..inner.len() % 256]))
                }
                _ => fault(ErrorCode::SyntaxError),
            },
            None => fault(ErrorCode::SyntaxError),
        }
    }

    /// line_input -> LINE INPUT [;] ["prompt";] var$ | LINE INPUT #n, var$
    pub(super) fn parse_line_input(&mut self) -> PResult<Stmt<Parsed>> {
        self.expect_kw(Keyword::Input)?;
        if let Some(f) = self.file_channel()? {
            return Ok(self.file_input(f, true));
        }
        let keep_line = self.eat_char(b';');
        let prompt = match self.peek() {
            Some(Tok::Str { .. }) => {
                let s = self.string_literal()?;
                if !self.eat_char(b';') {
                    self.expect_char(b',')?;
                }
                Some(s)
            }
            _ => None,
        };
        let target = match self.lvalue() {
            Ok(t) => t,
            // a subscript that does not parse: its error comes when LINE locates the
            // variable, after the prompt is shown [S GWMAIN.ASM LINE: QTINP, PTRGET]
            Err(Expr::Index(name, subs)) => {
                self.faulted = true;
                LValue::Index(name, subs)
            }
            Err(e) => return Err(e),
        };
        Ok(Stmt::LineInput(LineInput {
            channel: Channel::Screen,
            keep_line,
            prompt,
            target,
        }))
    }

    /// open -> OPEN mode$, [#]n, name$ [, len] | OPEN name$ [FOR mode] AS [#]n [LEN = n]
    pub(super) fn parse_open(&mut self) -> PResult<Stmt<Parsed>> {
        let first = self.expr()?;
        if self.eat_char(b',') {
            // the short form: the mode is checked to be a string before the rest is
            // scanned (`OPEN 0,0` a Type mismatch, as PC-BASIC's GW rules have it)
            return self
                .open_short(first.clone())
                .map_err(|f| super::after(vec![Expr::Call(Func::Len, vec![first])], f));
        }
        // the long form: the name is checked to be a string (NAMSC1's FRESTR) before the
        // rest is scanned, so `OPEN AS #1` (AS a variable) is a Type mismatch
        // [S GIO86.ASM OPEN: FRMEVL, no comma, NAMSC1]
        self.open_long(first.clone())
            .map_err(|f| super::after(vec![Expr::Call(Func::Len, vec![first])], f))
    }

    /// OPEN mode$, [#]n, name$ [, len], after the mode and its comma.
    fn open_short(&mut self, mode: Expr) -> PResult<Stmt<Parsed>> {
        self.eat_char(b'#');
        let file = self.expr()?;
        // the file number is converted (GETNZB's GETBYT) before the comma is looked for:
        // `OPEN "I",A$` is a Type mismatch [S GIO86.ASM OPEN, HAVMD1: POFNUM, then
        // `SYNCHR ','`]
        if let Err(f) = self.expect_char(b',') {
            return Err(super::after(vec![Expr::Call(Func::Cint, vec![file])], f));
        }
        let name = self.expr()?;
        let reclen = if self.eat_char(b',') {
            Some(self.expr()?)
        } else {
            None
        };
        Ok(Stmt::OpenShort(OpenShort {
            mode,
            file,
            name,
            reclen,
        }))
    }

    /// OPEN name$ [FOR mode] [ACCESS ...] [lock] AS [#]n [LEN = n], after the name.
    fn open_long(&mut self, first: Expr) -> PResult<Stmt<Parsed>> {
        let mode = if self.eat_kw(Keyword::For) {
            if self.eat_kw(Keyword::Input) {
                OpenMode::Input
            } else if self.eat_word(b"OUTPUT") {
                OpenMode::Output
            } else if self.eat_word(b"APPEND") {
                OpenMode::Append
            } else if self.eat_word(b"RANDOM") {
                OpenMode::Random
            } else {
                return fault(ErrorCode::SyntaxError);
            }
        } else {
            OpenMode::Random
        };
        let access = if self.eat_word(b"ACCESS") {
            Some(self.read_write()?)
        } else {
            None
        };
        let lock = if self.eat_kw(Keyword::Lock) {
            OpenLock::Lock(self.read_write()?)
        } else if self.eat_word(b"SHARED") {
            OpenLock::Shared
        } else {
            OpenLock::Default
        };
        if !self.eat_word(b"AS") {
            return fault(ErrorCode::SyntaxError);
        }
        self.eat_char(b'#');
        let file = self.expr()?;
        let reclen = if self.eat_kw(Keyword::Len) {
            self.expect_kw(Keyword::Equal)?;
            Some(self.expr()?)
        } else {
            None
        };
        // the statement must end before the file is opened [S GIO86.ASM OPEN1: CHRGTR,
        // SNERR1, then OPNFIL]; the file number was converted as it was scanned (POFNUM)
        if !self.at_stmt_end() {
            let done = vec![Expr::Call(Func::Cint, vec![file])];
            return Err(super::after(done, Expr::raise(ErrorCode::SyntaxError)));
        }
        Ok(Stmt::Open(Open {
            name: first,
            mode,
            access,
            lock,
            file,
            reclen,
        }))
    }

    /// `READ`, `WRITE` or `READ WRITE` (OPEN's ACCESS and LOCK clauses).
    fn read_write(&mut self) -> PResult<OpenAccess> {
        if self.eat_kw(Keyword::Write) {
            Ok(OpenAccess::Write)
        } else if self.eat_kw(Keyword::Read) {
            Ok(if self.eat_kw(Keyword::Write) {
                OpenAccess::ReadWrite
            } else {
                OpenAccess::Read
            })
        } else {
            fault(ErrorCode::SyntaxError)
        }
    }

    /// lock -> (LOCK | UNLOCK) [#]n [, [first] [TO last]]: the file is checked before
    /// the records are scanned, so a fault in them (held in `first` or `last`) comes
    /// after the file's Bad file number.
    pub(super) fn parse_lock(&mut self, unlock: bool) -> PResult<Stmt<Parsed>> {
        self.eat_char(b'#');
        let file = self.expr()?;
        let records = if self.eat_char(b',') {
            let first = if self.is_kw(Keyword::To) {
                None
            } else {
                let e = self.expr();
                Some(self.embed(e))
            };
            let last = if !self.faulted && self.eat_kw(Keyword::To) {
                let e = self.expr();
                Some(self.embed(e))
            } else {
                None
            };
            Some(RecordRange { first, last })
        } else if !self.at_stmt_end() {
            // without records, the statement must end here before anything is locked
            self.faulted = true;
            Some(RecordRange {
                first: Some(Expr::raise(ErrorCode::SyntaxError)),
                last: None,
            })
        } else {
            None
        };
        Ok(Stmt::LockRecords(LockRecords {
            file,
            records,
            unlock,
        }))
    }

    /// directory -> (MKDIR | CHDIR | RMDIR) path
    pub(super) fn parse_directory(&mut self, op: DirOp) -> PResult<Stmt<Parsed>> {
        Ok(Stmt::Directory(Directory {
            op,
            path: self.expr()?,
        }))
    }

    /// close -> CLOSE [[#]n {, [#]n}]
    pub(super) fn parse_close(&mut self) -> PResult<Stmt<Parsed>> {
        let mut v = Vec::new();
        if !self.at_stmt_end() {
            loop {
                self.eat_char(b'#');
                // each file is closed as its number is scanned: a fault later in the list
                // comes after the files before it are closed
                let e = self.expr();
                v.push(self.embed(e));
                if self.faulted || !self.eat_char(b',') {
                    break;
                }
            }
        }
        Ok(Stmt::Close(Close { files: v }))
    }

    /// name -> NAME old AS new: GW looks the old file up before it reads `AS`, so a fault
    /// after the old name is the new name.
    pub(super) fn parse_name_file(&mut self) -> PResult<Stmt<Parsed>> {
        let old = self.expr()?;
        let new = if self.eat_word(b"AS") {
            self.expr()
        } else {
            fault(ErrorCode::SyntaxError)
        };
        let new = self.embed(new);
        Ok(Stmt::NameFile(NameFile { old, new }))
    }

    /// field -> FIELD [#]n, width AS var$ {, width AS var$}
    pub(super) fn parse_field(&mut self) -> PResult<Stmt<Parsed>> {
        self.eat_char(b'#');
        let file = self.expr()?;
        let mut fields = Vec::new();
        let mut fault = None;
        while self.eat_char(b',') {
            match self.field_clause() {
                Ok(f) => fields.push(f),
                Err(f) => {
                    fault = Some(self.embed(Err(f)));
                    break;
                }
            }
        }
        Ok(Stmt::Field(Field {
            file,
            fields,
            fault,
        }))
    }

    /// `width AS var$` of FIELD: a fault after the width comes once it is converted.
    fn field_clause(&mut self) -> PResult<(Expr, LValue)> {
        let w = self.expr()?;
        let converted = |f| super::after(vec![Expr::Call(Func::Cint, vec![w.clone()])], f);
        if !self.eat_word(b"AS") {
            return Err(converted(Expr::raise(ErrorCode::SyntaxError)));
        }
        let v = self.lvalue().map_err(converted)?;
        Ok((w, v))
    }

    /// get/put -> (GET | PUT) [#]n [, record]: the file is checked before the record
    /// number is scanned (`GET #1,` of a closed file its file error, not Missing operand).
    pub(super) fn parse_get_put(&mut self, put: bool) -> PResult<Stmt<Parsed>> {
        self.eat_char(b'#');
        let file = self.expr()?;
        let record = if self.eat_char(b',') {
            let e = self.expr();
            Some(self.embed(e))
        } else {
            None
        };
        Ok(Stmt::GetPut(GetPut { file, record, put }))
    }

    /// width -> WIDTH n | WIDTH #f, n | WIDTH "dev", n | WIDTH LPRINT n
    pub(super) fn parse_width(&mut self) -> PResult<Stmt<Parsed>> {
        if self.eat_kw(Keyword::Lprint) {
            return self.parse_printer_width();
        }
        if self.eat_char(b'#') {
            // the file is looked up before the comma [S GIO86.ASM FILWID: PRFNUM,
            // FDBPTR's Bad file number, then `SYNCHR ','`]
            let f = self.expr()?;
            return Ok(Stmt::Width(Width {
                file: Some(f),
                width: self.next_operand(),
            }));
        }
        // nothing after WIDTH: FRMEVL finds no operand [S GIO86.ASM WIDTHS]
        if self.at_stmt_end() {
            return fault(ErrorCode::MissingOperand);
        }
        // GIO86.ASM WIDTHS evaluates the first operand (FRMEVL): a string names a device
        // (`WIDTH "SCRN:", 40`), a number sends it back to the start of the operands to
        // scan the screen's WIDTH (CRTWD). Which one is known only at run time (`WIDTH A`
        // under DEFSTR A), so both readings are kept.
        let (start, scanned) = (self.pos, self.scanned.len());
        let device = match self.peek() {
            Some(Tok::Num(_)) | None => None,
            _ => match self.sub_expr() {
                Ok(e) if !matches!(e, Expr::Num(_)) => Some(self.parse_device_width(e)),
                _ => None,
            },
        };
        self.pos = start;
        self.scanned.truncate(scanned);
        self.faulted = false;
        self.parse_screen_width(device)
    }
}
