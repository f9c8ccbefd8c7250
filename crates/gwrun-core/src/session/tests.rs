//! The slice API: a statement that waits goes on exactly where it stopped. Each program
//! runs twice, once with everything it waits for given before it asks (the keys typed
//! ahead into the keyboard buffer: no wait at all) and once answering each wait only
//! when the engine comes back for it; both runs must show the same screen and leave the
//! same RND sequence behind. The expectation is the uninterrupted run, which is how
//! GW-BASIC (which blocked) ran them.

use super::{Input, Session, Stop};
use crate::keyboard::Key;

/// Runs `program`, answering every key wait with the next of `keys` as it comes
/// (`typed_ahead`: all keys typed before the run, so nothing waits). Returns the screen
/// and how many times the engine came back for a key.
fn run(program: &[u8], keys: &[u8], typed_ahead: bool) -> (String, usize) {
    let mut s = Session::captured(b"");
    s.load_source(program).expect("loads");
    let mut left = keys.iter();
    if typed_ahead {
        let keys: Vec<Key> = left.by_ref().map(|&b| Key::Char(b)).collect();
        s.type_keys(&keys);
    }
    s.start_program();
    let mut waits = 0;
    let stop = loop {
        match s.run(u64::MAX) {
            Stop::Key => {
                waits += 1;
                let k = left.next().expect("a key for the wait");
                s.input(Input::Key(Key::Char(*k)));
            }
            Stop::Budget => {}
            other => break other,
        }
    };
    assert_eq!(stop, Stop::Ended);
    (
        String::from_utf8_lossy(&s.take_output()).into_owned(),
        waits,
    )
}

/// Both ways of running give the same screen; the second one did wait.
fn same_either_way(program: &[u8], keys: &[u8], waits: usize) -> String {
    let (ahead, none) = run(program, keys, true);
    let (asked, n) = run(program, keys, false);
    assert_eq!(none, 0);
    assert_eq!(n, waits);
    assert_eq!(asked, ahead);
    asked
}

#[test]
fn output_before_a_wait_in_the_same_statement_is_shown_once() {
    // INPUT$(2) waits for each of its keys
    let out = same_either_way(b"10 PRINT \"A\";INPUT$(1);\"B\";INPUT$(2)\n", b"xyz", 3);
    assert_eq!(out, "AxByz\n");
}

#[test]
fn rnd_drawn_before_a_wait_is_drawn_once() {
    // the second RND shows the generator was advanced once by the first statement
    let out = same_either_way(
        b"10 X=RND+ASC(INPUT$(1))-ASC(\"q\")\n20 PRINT X;RND\n",
        b"q",
        1,
    );
    let (fresh, _) = run(
        b"10 X=RND+ASC(\"q\")-ASC(\"q\")\n20 PRINT X;RND\n",
        b"",
        false,
    );
    assert_eq!(out, fresh);
}

#[test]
fn a_file_line_printed_before_a_wait_is_written_once() {
    let out = same_either_way(
        b"10 OPEN \"SCRN:\" FOR OUTPUT AS 1\n20 PRINT #1, \"F\";INPUT$(1)\n",
        b"k",
        1,
    );
    assert_eq!(out, "Fk\n");
}

#[test]
fn a_dim_before_a_wait_is_made_once() {
    // a second DIM A would be Duplicate Definition
    let out = same_either_way(
        b"10 DIM A(5), B(ASC(INPUT$(1))): PRINT \"ok\"\n",
        b"\x05",
        1,
    );
    assert_eq!(out, "ok\n");
}

#[test]
fn input_shows_its_prompt_once_per_try_and_redo_as_before() {
    let mut s = Session::captured(b"");
    s.load_source(b"10 INPUT \"N\";N\n20 PRINT N*2\n")
        .expect("loads");
    s.start_program();
    let mut replies = [&b"abc"[..], b"21"].into_iter();
    let stop = loop {
        match s.run(u64::MAX) {
            Stop::Line => {
                // run again without an answer: it asks again, showing nothing twice
                assert_eq!(s.run(u64::MAX), Stop::Line);
                s.input(Input::Line(replies.next().expect("a reply").to_vec()));
            }
            other => break other,
        }
    };
    assert_eq!(stop, Stop::Ended);
    assert_eq!(
        String::from_utf8_lossy(&s.take_output()),
        "N? abc\n?Redo from start\nN? 21\n 42 \n"
    );
}

