//! String pieces: CHR$, LEFT$, RIGHT$, MID$ and STR$ make their result's bytes in one
//! place (`string_piece`), handed either to a new string (a call's value) or straight to
//! a concatenation that takes the call as an operand (`add_pieces`), which then needs no
//! string of its own for it. What string space sees is the same either way: a
//! function's result is a new string, which the concatenation puts in string space
//! below the operands it was given (BISTRS.ASM CAT; machine::dataseg `string_concat`).
//! A concatenation that ASC or LEN reads and frees at once (`read_concat`) is joined in
//! a buffer, with no string of its own either.

use super::{Halt, Machine, Res};
use crate::compile::code::CExpr;
use crate::error::ErrorCode;
use crate::machine::value::{self, Value};
use crate::machine::vars::ArrayData;
use crate::num::{self, Num};
use crate::syntax::ast::Func;

/// An operand of `add_pieces`: a value, or the `n` bytes of a piece in its buffer.
enum Operand {
    Val(Value),
    Piece(usize),
}

/// Whether `e` is a string literal or a scalar variable: its value is read with no
/// effect, and it is never a new string (someone else always holds it).
#[inline(always)]
fn held_str(e: &CExpr) -> bool {
    matches!(e, CExpr::Str(_) | CExpr::Scalar(_))
}

/// Whether `e` is a call whose result `string_piece` makes.
#[inline(always)]
pub(super) fn is_piece(e: &CExpr) -> bool {
    matches!(
        e,
        CExpr::Call(
            Func::ChrS | Func::LeftS | Func::RightS | Func::MidS | Func::StrS,
            _
        )
    )
}

impl Machine {
    /// The bytes of the result of CHR$, LEFT$, RIGHT$, MID$ or STR$ called with `args`,
    /// handed to `out` (the string argument of LEFT$, RIGHT$ and MID$ is given back to
    /// the pool once `out` has used them).
    #[inline(always)]
    pub(super) fn string_piece<R>(
        &mut self,
        f: Func,
        args: &[CExpr],
        out: impl FnOnce(&mut Self, &[u8]) -> R,
    ) -> Res<R> {
        match f {
            Func::ChrS => {
                let n = self.arg_byte(args, 0)?;
                Ok(out(self, &[n]))
            }
            Func::LeftS | Func::RightS => {
                let s = self.arg_str(args, 0)?;
                let n = match self.arg_byte(args, 1) {
                    Ok(n) => usize::from(n).min(s.len()),
                    Err(h) => return Err(self.value_dropped(Value::Str(s), h)),
                };
                let part = if f == Func::LeftS {
                    &s[..n]
                } else {
                    &s[s.len() - n..]
                };
                let (r, n) = (out(self, part), part.len());
                self.piece_taken(s, n)?;
                Ok(r)
            }
            Func::MidS => {
                let s = self.arg_str(args, 0)?;
                let (start, len) = match self.mid_operands(args) {
                    Ok(x) => x,
                    Err(h) => return Err(self.value_dropped(Value::Str(s), h)),
                };
                let part = if start >= s.len() {
                    &s[..0]
                } else {
                    let end = len.map_or(s.len(), |l| (start + usize::from(l)).min(s.len()));
                    &s[start..end]
                };
                let (r, n) = (out(self, part), part.len());
                self.piece_taken(s, n)?;
                Ok(r)
            }
            Func::StrS => match self.arg_num(args, 0)? {
                Num::Int(i) => {
                    let (buf, n) = num::int_text(i);
                    Ok(out(self, &buf[..n]))
                }
                x => {
                    let text = x.to_basic_string();
                    Ok(out(self, text.as_bytes()))
                }
            },
            _ => Err(ErrorCode::InternalError.into()),
        }
    }

    /// MID$'s start (0-based) and length, in the order GW reads and checks them: the
    /// start, the length (a byte), then the start's range.
    fn mid_operands(&mut self, args: &[CExpr]) -> Res<(usize, Option<u8>)> {
        let start = self.arg_int(args, 1)?;
        let len = match args.get(2) {
            Some(_) => Some(self.arg_byte(args, 2)?),
            None => None,
        };
        if !(1..=255).contains(&start) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        Ok((start as usize - 1, len))
    }

