//! Parsers of the definition statements: DIM, OPTION BASE, DEFINT/DEFSNG/DEFDBL/DEFSTR,
//! DEF FN (and DEF SEG, DEF USR), SWAP and CLEAR, each scanning its operands in the order
//! GW's routine does, so that a fault after the parts it acted on is kept in the
//! statement (`stmt.rs` dispatches to them by keyword).

use super::{PResult, Parser, fault};
use crate::error::ErrorCode;
use crate::syntax::ast::*;
use crate::text::decode::Tok;
use crate::text::token::Keyword;

impl<'a> Parser<'a> {
    /// dim -> DIM name(exprs) {, name(exprs)}. Each array is made as its name is
    /// scanned, so where the list goes wrong (`DIM A(10),1`) the arrays before it are
    /// made before the error [S GWMAIN.ASM DIMCON: PTRGET with DIMFLG, then `,`].
    pub(super) fn parse_dim(&mut self) -> PResult<Stmt<Parsed>> {
        let mut v = Vec::new();
        loop {
            let name = match self.name() {
                Ok(n) => n,
                Err(f) if !v.is_empty() => {
                    self.faulted = true;
                    v.push(DimItem::Fault(f));
                    break;
                }
                Err(f) => return Err(f),
            };
            if self.is_char(b'(') || self.is_char(b'[') {
                match self.subscripts() {
                    Ok(dims) => v.push(DimItem::Array(name, dims)),
                    Err(done) if !v.is_empty() => {
                        self.faulted = true;
                        v.push(DimItem::Fault(Expr::Index(name, done)));
                        break;
                    }
                    Err(done) => return Err(Expr::Index(name, done)),
                }
            } else {
                v.push(DimItem::Scalar(name));
            }
            if !self.eat_char(b',') {
                break;
            }
        }
        Ok(Stmt::Dim(Dim { items: v }))
    }

    /// option -> OPTION BASE (0|1)
    pub(super) fn parse_option(&mut self) -> PResult<Stmt<Parsed>> {
        if !self.eat_word(b"BASE") {
            return fault(ErrorCode::SyntaxError);
        }
        let n = match self.bump().map(|t| (&t.tok, self.text(t))) {
            Some((Tok::Num(crate::num::Num::Int(n)), _)) if (0..=1).contains(n) => *n as u8,
            Some((Tok::Digits, b"0")) => 0,
            Some((Tok::Digits, b"1")) => 1,
            _ => return fault(ErrorCode::SyntaxError),
        };
        Ok(Stmt::OptionBase(OptionBase { base: n }))
    }

    /// deftype -> DEFINT letter[-letter] {, letter[-letter]}
    /// Each range is written into the table as it is scanned, so text that does not
    /// scan is a Syntax error after the ranges before it are applied (`DEFINT A-C,1`
    /// makes A-C integers; `DEFINT AB` makes A one) [S GWMAIN.ASM DEFCON, LPDCHG].
    pub(super) fn parse_deftype(&mut self, t: VarType) -> PResult<Stmt<Parsed>> {
        let mut ranges = Vec::new();
        let junk = loop {
            let Some((a, more)) = self.range_letter() else {
                break true;
            };
            let (b, more) = if !more && self.eat_kw(Keyword::Minus) {
                match self.range_letter() {
                    Some(end) => end,
                    None => break true,
                }
            } else {
                (a, more)
            };
            if b < a {
                break true;
            }
            ranges.push((a, b));
            if more {
                break true;
            }
            if !self.eat_char(b',') {
                break !self.at_stmt_end();
            }
        };
        self.faulted |= junk;
        Ok(Stmt::DefType(DefType {
            ty: t,
            ranges,
            junk,
        }))
    }

    /// DEFCON's letter: the first of a name (ISLET), and whether more of the name
    /// follows it (text DEFCON does not take).
    fn range_letter(&mut self) -> Option<(u8, bool)> {
        let t = self.toks.get(self.pos)?;
        let first = self.text(t).first().copied()?;
        if t.tok != Tok::Name || !first.is_ascii_alphabetic() {
            return None;
        }
        self.pos += 1;
        Some((first.to_ascii_uppercase(), t.span.len() > 1))
    }

