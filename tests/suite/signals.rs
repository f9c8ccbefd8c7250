//! Ctrl-C (SIGINT), SIGTERM and SIGHUP sent to a real gwrun process in each state it can
//! wait in: running statements that print in a graphics mode, waiting at INPUT on a pipe
//! that brings nothing, reading KYBD: from an endless stream, writing to a pipe nobody
//! reads, inside SHELL. What is checked is what a user finds afterwards: the exit status,
//! the files byte by byte (every record the program wrote, then GW's Ctrl-Z), and stdout.
//! The waits below are hang guards only (a run that does not end fails), never measures.
#![cfg(unix)]

use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const GWRUN: &str = env!("CARGO_BIN_EXE_gwrun");
/// How long a run may take to end after its signal before the test calls it a hang.
const HANG: Duration = Duration::from_secs(30);

/// A scratch directory for one test, removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(tag: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("gwrun-sig-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }

    fn program(&self, name: &str, lines: &[&str]) {
        let text: String = lines.iter().map(|l| format!("{l}\r\n")).collect();
        std::fs::write(self.0.join(name), text).unwrap();
    }

    fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.0.join(name)).unwrap_or_default()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A gwrun process, killed and reaped if the test fails before it ends.
struct Run(Child);

impl Run {
    fn start(dir: &Dir, args: &[&str], stdin: Stdio, stdout: Stdio) -> Run {
        Run(Command::new(GWRUN)
            .args(args)
            .current_dir(&dir.0)
            .stdin(stdin)
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()
            .expect("gwrun starts"))
    }

    fn signal(&self, sig: i32) {
        // SAFETY: kill(2) on our own child, not yet reaped
        unsafe {
            libc::kill(self.0.id() as i32, sig);
        }
    }

