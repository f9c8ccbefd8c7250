//! gwrun as a command among others: a closed pipe ends the run at once and
//! quietly, a failed write is an error naming the file, errors show on stderr when
//! stdout is redirected, bad arguments are named in the user's words with status 2,
//! programs are found as LOAD finds them, `--stay` leaves the program at `Ok`, SAVE keeps
//! what it replaces, SHELL is refused unless allowed, TRON traces only lines that run.

use crate::support::{BIN, Input, Scratch, run_in, stdin_bytes};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const LIMIT: Duration = Duration::from_secs(30);

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_run_at_once_as_sigpipe_does() {
    use std::os::unix::process::ExitStatusExt;
    let dir = Scratch::new("pipe");
    dir.write(
        "POETRY.BAS",
        b"10 PRINT \"line\"; I\r\n20 I=I+1: GOTO 10\r\n",
    );
    let mut child = Command::new(BIN)
        .arg("POETRY.BAS")
        .current_dir(&dir.0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    for _ in 0..3 {
        first.clear();
        out.read_line(&mut first).unwrap();
    }
    assert_eq!(first, "line 2 \n");
    drop(out); // `| head -3` has read its lines
    // the next write fails with EPIPE and ends the process by SIGPIPE; a process that went
    // on regardless is killed after a minute and the signal checked below is then SIGKILL
    let closed = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if closed.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(status.signal(), Some(13), "{status:?}");
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(err, "", "quietly");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_naming_the_file() {
    let dir = Scratch::new("full");
    dir.write("P.BAS", b"10 PRINT \"hello\"\r\n");
    let full = || {
        Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
    };
    let st = Command::new(BIN)
        .arg("P.BAS")
        .current_dir(&dir.0)
        .stdin(Stdio::null())
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(1));
    let err = String::from_utf8_lossy(&st.stderr);
    assert!(err.contains("/dev/full"), "{err}");
    // --dump and --profile=json's stderr, the same way
    let st = Command::new(BIN)
        .args(["--dump", "code", "P.BAS"])
        .current_dir(&dir.0)
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&st.stderr).contains("/dev/full"));
    let st = Command::new(BIN)
        .args(["--profile=json", "P.BAS"])
        .current_dir(&dir.0)
        .stdout(Stdio::null())
        .stderr(full())
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(1));
}

#[test]
fn a_redirected_run_still_shows_its_error_on_stderr() {
    let dir = Scratch::new("stderr");
    dir.write("P.BAS", b"10 PRINT \"a\"\r\n30 X\r\n");
    let r = run_in(&dir.0, &["P.BAS"], Input::Null, LIMIT);
    assert_eq!(
        r.out(),
        "a\nSyntax error in 30\n",
        "the transcript is unchanged"
    );
    assert_eq!(r.err(), "Syntax error in 30\n");
    assert_eq!(r.code, Some(1));
    // a scripted direct mode too
    let r = run_in(
        &dir.0,
        &[],
        stdin_bytes(&dir.0, "in.txt", b"X\nSYSTEM\n"),
        LIMIT,
    );
    assert_eq!(r.err(), "Syntax error\n");
}

/// gwrun with `args`: exit status 2 and a message quoting `words`.
fn refused(args: &[&str], words: &[&str]) {
    let dir = Scratch::new("args");
    dir.write("PROG.BAS", b"10 PRINT 1\r\n");
    dir.write("A.BAS", b"10 PRINT 1\r\n");
    dir.write("B.BAS", b"10 PRINT 2\r\n");
    let r = run_in(&dir.0, args, Input::Null, LIMIT);
    assert_eq!(r.code, Some(2), "{args:?}: {}", r.err());
    for w in words {
        assert!(r.err().contains(w), "{args:?}: {:?} lacks {w:?}", r.err());
    }
    assert!(!r.err().contains("subcommand"), "{}", r.err());
    assert_eq!(r.out(), "", "nothing ran");
}

#[test]
fn argument_errors_name_the_users_words() {
    refused(
        &["--profile", "json", "PROG.BAS"],
        &["--profile json", "--profile=json"],
    );
    refused(&["A.BAS", "B.BAS"], &["B.BAS", "one program"]);
    refused(&["--to", "tokenized", "A.BAS"], &["--to", "--convert"]);
    refused(&["--stats"], &["--stats", "direct mode"]);
    refused(&["--profile"], &["--profile", "direct mode"]);
    refused(&["--clock", "0", "A.BAS"], &["'0'", "--clock"]);
    refused(&["--clock", "nan", "A.BAS"], &["'nan'", "--clock"]);
    refused(&["--clock", "-4", "A.BAS"], &["'-4'", "--clock"]);
    refused(&["--stay"], &["--stay"]);
}

