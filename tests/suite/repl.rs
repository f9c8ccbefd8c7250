//! Direct mode through the real binary. Transcripts: every tests/transcripts/<name>.in is
//! typed into `gwrun` on a piped stdin, in a fresh directory holding tests/fixtures/*.BAS;
//! stdout must equal <name>.out and the files the session writes must equal
//! <name>.files/ — both captured from PC-BASIC by tests/transcripts/regenerate.py, never
//! from gwrun. Terminal: a pseudo-terminal session (rexpect) checks the line editor:
//! history recall, Ctrl-C during a long RUN then CONT, Ctrl-C at an INPUT, Ctrl-D.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name)
}

/// A fresh working directory with the fixture programs in it.
fn workdir() -> tempdir::Dir {
    let d = tempdir::Dir::new("repl");
    for entry in std::fs::read_dir(dir("fixtures")).unwrap().flatten() {
        let name = entry.file_name();
        if name.to_string_lossy().to_uppercase().ends_with(".BAS") {
            std::fs::copy(entry.path(), d.path().join(&name)).unwrap();
        }
    }
    d
}

/// The files in a directory, by name.
fn files(d: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(d)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Types `input` into gwrun in `d`; returns stdout.
fn type_into_gwrun(d: &Path, input: &[u8]) -> Vec<u8> {
    let out = assert_cmd::Command::new(BIN)
        .current_dir(d)
        .env("XDG_DATA_HOME", d.join("data"))
        .write_stdin(input.to_vec())
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(out.status.success(), "exit status {:?}", out.status);
    out.stdout
}

fn check_transcript(name: &str) {
    let t = dir("transcripts");
    let input = std::fs::read(t.join(format!("{name}.in"))).unwrap();
    let expected = std::fs::read(t.join(format!("{name}.out"))).unwrap();
    let d = workdir();
    let before = files(d.path());
    let out = type_into_gwrun(d.path(), &input);
    assert_eq!(
        String::from_utf8_lossy(&out),
        String::from_utf8_lossy(&expected),
        "transcript {name}"
    );
    assert_eq!(out, expected, "transcript {name} (bytes)");
    let written: BTreeMap<_, _> = files(d.path())
        .into_iter()
        .filter(|(n, b)| before.get(n) != Some(b))
        .collect();
    let files_dir = t.join(format!("{name}.files"));
    let wanted = if files_dir.is_dir() {
        files(&files_dir)
    } else {
        BTreeMap::new()
    };
    assert_eq!(
        written.keys().collect::<Vec<_>>(),
        wanted.keys().collect::<Vec<_>>(),
        "files written by {name}"
    );
    for (n, bytes) in &wanted {
        assert!(written[n] == *bytes, "{name}: {n} differs from PC-BASIC's");
    }
}

#[test]
fn every_transcript_case_is_listed_here() {
    let mut names: Vec<String> = std::fs::read_dir(dir("transcripts"))
        .unwrap()
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".in")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    assert_eq!(names, CASES);
    for n in CASES {
        let text = std::fs::read_to_string(dir("transcripts").join(format!("{n}.in"))).unwrap();
        assert_eq!(
            text.lines().last(),
            Some("SYSTEM"),
            "{n}.in must end with SYSTEM"
        );
    }
}

const CASES: [&str; 17] = [
    "cont_after_direct_error",
    "delete_forms",
    "dot_after_load",
    "edit_forms",
    "enter_and_list",
    "errors",
    "fixtures_load",
    "handler_ended_by_error",
    "input_program",
    "list_canonical",
    "merge_chain",
    "renum_delete",
    "rerun_deftype",
    "run_stop_cont",
    "save_load",
    "tron_clear",
    "typed_lines_out_of_memory",
];

#[test]
fn transcript_cont_after_direct_error() {
    check_transcript("cont_after_direct_error");
}

#[test]
fn transcript_delete_forms() {
    check_transcript("delete_forms");
}

#[test]
fn transcript_dot_after_load() {
    check_transcript("dot_after_load");
}

#[test]
fn transcript_edit_forms() {
    check_transcript("edit_forms");
}

#[test]
fn transcript_handler_ended_by_error() {
    check_transcript("handler_ended_by_error");
}

#[test]
fn transcript_enter_and_list() {
    check_transcript("enter_and_list");
}

#[test]
fn transcript_errors() {
    check_transcript("errors");
}

#[test]
fn transcript_fixtures_load() {
    check_transcript("fixtures_load");
}

#[test]
fn transcript_input_program() {
    check_transcript("input_program");
}

#[test]
fn transcript_list_canonical() {
    check_transcript("list_canonical");
}

#[test]
fn transcript_merge_chain() {
    check_transcript("merge_chain");
}

#[test]
fn transcript_renum_delete() {
    check_transcript("renum_delete");
}

