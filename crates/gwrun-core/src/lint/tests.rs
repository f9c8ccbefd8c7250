//! Each rule on a program with one seeded defect (found, at the right line), the same
//! program without it (not found), and the corpus: no error on a correct program of
//! basic/, and on basic/conformance/ only the errors its cases are about (listed, each
//! checked by hand, in lint/corpus-errors.txt).

use super::*;
use crate::program::progfile;

fn program(lines: &[&str]) -> Program {
    let text: String = lines.iter().map(|l| format!("{l}\r\n")).collect();
    progfile::load(text.as_bytes())
        .expect("the test program loads")
        .0
}

/// The (rule, line) pairs found.
fn found(lines: &[&str]) -> Vec<(&'static str, u16)> {
    check(&program(lines))
        .into_iter()
        .map(|f| (f.rule, f.line))
        .collect()
}

fn has(lines: &[&str], rule: &str, line: u16) -> bool {
    found(lines).contains(&(rule, line))
}

#[test]
fn jumps_to_missing_lines() {
    let prog = [
        "10 GOSUB 100",
        "20 ON X GOTO 10, 30, 99",
        "30 RESTORE 70: END",
        "100 RETURN",
    ];
    assert!(has(&prog, "missing-line", 20));
    assert!(has(&prog, "missing-line", 30));
    assert!(!has(&prog, "missing-line", 10));
    let f = check(&program(&prog));
    let at99 = f.iter().find(|f| f.line == 20).unwrap();
    // `20 ON X GOTO 10, 30, 99`: the 99 starts in column 22
    assert_eq!(at99.column, 22);
    assert!(at99.message.contains("no line 99"), "{}", at99.message);
    // ON ERROR GOTO 0 is not a line; LIST ranges need not exist
    assert!(found(&["10 ON ERROR GOTO 0", "20 LIST 500-600"]).is_empty());
    // THEN n, ELSE n, RESUME n, RUN n, RETURN n
    for l in [
        "10 IF X THEN 50",
        "10 IF X THEN 10 ELSE 50",
        "10 RESUME 50",
        "10 RUN 50",
        "10 RETURN 50",
    ] {
        assert!(has(&[l], "missing-line", 10), "{l}");
    }
    assert!(has(&["10 IF ERL = 500 THEN END"], "erl-line", 10));
}

#[test]
fn lines_gw_reads_otherwise_show_their_tokens() {
    let f = check(&program(&["10 S1=5: FOR I=S1-1TOS1+1: PRINT I: NEXT"]));
    let syntax = f
        .iter()
        .find(|f| f.rule == "syntax")
        .expect("a syntax finding");
    assert_eq!(syntax.severity, Severity::Error);
    let detail = syntax.detail.as_deref().unwrap();
    assert!(detail.contains("[TOS1]"), "{detail}");
    assert!(detail.contains("write `TO S1`"), "{detail}");
    let f = check(&program(&["40 REMARKABLE", "50 PRINT 1"]));
    let d = f[0].detail.as_deref().unwrap();
    assert!(
        d.contains("`REMARKABLE` is one name") && d.contains("REM ARKABLE"),
        "{d}"
    );
    // a name that merely starts with a keyword, in a line that reads well, is fine
    assert!(found(&["10 TOTAL = 1: PRINT TOTAL"]).is_empty());
}

#[test]
fn loops_that_cannot_close() {
    assert!(has(
        &["10 FOR I=1 TO 3", "20 PRINT I"],
        "for-without-next",
        10
    ));
    assert!(has(&["10 FOR I=1 TO 3: NEXT J"], "next-without-for", 10));
    assert!(has(&["10 PRINT 1", "20 NEXT"], "next-without-for", 20));
    assert!(has(&["10 WHILE X", "20 PRINT"], "while-without-wend", 10));
    assert!(has(&["10 PRINT", "20 WEND"], "wend-without-while", 20));
    // two NEXTs for one FOR (a jump goes to the second) are GW-BASIC's habit, not errors
    let ok = [
        "10 FOR I=1 TO 3",
        "20 IF I=2 THEN 40",
        "30 PRINT I: NEXT I: GOTO 50",
        "40 PRINT \"two\": NEXT I",
        "50 END",
    ];
    assert!(
        !found(&ok).iter().any(|(r, _)| r.contains("without")),
        "{:?}",
        found(&ok)
    );
}

