//! Static cost profiles: for each instruction site, what one execution makes GW-BASIC's
//! character fetcher walk (token bytes, letters, digits and punctuation, spaces), the
//! constants it converts, the variables and arrays it looks up, and the operators it
//! applies by type — all known from the program text and the slot types at compile time.

use crate::compile::code::{CExpr, CLValue, CLine, Compiled, VarSlot};
use crate::machine::vars::Vars;
use crate::syntax::ast::{BinOp, Func, VarType};
use crate::syntax::ast::{Let, Stmt, Visit};
use crate::text::token::byte;

/// Operator classes with their own weights (digest §12.2). ORDER: `OpClass as usize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpClass {
    Int = 0,
    SngAdd,
    SngMul,
    SngDiv,
    DblAdd,
    DblMul,
    DblDiv,
    /// String concatenation or comparison.
    Str,
    /// `^` with a non-integer exponent (single precision, through LOG and EXP).
    Pow,
    /// `^` with an integer exponent (repeated squaring, XTON).
    PowInt,
}

pub const OP_CLASSES: usize = OpClass::PowInt as usize + 1;

/// Function classes. ORDER: `FuncClass as usize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FuncClass {
    /// SIN, COS, TAN, ATN, EXP, LOG: single-precision polynomials.
    Transcendental = 0,
    /// SQR: the bit-by-bit square root.
    Sqr,
    /// RND.
    Rnd,
    /// String functions (LEFT$, MID$, CHR$, ...).
    String,
    /// Everything else (INT, ABS, LEN, ...) and user functions.
    Other,
}

pub const FUNC_CLASSES: usize = FuncClass::Other as usize + 1;

/// What one execution of an instruction costs, statically.
#[derive(Debug, Clone, Default)]
pub struct SiteProfile {
    /// 1 if GW-BASIC dispatches this as a statement (a `THEN 100` jump is not one).
    pub stmt: u8,
    /// Bytes the fetcher takes on its fast path: tokens, letters, `:` `;` `<` …
    pub tokens: u16,
    pub letters: u16,
    pub other_high: u16,
    /// Bytes below ':' other than spaces: digits written as text, `( ) , " $ % !` …
    pub digits: u16,
    pub punct: u16,
    /// Spaces, tabs and line feeds walked.
    pub spaces: u16,
    /// Bytes of string literals copied.
    pub string_chars: u16,
    /// Bytes walked by a skip scan when the statement executes (REM, DATA bodies).
    pub scan: u16,
    /// Embedded constants: integer (incl. line numbers), single, double.
    pub consts: [u16; 3],
    /// Operands fetched by the evaluator.
    pub operands: u16,
    pub binops: u16,
    pub ops: [u16; OP_CLASSES],
    /// Type conversions (operand promotion, assignment to another type).
    pub conv: u16,
    pub funcs: [u16; FUNC_CLASSES],
    /// Subscripts evaluated.
    pub subscripts: u16,
    /// Scalar references (slots) and array references (slots).
    pub scalars: Box<[u32]>,
    pub arrays: Box<[u32]>,
}

/// The profile of statement `i` of a compiled line. A statement's bytes run from the end
/// of the previous one (so the `:` and blanks before it are its own: NEXT and WEND resume
/// there, and GW walks them on every iteration) to its own end; the last one takes the
/// rest of the line. A jump written as `THEN 100` is not a dispatched statement.
pub fn site_profile(line: &CLine, i: usize, vars: &Vars) -> SiteProfile {
    let body = &line.body[..];
    let span = &line.spans[i];
    let start = if i == 0 {
        0
    } else {
        line.spans[i - 1].end as usize
    };
    let start = start.min(span.start as usize).min(body.len());
    let end = if i + 1 == line.instrs.len() {
        body.len()
    } else {
        (span.end as usize).clamp(start, body.len())
    };
    let instr = &line.instrs[i].instr;
    let implicit_jump = matches!(instr, Stmt::Goto(_)) && body.get(start) == Some(&byte::LINE_NUM);
    let mut p = SiteProfile {
        stmt: u8::from(!implicit_jump),
        ..Default::default()
    };
    classify_bytes(
        &mut p,
        &body[start..end],
        matches!(instr, Stmt::Rem(_) | Stmt::Data(_)),
    );
    let mut w = Walker {
        p: &mut p,
        vars,
        scalars: Vec::new(),
        arrays: Vec::new(),
    };
    if let Stmt::Let(Let { target, value }) = instr {
        // the assignment converts the value to the target's type
        let tt = w.lvalue(target);
        let vt = w.expr(value);
        w.convert(vt, tt);
    } else {
        instr.visit(&mut w);
    }
    let (scalars, arrays) = (w.scalars, w.arrays);
    p.scalars = scalars.into();
    p.arrays = arrays.into();
    p
}

