//! Built-in functions (numeric, string, conversion, system) and user functions (DEF FN),
//! with GW-BASIC's argument ranges: out-of-range arguments are Illegal function call
//! (digest §6.6, §9).

use super::{Machine, Res};
use crate::compile::code::CExpr;
use crate::error::ErrorCode;
use crate::machine::value::{self, Value};
use crate::num::{self, Double, MathError, Num, Single};
use crate::syntax::ast::{BinOp, DefFn, Stmt};
use crate::syntax::ast::{Func, VarType};
use std::rc::Rc;

/// `single_math` with `$k` (in which `$r` names the routine's `Result`) applied in each
/// function's own arm: a caller that tests the result tests it there, where one
/// `Result` merged from the arms was put together byte by byte before its one test.
/// The one home of the function-to-routine map.
macro_rules! single_math_then {
    ($f:expr, $s:expr, $r:ident => $k:expr) => {
        match $f {
            Func::Sin => {
                let $r = $s.sin();
                $k
            }
            Func::Cos => {
                let $r = $s.cos();
                $k
            }
            Func::Tan => {
                let $r = $s.tan();
                $k
            }
            Func::Atn => {
                let $r = $s.atn();
                $k
            }
            Func::Exp => {
                let $r = $s.exp_fn();
                $k
            }
            Func::Log => {
                let $r = $s.log();
                $k
            }
            _ => {
                let $r = $s.sqr();
                $k
            }
        }
    };
}
pub(crate) use single_math_then;

