//! Interpreter-loop benchmarks: whole programs run through the library (no process
//! start-up), so changes to the dispatch loop, expression evaluation and control flow show
//! up directly. Whole-process timings against other interpreters are in
//! ../shared/bench (see docs/benchmarks.md).

use criterion::{Criterion, criterion_group, criterion_main};
use gwrun_core::session::Session;

/// Ted's Shell sort of `n` integers (the document's routine) with its driver.
fn shell_sort(n: u32) -> String {
    format!(
        "10 DEFINT A-Z\n20 SIZE={n}\n30 DIM A(SIZE)\n40 FOR J=1 TO SIZE: A(J)=INT(RND*30000)+1: NEXT\n\
         2110 DLOOPS=INT(LOG(2*SIZE)/LOG(3))-1\n2115 D=(3^DLOOPS-1)/2: IF D=0 THEN D=1\n\
         2120 WHILE D\n2130 FOR J=D+1 TO SIZE\n2140 FOR K=J-D TO 1 STEP -D\n\
         2150 IF A(K)<=A(K+D) GOTO 2170\n2155 SWAP A(K),A(K+D)\n2160 NEXT K\n2170 NEXT J\n\
         2180 D=D\\3\n2190 WEND\n"
    )
}

/// A single-precision loop like ../shared/bench/programs/float.bas.
fn float_loop(n: u32) -> String {
    format!(
        "10 S#=0: T#=0\n20 FOR I!=1 TO {n}\n30 X!=I!/1000!\n\
         40 S#=S#+SIN(X!)*SQR(X!): T#=T#+EXP(-X!/50!)*X!\n50 NEXT I!\n"
    )
}

/// GOSUB/RETURN and a backward IF...GOTO.
fn gosub_loop(n: u32) -> String {
    format!(
        "10 DEFINT A-Z\n20 I=0\n30 I=I+1: GOSUB 100\n40 IF I<{n} THEN 30\n50 END\n100 K=K+3: RETURN\n"
    )
}

fn run(src: &str) {
    let mut s = Session::captured(b"");
    let _ = s.load_source(src.as_bytes());
    let _ = s.run_program();
}

/// 6,000 program lines typed (pasted) at the `Ok` prompt, then LIST of one line: every
/// typed line is stored without compiling the program (under 1 s).
fn paste_lines(lines: &[String]) {
    let mut s = Session::captured(b"");
    for l in lines {
        let _ = s.enter_line(l);
    }
    let _ = s.enter_line("LIST 60000");
}

fn benches(c: &mut Criterion) {
    let pasted: Vec<String> = (1..=6000)
        .map(|n| {
            format!(
                "{} A = A + {n}: PRINT A; \"X\"; B$: IF A > 5 THEN GOSUB {}",
                n * 10,
                n * 10
            )
        })
        .collect();
    c.bench_function("paste_6000_lines", |b| b.iter(|| paste_lines(&pasted)));
    let shell = shell_sort(2000);
    c.bench_function("shell_sort_2000", |b| b.iter(|| run(&shell)));
    let float = float_loop(5000);
    c.bench_function("float_loop_5000", |b| b.iter(|| run(&float)));
    let gosub = gosub_loop(20000);
    c.bench_function("gosub_20000", |b| b.iter(|| run(&gosub)));
}

criterion_group!(interp, benches);
criterion_main!(interp);
