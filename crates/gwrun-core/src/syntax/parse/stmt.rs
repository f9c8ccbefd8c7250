//! Statement parsers, one per keyword (`parse_for` for `Keyword::For` → `Stmt::For`).

use super::{PResult, Parser, after, fault};
use crate::error::ErrorCode;
use crate::syntax::ast::*;
use crate::text::decode::Tok;
use crate::text::token::Keyword;

impl<'a> Parser<'a> {
    /// statement -> keyword-statement | [LET] lvalue = expr | REM | DATA
    pub(super) fn statement(&mut self) -> PResult<Stmt<Parsed>> {
        let Some(t) = self.peek() else {
            return fault(ErrorCode::SyntaxError);
        };
        match t {
            Tok::Rem => {
                self.pos += 1;
                Ok(Stmt::Rem(Rem))
            }
            Tok::Data => {
                self.pos += 1;
                Ok(Stmt::Data(Data))
            }
            Tok::Name => self.parse_let(),
            // an ELSE reached in execution skips the rest of the line; the statements
            // after it are still parsed, as the forward scans of FOR and WHILE count a
            // NEXT or WEND after an ELSE [M unsorted/FORRESUM; S GWMAIN.ASM NXTSCN]
            Tok::Kw(Keyword::Else) => {
                self.pos += 1;
                Ok(Stmt::Else(Else { skip: () }))
            }
            Tok::Kw(k) => {
                let k = *k;
                self.pos += 1;
                self.keyword_statement(k)
            }
            _ => fault(ErrorCode::SyntaxError),
        }
    }