impl Machine {
    /// A built-in function call (out of line: the evaluator stays small).
    #[inline(never)]
    pub(crate) fn call(&mut self, f: Func, args: &[CExpr]) -> Res<Value> {
        use Func::*;
        match f {
            Sin | Cos | Tan | Atn | Exp | Log | Sqr => {
                let x = self.arg_num(args, 0)?;
                Ok(Value::Sng(self.math_fn(f, x)?))
            }
            // ABS and INT give a string back unchanged [M unsorted/ABS, INT, STROPER]
            Abs => Ok(match self.arg_num_or_str(args)? {
                Result::Err(s) => Value::Str(s),
                Ok(Num::Int(i)) => i
                    .checked_abs()
                    .map_or(Value::Sng(Single::from_i32(32768)), Value::Int),
                Ok(Num::Sng(s)) => Value::Sng(s.abs()),
                Ok(Num::Dbl(d)) => Value::Dbl(d.abs()),
            }),
            Sgn => Ok(Value::Int(match self.arg_num(args, 0)? {
                Num::Int(i) => i.signum(),
                Num::Sng(s) => s.sgn(),
                Num::Dbl(d) => d.sgn(),
            })),
            Int => Ok(match self.arg_num_or_str(args)? {
                Result::Err(s) => Value::Str(s),
                Ok(Num::Int(i)) => Value::Int(i),
                Ok(Num::Sng(s)) => Value::Sng(s.int()),
                Ok(Num::Dbl(d)) => Value::Dbl(d.int()),
            }),
            Fix => Ok(match self.arg_num(args, 0)? {
                Num::Int(i) => Value::Int(i),
                Num::Sng(s) => Value::Sng(s.fix()),
                Num::Dbl(d) => Value::Dbl(d.fix()),
            }),
            Cint => Ok(Value::Int(value::to_int(self.arg_num(args, 0)?)?)),
            Csng => {
                let n = self.arg_num(args, 0)?;
                Ok(Value::Sng(self.single_of(n)?))
            }
            Cdbl => Ok(Value::Dbl(value::to_double(self.arg_num(args, 0)?))),
            Rnd => self.rnd_fn(args),
            // the argument is given back to the pool (a new string's allocation is kept);
            // a concatenation is read without a string of its own
            Len | Asc => {
                let len_or_asc = |s: &[u8]| match (f, s.first()) {
                    (Len, _) => Ok(Value::Int(s.len() as i16)),
                    (_, Some(&c)) => Ok(Value::Int(i16::from(c))),
                    (_, None) => Result::Err(ErrorCode::IllegalFunctionCall.into()),
                };
                match args.first() {
                    Some(CExpr::Bin(BinOp::Add, a, b)) => {
                        return self.read_concat(a, b, len_or_asc);
                    }
                    // a literal or a variable read where it lies (its value would be
                    // held by someone else: nothing to give back)
                    Some(e) => {
                        if let Some(s) = self.str_in_place(e) {
                            return len_or_asc(s);
                        }
                    }
                    None => {}
                }
                let s = self.arg_str(args, 0)?;
                let r = len_or_asc(&s);
                self.recycle_str(s);
                r
            }
            ChrS | LeftS | RightS | MidS | StrS => {
                self.string_piece(f, args, |m, b| Value::Str(m.new_str(b)))
            }
            Instr => self.instr(args),
            Val => {
                let s = self.arg_str(args, 0)?;
                self.count(crate::machine::counters::Dyn::NumIn, 1);
                // the argument is freed before its digits are read [S BISTRS.ASM VAL: LEN1]
                let read = val(&s);
                self.recycle_str(s);
                let (v, overflow) = read?;
                if overflow {
                    // FINDBL's multiply overflowed: $OVFLS, trapped under ON ERROR
                    let negative = v.to_f64() < 0.0;
                    self.soft_error(num::FloatError::Overflow { negative })?;
                }
                Ok(Value::from_num(v))
            }
            SpaceS => {
                let n = self.arg_byte(args, 0)?;
                let buf = [b' '; value::MAX_STRING];
                Ok(Value::Str(self.new_str(&buf[..usize::from(n)])))
            }
            StringS => {
                let n = self.arg_byte(args, 0)?;
                let c = match self.eval(&args[1])? {
                    // the string is freed before its first byte is checked [S BISTRS.ASM
                    // STRNG$: ASC2, LEN1's FRESTR, then FCERR for an empty one]
                    Value::Str(s) => {
                        let first = s.first().copied();
                        self.recycle_str(s);
                        first.ok_or(ErrorCode::IllegalFunctionCall)?
                    }
                    v => {
                        let c = value::to_int(v.num()?)?;
                        u8::try_from(c).map_err(|_| ErrorCode::IllegalFunctionCall)?
                    }
                };
                let buf = [c; value::MAX_STRING];
                Ok(Value::Str(self.new_str(&buf[..usize::from(n)])))
            }
            HexS | OctS => {
                let n = self.arg_word(args, 0)?;
                let s = if f == HexS {
                    num::hex_string(n)
                } else {
                    num::oct_string(n)
                };
                Ok(Value::Str(Rc::from(s.into_bytes())))
            }
            MkiS => {
                let n = value::to_int(self.arg_num(args, 0)?)?;
                Ok(Value::Str(Rc::from(n.to_le_bytes().to_vec())))
            }
            MksS => {
                let n = self.arg_num(args, 0)?;
                let s = self.single_of(n)?;
                Ok(Value::Str(Rc::from(s.to_bytes().to_vec())))
            }
            MkdS => Ok(Value::Str(Rc::from(
                value::to_double(self.arg_num(args, 0)?).to_bytes().to_vec(),
            ))),
            Cvi | Cvs | Cvd => self.cv(f, args),
            Err => Ok(Value::Int(i16::from(self.run.trap.err))),
            Erl => Ok(Value::Sng(Single::from_i32(i32::from(self.run.trap.erl)))),
            Pos => self.fn_pos(args),
            Csrlin => Ok(self.fn_csrlin()),
            Fre => {
                let v = self.eval(&args[0])?;
                self.fre(&v)
            }
            InkeyS => self.fn_inkey(),
            InputS => self.input_chars(args),
            Eof => self.fn_eof(&args[0]),
            Lof => self.fn_lof(&args[0]),
            Loc => self.fn_loc(&args[0]),
            // the clock's readings are taken values: the same when a statement that
            // waited runs again (machine::resume)
            Timer => self.taken_value(|m| Ok(Value::Sng(m.io.clock.timer()))),
            DateS => {
                self.taken_value(|m| Ok(Value::Str(Rc::from(m.io.clock.date_text().into_bytes()))))
            }
            TimeS => {
                self.taken_value(|m| Ok(Value::Str(Rc::from(m.io.clock.time_text().into_bytes()))))
            }
            Environ => {
                let arg = self.arg0(args)?;
                self.fn_environ(arg)
            }
            // ---- the data segment ----
            Varptr => {
                let (_, a) = self.varptr(&args[0])?;
                Ok(Value::Int(a as i16))
            }
            VarptrS => match args.first() {
                Some(a) => self.fn_varptr_str(a),
                None => Result::Err(ErrorCode::SyntaxError.into()),
            },
            VarptrFile => {
                let v = self.eval(self.arg0(args)?)?;
                let n = self.file_block_number(v)?;
                Ok(Value::Int(self.file_block(n) as i16))
            }
            Point => self.fn_point(args),
            Pmap => self.fn_pmap(args),
            Usr => {
                // no machine code to call: GW's USR without DEF USR is an Illegal
                // function call once its argument is evaluated [M unsorted/USR]
                for a in args {
                    self.eval(a)?;
                }
                Result::Err(ErrorCode::IllegalFunctionCall.into())
            }
            Peek => match args.first() {
                Some(a) => self.fn_peek(a),
                None => Result::Err(ErrorCode::SyntaxError.into()),
            },
            Screen => self.fn_screen(args),
            // ---- sound, printer and ports ----
            Inp => self.fn_inp(self.arg0(args)?),
            Lpos => self.fn_lpos(self.arg0(args)?),
            Pen => self.fn_pen(self.arg0(args)?),
            Exterr => self.fn_absent(self.arg0(args)?, 3),
            Play => self.fn_play(self.arg0(args)?),
            Erdev => Ok(Value::Int(0)),
            ErdevS => Ok(Value::Str(Rc::from(&b""[..]))),
            // no joystick: STICK(0-3) and STRIG(0-7) read 0; ONESUB's byte (a string is a
            // Type mismatch), then RDSTIK's stick 0-3 and STRIGF's trigger n/2 below
            // NMSTRT are checked (else Illegal function call) [S GWSTS.ASM STICKF, STRIGF]
            Stick => self.fn_absent(self.arg0(args)?, 3),
            Strig => self.fn_absent(self.arg0(args)?, 7),
            IoctlS => {
                let v = self.eval(self.arg0(args)?)?;
                self.scan_check(IoctlS, 0, v)?;
                // no device gwrun has answers a control string (as IOCTL) [M unsorted/IOCTL]
                Result::Err(ErrorCode::IllegalFunctionCall.into())
            }
        }
    }