/// Sorts the bytes of a statement into the fetcher's classes. For REM and DATA, what
/// follows the keyword is skip-scanned.
fn classify_bytes(p: &mut SiteProfile, bytes: &[u8], raw_body: bool) {
    let mut i = 0;
    let mut seen_keyword = false;
    while i < bytes.len() {
        let c = bytes[i];
        if raw_body && seen_keyword {
            p.scan = p.scan.saturating_add((bytes.len() - i) as u16);
            return;
        }
        seen_keyword |= c >= 0x80;
        let len = match c {
            b'"' => {
                let close = bytes[i + 1..].iter().position(|&x| x == b'"');
                let n = close.unwrap_or(bytes.len() - i - 1);
                p.string_chars += n as u16;
                p.punct += 1 + u16::from(close.is_some());
                n + 1 + usize::from(close.is_some())
            }
            byte::OCT | byte::HEX | byte::LINE_NUM | byte::LINE_PTR | byte::INT2 => {
                p.consts[0] += 1;
                3
            }
            byte::INT1 => {
                p.consts[0] += 1;
                2
            }
            byte::DIGIT0..=byte::DIGIT9 => {
                p.consts[0] += 1;
                1
            }
            byte::SNG => {
                p.consts[1] += 1;
                5
            }
            byte::DBL => {
                p.consts[2] += 1;
                9
            }
            b' ' | b'\t' | b'\n' => {
                p.spaces += 1;
                1
            }
            0xFD..=0xFF => {
                p.tokens += 2;
                2
            }
            0x80..=0xFC => {
                p.tokens += 1;
                1
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                p.letters += 1;
                1
            }
            b'0'..=b'9' => {
                p.digits += 1;
                1
            }
            0..=0x39 => {
                p.punct += 1;
                1
            }
            _ => {
                p.other_high += 1;
                1
            }
        };
        i += len;
    }
}

/// Walks an instruction's expressions, counting operands, operators and references.
struct Walker<'a> {
    p: &'a mut SiteProfile,
    vars: &'a Vars,
    scalars: Vec<u32>,
    arrays: Vec<u32>,
}

impl Visit<Compiled> for Walker<'_> {
    fn expr(&mut self, e: &CExpr) {
        Walker::expr(self, e);
    }
    fn target(&mut self, t: &CLValue) {
        self.lvalue(t);
    }
    fn var(&mut self, v: &VarSlot) {
        self.scalars.push(v.slot);
    }
}

