//! The command line around program files: `gwrun FILE` on all three formats, the
//! converter (`gwrun --convert IN OUT [--to ...]` and `gwrun convert ...`), and Ctrl-C on
//! a running program. The fixtures in tests/fixtures/ were written by PC-BASIC (which
//! writes GW-BASIC's formats) from tests/fixtures/fixture.txt, with FIXTURE.OUT its run,
//! by tests/transcripts/regenerate.py --fixtures.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A scratch directory for one test (removed on drop).
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let p = std::env::temp_dir().join(format!("gwrun-cli-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Scratch(p)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn gwrun(args: &[&std::ffi::OsStr]) -> std::process::Output {
    assert_cmd::Command::new(BIN)
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap()
}

fn convert(flag_form: bool, input: &Path, output: &Path, to: Option<&str>) -> std::process::Output {
    let mut args: Vec<&std::ffi::OsStr> = Vec::new();
    if flag_form {
        args.push("--convert".as_ref());
    } else {
        args.push("convert".as_ref());
    }
    args.push(input.as_os_str());
    args.push(output.as_os_str());
    if let Some(t) = to {
        args.push("--to".as_ref());
        args.push(t.as_ref());
    }
    gwrun(&args)
}

#[test]
fn all_three_formats_run_as_pc_basic_ran_the_program() {
    let expected = String::from_utf8(read(&fixture("FIXTURE.OUT"))).unwrap();
    for f in ["TOKEN.BAS", "PROTECT.BAS", "ASCII.BAS"] {
        let out = gwrun(&[fixture(f).as_os_str()]);
        assert!(out.status.success(), "{f}: {:?}", out.status);
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{f}");
    }
}

#[test]
fn convert_writes_what_pc_basic_saves_in_both_spellings() {
    let s = Scratch::new("convert");
    for flag_form in [true, false] {
        let asc = s.join("A.BAS");
        let tok = s.join("T.BAS");
        let out = convert(flag_form, &fixture("TOKEN.BAS"), &asc, None);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            read(&asc) == read(&fixture("ASCII.BAS")),
            "tokenized -> ascii (default)"
        );
        let out = convert(flag_form, &fixture("ASCII.BAS"), &tok, Some("tokenized"));
        assert!(out.status.success());
        assert!(
            read(&tok) == read(&fixture("TOKEN.BAS")),
            "ascii -> tokenized"
        );
        let out = convert(flag_form, &tok, &asc, Some("ascii"));
        assert!(out.status.success());
        assert!(
            read(&asc) == read(&fixture("ASCII.BAS")),
            "explicit --to ascii"
        );
    }
}

#[test]
fn protected_programs_are_not_converted() {
    let s = Scratch::new("protected");
    for to in ["ascii", "tokenized"] {
        let out = convert(true, &fixture("PROTECT.BAS"), &s.join("X.BAS"), Some(to));
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains("Illegal function call"));
        assert!(!s.join("X.BAS").exists());
    }
}

#[test]
fn ascii_to_tokenized_to_ascii_is_the_identity_on_every_listing() {
    let s = Scratch::new("roundtrip");
    let listings = Path::new(env!("CARGO_MANIFEST_DIR")).join("basic");
    let mut n = 0;
    for entry in std::fs::read_dir(listings).unwrap().flatten() {
        let p = entry.path();
        if p.extension().is_none_or(|e| !e.eq_ignore_ascii_case("bas")) {
            continue;
        }
        let (a1, t, a2) = (s.join("A1.BAS"), s.join("T.BAS"), s.join("A2.BAS"));
        assert!(
            convert(true, &p, &a1, Some("ascii")).status.success(),
            "{}",
            p.display()
        );
        assert!(convert(true, &a1, &t, Some("tokenized")).status.success());
        assert!(convert(true, &t, &a2, Some("ascii")).status.success());
        assert!(read(&a1) == read(&a2), "{}", p.display());
        n += 1;
    }
    assert!(n >= 10, "only {n} listings found");
}

#[test]
fn convert_reports_bad_input_and_writes_nothing() {
    let s = Scratch::new("bad");
    std::fs::write(s.join("D.BAS"), b"10 PRINT 1\r\nPRINT 2\r\n").unwrap();
    let out = convert(true, &s.join("D.BAS"), &s.join("O.BAS"), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Direct statement in file"));
    assert!(!s.join("O.BAS").exists());
    let out = gwrun(&["--to".as_ref(), "ascii".as_ref()]);
    assert_eq!(out.status.code(), Some(2), "--to needs --convert");
}

/// `gwrun FILE` on a program that never ends: SIGINT (what Ctrl-C sends) stops it with
/// `Break in NNN` and exit status 130.
#[test]
fn sigint_stops_a_running_file_with_break_and_status_130() {
    let s = Scratch::new("sigint");
    let prog = s.join("LOOP.BAS");
    // the program makes a file once it runs (its screen output is buffered in a pipe)
    let program = b"10 PRINT \"running\": OPEN \"STARTED\" FOR OUTPUT AS 1: CLOSE 1\r\n\
                    20 I = I + 1: GOTO 20\r\n";
    std::fs::write(&prog, program).unwrap();
    let child = Command::new(BIN)
        .arg(&prog)
        .current_dir(&s.0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..200 {
        if s.join("STARTED").exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(s.join("STARTED").exists(), "the program did not start");
    std::thread::sleep(Duration::from_millis(100));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "running\nBreak in 20\n"
    );
}

/// The same through a terminal: Ctrl-C typed while `gwrun FILE` runs.
#[test]
fn ctrl_c_on_a_terminal_stops_a_running_file() {
    use rexpect::process::WaitStatus;
    let s = Scratch::new("ctrlc");
    let prog = s.join("LOOP.BAS");
    std::fs::write(&prog, b"10 PRINT \"running\"\r\n20 I = I + 1: GOTO 20\r\n").unwrap();
    let mut cmd = Command::new(BIN);
    cmd.arg(&prog).env("TERM", "xterm");
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000)).unwrap();
    p.exp_string("running").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    p.send_control('c').unwrap();
    p.exp_string("Break in 20").unwrap();
    p.exp_eof().unwrap();
    match p.process().wait().unwrap() {
        WaitStatus::Exited(_, code) => assert_eq!(code, 130),
        other => panic!("{other:?}"),
    }
}