#[test]
fn ctrl_c_while_waiting_is_a_break_at_the_statement_and_cont_runs_it_again() {
    let mut s = Session::captured(b"");
    s.load_source(b"10 PRINT \"A\";INPUT$(1)\n").expect("loads");
    s.start_program();
    assert_eq!(s.run(u64::MAX), Stop::Key);
    s.interrupter().interrupt();
    assert_eq!(s.run(u64::MAX), Stop::Break { line: Some(10) });
    s.start_line(b"CONT");
    assert_eq!(s.run(u64::MAX), Stop::Key);
    s.input(Input::Key(Key::Char(b'z')));
    assert_eq!(s.run(u64::MAX), Stop::Ended);
    // CONT ran the statement from its start, as GW-BASIC does after a Break
    assert_eq!(
        String::from_utf8_lossy(&s.take_output()),
        "A\nBreak in 10\nAz\n"
    );
}

#[test]
fn a_running_program_stops_at_the_next_statement_when_interrupted() {
    let mut s = Session::captured(b"");
    s.load_source(b"10 GOTO 10\n").expect("loads");
    s.start_program();
    assert_eq!(s.run(5000), Stop::Budget);
    s.interrupter().interrupt();
    assert_eq!(s.run(5000), Stop::Break { line: Some(10) });
}

#[test]
fn slices_end_between_statements_and_the_run_goes_on_unchanged() {
    let program = b"10 FOR I=1 TO 3000: S=S+I: NEXT\n20 PRINT S\n";
    let mut whole = Session::captured(b"");
    whole.load_source(program).expect("loads");
    assert_eq!(whole.run_program(), Stop::Ended);
    let mut sliced = Session::captured(b"");
    sliced.load_source(program).expect("loads");
    sliced.start_program();
    let mut slices = 0;
    while sliced.run(1024) == Stop::Budget {
        slices += 1;
    }
    assert!(slices >= 5, "{slices}");
    assert_eq!(sliced.take_output(), whole.take_output());
    let model = crate::cost::GotoModel::Gw;
    assert_eq!(
        sliced.cost_report(model).stats_text(),
        whole.cost_report(model).stats_text()
    );
}

/// Typed lines fill GW's memory: the first that does not fit is refused with Out of
/// memory and not stored; one that replaces a line but does not fit takes the old line
/// with it (GWMAIN.ASM EDENT: DEL first, then BLTU's REASON check fails).
#[test]
fn typed_lines_that_do_not_fit_are_out_of_memory() {
    let mut s = Session::captured(b"");
    assert_eq!(s.enter_line("CLEAR ,8000"), Stop::Ended);
    let filler = "X".repeat(20);
    let mut last = 0;
    for n in 1..1000u16 {
        s.enter_line(&format!("{n} REM {filler}"));
        let out = String::from_utf8_lossy(&s.take_output()).into_owned();
        if out.contains("Out of memory") {
            last = n;
            break;
        }
    }
    assert!(last > 1, "the memory never filled");
    let listed = |s: &mut Session, range: &str| {
        s.enter_line(&format!("LIST {range}"));
        String::from_utf8_lossy(&s.take_output()).into_owned()
    };
    assert_eq!(listed(&mut s, &last.to_string()), "");
    // less than one 26-byte line is left: line 1 made 40 bytes longer does not fit and
    // is gone
    s.enter_line(&format!("1 REM {filler}{}", "Y".repeat(40)));
    assert!(String::from_utf8_lossy(&s.take_output()).contains("Out of memory"));
    assert_eq!(listed(&mut s, "1"), "");
    assert!(listed(&mut s, "2").starts_with("2 REM XXX"));
}

/// The file data blocks come before the program text, 194 bytes of control data and a
/// record buffer of the /S: size each, for files 0 to /F:, so TXTTAB and VARPTR(#n)
/// move with both options [S MSDOSU FDB layout, GIO86.ASM GETPTR]; the expected numbers
/// are PC-BASIC 2.0.8's with the same --max-files and --max-reclen.
#[test]
fn file_blocks_before_the_program_follow_max_files_and_max_reclen() {
    let program = b"10 OPEN \"R\",#1,\"BLOCKS.DAT\",20: FIELD #1,5 AS A$\n\
        20 PRINT PEEK(&H30)+256*PEEK(&H31); VARPTR(#1); PEEK(VARPTR(A$)+1)+256*PEEK(VARPTR(A$)+2)\n\
        30 CLOSE\n";
    let run = |files: u8, reclen: u16| {
        let mut s = Session::captured(b"");
        s.machine_mut().set_max_files(files);
        s.machine_mut().set_max_reclen(reclen);
        s.load_source(program).expect("loads");
        let _ = s.run_program();
        String::from_utf8_lossy(&s.take_output()).into_owned()
    };
    assert_eq!(run(3, 128), " 4718  3757  3945 \n");
    assert_eq!(run(5, 128), " 5362  3757  3945 \n");
    assert_eq!(run(3, 512), " 6254  4141  4329 \n");
    assert_eq!(run(1, 64), " 3946  3693  3881 \n");
}

