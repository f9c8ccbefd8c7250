//! Hostile programs and files through the real binary: each ends with GW-BASIC's error
//! (or a clear CLI error), never a panic, a host stack overflow or a hang, with memory
//! bounded. Every run is timed and its peak memory measured (`crate::support::run_in`); the
//! bounds here are generous (a debug build on a shared machine) — the release numbers
//! are in docs/reliability.md.

use crate::support::{Input, Ran, Scratch, run_in, stdin_bytes};
use std::time::Duration;

/// Peak memory any of these runs may take (KiB).
const RSS_LIMIT_KIB: u64 = 64 * 1024;

fn lines(ls: &[String]) -> Vec<u8> {
    let mut v = Vec::new();
    for l in ls {
        v.extend_from_slice(l.as_bytes());
        v.extend_from_slice(b"\r\n");
    }
    v
}

/// Runs `gwrun FILE` on `src` and checks it ended cleanly within `secs`.
fn run_file(tag: &str, src: &[u8], secs: u64) -> Ran {
    let dir = Scratch::new(&format!("hostile-{tag}"));
    dir.write("P.BAS", src);
    let r = run_in(&dir.0, &["P.BAS"], Input::Null, Duration::from_secs(secs));
    r.assert_clean_end(tag);
    assert!(
        r.max_rss_kib <= RSS_LIMIT_KIB,
        "{tag}: {} KiB at peak",
        r.max_rss_kib
    );
    r
}

/// The run ended with GW-BASIC's message `msg` on the screen and status 1.
fn ends_with_error(r: &Ran, msg: &str) {
    assert!(r.out().contains(msg), "expected {msg:?}, got {:?}", r.out());
    assert_eq!(r.code, Some(1), "{msg}");
}

#[test]
fn unbounded_gosub_is_out_of_memory() {
    let r = run_file("gosub", b"10 GOSUB 10\r\n", 30);
    ends_with_error(&r, "Out of memory in 10");
}

#[test]
fn unbounded_fn_recursion_is_out_of_memory_not_a_host_stack_overflow() {
    let r = run_file("fn", b"10 DEF FNA(X)=FNA(X)+1\r\n20 PRINT FNA(1)\r\n", 30);
    ends_with_error(&r, "Out of memory in 20");
    // two functions calling each other
    let r = run_file(
        "fn2",
        b"10 DEF FNB(X)=FNC(X)\r\n20 DEF FNC(X)=FNB(X)\r\n30 PRINT FNB(1)\r\n",
        30,
    );
    ends_with_error(&r, "Out of memory in 30");
}

#[test]
fn a_thousand_nested_parentheses_are_refused_as_gw_refuses_the_line() {
    // the line is longer than GW's 255-byte line buffer
    let deep = format!(
        "10 X={}1{}\r\n20 PRINT X\r\n",
        "(".repeat(1000),
        ")".repeat(1000)
    );
    let r = run_file("paren1000", deep.as_bytes(), 30);
    assert!(r.err().contains("Line buffer overflow"), "{}", r.err());
    assert_eq!(r.code, Some(1));
    // as deep as a line allows: evaluated
    let deep = format!(
        "10 X={}1{}\r\n20 PRINT X\r\n",
        "(".repeat(120),
        ")".repeat(120)
    );
    let r = run_file("paren120", deep.as_bytes(), 30);
    assert_eq!(r.code, Some(0), "{}", r.err());
    // a tokenized file may hold longer lines than GW crunches, but not past 1,024 bytes
    let paren_image = |depth: usize| {
        let mut img = vec![0xFF, 0x00, 0x13, 10, 0];
        img.extend_from_slice(b"X\xE7");
        img.extend(std::iter::repeat_n(b'(', depth));
        img.push(b'1');
        img.extend(std::iter::repeat_n(b')', depth));
        img.extend_from_slice(&[0, 0, 0]);
        img
    };
    let r = run_file("paren-tok", &paren_image(600), 30);
    assert!(r.err().contains("Line buffer overflow"), "{}", r.err());
    // and a file larger than the memory below FRETOP less 86 bytes is not read at all
    // [S GIO86.ASM FSTLOD, DSKCOM.ASM OUTLOD]
    let r = run_file("paren-huge", &paren_image(60_000), 30);
    assert!(r.err().contains("Out of memory"), "{}", r.err());
}

