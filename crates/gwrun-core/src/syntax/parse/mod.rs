//! The parser: a crunched line → statements (`ast`). Hand-written recursive descent over
//! the decoded tokens (statements) with a precedence table for expressions; `nom` is used
//! for the text-level grammars (numbers in `num`, DATA/INPUT fields in `text::fields`).
//! Why hand-written here: GW-BASIC reports only "Syntax error", statements are
//! keyword-dispatched, and errors must stay lazy and in scan order (docs/architecture.md).
//!
//! Parsing never fails. Where the text goes wrong, the parse function returns `Err` with
//! an expression that raises the error after evaluating what was scanned before the fault
//! (`Expr::Raise`); each enclosing parse function wraps it in what it had parsed so far,
//! so the statement does, in order, everything GW-BASIC did before it met the fault. A
//! statement that cannot hold the fault in one of its parts becomes `Stmt::Raise` with the
//! expressions it had scanned. A statement followed by junk is kept and followed by a
//! `Stmt::Raise` of Syntax error, since GW-BASIC executes a statement before it finds the
//! junk after it.

// A parse function no keyword calls is an error, not a warning: a statement whose keyword
// arm was forgotten does not compile (docs/architecture.md, How to add a statement).
#![deny(dead_code)]

mod command;
mod defs;
mod devices;
mod events;
mod expr;
mod gfx;
mod io;
mod screen;
mod stmt;

use crate::error::ErrorCode;
use crate::syntax::ast::{Expr, Name, Raise, Rem, SStmt, Spanned, Stmt, VarType};
use crate::text::decode::{self, Tok, TokAt};
use crate::text::token::Keyword;
use std::rc::Rc;

/// A parse result: `Err` holds the expression that raises the fault (see the module
/// comment).
type PResult<T> = Result<T, Expr>;

/// A fault met before anything was scanned by the current parse function.
fn fault<T>(code: ErrorCode) -> PResult<T> {
    Err(Expr::raise(code))
}

/// The error a faulty expression finally raises.
pub(crate) fn raised_code(e: &Expr) -> ErrorCode {
    let last = match e {
        Expr::Raise(_, code) => return *code,
        Expr::Index(_, v) | Expr::UserFn(_, v) | Expr::Call(_, v) => v.last(),
        Expr::Unary(_, x) => Some(&**x),
        Expr::Binary(_, _, y) => Some(&**y),
        Expr::Num(_) | Expr::Str(_) | Expr::Var(_) => None,
    };
    last.map_or(ErrorCode::SyntaxError, raised_code)
}

/// Evaluate `done` in order, then the faulty `tail`.
pub(crate) fn after(mut done: Vec<Expr>, tail: Expr) -> Expr {
    if done.is_empty() {
        return tail;
    }
    let code = raised_code(&tail);
    match tail {
        Expr::Raise(parts, _) => done.extend(parts),
        other => done.push(other),
    }
    Expr::Raise(done, code)
}

impl<'a> Parser<'a> {
    /// A parser at the start of a line body and its decoded tokens.
    fn new(body: &'a [u8], toks: &'a [TokAt]) -> Parser<'a> {
        Parser {
            body,
            toks,
            bare_fns: &[],
            pos: 0,
            scanned: Vec::new(),
            faulted: false,
            faults: Vec::new(),
        }
    }
}

/// Parses a crunched line body into its statements.
pub fn parse_line(body: &[u8]) -> Vec<SStmt> {
    parse_line_in(body, &[])
}

/// Parses a line body in a program whose functions named in `bare_fns` are defined
/// without parameters: a call of one takes no argument list, so a `(` after its name is
/// left to the statement that holds the call [S GWEVAL.ASM FNDOER: a definition without
/// `(` goes straight to FINVLS with the caller's text pointer just past the name].
pub fn parse_line_in(body: &[u8], bare_fns: &[Rc<[u8]>]) -> Vec<SStmt> {
    let toks = decode::decode(body);
    let mut p = Parser::new(body, &toks);
    p.bare_fns = bare_fns;
    p.statements(false)
}

/// The user functions a program defines only without parameters (each DEF FN of the
/// name has no parameter list), by name: what `parse_line_in` is given. GW decides at
/// each call from the definition in force; a program that defines one name both ways
/// keeps the calls' argument lists as written.
pub fn bare_fns<'b>(bodies: impl Iterator<Item = &'b [u8]>) -> Vec<Rc<[u8]>> {
    let mut seen: Vec<(Rc<[u8]>, bool)> = Vec::new();
    for body in bodies {
        if !body.contains(&(Keyword::Def.code() as u8)) {
            continue;
        }
        visit_defs(&parse_line(body), &mut |name, bare| match seen
            .iter_mut()
            .find(|(n, _)| n == name)
        {
            Some((_, b)) => *b &= bare,
            None => seen.push((name.clone(), bare)),
        });
    }
    seen.into_iter()
        .filter(|(_, b)| *b)
        .map(|(n, _)| n)
        .collect()
}