    /// SIN, COS, TAN, ATN, EXP, LOG or SQR (`f`, any other is SQR) of a number: GW's
    /// routines, or the host's with `--pcbasic-math`.
    pub(crate) fn math_fn(&mut self, f: Func, x: Num) -> Res<Single> {
        let r = self.math_raw(f, x);
        self.math_single(r)
    }

    /// `math_fn`'s value before its errors are reported.
    #[inline(always)]
    pub(crate) fn math_raw(&self, f: Func, x: Num) -> Result<Single, MathError> {
        use Func::*;
        if self.config.compat.pcbasic_math {
            num::pcbasic::call(host_fn(f), x)
        } else if let Num::Sng(s) = x {
            single_math(f, s)
        } else {
            match f {
                Sin => x.sin(),
                Cos => x.cos(),
                Tan => x.tan(),
                Atn => x.atn(),
                Exp => x.exp(),
                Log => x.log(),
                _ => x.sqr(),
            }
        }
    }

    /// The first argument (Syntax error when there is none).
    fn arg0<'c>(&self, args: &'c [CExpr]) -> Res<&'c CExpr> {
        args.first().ok_or_else(|| ErrorCode::SyntaxError.into())
    }

    pub(super) fn arg_num(&mut self, args: &[CExpr], i: usize) -> Res<Num> {
        match args.get(i) {
            Some(e) => self.eval_num(e),
            None => Err(ErrorCode::SyntaxError.into()),
        }
    }

    /// The single argument of ABS or INT: a number, or a string they pass through.
    fn arg_num_or_str(&mut self, args: &[CExpr]) -> Res<Result<Num, value::Str>> {
        match args.first() {
            Some(e) => Ok(match self.eval(e)? {
                Value::Str(s) => Err(s),
                v => Ok(v.num()?),
            }),
            None => Err(ErrorCode::SyntaxError.into()),
        }
    }

    pub(super) fn arg_str(&mut self, args: &[CExpr], i: usize) -> Res<crate::machine::value::Str> {
        match args.get(i) {
            // a literal or a string variable: its string at once, as `eval` gives it
            Some(e) => match self.held_value(e) {
                Some(s) => Ok(s),
                None => self.eval_str(e),
            },
            None => Err(ErrorCode::SyntaxError.into()),
        }
    }

    /// An argument CINT-ed (an integer-only one without a `Value`: `eval_int`).
    pub(super) fn arg_int(&mut self, args: &[CExpr], i: usize) -> Res<i16> {
        match args.get(i) {
            Some(e) => self.eval_int(e),
            None => Err(ErrorCode::SyntaxError.into()),
        }
    }

    /// An argument in 0..=255.
    pub(super) fn arg_byte(&mut self, args: &[CExpr], i: usize) -> Res<u8> {
        let n = self.arg_int(args, i)?;
        u8::try_from(n).map_err(|_| ErrorCode::IllegalFunctionCall.into())
    }

    /// An argument in -32768..=65535 as a 16-bit pattern (HEX$, OCT$).
    fn arg_word(&mut self, args: &[CExpr], i: usize) -> Res<i16> {
        let n = self.arg_num(args, i)?;
        if let Num::Int(v) = n {
            return Ok(v);
        }
        let d = value::to_double(n);
        let r = d.to_f64().round();
        if !(-32768.0..=65535.0).contains(&r) {
            return Err(ErrorCode::Overflow.into());
        }
        Ok(r as i32 as u16 as i16)
    }

    /// RND [(x)]: the generator before a statement's first draw is kept, so a statement
    /// that waited draws the same numbers when it runs again (machine::resume).
    fn rnd_fn(&mut self, args: &[CExpr]) -> Res<Value> {
        let v = match args.first() {
            None => self.draw_rnd(),
            Some(e) => {
                let n = self.eval_num(e)?;
                let s = self.single_of(n)?;
                self.rnd_drawn();
                self.run.rnd.rnd(s)
            }
        };
        Ok(Value::Sng(v))
    }

    /// RND's next number (the generator kept for a statement that waits, as in
    /// `rnd_fn`). (Always inlined: the typed evaluator calls it for every RND.)
    #[inline(always)]
    pub(crate) fn draw_rnd(&mut self) -> Single {
        self.rnd_drawn();
        self.run.rnd.next_value()
    }

    /// INSTR([start,] a$, b$): the type of the first argument decides the form, so a
    /// string first takes exactly two arguments and a number first three; the wrong
    /// count is a Syntax error met after the arguments before it [M unsorted/INSTR].
    fn instr(&mut self, args: &[CExpr]) -> Res<Value> {
        // two literals or string variables: searched where they lie
        if let [a, b] = args
            && let Some(a) = self.str_in_place(a)
            && let Some(b) = self.str_in_place(b)
        {
            return Ok(Value::Int(instr_at(1, a, b)));
        }
        let (start, a, started) = match self.eval(&args[0])? {
            Value::Str(a) => (1, a, false),
            v => match value::to_int(v.num()?)? {
                n @ 1..=255 => (n as usize, self.arg_str(args, 1)?, true),
                _ => return Err(ErrorCode::IllegalFunctionCall.into()),
            },
        };
        // an error after the string searched in leaves it, if new, as garbage
        let b = match self.instr_sought(args, started) {
            Ok(b) => b,
            Err(h) => return Err(self.value_dropped(Value::Str(a), h)),
        };
        let at = instr_at(start, &a, &b);
        // both strings are freed once searched [S BISTRS.ASM INSTR: FRETMP]
        self.recycle_str(b);
        self.recycle_str(a);
        Ok(Value::Int(at))
    }

    /// INSTR's string searched for: after a start, the last argument; else the second,
    /// its type checked after the `)` [S BISTRS.ASM INSTR: FRMEVL, SYNCHR ')', FRESTR].
    fn instr_sought(&mut self, args: &[CExpr], started: bool) -> Res<value::Str> {
        if started {
            if args.len() != 3 {
                return Err(ErrorCode::SyntaxError.into());
            }
            return self.arg_str(args, 2);
        }
        let b = self.eval(args.get(1).ok_or(ErrorCode::SyntaxError)?)?;
        if args.len() != 2 {
            return Err(self.value_dropped(b, ErrorCode::SyntaxError.into()));
        }
        Ok(b.into_str()?)
    }

    fn cv(&mut self, f: Func, args: &[CExpr]) -> Res<Value> {
        let s = self.arg_str(args, 0)?;
        let need = match f {
            Func::Cvi => 2,
            Func::Cvs => 4,
            _ => 8,
        };
        // the argument is freed before its length is checked [S DSKCOM.ASM CVI: FRESTR,
        // then FCERR]
        let mut b = [0u8; 8];
        let short = s.len() < need;
        if !short {
            b[..need].copy_from_slice(&s[..need]);
        }
        self.recycle_str(s);
        if short {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        Ok(match f {
            Func::Cvi => Value::Int(i16::from_le_bytes([b[0], b[1]])),
            Func::Cvs => Value::Sng(Single::from_bytes([b[0], b[1], b[2], b[3]])),
            _ => Value::Dbl(Double::from_bytes(b)),
        })
    }

    /// INPUT$(n [, #f]).
    fn input_chars(&mut self, args: &[CExpr]) -> Res<Value> {
        let n = self.arg_byte(args, 0)?;
        // the file is checked as it is scanned, the count of 0 after the `)` (FIXINP)
        if let Some(f) = args.get(1) {
            let v = self.eval(f)?;
            self.scan_check(Func::InputS, 1, v.clone())?;
            if n == 0 {
                return Err(ErrorCode::IllegalFunctionCall.into());
            }
            let file = self.file_number_value(v)?;
            let bytes = self.file_chars(file, usize::from(n))?;
            return Ok(Value::Str(Rc::from(bytes)));
        }
        if n == 0 {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        self.io.console.flush();
        self.keyboard_chars(n)
    }

    /// FNname(args): the arguments are evaluated and converted in order (a count that
    /// does not match the parameters is a Syntax error after the ones that pair up);
    /// parameters are bound for the call and restored after it. Each call holds a
    /// frame of GW-BASIC's stack while its body is evaluated, so runaway recursion ends
    /// in Out of memory, trappable, like GW's [M unsorted/FNRECURS, RECURSFN].
    pub(crate) fn call_user(&mut self, func: u32, args: &[CExpr]) -> Res<Value> {
        let Some(Some(at)) = self.run.fns.defined.get(func as usize).copied() else {
            return Err(self.undefined_fn(func));
        };
        let (code, direct) = (self.code.clone(), self.direct.clone());
        let Some(Stmt::DefFn(DefFn { params, body, .. })) = code.instr_at(direct.as_deref(), at)
        else {
            return Err(ErrorCode::UndefinedUserFunction.into());
        };
        let values = self.fn_arguments(args, params)?;
        let (gw_levels, levels) = nesting(body);
        let frame = FN_FRAME + FN_PARAM * params.len() + FN_LEVEL * gw_levels;
        if self.run.fn_levels + levels > MAX_FN_LEVELS || self.stack_free() < frame + FN_NEED {
            return Err(ErrorCode::OutOfMemory.into());
        }
        let saved: Vec<Value> = params
            .iter()
            .map(|p| self.run.vars.scalars[p.slot as usize].clone())
            .collect();
        for (p, v) in params.iter().zip(values) {
            self.run.vars.scalars[p.slot as usize] = v;
        }
        self.run.stack_used += frame;
        self.run.fn_levels += levels;
        let result = self.eval(body);
        self.run.fn_levels -= levels;
        self.run.stack_used -= frame;
        for (p, v) in params.iter().zip(saved) {
            self.run.vars.scalars[p.slot as usize] = v;
        }
        let result = self.fn_result(body, result?);
        let ty = self.fn_type(func);
        self.convert(result, ty)
    }

    fn fn_type(&self, func: u32) -> VarType {
        self.run
            .fns
            .types
            .get(func as usize)
            .copied()
            .unwrap_or(VarType::Sng)
    }
}

/// VAL: the number at the start of the text. GW's number scanner reads characters with
/// the routine that also reads the program, to which bytes 28, 29 and 31 announce an
/// embedded integer, single or double constant: meeting one where the number ends makes
/// the value 0 [M unsorted/VAL]. True with a decimal number too large, which GW's FINDBL
/// saturates through $OVFLS (MATH1.ASM: the soft Overflow, or error 6 under ON ERROR).
/// An `&H`/`&O` constant goes to OCTCNS (GWEVAL.ASM) with FLGSCN clear, so its errors are
/// hard: a fifth hex digit or an octal value past 16 bits Overflow (OVERR), an octal
/// digit 8 or 9 a Syntax error (CONERR).
fn val(s: &[u8]) -> Res<(Num, bool)> {
    Ok(match num::val_full(s) {
        Ok(p) => {
            let next = s.iter().skip(p.len).find(|&&c| !num::is_blank(c));
            if matches!(next, Some(28 | 29 | 31)) {
                (Num::Int(0), false)
            } else {
                (p.value, p.overflow)
            }
        }
        Err(num::TextError::Overflow) => return Err(ErrorCode::Overflow.into()),
        Err(num::TextError::SyntaxError) => return Err(ErrorCode::SyntaxError.into()),
    })
}

/// Bytes of GW-BASIC's stack a user function call holds while its body is evaluated: the
/// call itself (caller's text pointer, function type, parameter block header), each
/// parameter (its saved value and name), each level of operator nesting in the body
/// (the evaluator's saved operand, precedence and return addresses); and the room
/// GETSTK wants left. Estimates: GW's exact use depends on the expression.
const FN_FRAME: usize = 40;
const FN_PARAM: usize = 12;
const FN_LEVEL: usize = 16;
const FN_NEED: usize = 64;
/// Operator nesting the host evaluates across nested user function calls whatever the
/// stack size (CLEAR ,,n allows 65535 bytes): beyond it, Out of memory.
const MAX_FN_LEVELS: usize = 1000;

/// The nesting of an expression (1 for a leaf): as GW-BASIC's evaluator stacks it (the
/// left operand of an operator is finished before anything is saved, so `A+B+C` does not
/// nest but `A+(B+(C))` does) and as the host evaluates it (every operand one deeper).
fn nesting(e: &CExpr) -> (usize, usize) {
    let list = |v: &[CExpr]| {
        v.iter()
            .map(nesting)
            .fold((0, 0), |(g, h), (g2, h2)| (g.max(g2), h.max(h2)))
    };
    // a compiled form beside its general one: the general one's nesting, less one
    let wrapped = |x: &CExpr| {
        let (g, h) = nesting(x);
        (g - 1, h - 1)
    };
    let (gw, host) = match e {
        CExpr::Int(_) | CExpr::Sng(_) | CExpr::Dbl(_) | CExpr::Str(_) | CExpr::Scalar(_) => (0, 0),
        CExpr::Elem(_, v) | CExpr::Call(_, v) | CExpr::UserFn(_, v) => list(v),
        CExpr::Elem1(_, x) | CExpr::Neg(x) | CExpr::Not(x) => nesting(x),
        CExpr::Bin(_, a, b) => {
            let ((ga, ha), (gb, hb)) = (nesting(a), nesting(b));
            (ga.saturating_sub(1).max(gb), ha.max(hb))
        }
        CExpr::IntPure(both) => wrapped(&both.1),
        CExpr::TypedS(both) => wrapped(&both.1),
        CExpr::TypedD(both) => wrapped(&both.1),
        CExpr::CmpNums(both) => wrapped(&both.1),
        CExpr::Raise(f) => list(&f.parts),
    };
    (gw + 1, host + 1)
}

/// SIN, COS, TAN, ATN, EXP, LOG or SQR (`f`, any other is SQR) of a single by GW's
/// routines: a single needs no forcing (`Num`'s methods add only that).
#[inline(always)]
pub(crate) fn single_math(f: Func, s: Single) -> Result<Single, MathError> {
    single_math_then!(f, s, r => r)
}

/// The host function PC-BASIC uses for a math built-in (`--pcbasic-math`).
fn host_fn(f: Func) -> num::pcbasic::HostFn {
    use num::pcbasic::HostFn;
    match f {
        Func::Sin => HostFn::Sin,
        Func::Cos => HostFn::Cos,
        Func::Tan => HostFn::Tan,
        Func::Atn => HostFn::Atn,
        Func::Exp => HostFn::Exp,
        Func::Log => HostFn::Log,
        _ => HostFn::Sqr,
    }
}

/// How a function converts an argument as soon as it is scanned, before it looks at the
/// `,` or `)` after it [M unsorted/LEFT$, MID$FN, INSTR, STRING$]. Functions of one
/// argument take the whole parenthesised expression first and convert it after the `)`
/// (`SIN("A"` is a Syntax error, not a Type mismatch). LEFT$, RIGHT$ and MID$ check their
/// string once the comma after it is read (FRMPRN, `SYNCHR ','`, CHKSTR: `LEFT$(1` is a
/// Syntax error, `LEFT$(1,1,1)` a Type mismatch), their counts, STRING$'s count and
/// INSTR's start at once (`MID$("ABC",1,"A"` is a Type mismatch); INSTR after a start
/// checks the string searched at once and the one searched for only after the `)` (S
/// BISTRS.ASM INSTR: `INSTR(1,"AB","B",1)` is a Syntax error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ScanKind {
    /// Nothing until the function runs.
    Any,
    /// A string: a number is a Type mismatch.
    Str,
    /// An integer 0..=255 (GETBYT): a string is a Type mismatch, a value past 255 an
    /// Illegal function call.
    Byte,
    /// An integer 1..=255.
    Byte1,
    /// INSTR's first argument: a string, or a start position 1..=255.
    StartOrStr,
    /// VARPTR(#n): a file number 0..=255 whose block exists: 0 (LOAD and SAVE's) up
    /// to the highest file number (`--max-files`), open or not [M unsorted/FILEXPR].
    FileBlock,
    /// IOCTL$([#]n): a file number 0..=255 of an open file (0 is never open).
    OpenFile,
    /// INPUT$'s file: 0..=255 (else Illegal function call), not 0 (Bad file number),
    /// open and not for output (else Bad file mode: a file that is not open is a Bad
    /// file mode here, unlike FIXINP's source) [M unsorted/FILEXPR].
    InputFile,
}