#[test]
fn transcript_rerun_deftype() {
    check_transcript("rerun_deftype");
}

#[test]
fn transcript_run_stop_cont() {
    check_transcript("run_stop_cont");
}

#[test]
fn transcript_save_load() {
    check_transcript("save_load");
}

#[test]
fn transcript_tron_clear() {
    check_transcript("tron_clear");
}

#[test]
fn transcript_typed_lines_out_of_memory() {
    check_transcript("typed_lines_out_of_memory");
}

/// Real-GW screen models (PC-BASIC's tests/basic/gwbasic/*/model), where PC-BASIC's
/// piped interface cannot show them: the syntax-error edit line, EDIT, AUTO.
#[test]
fn gw_models_of_the_screen_editor() {
    let d = workdir();
    // syntax-error-prompt: statements before the error ran; message, Ok, the line
    let out = type_into_gwrun(d.path(), b"4 PRINT 1: X: PRINT 2\nRUN\n\nSYSTEM\n");
    assert_eq!(
        String::from_utf8_lossy(&out),
        "Ok\n4 PRINT 1: X: PRINT 2\nRUN\n 1 \nSyntax error in 4\nOk\n4 PRINT 1: X: PRINT 2\nSYSTEM\n"
    );
    // EDIT_prompt: `EDIT 20`, the line, no Ok
    let out = type_into_gwrun(d.path(), b"20 REM line to edit\nEDIT 20\n\nSYSTEM\n");
    assert_eq!(
        String::from_utf8_lossy(&out),
        "Ok\n20 REM line to edit\nEDIT 20\n20 REM line to edit\nSYSTEM\n"
    );
    // AUTO run from a program line (model AUTO: `20 AUTO` in the program): `10 a`,
    // `20*` kept, `30 `, Ctrl-C, Ok
    let out = type_into_gwrun(
        d.path(),
        b"20 AUTO\n999 END\nRUN\na\n\n\x03\nLIST\nSYSTEM\n",
    );
    assert_eq!(
        String::from_utf8_lossy(&out),
        "Ok\n20 AUTO\n999 END\nRUN\n10 a\n20*\n30 \nOk\nLIST\n10 A\n20 AUTO\n999 END\nOk\nSYSTEM\n"
    );
}

#[test]
fn end_of_input_leaves_quietly_and_scripts_do_not_touch_the_history() {
    let d = workdir();
    let out = type_into_gwrun(d.path(), b"PRINT 1");
    assert_eq!(String::from_utf8_lossy(&out), "Ok\nPRINT 1\n 1 \nOk\n");
    assert!(!d.path().join("data").exists());
}

#[test]
fn a_bad_file_keeps_the_lines_before_it_and_says_why() {
    let d = workdir();
    std::fs::write(
        d.path().join("BAD.BAS"),
        b"10 PRINT 1\r\n20 PRINT 2\r\nPRINT 3\r\n30 END\r\n",
    )
    .unwrap();
    // cut inside the second line (the first line's link says where the second starts):
    // GW keeps the line's first two bytes, `DEFINT `, memory after the file reading as
    // zeros [M gwbasic/truncated_code]
    let tok = std::fs::read(d.path().join("TOKEN.BAS")).unwrap();
    let second = usize::from(u16::from_le_bytes([tok[1], tok[2]])) - 0x126E + 1;
    std::fs::write(d.path().join("CUT.BAS"), &tok[..second + 6]).unwrap();
    let out = type_into_gwrun(
        d.path(),
        b"5 REM old program\nLOAD \"NOSUCH\"\nLIST\nLOAD \"BAD\"\nLIST\nLOAD \"CUT\"\nLIST\nSAVE \"NODIR/X\"\nSYSTEM\n",
    );
    let text = String::from_utf8_lossy(&out);
    let expected = "Ok\n5 REM old program\n\
        LOAD \"NOSUCH\"\nFile not found\nOk\nLIST\n5 REM old program\nOk\n\
        LOAD \"BAD\"\nDirect statement in file\nOk\nLIST\n10 PRINT 1\n20 PRINT 2\nOk\n\
        LOAD \"CUT\"\nOk\nLIST\n\
        10 REM tokenized fixture: keywords, constants, line numbers, spacing\n20 DEFINT \nOk\n\
        SAVE \"NODIR/X\"\nPath not found\nOk\nSYSTEM\n";
    assert_eq!(text, expected);
}