/// `n` nested FOR loops, one to a line, typed into direct mode, then their NEXTs, then
/// RUN. GW's program space takes a few thousand of the FOR lines; every line after that,
/// the NEXTs too, is refused with Out of memory (GWMAIN.ASM EDENT, REASON), so the
/// program that RUNs is FORs without a NEXT, with 2 bytes free: the first FOR's PTRGET
/// has no room for A, Out of memory before its scan for the NEXT (GWMAIN.ASM FOR,
/// BIPTRG.ASM SMKVAR: BLTU, REASON).
fn nested_fors(n: usize) {
    let dir = Scratch::new(&format!("hostile-for{n}"));
    let mut ls: Vec<String> = (1..=n).map(|i| format!("{i} FOR A=1 TO 1")).collect();
    ls.push(format!("{} PRINT \"IN\"", n + 1));
    ls.extend((0..n).map(|i| format!("{} NEXT", n + 2 + i)));
    ls.push("RUN".into());
    ls.push("SYSTEM".into());
    let input = stdin_bytes(&dir.0, "in.txt", &lines(&ls));
    let r = run_in(&dir.0, &[], input, Duration::from_secs(60));
    r.assert_clean_end("nested FORs");
    assert!(r.out().contains("\nOut of memory\n"), "{}", r.err());
    assert!(r.out().contains("Out of memory in 1"), "{}", r.err());
    assert!(r.max_rss_kib <= 4 * RSS_LIMIT_KIB, "{} KiB", r.max_rss_kib);
}

#[test]
fn ten_thousand_nested_fors_end_with_out_of_memory() {
    nested_fors(10_000);
}

#[test]
fn twenty_thousand_nested_fors_end_with_out_of_memory() {
    nested_fors(20_000);
}

#[test]
fn strings_doubled_past_255_are_string_too_long() {
    let r = run_file("strings", b"10 A$=\"x\"\r\n20 A$=A$+A$: GOTO 20\r\n", 30);
    ends_with_error(&r, "String too long in 20");
}

#[test]
fn arrays_past_64k_are_out_of_memory() {
    let r = run_file("arrays", b"10 DIM A#(10000)\r\n", 30);
    ends_with_error(&r, "Out of memory in 10");
    let r = run_file("arrays2", b"10 DIM A(100,100), B(100,100)\r\n", 30);
    ends_with_error(&r, "Out of memory in 10");
}

#[test]
fn errors_inside_error_handlers_are_reported_not_looped() {
    let r = run_file(
        "handler",
        b"10 ON ERROR GOTO 100\r\n20 ERROR 5\r\n100 ERROR 6\r\n",
        30,
    );
    ends_with_error(&r, "Overflow in 100");
    // a handler that resumes into the same error forever: a Break budget is not needed,
    // GW loops as well; this one ends because the handler gives up
    let r = run_file(
        "handler2",
        b"10 ON ERROR GOTO 100\r\n20 X=1/0\r\n30 END\r\n100 N=N+1: IF N<1000 THEN RESUME ELSE RESUME NEXT\r\n",
        30,
    );
    assert_eq!(r.code, Some(0), "{}", r.out());
}

#[test]
fn huge_and_truncated_tokenized_files_end_with_errors() {
    // larger than any program file GW could hold: refused without reading it all
    let mut huge = vec![0xFF];
    for i in 0..600_000u32 {
        let n = (i % 60000) as u16 + 1;
        huge.extend_from_slice(&[1, 1]);
        huge.extend_from_slice(&n.to_le_bytes());
        huge.extend_from_slice(b"\x91 1\x00");
    }
    let r = run_file("tok-huge", &huge, 30);
    assert!(r.err().contains("GW-BASIC"), "{}", r.err());
    assert_eq!(r.code, Some(1));
    // within the file limit but beyond GW's memory: Out of memory, as LOAD says
    let mut big = vec![0xFF];
    for n in 1..=8000u16 {
        big.extend_from_slice(&[1, 1]);
        big.extend_from_slice(&n.to_le_bytes());
        big.extend_from_slice(b"\x91 \"ABCDEFGHIJ\"\x00");
    }
    big.extend_from_slice(&[0, 0]);
    let r = run_file("tok-big", &big, 30);
    assert!(r.err().contains("Out of memory"), "{}", r.err());
    // cut inside a line: GW keeps the cut line, reading zeros after the file
    // [M gwbasic/truncated_code]; line 20 is a bare PRINT
    let cut = [
        0xFF, 0x10, 0x12, 10, 0, 0x91, b' ', b'1', 0, 0x10, 0x12, 20, 0, 0x91,
    ];
    let r = run_file("tok-cut", &cut, 30);
    assert_eq!(r.code, Some(0), "{}", r.err());
    assert_eq!(r.out(), " 1 \n\n", "{}", r.err());
    // a protected file cut anywhere
    for len in [1, 2, 5, 9] {
        let p = [0xFE, 0x3C, 0x9A, 0x11, 0x42, 0x07, 0xD1, 0x00, 0x55, 0x12];
        run_file("prot-cut", &p[..len], 30);
    }
}

