//! Parsers of the text screen and keyboard statements: CLS, LOCATE, COLOR,
//! SCREEN, WIDTH of the screen, VIEW PRINT, PCOPY, KEY in its forms, DEF SEG and POKE.
//! Most take GW-BASIC's optional byte operands (GWSTS.ASM SCNINT): each operand is
//! omitted (a `,` or the end) or an expression followed by `,`, `)` or the end; any
//! other terminator is an Illegal function call once the operand is converted. The
//! faults are kept in the statement (`ByteArgs::fault`) so they are raised after the
//! operands scanned before them, as GW does.

use super::{PResult, Parser, fault};
use crate::error::ErrorCode;
use crate::syntax::ast::*;
use crate::text::decode::Tok;
use crate::text::token::Keyword;

/// How an operand scanned by SCNINT ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Term {
    /// The end of the statement.
    End,
    /// A `,` (or `)`), consumed.
    Comma,
    /// Something else: Illegal function call.
    Bad,
}

impl<'a> Parser<'a> {
    /// One SCNINT operand: None when omitted.
    fn scnint(&mut self) -> PResult<(Option<Expr>, Term)> {
        if self.at_stmt_end() {
            return Ok((None, Term::End));
        }
        if self.eat_char(b',') {
            return Ok((None, Term::Comma));
        }
        let e = self.expr()?;
        let term = if self.at_stmt_end() {
            Term::End
        } else if self.eat_char(b',') || self.eat_char(b')') {
            Term::Comma
        } else {
            Term::Bad
        };
        Ok((Some(e), term))
    }

    /// `n` SCNINT operands followed by GW's end-of-statement check (EOSCHK).
    fn scn_fixed(&mut self, n: usize) -> PResult<ByteArgs<Parsed>> {
        let mut args = Vec::with_capacity(n);
        for _ in 0..n {
            let (e, term) = self.scnint()?;
            args.push(e);
            if term == Term::Bad {
                return Ok(self.faulty(args, ErrorCode::IllegalFunctionCall));
            }
        }
        if !self.at_stmt_end() {
            return Ok(self.faulty(args, ErrorCode::SyntaxError));
        }
        Ok(ByteArgs { args, fault: None })
    }

    /// SCNINT operands up to the end of the statement (GW's GTPRMS: COLOR, SCREEN); a
    /// trailing comma is a Missing operand.
    fn scn_list(&mut self) -> PResult<ByteArgs<Parsed>> {
        let mut args = Vec::new();
        let mut last = Term::End;
        loop {
            if self.at_stmt_end() {
                break;
            }
            let (e, term) = self.scnint()?;
            args.push(e);
            last = term;
            if term == Term::Bad {
                return Ok(self.faulty(args, ErrorCode::IllegalFunctionCall));
            }
        }
        let fault = (last == Term::Comma).then_some(ErrorCode::MissingOperand);
        Ok(ByteArgs { args, fault })
    }

    /// Operands with a fault: the rest of the statement is not scanned.
    fn faulty(&mut self, args: Vec<Option<Expr>>, code: ErrorCode) -> ByteArgs<Parsed> {
        self.faulted = true;
        ByteArgs {
            args,
            fault: Some(code),
        }
    }

    /// cls -> CLS [n]
    pub(super) fn parse_cls(&mut self) -> PResult<Stmt<Parsed>> {
        Ok(Stmt::Cls(Cls {
            args: self.scn_fixed(1)?,
        }))
    }

    /// locate -> LOCATE [row] [, [col] [, [cursor] [, [start] [, stop]]]]
    pub(super) fn parse_locate(&mut self) -> PResult<Stmt<Parsed>> {
        Ok(Stmt::Locate(Locate {
            args: self.scn_fixed(5)?,
        }))
    }

    /// color -> COLOR [fore] [, [back] [, border]]
    pub(super) fn parse_color(&mut self) -> PResult<Stmt<Parsed>> {
        Ok(Stmt::Color(Color {
            args: self.scn_list()?,
        }))
    }

    /// screen -> SCREEN [mode] [, [colorswitch] [, [apage] [, vpage]]]
    pub(super) fn parse_screen(&mut self) -> PResult<Stmt<Parsed>> {
        Ok(Stmt::Screen(Screen {
            args: self.scn_list()?,
        }))
    }

    /// The screen's WIDTH after the keyword and a first operand that is not a string:
    /// `WIDTH [columns] [, rows]` (GW's GWWID).
    pub(super) fn parse_screen_width(
        &mut self,
        device: Option<DeviceWidth<Parsed>>,
    ) -> PResult<Stmt<Parsed>> {
        Ok(Stmt::ScreenWidth(ScreenWidth {
            args: self.scn_fixed(2)?,
            device,
        }))
    }

    /// view print -> VIEW PRINT [top TO bottom]
    pub(super) fn parse_view_print(&mut self) -> PResult<Stmt<Parsed>> {
        if self.at_stmt_end() {
            return Ok(Stmt::ViewPrint(ViewPrint { rows: None }));
        }
        // the top row is converted before TO is looked for (`VIEW PRINT ""` a Type
        // mismatch, as PC-BASIC's GW rules have it)
        let top = self.expr()?;
        let bottom = if !self.eat_kw(Keyword::To) {
            self.faulted = true;
            Expr::raise(ErrorCode::SyntaxError)
        } else if self.at_stmt_end() {
            self.faulted = true;
            Expr::raise(ErrorCode::MissingOperand)
        } else {
            let e = self.expr();
            self.embed(e)
        };
        Ok(Stmt::ViewPrint(ViewPrint {
            rows: Some((top, bottom)),
        }))
    }

