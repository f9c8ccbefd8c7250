//! Parser tests: statements and precedence as GW-BASIC defines them.

use super::*;
use crate::num::Num;
use crate::syntax::ast::PrintItem;
use crate::syntax::ast::{
    BinOp, Expr, For, Goto, If, Let, Next, On, OptionBase, Parsed, Print, Raise, Stmt, UnOp,
};
use crate::text::lex::crunch;

fn stmts(text: &str) -> Vec<Stmt<Parsed>> {
    let c = crunch(text.as_bytes()).unwrap();
    parse_line(&c.body).into_iter().map(|s| s.node).collect()
}

fn expr_of(text: &str) -> Expr {
    match stmts(&format!("10 X={text}")).remove(0) {
        Stmt::Let(Let { value, .. }) => value,
        s => panic!("not a LET: {s:?}"),
    }
}

fn int(n: i16) -> Box<Expr> {
    Box::new(Expr::Num(Num::Int(n)))
}

#[test]
fn unary_minus_binds_looser_than_power() {
    assert_eq!(
        expr_of("-2^2"),
        Expr::Unary(
            UnOp::Neg,
            Box::new(Expr::Binary(BinOp::Pow, int(2), int(2)))
        )
    );
}

#[test]
fn power_is_left_associative() {
    assert_eq!(
        expr_of("2^3^2"),
        Expr::Binary(
            BinOp::Pow,
            Box::new(Expr::Binary(BinOp::Pow, int(2), int(3))),
            int(2)
        )
    );
}

#[test]
fn not_is_below_relational_and_above_and() {
    let e = expr_of("NOT 1=2 AND 3");
    match e {
        Expr::Binary(BinOp::And, l, _) => {
            assert!(
                matches!(*l, Expr::Unary(UnOp::Not, ref inner) if matches!(**inner, Expr::Binary(BinOp::Eq, _, _)))
            );
        }
        e => panic!("{e:?}"),
    }
}

#[test]
fn mod_and_intdiv_precedence() {
    // \ binds tighter than MOD, both looser than *.
    assert_eq!(
        expr_of("7 MOD 4\\2"),
        Expr::Binary(
            BinOp::Mod,
            int(7),
            Box::new(Expr::Binary(BinOp::IntDiv, int(4), int(2)))
        )
    );
}

#[test]
fn relational_pairs() {
    for (t, op) in [
        ("1<=2", BinOp::Le),
        ("1=<2", BinOp::Le),
        ("1>=2", BinOp::Ge),
        ("1=>2", BinOp::Ge),
        ("1<>2", BinOp::Ne),
        ("1><2", BinOp::Ne),
    ] {
        assert_eq!(expr_of(t), Expr::Binary(op, int(1), int(2)), "{t}");
    }
}

/// The error a statement raises when its text is reached, if it holds a fault.
fn raised(s: &Stmt<Parsed>) -> Option<ErrorCode> {
    match s {
        Stmt::Raise(Raise { fault: e }) => Some(raised_code(e)),
        Stmt::Let(Let { value, .. }) if contains_raise(value) => Some(raised_code(value)),
        _ => None,
    }
}

fn contains_raise(e: &Expr) -> bool {
    match e {
        Expr::Raise(..) => true,
        Expr::Index(_, v) | Expr::UserFn(_, v) | Expr::Call(_, v) => v.iter().any(contains_raise),
        Expr::Unary(_, x) => contains_raise(x),
        Expr::Binary(_, x, y) => contains_raise(x) || contains_raise(y),
        _ => false,
    }
}

#[test]
fn missing_operand_and_syntax_error_are_lazy() {
    let s = stmts("10 PRINT 1: X=2+: PRINT 2");
    assert!(matches!(s[0], Stmt::Print(Print { .. })));
    // the assignment keeps the 2 it scanned before the fault
    assert!(matches!(
        &s[1],
        Stmt::Let(Let {
            value: Expr::Binary(BinOp::Add, ..),
            ..
        })
    ));
    assert_eq!(raised(&s[1]), Some(ErrorCode::MissingOperand));
    assert!(matches!(s[2], Stmt::Print(Print { .. })));
    let s = stmts("10 PRINT 1: X: PRINT 2");
    assert_eq!(raised(&s[1]), Some(ErrorCode::SyntaxError));
    assert!(matches!(s[2], Stmt::Print(Print { .. })));
    // `FORI=1TO3` is the assignment FORI=1 followed by junk: it assigns, then fails.
    let s = stmts("10 FORI=1TO3:PRINT I:NEXT");
    assert!(matches!(s[0], Stmt::Let(Let { .. })));
    assert_eq!(raised(&s[1]), Some(ErrorCode::SyntaxError));
}

#[test]
fn statement_followed_by_junk_runs_then_fails() {
    let s = stmts("10 X=1 Y=2");
    assert!(matches!(s[0], Stmt::Let(Let { .. })));
    assert_eq!(raised(&s[1]), Some(ErrorCode::SyntaxError));
}

#[test]
fn a_fault_keeps_the_operands_scanned_before_it() {
    // STRING$(300 : the 300 is evaluated (and rejected) before the missing `,` is seen
    let s = stmts("10 X$=STRING$(300");
    let Stmt::Let(Let { value, .. }) = &s[0] else {
        panic!("{s:?}")
    };
    let Expr::Call(_, args) = value else {
        panic!("{value:?}")
    };
    assert_eq!(args.len(), 2);
    assert!(matches!(args[1], Expr::Raise(..)));
    // PRINT prints what it parsed before the fault
    let s = stmts("10 PRINT 1;2;(3");
    let Stmt::Print(Print { items, .. }) = &s[0] else {
        panic!("{s:?}")
    };
    assert!(matches!(items.last(), Some(PrintItem::Expr(Expr::Raise(v, _))) if v.len() == 1));
}

#[test]
fn if_branches_nest_with_nearest_else() {
    let s = stmts("10 IF A THEN IF B THEN 20 ELSE 30 ELSE 40");
    let Stmt::If(If { branches, .. }) = &s[0] else {
        panic!()
    };
    assert!(matches!(branches.then_branch[0].node, Stmt::If(If { .. })));
    let else_branch = branches.else_branch.as_ref().unwrap();
    assert!(matches!(else_branch[0].node, Stmt::Goto(Goto { line: 40 })));
}

#[test]
fn for_next_and_on_goto() {
    let s = stmts("10 FOR J=D+1 TO SIZE STEP -D: NEXT J, I: ON X GOSUB 100, 200");
    assert!(matches!(s[0], Stmt::For(For { .. })));
    assert!(matches!(&s[1], Stmt::Next(Next { vars, bad: false, .. }) if vars.len() == 2));
    assert!(
        matches!(&s[2], Stmt::On(On { gosub: Some(true), targets, .. }) if targets == &[Some(100), Some(200)])
    );
}

#[test]
fn option_base_digit_is_text() {
    assert!(matches!(
        stmts("10 OPTION BASE 1")[..],
        [Stmt::OptionBase(OptionBase { base: 1 })]
    ));
}

#[test]
fn apostrophe_comment_after_code() {
    let s = stmts("7030 R=INT(RND*D)+1 'random, 1 to size");
    assert!(matches!(s[0], Stmt::Let(Let { .. })));
    assert!(matches!(s[1], Stmt::Rem(_)));
}

#[test]
fn print_items() {
    let s = stmts("10 PRINT A;B,TAB(5);\"X\";SPC(2)");
    let Stmt::Print(Print { items, .. }) = &s[0] else {
        panic!("{s:?}")
    };
    assert_eq!(items.len(), 9);
}