#[test]
fn binary_garbage_ends_with_an_error() {
    let mut g = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..200_000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        g.push((x >> 16) as u8);
    }
    for first in [0x00, 0x31, 0xFE, 0xFF] {
        g[0] = first;
        run_file("garbage", &g, 30);
    }
}

#[test]
fn cr_only_line_ends_nul_and_utf8_bytes_in_source() {
    run_file("cr-only", b"10 PRINT \"A\"\r20 PRINT \"B\"\r", 30);
    let r = run_file(
        "nul-utf8",
        "10 PRINT \"A\0B\"\r\n20 PRINT \"été\"\r\n30 REM \0\r\n".as_bytes(),
        30,
    );
    assert_eq!(r.code, Some(0), "{}", r.err());
    assert!(r.stdout.windows(3).any(|w| w == &"été".as_bytes()[..3]));
    run_file("bom", "\u{feff}10 PRINT 1\r\n".as_bytes(), 30);
}

#[cfg(target_os = "linux")]
#[test]
fn dev_zero_as_a_program_is_refused_at_once() {
    let dir = Scratch::new("hostile-devzero");
    let r = run_in(&dir.0, &["/dev/zero"], Input::Null, Duration::from_secs(10));
    r.assert_clean_end("/dev/zero");
    assert_eq!(r.code, Some(1));
    assert!(r.err().contains("/dev/zero"), "{}", r.err());
    // at once means within the program size cap: reading the endless file to its end
    // would be stopped by the run's limit (timed_out, checked above) or grow memory
    assert!(r.max_rss_kib <= 50 * 1024, "{} KiB", r.max_rss_kib);
}

#[cfg(target_os = "linux")]
#[test]
fn dev_zero_as_stdin_ends_direct_mode_and_input() {
    let dir = Scratch::new("hostile-zero-stdin");
    let zero = || Input::File("/dev/zero".into());
    let r = run_in(&dir.0, &[], zero(), Duration::from_secs(10));
    r.assert_clean_end("direct mode on /dev/zero");
    assert!(r.err().contains("stdin"), "{}", r.err());
    assert!(r.max_rss_kib <= 50 * 1024, "{} KiB", r.max_rss_kib);
    dir.write(
        "IN.BAS",
        b"10 INPUT A$\r\n20 PRINT LEN(A$)\r\n30 INPUT B$\r\n",
    );
    let r = run_in(&dir.0, &["IN.BAS"], zero(), Duration::from_secs(10));
    r.assert_clean_end("INPUT on /dev/zero");
    // GW's line reader keeps 255 characters; then stdin is given up: the run ends
    // (GW-BASIC returns to DOS, its screen shows no message; the error log names it)
    assert!(r.out().contains(" 255 "), "{}", r.out());
    assert!(!r.out().contains("Input past end"), "{}", r.out());
    assert!(r.err().contains("Input past end in 30"), "{}", r.err());
    assert!(r.max_rss_kib <= 50 * 1024, "{} KiB", r.max_rss_kib);
}

#[test]
fn a_long_typed_line_keeps_255_characters() {
    let dir = Scratch::new("hostile-longline");
    dir.write("IN.BAS", b"10 LINE INPUT A$\r\n20 PRINT LEN(A$)\r\n");
    let mut input = vec![b'x'; 100_000];
    input.extend_from_slice(b"\n");
    let r = run_in(
        &dir.0,
        &["IN.BAS"],
        stdin_bytes(&dir.0, "in.txt", &input),
        Duration::from_secs(20),
    );
    r.assert_clean_end("long line");
    assert!(r.out().contains(" 255 "), "{}", r.out());
}