    /// pcopy -> PCOPY src, dst: the source page is converted and checked as a byte
    /// before the comma is looked for.
    pub(super) fn parse_pcopy(&mut self) -> PResult<Stmt<Parsed>> {
        let src = self.expr()?;
        let dst = self.next_operand();
        Ok(Stmt::Pcopy(Pcopy {
            source: src,
            destination: dst,
        }))
    }

    /// key -> KEY ON | KEY OFF | KEY LIST | KEY n, text$ | KEY (n) ON|OFF|STOP
    pub(super) fn parse_key(&mut self) -> PResult<Stmt<Parsed>> {
        if self.eat_kw(Keyword::On) {
            return Ok(Stmt::KeyBar(KeyBar {
                action: KeyBarAction::On,
            }));
        }
        if self.eat_kw(Keyword::Off) {
            return Ok(Stmt::KeyBar(KeyBar {
                action: KeyBarAction::Off,
            }));
        }
        if self.eat_kw(Keyword::List) {
            return Ok(Stmt::KeyBar(KeyBar {
                action: KeyBarAction::List,
            }));
        }
        if self.eat_char(b'(') {
            let n = self.expr()?;
            self.expect_char(b')')?;
            let switch = if self.eat_kw(Keyword::On) {
                KeySwitch::On
            } else if self.eat_kw(Keyword::Off) {
                KeySwitch::Off
            } else if self.eat_kw(Keyword::Stop) {
                KeySwitch::Stop
            } else {
                return Err(super::events::switch_fault(Some(&n)));
            };
            if !self.at_stmt_end() {
                return Err(super::events::switch_fault(Some(&n)));
            }
            return Ok(Stmt::KeyTrap(KeyTrap { key: n, switch }));
        }
        // KEY n, text: GETBYT reads the number and a key 0 is an Illegal function call
        // before the comma is looked for [S GWSTS.ASM KEYS]
        let n = self.expr()?;
        let text = self.next_operand();
        Ok(Stmt::KeyDef(KeyDef { key: n, text }))
    }

    /// After DEF: `SEG [= address]`.
    pub(super) fn parse_def_seg(&mut self) -> PResult<Stmt<Parsed>> {
        if self.at_stmt_end() {
            return Ok(Stmt::DefSeg(DefSeg { segment: None }));
        }
        self.expect_kw(Keyword::Equal)?;
        Ok(Stmt::DefSeg(DefSeg {
            segment: Some(self.expr()?),
        }))
    }

    /// poke -> POKE address, byte
    /// The address is converted to a number as it is scanned, so a string is a Type
    /// mismatch even where the comma is missing [M unsorted/POKE].
    /// It is converted as an address (`POKE 65536` an Overflow) before the comma is
    /// looked for.
    pub(super) fn parse_poke(&mut self) -> PResult<Stmt<Parsed>> {
        let addr = self.expr()?;
        let value = self.next_operand();
        Ok(Stmt::Poke(Poke {
            address: addr,
            value,
        }))
    }

    /// call -> CALL[S] name [( var {, var} )] (CALL86.ASM CALLS): the name is a simple
    /// variable (PTRGET with SUBFLG set: `CALL 0` is a Syntax error), each parameter a
    /// variable or an array element; a list that goes wrong is a Syntax error after the
    /// parameters before it are looked up.
    pub(super) fn parse_call(&mut self) -> PResult<Stmt<Parsed>> {
        let name = self.name()?;
        let routine = Expr::Var(name);
        let mut args = Vec::new();
        let mut fault = None;
        if !self.at_stmt_end() {
            if self.eat_char(b'(') {
                loop {
                    match self.lvalue() {
                        Ok(t) => args.push(t),
                        Err(e) => {
                            fault = Some(self.embed(Err(e)));
                            break;
                        }
                    }
                    if self.eat_char(b')') {
                        break;
                    }
                    if !self.eat_char(b',') {
                        fault = Some(Expr::raise(ErrorCode::SyntaxError));
                        break;
                    }
                }
            } else {
                fault = Some(Expr::raise(ErrorCode::SyntaxError));
            }
        }
        if fault.is_none() && !self.at_stmt_end() {
            fault = Some(Expr::raise(ErrorCode::SyntaxError));
        }
        self.skip_to_stmt_end();
        Ok(Stmt::Call(Call {
            routine,
            args,
            fault,
        }))
    }

    /// edit -> EDIT [n | .]: anything else, and anything after the number, is an Illegal
    /// function call before the line is looked for [S SCNEDT.ASM EDIT: LINSPC, then
    /// "STATEMENT MUST HAVE ENDED" (EFCERR)]. `EDIT` alone is `EDIT 0`: LINSPC reads no
    /// digits as line 0 [M gwbasic/EDIT: Undefined line number].
    pub(super) fn parse_edit(&mut self) -> PResult<Stmt<Parsed>> {
        let line = if self.eat_char(b'.') {
            None
        } else if self.at_stmt_end() {
            Some(0)
        } else {
            match self.opt_line_number()? {
                Some(n) => Some(n),
                None => return fault(ErrorCode::IllegalFunctionCall),
            }
        };
        if !self.at_stmt_end() {
            return fault(ErrorCode::IllegalFunctionCall);
        }
        Ok(Stmt::Edit(Edit { line }))
    }

    /// `VIEW` is followed by PRINT (the text window) or a graphics viewport.
    pub(super) fn is_view_print(&self) -> bool {
        matches!(self.peek(), Some(Tok::Kw(Keyword::Print)))
    }
}