/// A tokenised file may hold a line longer than the 255-byte line buffer: LOAD reads the
/// image into memory as it is, LIST shows the first 255 characters of the line's text
/// (GWLIST.ASM BUFLIN: "IF BUFFER FULL, RETURN"; PC-BASIC 2.0.8 lists the same), and
/// the line runs: its 300-character literal is 300 mod 256 = 44 characters, STRLIT
/// counting them in a byte (BISTRS.ASM STRLT2; PC-BASIC says String too long).
#[test]
fn a_loaded_line_longer_than_the_line_buffer_lists_its_first_255_characters() {
    let mut img = vec![0xFF, 1, 1, 10, 0, 0x91, b' ', b'"'];
    img.extend(std::iter::repeat_n(b'A', 300));
    img.extend_from_slice(&[b'"', 0, 1, 1, 20, 0, 0x91, b' ', b'"', b'E', b'"', 0, 0, 0]);
    let mut s = Session::captured(b"");
    s.load_source(&img).expect("loads");
    s.enter_line("LIST");
    let listed = String::from_utf8_lossy(&s.take_output()).replace('\n', "");
    let first = format!("10 PRINT \"{}", "A".repeat(248));
    assert_eq!(listed, format!("{first}20 PRINT \"E\""));
    let _ = s.run_program();
    let out = String::from_utf8_lossy(&s.take_output()).into_owned();
    assert_eq!(out, format!("{}\nE\n", "A".repeat(44)));
}

/// The output of each typed line, in order.
fn typed(s: &mut Session, lines: &[&str]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            s.enter_line(l);
            String::from_utf8_lossy(&s.take_output()).into_owned()
        })
        .collect()
}

/// END or STOP typed in direct mode leaves CONT's place as it was: the program stopped
/// by STOP goes on [S BIMISC.ASM ENDCON: a direct line (CURLIN 65535) skips to DIRIS and
/// OLDTXT is not set].
#[test]
fn a_stop_in_direct_mode_leaves_cont_where_the_program_stopped() {
    let mut s = Session::captured(b"");
    s.load_source(b"10 PRINT 1: STOP: PRINT 2: STOP: PRINT 3\n")
        .expect("loads");
    let out = typed(&mut s, &["RUN", "END", "CONT", "STOP", "CONT"]);
    assert_eq!(out[0], " 1 \nBreak in 10\n");
    assert_eq!(out[2], " 2 \nBreak in 10\n");
    assert_eq!(out[4], " 3 \n");
}

/// A program that runs off its last line can be continued: CONT goes on at its end,
/// where it ends again, no Can't continue [S GWMAIN.ASM PRGEND jumps to ENDCON, which
/// sets OLDTXT from SAVTXT for a program line].
#[test]
fn cont_after_the_program_ran_off_its_end_ends_again() {
    let mut s = Session::captured(b"");
    s.load_source(b"10 PRINT \"A\"\n").expect("loads");
    let out = typed(&mut s, &["RUN", "CONT", "CONT", "NEW", "CONT"]);
    assert_eq!(out[0], "A\n");
    assert_eq!(out[1], "");
    assert_eq!(out[2], "");
    assert_eq!(out[4], "Can't continue\n");
}

/// A line number's digits may have CHRGTR's blanks before and between them: a line feed
/// (Ctrl-J on the screen) or a TAB as well as a blank, in the typed line's own number and
/// in a jump's [S GWMAIN.ASM MAIN: NTSTOP's CHRGTR, then LINGET, whose MORLIN reads
/// each digit with CHRGTR; CHRCON/LOWCHR/NOTCON skip 32, 9 and 10].
#[test]
fn a_line_feed_or_tab_in_a_line_number_is_a_blank() {
    let mut s = Session::captured(b"");
    let out = typed(
        &mut s,
        &[
            "\n40 PRINT 4",
            "1\n0 GOTO 4\t0",
            "2 0 PRINT 2",
            "655\n30 PRINT",
            "LIST",
            "RUN",
        ],
    );
    assert_eq!(out[3], "Syntax error\n");
    assert_eq!(out[4], "10 GOTO 40\n20 PRINT 2\n40 PRINT 4\n");
    assert_eq!(out[5], " 4 \n");
}

