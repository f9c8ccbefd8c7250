//! Expressions: precedence climbing over GW-BASIC's operator table, operands, function
//! calls. `Missing operand` is raised when an operator is followed by the end of the
//! statement (digest §10.3); anything else unparseable is a Syntax error. A fault is
//! returned wrapped in the operands parsed before it (see the parser's module comment),
//! so they are still evaluated, in order, before the error is raised.

use super::{PResult, Parser, checked_name, fault};
use crate::error::ErrorCode;
use crate::num;
use crate::syntax::ast::{BinOp, Expr, Func, LValue, UnOp};
use crate::text::decode::{Tok, TokAt};
use crate::text::token::Keyword;
use std::rc::Rc;

/// ORDER: GW-BASIC's binary operator precedence, lowest first (digest §6.2; GW-BASIC
/// manual "Order of operations"). Unary NOT sits between AND and the relational
/// operators, unary minus between `*` `/` and `^`.
const PREC_IMP: u8 = 1;
const PREC_EQV: u8 = 2;
const PREC_XOR: u8 = 3;
const PREC_OR: u8 = 4;
const PREC_AND: u8 = 5;
const PREC_NOT: u8 = 6;
const PREC_REL: u8 = 7;
const PREC_ADD: u8 = 8;
const PREC_MOD: u8 = 9;
const PREC_IDIV: u8 = 10;
const PREC_MUL: u8 = 11;
const PREC_NEG: u8 = 12;
const PREC_POW: u8 = 13;

/// Function keywords: (keyword, function, minimum args, maximum args). Functions with
/// zero maximum take no parenthesised arguments.
const FUNCS: &[(Keyword, Func, u8, u8)] = &[
    (Keyword::Abs, Func::Abs, 1, 1),
    (Keyword::Asc, Func::Asc, 1, 1),
    (Keyword::Atn, Func::Atn, 1, 1),
    (Keyword::Cdbl, Func::Cdbl, 1, 1),
    (Keyword::ChrS, Func::ChrS, 1, 1),
    (Keyword::Cint, Func::Cint, 1, 1),
    (Keyword::Cos, Func::Cos, 1, 1),
    (Keyword::Csng, Func::Csng, 1, 1),
    (Keyword::Cvi, Func::Cvi, 1, 1),
    (Keyword::Cvs, Func::Cvs, 1, 1),
    (Keyword::Cvd, Func::Cvd, 1, 1),
    (Keyword::Csrlin, Func::Csrlin, 0, 0),
    (Keyword::DateS, Func::DateS, 0, 0),
    (Keyword::Eof, Func::Eof, 1, 1),
    (Keyword::Err, Func::Err, 0, 0),
    (Keyword::Erl, Func::Erl, 0, 0),
    (Keyword::Exp, Func::Exp, 1, 1),
    (Keyword::Exterr, Func::Exterr, 1, 1),
    (Keyword::Fix, Func::Fix, 1, 1),
    (Keyword::Fre, Func::Fre, 1, 1),
    (Keyword::HexS, Func::HexS, 1, 1),
    (Keyword::InkeyS, Func::InkeyS, 0, 0),
    (Keyword::Inp, Func::Inp, 1, 1),
    (Keyword::Instr, Func::Instr, 2, 3),
    (Keyword::Int, Func::Int, 1, 1),
    (Keyword::LeftS, Func::LeftS, 2, 2),
    (Keyword::Len, Func::Len, 1, 1),
    (Keyword::Loc, Func::Loc, 1, 1),
    (Keyword::Lof, Func::Lof, 1, 1),
    (Keyword::Log, Func::Log, 1, 1),
    (Keyword::Lpos, Func::Lpos, 1, 1),
    (Keyword::MidS, Func::MidS, 2, 3),
    (Keyword::MkiS, Func::MkiS, 1, 1),
    (Keyword::MksS, Func::MksS, 1, 1),
    (Keyword::MkdS, Func::MkdS, 1, 1),
    (Keyword::OctS, Func::OctS, 1, 1),
    (Keyword::Peek, Func::Peek, 1, 1),
    (Keyword::Pen, Func::Pen, 1, 1),
    (Keyword::Play, Func::Play, 1, 1),
    (Keyword::Pmap, Func::Pmap, 2, 2),
    (Keyword::Point, Func::Point, 1, 2),
    (Keyword::Pos, Func::Pos, 1, 1),
    (Keyword::RightS, Func::RightS, 2, 2),
    (Keyword::Screen, Func::Screen, 2, 3),
    (Keyword::Sgn, Func::Sgn, 1, 1),
    (Keyword::Sin, Func::Sin, 1, 1),
    (Keyword::SpaceS, Func::SpaceS, 1, 1),
    (Keyword::Sqr, Func::Sqr, 1, 1),
    (Keyword::Stick, Func::Stick, 1, 1),
    (Keyword::StrS, Func::StrS, 1, 1),
    (Keyword::Strig, Func::Strig, 1, 1),
    (Keyword::StringS, Func::StringS, 2, 2),
    (Keyword::Tan, Func::Tan, 1, 1),
    (Keyword::TimeS, Func::TimeS, 0, 0),
    (Keyword::Timer, Func::Timer, 0, 0),
    (Keyword::Val, Func::Val, 1, 1),
];