    /// The exit status once it ended (None: it did not end within `HANG`).
    fn status(&mut self) -> Option<i32> {
        let deadline = Instant::now() + HANG;
        loop {
            if let Some(st) = self.0.try_wait().expect("wait") {
                return st.code();
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// What it wrote to stderr; a run still going is ended first (its stderr would
    /// not end, and the read would hang the test that failed).
    fn stderr(&mut self) -> String {
        if matches!(self.0.try_wait(), Ok(None)) {
            let _ = self.0.kill();
        }
        let mut s = String::new();
        if let Some(e) = self.0.stderr.as_mut() {
            let _ = e.read_to_string(&mut s);
        }
        s
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until `test` holds (a hang guard: false after `HANG`).
fn until(mut test: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + HANG;
    while !test() {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    true
}

/// A file of stdout for a run (named so that no DOS name a program uses matches it).
fn out_file(dir: &Dir, name: &str) -> Stdio {
    Stdio::from(std::fs::File::create(dir.0.join(name)).unwrap())
}

/// The records `REC 1`, `REC 2`, ... of a closed file: their count, after checking that
/// they are whole, consecutive, and followed by GW's Ctrl-Z and nothing else.
fn records(data: &[u8], word: &str) -> usize {
    let text = String::from_utf8_lossy(data);
    let body = text
        .strip_suffix('\u{1a}')
        .unwrap_or_else(|| panic!("no Ctrl-Z at the end: {:?}", tail(data)));
    let mut n = 0;
    for line in body.split_terminator("\r\n") {
        n += 1;
        assert_eq!(line, format!("{word} {n} "), "record {n}");
    }
    assert!(
        body.is_empty() || body.ends_with("\r\n"),
        "{:?}",
        tail(data)
    );
    n
}

fn tail(data: &[u8]) -> String {
    String::from_utf8_lossy(&data[data.len().saturating_sub(40)..]).into_owned()
}

/// The numbers ` 1 `, ` 2 `, ... a program printed, one a line, up to a last line that
/// may be Break's message: their count.
fn printed_numbers(data: &[u8]) -> usize {
    let text = String::from_utf8_lossy(data);
    let mut n = 0;
    for line in text.lines() {
        if line.starts_with("Break in ") {
            break;
        }
        n += 1;
        assert_eq!(line, format!(" {n} "), "line {n} of stdout");
    }
    n
}

/// The reproduction: a program printing to a file and, in SCREEN 9, to a
/// redirected stdout; SIGTERM (and SIGHUP) in the middle. Everything printed is in the
/// stdout file, every record in LOG.TXT with its Ctrl-Z, the status 128 + the signal.
#[test]
fn termination_in_a_graphics_print_loop_keeps_stdout_and_the_file() {
    for sig in [libc::SIGTERM, libc::SIGHUP] {
        let dir = Dir::new(&format!("st{sig}"));
        dir.program(
            "ST.BAS",
            &[
                "10 SCREEN 9: OPEN \"LOG.TXT\" FOR OUTPUT AS 1",
                "20 I=I+1: PRINT #1,\"REC\";I: PRINT I",
                "30 GOTO 20",
            ],
        );
        let mut run = Run::start(&dir, &["ST.BAS"], Stdio::null(), out_file(&dir, "so.txt"));
        // running: the log has several sectors on disk
        assert!(until(|| dir.read("LOG.TXT").len() > 4096));
        run.signal(sig);
        assert_eq!(run.status(), Some(128 + sig), "{}", run.stderr());
        let logged = records(&dir.read("LOG.TXT"), "REC");
        let printed = printed_numbers(&dir.read("so.txt"));
        assert!(logged > 100, "{logged}");
        // the Break came between two statements of line 20, or after it
        assert!(
            printed == logged || printed + 1 == logged,
            "{printed} printed, {logged} logged"
        );
    }
}

/// A program waiting at INPUT on a pipe that brings nothing: SIGTERM ends it with its
/// file closed (the record, then Ctrl-Z) rather than with its last sector lost.
#[test]
fn termination_at_input_on_an_empty_pipe_closes_the_files() {
    let dir = Dir::new("input");
    dir.program(
        "IN.BAS",
        &[
            "10 OPEN \"OUT.TXT\" FOR OUTPUT AS 1: PRINT #1, \"LINE\"; 1",
            "20 INPUT A$",
            "30 PRINT #1, \"LINE\"; 2",
        ],
    );
    let mut run = Run::start(
        &dir,
        &["IN.BAS"],
        Stdio::piped(),
        out_file(&dir, "stdout.log"),
    );
    // the prompt is shown (stdout is flushed before the read)
    assert!(until(|| dir.read("stdout.log").ends_with(b"? ")));
    run.signal(libc::SIGTERM);
    assert_eq!(run.status(), Some(128 + libc::SIGTERM), "{}", run.stderr());
    assert_eq!(dir.read("OUT.TXT"), b"LINE 1 \r\n\x1a");
}

/// Ctrl-C while INPUT waits on a pipe that brings nothing is a Break there (exit 130, the
/// message on stdout, the file closed).
#[test]
fn ctrl_c_at_input_on_an_empty_pipe_is_a_break() {
    let dir = Dir::new("brk");
    dir.program(
        "IN.BAS",
        &[
            "10 OPEN \"OUT.TXT\" FOR OUTPUT AS 1: PRINT #1, \"LINE\"; 1",
            "20 INPUT A$",
        ],
    );
    let mut run = Run::start(
        &dir,
        &["IN.BAS"],
        Stdio::piped(),
        out_file(&dir, "stdout.log"),
    );
    assert!(until(|| dir.read("stdout.log").ends_with(b"? ")));
    run.signal(libc::SIGINT);
    assert_eq!(run.status(), Some(130), "{}", run.stderr());
    let out = String::from_utf8_lossy(&dir.read("stdout.log")).into_owned();
    assert!(out.contains("Break in 20"), "{out:?}");
    assert_eq!(dir.read("OUT.TXT"), b"LINE 1 \r\n\x1a");
}

/// KYBD: and CON read from an endless stream of NULs (stdin from /dev/zero): a line that
/// runs on 64 KiB past GW's 255 bytes without an end is the end of the input, as for
/// INPUT from the console (a NUL is never kept: the item read is empty); the next read is
/// Input past end, and gwrun ends by itself.
#[test]
fn kybd_and_con_lines_from_dev_zero_end() {
    for (device, read) in [("KYBD:", "LINE INPUT #1, A$"), ("CON", "INPUT #1, A$")] {
        let dir = Dir::new("zero");
        dir.program(
            "Z.BAS",
            &[
                &format!("10 OPEN \"{device}\" FOR INPUT AS 1"),
                &format!("20 {read}"),
                "30 PRINT \"read\"; LEN(A$): GOTO 20",
            ],
        );
        let zero = std::fs::File::open("/dev/zero").unwrap();
        let mut run = Run::start(
            &dir,
            &["Z.BAS"],
            Stdio::from(zero),
            out_file(&dir, "stdout.log"),
        );
        assert_eq!(run.status(), Some(1), "{device}: {}", run.stderr());
        let out = String::from_utf8_lossy(&dir.read("stdout.log")).into_owned();
        assert_eq!(out, "read 0 \nInput past end in 20\n", "{device}");
        assert!(run.stderr().contains("no line end"), "{device}");
    }
}

/// Ctrl-C while LINE INPUT # waits on KYBD: for a pipe that brings nothing is a Break.
#[test]
fn ctrl_c_at_a_kybd_read_is_a_break() {
    let dir = Dir::new("kybd");
    dir.program(
        "K.BAS",
        &[
            "10 OPEN \"KYBD:\" FOR INPUT AS 1: PRINT \"reading\"",
            "20 LINE INPUT #1, A$",
        ],
    );
    let mut run = Run::start(
        &dir,
        &["K.BAS"],
        Stdio::piped(),
        out_file(&dir, "stdout.log"),
    );
    assert!(until(|| dir.read("stdout.log").starts_with(b"reading\n")));
    run.signal(libc::SIGINT);
    assert_eq!(run.status(), Some(130), "{}", run.stderr());
    let out = String::from_utf8_lossy(&dir.read("stdout.log")).into_owned();
    assert!(out.contains("Break in 20"), "{out:?}");
}

/// stdout is a pipe nobody reads (it fills up and the write blocks): Ctrl-C and SIGTERM
/// still stop the program, with its file closed; what stdout could not take is dropped.
#[test]
fn a_signal_stops_a_program_blocked_on_a_full_stdout() {
    for (sig, status) in [(libc::SIGINT, 130), (libc::SIGTERM, 128 + libc::SIGTERM)] {
        let dir = Dir::new(&format!("full{sig}"));
        dir.program(
            "F.BAS",
            &[
                "10 OPEN \"LOG.TXT\" FOR OUTPUT AS 1",
                "20 I=I+1: PRINT #1,\"REC\";I: PRINT STRING$(70,\"x\")",
                "30 GOTO 20",
            ],
        );
        let mut run = Run::start(&dir, &["F.BAS"], Stdio::null(), Stdio::piped());
        // the pipe holds 64 KiB: once the log stops growing, the program is blocked
        let mut last = 0;
        assert!(until(|| {
            std::thread::sleep(Duration::from_millis(200));
            let now = dir.read("LOG.TXT").len();
            let still = now > 0 && now == last;
            last = now;
            still
        }));
        run.signal(sig);
        assert_eq!(run.status(), Some(status), "{}", run.stderr());
        let logged = records(&dir.read("LOG.TXT"), "REC");
        assert!(logged > 100, "{logged}");
    }
}

/// SHELL running a long command (with --allow-shell): Ctrl-C stops the command and is a
/// Break at SHELL; the command's process is gone.
#[test]
fn ctrl_c_stops_a_shell_command() {
    let dir = Dir::new("shell");
    dir.program(
        "SH.BAS",
        &[
            "10 OPEN \"OUT.TXT\" FOR OUTPUT AS 1: PRINT #1, \"LINE\"; 1",
            "20 SHELL \"echo $$ > PID.TXT; exec sleep 600\"",
            "30 PRINT #1, \"LINE\"; 2",
        ],
    );
    let mut run = Run::start(
        &dir,
        &["--allow-shell", "SH.BAS"],
        Stdio::null(),
        out_file(&dir, "stdout.log"),
    );
    assert!(until(|| dir.read("PID.TXT").ends_with(b"\n")));
    let pid: i32 = String::from_utf8_lossy(&dir.read("PID.TXT"))
        .trim()
        .parse()
        .unwrap();
    run.signal(libc::SIGINT);
    assert_eq!(run.status(), Some(130), "{}", run.stderr());
    let out = String::from_utf8_lossy(&dir.read("stdout.log")).into_owned();
    assert!(out.contains("Break in 20"), "{out:?}");
    assert_eq!(dir.read("OUT.TXT"), b"LINE 1 \r\n\x1a");
    // the command was ended and reaped: no such process any more
    // SAFETY: signal 0 only asks whether the process exists
    let alive = unsafe { libc::kill(pid, 0) } == 0;
    assert!(!alive, "the SHELL command {pid} still runs");
}

/// The program-file statements never read or write a FIFO (one with no writer would
/// block LOAD for ever): RUN, LOAD, MERGE and CHAIN of one are refused, and SAVE to one
/// too, as OPEN refuses it.
#[test]
fn program_statements_refuse_a_fifo() {
    let dir = Dir::new("fifo");
    let fifo = dir.0.join("P.BAS");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid path string
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    for (k, stmt) in [
        "LOAD \"P\"",
        "RUN \"P\"",
        "MERGE \"P\"",
        "CHAIN \"P\"",
        "SAVE \"P\"",
        "SAVE \"P\",A",
    ]
    .iter()
    .enumerate()
    {
        let name = format!("T{k}.BAS");
        dir.program(
            &name,
            &[
                &format!("10 ON ERROR GOTO 100: {stmt}"),
                "20 END",
                "100 PRINT \"ERR\"; ERR: END",
            ],
        );
        let mut run = Run::start(&dir, &[&name], Stdio::null(), out_file(&dir, "stdout.log"));
        assert_eq!(run.status(), Some(0), "{stmt}: {}", run.stderr());
        let out = String::from_utf8_lossy(&dir.read("stdout.log")).into_owned();
        assert!(out.starts_with("ERR "), "{stmt}: {out:?}");
    }
}

/// A program that prints a little and then runs on without printing (an endless loop):
/// its output reaches a redirected stdout while it runs, as GW-BASIC wrote it as it
/// printed, so a SIGKILL (no handler sees it) loses none of it. With the output held in
/// gwrun's buffer until the end, the file stayed empty until the hang guard.
#[test]
fn output_reaches_a_redirected_stdout_while_the_program_runs_on() {
    let dir = Dir::new("idle");
    dir.program(
        "IDLE.BAS",
        &["10 PRINT \"FIRST\": PRINT \"PART\";", "20 GOTO 20"],
    );
    let mut run = Run::start(&dir, &["IDLE.BAS"], Stdio::null(), out_file(&dir, "so.txt"));
    assert!(
        until(|| dir.read("so.txt") == b"FIRST\nPART"),
        "{:?}",
        String::from_utf8_lossy(&dir.read("so.txt"))
    );
    assert_eq!(run.0.try_wait().expect("wait"), None, "still running");
    run.signal(libc::SIGKILL);
    assert_eq!(dir.read("so.txt"), b"FIRST\nPART");
    let _ = run.status();
}
