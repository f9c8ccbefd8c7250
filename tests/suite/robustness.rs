//! Bad input never panics: random bytes as a program file, random programs built from
//! BASIC fragments, run with a statement budget (an endless loop stops as if by Ctrl-C).
//! Also: LIST text crunches back to the same bytes.

use gwrun_core::session::Session;
use proptest::prelude::*;
use std::sync::Once;

/// Files a random program might create land in a scratch directory.
fn in_scratch_dir() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let d = std::env::temp_dir().join(format!("gwrun-robust-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&d);
        let _ = std::env::set_current_dir(&d);
    });
}

fn run_bounded(src: &[u8]) {
    in_scratch_dir();
    let mut s = Session::captured(b"1\n2\nA\n");
    s.machine_mut().set_statement_budget(Some(100_000));
    if s.load_source(src).is_ok() {
        let _ = s.run_program();
        for line in ["LIST", "PRINT 1", "CONT", "RUN"] {
            let _ = s.enter_line(line);
        }
    }
}

const FRAGMENTS: &[&str] = &[
    "PRINT",
    "?",
    "IF",
    "THEN",
    "ELSE",
    "GOTO 10",
    "GOSUB 20",
    "RETURN",
    "FOR I=1 TO 3",
    "NEXT",
    "NEXT I",
    "WHILE",
    "WEND",
    "DIM A(5)",
    "A(",
    ")",
    "(",
    ",",
    ";",
    ":",
    "\"X\"",
    "\"",
    "A$",
    "B%",
    "C#",
    "D!",
    "X",
    "=",
    "+",
    "-",
    "*",
    "/",
    "\\",
    "^",
    "MOD",
    "AND",
    "OR",
    "NOT",
    "<",
    ">",
    "<>",
    "1",
    "0",
    "-32768",
    "32767",
    "1E38",
    "1D300",
    ".5",
    "&HFFFF",
    "&O7",
    "LEFT$(",
    "MID$(",
    "STRING$(",
    "CHR$(",
    "ASC(",
    "VAL(",
    "STR$(",
    "SQR(",
    "LOG(",
    "EXP(",
    "SIN(",
    "INT(",
    "CINT(",
    "RND",
    "ON",
    "ERROR",
    "RESUME",
    "RESUME NEXT",
    "READ",
    "DATA 1,2,X",
    "RESTORE",
    "DEF FNA(X)=X",
    "FNA(",
    "SWAP",
    "ERASE A",
    "OPTION BASE 1",
    "DEFINT A",
    "DEFSTR S",
    "TRON",
    "TROFF",
    "STOP",
    "END",
    "CLEAR",
    "RANDOMIZE 1",
    "PRINT USING \"##.#\";",
    "TAB(",
    "SPC(",
    "INPUT",
    "LINE INPUT",
    "INKEY$",
    "LEN(",
    "INSTR(",
    "HEX$(",
    "ERR",
    "ERL",
    "FRE(0)",
    "MID$(A$,1)=",
    "LSET",
    "WRITE",
    "REM",
    "'",
    "CLS",
    "WIDTH 40",
    "RETURN 10",
];

fn program() -> impl Strategy<Value = String> {
    program_of(FRAGMENTS)
}

/// Programs whose constants LIST exactly: GW's printed digits of a single near 1E38 read
/// back as a neighbouring value (LIST shows 9.999999E+37 for 1E38, in GW-BASIC too).
fn listable_program() -> impl Strategy<Value = String> {
    program_of(&FRAGMENTS[..FRAGMENTS.len()]).prop_filter("no huge constants", |s| {
        !s.contains("1E38") && !s.contains("1D300")
    })
}