impl Walker<'_> {
    fn lvalue(&mut self, l: &CLValue) -> VarType {
        match l {
            CLValue::Scalar(s) => {
                self.scalars.push(*s);
                self.vars.scalar_key(*s).1
            }
            CLValue::Elem(a, subs) => {
                self.arrays.push(*a);
                self.p.subscripts += subs.len() as u16;
                for e in subs.iter() {
                    self.expr(e);
                }
                self.vars.array_key(*a).1
            }
        }
    }

    fn convert(&mut self, from: VarType, to: VarType) {
        if from != to && from != VarType::Str && to != VarType::Str {
            self.p.conv += 1;
        }
    }

    /// Counts an expression; returns its static type.
    fn expr(&mut self, e: &CExpr) -> VarType {
        match e {
            CExpr::IntPure(both) => self.expr(&both.1),
            CExpr::TypedS(both) => self.expr(&both.1),
            CExpr::TypedD(both) => self.expr(&both.1),
            CExpr::CmpNums(both) => self.expr(&both.1),
            CExpr::Int(_) => self.operand(VarType::Int),
            CExpr::Sng(_) => self.operand(VarType::Sng),
            CExpr::Dbl(_) => self.operand(VarType::Dbl),
            CExpr::Str(_) => self.operand(VarType::Str),
            CExpr::Scalar(s) => {
                self.scalars.push(*s);
                self.operand(self.vars.scalar_key(*s).1)
            }
            CExpr::Elem1(a, sub) => {
                self.arrays.push(*a);
                self.p.subscripts += 1;
                self.expr(sub);
                self.operand(self.vars.array_key(*a).1)
            }
            CExpr::Elem(a, subs) => {
                self.arrays.push(*a);
                self.p.subscripts += subs.len() as u16;
                for s in subs.iter() {
                    self.expr(s);
                }
                self.operand(self.vars.array_key(*a).1)
            }
            CExpr::Neg(x) => self.expr(x),
            CExpr::Not(x) => {
                let t = self.expr(x);
                self.convert(t, VarType::Int);
                VarType::Int
            }
            CExpr::Bin(op, a, b) => {
                let (ta, tb) = (self.expr(a), self.expr(b));
                self.binop(*op, ta, tb)
            }
            CExpr::Call(f, args) => {
                for a in args.iter() {
                    self.expr(a);
                }
                self.p.funcs[func_class(*f) as usize] += 1;
                self.operand(func_type(*f))
            }
            CExpr::Raise(fault) => {
                for a in fault.parts.iter() {
                    self.expr(a);
                }
                VarType::Int
            }
            CExpr::UserFn(_, args) => {
                for a in args.iter() {
                    self.expr(a);
                }
                self.p.funcs[FuncClass::Other as usize] += 1;
                self.operand(VarType::Sng)
            }
        }
    }

    fn operand(&mut self, t: VarType) -> VarType {
        self.p.operands += 1;
        t
    }

    fn binop(&mut self, op: BinOp, ta: VarType, tb: VarType) -> VarType {
        use BinOp::*;
        self.p.binops += 1;
        if ta == VarType::Str || tb == VarType::Str {
            self.p.ops[OpClass::Str as usize] += 1;
            return if matches!(op, Add) {
                VarType::Str
            } else {
                VarType::Int
            };
        }
        let wide = wider(ta, tb);
        let (class, result) = match op {
            Add | Sub => (add_class(wide), wide),
            Mul => (mul_class(wide), wide),
            Div => {
                let w = wider(wide, VarType::Sng);
                (
                    if w == VarType::Dbl {
                        OpClass::DblDiv
                    } else {
                        OpClass::SngDiv
                    },
                    w,
                )
            }
            Pow if tb == VarType::Int => (OpClass::PowInt, VarType::Sng),
            Pow => (OpClass::Pow, VarType::Sng),
            Eq | Ne | Lt | Gt | Le | Ge => (add_class(wide), VarType::Int),
            IntDiv | Mod | And | Or | Xor | Eqv | Imp => {
                self.convert(ta, VarType::Int);
                self.convert(tb, VarType::Int);
                (OpClass::Int, VarType::Int)
            }
        };
        if !matches!(op, IntDiv | Mod | And | Or | Xor | Eqv | Imp | Pow) {
            self.convert(ta, wide);
            self.convert(tb, wide);
        }
        self.p.ops[class as usize] += 1;
        result
    }
}

fn wider(a: VarType, b: VarType) -> VarType {
    match (a, b) {
        (VarType::Dbl, _) | (_, VarType::Dbl) => VarType::Dbl,
        (VarType::Sng, _) | (_, VarType::Sng) => VarType::Sng,
        _ => VarType::Int,
    }
}

fn add_class(t: VarType) -> OpClass {
    match t {
        VarType::Dbl => OpClass::DblAdd,
        VarType::Sng => OpClass::SngAdd,
        _ => OpClass::Int,
    }
}

fn mul_class(t: VarType) -> OpClass {
    match t {
        VarType::Dbl => OpClass::DblMul,
        VarType::Sng => OpClass::SngMul,
        _ => OpClass::Int,
    }
}

fn func_class(f: Func) -> FuncClass {
    use Func::*;
    match f {
        Sin | Cos | Tan | Atn | Exp | Log => FuncClass::Transcendental,
        Sqr => FuncClass::Sqr,
        Rnd => FuncClass::Rnd,
        ChrS | LeftS | RightS | MidS | StrS | StringS | SpaceS | HexS | OctS | InputS | InkeyS
        | MkiS | MksS | MkdS | DateS | TimeS | Instr | Asc | Len | Val => FuncClass::String,
        _ => FuncClass::Other,
    }
}

/// The type a function returns.
fn func_type(f: Func) -> VarType {
    use Func::*;
    match f {
        ChrS | LeftS | RightS | MidS | StrS | StringS | SpaceS | HexS | OctS | InputS | InkeyS
        | MkiS | MksS | MkdS | DateS | TimeS | Environ | IoctlS | VarptrS => VarType::Str,
        Cint | Asc | Len | Instr | Sgn | Err | Cvi | Csrlin | Pos | Eof | Peek | Inp => {
            VarType::Int
        }
        Cdbl | Cvd => VarType::Dbl,
        _ => VarType::Sng,
    }
}