fn scan_kind(f: Func, i: usize) -> ScanKind {
    use Func::*;
    use ScanKind::*;
    match (f, i) {
        (LeftS | RightS, 1) | (MidS, 2) | (StringS, 0) | (InputS, 0) | (Screen, _) => Byte,
        (MidS, 1) => Byte1,
        (LeftS | RightS | MidS, 0) => Str,
        (Instr, 0) => StartOrStr,
        (Instr, 1) => Str,
        (VarptrFile, 0) => FileBlock,
        (IoctlS, 0) => OpenFile,
        (InputS, 1) => InputFile,
        _ => Any,
    }
}

impl Machine {
    /// The conversion a function applies to argument `i` as it scans it (see `ScanKind`).
    pub(crate) fn scan_check(&mut self, f: Func, i: usize, v: Value) -> Res<()> {
        let byte = |v: &Value, lo: i16| -> Res<()> {
            let n = value::to_int(v.num()?)?;
            if (lo..=255).contains(&n) {
                Ok(())
            } else {
                Err(ErrorCode::IllegalFunctionCall.into())
            }
        };
        if matches!(f, Func::Point | Func::Pmap) {
            return self.gfx_scan_check(f, i, v);
        }
        match scan_kind(f, i) {
            ScanKind::Any => Ok(()),
            ScanKind::Str => v.str().map(|_| ()).map_err(Into::into),
            ScanKind::Byte => byte(&v, 0),
            ScanKind::Byte1 => byte(&v, 1),
            ScanKind::StartOrStr => match v {
                Value::Str(_) => Ok(()),
                v => byte(&v, 1),
            },
            ScanKind::FileBlock => self.file_block_number(v).map(|_| ()),
            ScanKind::OpenFile => {
                let n = self.file_number_value(v)?;
                if n == 0 || !self.io.files.is_open(n) {
                    return Err(ErrorCode::BadFileNumber.into());
                }
                Ok(())
            }
            ScanKind::InputFile => {
                let n = self.file_number_value(v)?;
                if n == 0 {
                    return Err(ErrorCode::BadFileNumber.into());
                }
                if !self.io.files.is_open(n) {
                    return Err(ErrorCode::BadFileMode.into());
                }
                self.io.files.input_origin(n)?;
                Ok(())
            }
        }
    }