/// `--pcbasic-math` computes every math function and fractional power bit for bit as
/// PC-BASIC 2.0.8 does (basic/compat/pcbasic_math.txt is PC-BASIC's own output file, made
/// by basic/compat/regen.sh); without it the GW-BASIC routines give other last bits.
#[test]
fn pcbasic_math_matches_pc_basic_bit_for_bit() {
    let compat = Path::new(env!("CARGO_MANIFEST_DIR")).join("basic/compat");
    let expected = read(&compat.join("pcbasic_math.txt"));
    let dir = Scratch::new("pcmath");
    let bas = dir.join("pcbasic_math.bas");
    std::fs::copy(compat.join("pcbasic_math.bas"), &bas).unwrap();
    let run = |flag: Option<&str>| {
        let mut cmd = assert_cmd::Command::new(BIN);
        cmd.current_dir(&dir.0).timeout(Duration::from_secs(60));
        if let Some(f) = flag {
            cmd.arg(f);
        }
        let out = cmd.arg(&bas).output().unwrap();
        assert!(out.status.success(), "{flag:?}: {:?}", out.status);
        read(&dir.join("MATH.TXT"))
    };
    assert_eq!(run(Some("--pcbasic-math")), expected);
    assert_ne!(run(None), expected);
}

/// Exit statuses: 0 after END or SYSTEM, 1 after an untrapped error, 130 after STOP (a
/// Break, as after Ctrl-C).
#[test]
fn exit_status_follows_how_the_program_ended() {
    let dir = Scratch::new("status");
    for (src, screen, status) in [
        ("10 PRINT 1\n20 END\n30 PRINT 2\n", " 1 \n", 0),
        ("10 PRINT 1\n20 SYSTEM\n", " 1 \n", 0),
        (
            "10 PRINT 1\n20 X=1/0:Y=SQR(-1)\n",
            " 1 \nDivision by zero\nIllegal function call in 20\n",
            1,
        ),
        (
            "10 PRINT 1\n20 STOP\n30 PRINT 2\n",
            " 1 \nBreak in 20\n",
            130,
        ),
    ] {
        let bas = dir.join("p.bas");
        std::fs::write(&bas, src).unwrap();
        let out = gwrun(&[bas.as_os_str()]);
        assert_eq!(String::from_utf8_lossy(&out.stdout), screen, "{src}");
        assert_eq!(out.status.code(), Some(status), "{src}");
    }
}

/// RUN "f",R, CHAIN and LOAD "f",R keep the data files open; a plain RUN "f" closes them
/// (tests/fixtures/keep_files: the files are PC-BASIC's).
#[test]
fn run_r_chain_and_load_r_keep_files_open() {
    let fixtures = fixture("keep_files");
    let dir = Scratch::new("keepfiles");
    for p in ["A.BAS", "B.BAS", "C.BAS", "D.BAS", "E.BAS"] {
        std::fs::copy(fixtures.join(p), dir.join(p)).unwrap();
    }
    let out = assert_cmd::Command::new(BIN)
        .current_dir(&dir.0)
        .timeout(Duration::from_secs(60))
        .arg("A.BAS")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Bad file number in 10\n"
    );
    assert_eq!(out.status.code(), Some(1));
    for f in ["O.TXT", "O2.TXT"] {
        assert_eq!(read(&dir.join(f)), read(&fixtures.join(f)), "{f}");
    }
}

/// New files get upper-case DOS names and existing ones are found whatever their case
/// (tests/fixtures/dos_names: the files are PC-BASIC's).
#[test]
fn files_get_dos_names() {
    let fixtures = fixture("dos_names");
    let dir = Scratch::new("dosnames");
    std::fs::copy(fixtures.join("P.BAS"), dir.join("P.BAS")).unwrap();
    let out = assert_cmd::Command::new(BIN)
        .current_dir(&dir.0)
        .timeout(Duration::from_secs(60))
        .arg("P.BAS")
        .output()
        .unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    let mut names: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["LOWER.TXT", "MIXED.TXT", "O.TXT", "P.BAS"]);
    for f in ["LOWER.TXT", "MIXED.TXT", "O.TXT"] {
        assert_eq!(read(&dir.join(f)), read(&fixtures.join(f)), "{f}");
    }
}