    /// `a + b` where `a` or `b` is a piece (`is_piece`): operands evaluated in order as
    /// `binop` takes them, a piece's bytes copied into a buffer instead of a string of
    /// its own, then concatenated as `string_op` does (a piece counts as a new string).
    #[inline(never)]
    pub(super) fn add_pieces(&mut self, a: &CExpr, b: &CExpr) -> Res<Value> {
        let mut bufs = self.take_pieces();
        let [lbuf, rbuf, _] = &mut *bufs;
        let r = self.add_into(a, b, lbuf, rbuf);
        self.io.memory.strings.pieces = Some(bufs);
        r
    }

    /// The buffers of `add_pieces` and `read_concat` (given back when done).
    #[inline(always)]
    fn take_pieces(&mut self) -> Box<[[u8; value::MAX_STRING]; 3]> {
        match self.io.memory.strings.pieces.take() {
            Some(b) => b,
            None => Box::new([[0; value::MAX_STRING]; 3]),
        }
    }

    /// `a + b` read at once by `read` and freed (the argument of ASC and LEN): the
    /// concatenation takes its place in string space as `add_pieces` and `string_op`
    /// give it one, from operands evaluated as they take them, but its bytes are joined
    /// in a buffer instead of a new string; the pending temporary then holds no value,
    /// as once the string read was given back (`recycle_str`). Operands other than
    /// strings go the general way (`binop`: a number's Overflow, else Type mismatch).
    #[inline(never)]
    pub(super) fn read_concat<R>(
        &mut self,
        a: &CExpr,
        b: &CExpr,
        read: impl FnOnce(&[u8]) -> Res<R>,
    ) -> Res<R> {
        let mut bufs = self.take_pieces();
        let [lbuf, rbuf, joined] = &mut *bufs;
        let held = if held_str(a) && held_str(b) {
            self.held_value(a).zip(self.held_value(b))
        } else {
            None
        };
        let r = match held {
            Some((l, r)) => self.read_held(&l, &r, joined, read),
            None => self.read_into(a, b, lbuf, rbuf, joined, read),
        };
        self.io.memory.strings.pieces = Some(bufs);
        r
    }

    /// `read_into` where both operands are the strings of literals or variables
    /// (`held_value`): neither is a new string (someone else holds it, as it did the
    /// value `eval` gives), so only the result takes string space, and nothing goes
    /// back to the pool.
    #[inline(always)]
    fn read_held<R>(
        &mut self,
        l: &[u8],
        r: &[u8],
        joined: &mut [u8; value::MAX_STRING],
        read: impl FnOnce(&[u8]) -> Res<R>,
    ) -> Res<R> {
        let n = l.len() + r.len();
        if n > value::MAX_STRING {
            return Err(ErrorCode::StringTooLong.into());
        }
        joined[..l.len()].copy_from_slice(l);
        joined[l.len()..n].copy_from_slice(r);
        self.string_concat_held(l, r, &joined[..n])?;
        read(&joined[..n])
    }

