//! PC-BASIC's launch options (`--load`, `--exec`, `--quit`, `--hide-protected`,
//! `--hide-listing`) and `--clock-start`, through the real binary. Expected files are the
//! fixtures PC-BASIC wrote (tests/fixtures/, see tests/cli.rs) or GW-BASIC's rules.

use std::path::{Path, PathBuf};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A scratch directory with copies of the fixtures (removed on drop).
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let p = std::env::temp_dir().join(format!("gwrun-launch-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        for f in ["ASCII.BAS", "TOKEN.BAS", "PROTECT.BAS"] {
            std::fs::copy(fixture(f), p.join(f)).unwrap();
        }
        Scratch(p)
    }

    fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.0.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn run(&self, args: &[&str]) -> std::process::Output {
        assert_cmd::Command::new(BIN)
            .args(args)
            .current_dir(&self.0)
            .write_stdin("")
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn exec_commands_run_in_order_after_load() {
    let s = Scratch::new("exec");
    // a tokenized program saved as text is the listing PC-BASIC saved
    let out = s.run(&["--exec=LOAD\"TOKEN\":SAVE\"COPY\",A"]);
    assert!(out.status.success());
    assert_eq!(s.read("COPY.BAS"), s.read("ASCII.BAS"));
    // --load, then the commands; a `:` inside quotes does not split
    let out = s.run(&[
        "--load=ASCII.BAS",
        "--exec=PRINT \"A:B\":SAVE\"C\",A",
        "--quit",
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("A:B"));
    assert_eq!(s.read("C.BAS"), s.read("ASCII.BAS"));
}

#[test]
fn a_program_given_with_exec_runs_after_the_commands() {
    let s = Scratch::new("run");
    std::fs::write(s.0.join("P.BAS"), "10 PRINT \"ran\"\n").unwrap();
    let out = s.run(&["--exec=PRINT \"first\"", "P.BAS"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.find("first").expect("the command ran");
    let ran = text.find("ran").expect("the program ran");
    assert!(first < ran, "{text}");
}

#[test]
fn protected_programs_are_hidden_unless_told() {
    let s = Scratch::new("protected");
    // GW-BASIC: SAVE ,A of a protected program is an Illegal function call (so the
    // run's status is 1) and leaves the empty file it created
    let out = s.run(&["--load=PROTECT.BAS", "--exec=SAVE\"P1\",A", "--quit"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Illegal function call"));
    assert_eq!(s.read("P1.BAS"), b"\x1a");
    // PC-BASIC's default lists it: the same text as the unprotected program
    let out = s.run(&[
        "--load=PROTECT.BAS",
        "--hide-protected=false",
        "--exec=SAVE\"P2\",A",
        "--quit",
    ]);
    assert!(out.status.success());
    assert_eq!(s.read("P2.BAS"), s.read("ASCII.BAS"));
}

#[test]
fn hide_listing_stops_the_listing() {
    let s = Scratch::new("hide");
    let out = s.run(&[
        "--load=ASCII.BAS",
        "--hide-listing=40",
        "--exec=SAVE\"H\",A",
        "--quit",
    ]);
    assert!(out.status.success());
    let want: Vec<u8> = String::from_utf8_lossy(&s.read("ASCII.BAS"))
        .split("\r\n")
        .take(4)
        .flat_map(|l| format!("{l}\r\n").into_bytes())
        .chain([0x1A])
        .collect();
    assert_eq!(s.read("H.BAS"), want);
}

#[test]
fn clock_start_sets_the_interpreters_clock() {
    let s = Scratch::new("clock");
    std::fs::write(
        s.0.join("C.BAS"),
        "10 PRINT DATE$; \" \"; LEFT$(TIME$, 5)\n20 TIME$ = \"23:59:59\": DATE$ = \"12-31-1999\"\n30 PRINT DATE$\n",
    )
    .unwrap();
    let out = s.run(&["--clock-start=1985-06-01T08:30:00", "C.BAS"]);
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert_eq!(text, "06-01-1985 08:30\n12-31-1999\n");
    let bad = s.run(&["--clock-start=1979-12-31", "C.BAS"]);
    assert!(!bad.status.success());
}

#[test]
fn a_failed_command_makes_the_status_non_zero() {
    let s = Scratch::new("failed");
    // SAVE into a folder that does not exist: Path not found, and the status says so
    let out = s.run(&["--load=ASCII.BAS", "--exec=SAVE\"NOWHERE/X\"", "--quit"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("Path not found"));
    // the commands after a failed one still run; the status remembers the failure
    let out = s.run(&["--exec=NOSUCH:PRINT \"after\"", "--quit"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Syntax error") && text.contains("after"),
        "{text}"
    );
    // ... and ends with SYSTEM as with --quit
    let out = s.run(&["--exec=ERROR 5:SYSTEM"]);
    assert_eq!(out.status.code(), Some(1));
    // the program after the commands: its own status unless a command failed first
    std::fs::write(s.0.join("P.BAS"), "10 PRINT \"ran\"\n").unwrap();
    let out = s.run(&["--exec=LOAD\"NOSUCH\"", "P.BAS"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("ran"));
    let out = s.run(&["--exec=PRINT 1", "--quit"]);
    assert!(out.status.success());
}

/// An INKEY$ loop once the typed keys (`--keys`) and a redirected stdin have run out:
/// INKEY$ polls, it does not read, and DOS's input-status poll answers "no character"
/// for a file at its end, so INKEY$ goes on answering "" (as under PC-BASIC) where
/// INPUT would have ended the run. The program counts 2,000 empty answers after its
/// last key, then ends itself with its file intact. Without `--keys` the same holds for
/// the bytes of stdin.
#[test]
fn an_inkey_loop_polls_past_the_input() {
    let s = Scratch::new("inkeyend");
    std::fs::write(
        s.0.join("K.BAS"),
        "10 OPEN \"KEYS.TXT\" FOR OUTPUT AS 1\r\n\
         20 A$=INKEY$: IF A$<>\"\" THEN PRINT #1, ASC(A$);: PRINT ASC(A$);: N=0: GOTO 20\r\n\
         30 N=N+1: IF N<2000 THEN 20\r\n\
         40 PRINT \"polled\": CLOSE: SYSTEM\r\n",
    )
    .unwrap();
    for (args, stdin, want) in [
        (&["--keys=ab", "K.BAS"][..], &b""[..], " 97  98 "),
        (&["--keys=ab", "K.BAS"][..], &b"c"[..], " 97  98  99 "),
        (&["K.BAS"][..], &b"xy"[..], " 120  121 "),
    ] {
        let input = crate::support::stdin_bytes(&s.0, "in.dat", stdin);
        let r = crate::support::run_in(&s.0, args, input, Duration::from_secs(60));
        r.assert_clean_end("an INKEY$ loop after the input");
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.err());
        assert_eq!(r.out(), format!("{want}polled\n"), "{args:?}");
        let file = std::fs::read(s.0.join("KEYS.TXT")).unwrap();
        assert_eq!(file, format!("{want}\u{1a}").into_bytes(), "{args:?}");
    }
}