/// Minimal temporary directories (removed on drop).
mod tempdir {
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicUsize, Ordering};

    pub struct Dir(PathBuf);

    impl Dir {
        pub fn new(tag: &str) -> Dir {
            static N: AtomicUsize = AtomicUsize::new(0);
            let n = N.fetch_add(1, Ordering::Relaxed);
            let p = std::env::temp_dir().join(format!("gwrun-{tag}-{}-{n}", std::process::id()));
            let _ = std::fs::remove_dir_all(&p);
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }

        pub fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// The line editor on a pseudo-terminal.
mod terminal {
    use super::*;
    use rexpect::session::{PtySession, spawn_command};

    /// Keys as a user types them: a pause lets the editor take each group.
    fn keys(p: &mut PtySession, k: &str) {
        p.send(k).unwrap();
        p.flush().unwrap();
        std::thread::sleep(Duration::from_millis(100));
    }

    /// A line typed and ended with Enter (CR, as a terminal sends it).
    fn type_line(p: &mut PtySession, line: &str) {
        keys(p, &format!("{line}\r"));
    }

    fn spawn(d: &Path) -> PtySession {
        let mut cmd = std::process::Command::new(BIN);
        cmd.current_dir(d)
            .env("XDG_DATA_HOME", d.join("data"))
            .env("TERM", "xterm");
        let mut p = spawn_command(cmd, Some(20_000)).unwrap();
        p.exp_string("Ok").unwrap();
        p
    }

    #[test]
    fn ctrl_c_breaks_a_long_run_and_cont_resumes_it() {
        let d = workdir();
        let mut p = spawn(d.path());
        // the loop runs until K is set: only Ctrl-C stops it
        // (the program says it runs; the typed line does not contain the word)
        type_line(
            &mut p,
            "10 PRINT \"run\" + \"ning\": WHILE K = 0: I = I + 1: WEND: PRINT \"done\"; I > 10",
        );
        type_line(&mut p, "RUN");
        p.exp_string("running").unwrap();
        std::thread::sleep(Duration::from_millis(300));
        p.send_control('c').unwrap();
        p.exp_regex(r"Break in 10\r?\nOk").unwrap();
        // variables are kept; a direct statement changes one; CONT resumes the loop
        type_line(&mut p, "PRINT I > 10: K = 1");
        p.exp_regex(r"\n-1 \r?\n").unwrap();
        type_line(&mut p, "CONT");
        p.exp_string("done-1").unwrap();
        p.exp_string("Ok").unwrap();
        p.send_control('d').unwrap();
        p.exp_eof().unwrap();
    }

    #[test]
    fn history_recalls_lines_and_is_kept_in_the_data_directory() {
        let d = workdir();
        let mut p = spawn(d.path());
        type_line(&mut p, "PRINT 6*7");
        p.exp_string("42").unwrap();
        p.exp_string("Ok").unwrap();
        // Up arrow brings the line back; Enter runs it again
        keys(&mut p, "\x1b[A");
        keys(&mut p, "\r");
        p.exp_string("42").unwrap();
        p.exp_string("Ok").unwrap();
        type_line(&mut p, "SYSTEM");
        p.exp_eof().unwrap();
        let history = std::fs::read_to_string(d.path().join("data/gwrun/history")).unwrap();
        assert!(history.contains("PRINT 6*7"), "{history}");
        // nothing in the working directory but the fixtures and the data folder
        let mut names: Vec<_> = std::fs::read_dir(d.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["ASCII.BAS", "PROTECT.BAS", "TOKEN.BAS", "data"]);
        // a new session finds the lines in its history: SYSTEM, then PRINT 6*7
        let mut p = spawn(d.path());
        keys(&mut p, "\x1b[A");
        keys(&mut p, "\x1b[A");
        keys(&mut p, "\r");
        p.exp_string("42").unwrap();
        p.send_control('d').unwrap();
        p.exp_eof().unwrap();
    }

    #[test]
    fn ctrl_c_at_the_prompt_drops_the_line_and_at_input_is_a_break() {
        let d = workdir();
        let mut p = spawn(d.path());
        keys(&mut p, "PRINT \"dropped\"");
        p.send_control('c').unwrap();
        // (keys typed ahead of a Ctrl-C are dropped with the line: wait as a user would)
        std::thread::sleep(Duration::from_millis(300));
        // had the line stayed, this would print `droppedkept`
        type_line(&mut p, "PRINT \"kept\"");
        p.exp_regex(r"\nkept\r?\n").unwrap();
        type_line(&mut p, "10 INPUT \"value\"; V: PRINT V * 2");
        type_line(&mut p, "RUN");
        p.exp_string("value?").unwrap();
        p.send_control('c').unwrap();
        p.exp_regex(r"Break in 10\r?\nOk").unwrap();
        // CONT asks again
        type_line(&mut p, "CONT");
        p.exp_string("value?").unwrap();
        type_line(&mut p, "21");
        p.exp_string("42").unwrap();
        p.exp_string("Ok").unwrap();
        p.send_control('d').unwrap();
        p.exp_eof().unwrap();
    }
}
