//! Comparisons of two numbers of one floating type, resolved when compiling: `a op b`
//! where `op` is one of the six comparisons and each operand is a single (or each a
//! double) scalar or an element of a one-dimensional array of that type whose subscript
//! has a flat integer form (`Lin`: a bubble sort's `V!(J)>V!(J+1)`). The comparison is
//! compiled to `CExpr::CmpNums`, `NumCmp` beside its general form; `machine::cmpnums`
//! reads both operands where they lie and compares them at once, and gives the
//! general form to the general evaluator whenever that reading does not hold (an array
//! not there yet, a subscript out of range or out of integer range, a variable not of
//! its type), so the result, the errors and their order are the general path's. The
//! integer comparisons have their own forms already (`IExpr::CmpElems`, `BinVV`...); a
//! comparison of two types goes the general way (the narrower operand is converted).

use super::code::{CExpr, Lin};
use super::{Compiler, Slots};
use crate::syntax::ast::{BinOp, Expr, VarType};

/// An operand of `NumCmp`: element `at` of one-dimensional array `arr`, or, when `arr`
/// is `NumOperand::SCALAR`, the scalar whose slot is `at.v` (`at` otherwise unused).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumOperand {
    pub arr: u32,
    pub at: Lin,
}

impl NumOperand {
    /// `arr` of a scalar operand.
    pub const SCALAR: u32 = u32::MAX;
}

/// `a op b` for two operands of one floating type (`kind`); the comparison as a mask of
/// the orderings it is true for (`truth`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumCmp {
    pub kind: CmpKind,
    pub truth: u8,
    pub a: NumOperand,
    pub b: NumOperand,
}

/// The type of `NumCmp`'s operands, and whether they are a pair: two elements of one
/// array whose subscripts begin with one variable (a sort's `V!(J)`, `V!(J+1)`), the
/// shape read with no test of the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpKind {
    SngPair,
    DblPair,
    Sng,
    Dbl,
}

impl NumCmp {
    /// Whether the comparison holds for ordering `o`.
    #[inline(always)]
    pub fn holds(&self, o: std::cmp::Ordering) -> bool {
        (self.truth >> (o as i8 + 1)) & 1 != 0
    }
}

/// Whether `e` is a comparison (its operands of any type).
#[inline(always)]
pub(super) fn is_comparison(e: &Expr) -> bool {
    matches!(e, Expr::Binary(op, ..) if truth(*op).is_some())
}

/// A comparison operator as the mask of the orderings it is true for (bit 0 less, 1
/// equal, 2 greater); None for any other operator.
pub fn truth(op: BinOp) -> Option<u8> {
    Some(match op {
        BinOp::Lt => 0b001,
        BinOp::Eq => 0b010,
        BinOp::Gt => 0b100,
        BinOp::Le => 0b011,
        BinOp::Ge => 0b110,
        BinOp::Ne => 0b101,
        _ => return None,
    })
}