fn visit_defs(stmts: &[SStmt], f: &mut impl FnMut(&Rc<[u8]>, bool)) {
    for s in stmts {
        match &s.node {
            Stmt::DefFn(d) => f(&d.func.text, d.params.is_empty()),
            Stmt::If(i) => {
                visit_defs(&i.branches.then_branch, f);
                if let Some(e) = &i.branches.else_branch {
                    visit_defs(e, f);
                }
            }
            _ => {}
        }
    }
}

/// Where the text of the statement starting at byte `start` of a line body goes wrong
/// (the byte offset GW's text pointer had when it met the fault), if it does: the
/// cursor goes there when the line is put up for editing after a Syntax error.
pub fn fault_offset(body: &[u8], start: u16, bare_fns: &[Rc<[u8]>]) -> Option<u16> {
    let toks = decode::decode(body);
    let mut p = Parser::new(body, &toks);
    p.bare_fns = bare_fns;
    p.statements(false);
    p.faults
        .iter()
        .find(|(s, _)| *s == start)
        .map(|&(_, at)| at)
}

/// A line body parsed, with where each statement whose text goes wrong does so:
/// (statement start, fault offset), in text order (`gwrun check`).
pub fn parse_with_faults(body: &[u8], bare_fns: &[Rc<[u8]>]) -> (Vec<SStmt>, Vec<(u16, u16)>) {
    let toks = decode::decode(body);
    let mut p = Parser::new(body, &toks);
    p.bare_fns = bare_fns;
    let stmts = p.statements(false);
    (stmts, p.faults)
}

