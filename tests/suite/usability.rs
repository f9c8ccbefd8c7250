//! What a new user meets first: PC-BASIC's short options and `--text-encoding`, `-` for
//! standard input and output, and the messages for a directory, a file that is no
//! program, errors under `2>&1` and Ctrl-C on a terminal. Expected outputs are PC-BASIC
//! 2.0.8's meanings of its options (`pcbasic --help`) and GW-BASIC's screen.

use crate::support::{BIN, Scratch};
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs gwrun in `dir` with `args`, `stdin` as its input; stderr joined to stdout
/// (`2>&1`, one open file) when `joined`.
fn run(dir: &Scratch, args: &[&str], stdin: &[u8], joined: bool) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(&dir.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    if joined {
        // the child's stderr is its stdout: `2>&1`
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // SAFETY: dup2 in the child before exec, on its own descriptors.
            unsafe {
                cmd.pre_exec(|| {
                    if libc::dup2(1, 2) < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
    } else {
        cmd.stderr(Stdio::piped());
    }
    let mut child = cmd.spawn().expect("gwrun starts");
    let mut input = child.stdin.take().expect("stdin");
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().expect("gwrun ends")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn short_options_are_pcbasics() {
    let dir = Scratch::new("short");
    dir.write("P.BAS", b"10 PRINT \"ran\"; A\r\n");
    // -l loads, -e runs commands after the load, -q quits (PC-BASIC's order)
    let out = run(&dir, &["-l", "P.BAS", "-e", "A=5:RUN 10", "-q"], b"", false);
    assert_eq!(text(&out.stdout), "ran 0 \n", "{}", text(&out.stderr));
    // -r runs like FILE
    let out = run(&dir, &["-r", "P.BAS"], b"", false);
    assert_eq!(text(&out.stdout), "ran 0 \n");
    // -c: commands, then quit
    let out = run(&dir, &["-c", "PRINT 6*7"], b"", false);
    assert_eq!(text(&out.stdout), " 42 \n");
    // -k types keys: INPUT reads them
    dir.write("K.BAS", b"10 INPUT A$: PRINT \"got \"; A$\r\n");
    let out = run(&dir, &["-k", "xyz\\r", "-q", "K.BAS"], b"", false);
    assert!(
        text(&out.stdout).contains("got xyz"),
        "{}",
        text(&out.stdout)
    );
    // -f sets the highest file number
    dir.write("F.BAS", b"10 OPEN \"O\", 5, \"X.TXT\": PRINT \"open\"\r\n");
    assert_eq!(
        text(&run(&dir, &["-f", "5", "F.BAS"], b"", false).stdout),
        "open\n"
    );
    assert!(text(&run(&dir, &["F.BAS"], b"", false).stdout).contains("Bad file number"));
    // -v is the version
    let out = run(&dir, &["-v"], b"", false);
    assert!(
        text(&out.stdout).starts_with("gwrun "),
        "{}",
        text(&out.stdout)
    );
    // -n, -b and -t name the interfaces; off a terminal each reads stdin
    for flag in ["-n", "-b", "-t"] {
        let out = run(&dir, &[flag], b"PRINT 1+1\r\n", false);
        assert!(
            text(&out.stdout).contains(" 2 "),
            "{flag}: {}",
            text(&out.stdout)
        );
    }
}

#[test]
fn pcbasic_options_gwrun_lacks_are_named() {
    let dir = Scratch::new("lacks");
    let out = run(&dir, &["-d"], b"", false);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("PC-BASIC's option") && err.contains("double"),
        "{err}"
    );
}

#[test]
fn a_program_from_standard_input() {
    let dir = Scratch::new("stdin");
    // up to Ctrl-Z is the program, the rest its input
    let out = run(
        &dir,
        &["-"],
        b"10 INPUT A\r\n20 PRINT A*2\r\n\x1a21\r\n",
        false,
    );
    assert_eq!(text(&out.stdout), "? 21\n 42 \n", "{}", text(&out.stderr));
}

#[test]
fn convert_writes_to_standard_output() {
    let dir = Scratch::new("convert");
    dir.write("P.BAS", b"10 PRINT 1\r\n");
    let out = run(&dir, &["convert", "P.BAS", "-"], b"", false);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(out.stdout, b"10 PRINT 1\r\n\x1a");
    assert!(!dir.0.join("-").exists(), "no file named -");
    // and reads standard input
    let out = run(
        &dir,
        &["convert", "-", "-", "--to", "tokenized"],
        b"10 END\r\n",
        false,
    );
    assert_eq!(out.stdout.first(), Some(&0xFF));
}

#[test]
fn utf8_programs_with_text_encoding() {
    let dir = Scratch::new("utf8");
    dir.write(
        "U.BAS",
        "10 PRINT \"café ♥\"; ASC(MID$(\"é\",1,1))\r\n".as_bytes(),
    );
    // é is 0x82 in code page 437, ♥ the glyph of 3
    let out = run(
        &dir,
        &["--text-encoding=utf-8", "--output=unicode", "U.BAS"],
        b"",
        false,
    );
    assert_eq!(text(&out.stdout), "café ♥ 130 \n");
    // SAVE ,A writes UTF-8 again
    let out = run(
        &dir,
        &[
            "--text-encoding=utf-8",
            "-l",
            "U.BAS",
            "-q",
            "-e",
            "SAVE \"V\",A",
        ],
        b"",
        false,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let saved = std::fs::read(dir.0.join("V.BAS")).unwrap();
    assert!(
        text(&saved).starts_with("10 PRINT \"café ♥\""),
        "{}",
        text(&saved)
    );
    // without the option the bytes are CP437 and print as GW showed them
    let out = run(&dir, &["--output=unicode", "U.BAS"], b"", false);
    assert!(
        text(&out.stdout).starts_with("caf├⌐"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_directory_is_not_a_program() {
    let dir = Scratch::new("dir");
    std::fs::create_dir_all(dir.0.join("SUB")).unwrap();
    let out = run(&dir, &["SUB"], b"", false);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("SUB: is a directory"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn binary_junk_is_not_a_program() {
    let dir = Scratch::new("junk");
    dir.write(
        "JUNK.BIN",
        &[0x7F, b'E', b'L', b'F', 2, 1, 1, 0, 0, 0, 0, 0],
    );
    let out = run(&dir, &["JUNK.BIN"], b"", false);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("not a GW-BASIC program"), "{err}");
    assert!(!err.contains("Line buffer overflow"), "{err}");
    // a text file without line numbers keeps GW-BASIC's own message
    dir.write("NOTES.TXT", b"shopping list\r\n");
    let err = text(&run(&dir, &["NOTES.TXT"], b"", false).stderr);
    assert!(err.contains("Direct statement in file"), "{err}");
}

#[test]
fn errors_show_once_and_in_order_under_2_and_1() {
    let dir = Scratch::new("joined");
    dir.write("E.BAS", b"10 PRINT \"before\"\r\n20 X = 1/0: ERROR 5\r\n");
    let out = run(&dir, &["E.BAS"], b"", true);
    assert_eq!(
        text(&out.stdout),
        "before\nDivision by zero\nIllegal function call in 20\n"
    );
    // apart, stderr still has the error line
    let out = run(&dir, &["E.BAS"], b"", false);
    assert_eq!(text(&out.stderr), "Illegal function call in 20\n");
}

/// Ctrl-C on a terminal: `Break in 20` on a line of its own, no `^C` before it.
#[test]
fn break_on_a_terminal_starts_its_own_line() {
    let dir = Scratch::new("break");
    dir.write("L.BAS", b"10 PRINT \"running\"\r\n20 GOTO 20\r\n");
    let mut cmd = Command::new(BIN);
    cmd.arg("L.BAS").current_dir(&dir.0).env("TERM", "xterm");
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000)).unwrap();
    p.exp_string("running").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.send_control('c').unwrap();
    let before = p.exp_string("Break in 20").unwrap();
    assert!(!before.contains("^C"), "{before:?}");
    assert!(
        before.ends_with('\n') || before.trim().is_empty(),
        "{before:?}"
    );
    p.exp_eof().unwrap();
}

/// CLS typed at `Ok` on a terminal clears it (and does not take it over).
#[test]
fn cls_at_ok_clears_the_terminal() {
    let dir = Scratch::new("cls");
    let mut cmd = Command::new(BIN);
    cmd.current_dir(&dir.0).env("TERM", "xterm");
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000)).unwrap();
    p.exp_string("Ok").unwrap();
    p.send_line("CLS").unwrap();
    p.exp_string("\x1b[H\x1b[2J").unwrap();
    p.send_line("PRINT 6*7").unwrap();
    let before = p.exp_string("42").unwrap();
    assert!(
        !before.contains("\x1b[?1049h"),
        "no alternate screen: {before:?}"
    );
    p.send_line("SYSTEM").unwrap();
    p.exp_eof().unwrap();
}

/// A terminal smaller than the GW screen: the run ends with a word about it.
#[cfg(unix)]
#[test]
fn a_terminal_smaller_than_the_screen_is_named() {
    let dir = Scratch::new("small");
    dir.write("L.BAS", b"10 LOCATE 25,70: PRINT \"corner\";\r\n");
    let mut cmd = Command::new("sh");
    cmd.args(["-c", &format!("stty cols 60 rows 20; exec {BIN} L.BAS")])
        .current_dir(&dir.0)
        .env("TERM", "xterm");
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000)).unwrap();
    p.exp_string("the terminal was 60x20, smaller than GW-BASIC's 80x25 screen")
        .unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn check_exits_1_on_errors_and_speaks_json() {
    let dir = Scratch::new("check");
    dir.write("BAD.BAS", b"10 FOR I=1 TO 3\r\n20 GOTO 99\r\n");
    dir.write("GOOD.BAS", b"10 FOR I=1 TO 3: PRINT I: NEXT\r\n");
    let out = run(&dir, &["check", "BAD.BAS"], b"", false);
    assert_eq!(out.status.code(), Some(1));
    let text = text(&out.stdout);
    assert!(
        text.contains("BAD.BAS:1:4: error: line 10: FOR without NEXT"),
        "{text}"
    );
    assert!(
        text.contains("BAD.BAS:2:9: error: line 20: GOTO 99"),
        "{text}"
    );
    let out = run(&dir, &["check", "--format=json", "BAD.BAS"], b"", false);
    let json = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        json.starts_with('[') && json.trim_end().ends_with(']'),
        "{json}"
    );
    assert_eq!(json.matches("\"severity\":\"error\"").count(), 2, "{json}");
    assert_eq!(
        run(&dir, &["check", "GOOD.BAS"], b"", false).status.code(),
        Some(0)
    );
    assert_eq!(
        run(&dir, &["check", "NONE.BAS"], b"", false).status.code(),
        Some(2)
    );
}

#[test]
fn help_names_keywords_and_lists_them() {
    let dir = Scratch::new("help");
    let out = run(&dir, &["help", "locate"], b"", false);
    assert!(out.status.success());
    let shown = text(&out.stdout);
    assert!(shown.starts_with("LOCATE (statement)"), "{shown}");
    assert!(shown.contains("Illegal function call"), "{shown}");
    let out = run(&dir, &["help"], b"", false);
    assert!(text(&out.stdout).contains("Functions:"));
    let out = run(&dir, &["help", "CLX"], b"", false);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("perhaps CLEAR, CLOSE, CLS"),
        "{}",
        text(&out.stderr)
    );
}

/// `--output=dos`: GW-BASIC's bytes for a redirected stdout. Expected: PC-BASIC 2.0.8's
/// stream for the same input (`printf 'PRINT 1\r\nERROR 5\r\n' | pcbasic
/// --interface=none`, and the PRINT lines below), whose CHR$(255) after `Ok` and an
/// error message is what the real-GW models show on the screen (M gwbasic/
/// division_by_zero, ON_ERROR_GOTO_0_in_error_trap); a Break at INPUT has none (M
/// gwbasic/ctrl-c_on_INPUT), a Break at a statement has one (M gwbasic/
/// CONT_after_STOP_in_error_trap).
#[test]
fn dos_output_is_gw_bytes_for_a_redirected_stdout() {
    let dir = Scratch::new("dosout");
    let out = run(&dir, &["--output=dos"], b"PRINT 1\r\nERROR 5\r\n", false);
    assert_eq!(
        out.stdout,
        b"Ok\xff\r\nPRINT 1\r\n 1 \r\nOk\xff\r\nERROR 5\r\nIllegal function call\xff\r\nOk\xff\r\n"
    );
    let input = b"PRINT STRING$(100,\"x\")\r\nPRINT \"a\";CHR$(10);\"b\";CHR$(13);\"c\";CHR$(9);\"d\"\r\nPRINT STRING$(80,\"y\")\r\n";
    let out = run(&dir, &["--output=dos"], input, false);
    let mut want = b"Ok\xff\r\nPRINT STRING$(100,\"x\")\r\n".to_vec();
    want.extend_from_slice(&[b'x'; 100]);
    want.extend_from_slice(b"\r\nOk\xff\r\nPRINT \"a\";CHR$(10);\"b\";CHR$(13);\"c\";CHR$(9);\"d\"\r\na\nb\r\nc\td\r\nOk\xff\r\nPRINT STRING$(80,\"y\")\r\n");
    want.extend_from_slice(&[b'y'; 80]);
    want.extend_from_slice(b"\r\n\r\nOk\xff\r\n");
    assert_eq!(text(&out.stdout), text(&want));
    // Break: at a statement with the marker, at INPUT without it
    dir.write("LOOP.BAS", b"10 GOTO 10\r\n");
    dir.write("INP.BAS", b"10 INPUT A\r\n");
    let out = run(
        &dir,
        &["--output=dos", "--keys=\\x03", "LOOP.BAS"],
        b"",
        false,
    );
    assert!(
        out.stdout.starts_with(b"Break in 10\xff\r\nOk\xff\r\n"),
        "{:?}",
        text(&out.stdout)
    );
    let out = run(
        &dir,
        &["--output=dos", "--keys=\\x03", "INP.BAS"],
        b"",
        false,
    );
    assert!(
        out.stdout.starts_with(b"? \r\nBreak in 10\r\nOk\xff\r\n"),
        "{:?}",
        text(&out.stdout)
    );
    // the plain transcript (the default) keeps none of them
    let out = run(&dir, &["--keys=\\x03", "LOOP.BAS"], b"", false);
    assert!(
        text(&out.stdout).starts_with("Break in 10\nOk\n"),
        "{:?}",
        text(&out.stdout)
    );
}