    /// The statement of keyword `k`. Every keyword is named: those that begin no
    /// statement at the end, so a keyword without a statement of its own is a Syntax
    /// error, and a new keyword does not compile until it is placed.
    #[deny(unreachable_patterns)]
    pub(super) fn keyword_statement(&mut self, k: Keyword) -> PResult<Stmt<Parsed>> {
        use Keyword as K;
        match k {
            K::Let => self.parse_let(),
            K::Print => self.parse_print(Channel::Screen),
            K::Lprint => self.parse_print(Channel::Printer),
            K::Write => self.parse_write(),
            K::Input => self.parse_input(),
            K::Line if !self.is_kw(Keyword::Input) => self.parse_graphics(k),
            K::Line => self.parse_line_input(),
            K::If => self.parse_if(),
            K::Goto => Ok(Stmt::Goto(Goto {
                line: self.line_number()?,
            })),
            K::Gosub => {
                let line = self.line_number()?;
                // GOSUB pushes the text pointer after its line number and RETURN goes on
                // from the end of that statement: text after the number is never run
                // [S GWMAIN.ASM GOSUB (LINGET, then PUSH BX), RETURN → DATAH]
                self.skip_to_stmt_end();
                Ok(Stmt::Gosub(Gosub { line }))
            }
            K::Return => Ok(Stmt::Return(Return {
                line: self.opt_line_number()?,
            })),
            K::On => self.parse_on(),
            K::For => self.parse_for(),
            K::Next => self.parse_next(),
            K::While => {
                // a WHILE is one for the WEND scans whatever follows it, and it looks for
                // its own WEND before it reads the condition: a condition that does not
                // parse is raised when WHILE evaluates it [S GWMAIN.ASM SCNCNT counts the
                // $WHILE token; FIVEO.ASM WHILE: WNDSCN, then FNWEND's FRMEVL]
                let cond = match self.expr() {
                    Ok(e) => e,
                    Err(f) => {
                        self.faulted = true;
                        after(std::mem::take(&mut self.scanned), f)
                    }
                };
                Ok(Stmt::While(While { cond, bind: () }))
            }
            K::Wend => {
                let junk = !self.at_stmt_end();
                self.faulted |= junk;
                Ok(Stmt::Wend(Wend { junk }))
            }
            K::Dim => self.parse_dim(),
            K::Erase => self.parse_erase(),
            K::Option => self.parse_option(),
            K::Defint => self.parse_deftype(VarType::Int),
            K::Defsng => self.parse_deftype(VarType::Sng),
            K::Defdbl => self.parse_deftype(VarType::Dbl),
            K::Defstr => self.parse_deftype(VarType::Str),
            K::Def => self.parse_def(),
            K::Swap => self.parse_swap(),
            K::Read => Ok(self.parse_read()),
            K::Restore => Ok(Stmt::Restore(Restore {
                line: match self.opt_line_number()? {
                    // anything but a line number reads as line 0 (then junk, if it exists)
                    None if !self.at_stmt_end() => Some(0),
                    n => n,
                },
            })),
            K::Randomize => {
                let e = if self.at_stmt_end() {
                    None
                } else {
                    Some(self.expr()?)
                };
                Ok(Stmt::Randomize(Randomize { seed: e }))
            }
            K::End => self.bare(Stmt::End(End)),
            K::Stop => self.bare(Stmt::Stop(Stop)),
            K::System => self.bare(Stmt::System(System)),
            K::Clear => self.parse_clear(),
            K::Resume => self.parse_resume(),
            K::Error => self.parse_error(),
            K::Tron => Ok(Stmt::Tron(Tron { on: true })),
            K::Troff => Ok(Stmt::Tron(Tron { on: false })),
            K::MidS => self.parse_mid_assign(),
            K::Lset | K::Rset => self.parse_lset(k == K::Rset),
            K::Open => self.parse_open(),
            K::Close => self.parse_close(),
            K::Reset => self.bare(Stmt::Reset(Reset)),
            K::Kill => Ok(Stmt::Kill(Kill { name: self.expr()? })),
            K::Name => self.parse_name_file(),
            K::Files => Ok(Stmt::Files(Files {
                spec: if self.at_stmt_end() {
                    None
                } else {
                    Some(self.expr()?)
                },
            })),
            K::Field => self.parse_field(),
            K::Get | K::Put if self.is_gfx_get_put() => self.parse_graphics(k),
            K::Get | K::Put => self.parse_get_put(k == K::Put),
            K::Width => self.parse_width(),
            K::Cls => self.parse_cls(),
            K::Beep => Ok(Stmt::Beep(Beep)),
            K::Locate => self.parse_locate(),
            K::Run => self.parse_run(),
            K::List => self.parse_list(),
            // LLIST [range] is LIST [range], "LPT1:" (the printer, dos/printer.rs); it
            // falls into LIST's code, so a comma after the range takes a file name as
            // LIST's does (`LLIST 10-20,` Missing operand) [S GWLIST.ASM LLIST, LIST]
            K::Llist => {
                let range = self.line_range()?;
                let file = if self.eat_char(b',') {
                    let name = self.expr()?;
                    self.skip_to_stmt_end();
                    name
                } else {
                    Expr::Str(std::rc::Rc::from(&b"LPT1:"[..]))
                };
                Ok(Stmt::List(List {
                    range,
                    file: Some(file),
                }))
            }
            K::New => self.bare(Stmt::New(New)),
            K::Cont => Ok(Stmt::Cont(Cont)),
            K::Load => self.parse_load(),
            K::Save => self.parse_save(),
            K::Merge => Ok(Stmt::Merge(Merge { file: self.expr()? })),
            K::Chain => self.parse_chain(),
            K::Common => Ok(Stmt::Common(Common {
                items: self.common_names(),
            })),
            K::Delete => {
                let range = self.line_range()?;
                let junk = !self.at_stmt_end();
                self.faulted |= junk;
                Ok(Stmt::Delete(Delete { range, junk }))
            }
            K::Renum => self.parse_renum(),
            K::Auto => self.parse_auto(),
            K::Edit => self.parse_edit(),
            // ---- screen and keyboard ----
            K::Color => self.parse_color(),
            K::Key => self.parse_key(),
            K::Screen => self.parse_screen(),
            K::Pcopy => self.parse_pcopy(),
            K::View if self.is_view_print() => {
                self.pos += 1;
                self.parse_view_print()
            }
            K::Poke => self.parse_poke(),
            // ---- the host ----
            K::Shell => Ok(Stmt::Shell(Shell {
                command: if self.at_stmt_end() {
                    None
                } else {
                    Some(self.expr()?)
                },
            })),

            // ---- graphics, sound and the machine ----
            K::Pset | K::Preset | K::Circle | K::Draw | K::Paint | K::View | K::Window => {
                self.parse_graphics(k)
            }
            K::Palette | K::Bsave | K::Bload => self.parse_graphics(k),
            K::Call | K::Calls => self.parse_call(),
            // the cassette motor: GW-BASIC for DOS has no cassette, MOTOR is Device
            // unavailable at once, its operands unread [S GIOCAS.ASM MOTOR: DERDNA]
            K::Motor => fault(ErrorCode::DeviceUnavailable),
            K::Com => self.parse_event_switch(EventKind::Com),
            K::Sound => self.parse_sound(),
            K::Play => self.parse_play(),
            K::Out => self.parse_out(),
            K::Wait => self.parse_wait(),
            K::Lcopy => self.parse_lcopy(),
            K::Term => self.parse_term(),

            // ---- files, directories and devices ----
            K::Lock | K::Unlock => self.parse_lock(k == K::Unlock),
            K::Mkdir => self.parse_directory(DirOp::Mkdir),
            K::Chdir => self.parse_directory(DirOp::Chdir),
            K::Rmdir => self.parse_directory(DirOp::Rmdir),
            K::Ioctl => self.parse_ioctl(),

            // ---- clock, events and the system ----
            K::Timer => self.parse_event_switch(EventKind::Timer),
            K::DateS => self.parse_set_clock(true),
            K::TimeS => self.parse_set_clock(false),
            K::Pen => self.parse_event_switch(EventKind::Pen),
            K::Strig => self.parse_event_switch(EventKind::Strig),
            K::Environ => Ok(Stmt::Environ(Environ { text: self.expr()? })),
            // ERDEV is a function: no statement begins with it [S GWMAIN.ASM GONE3, a
            // function token where a statement is expected is SNERR]
            K::Erdev => fault(ErrorCode::SyntaxError),

            // ---- keywords that begin no statement: Syntax error ----
            // read by `statement` before the keyword dispatch
            K::Data | K::Rem | K::Apostrophe | K::Else
            // clauses of other statements and functions
            | K::To | K::Then | K::Step | K::Using | K::Off | K::Tab | K::Spc | K::Fn | K::Usr
            // operators
            | K::Not | K::Greater | K::Equal | K::Less | K::Plus | K::Minus | K::Star
            | K::Slash | K::Caret | K::And | K::Or | K::Xor | K::Eqv | K::Imp | K::Mod
            | K::Backslash
            // functions
            | K::Erl | K::Err | K::StringS | K::Instr | K::Varptr | K::Csrlin | K::Point
            | K::InkeyS | K::Cvi | K::Cvs | K::Cvd | K::MkiS | K::MksS | K::MkdS | K::Exterr
            | K::Pmap | K::LeftS | K::RightS | K::Sgn | K::Int | K::Abs | K::Sqr | K::Rnd
            | K::Sin | K::Log | K::Exp | K::Cos | K::Tan | K::Atn | K::Fre | K::Inp | K::Pos
            | K::Len | K::StrS | K::Val | K::Asc | K::ChrS | K::Peek | K::SpaceS | K::OctS
            | K::HexS | K::Lpos | K::Cint | K::Csng | K::Cdbl | K::Fix | K::Stick | K::Eof
            | K::Loc | K::Lof => fault(ErrorCode::SyntaxError),
        }
    }