    /// def -> DEF FNname [(params)] = expr | DEF SEG ... | DEF USR ...
    pub(super) fn parse_def(&mut self) -> PResult<Stmt<Parsed>> {
        if self.eat_word(b"SEG") {
            return self.parse_def_seg();
        }
        if self.eat_kw(Keyword::Usr) {
            // DEF USR[n] = address [S GWEVAL.ASM DEFUSR: SCNUSR, SYNCHR '=', FRMQNT]
            self.usr_digit();
            self.expect_kw(Keyword::Equal)?;
            return Ok(Stmt::DefUsr(DefUsr {
                address: self.expr()?,
            }));
        }
        self.expect_kw(Keyword::Fn)?;
        let func = self.name()?;
        let mut params = Vec::new();
        if self.eat_char(b'(') {
            params = self.name_list()?;
            self.expect_char(b')')?;
        }
        // DEF scans the name and the parameters and skips the rest (DATA); the `=`, the
        // body and the end of the statement are checked when the function is called
        // (FRMEQL, then "SEE IF THE STATEMENT ENDED RIGHT"), a Syntax error at the
        // caller's line [S GWEVAL.ASM DEF/DEFNC3, FNDOER/FINVLS]: a fault stays in it
        let body = if self.eat_kw(Keyword::Equal) {
            let body = self.expr();
            let body = self.embed(body);
            if body.is_faulty() || self.at_stmt_end() {
                body
            } else {
                self.faulted = true;
                Expr::Raise(vec![body], ErrorCode::SyntaxError)
            }
        } else {
            self.embed(fault(ErrorCode::SyntaxError))
        };
        Ok(Stmt::DefFn(DefFn { func, params, body }))
    }

    pub(super) fn parse_swap(&mut self) -> PResult<Stmt<Parsed>> {
        let a = self.lvalue()?;
        self.expect_char(b',')?;
        let b = self.lvalue()?;
        Ok(Stmt::Swap(Swap { a, b, flat: () }))
    }

    /// clear -> CLEAR [expr] [, expr [, expr]] | CLEAR , , expr: an empty operand
    /// after a comma that ends the statement, or a fourth one, is a Syntax error
    /// [M unsorted/CLEARERR]. The operands are read and checked one at a time, so a
    /// fault after an operand (a stray comma, a bad expression) is raised only once the
    /// operands before it are converted: `CLEAR 0,0,,` is the Illegal function call of
    /// the memory size 0 [S BIMISC.ASM CLEAR: INTID2, SYNCHR, GETMPM's FCERR, then
    /// CLEARS and the stack size's GETMPM, then SNERR].
    pub(super) fn parse_clear(&mut self) -> PResult<Stmt<Parsed>> {
        let mut args: Vec<Option<Expr>> = Vec::new();
        let mut junk = false;
        if !self.at_stmt_end() {
            loop {
                if self.is_char(b',') && args.len() < 2 {
                    args.push(None);
                } else if args.len() == 3 {
                    // GW reads at most three operands: a fourth is a Syntax error once
                    // the three are checked, before anything is cleared [M
                    // unsorted/BSAVE keeps its ON ERROR]
                    junk = true;
                    break;
                } else if self.at_stmt_end() {
                    args.push(Some(self.embed(fault(ErrorCode::SyntaxError))));
                    break;
                } else {
                    let e = self.expr();
                    let failed = e.is_err();
                    args.push(Some(self.embed(e)));
                    if failed {
                        break;
                    }
                }
                if !self.eat_char(b',') {
                    break;
                }
            }
        }
        let junk = junk || !self.at_stmt_end();
        self.faulted |= junk;
        let mut it = args.into_iter();
        let first = it.next().flatten();
        let mem = it.next().flatten();
        let stack = it.next().flatten();
        Ok(Stmt::Clear(Clear {
            first,
            mem,
            stack,
            junk,
        }))
    }
}