#[test]
fn functions_and_variables() {
    assert!(has(&["10 PRINT FNA(1)"], "undefined-fn", 10));
    assert!(has(
        &["10 PRINT FNA(1)", "20 DEF FNA(X)=X"],
        "fn-before-def",
        10
    ));
    assert!(!has(
        &["10 DEF FNA(X)=X*2", "20 PRINT FNA(1)"],
        "fn-before-def",
        20
    ));
    assert!(has(&["10 PRINT TOTL: TOTAL=1"], "never-assigned", 10));
    assert!(!has(&["10 INPUT A: PRINT A"], "never-assigned", 10));
    assert!(!has(&["10 READ A$(1): PRINT A$(1)"], "never-assigned", 10));
    assert!(!has(
        &["10 DEF FNA(X)=X+1: PRINT FNA(2)"],
        "never-assigned",
        10
    ));
    assert!(has(
        &["10 SCORE=1: SCALE=2: PRINT SCORE"],
        "two-letter-names",
        10
    ));
}

#[test]
fn unreachable_lines() {
    let prog = [
        "10 GOTO 40",
        "20 PRINT \"lost\"",
        "30 PRINT \"lost too\"",
        "40 END",
        "50 PRINT 1",
    ];
    let f = check(&program(&prog));
    let u: Vec<_> = f.iter().filter(|f| f.rule == "unreachable").collect();
    assert_eq!(u.len(), 2, "{u:?}");
    assert_eq!((u[0].line, u[1].line), (20, 50));
    assert!(u[0].message.contains("lines 20 to 30"), "{}", u[0].message);
    // subroutines and handlers after END are reached by their jumps; DATA and REM are
    // not code
    let ok = [
        "10 ON ERROR GOTO 200: GOSUB 100: END",
        "100 PRINT: RETURN",
        "110 DATA 1, 2",
        "200 RESUME NEXT",
    ];
    assert!(
        !found(&ok).iter().any(|(r, _)| *r == "unreachable"),
        "{:?}",
        found(&ok)
    );
}

#[test]
fn the_reports_say_where() {
    let p = program(&["10 GOTO 99"]);
    let f = check(&p);
    assert!(has_errors(&f));
    let text = render_text(&f, "P.BAS", &|n| (n == 10).then_some(1));
    assert!(
        text.starts_with("P.BAS:1:9: error: line 10: GOTO 99"),
        "{text}"
    );
    let json = render_json(&f, &|_| None);
    assert!(
        json.contains("\"rule\":\"missing-line\",\"line\":10,\"file_line\":null,\"column\":9"),
        "{json}"
    );
    assert_eq!(file_lines(b"10 A\r\n\r\n20 B\r\n").get(&20), Some(&3));
}

/// All .bas files under a folder of the repository.
fn corpus(dir: &str) -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(dir);
    let mut out = Vec::new();
    let mut todo = vec![root];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("bas")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Errors found in a file, as `path rule line` (path from the repository root).
fn errors_in(path: &std::path::Path) -> Vec<String> {
    let Ok(bytes) = std::fs::read(path) else {
        return Vec::new();
    };
    let Ok((p, _)) = progfile::load(&bytes) else {
        return Vec::new();
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rel = path
        .strip_prefix(&root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/");
    check(&p)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| format!("{rel} {} {}", f.rule, f.line))
        .collect()
}

#[test]
fn no_error_on_the_corpus_but_the_deliberate_ones() {
    let expected: std::collections::BTreeSet<String> = include_str!("corpus-errors.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" #").next().unwrap_or(l).trim().to_string())
        .collect();
    let mut got = std::collections::BTreeSet::new();
    for dir in ["basic"] {
        for path in corpus(dir) {
            got.extend(errors_in(&path));
        }
    }
    let unexpected: Vec<_> = got.difference(&expected).collect();
    let gone: Vec<_> = expected.difference(&got).collect();
    assert!(
        unexpected.is_empty() && gone.is_empty(),
        "errors not in lint/corpus-errors.txt: {unexpected:#?}\nlisted but not found: {gone:#?}"
    );
}