    /// A statement without arguments that checks for the end of the statement before it
    /// acts: with text after it, it does nothing and raises Syntax error (END, STOP,
    /// SYSTEM, RESET, NEW; WEND keeps its kind for WHILE's scan) [M unsorted/WHILE2; S
    /// BIMISC.ASM ENDST, FIVEO.ASM WEND].
    fn bare(&mut self, s: Stmt<Parsed>) -> PResult<Stmt<Parsed>> {
        if self.at_stmt_end() {
            Ok(s)
        } else {
            fault(ErrorCode::SyntaxError)
        }
    }

    /// error -> ERROR n: the code is checked (0..255) before the end of the statement,
    /// so `ERROR 1,2` is a Syntax error, not error 1 [M unsorted/ERROR].
    fn parse_error(&mut self) -> PResult<Stmt<Parsed>> {
        let code = self.expr()?;
        let junk = !self.at_stmt_end();
        if junk {
            self.faulted = true;
        }
        Ok(Stmt::Error(Error { code, junk }))
    }

    /// let -> [LET] lvalue = expr
    pub(super) fn parse_let(&mut self) -> PResult<Stmt<Parsed>> {
        let target = self.lvalue()?;
        // the target is located (and created) before the `=` is checked
        let value = match self.expect_kw(Keyword::Equal) {
            Ok(()) => self.expr(),
            Err(f) => Err(f),
        };
        let value = self.embed(value);
        Ok(Stmt::Let(Let { target, value }))
    }