/// Token cursor over one line.
pub(crate) struct Parser<'a> {
    body: &'a [u8],
    toks: &'a [TokAt],
    /// The functions defined without parameters (`parse_line_in`).
    bare_fns: &'a [Rc<[u8]>],
    pos: usize,
    /// The expressions the current statement has scanned so far, for `Stmt::Raise`.
    scanned: Vec<Expr>,
    /// The current statement holds a fault: the rest of its text is never scanned.
    faulted: bool,
    /// (statement start, fault offset) of each statement whose text goes wrong.
    faults: Vec<(u16, u16)>,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    fn peek_at(&self, k: usize) -> Option<&'a Tok> {
        self.toks.get(self.pos + k).map(|t| &t.tok)
    }

    fn bump(&mut self) -> Option<&'a TokAt> {
        let t = self.toks.get(self.pos);
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    /// Byte offset where the current token starts (or the line end).
    fn offset(&self) -> u16 {
        self.toks
            .get(self.pos)
            .map_or(self.body.len() as u16, |t| t.span.start)
    }

    /// Byte offset where the previous token ended.
    fn prev_end(&self) -> u16 {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end
        }
    }

    fn text(&self, t: &TokAt) -> &'a [u8] {
        &self.body[t.span.start as usize..t.span.end as usize]
    }

    fn is_kw(&self, kw: Keyword) -> bool {
        self.peek() == Some(&Tok::Kw(kw))
    }

    fn is_char(&self, c: u8) -> bool {
        self.peek() == Some(&Tok::Char(c))
    }

    fn eat_kw(&mut self, kw: Keyword) -> bool {
        let hit = self.is_kw(kw);
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn eat_char(&mut self, c: u8) -> bool {
        let hit = self.is_char(c);
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn expect_kw(&mut self, kw: Keyword) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            fault(ErrorCode::SyntaxError)
        }
    }

    fn expect_char(&mut self, c: u8) -> PResult<()> {
        if self.eat_char(c) {
            Ok(())
        } else {
            fault(ErrorCode::SyntaxError)
        }
    }

    /// End of statement: end of line, `:` or ELSE.
    fn at_stmt_end(&self) -> bool {
        matches!(
            self.peek(),
            None | Some(Tok::Char(b':')) | Some(Tok::Kw(Keyword::Else)) | Some(Tok::Rem)
        )
    }

    /// Is the current token a plain (unsuffixed, non-keyword) word equal to `w`?
    fn is_word(&self, w: &[u8]) -> bool {
        match self.toks.get(self.pos) {
            Some(t) if t.tok == Tok::Name => self.text(t) == w,
            _ => false,
        }
    }

    fn eat_word(&mut self, w: &[u8]) -> bool {
        let hit = self.is_word(w);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// A variable name (with its suffix); at most 40 characters are allowed (GW's NAMLEN;
    /// PC-BASIC truncates instead, digest §5.1).
    fn name(&mut self) -> PResult<Name> {
        match self.toks.get(self.pos) {
            Some(t) if t.tok == Tok::Name => {
                self.pos += 1;
                checked_name(self.text(t))
            }
            _ => fault(ErrorCode::SyntaxError),
        }
    }

    /// A line number operand (0x0E constant, or digits stored as text).
    fn line_number(&mut self) -> PResult<u16> {
        match self.toks.get(self.pos) {
            Some(TokAt {
                tok: Tok::LineNum(n),
                ..
            }) => {
                self.pos += 1;
                Ok(*n)
            }
            Some(
                t @ TokAt {
                    tok: Tok::Digits, ..
                },
            ) => {
                let text = self.text(t);
                let n = std::str::from_utf8(text)
                    .ok()
                    .and_then(|s| s.parse::<u32>().ok());
                match n {
                    Some(n) if n <= 65529 => {
                        self.pos += 1;
                        Ok(n as u16)
                    }
                    _ => fault(ErrorCode::SyntaxError),
                }
            }
            _ => fault(ErrorCode::SyntaxError),
        }
    }

    fn opt_line_number(&mut self) -> PResult<Option<u16>> {
        if matches!(self.peek(), Some(Tok::LineNum(_)) | Some(Tok::Digits)) {
            self.line_number().map(Some)
        } else {
            Ok(None)
        }
    }

    /// A part of the statement that may hold a fault: the statement keeps it (it raises
    /// when reached) and the rest of the statement's text is not parsed.
    fn embed(&mut self, r: PResult<Expr>) -> Expr {
        r.unwrap_or_else(|fault| {
            self.faulted = true;
            fault
        })
    }

    /// Skip to the end of the current statement (for error recovery).
    fn skip_to_stmt_end(&mut self) {
        while !self.at_stmt_end() {
            // a nested IF's ELSE ends the statement too, handled by at_stmt_end
            self.pos += 1;
        }
    }

    /// Statements up to the end of the line (or, inside an IF branch, up to an ELSE).
    fn statements(&mut self, in_branch: bool) -> Vec<SStmt> {
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => break,
                Some(Tok::Char(b':')) => {
                    self.pos += 1;
                    continue;
                }
                Some(Tok::Kw(Keyword::Else)) if in_branch => break,
                _ => {}
            }
            let start = self.offset();
            self.scanned.clear();
            self.faulted = false;
            let node = match self.statement() {
                Ok(stmt) => stmt,
                Err(fault) => {
                    self.faulted = true;
                    Stmt::Raise(Raise {
                        fault: after(std::mem::take(&mut self.scanned), fault),
                    })
                }
            };
            if self.faulted {
                self.faults.push((start, self.offset()));
                self.skip_to_stmt_end();
            }
            let end = self.prev_end().max(start);
            let is_if = matches!(node, Stmt::If(_) | Stmt::Else(_));
            out.push(Spanned {
                node,
                span: start..end,
            });
            if is_if {
                continue;
            }
            if !self.at_stmt_end() {
                let junk = self.offset();
                self.faults.push((junk, junk));
                self.skip_to_stmt_end();
                out.push(Spanned {
                    node: Stmt::Raise(Raise {
                        fault: Expr::raise(ErrorCode::SyntaxError),
                    }),
                    span: junk..self.prev_end(),
                });
            } else if matches!(self.peek(), Some(Tok::Rem)) {
                // `PRINT 1 'comment` : the comment is its own statement
                let t = self.bump();
                if let Some(t) = t {
                    out.push(Spanned {
                        node: Stmt::Rem(Rem),
                        span: t.span.clone(),
                    });
                }
            }
        }
        out
    }
}

/// A Name, or Syntax error past 40 characters.
pub(crate) fn checked_name(text: &[u8]) -> PResult<Name> {
    let n = make_name(text);
    if n.text.len() > MAX_NAME {
        return fault(ErrorCode::SyntaxError);
    }
    Ok(n)
}

/// Longest variable name GW-BASIC accepts (OEM.H NAMLEN).
const MAX_NAME: usize = 40;

/// A Name from its bytes (upper case in the crunched text), splitting off the suffix.
pub fn make_name(text: &[u8]) -> Name {
    let (body, suffix) = match text.last().copied().and_then(VarType::from_suffix) {
        Some(t) => (&text[..text.len() - 1], Some(t)),
        None => (text, None),
    };
    let upper: Vec<u8> = body.iter().map(u8::to_ascii_uppercase).collect();
    Name {
        text: Rc::from(upper),
        suffix,
    }
}

#[cfg(test)]
mod tests;