fn program_of(fragments: &'static [&'static str]) -> impl Strategy<Value = String> {
    let line =
        prop::collection::vec(prop::sample::select(fragments), 1..8).prop_map(|f| f.join(" "));
    prop::collection::vec(line, 1..8).prop_map(|lines| {
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{} {}\n", (i + 1) * 10, l))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        run_bounded(&bytes);
    }

    #[test]
    fn random_programs_never_panic(src in program()) {
        run_bounded(src.as_bytes());
    }

    /// (A line whose text starts with a digit cannot round-trip, in GW-BASIC either: the
    /// line-number reader skips blanks between digits, so `10 5` reads as line 105. Nor
    /// can a `0` followed by more digits after ERL or GOTO: the reader takes five digits,
    /// so `ERL 0 32767` holds 3276 and 7, which LIST shows as `32767`.)
    #[test]
    fn list_text_crunches_back_to_the_same_bytes(src in listable_program()) {
        prop_assume!(src.lines().all(|l| !l.split_once(' ').is_some_and(|(_, b)| b.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == '-'))));
        prop_assume!(!src.split(' ').collect::<Vec<_>>().windows(2).any(|w| w[0] == "0" && w[1].starts_with(|c: char| c.is_ascii_digit())));
        // a text GW-BASIC refuses to load (an `&O` literal whose digits, blanks between
        // them skipped, pass 16 bits: a hard Overflow) has nothing to list
        let p = gwrun_core::program::Program::from_ascii(src.as_bytes());
        prop_assume!(p.is_ok());
        let p = p.unwrap();
        let listed = gwrun_core::program::progfile::save_ascii(&p);
        let again = gwrun_core::program::Program::from_ascii(&listed).unwrap();
        prop_assert_eq!(p, again);
    }
}

/// A tokenized line: link (ignored), number, body, terminator.
fn tokenized_line(number: u16, body: &[u8]) -> Vec<u8> {
    let mut v = vec![1, 1];
    v.extend_from_slice(&number.to_le_bytes());
    v.extend_from_slice(body);
    v.push(0);
    v
}

/// GW's cruncher makes lines of up to 314 bytes and its LOAD takes longer ones; a line
/// of more than 1,024 bytes is refused.
#[test]
fn a_tokenized_line_longer_than_gw_could_write_is_refused() {
    let mut file = vec![0xFF];
    file.extend(tokenized_line(10, &[b'A'; 1100]));
    file.extend_from_slice(&[0, 0]);
    let mut s = Session::captured(b"");
    let e = s.load_source(&file).unwrap_err();
    assert_eq!(e.code, gwrun_core::error::ErrorCode::LineBufferOverflow);
}

#[test]
fn renum_of_a_line_ending_inside_a_constant_does_not_panic() {
    // line 10: `"`, 0x1C (an integer constant's token), `"`, then a line-number token
    // whose two bytes are missing
    let mut file = vec![0xFF];
    file.extend(tokenized_line(0, &[0xAB]));
    file.extend(tokenized_line(10, &[b'"', 0x1C, b'"', 0x0E]));
    file.extend_from_slice(&[0, 0]);
    let mut s = Session::captured(b"");
    if s.load_source(&file).is_ok() {
        let _ = s.enter_line("RENUM");
        let _ = s.enter_line("LIST");
    }
}

#[test]
fn a_record_far_beyond_any_dos_disk_is_disk_full() {
    in_scratch_dir();
    let mut s = Session::captured(b"");
    // records of 32767 bytes need GW-BASIC started with /S:32767
    s.machine_mut().set_max_reclen(32767);
    let src = b"10 OPEN \"R\",#1,\"HUGE.DAT\",32767\n20 PUT #1,16000000\n30 PRINT \"no\"\n";
    s.load_source(src).unwrap();
    let _ = s.run_program();
    let out = String::from_utf8_lossy(&s.take_output()).into_owned();
    let _ = std::fs::remove_file("HUGE.DAT");
    assert_eq!(out, "Disk full in 20\n");
}

/// The statement budget is one of cost: drawing charges it (`WORK_PER_STATEMENT` pixels
/// or bytes of video memory for one statement), so a run under a budget ends in bounded
/// time whatever it draws. The budget is checked every 1024 statements: a loop of three
/// statements that fills the EGA screen each turn has spent 2,000 statements' worth by
/// the first check (341 turns), where the same loop without drawing runs its 2,048
/// statements (682 turns).
#[test]
fn the_budget_charges_drawing() {
    let turns = |body: &str| {
        let mut s = Session::captured(b"");
        s.machine_mut().set_statement_budget(Some(2_000));
        let src = format!("10 SCREEN 9\n20 {body}: N=N+1: GOTO 20\n");
        s.load_source(src.as_bytes()).unwrap();
        let _ = s.run_program();
        s.scalar_f64("N").unwrap()
    };
    let drawing = turns("LINE (0,0)-(639,349),1,BF");
    let plain = turns("A=1");
    assert!(
        (300.0..=342.0).contains(&drawing),
        "{drawing} turns drawing"
    );
    assert!(plain >= 682.0, "{plain} turns without drawing");
}