    pub(super) fn lvalue(&mut self) -> PResult<LValue> {
        let name = self.name()?;
        if self.is_char(b'(') || self.is_char(b'[') {
            match self.subscripts() {
                Ok(subs) => Ok(LValue::Index(name, subs)),
                Err(done) => Err(Expr::Index(name, done)),
            }
        } else {
            Ok(LValue::Var(name))
        }
    }

    /// read -> READ var {, var}: each variable is assigned as it is scanned, so a fault
    /// in the list comes after the variables before it have their values (see `Read`).
    fn parse_read(&mut self) -> Stmt<Parsed> {
        let (targets, fault, _) = self.scanned_lvalues(false);
        Stmt::Read(Read { targets, fault })
    }

    /// var {, var} for the statements that take each variable as they scan it (READ,
    /// keyboard INPUT): the variables up to the first that goes wrong (no variable, or
    /// one followed by anything but `,` or the end: Syntax error), that fault, and
    /// whether it is the separator after the last variable returned.
    ///
    /// `pass_one` (keyboard INPUT): the list is first scanned without evaluating
    /// subscripts, only counting their parentheses [S GWMAIN.ASM INPUT: VARLOP, SCNBKT
    /// to LEFPRN], so a subscript that does not parse is either a Syntax error, when the
    /// statement ends inside it (SCNCON), or, when its parentheses close, a variable
    /// like any other until the second pass locates it (LOPDAT's PTRGET evaluates the
    /// subscript and raises its error after the variables before it were given their
    /// values): such a variable stays in the list with its faulty subscript.
    pub(super) fn scanned_lvalues(&mut self, pass_one: bool) -> (Vec<LValue>, Option<Expr>, bool) {
        let mut targets = Vec::new();
        loop {
            let start = self.pos;
            match self.lvalue() {
                Ok(t) => targets.push(t),
                Err(Expr::Index(name, subs)) if pass_one => match self.subscript_end(start) {
                    Some(end) => {
                        // the error comes when the second pass locates the variable
                        self.faulted = true;
                        self.pos = end;
                        targets.push(LValue::Index(name, subs));
                    }
                    None => {
                        self.faulted = true;
                        return (targets, Some(Expr::raise(ErrorCode::SyntaxError)), false);
                    }
                },
                Err(e) => {
                    let fault = self.embed(Err(e));
                    return (targets, Some(fault), false);
                }
            }
            if self.at_stmt_end() {
                return (targets, None, false);
            }
            if !self.eat_char(b',') {
                self.faulted = true;
                return (targets, Some(Expr::raise(ErrorCode::SyntaxError)), true);
            }
        }
    }

    /// Where INPUT's first pass ends the subscript of the variable at token `start` (a
    /// name, then `(` or `[`): past the parenthesis that brings the count back to zero,
    /// counting `(` up and `)` and `]` down (a `[` inside does not count, a string is
    /// skipped whole); None when the statement ends first [S GWMAIN.ASM SCNBKT, SCNCON,
    /// LEFPRN].
    fn subscript_end(&mut self, start: usize) -> Option<usize> {
        let here = self.pos;
        self.pos = start + 2;
        let mut depth = 1u32;
        let end = loop {
            if self.at_stmt_end() {
                break None;
            }
            match self.peek() {
                Some(Tok::Char(b'(')) => depth += 1,
                Some(Tok::Char(b')' | b']')) => depth -= 1,
                _ => {}
            }
            self.pos += 1;
            if depth == 0 {
                break Some(self.pos);
            }
        };
        self.pos = here;
        end
    }

    pub(super) fn name_list(&mut self) -> PResult<Vec<Name>> {
        let mut v = vec![self.name()?];
        while self.eat_char(b',') {
            v.push(self.name()?);
        }
        Ok(v)
    }

    /// erase -> ERASE name {, name}: each array is erased as its name is scanned, so a
    /// fault after a comma (junk after the statement) comes after the arrays before it
    /// are erased [M unsorted/ERASE4].
    pub(super) fn parse_erase(&mut self) -> PResult<Stmt<Parsed>> {
        let mut v = vec![self.name()?];
        while self.is_char(b',') && matches!(self.peek_at(1), Some(Tok::Name)) {
            self.pos += 1;
            v.push(self.name()?);
        }
        Ok(Stmt::Erase(Erase { arrays: v }))
    }

