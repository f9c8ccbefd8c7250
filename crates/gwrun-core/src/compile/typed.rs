//! Typed forms of numeric expressions: an expression whose type GW-BASIC's
//! rules fix at compile time — single or double — is also compiled to `SExpr`/`DExpr`,
//! which `machine::typed` evaluates to a bare `Single`/`Double` without building a
//! `Value` per node. The form is complete, never a guess: it holds only shapes whose
//! result type cannot depend on run-time values (constants, variables of the type,
//! `RND`, INT/FIX/ABS and the math functions of a single argument, `+ - * /` where one
//! operand already has the type or the operator is `/`). An integer-only operand keeps
//! its 16-bit form and its general form, because integer overflow turns it into a
//! single at run time (the operator then meets a single, which gives the same result in
//! the typed form as in the general one). Each operand is evaluated in text order, as
//! the general evaluator does, so RND's side effect and the first error come at the
//! same point.

use super::code::{AccProduct, CExpr, DExpr, Factor, IExpr, Leaves, SExpr};
use super::{Compiler, Slots};
use crate::num::{Double, Num, Single};
use crate::syntax::ast::{BinOp, Expr, Func, UnOp, VarType};

/// The type of a typed operand's value at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An integer-only operand: an integer, or a single after 16-bit overflow.
    Int,
    Sng,
    Dbl,
}

impl<S: Slots> Compiler<'_, S> {
    /// `general` with the typed form of `e` beside it when `e` is an operator or a call
    /// whose type is single or double at compile time; `general` alone otherwise.
    pub(super) fn typed(&mut self, e: &Expr, general: CExpr) -> CExpr {
        #[cfg(test)]
        if tests::OFF.with(std::cell::Cell::get) {
            return general;
        }
        if !matches!(e, Expr::Binary(..) | Expr::Unary(..) | Expr::Call(..)) || e.is_faulty() {
            return general;
        }
        let typed = match self.dform(e) {
            Some((DExpr::Sng(s), Kind::Sng)) => {
                let leaves = Leaves::top(&s);
                CExpr::TypedS(Box::new((*s, general, leaves)))
            }
            Some((d, Kind::Dbl)) => CExpr::TypedD(Box::new((d, general))),
            _ => return general,
        };
        #[cfg(test)]
        tests::MADE.with(|m| m.set(m.get() + 1));
        typed
    }

    /// An integer-only operand, if `e` is one.
    fn int_leaf(&mut self, e: &Expr) -> Option<IExpr> {
        self.int_form(e)
    }

    /// The single (or integer-only) typed form of `e`.
    fn sform(&mut self, e: &Expr) -> Option<(SExpr, Kind)> {
        if let Some(ie) = self.int_leaf(e) {
            return Some((
                match ie {
                    IExpr::Const(i) => SExpr::Const(Single::from_i16(i)),
                    IExpr::Var(s) => SExpr::IntVar(s),
                    ie => SExpr::Int(Box::new((ie, self.expr_general(e)))),
                },
                Kind::Int,
            ));
        }
        Some(match e {
            Expr::Num(Num::Sng(s)) => (SExpr::Const(*s), Kind::Sng),
            Expr::Var(n) if self.vars.type_of(n) == VarType::Sng => {
                (SExpr::Var(self.vars.scalar_slot(n)), Kind::Sng)
            }
            Expr::Call(Func::Rnd, args) if args.is_empty() => (SExpr::Rnd, Kind::Sng),
            Expr::Call(f, args) if args.len() == 1 && single_fn(*f) => {
                let (x, k) = self.sform(&args[0])?;
                if k != Kind::Sng {
                    return None;
                }
                (SExpr::Fn(*f, Box::new(x)), Kind::Sng)
            }
            Expr::Unary(UnOp::Neg, x) => {
                let (x, k) = self.sform(x)?;
                if k != Kind::Sng {
                    return None;
                }
                (SExpr::Neg(Box::new(x)), Kind::Sng)
            }
            Expr::Binary(op, a, b) if arith(*op) => {
                let (x, kx) = self.sform(a)?;
                let (y, ky) = self.sform(b)?;
                if *op != BinOp::Div && kx == Kind::Int && ky == Kind::Int {
                    return None;
                }
                (SExpr::Bin(*op, Box::new(x), Box::new(y)), Kind::Sng)
            }
            _ => return None,
        })
    }

    /// The double (or single, or integer-only) typed form of `e`.
    fn dform(&mut self, e: &Expr) -> Option<(DExpr, Kind)> {
        if let Some(ie) = self.int_leaf(e) {
            return Some((
                match ie {
                    IExpr::Const(i) => DExpr::Const(Double::from_i16(i)),
                    IExpr::Var(s) => DExpr::IntVar(s),
                    ie => DExpr::Int(Box::new((ie, self.expr_general(e)))),
                },
                Kind::Int,
            ));
        }
        if let Expr::Call(Func::Len | Func::Asc | Func::Instr, _) = e {
            return Some((DExpr::IntCall(Box::new(self.expr_general(e))), Kind::Int));
        }
        let double = match e {
            Expr::Num(Num::Dbl(d)) => Some(DExpr::Const(*d)),
            Expr::Var(n) if self.vars.type_of(n) == VarType::Dbl => {
                Some(DExpr::Var(self.vars.scalar_slot(n)))
            }
            Expr::Call(f @ (Func::Int | Func::Fix | Func::Abs), args) if args.len() == 1 => {
                match self.dform(&args[0])? {
                    (x, Kind::Dbl) => Some(DExpr::Fn(*f, Box::new(x))),
                    _ => None,
                }
            }
            Expr::Unary(UnOp::Neg, x) => match self.dform(x)? {
                (x, Kind::Dbl) => Some(DExpr::Neg(Box::new(x))),
                _ => None,
            },
            Expr::Binary(op, a, b) if arith(*op) => {
                let (x, kx) = self.dform(a)?;
                let (y, ky) = self.dform(b)?;
                (kx == Kind::Dbl || ky == Kind::Dbl).then(|| dbin(*op, x, y))
            }
            _ => None,
        };
        match double {
            Some(d) => Some((d, Kind::Dbl)),
            None => {
                let (s, k) = self.sform(e)?;
                Some((DExpr::Sng(Box::new(s)), k))
            }
        }
    }
}

