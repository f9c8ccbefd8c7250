//! Exact operation counts for small programs, computed by hand from GW-BASIC's rules
//! (digest §2.1, §3.2, §5.3, §12.2).

use gwrun_core::cost::weights::Counter;
use gwrun_core::cost::{GotoModel, Report};
use gwrun_core::session::{Session, Stop};

fn report(src: &str, model: GotoModel) -> Report {
    let mut s = Session::captured(b"");
    s.load_source(src.as_bytes()).unwrap();
    assert_eq!(
        s.run_program(),
        Stop::Ended,
        "{}",
        String::from_utf8_lossy(&s.take_output())
    );
    s.cost_report(model)
}

/// A 20-line program whose line 150 jumps back 5 lines to line 100 twice.
fn twenty_lines() -> String {
    let mut src = String::new();
    for n in (10..=200).step_by(10) {
        let line = match n {
            100 => "100 I=I+1".to_string(),
            150 => "150 IF I<3 GOTO 100".to_string(),
            200 => "200 END".to_string(),
            _ => format!("{n} REM"),
        };
        src.push_str(&line);
        src.push('\n');
    }
    src
}

#[test]
fn backward_goto_searches_from_the_top_once_then_uses_the_pointer() {
    // Target 100 < 150: search from the first line; lines 10..100 are examined: 10 steps.
    // The second jump goes through the converted pointer.
    let r = report(&twenty_lines(), GotoModel::Gw);
    assert_eq!(r.totals.get(Counter::LineStep), 10);
    assert_eq!(r.totals.get(Counter::JumpPtr), 1);
}

#[test]
fn naive_model_searches_from_the_top_on_every_jump() {
    let r = report(&twenty_lines(), GotoModel::Naive);
    assert_eq!(r.totals.get(Counter::LineStep), 20);
    assert_eq!(r.totals.get(Counter::JumpPtr), 0);
}

#[test]
fn forward_goto_searches_from_the_next_line() {
    // 10 GOTO 50 in lines 10..50: search starts at line 20, examines 20,30,40,50: 4 steps.
    let r = report(
        "10 GOTO 50\n20 REM\n30 REM\n40 REM\n50 END\n",
        GotoModel::Gw,
    );
    assert_eq!(r.totals.get(Counter::LineStep), 4);
    let naive = report(
        "10 GOTO 50\n20 REM\n30 REM\n40 REM\n50 END\n",
        GotoModel::Naive,
    );
    assert_eq!(naive.totals.get(Counter::LineStep), 5);
}

#[test]
fn spaces_are_counted_on_every_execution() {
    assert_eq!(
        report("10 A = 1 + 2\n", GotoModel::Gw)
            .totals
            .get(Counter::Space),
        4
    );
    // "FOR I=1 TO 3" (3 spaces, once) and "A = 1" (2 spaces, three times)
    let r = report("10 FOR I=1 TO 3:A = 1:NEXT\n", GotoModel::Gw);
    assert_eq!(r.totals.get(Counter::Space), 3 + 3 * 2);
    assert_eq!(
        report("10 A=1+2\n", GotoModel::Gw)
            .totals
            .get(Counter::Space),
        0
    );
}

#[test]
fn for_body_scans_on_every_for_execution() {
    // Outer FOR scans ": FOR J=1 TO 3: NEXT J: NEXT" = 19 bytes once; the inner FOR scans
    // ": NEXT" = 3 bytes each of its 2 executions.
    let r = report(
        "10 FOR I=1 TO 2: FOR J=1 TO 3: NEXT J: NEXT I\n",
        GotoModel::Gw,
    );
    assert_eq!(r.totals.get(Counter::ForExec), 3);
    assert_eq!(r.totals.get(Counter::ForScanByte), 19 + 2 * 3);
    assert_eq!(r.totals.get(Counter::NextNamed), 2 * 3 + 2);
}

#[test]
fn variable_probes_follow_creation_order() {
    // A, B, C created in that order (0, 1, 2 probes to find them); X is created fourth
    // (3 entries passed); C+C costs 2+2.
    let r = report("10 A=1: B=2: C=3: X=C+C\n", GotoModel::Gw);
    assert_eq!(r.totals.get(Counter::VarRef), 6);
    assert_eq!(r.totals.get(Counter::VarProbe), 10);
    assert_eq!(r.totals.get(Counter::VarNew), 4);
}

#[test]
fn if_false_skips_the_rest_of_the_line() {
    // IF 0 THEN PRINT 1: PRINT 2 — the skip walks "PRINT 1: PRINT 2" as stored: the PRINT
    // token, space, the constant 1, colon, space, PRINT, space, the constant 2 = 8 bytes.
    let r = report("10 IF 0 THEN PRINT 1: PRINT 2\n", GotoModel::Gw);
    assert_eq!(r.totals.get(Counter::Stmt), 1);
    assert_eq!(r.totals.get(Counter::ScanByte), 8);
}

#[test]
fn statements_and_lines() {
    let r = report("10 A=1: B=2\n20 C=3\n", GotoModel::Gw);
    assert_eq!(r.totals.get(Counter::Stmt), 3);
    assert_eq!(r.totals.get(Counter::Line), 2);
}