    /// The string of a literal or a string variable (`held_str`), as `eval` gives it;
    /// None for a variable holding a number (which `read_into` finds a Type mismatch).
    #[inline(always)]
    pub(super) fn held_value(&self, e: &CExpr) -> Option<value::Str> {
        match e {
            CExpr::Str(s) => Some(s.clone()),
            CExpr::Scalar(slot) => match self.run.vars.scalars.get(*slot as usize)? {
                Value::Str(s) => Some(s.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The bytes of a string literal or of a string variable where they lie (reading
    /// either has no effect), what `eval` would give as a value; None for anything else.
    #[inline(always)]
    pub(super) fn str_in_place<'a>(&'a self, e: &'a CExpr) -> Option<&'a [u8]> {
        match e {
            CExpr::Str(s) => Some(s),
            CExpr::Scalar(slot) => match self.run.vars.scalars.get(*slot as usize)? {
                Value::Str(s) => Some(s),
                _ => None,
            },
            _ => None,
        }
    }

    /// `read_concat` with its buffers.
    #[inline(always)]
    fn read_into<R>(
        &mut self,
        a: &CExpr,
        b: &CExpr,
        lbuf: &mut [u8; value::MAX_STRING],
        rbuf: &mut [u8; value::MAX_STRING],
        joined: &mut [u8; value::MAX_STRING],
        read: impl FnOnce(&[u8]) -> Res<R>,
    ) -> Res<R> {
        let (l, r) = if is_piece(a) || is_piece(b) {
            let l = self.cat_operand(a, lbuf)?;
            match self.cat_operand(b, rbuf) {
                Ok(r) => (l, r),
                Err(h) => return Err(self.operand_dropped((&l, &lbuf[..]), h)),
            }
        } else {
            let l = self.eval(a)?;
            match self.eval(b) {
                Ok(r) => (Operand::Val(l), Operand::Val(r)),
                Err(h) => return Err(self.value_dropped(l, h)),
            }
        };
        let (lf, ls) = match &l {
            Operand::Piece(n) => (true, &lbuf[..*n]),
            Operand::Val(Value::Str(s)) => (std::rc::Rc::strong_count(s) == 1, &s[..]),
            Operand::Val(_) => return self.read_general((l, lbuf), (r, rbuf), read),
        };
        let (rf, rs) = match &r {
            Operand::Piece(n) => (true, &rbuf[..*n]),
            Operand::Val(Value::Str(s)) => (std::rc::Rc::strong_count(s) == 1, &s[..]),
            Operand::Val(_) => return self.read_general((l, lbuf), (r, rbuf), read),
        };
        let n = ls.len() + rs.len();
        if n > value::MAX_STRING {
            return Err(self.operands_dropped((&l, lbuf), (&r, rbuf), too_long()));
        }
        joined[..ls.len()].copy_from_slice(ls);
        joined[ls.len()..n].copy_from_slice(rs);
        let result = self.string_concat_read((lf, ls), (rf, rs), &joined[..n]);
        if let Operand::Val(v) = l {
            self.recycle_value(v);
        }
        if let Operand::Val(v) = r {
            self.recycle_value(v);
        }
        result?;
        read(&joined[..n])
    }

    /// `read_concat` where an operand is not a string: a piece with it is a Type
    /// mismatch (as in `add_into`), two values go to `binop`, whose value is read.
    #[cold]
    fn read_general<R>(
        &mut self,
        (l, lbuf): (Operand, &[u8]),
        (r, rbuf): (Operand, &[u8]),
        read: impl FnOnce(&[u8]) -> Res<R>,
    ) -> Res<R> {
        if matches!(l, Operand::Piece(_)) || matches!(r, Operand::Piece(_)) {
            return Err(self.operands_dropped((&l, lbuf), (&r, rbuf), type_mismatch()));
        }
        let (Operand::Val(a), Operand::Val(b)) = (l, r) else {
            return Err(type_mismatch());
        };
        let s = self
            .binop(crate::syntax::ast::BinOp::Add, a, b)?
            .into_str()?;
        let out = read(&s);
        self.recycle_str(s);
        out
    }

    /// `add_pieces` with its buffers.
    #[inline(always)]
    fn add_into(
        &mut self,
        a: &CExpr,
        b: &CExpr,
        lbuf: &mut [u8; value::MAX_STRING],
        rbuf: &mut [u8; value::MAX_STRING],
    ) -> Res<Value> {
        let l = self.cat_operand(a, lbuf)?;
        let r = match self.cat_operand(b, rbuf) {
            Ok(r) => r,
            Err(h) => return Err(self.operand_dropped((&l, &lbuf[..]), h)),
        };
        let (lf, ls) = match &l {
            Operand::Piece(n) => (true, &lbuf[..*n]),
            Operand::Val(Value::Str(s)) => (std::rc::Rc::strong_count(s) == 1, &s[..]),
            Operand::Val(_) => {
                return Err(self.operands_dropped((&l, lbuf), (&r, rbuf), type_mismatch()));
            }
        };
        let (rf, rs) = match &r {
            Operand::Piece(n) => (true, &rbuf[..*n]),
            Operand::Val(Value::Str(s)) => (std::rc::Rc::strong_count(s) == 1, &s[..]),
            Operand::Val(_) => {
                return Err(self.operands_dropped((&l, lbuf), (&r, rbuf), type_mismatch()));
            }
        };
        if ls.len() + rs.len() > value::MAX_STRING {
            return Err(self.operands_dropped((&l, lbuf), (&r, rbuf), too_long()));
        }
        let s = self.new_str2(ls, rs);
        let result = self
            .string_concat((lf, ls), (rf, rs), &s)
            .map(|()| Value::Str(s));
        if let Operand::Val(v) = l {
            self.recycle_value(v);
        }
        if let Operand::Val(v) = r {
            self.recycle_value(v);
        }
        result
    }

    /// The error `h` of a concatenation whose operands were in hand: the new strings
    /// among them stay as garbage, both of them (the length is tested once both are
    /// made, BISTRS.ASM CAT; a string beside a number is refused once both are read,
    /// GWEVAL.ASM VALNSM), as `results_dropped` leaves them.
    #[cold]
    #[inline(never)]
    fn operands_dropped(&mut self, l: (&Operand, &[u8]), r: (&Operand, &[u8]), h: Halt) -> Halt {
        let h = self.operand_dropped(l, h);
        self.operand_dropped(r, h)
    }

    /// `operands_dropped` of one operand: a piece's bytes are a new string.
    fn operand_dropped(&mut self, (o, buf): (&Operand, &[u8]), h: Halt) -> Halt {
        match o {
            Operand::Piece(n) => self.new_string_dropped(&buf[..*n], h),
            Operand::Val(Value::Str(s)) => self.results_dropped(&[s], h),
            Operand::Val(_) => h,
        }
    }

    /// An operand of `add_pieces`: a piece's bytes in `buf`, anything else evaluated.
    #[inline(always)]
    fn cat_operand(&mut self, e: &CExpr, buf: &mut [u8; value::MAX_STRING]) -> Res<Operand> {
        match e {
            // an integer's text copied as its whole buffer, the count apart
            CExpr::Call(Func::StrS, args) => match args
                .first()
                .and_then(|e| self.int_now(e))
                .filter(|_| in_place())
            {
                Some(i) => {
                    let (text, n) = num::int_text(i);
                    buf[..text.len()].copy_from_slice(&text);
                    Ok(Operand::Piece(n))
                }
                None => self.str_piece(args, buf),
            },
            // LEFT$, RIGHT$ or MID$ of a variable or an element, its numbers
            // constants: the string read where it lies
            CExpr::Call(f @ (Func::LeftS | Func::RightS | Func::MidS), args)
                if let [
                    x @ (CExpr::Elem1(..) | CExpr::Scalar(_)),
                    CExpr::Int(n1),
                    rest @ ..,
                ] = &args[..]
                    && let [] | [CExpr::Int(_)] = rest
                    && in_place() =>
            {
                let n2 = match rest {
                    [CExpr::Int(n2)] => Some(*n2),
                    _ => None,
                };
                self.piece_in_place(*f, x, (*n1, n2), buf)
            }
            CExpr::Call(f, args) if is_piece(e) => self.string_piece(*f, args, |_, b| {
                let n = b.len().min(value::MAX_STRING);
                buf[..n].copy_from_slice(&b[..n]);
                Operand::Piece(n)
            }),
            _ => match self.held_value(e) {
                Some(s) => Ok(Operand::Val(Value::Str(s))),
                None => Ok(Operand::Val(self.eval(e)?)),
            },
        }
    }
}

impl Machine {
    /// `string_piece` of LEFT$, RIGHT$ or MID$ of `x` (a scalar or a one-subscript
    /// element) whose other arguments are the constants `n` (MID$'s length the second,
    /// if given), the piece's bytes copied into `buf`: the string found as `eval` finds
    /// it (a Type mismatch for a number, as `arg_str` gives it), the constants checked
    /// in the order and with the errors of `arg_int` and `arg_byte` (`cut`), and the
    /// piece read from the variable's own string instead of a copy of its value. What
    /// giving the copy back would have done: nothing to the pool (the variable still
    /// holds it), the pending temporary's space left as garbage when the string is
    /// that temporary's value (`piece_taken`).
    #[inline(never)]
    fn piece_in_place(
        &mut self,
        f: Func,
        x: &CExpr,
        n: (i16, Option<i16>),
        buf: &mut [u8; value::MAX_STRING],
    ) -> Res<Operand> {
        let s = match x {
            CExpr::Elem1(arr, sub) => {
                let idx = self.element1(*arr, sub)?;
                let ArrayData::Str(d) = &self.array(*arr)?.data else {
                    return Err(ErrorCode::TypeMismatch.into());
                };
                d.get(idx).ok_or(ErrorCode::InternalError)?
            }
            CExpr::Scalar(slot) => match self.run.vars.scalars.get(*slot as usize) {
                Some(Value::Str(s)) => s,
                _ => return Err(ErrorCode::TypeMismatch.into()),
            },
            _ => return Err(ErrorCode::InternalError.into()),
        };
        let (start, end) = cut(f, s.len(), n)?;
        let part = s.get(start..end).unwrap_or_default();
        buf[..part.len()].copy_from_slice(part);
        let (weak, k) = (std::rc::Rc::weak_count(s) != 0, part.len());
        self.piece_read(weak, k);
        Ok(Operand::Piece(k))
    }
}

impl Machine {
    /// STR$ of `args` as an operand of `add_pieces` when its argument is not an integer
    /// `int_now` reads: evaluated, its text copied into `buf`.
    #[inline(never)]
    fn str_piece(&mut self, args: &[CExpr], buf: &mut [u8; value::MAX_STRING]) -> Res<Operand> {
        match self.arg_num(args, 0)? {
            Num::Int(i) => {
                let (text, n) = num::int_text(i);
                buf[..text.len()].copy_from_slice(&text);
                Ok(Operand::Piece(n))
            }
            x => {
                let text = x.to_basic_string();
                let n = text.len().min(value::MAX_STRING);
                buf[..n].copy_from_slice(&text.as_bytes()[..n]);
                Ok(Operand::Piece(n))
            }
        }
    }
}

fn type_mismatch() -> Halt {
    ErrorCode::TypeMismatch.into()
}

fn too_long() -> Halt {
    ErrorCode::StringTooLong.into()
}

// Tests switch `piece_in_place` off to compare it with the general path.
#[cfg(test)]
thread_local! {
    static GENERAL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether `cat_operand` may take `piece_in_place` and STR$ of an integer read by
/// `int_now` (always, but when a test says not).
#[inline(always)]
fn in_place() -> bool {
    #[cfg(test)]
    return !GENERAL.with(std::cell::Cell::get);
    #[cfg(not(test))]
    true
}

/// The bytes `start..end` of a string of `len` bytes that LEFT$, RIGHT$ or MID$ (`f`)
/// takes given the constants `n` (the count, or MID$'s start and length if any), with
/// the errors of `string_piece`'s arguments, in its order: MID$'s length (`arg_byte`)
/// before its start's range, LEFT$'s and RIGHT$'s count by `arg_byte`.
#[inline(always)]
fn cut(f: Func, len: usize, n: (i16, Option<i16>)) -> Result<(usize, usize), ErrorCode> {
    let byte = |x: i16| u8::try_from(x).map_err(|_| ErrorCode::IllegalFunctionCall);
    if f == Func::MidS {
        let count = match n.1 {
            Some(x) => Some(byte(x)?),
            None => None,
        };
        if !(1..=255).contains(&n.0) {
            return Err(ErrorCode::IllegalFunctionCall);
        }
        let start = n.0 as usize - 1;
        if start >= len {
            return Ok((0, 0));
        }
        Ok((
            start,
            count.map_or(len, |l| (start + usize::from(l)).min(len)),
        ))
    } else {
        let k = usize::from(byte(n.0)?).min(len);
        Ok(if f == Func::LeftS {
            (0, k)
        } else {
            (len - k, len)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::session::{Session, Stop};

    /// The screen of `program` run to its end.
    fn screen(program: &[u8]) -> String {
        let mut s = Session::captured(b"");
        s.load_source(program).expect("loads");
        s.start_program();
        let stop = s.run(u64::MAX);
        let out = String::from_utf8_lossy(&s.take_output()).into_owned();
        assert_eq!(stop, Stop::Ended, "{out}");
        out
    }

    /// A concatenation with a function call for an operand gives what it gives with the
    /// call's value in a variable, and the errors GW gives (Type mismatch with a
    /// number, String too long, Illegal function call from the call; PC-BASIC prints
    /// the same).
    #[test]
    fn pieces_concatenate_as_values() {
        let out = screen(
            b"10 A$=\"HELLO\": B$=CHR$(33): C$=LEFT$(A$,2): D$=MID$(A$,2,3): E$=STR$(-7)
20 PRINT A$+CHR$(33); A$+B$; LEFT$(A$,2)+RIGHT$(A$,2); C$+RIGHT$(A$,2)
30 PRINT MID$(A$,2,3)+STR$(-7)+\"|\"; D$+E$+\"|\"; STR$(1.5)+MID$(A$,9)+\"|\"
40 ON ERROR GOTO 90
50 X$=LEFT$(A$,1)+1
60 X$=STRING$(255,65)+CHR$(66)
70 X$=CHR$(65)+MID$(A$,0)
80 END
90 PRINT ERR;: RESUME NEXT
",
        );
        assert_eq!(out, "HELLO!HELLO!HELOHELO\nELL-7|ELL-7| 1.5|\n 13  15  5 ");
    }

    /// LEFT$, RIGHT$ and MID$ of a variable or an element with constant numbers as
    /// operands of a concatenation (read where the string lies: `piece_in_place`), and
    /// STR$ of integers `int_now` reads (integer variables, integer expressions) beside
    /// STR$ of a single and of an element, leave
    /// the screen, string space (FRE, every descriptor by VARPTR and its bytes by PEEK,
    /// collections forced by a small string space) and the errors (a number's Type
    /// mismatch, Illegal function call from a count or a start, Subscript out of
    /// range, an array dimensioned by its first use, a DEF FN parameter holding the
    /// pending temporary's value) as the general path (`string_piece`, a copy of the
    /// string's value) leaves them.
    #[test]
    fn pieces_in_place_as_the_general_path() {
        const PROGRAM: &str = "10 CLEAR ,{clear}: DEFINT A-Z: DIM A$(40),N(3): S$=\"SCALAR\": T$=\"\": U$=\"\"
15 K=0: J=0: I=0: C=0: V=0: P=0: Q=0: L=0: ON ERROR GOTO 200
25 DEF FNL$(X$)=LEFT$(X$,2)+\"!\": DEF FNM$(X$)=RIGHT$(X$,0)+\"?\"
30 FOR I=1 TO 40: A$(I)=STRING$(I MOD 13,64+I): NEXT I
40 FOR K=1 TO 700: J=1+(K*7) MOD 40
50 A$(J)=RIGHT$(A$(J),9)+LEFT$(S$,1)
60 T$=MID$(A$(J),3,4)+STR$(K)
70 U$=LEFT$(T$,2)+MID$(A$(1+J MOD 40),2)
80 IF K MOD 50=0 THEN S$=MID$(S$,2,5)+RIGHT$(STR$(K),3): GOSUB 300
85 IF K MOD 30=0 THEN U$=FNL$(T$+S$)+FNM$(S$+T$)
90 IF K MOD 97=0 THEN T$=LEFT$(N(1),1)+\"x\"
100 IF K MOD 89=0 THEN T$=MID$(A$(J),0)+\"y\"
110 IF K MOD 83=0 THEN T$=LEFT$(A$(J),-1)+\"z\"
120 IF K MOD 79=0 THEN T$=RIGHT$(S$,256)+\"w\"
130 IF K MOD 73=0 THEN T$=MID$(A$(J),255,1)+MID$(A$(J),1,255)
135 IF K MOD 59=0 THEN T$=STR$(K*3-2000)+STR$(-K)+STR$(K/3)+STR$(N(2)): PRINT T$
140 IF K MOD 71=0 THEN T$=LEFT$(Z$(K MOD 3),1)+\"a\": Z$(K MOD 3)=T$
145 IF K MOD 67=0 THEN T$=LEFT$(A$(41),1)+\"b\"
146 IF K MOD 61=0 THEN T$=MID$(K,1,1)+\"c\"
150 NEXT K
160 GOSUB 300: PRINT FRE(0): END
200 PRINT \"E\";ERR;ERL;: RESUME NEXT
300 C=0: FOR I=1 TO 40: V=VARPTR(A$(I)): GOSUB 350: NEXT I
310 V=VARPTR(T$): GOSUB 350: V=VARPTR(U$): GOSUB 350: V=VARPTR(S$): GOSUB 350: PRINT C;FRE(0): RETURN
350 L=PEEK(V): P=PEEK(V+1)+256*PEEK(V+2): FOR Q=1 TO L: C=(C*3+PEEK(P+Q-1)) AND 8191: NEXT Q
360 C=(C+(P AND 8191)+L) AND 8191: RETURN
";
        for clear in [8000, 10000, 14000] {
            let program = PROGRAM.replace("{clear}", &clear.to_string());
            let out = screen(program.as_bytes());
            super::GENERAL.with(|g| g.set(true));
            let general = screen(program.as_bytes());
            super::GENERAL.with(|g| g.set(false));
            assert_eq!(out, general, "CLEAR ,{clear}");
            for error in [
                " 13  90", " 5  100", " 5  110", " 5  120", " 9  145", " 13  146",
            ] {
                assert!(out.contains(error), "CLEAR ,{clear}: {error}: {out}");
            }
        }
    }

    /// LEN, ASC and INSTR of literals and variables, read where they lie, and the
    /// concatenations of two of them that ASC and LEN read, give what they give as
    /// values, with the same errors for a number (Type mismatch), an empty string to ASC
    /// (Illegal function call) and a result over 255 bytes (String too long); PC-BASIC
    /// prints the same.
    #[test]
    fn strings_read_in_place_as_values() {
        let out = screen(
            b"10 A$=\"HELLO\": B$=\"\": N=5: C$=\"LL\"
20 PRINT LEN(A$); ASC(A$); LEN(\"XY\"); ASC(\"Q\"); INSTR(A$,\"LL\"); INSTR(A$,C$); INSTR(A$,B$); INSTR(B$,\"A\"); INSTR(\"ABCAB\",\"AB\"); INSTR(A$,\"HELLO!\")
30 PRINT ASC(A$+\"Z\"); LEN(A$+B$); LEN(B$+B$); ASC(\"Q\"+A$); ASC(B$+A$); LEN(A$+A$+C$)
40 PRINT MID$(A$,2,3); RIGHT$(A$,2); LEFT$(C$,1); A$+RIGHT$(C$,1); STR$(N)+A$
50 ON ERROR GOTO 90
60 PRINT LEN(N): PRINT ASC(A$+N): PRINT INSTR(A$,N): PRINT ASC(B$+B$): PRINT RIGHT$(N,1): PRINT N+MID$(A$,2)
70 X$=STRING$(200,65): PRINT LEN(X$+STRING$(55,66)): PRINT LEN(X$+X$)
80 END
90 PRINT \"E\"; ERR;: RESUME NEXT
",
        );
        assert_eq!(
            out,
            " 5  72  2  81  3  3  1  0  1  0 \n 72  5  0  81  72  12 \n\
             ELLLOLHELLOL 5HELLO\n\
             E 13 E 13 E 13 E 5 E 13 E 13  255 \nE 15 "
        );
    }
}