/// `x op y` in double precision: `DExpr::AccProduct` for a double scalar plus or minus
/// a product of singles, `DExpr::Bin` for anything else.
fn dbin(op: BinOp, x: DExpr, y: DExpr) -> DExpr {
    match (op, x, y) {
        (BinOp::Add | BinOp::Sub, DExpr::Var(acc), DExpr::Sng(s)) => match *s {
            SExpr::Bin(BinOp::Mul, a, b) => DExpr::AccProduct(Box::new(AccProduct {
                acc,
                sub: op == BinOp::Sub,
                a: Factor::of(*a),
                b: Factor::of(*b),
            })),
            s => DExpr::Bin(
                op,
                Box::new(DExpr::Var(acc)),
                Box::new(DExpr::Sng(Box::new(s))),
            ),
        },
        (op, x, y) => DExpr::Bin(op, Box::new(x), Box::new(y)),
    }
}

/// `+ - * /`.
fn arith(op: BinOp) -> bool {
    matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div)
}

/// The functions whose single argument gives a single result.
fn single_fn(f: Func) -> bool {
    use Func::*;
    matches!(f, Int | Fix | Abs | Sin | Cos | Tan | Atn | Exp | Log | Sqr)
}

#[cfg(test)]
mod tests {
    //! Differential test: random programs run with and without the typed forms print
    //! the same (values, soft-error messages, trapped errors, RND's sequence).
    use crate::session::Session;
    use std::cell::Cell;

    thread_local! {
        /// Compile without typed forms (the general evaluator only).
        pub(super) static OFF: Cell<bool> = const { Cell::new(false) };
        /// Typed forms made so far.
        pub(super) static MADE: Cell<u64> = const { Cell::new(0) };
    }

    struct Gen(u64);

    impl Gen {
        fn next(&mut self, n: usize) -> usize {
            // xorshift64*
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
        }

        fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
            v[self.next(v.len())]
        }