    /// if -> IF expr [,] (THEN (n | stmts) | GOTO n) [ELSE (n | stmts)]
    pub(super) fn parse_if(&mut self) -> PResult<Stmt<Parsed>> {
        let cond = self.expr()?;
        self.eat_char(b',');
        // GOTO is not skipped as THEN is, but DOCOND's CHRGTR steps over either: what
        // follows GOTO is a clause as after THEN (a line number, statements, or nothing)
        // [S GWMAIN.ASM IFS/OKGOTO/DOCOND]
        let then_branch = if self.eat_kw(Keyword::Then) {
            self.branch()?
        } else if self.is_kw(Keyword::Goto) {
            // the jump's span keeps its GOTO, as a GOTO statement's does
            let start = self.offset();
            self.pos += 1;
            match self.peek() {
                Some(Tok::LineNum(n)) => {
                    let n = *n;
                    self.pos += 1;
                    self.goto_branch(start, n)
                }
                _ => self.branch()?,
            }
        } else {
            return fault(ErrorCode::SyntaxError);
        };
        let else_branch = if self.eat_kw(Keyword::Else) {
            Some(self.branch()?)
        } else {
            None
        };
        Ok(Stmt::If(If {
            cond,
            branches: IfBranches {
                then_branch,
                else_branch,
            },
        }))
    }

    /// A THEN/ELSE branch: a line number, or statements up to a matching ELSE.
    pub(super) fn branch(&mut self) -> PResult<Vec<SStmt>> {
        if let Some(Tok::LineNum(n)) = self.peek() {
            let n = *n;
            let start = self.offset();
            self.pos += 1;
            return Ok(self.goto_branch(start, n));
        }
        Ok(self.statements(true))
    }

    /// The branch `THEN n` / `GOTO n` / `ELSE n`: the jump, then whatever follows it up
    /// to the matching ELSE. A false IF skips statement by statement to its ELSE however
    /// the clause is split by colons [S GWMAIN.ASM FALSIF: DATA skips one statement, then
    /// CHRGTR looks for $ELSE], so in `IF X THEN 210:PRINT:ELSE 300` the ELSE is the
    /// IF's; the statements after the jump belong to the clause and are never reached.
    fn goto_branch(&mut self, start: u16, n: u16) -> Vec<SStmt> {
        let goto = Spanned {
            node: Stmt::Goto(Goto { line: n }),
            span: start..self.prev_end(),
        };
        let mut v = vec![goto];
        if !self.at_stmt_end() {
            let junk = self.offset();
            while !self.at_stmt_end() {
                self.pos += 1;
            }
            v.push(Spanned {
                node: Stmt::Raise(Raise {
                    fault: Expr::raise(ErrorCode::SyntaxError),
                }),
                span: junk..self.prev_end(),
            });
        }
        if matches!(self.peek(), Some(Tok::Char(b':'))) {
            v.extend(self.statements(true));
        }
        v
    }

    /// on -> ON ERROR GOTO n | ON expr (GOTO|GOSUB) n {, n}
    pub(super) fn parse_on(&mut self) -> PResult<Stmt<Parsed>> {
        if self.eat_kw(Keyword::Error) {
            self.expect_kw(Keyword::Goto)?;
            return Ok(Stmt::OnErrorGoto(OnErrorGoto {
                line: self.line_number()?,
            }));
        }
        if let Some(Tok::Kw(k)) = self.peek()
            && let Some(kind) = Self::event_kind(*k)
        {
            self.pos += 1;
            return self.parse_on_event(kind);
        }
        let selector = self.expr()?;
        let gosub = if self.eat_kw(Keyword::Gosub) {
            true
        } else if self.eat_kw(Keyword::Goto) {
            false
        } else {
            self.faulted = true;
            return Ok(Stmt::On(On {
                selector,
                targets: Vec::new(),
                gosub: None,
                junk: false,
            }));
        };
        // GW walks the list only up to the chosen entry; text after the list is checked
        // only when no entry is taken [M gwbasic/ON_x_GOTO_GOSUB_comma,
        // ON_x_GOTO_GOSUB_empty]
        let mut targets = Vec::new();
        loop {
            let entry = if matches!(self.peek(), Some(Tok::LineNum(_) | Tok::Digits)) {
                self.line_number().ok()
            } else {
                None
            };
            targets.push(entry);
            if !self.eat_char(b',') {
                break;
            }
        }
        let gosub = Some(gosub);
        // text after the list: a Syntax error when no entry is taken (NEWSTT finds it);
        // an ON…GOSUB that takes one returns to the end of the statement (RETURN → DATAH)
        let junk = !self.at_stmt_end();
        self.faulted |= junk;
        Ok(Stmt::On(On {
            selector,
            targets,
            gosub,
            junk,
        }))
    }