#[test]
fn programs_are_found_as_load_finds_them() {
    let dir = Scratch::new("find");
    dir.write("deal.bas", b"10 PRINT \"dealt\"\r\n");
    for name in ["DEAL", "deal", "Deal.Bas", "deal.bas"] {
        let r = run_in(&dir.0, &[name], Input::Null, LIMIT);
        assert_eq!(r.out(), "dealt\n", "{name}: {}", r.err());
    }
    let r = run_in(&dir.0, &["NOSUCH"], Input::Null, LIMIT);
    assert_eq!(r.code, Some(1));
    assert!(r.err().contains("NOSUCH"), "{}", r.err());
}

#[test]
fn stay_leaves_the_program_loaded_at_ok() {
    let dir = Scratch::new("stay");
    dir.write("P.BAS", b"10 PRINT \"ran\"\r\n20 X\r\n");
    let r = run_in(
        &dir.0,
        &["--stay", "P.BAS"],
        stdin_bytes(&dir.0, "in.txt", b"LIST 20\n20 PRINT \"fixed\"\nRUN\n"),
        LIMIT,
    );
    // after a Syntax error GW puts the line up for editing (`20 X` below `Ok`)
    assert_eq!(
        r.out(),
        "ran\nSyntax error in 20\nOk\n20 X\nLIST 20\n20 X\nOk\n20 PRINT \"fixed\"\nRUN\nran\nfixed\nOk\n"
    );
    assert_eq!(r.code, Some(0));
}

#[test]
fn tron_then_run_n_traces_only_the_lines_that_run() {
    let dir = Scratch::new("tron");
    let r = run_in(
        &dir.0,
        &[],
        stdin_bytes(
            &dir.0,
            "in.txt",
            b"10 PRINT \"A\"\n30 PRINT \"B\"\nTRON\nRUN 30\nSYSTEM\n",
        ),
        LIMIT,
    );
    assert!(r.out().contains("RUN 30\n[30]B\nOk\n"), "{}", r.out());
    // and counts only them
    use gwrun_core::session::Session;
    let mut s = Session::captured(b"");
    s.enter_line("10 PRINT \"A\"");
    s.enter_line("30 PRINT \"B\"");
    s.enter_line("TRON");
    s.enter_line("RUN 30");
    let report = s.cost_report(gwrun_core::cost::GotoModel::Gw);
    let json = report.profile_json();
    assert!(
        !json.contains("\"line\": 10") && !json.contains("\"line\":10"),
        "{json}"
    );
    assert!(json.contains("30"), "{json}");
}

#[test]
fn shell_is_refused_unless_allowed() {
    let dir = Scratch::new("shell");
    dir.write(
        "P.BAS",
        b"10 SHELL \"echo from-the-host\"\r\n20 PRINT \"after\"\r\n",
    );
    let r = run_in(&dir.0, &["P.BAS"], Input::Null, LIMIT);
    assert_eq!(r.out(), "Illegal function call in 10\n");
    assert_eq!(r.code, Some(1));
    dir.write("N.BAS", b"10 SHELL 5\r\n");
    let r = run_in(&dir.0, &["N.BAS"], Input::Null, LIMIT);
    assert_eq!(r.out(), "Type mismatch in 10\n");
    #[cfg(unix)]
    {
        let r = run_in(&dir.0, &["--allow-shell", "P.BAS"], Input::Null, LIMIT);
        assert_eq!(r.out(), "from-the-host\nafter\n", "{}", r.err());
    }
}