/// DEF FN typed at the Ok prompt makes the function's entry before it refuses the direct
/// statement: FRE(0) goes down by the entry once, and with no room left the DEF is Out
/// of memory, not Illegal direct, when string space collected does not make room [S
/// GWEVAL.ASM DEF: GETFNM → BIPTRG.ASM PTRGT2 (SMKVAR, REASON), then ERRDIR]. PC-BASIC
/// refuses it first and makes nothing.
#[test]
fn def_fn_typed_makes_its_entry_before_illegal_direct() {
    let mut s = Session::captured(b"");
    let out = typed(
        &mut s,
        &[
            "PRINT FRE(0)",
            "DEF FNA(X)=X",
            "PRINT FRE(0)",
            "DEF FNA(Y)=Y",
            "PRINT FRE(0)",
        ],
    );
    let fre = |o: &str| o.trim().parse::<i64>().expect("a number");
    assert_eq!(out[1], "Illegal direct\n");
    assert_eq!(out[3], "Illegal direct\n");
    assert_eq!(fre(&out[0]) - fre(&out[2]), 8);
    assert_eq!(fre(&out[2]), fre(&out[4]));
    s.load_source(
        b"10 DIM S$(300): I%=0\n\
          20 WHILE FRE(0)>260: S$(I%)=SPACE$(255): I%=I%+1: WEND\n\
          30 S$(I%)=SPACE$(FRE(0)-5): PRINT FRE(0)\n",
    )
    .expect("loads");
    let out = typed(
        &mut s,
        &[
            "RUN",
            "DEF FNLONGNAME(X)=X",
            "PRINT FRE(0)",
            "S$(I%)=\"\": S$(I%-1)=\"\": PRINT FRE(0)>200",
            "DEF FNLONGNAME(X)=X",
            "PRINT FRE(0)>200",
        ],
    );
    assert_eq!(out[0], " 5 \n");
    assert_eq!(out[1], "Out of memory\n");
    assert_eq!(out[2], " 5 \n");
    // FRE(0) does not collect: the freed strings are garbage until the DEF's entry
    // needs their room
    assert_eq!(out[3], " 0 \n");
    assert_eq!(out[4], "Illegal direct\n");
    assert_eq!(out[5], "-1 \n");
}

/// A typed line is crunched left to right and the first error stops it: each literal too
/// large prints its Overflow as it is read, the byte that fills the crunch buffer is Line
/// buffer overflow (315 bytes: KBFLEN-3), and a literal after that byte is never read, so
/// neither its soft Overflow nor an `&H` constant's hard one comes [S GWMAIN.ASM CRUNCH,
/// KRNSAV → LBOERR; MATH1.ASM FIN, $OVFLS; GWEVAL.ASM OCTCNS → OVERR]. PC-BASIC has no
/// crunch buffer limit (it stores these lines).
#[test]
fn a_typed_line_is_crunched_up_to_its_first_error() {
    let mut s = Session::captured(b"");
    let ones = vec!["1#"; 40].join("+");
    let out = typed(
        &mut s,
        &[
            &format!("10 PRINT 1E39;{ones}"),
            &format!("20 PRINT {ones}:X=1E39"),
            &format!("30 PRINT {ones}:X=&H10000"),
            "40 PRINT 1E39;2D999:X=&H10000",
            "LIST",
        ],
    );
    assert_eq!(out[0], "Overflow\nLine buffer overflow\n");
    assert_eq!(out[1], "Line buffer overflow\n");
    assert_eq!(out[2], "Line buffer overflow\n");
    assert_eq!(out[3], "Overflow\nOverflow\nOverflow\n");
    assert_eq!(out[4], "");
}

/// LIST, LLIST and SAVE ,A end with READY, so in direct mode the statements after them
/// on the typed line are never run [S GWLIST.ASM LIST: the NEWSTT return address is
/// dropped and the listing ends with JMP READY; DSKCOM.ASM SAVE's `,A` jumps to LIST].
#[test]
fn statements_after_a_typed_list_are_not_run() {
    let mut s = Session::captured(b"");
    s.load_source(b"10 REM X\n").expect("loads");
    let out = typed(&mut s, &["LIST:PRINT 7", "LIST 10:PRINT 8", "PRINT 9"]);
    assert_eq!(out[0], "10 REM X\n");
    assert_eq!(out[1], "10 REM X\n");
    assert_eq!(out[2], " 9 \n");
}