#[test]
fn separators_before_a_statement_are_walked_each_time_it_runs() {
    // NEXT resumes after the FOR statement: ": NEXT" (one space) is walked on each of the
    // 3 iterations, "FOR I=1 TO 3" (3 spaces) once.
    let r = report("10 FOR I=1 TO 3: NEXT\n", GotoModel::Gw);
    assert_eq!(r.totals.get(Counter::Space), 3 + 3);
    // WHILE I<3 (1 space) once; ":  I=I+1" (2) and ": WEND" (1) three times.
    let w = report("10 WHILE I<3:  I=I+1: WEND\n", GotoModel::Gw);
    assert_eq!(w.totals.get(Counter::Space), 1 + 3 * 2 + 3);
}

#[test]
fn integer_powers_are_counted_apart_from_real_ones() {
    let r = report("10 X=2^3: Y=2^.5\n", GotoModel::Gw);
    assert_eq!(r.totals.get(Counter::OpPowInt), 1);
    assert_eq!(r.totals.get(Counter::OpPow), 1);
}

/// Counts that the counters derive from statement executions (machine::counters) stay
/// exact when executions leave the common path: first-time jumps, RETURN without GOSUB,
/// an error at a line's first statement RESUMEd there, a NEXT that errs.
#[test]
fn derived_counts_survive_errors_and_resumes() {
    let src = "10 ON ERROR GOTO 100\n\
               20 FOR I%=1 TO 3: GOSUB 80: NEXT I%\n\
               30 FOR S=1 TO 2: NEXT\n\
               40 RETURN\n\
               45 Z=11\n\
               50 A(Z)=1\n\
               55 NEXT J\n\
               60 END\n\
               80 RETURN\n\
               100 E=E+1: IF E=2 THEN Z=1: RESUME\n\
               110 RESUME NEXT\n";
    let r = report(src, GotoModel::Gw);
    // GOSUB 80 three times (the first one searches), each RETURNed; the RETURN at 40
    // has no GOSUB: an error (E=1), no RETURN counted.
    assert_eq!(r.totals.get(Counter::Gosub), 3);
    assert_eq!(r.totals.get(Counter::Return), 3);
    // NEXT I% three times (integer loop), the bare NEXT twice (single loop); NEXT J has
    // no FOR (E=3) and counts nothing.
    assert_eq!(r.totals.get(Counter::NextNamed), 3);
    assert_eq!(r.totals.get(Counter::NextBare), 2);
    assert_eq!(r.totals.get(Counter::NextInt), 3);
    assert_eq!(r.totals.get(Counter::NextSng), 2);
    let line = |n: u16| r.lines.iter().find(|l| l.number == n).expect("line");
    // A(11) is out of range (E=2): RESUME runs line 50 again without entering it again.
    assert_eq!((line(50).hits, line(50).statements), (1, 2));
    assert_eq!(line(80).hits, 3);
    // the handler is entered per error; its IF is false for E=1 and E=3: line 110 twice
    assert_eq!(line(100).hits, 3);
    assert_eq!(line(110).hits, 2);
}

/// The collector's counted descriptor visits after `n` strings in an array and one
/// FRE(""): BISTRS.ASM GARBAG makes one pass per string in string space plus a last one
/// that finds none, and each pass looks at every simple variable (I), every array header
/// (A$) and every element of a string array (n + 1 with A$(0)).
fn gc_visits(n: u32) -> (u64, u64) {
    let src =
        format!("10 DIM A$({n})\n20 FOR I=1 TO {n}: A$(I)=STR$(I): NEXT\n30 PRINT FRE(\"\")\n");
    let r = report(&src, GotoModel::Gw);
    (r.totals.get(Counter::GcVisit), r.totals.get(Counter::GcRun))
}

#[test]
fn string_collection_visits_every_descriptor_once_per_string_moved() {
    let n = 100u64;
    let (visits, runs) = gc_visits(n as u32);
    assert_eq!(runs, 1);
    assert_eq!(visits, (n + 1) * (1 + 1 + (n + 1)));
}

#[test]
fn string_collection_work_grows_as_the_square_of_the_live_strings() {
    let (small, _) = gc_visits(200);
    let (large, _) = gc_visits(400);
    // (n+1)(n+3): doubling n multiplies the work by about four
    let ratio = large as f64 / small as f64;
    assert!((3.9..4.1).contains(&ratio), "{small} -> {large}");
}

#[test]
fn collections_a_new_string_forces_are_counted() {
    // 2,000 strings of 200 bytes through one variable: about 400,000 bytes of garbage in
    // a string space of about 60,000, so GETSPA falls into GARBAG several times
    let r = report(
        "10 FOR I=1 TO 2000: A$=STRING$(200,\"X\"): NEXT\n",
        GotoModel::Gw,
    );
    let runs = r.totals.get(Counter::GcRun);
    assert!((5..=8).contains(&runs), "{runs} collections");
    assert!(r.totals.get(Counter::GcByte) >= runs * 200);
}