/// ENVIRON$ reads the program's own table, never the host's environment: it starts as
/// DOS's (COMSPEC, PATH, PROMPT), `--env` adds, replaces or deletes entries; a command
/// SHELL starts sees the program's entries on top of the host's environment, whose PATH
/// still finds its commands.
#[test]
fn the_environment_is_the_programs_own() {
    let dir = Scratch::new("environ");
    dir.write(
        "E.BAS",
        b"10 PRINT \"[\"; ENVIRON$(\"GWSECRET\"); \"]\"\r\n\
          20 FOR I = 1 TO 5: PRINT I; ENVIRON$(I): NEXT\r\n\
          30 ENVIRON \"GWCHILD=FROM-THE-PROGRAM\"\r\n\
          40 SHELL \"echo $GWCHILD $GWUSER $GWSECRET | cat > CHILD.TXT\"\r\n",
    );
    let out = Command::new(BIN)
        .args([
            "--allow-shell",
            "--env",
            "gwuser=given",
            "--env",
            "PROMPT=",
            "--env",
            "GWNOTE C:\\BIN",
            "E.BAS",
        ])
        .env("GWSECRET", "hunter2")
        .current_dir(&dir.0)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "[]\n 1 COMSPEC=C:\\COMMAND.COM\n 2 PATH=C:\\DOS;C:\\\n 3 GWUSER=given\n 4 GWNOTE=C:\\BIN\n 5 \n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success());
    // the host's own variables stay the command's (only ENVIRON$ is kept from them)
    assert_eq!(
        std::fs::read_to_string(dir.0.join("CHILD.TXT")).unwrap(),
        "FROM-THE-PROGRAM given hunter2\n"
    );
    let bad = Command::new(BIN)
        .args(["--env", "NOSEPARATOR", "E.BAS"])
        .current_dir(&dir.0)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr),
        "gwrun: --env NOSEPARATOR: not NAME=VALUE\n"
    );
}

#[cfg(unix)]
mod save {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn save(dir: &Scratch, target: &str) -> crate::support::Ran {
        let input = format!("10 PRINT 1\nSAVE \"{target}\",A\nSYSTEM\n");
        run_in(
            &dir.0,
            &[],
            stdin_bytes(&dir.0, "in.txt", input.as_bytes()),
            LIMIT,
        )
    }

    #[test]
    fn save_keeps_the_mode_of_the_file_it_replaces() {
        let dir = Scratch::new("save-mode");
        let p = dir.write("KEEP.BAS", b"old");
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).unwrap();
        let r = save(&dir, "KEEP.BAS");
        assert!(!r.out().contains("error"), "{}", r.out());
        assert_eq!(std::fs::read(&p).unwrap(), b"10 PRINT 1\r\n\x1a");
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    #[test]
    fn save_follows_a_symlink_to_the_file_it_names() {
        let dir = Scratch::new("save-link");
        std::fs::create_dir(dir.join("real")).unwrap();
        let real = dir.write("real/PROG.BAS", b"old");
        std::os::unix::fs::symlink("real/PROG.BAS", dir.join("LINK.BAS")).unwrap();
        save(&dir, "LINK.BAS");
        let link = std::fs::symlink_metadata(dir.join("LINK.BAS")).unwrap();
        assert!(link.file_type().is_symlink(), "the link stays a link");
        assert_eq!(std::fs::read(real).unwrap(), b"10 PRINT 1\r\n\x1a");
    }

    #[test]
    fn save_over_a_read_only_file_is_permission_denied() {
        let dir = Scratch::new("save-ro");
        let p = dir.write("RO.BAS", b"old");
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).unwrap();
        let r = save(&dir, "RO.BAS");
        assert!(r.out().contains("Permission Denied"), "{}", r.out());
        assert_eq!(std::fs::read(&p).unwrap(), b"old");
    }

    #[test]
    fn temp_files_of_a_killed_save_are_removed() {
        let dir = Scratch::new("save-tmp");
        // a SAVE by a process that no longer exists (pid numbers stop below 2^22)
        let stale = dir.write(".X.BAS.2147483600.gwrun-tmp", b"half");
        // a live one (ours) is left alone
        let live = dir.write(&format!(".Y.BAS.{}.gwrun-tmp", std::process::id()), b"half");
        let r = run_in(
            &dir.0,
            &[],
            stdin_bytes(&dir.0, "in.txt", b"SYSTEM\n"),
            LIMIT,
        );
        assert_eq!(r.code, Some(0));
        assert!(!stale.exists(), "removed on start");
        assert!(live.exists());
        let again = dir.write(".Z.BAS.2147483601.gwrun-tmp", b"half");
        save(&dir, "Z.BAS");
        assert!(!again.exists(), "removed by SAVE");
        let left: Vec<_> = std::fs::read_dir(&dir.0)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("gwrun-tmp") && !n.starts_with(".Y."))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}

#[test]
fn completions_and_manual_page_come_from_the_argument_definitions() {
    let dir = Scratch::new("completions");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let r = run_in(&dir.0, &["completions", shell], Input::Null, LIMIT);
        assert_eq!(r.code, Some(0), "{shell}");
        assert!(r.out().contains("pcbasic-math"), "{shell}");
    }
    let r = run_in(&dir.0, &["manpage"], Input::Null, LIMIT);
    assert!(
        r.out().starts_with(".ie") || r.out().contains(".TH gwrun"),
        "{}",
        r.out()
    );
    assert!(r.out().contains("allow\\-shell"), "{}", r.out());
}