impl<'a> Parser<'a> {
    /// expr -> operand { binop operand }: an expression that is a part of the statement
    /// (kept in `scanned` for a fault later in the statement).
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        let e = self.sub_expr()?;
        self.scanned.push(e.clone());
        Ok(e)
    }

    /// An expression inside an expression.
    pub(super) fn sub_expr(&mut self) -> PResult<Expr> {
        self.binary(PREC_IMP)
    }

    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        while let Some((op, prec, len)) = self.peek_binop() {
            if prec < min {
                break;
            }
            self.pos += len;
            let rhs = if self.at_stmt_end() {
                Err(Expr::raise(ErrorCode::MissingOperand))
            } else {
                self.binary(prec + 1)
            };
            lhs = match rhs {
                Ok(rhs) => Expr::Binary(op, Box::new(lhs), Box::new(rhs)),
                Err(f) => return Err(Expr::Binary(op, Box::new(lhs), Box::new(f))),
            };
        }
        Ok(lhs)
    }

    /// The binary operator at the cursor: (op, precedence, tokens it spans).
    fn peek_binop(&self) -> Option<(BinOp, u8, usize)> {
        let Some(Tok::Kw(k)) = self.peek() else {
            return None;
        };
        let next = match self.peek_at(1) {
            Some(Tok::Kw(n)) => Some(*n),
            _ => None,
        };
        use Keyword as K;
        Some(match (k, next) {
            (K::Less, Some(K::Equal)) | (K::Equal, Some(K::Less)) => (BinOp::Le, PREC_REL, 2),
            (K::Greater, Some(K::Equal)) | (K::Equal, Some(K::Greater)) => (BinOp::Ge, PREC_REL, 2),
            (K::Less, Some(K::Greater)) | (K::Greater, Some(K::Less)) => (BinOp::Ne, PREC_REL, 2),
            (K::Less, _) => (BinOp::Lt, PREC_REL, 1),
            (K::Greater, _) => (BinOp::Gt, PREC_REL, 1),
            (K::Equal, _) => (BinOp::Eq, PREC_REL, 1),
            (K::Plus, _) => (BinOp::Add, PREC_ADD, 1),
            (K::Minus, _) => (BinOp::Sub, PREC_ADD, 1),
            (K::Star, _) => (BinOp::Mul, PREC_MUL, 1),
            (K::Slash, _) => (BinOp::Div, PREC_MUL, 1),
            (K::Backslash, _) => (BinOp::IntDiv, PREC_IDIV, 1),
            (K::Mod, _) => (BinOp::Mod, PREC_MOD, 1),
            (K::Caret, _) => (BinOp::Pow, PREC_POW, 1),
            (K::And, _) => (BinOp::And, PREC_AND, 1),
            (K::Or, _) => (BinOp::Or, PREC_OR, 1),
            (K::Xor, _) => (BinOp::Xor, PREC_XOR, 1),
            (K::Eqv, _) => (BinOp::Eqv, PREC_EQV, 1),
            (K::Imp, _) => (BinOp::Imp, PREC_IMP, 1),
            _ => return None,
        })
    }

    pub(super) fn unary(&mut self) -> PResult<Expr> {
        if self.at_stmt_end() {
            return fault(ErrorCode::MissingOperand);
        }
        let op = if self.eat_kw(Keyword::Minus) {
            Some((UnOp::Neg, PREC_NEG))
        } else if self.eat_kw(Keyword::Not) {
            Some((UnOp::Not, PREC_NOT + 1))
        } else if self.eat_kw(Keyword::Plus) {
            return self.operand_after_prefix(PREC_NEG);
        } else {
            None
        };
        let Some((op, prec)) = op else {
            return self.primary();
        };
        match self.operand_after_prefix(prec) {
            Ok(e) => Ok(Expr::Unary(op, Box::new(e))),
            Err(f) => Err(Expr::Unary(op, Box::new(f))),
        }
    }

    fn operand_after_prefix(&mut self, prec: u8) -> PResult<Expr> {
        if self.at_stmt_end() {
            return fault(ErrorCode::MissingOperand);
        }
        self.binary(prec)
    }

    fn primary(&mut self) -> PResult<Expr> {
        let Some(t) = self.bump() else {
            return fault(ErrorCode::MissingOperand);
        };
        match &t.tok {
            Tok::Num(n) => Ok(Expr::Num(*n)),
            // a number after ERL (or another line-number keyword) is stored as a line
            // number; in an expression it is just that number
            Tok::LineNum(n) => Ok(Expr::Num(match i16::try_from(*n) {
                Ok(i) => num::Num::Int(i),
                Err(_) => num::Num::Sng(num::Single::from_i32(i32::from(*n))),
            })),
            // a number left as text (after a name: `AS .6`) is read at run time only
            // if it starts with a digit: GW's CHRGET flags digits, not `.` [M
            // unsorted/NUMLIT2]
            Tok::Digits if self.text(t).first() == Some(&b'.') => fault(ErrorCode::SyntaxError),
            Tok::Digits => {
                let text = self.with_exponent(t);
                match num::parse_literal(text) {
                    Some(p) => Ok(Expr::Num(p.value)),
                    None => fault(ErrorCode::SyntaxError),
                }
            }
            Tok::Str { closed } => {
                let text = self.text(t);
                let inner = &text[1..text.len() - usize::from(*closed)];
                // STRLIT counts the characters in a byte: a literal of more than 255
                // (only a loaded file can hold one) is its first length mod 256
                // [S BISTRS.ASM STRLT2/STRGET]
                Ok(Expr::Str(Rc::from(&inner[..inner.len() % 256])))
            }
            Tok::Char(b'(') => {
                let e = self.sub_expr()?;
                if !self.eat_char(b')') {
                    return Err(Expr::Raise(vec![e], ErrorCode::SyntaxError));
                }
                Ok(e)
            }
            Tok::Name => {
                let name = checked_name(self.text(t))?;
                if self.is_char(b'(') || self.is_char(b'[') {
                    self.subscripts()
                        .map(|args| Expr::Index(name.clone(), args))
                        .map_err(|args| Expr::Index(name, args))
                } else {
                    Ok(Expr::Var(name))
                }
            }
            Tok::Kw(k) => self.keyword_operand(*k),
            _ => fault(ErrorCode::SyntaxError),
        }
    }

    /// `(e1, e2, ...)` or `[e1, ...]` after an array name or a function; either bracket
    /// closes either (GW's PTRGET checks each on its own). On a fault, `Err` holds the
    /// arguments parsed so far followed by the faulty one.
    pub(super) fn subscripts(&mut self) -> Result<Vec<Expr>, Vec<Expr>> {
        if !self.eat_char(b'[') && !self.eat_char(b'(') {
            return Err(vec![Expr::raise(ErrorCode::SyntaxError)]);
        }
        let mut args = Vec::new();
        loop {
            match self.sub_expr() {
                Ok(e) => args.push(e),
                Err(f) => {
                    args.push(f);
                    return Err(args);
                }
            }
            if !self.eat_char(b',') {
                break;
            }
        }
        if !self.eat_char(b')') && !self.eat_char(b']') {
            args.push(Expr::raise(ErrorCode::SyntaxError));
            return Err(args);
        }
        Ok(args)
    }

    fn keyword_operand(&mut self, k: Keyword) -> PResult<Expr> {
        match k {
            Keyword::Fn => {
                let name = self.name()?;
                if !self.is_char(b'(') || self.bare_fns.contains(&name.text) {
                    return Ok(Expr::UserFn(name, Vec::new()));
                }
                self.subscripts()
                    .map(|args| Expr::UserFn(name.clone(), args))
                    .map_err(|args| Expr::UserFn(name, args))
            }
            Keyword::Rnd => {
                if !self.is_char(b'(') {
                    return Ok(Expr::Call(Func::Rnd, Vec::new()));
                }
                self.call_args(Func::Rnd, 1, 1)
            }
            Keyword::Input if self.eat_char(b'$') => {
                let mut args = Vec::new();
                let r = self.input_chars_args(&mut args);
                match r {
                    Ok(()) => Ok(Expr::Call(Func::InputS, args)),
                    Err(f) => {
                        args.push(f);
                        Err(Expr::Call(Func::InputS, args))
                    }
                }
            }
            Keyword::Varptr => {
                let f = if self.eat_char(b'$') {
                    Func::VarptrS
                } else {
                    Func::Varptr
                };
                self.expect_char(b'(')?;
                // VARPTR(#n) is a file's block (GWEVAL.ASM: GTBYTC, GETPTR, then `)`)
                let f = if self.eat_char(b'#') && f == Func::Varptr {
                    Func::VarptrFile
                } else {
                    f
                };
                // a variable's address: PTRGET reads a name (a Syntax error if none
                // starts there) and its subscripts, and `)` must follow [S GWEVAL.ASM
                // VARPTR → PTRGTN, BIPTRG.ASM PTRGET]
                let arg = if f == Func::VarptrFile {
                    self.sub_expr()
                } else if matches!(self.peek(), Some(Tok::Name)) {
                    self.lvalue().map(|v| match v {
                        LValue::Var(n) => Expr::Var(n),
                        LValue::Index(n, subs) => Expr::Index(n, subs),
                    })
                } else {
                    Err(Expr::raise(ErrorCode::SyntaxError))
                };
                let arg = arg.map_err(|e| Expr::Call(f, vec![e]))?;
                if !self.eat_char(b')') {
                    return Err(Expr::Call(
                        f,
                        vec![arg, Expr::raise(ErrorCode::SyntaxError)],
                    ));
                }
                Ok(Expr::Call(f, vec![arg]))
            }
            // ERDEV and ERDEV$ take no argument: a `(` after them starts the next operand
            Keyword::Erdev => Ok(Expr::Call(
                if self.eat_char(b'$') {
                    Func::ErdevS
                } else {
                    Func::Erdev
                },
                Vec::new(),
            )),
            // IOCTL$([#]n): the file is looked up before the `)` [M unsorted/FILEXPR]
            Keyword::Ioctl if self.eat_char(b'$') => {
                self.expect_char(b'(')?;
                self.eat_char(b'#');
                let f = Func::IoctlS;
                let arg = self.sub_expr().map_err(|e| Expr::Call(f, vec![e]))?;
                if !self.eat_char(b')') {
                    return Err(Expr::Call(
                        f,
                        vec![arg, Expr::raise(ErrorCode::SyntaxError)],
                    ));
                }
                Ok(Expr::Call(f, vec![arg]))
            }
            Keyword::Environ | Keyword::Ioctl => {
                let f = match k {
                    Keyword::Environ => Func::Environ,
                    Keyword::Ioctl => Func::IoctlS,
                    _ => Func::Erdev,
                };
                self.eat_char(b'$');
                if !self.is_char(b'(') {
                    return Ok(Expr::Call(f, Vec::new()));
                }
                self.call_args(f, 1, 1)
            }
            Keyword::Screen => self.screen_fn_args(),
            // POS(x): a dummy argument of any type, never a file number
            Keyword::Pos => {
                self.expect_char(b'(')?;
                let arg = self
                    .sub_expr()
                    .map_err(|e| Expr::Call(Func::Pos, vec![e]))?;
                if !self.eat_char(b')') {
                    return Err(Expr::Call(
                        Func::Pos,
                        vec![arg, Expr::raise(ErrorCode::SyntaxError)],
                    ));
                }
                Ok(Expr::Call(Func::Pos, vec![arg]))
            }
            Keyword::Usr => {
                self.usr_digit();
                self.call_args(Func::Usr, 1, 1)
            }
            _ => {
                let Some(&(_, func, min, max)) = FUNCS.iter().find(|(kw, ..)| *kw == k) else {
                    return fault(ErrorCode::SyntaxError);
                };
                if max == 0 {
                    return Ok(Expr::Call(func, Vec::new()));
                }
                self.call_args(func, min, max)
            }
        }
    }

    /// The routine number after USR: only a one-byte constant 0-9 (the cruncher's
    /// ONECON tokens); anything else leaves USR0 and is read as what follows
    /// [S GWEVAL.ASM SCNUSR], so `USR10(1)` is a Syntax error at the `10`.
    /// The text of a number left as digits, with what FIN reads after them when it is
    /// glued to them: FIN reads the text at run time, and the cruncher left the `E0` of
    /// `AS 2E0` as a name and the `!` of `AS 4!` as a character, so an exponent (its
    /// letter and digits) and a type suffix are part of the number (`2E0` is 2) [S
    /// GWEVAL.ASM EVAL → FIN; GWMAIN.ASM CRUNCH NUMTRY stuffs digits after a name as
    /// text]. A bare `E` followed by a sign is left alone (its digits are a crunched
    /// constant).
    fn with_exponent(&mut self, t: &TokAt) -> &'a [u8] {
        let mut end = t.span.end;
        // FIN reads with CHRGTR, which skips blanks, and the cruncher left the digits
        // after a blank as text too: `AS 1 1` is file 11 [S MATH1.ASM FIN; M the blanks
        // inside a crunched constant, `PRINT 1 1`]
        while let Some(next) = self.toks.get(self.pos)
            && next.tok == Tok::Digits
            && self.body[end as usize..next.span.start as usize]
                .iter()
                .all(|&c| c == b' ')
        {
            self.pos += 1;
            end = next.span.end;
        }
        // E or D after the digits (blanks between skipped) starts the exponent, which
        // $FINEX reads with CHRGTR: an ASCII sign, then digits. A sign the cruncher made
        // an operator token is no sign: the exponent is empty (0) and the token is left
        // for the expression, so `N 1E+20` is 1 + 20 [S MATH2.ASM $FINEX: `CMP AL,"-"`,
        // `CMP AL,"+"`, else RET with the text pointer at the token]
        if let Some(next) = self.toks.get(self.pos) {
            let name = &self.body[next.span.start as usize..next.span.end as usize];
            let exponent = matches!(name.first(), Some(b'E' | b'D' | b'e' | b'd'))
                && name[1..].iter().all(u8::is_ascii_digit);
            if next.tok == Tok::Name && self.blanks_between(end, next.span.start) && exponent {
                self.pos += 1;
                end = next.span.end;
                // a bare E: its digits, stuffed as text after blanks, follow it
                while name.len() == 1
                    && let Some(more) = self.toks.get(self.pos)
                    && more.tok == Tok::Digits
                    && self.body[more.span.start as usize] != b'.'
                    && self.blanks_between(end, more.span.start)
                {
                    self.pos += 1;
                    end = more.span.end;
                }
            }
        }
        if let Some(next) = self.toks.get(self.pos)
            && matches!(next.tok, Tok::Char(b'!' | b'#' | b'%'))
            && next.span.start == end
        {
            self.pos += 1;
            end = next.span.end;
        }
        &self.body[t.span.start as usize..end as usize]
    }

    /// True when the body holds only blanks from `from` up to `to`.
    fn blanks_between(&self, from: u16, to: u16) -> bool {
        self.body[from as usize..to as usize]
            .iter()
            .all(|&c| c == b' ')
    }

    pub(super) fn usr_digit(&mut self) {
        if let Some(t) = self.toks.get(self.pos) {
            let one_digit = match t.tok {
                Tok::Num(num::Num::Int(0..=9)) => true,
                Tok::Digits => self.text(t).len() == 1,
                _ => false,
            };
            if one_digit && t.span.len() == 1 {
                self.pos += 1;
            }
        }
    }

    /// SCREEN(row, col [, z]) with GW's SCNINT operands (GWSTS.ASM SCRENF): an
    /// omitted operand, or one ended by anything but `,` `)` or the end, is an Illegal
    /// function call once the operands before it are converted; z must end with `)`.
    fn screen_fn_args(&mut self) -> PResult<Expr> {
        let f = Func::Screen;
        self.expect_char(b'(')?;
        let mut args = Vec::new();
        let ifc = |mut args: Vec<Expr>| {
            args.push(Expr::raise(ErrorCode::IllegalFunctionCall));
            Err(Expr::Call(Func::Screen, args))
        };
        for i in 0..3 {
            if self.at_stmt_end() || self.is_char(b',') {
                return ifc(args);
            }
            match self.sub_expr() {
                Ok(e) => args.push(e),
                Err(e) => {
                    args.push(e);
                    return Err(Expr::Call(f, args));
                }
            }
            if self.eat_char(b')') {
                if i >= 1 {
                    return Ok(Expr::Call(f, args));
                }
            } else if i == 2 || !(self.eat_char(b',') || self.at_stmt_end()) {
                return ifc(args);
            }
        }
        ifc(args)
    }

    /// INPUT$'s arguments: `(n [, [#]f])`, pushed to `args` as they are parsed.
    fn input_chars_args(&mut self, args: &mut Vec<Expr>) -> PResult<()> {
        self.expect_char(b'(')?;
        args.push(self.sub_expr()?);
        if self.eat_char(b',') {
            self.eat_char(b'#');
            args.push(self.sub_expr()?);
        }
        self.expect_char(b')')
    }

    /// `func( e1 [, e2 ...] )` with min..=max arguments. Each argument is scanned (and
    /// evaluated) before the separator after it is looked at, and after the last one the
    /// function's `SYNCHR ')'` meets a `,` there: `CHR$(65,1/0)` is the Syntax error at
    /// the comma, the extra argument never evaluated [S GWEVAL.ASM ISFUN → PARCHK:
    /// FRMEVL, then `SYNCHR ')'`].
    fn call_args(&mut self, func: Func, min: u8, max: u8) -> PResult<Expr> {
        if !self.eat_char(b'(') {
            return fault(ErrorCode::SyntaxError);
        }
        let mut args = Vec::new();
        loop {
            // `#` is not an expression: `EOF(#1)` is a Syntax error (only INPUT$ and
            // VARPTR take it) [M unsorted/LOF, LEN, SIN]
            match self.sub_expr() {
                Ok(e) => args.push(e),
                Err(f) => {
                    args.push(f);
                    return Err(Expr::Call(func, args));
                }
            }
            if args.len() >= usize::from(max) || !self.eat_char(b',') {
                break;
            }
        }
        if !self.eat_char(b')') || args.len() < min as usize || args.len() > max as usize {
            // LEFT$, RIGHT$ and MID$ read `,` after their string before they check it: a
            // call that breaks off after the string alone is a Syntax error whatever the
            // string's type [S GWEVAL.ASM: FRMPRN, SYNCHR ',', CHKSTR]
            if args.len() == 1 && matches!(func, Func::LeftS | Func::RightS | Func::MidS) {
                return Err(Expr::Raise(args, ErrorCode::SyntaxError));
            }
            args.push(Expr::raise(ErrorCode::SyntaxError));
            return Err(Expr::Call(func, args));
        }
        Ok(Expr::Call(func, args))
    }
}