        fn expr(&mut self, depth: u32) -> String {
            const LEAVES: &[&str] = &[
                "A!",
                "B!",
                "C!",
                "I%",
                "J%",
                "K%",
                "D#",
                "E#",
                "2",
                "32767",
                "-3",
                "1.5",
                "1.7E+38",
                ".1",
                "0",
                "7#",
                "1.1#",
                "RND",
                "RND(0)",
                "1D+37",
                "-0",
                "254",
                "LEN(S$)",
                "ASC(S$)",
                "INSTR(S$,\"C\")",
                "LEN(S$+S$)",
            ];
            const FNS: &[&str] = &[
                "-", "INT", "FIX", "ABS", "SIN", "COS", "TAN", "ATN", "EXP", "LOG", "SQR", "SGN",
                "CINT", "CSNG", "CDBL",
            ];
            const OPS: &[&str] = &["+", "-", "*", "/", "\\", " MOD ", "^", "=", "<", " AND "];
            if depth == 0 || self.next(4) == 0 {
                return self.pick(LEAVES).to_string();
            }
            if self.next(3) == 0 {
                let f = self.pick(FNS);
                let x = self.expr(depth - 1);
                return if f == "-" {
                    format!("-{x}")
                } else {
                    format!("{f}({x})")
                };
            }
            let op = if self.next(2) == 0 {
                self.pick(&OPS[..4])
            } else {
                self.pick(OPS)
            };
            format!("({}{}{})", self.expr(depth - 1), op, self.expr(depth - 1))
        }
    }

    fn run(program: &str, typed: bool) -> Vec<u8> {
        OFF.with(|o| o.set(!typed));
        let mut s = Session::captured(b"");
        s.load_source(program.as_bytes()).expect("program loads");
        s.run_program();
        OFF.with(|o| o.set(false));
        s.take_output()
    }

    /// The screen of `program` with the typed forms, asserted equal to the general
    /// evaluator's.
    fn typed_as_general(program: &str) -> String {
        let typed = run(program, true);
        let general = run(program, false);
        assert_eq!(
            String::from_utf8_lossy(&typed),
            String::from_utf8_lossy(&general)
        );
        String::from_utf8_lossy(&typed).into_owned()
    }

    /// LEN, ASC and INSTR beside a double (`DExpr::IntCall`): the integer converted
    /// exactly, the operators' soft overflow, and the calls' own errors (Type
    /// mismatch, Illegal function call, Division by zero by a zero from INSTR) as the
    /// general evaluator gives them; PC-BASIC prints the same.
    #[test]
    fn integer_calls_beside_a_double() {
        let program = "10 A$=\"HELLO\": B$=\"\": N=5: C#=1.5#: D#=1D+30
20 C#=C#+LEN(A$): PRINT C#: C#=C#*ASC(A$+\"!\"): PRINT C#: C#=C#-INSTR(A$,\"LO\"): PRINT C#
30 E#=LEN(A$)/3#: PRINT E#: E#=2#^2+LEN(B$)-ASC(\"A\"): PRINT E#: F#=-LEN(A$)+0#: PRINT F#
40 G#=D#*D#+LEN(A$): PRINT G#: ON ERROR GOTO 90
50 G#=C#+LEN(N): PRINT G#: G#=C#+ASC(B$): PRINT G#: G#=C#/INSTR(A$,\"Z\"): PRINT G#
70 END
90 PRINT \"E\"; ERR: RESUME NEXT
";
        let big = " 1.701411834604692D+38 \n";
        let want = format!(
            " 6.5 \n 468 \n 464 \n 1.666666666666667 \n-61 \n-5 \nOverflow\n{big}\
             E 13 \n{big}E 5 \n{big}E 11 \n{big}"
        );
        for typed in [true, false] {
            assert_eq!(String::from_utf8_lossy(&run(program, typed)), want);
        }
    }

    /// LEN and ASC of a literal or a string variable beside a double, read where the
    /// string lies (`dbl_int_call`), give what the general evaluator gives for strings
    /// of every length from 0 to 255 and every first byte, an empty string to ASC its
    /// Illegal function call, a number its Type mismatch, and LEN and ASC of anything
    /// else (an element, a concatenation, a call) as before.
    #[test]
    fn len_and_asc_in_place_beside_a_double_as_the_general_path() {
        let program = "10 DIM E$(3): E$(1)=\"XY\": N=7: C#=0.5#: ON ERROR GOTO 90
20 FOR I=0 TO 255: A$=STRING$(I,255-I)+\"\": C#=C#+LEN(A$)*3#+ASC(\"Q\")
30 IF I THEN C#=C#-ASC(A$)/7#
40 PRINT C#;: NEXT I
50 C#=C#+ASC(B$): C#=C#+LEN(N): C#=C#+ASC(N): C#=C#+LEN(\"\")+ASC(E$(1))+LEN(E$(1)+A$)
60 C#=LEN(A$)-ASC(MID$(A$,2))*2#: PRINT C#: END
90 PRINT \"E\"; ERR;: RESUME NEXT
";
        let out = typed_as_general(program);
        assert!(out.contains("E 5 E 13 E 13 E 15"), "{out}");
    }

    /// `D# = D# + A!*B!` and `D# = D# - A!*B!` (the product added unpacked,
    /// `Double::add_product`, or step by step where it declines) print what the general
    /// evaluator prints over boundary operands: zeros of both signs, the smallest and
    /// largest singles (the product's soft overflow, its underflow to zero), either
    /// sign, and accumulators from zero to the largest double, above and below the
    /// product.
    #[test]
    fn double_sums_of_single_products_as_the_general_path() {
        let program = "10 DIM S!(12), D#(9)
20 FOR I=0 TO 12: READ S!(I): NEXT I: FOR I=0 TO 9: READ D#(I): NEXT I
30 FOR I=0 TO 9: FOR J=0 TO 12: FOR K=0 TO 12: A!=S!(J): B!=S!(K)
40 T#=D#(I): T#=T#+A!*B!: PRINT T#;: T#=D#(I): T#=T#-A!*B!: PRINT T#
50 NEXT K, J, I: END
60 DATA 0, -0, 1, -1.5, 2.938736E-39, 1.701411E+38, -1.701411E+38, 3E+19, 1E-20
70 DATA .1, 12345.67, -7E-10, 16777215
80 DATA 0, 1, -1, 1D+37, -1D-37, 1.7D+38, 3.141592653589793, 1D-30, -123456789, 4294967296
";
        let out = typed_as_general(program);
        // every pair printed twice, and the soft overflows among them
        assert!(out.matches("Overflow").count() > 20, "{out}");
    }

    /// `DExpr::AccProduct`'s factors (`Factor`): a function of a scalar (SIN, EXP, SQR
    /// in functions of their own, INT and LOG by the general dispatch), a function of
    /// an expression (an operator on two leaves, on anything else, a function), a
    /// scalar, any other operand (an integer), in sums and
    /// differences at the top of a LET and below it (`dbl_t`), with the functions' soft
    /// errors and hard errors, trapped and not, as the general evaluator gives them.
    #[test]
    fn accumulated_products_of_functions_as_the_general_path() {
        let body = "20 DIM S!(8): FOR I=0 TO 8: READ S!(I): NEXT I: N%=3
30 FOR I=0 TO 8: FOR J=0 TO 8: A!=S!(I): B!=S!(J): T#=1D+10
40 T#=T#+SIN(A!)*SQR(B!): PRINT T#;: T#=T#-EXP(A!)*B!: PRINT T#;
50 T#=T#+A!*EXP(-B!/50!): PRINT T#;: T#=T#-INT(A!)*LOG(B!): PRINT T#;
60 T#=T#+N%*SQR(ABS(A!)): PRINT T#;: PRINT (T#-SIN(B!)*A!)*2#;: PRINT T#+EXP(B!)*EXP(A!)
65 T#=T#-COS(A!*B!/1E+06-N%)*SIN(A!+N%): PRINT T#
70 NEXT J, I: END
";
        // untrapped: positive operands only (no hard error ends the run), soft
        // overflows printed; trapped: zeros and negatives too (SQR's and LOG's Illegal
        // function call)
        for trap in [false, true] {
            let program = if trap {
                format!(
                    "10 ON ERROR GOTO 90\n{body}80 DATA 0, 1, -1.5, 100, 89, -90, 1E-20, 3E+30, .001\n\
                     90 PRINT \"E\"; ERR; ERL: RESUME NEXT\n"
                )
            } else {
                format!("10 REM\n{body}80 DATA .5, 1, 2, 100, 89, 7, 1E-20, 3E+30, .001\n")
            };
            let out = typed_as_general(&program);
            let (soft, hard) = if trap {
                (out.matches("E 6 ").count(), out.matches("E 5 ").count())
            } else {
                (out.matches("Overflow").count(), 1)
            };
            assert!(soft > 5 && hard > 0, "{out}");
        }
    }

    /// `Leaves` (an operator on two leaves: single scalars, their negations,
    /// constants) at the top of a LET into a single, an integer and a double
    /// (`let_leaves`), in PRINT (the tree form), and as a math function's argument in an accumulation (`Factor::FnLeaves`), with
    /// the soft errors (overflow, underflow, division by zero: message, then the value)
    /// and, trapped, the hard ones (SQR's Illegal function call, CINT's Overflow), as the
    /// general evaluator gives them; an integer leaf takes the tree form.
    #[test]
    fn operators_on_two_leaves_as_the_general_path() {
        let body = "20 DIM S!(9): FOR I=0 TO 9: READ S!(I): NEXT I: N%=3
30 FOR I=0 TO 9: FOR J=0 TO 9: A!=S!(I): B!=S!(J): T#=1D+10
40 Z!=A!+B!: PRINT Z!;: Z!=A!-B!: PRINT Z!;: Z!=A!*B!: PRINT Z!;: Z!=A!/B!: PRINT Z!
50 Z!=-A!/B!: PRINT Z!;: Z!=A!*-B!: PRINT Z!;: Z!=-A!--B!: PRINT Z!;: Z!=A!/1000!: PRINT Z!
60 Z!=1000!/B!: PRINT Z!;: Z!=-B!+2.5: PRINT Z!;: Z!=N%/A!: PRINT Z!;: Z!=Q!*A!: PRINT Z!
70 Z#=A!*B!: PRINT Z#;: PRINT A!-B!; -A!*B!;: T#=T#+EXP(-A!/50!)*A!: PRINT T#
75 T#=T#-SIN(A!*B!)*B!: PRINT T#;: T#=T#+A!*COS(-B!+A!): PRINT T#
";
        let hard = "77 Z%=A!/B!: PRINT Z%;: T#=T#+SQR(A!-B!)*A!: PRINT T#\n";
        for trap in [false, true] {
            let program = if trap {
                format!(
                    "10 ON ERROR GOTO 90\n{body}{hard}80 NEXT J, I: END\n\
                     85 DATA 0, -0, 1, -1.5, 100, 1E-20, -3E+30, 1.701411E+38, 2.938736E-39, .001\n\
                     90 PRINT \"E\"; ERR; ERL: RESUME NEXT\n"
                )
            } else {
                format!(
                    "10 REM\n{body}80 NEXT J, I: END\n\
                     85 DATA 0, -0, 1, -1.5, 100, 1E-20, -3E+30, 1.701411E+38, 2.938736E-39, .001\n"
                )
            };
            let out = typed_as_general(&program);
            let (soft, hard) = if trap {
                (out.matches("E 6 ").count(), out.matches("E 5 ").count())
            } else {
                (
                    out.matches("Overflow").count(),
                    out.matches("Division by zero").count(),
                )
            };
            assert!(soft > 5 && hard > 0, "{out}");
        }
    }

    #[test]
    fn typed_forms_print_what_the_general_evaluator_prints() {
        let mut g = Gen(0x9E37_79B9_7F4A_7C15);
        let programs: usize = std::env::var("GWRUN_TYPED_N")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(120);
        let made = MADE.with(Cell::get);
        let mut shown = false;
        for p in 0..programs {
            let mut text = String::new();
            if p % 4 != 0 {
                text.push_str("10 ON ERROR GOTO 1000\r\n");
            }
            text.push_str("20 A!=1.5: B!=-2.25E+10: C!=3E+37: I%=7: J%=32767: K%=-32768\r\n");
            text.push_str("30 D#=1.23456789012345#: E#=-1D+37: S$=\"ABC\"\r\n");
            for l in 0..40 {
                let e = g.expr(4);
                let stmt = match g.next(5) {
                    0 => format!("Z!={e}: PRINT Z!"),
                    1 => format!("Z%={e}: PRINT Z%"),
                    2 => format!("Z#={e}: PRINT Z#"),
                    3 => format!("Z%=INT({e}): PRINT Z%"),
                    _ => format!("PRINT {e}"),
                };
                text.push_str(&format!("{} {stmt}\r\n", 100 + l));
            }
            text.push_str("900 PRINT RND(0): END\r\n1000 PRINT \"E\";ERR;ERL: RESUME NEXT\r\n");
            let (a, b) = (run(&text, true), run(&text, false));
            assert_eq!(
                String::from_utf8_lossy(&a),
                String::from_utf8_lossy(&b),
                "program:\n{text}"
            );
            if !shown && std::env::var_os("GWRUN_TYPED_SHOW").is_some() {
                eprintln!("{text}\n{}", String::from_utf8_lossy(&a));
                shown = true;
            }
        }
        let made = MADE.with(Cell::get) - made;
        assert!(made > 20 * programs as u64, "typed forms made: {made}");
    }
}