    /// for -> FOR var = expr TO expr [STEP expr]
    pub(super) fn parse_for(&mut self) -> PResult<Stmt<Parsed>> {
        let var = self.name()?;
        self.expect_kw(Keyword::Equal)?;
        let start = self.expr()?;
        self.expect_kw(Keyword::To)?;
        let end = self.expr()?;
        let step = if self.eat_kw(Keyword::Step) {
            Some(self.expr()?)
        } else {
            None
        };
        let junk = !self.at_stmt_end();
        self.faulted |= junk;
        Ok(Stmt::For(For {
            var,
            start,
            end,
            step,
            junk,
            bind: (),
        }))
    }

    /// next -> NEXT [var {, var}]
    pub(super) fn parse_next(&mut self) -> PResult<Stmt<Parsed>> {
        let mut vars = Vec::new();
        if self.at_stmt_end() {
            return Ok(Stmt::Next(Next {
                vars,
                bad: false,
                dangling: false,
            }));
        }
        let mut dangling = false;
        let bad = loop {
            match self.name() {
                Ok(n) => vars.push(n),
                Err(_) => break true,
            }
            if self.eat_char(b',') {
                dangling = self.at_stmt_end();
                continue;
            }
            break !self.at_stmt_end();
        };
        self.faulted |= bad;
        Ok(Stmt::Next(Next {
            vars,
            bad,
            dangling: bad && dangling,
        }))
    }

    /// resume -> RESUME [0 | NEXT | n]; anything else after it is `Malformed` (ERR is
    /// cleared, then Syntax error: GW checks the end only after it started resuming).
    pub(super) fn parse_resume(&mut self) -> PResult<Stmt<Parsed>> {
        let to = if self.eat_kw(Keyword::Next) {
            ResumeTo::Next
        } else {
            match self.opt_line_number() {
                Ok(None | Some(0)) => ResumeTo::Same,
                Ok(Some(n)) => ResumeTo::Line(n),
                Err(_) => ResumeTo::Malformed,
            }
        };
        if !self.at_stmt_end() {
            self.faulted = true;
            return Ok(Stmt::Resume(Resume {
                to: ResumeTo::Malformed,
            }));
        }
        Ok(Stmt::Resume(Resume { to }))
    }

    /// mid_assign -> MID$(var$, start [, len]) = expr
    pub(super) fn parse_mid_assign(&mut self) -> PResult<Stmt<Parsed>> {
        // ISMID$ steps over the token without skipping blanks, and LHSMID's SYNCHR '('
        // compares the byte there: `MID$ (` is a Syntax error [S GWEVAL.ASM ISMID$,
        // BISTRS.ASM LHSMID]
        if self.offset() != self.prev_end() {
            return fault(ErrorCode::SyntaxError);
        }
        self.expect_char(b'(')?;
        let target = self.lvalue()?;
        self.expect_char(b',')?;
        let start = self.expr()?;
        let len = if self.eat_char(b',') {
            Some(self.expr()?)
        } else {
            None
        };
        self.expect_char(b')')?;
        self.expect_kw(Keyword::Equal)?;
        let value = self.expr()?;
        Ok(Stmt::MidAssign(MidAssign {
            target,
            start,
            len,
            value,
        }))
    }

    /// lset -> (LSET | RSET) var$ = string: the variable must be a string before the `=`
    /// is looked for (S DSKCOM.ASM LSET: PTRGET, FRCSTR, then FRMEQL), so a fault after it
    /// is raised once the variable is checked (`LSET A(0)` a Type mismatch).
    pub(super) fn parse_lset(&mut self, right: bool) -> PResult<Stmt<Parsed>> {
        let target = self.lvalue()?;
        let value = match self.expect_kw(Keyword::Equal).and_then(|()| self.expr()) {
            Ok(v) => v,
            Err(f) => {
                let var = match &target {
                    LValue::Var(n) => Expr::Var(n.clone()),
                    LValue::Index(n, subs) => Expr::Index(n.clone(), subs.clone()),
                };
                return Err(super::after(vec![Expr::Call(Func::Len, vec![var])], f));
            }
        };
        Ok(Stmt::Lset(Lset {
            target,
            value,
            right,
        }))
    }
}