impl<S: Slots> Compiler<'_, S> {
    /// `general` (the compiled comparison `e`, not integer-only: `is_comparison`) with
    /// `NumCmp` beside it when its operands are of one floating type and have a flat
    /// form; `general` alone otherwise (what `typed` gives a comparison).
    #[inline(never)]
    pub(super) fn cmp_nums(&mut self, e: &Expr, general: CExpr) -> CExpr {
        #[cfg(test)]
        if tests::OFF.with(std::cell::Cell::get) {
            return general;
        }
        match e {
            Expr::Binary(op, a, b) => match self.num_cmp(*op, a, b) {
                Some(c) => {
                    #[cfg(test)]
                    tests::MADE.with(|m| m.set(m.get() + 1));
                    CExpr::CmpNums(Box::new((c, general)))
                }
                None => general,
            },
            _ => general,
        }
    }

    /// `a op b` as `NumCmp`, if it is one. The operands' types are looked at first (no
    /// slot is looked up for a comparison that is not one).
    fn num_cmp(&mut self, op: BinOp, a: &Expr, b: &Expr) -> Option<NumCmp> {
        let truth = truth(op)?;
        let (ta, tb) = (self.num_type(a)?, self.num_type(b)?);
        if ta != tb || !matches!(ta, VarType::Sng | VarType::Dbl) || b.is_faulty() {
            return None;
        }
        let (a, b) = (self.num_operand(a)?, self.num_operand(b)?);
        let pair = a.arr != NumOperand::SCALAR && a.arr == b.arr && a.at.v == b.at.v;
        let kind = match (ta == VarType::Dbl, pair) {
            (false, true) => CmpKind::SngPair,
            (true, true) => CmpKind::DblPair,
            (false, false) => CmpKind::Sng,
            (true, false) => CmpKind::Dbl,
        };
        Some(NumCmp { kind, truth, a, b })
    }

    /// The type of a scalar or an element of one subscript.
    fn num_type(&self, e: &Expr) -> Option<VarType> {
        match e {
            Expr::Var(n) => Some(self.vars.type_of(n)),
            Expr::Index(n, subs) if subs.len() == 1 => Some(self.vars.type_of(n)),
            _ => None,
        }
    }

    /// An operand's flat form, if it has one: a scalar, or an element of one subscript
    /// in a flat form. (The general form is compiled first: every slot named here is
    /// made already.)
    fn num_operand(&mut self, e: &Expr) -> Option<NumOperand> {
        Some(match e {
            Expr::Var(n) => NumOperand {
                arr: NumOperand::SCALAR,
                at: Lin {
                    v: self.vars.scalar_slot(n),
                    w: Lin::NONE,
                    c: 0,
                },
            },
            Expr::Index(n, subs) if subs.len() == 1 => {
                let at = Lin::of(&self.int_form(&subs[0])?)?;
                NumOperand {
                    arr: self.vars.array_slot(n),
                    at,
                }
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
pub(super) mod tests {
    //! The node against the general evaluator: the same programs compiled with and
    //! without it print the same and count the same (the cost report), and the node is
    //! made for the shapes it is for and no other.
    use crate::cost::GotoModel;
    use crate::session::Session;
    use std::cell::Cell;

    thread_local! {
        /// Compile without `NumCmp` (the general evaluator only).
        pub(in crate::compile) static OFF: Cell<bool> = const { Cell::new(false) };
        /// Nodes made so far.
        pub(in crate::compile) static MADE: Cell<u64> = const { Cell::new(0) };
    }

    /// The screen and the cost report of `program`, with the node or without, and the
    /// nodes made compiling it.
    fn run(program: &str, node: bool) -> (String, String, u64) {
        OFF.with(|o| o.set(!node));
        let made = MADE.with(Cell::get);
        let mut s = Session::captured(b"");
        s.load_source(program.as_bytes()).expect("program loads");
        s.run_program();
        OFF.with(|o| o.set(false));
        let screen = String::from_utf8_lossy(&s.take_output()).into_owned();
        let report = format!("{:?}", s.cost_report(GotoModel::Gw));
        (screen, report, MADE.with(Cell::get) - made)
    }

    /// The screen of `program` with the node, asserted equal (screen and counts) to the
    /// general evaluator's, and the nodes made.
    fn node_as_general(program: &str) -> (String, u64) {
        let (screen, report, made) = run(program, true);
        let (general, general_report, none) = run(program, false);
        assert_eq!(screen, general, "program:\n{program}");
        assert_eq!(report, general_report, "program:\n{program}");
        assert_eq!(none, 0);
        (screen, made)
    }

    /// Every pair of boundary values (zeros of both signs, the smallest and largest of
    /// either sign, neighbours, equal values), in every shape (a sort's pair `V(K)`,
    /// `V(K+D)`, elements of two arrays, `J-1`, `1+J`, scalars, an element against a
    /// scalar), as IF's and WHILE's condition and as a value, for singles and doubles.
    #[test]
    fn comparisons_as_the_general_path() {
        for (t, values) in [
            (
                "!",
                "0, 1, -1, 1.5, -1.5, .1, 1E-38, 2.938736E-39, -2.938736E-39, \
                 1.701411E+38, -1.701411E+38, 16777215, 16777216, 16777214, 3E+09, -3E+09",
            ),
            (
                "#",
                "0, 1, -1, .1, .1000000000000001, 1D-38, 2.938735877055719D-39, \
                 -2.938735877055719D-39, 1.701411834604692D+38, -1.701411834604692D+38, \
                 12345678901234567, 12345678901234568, 3D+09, -3D+09, -1.5, 1.5",
            ),
        ] {
            let program = format!(
                "10 DEFINT D, I-N: DIM S{t}(20), T{t}(20), B{t}(5)
20 FOR I=0 TO 15: READ S{t}(I): T{t}(I)=S{t}(I): NEXT I: S{t}(16)=-S{t}(0): T{t}(17)=-0
30 FOR I=0 TO 17: FOR J=0 TO 17: K=I: D=J-I: L=J+1: A{t}=S{t}(I): C{t}=T{t}(J): R$=\"\"
40 IF S{t}(K)<S{t}(K+D) THEN R$=R$+\"a\" ELSE R$=R$+\"b\"
41 IF S{t}(K+D)<=S{t}(K) THEN R$=R$+\"c\"
42 IF S{t}(I)=T{t}(J) THEN R$=R$+\"d\"
43 IF S{t}(I)<>S{t}(L-1) THEN R$=R$+\"e\"
44 IF T{t}(1+I)>T{t}(J) THEN R$=R$+\"f\"
45 IF A{t}>=C{t} THEN R$=R$+\"g\"
46 IF A{t}>T{t}(J) THEN R$=R$+\"h\"
47 IF S{t}(J)<C{t} THEN R$=R$+\"i\"
48 N=0: WHILE S{t}(I)>=S{t}(J) AND N<1: N=N+1: R$=R$+\"j\": WEND
49 N=0: WHILE A{t}<>C{t}: C{t}=A{t}: R$=R$+\"k\": WEND
50 PRINT R$; S{t}(I)<S{t}(J); S{t}(I)=S{t}(J); T{t}(J)>A{t}; A{t}<=C{t}; (S{t}(K)>=S{t}(K+D))*2;
51 Z=S{t}(K)<>S{t}(K+D): PRINT Z; NOT (A{t}=S{t}(J))
60 NEXT J, I
70 DATA {values}
"
            );
            let (out, made) = node_as_general(&program);
            assert_eq!(out.lines().count(), 18 * 18, "{out}");
            assert!(made >= 20, "nodes made: {made}");
        }
    }

    /// The errors as the general path gives them, trapped and not: a subscript out of
    /// range (above, below, a negative one, either operand), its sum out of integer range
    /// (Overflow), the left operand's error first when both have one, an array made by
    /// its first use (its size and counts), an array of two dimensions named with one
    /// subscript, an integer subscript variable that holds no value yet.
    #[test]
    fn errors_as_the_general_path() {
        let body = "20 DEFINT I-N: DIM S!(10), D#(10), M!(3,3): I=10: J=32767: K=-1
30 IF S!(I)<S!(I+1) THEN PRINT \"A\"
31 IF S!(I+1)<S!(J+1) THEN PRINT \"B\"
32 IF S!(J+1)<S!(I+1) THEN PRINT \"C\"
33 PRINT D#(K)=D#(I); D#(I)=D#(K)
34 IF D#(I)>D#(J) THEN PRINT \"D\"
35 IF U!(5)<U!(6) THEN PRINT \"E\" ELSE PRINT \"F\"
36 IF U!(10)=U!(I+1) THEN PRINT \"G\"
37 IF M!(1)<M!(2) THEN PRINT \"H\"
38 PRINT W#(N+3)>=W#(N); Q!(2)<>S!(N-1)
39 IF S!(I)>X! THEN PRINT \"I\" ELSE PRINT \"J\"; X!>=S!(0)
40 PRINT FRE(0): END
";
        for trap in [false, true] {
            let program = if trap {
                format!("10 ON ERROR GOTO 90\n{body}90 PRINT \"E\"; ERR; ERL: RESUME NEXT\n")
            } else {
                format!("10 REM\n{body}")
            };
            let (out, made) = node_as_general(&program);
            if trap {
                assert!(out.contains("E 9  30"), "{out}");
                assert!(out.contains("E 6  32"), "{out}");
                assert!(out.contains("E 9  37"), "{out}");
                assert_eq!(made, 8, "{out}");
            } else {
                assert!(out.contains("Subscript out of range in 30"), "{out}");
            }
        }
    }

    /// Only comparisons of two singles or two doubles whose operands have a flat form
    /// make the node: integers keep their own forms, two types go the general way, and so
    /// do constants, expressions, strings and a subscript that is not an integer.
    #[test]
    fn made_for_its_shapes_only() {
        let made = |line: &str| {
            let program = format!(
                "10 DIM S!(9), T#(9), A%(9), S$(9): X!=1: Y#=2: I%=1: J%=2: B!=1\n20 {line}\n"
            );
            node_as_general(&program).1
        };
        for none in [
            "PRINT S!(I%)<T#(J%)",
            "PRINT X!<Y#",
            "PRINT X!<1",
            "PRINT 1!<X!",
            "PRINT A%(I%)<A%(J%)",
            "PRINT I%<J%",
            "PRINT S!(I%)<S!(J%)+1",
            "PRINT S!(B!)<S!(I%)",
            "PRINT S!(I%*2)<S!(I%)",
            "PRINT S$(I%)<S$(J%)",
            "PRINT S!(I%)+S!(J%)",
            "PRINT -X!<X!",
        ] {
            assert_eq!(made(none), 0, "{none}");
        }
        for one in [
            "PRINT S!(I%)<S!(J%)",
            "PRINT S!(I%)<S!(I%+1)",
            "PRINT T#(I%)>=T#(J%-1)",
            "PRINT X!=S!(I%)",
            "PRINT T#(I%+J%)<>Y#",
            "IF X!<B! THEN PRINT 1",
            "Z=S!(K%)<>S!(K%+D%)",
            "PRINT NOT (X!=S!(J%))",
            "PRINT (S!(K%)>=S!(K%+D%))*2",
            "WHILE S!(I%)>=S!(J%) AND N<1: N=N+1: WEND",
            "IF T!(1+I%)>T!(J%) THEN PRINT 2",
            "IF S!(I%)<>S!(L%-1) THEN PRINT 2",
        ] {
            assert_eq!(made(one), 1, "{one}");
        }
    }
}