    /// A file number 0..=255 (else Illegal function call).
    fn file_number_value(&mut self, v: Value) -> Res<u8> {
        let n = value::to_int(v.num()?)?;
        u8::try_from(n).map_err(|_| ErrorCode::IllegalFunctionCall.into())
    }

    /// A file number 0..=255 (else Illegal function call) whose data block exists: GW
    /// allocates one for file 0 (LOAD and SAVE's) and each file number up to its highest
    /// (else Bad file number).
    fn file_block_number(&mut self, v: Value) -> Res<u8> {
        let n = self.file_number_value(v)?;
        if n > self.io.files.max {
            return Err(ErrorCode::BadFileNumber.into());
        }
        Ok(n)
    }
}

/// INSTR's answer: where `b` first occurs in `a` from position `start` (1..=255), 0 if
/// nowhere or `start` is past the end, `start` for an empty `b`.
fn instr_at(start: usize, a: &[u8], b: &[u8]) -> i16 {
    if start > a.len() {
        return 0;
    }
    if b.is_empty() {
        return start as i16;
    }
    find(&a[start - 1..], b).map_or(0, |p| (p + start) as i16)
}

/// INSTR's search: the first position of `needle` (not empty) in `hay`. Candidates are
/// the places of the needle's first byte (`find_byte`), each then compared in full.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let last = hay.len().checked_sub(needle.len())?;
    let mut i = 0;
    while i <= last {
        i += find_byte(&hay[i..=last], first)?;
        if hay[i + 1..i + needle.len()] == *rest {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The first index of `b` in `hay`, eight bytes a step: a byte of `word ^ [b; 8]` is zero
/// where `b` is, and `(x - 0x01…01) & !x & 0x80…80` flags the lowest zero byte of `x`
/// exactly (a borrow can flag only bytes above it).
#[inline]
fn find_byte(hay: &[u8], b: u8) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let pattern = LOW * u64::from(b);
    let mut chunks = hay.chunks_exact(8);
    for (k, c) in chunks.by_ref().enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let x = u64::from_le_bytes(w) ^ pattern;
        let zero = x.wrapping_sub(LOW) & !x & (LOW << 7);
        if zero != 0 {
            return Some(k * 8 + (zero.trailing_zeros() / 8) as usize);
        }
    }
    let tail = chunks.remainder();
    let at = hay.len() - tail.len();
    tail.iter().position(|&c| c == b).map(|p| at + p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20000))]
        /// The search finds what the plain scan of every window finds (a small alphabet,
        /// so that partial matches and repeats are common).
        #[test]
        fn search_equals_the_scan_of_every_window(
            hay in proptest::collection::vec(prop_oneof![Just(b'X'), Just(b'Y'), Just(b'Z'), any::<u8>()], 0..300),
            needle in proptest::collection::vec(prop_oneof![Just(b'X'), Just(b'Y'), Just(b'Z'), any::<u8>()], 1..6),
        ) {
            let want = hay.windows(needle.len()).position(|w| w == &needle[..]);
            prop_assert_eq!(find(&hay, &needle), want);
        }

        #[test]
        fn byte_search_equals_position(hay in proptest::collection::vec(any::<u8>(), 0..100), b in any::<u8>()) {
            prop_assert_eq!(find_byte(&hay, b), hay.iter().position(|&c| c == b));
        }
    }
}
