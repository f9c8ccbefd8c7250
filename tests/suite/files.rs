//! The file layer through the real binary: what a killed program leaves on disk, Disk
//! full at the statement that caused it, bounded and breakable reading, linear FILES
//! patterns, devices that are never host files, confinement, and two gwrun processes
//! contending for a locked record. Expectations are GW-BASIC's rules (error numbers and
//! messages from the real-GW models and the manual), never gwrun's own output.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const GWRUN: &str = env!("CARGO_BIN_EXE_gwrun");

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gwrun-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

fn program(dir: &Path, name: &str, lines: &[&str]) {
    let text: String = lines.iter().map(|l| format!("{l}\r\n")).collect();
    std::fs::write(dir.join(name), text).expect("write program");
}

fn spawn(dir: &Path, prog: &str, args: &[&str]) -> Child {
    Command::new(GWRUN)
        .args(args)
        .arg(prog)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn gwrun")
}

/// Runs to the end (killed after 20 s).
fn run(dir: &Path, prog: &str, args: &[&str]) -> Output {
    let mut child = spawn(dir, prog, args);
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().ok().flatten().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().expect("wait")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A child killed and reaped when the test ends, even by a failed assertion.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until `path` exists (false after 10 s).
fn wait_for(path: &Path) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !path.exists() {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    true
}

/// The numbered lines a writer program left: they must be 1, 2, 3, ... without a gap.
fn counted_lines(data: &[u8]) -> usize {
    let text = String::from_utf8_lossy(data);
    let mut n = 0;
    for line in text.split("\r\n") {
        let line = line.trim_end_matches('\u{1a}');
        match line.trim().strip_prefix("LINE") {
            Some(k) if k.trim().parse::<usize>() == Ok(n + 1) => n += 1,
            _ => break,
        }
    }
    n
}

/// Runs with the host's file size limit set to `limit` bytes (writes past it fail with
/// EFBIG, as on a full disk).
#[cfg(unix)]
fn run_with_file_limit(dir: &Path, prog: &str, limit: u64) -> Output {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(GWRUN);
    cmd.arg(prog)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only setrlimit, async-signal-safe, between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let r = libc::rlimit {
                rlim_cur: limit as libc::rlim_t,
                rlim_max: limit as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &r);
            Ok(())
        });
    }
    cmd.output().expect("gwrun")
}

#[cfg(unix)]
fn signal(child: &Child, sig: i32) {
    // SAFETY: kill(2) on a child we started and have not reaped.
    unsafe {
        libc::kill(child.id() as i32, sig);
    }
}

/// SIGTERM and SIGHUP stop the program like Ctrl-C: its files are closed with every line
/// it printed; the status is 128 + the signal.
#[cfg(unix)]
#[test]
fn termination_signals_keep_every_printed_line() {
    for sig in [libc::SIGTERM, libc::SIGHUP] {
        let dir = scratch(&format!("term{sig}"));
        program(
            &dir,
            "W.BAS",
            &[
                "10 OPEN \"OUT.TXT\" FOR OUTPUT AS 1",
                "20 I = I + 1: PRINT #1, \"LINE\"; I: GOTO 20",
            ],
        );
        let mut child = Reaped(spawn(&dir, "W.BAS", &[]));
        assert!(wait_for(&dir.join("OUT.TXT")));
        std::thread::sleep(Duration::from_millis(200));
        signal(&child.0, sig);
        let status = child.0.wait().expect("wait");
        let out = Output {
            status,
            stdout: Vec::new(),
            stderr: Vec::new(),
        };
        assert_eq!(out.status.code(), Some(128 + sig), "{}", stdout(&out));
        let data = std::fs::read(dir.join("OUT.TXT")).expect("OUT.TXT");
        let n = counted_lines(&data);
        assert!(n > 10, "only {n} lines");
        // closed: every line complete, then GW's Ctrl-Z
        let end = format!("LINE {n} \r\n\u{1a}");
        assert!(
            data.ends_with(end.as_bytes()),
            "ends {:?}",
            &data[data.len().saturating_sub(20)..]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Even SIGKILL loses at most the last 128-byte sector: the file is streamed.
#[cfg(unix)]
#[test]
fn a_killed_program_loses_at_most_one_sector() {
    let dir = scratch("kill");
    program(
        &dir,
        "W.BAS",
        &[
            "10 OPEN \"OUT.TXT\" FOR OUTPUT AS 1",
            "20 I = I + 1: PRINT #1, \"LINE\"; I: GOTO 20",
        ],
    );
    let child = Reaped(spawn(&dir, "W.BAS", &[]));
    assert!(wait_for(&dir.join("OUT.TXT")));
    std::thread::sleep(Duration::from_millis(300));
    drop(child);
    let data = std::fs::read(dir.join("OUT.TXT")).expect("OUT.TXT");
    assert!(data.len() > 1000, "{} bytes", data.len());
    assert_eq!(data.len() % 128, 0, "whole sectors only");
    let n = counted_lines(&data);
    // the complete lines on disk are all but the sector that was still in memory
    let complete: usize = (1..=n).map(|k| format!("LINE {k} \r\n").len()).sum();
    assert!(data.len().abs_diff(complete) < 20, "a gap in the data");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program that writes past what the host allows (here RLIMIT_FSIZE, 1 KB) gets Disk
/// full at the statement whose bytes did not fit, and exits 1 when it is not trapped.
#[cfg(unix)]
#[test]
fn disk_full_is_the_error_of_the_statement_that_wrote() {
    let dir = scratch("full");
    // 16 lines of 64 bytes: exactly 1024, so only CLOSE's Ctrl-Z no longer fits
    let fill = "20 FOR I = 1 TO 16: PRINT #1, STRING$(62, \"x\"): NEXT";
    let cases: [(&[&str], &str); 4] = [
        (
            &[fill, "30 PRINT #1, STRING$(200, \"y\")", "40 CLOSE"],
            "Disk full in 30",
        ),
        (&[fill, "40 CLOSE", "50 PRINT \"after\""], "Disk full in 40"),
        (&[fill, "50 END"], "Disk full in 50"),
        (&[fill, "60 PRINT \"done\""], "done\nDisk full"),
    ];
    for (k, (lines, want)) in cases.iter().enumerate() {
        let mut prog = vec!["10 OPEN \"BIG.TXT\" FOR OUTPUT AS 1"];
        prog.extend_from_slice(lines);
        program(&dir, "D.BAS", &prog);
        let out = run_with_file_limit(&dir, "D.BAS", 1024);
        let text = stdout(&out);
        assert!(text.contains(want), "case {k}: {text:?}");
        assert_eq!(out.status.code(), Some(1), "case {k}: {text:?}");
        let data = std::fs::read(dir.join("BIG.TXT")).expect("BIG.TXT");
        assert_eq!(data.len(), 1024, "case {k}: every byte that fit is on disk");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A trapped Disk full on CLOSE leaves the file open with its bytes: once there is room,
/// CLOSE again writes them. Needs a small file system (root can mount a tmpfs; skipped
/// otherwise).
#[cfg(target_os = "linux")]
#[test]
fn a_trapped_disk_full_close_can_be_retried() {
    let dir = scratch("retry");
    let mnt = dir.join("small");
    std::fs::create_dir_all(&mnt).expect("mnt");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&mnt)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a tmpfs here");
        return;
    }
    program(
        &mnt,
        "R.BAS",
        &[
            "10 OPEN \"DATA.TXT\" FOR OUTPUT AS 1",
            "20 FOR I = 1 TO 10: PRINT #1, \"LINE\"; I: NEXT",
            "30 ON ERROR GOTO 100",
            "40 CLOSE",
            "50 PRINT \"closed\": END",
            "100 PRINT \"ERR\"; ERR; \"AT\"; ERL: KILL \"FILLER\": RESUME",
        ],
    );
    // the disk is full before the program starts: its 10 lines wait in the buffer
    fill(&mnt.join("FILLER"));
    let out = run(&mnt, "R.BAS", &[]);
    let text = stdout(&out);
    let data = std::fs::read(mnt.join("DATA.TXT")).unwrap_or_default();
    let _ = Command::new("umount").arg(&mnt).status();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(text, "ERR 61 AT 40 \nclosed\n");
    assert_eq!(counted_lines(&data), 10);
    assert!(
        data.ends_with(b"LINE 10 \r\n\x1a"),
        "the retried CLOSE wrote it all"
    );
}

/// Writes to `path` until the file system is full.
#[cfg(target_os = "linux")]
fn fill(path: &Path) {
    use std::io::Write;
    if let Ok(mut f) = std::fs::File::create(path) {
        let chunk = [0u8; 1024];
        while f.write_all(&chunk).is_ok() {}
        let _ = f.flush();
    }
}

/// `/dev/zero` (through a link), a FIFO, a directory: not DOS files. OPEN answers at once
/// with Path/File access error instead of reading for ever or waiting for a writer.
#[cfg(unix)]
#[test]
fn endless_and_blocking_files_are_refused_at_once() {
    let dir = scratch("zero");
    std::os::unix::fs::symlink("/dev/zero", dir.join("ZERO")).expect("symlink");
    let _ = Command::new("mkfifo").arg(dir.join("FIFO")).status();
    std::fs::create_dir_all(dir.join("SUB")).expect("dir");
    program(
        &dir,
        "Z.BAS",
        &[
            "5 ON ERROR GOTO 100",
            "10 OPEN \"ZERO\" FOR INPUT AS 1",
            "20 OPEN \"I\", 1, \"FIFO\"",
            "30 OPEN \"SUB\" FOR INPUT AS 1",
            "40 END",
            "100 PRINT ERR; ERL: RESUME NEXT",
        ],
    );
    // a device opened as a file would block on its first read (a FIFO without a writer)
    // or run on forever (ZERO): the run, killed after 20 s, would then lack these lines
    let out = run(&dir, "Z.BAS", &[]);
    assert_eq!(stdout(&out), " 75  10 \n 75  20 \n 75  30 \n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reading a file of any size costs one sector: LINE INPUT# through 8 MB of one huge "line"
/// cuts items at 255 bytes and stays small. Measured in bytes, not seconds: the item read
/// is empty, LOC says all 65,536 sectors of 128 bytes were read, EOF is true, and the
/// process's peak memory stays far below the file's size.
#[cfg(target_os = "linux")]
#[test]
fn reading_a_huge_file_is_bounded() {
    let dir = scratch("huge");
    let f = std::fs::File::create(dir.join("HUGE.DAT")).expect("create");
    f.set_len(8 << 20).expect("sparse file");
    program(
        &dir,
        "H.BAS",
        &[
            "10 OPEN \"HUGE.DAT\" FOR INPUT AS 1",
            "20 LINE INPUT #1, A$",
            "30 PRINT LEN(A$); LOF(1); LOC(1); EOF(1)",
        ],
    );
    // the peak of this run's own process (wait4 in a measuring process: the test
    // binary's other children do not count)
    let r = crate::support::run_in(
        &dir,
        &["H.BAS"],
        crate::support::Input::Null,
        Duration::from_secs(60),
    );
    r.assert_clean_end("H.BAS");
    // NUL bytes are never stored: the whole file is one empty item, read to its end
    assert_eq!(r.out(), " 0  8388608  65536 -1 \n");
    assert!(r.max_rss_kib < 50 << 10, "{} KiB", r.max_rss_kib);
    let _ = std::fs::remove_dir_all(&dir);
}

/// FILES with a 20-star pattern: DOS matching is one pass over 11 bytes.
#[test]
fn files_patterns_are_linear() {
    let dir = scratch("stars");
    for k in 0..50 {
        std::fs::write(dir.join(format!("F{k}.DAT")), b"x").expect("file");
    }
    let stars = "*".repeat(20);
    program(
        &dir,
        "S.BAS",
        &[
            &format!("10 FILES \"{stars}.{stars}\""),
            "20 FILES \"F?.D*\"",
        ],
    );
    // a backtracking matcher would try 20 stars against each name for ever and the run,
    // killed after 20 s, would list nothing
    let out = run(&dir, "S.BAS", &[]);
    let text = stdout(&out);
    assert_eq!(text.matches("F10     .DAT").count(), 1);
    assert_eq!(text.matches("F1      .DAT").count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// DOS device names are devices in any directory and with any extension: never host
/// files.
#[test]
fn device_names_are_never_host_files() {
    let dir = scratch("devices");
    program(
        &dir,
        "V.BAS",
        &[
            "10 OPEN \"CON\" FOR OUTPUT AS 1: PRINT #1, \"on the screen\": CLOSE 1",
            "20 OPEN \"SCRN:\" FOR OUTPUT AS 1: PRINT #1, \"here too\": CLOSE 1",
            "30 OPEN \"NUL.TXT\" FOR OUTPUT AS 1: PRINT #1, \"gone\": CLOSE 1",
            "40 OPEN \"LPT1:\" FOR OUTPUT AS 1: CLOSE 1",
            "50 OPEN \"PRN\" FOR OUTPUT AS 1: CLOSE 1",
            "60 ON ERROR GOTO 100",
            "70 OPEN \"COM1:\" FOR OUTPUT AS 1",
            "80 OPEN \"AUX\" FOR INPUT AS 1",
            "90 END",
            "100 PRINT ERR; ERL: RESUME NEXT",
        ],
    );
    let out = run(&dir, "V.BAS", &[]);
    assert_eq!(
        stdout(&out),
        "on the screen\nhere too\n 68  70 \n 68  80 \n"
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["V.BAS".to_string()], "no host file was made");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Confined (the default, and `--confine`): C:\ is the program's folder; `..` at the
/// root is Path not found, and a link out of it is a Path/File access error. With
/// `--no-confine` both are reachable.
#[cfg(unix)]
#[test]
fn confine_keeps_a_program_in_its_directory() {
    let dir = scratch("confine");
    let inner = dir.join("inner");
    std::fs::create_dir_all(&inner).expect("inner");
    std::fs::write(dir.join("OUTSIDE.TXT"), b"secret\r\n").expect("outside");
    std::os::unix::fs::symlink(dir.join("OUTSIDE.TXT"), inner.join("LINK.TXT")).expect("link");
    program(
        &inner,
        "C.BAS",
        &[
            "5 ON ERROR GOTO 100",
            "10 OPEN \"..\\OUTSIDE.TXT\" FOR INPUT AS 1: GOSUB 50",
            "20 OPEN \"LINK.TXT\" FOR INPUT AS 1: GOSUB 50",
            "30 CHDIR \"..\"",
            "40 END",
            "50 IF E THEN PRINT E: E = 0: RETURN",
            "60 LINE INPUT #1, A$: PRINT A$: CLOSE: RETURN",
            "100 E = ERR: RESUME NEXT",
        ],
    );
    let free = run(&inner, "C.BAS", &["--no-confine"]);
    assert_eq!(stdout(&free), "secret\nsecret\n");
    for args in [&[][..], &["--confine"]] {
        let confined = run(&inner, "C.BAS", args);
        assert_eq!(stdout(&confined), " 76 \n 75 \n", "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Confined, KILL, NAME and FILES answer a name above the drive's root or through a link
/// out of it with File not found (53), as they answer every name their search does not
/// find (GIODSK.ASM KILL, NAME, FILES: DERFNF), and the file outside is untouched.
#[cfg(unix)]
#[test]
fn confined_kill_name_and_files_find_nothing_outside() {
    let dir = scratch("confinekill");
    let inner = dir.join("inner");
    std::fs::create_dir_all(&inner).expect("inner");
    std::fs::write(dir.join("OUTSIDE.TXT"), b"secret\r\n").expect("outside");
    std::os::unix::fs::symlink(&dir, inner.join("UP")).expect("link");
    program(
        &inner,
        "K.BAS",
        &[
            "5 ON ERROR GOTO 100",
            "10 KILL \"..\\OUTSIDE.TXT\"",
            "20 KILL \"UP\\OUTSIDE.TXT\"",
            "30 NAME \"..\\OUTSIDE.TXT\" AS \"X.TXT\"",
            "40 NAME \"UP\\OUTSIDE.TXT\" AS \"X.TXT\"",
            "50 FILES \"..\\*.*\"",
            "60 FILES \"UP\\*.*\"",
            "70 END",
            "100 PRINT ERL; ERR: RESUME NEXT",
        ],
    );
    let confined = run(&inner, "K.BAS", &[]);
    assert_eq!(
        stdout(&confined),
        " 10  53 \n 20  53 \n 30  53 \n 40  53 \n 50  53 \n 60  53 \n"
    );
    assert_eq!(
        std::fs::read(dir.join("OUTSIDE.TXT")).expect("kept"),
        b"secret\r\n"
    );
    assert!(!inner.join("X.TXT").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two gwrun processes on one random file: a record one LOCKs is Permission denied to
/// the other (GET, PUT and LOCK), other records are free, and after UNLOCK it is free;
/// a file opened LOCK READ WRITE cannot be opened by the other at all.
#[cfg(target_os = "linux")]
#[test]
fn two_processes_contend_for_a_locked_record() {
    let dir = scratch("contend");
    std::fs::write(dir.join("DATA.DAT"), vec![b'.'; 512]).expect("data");
    program(
        &dir,
        "A.BAS",
        &[
            "10 OPEN \"DATA.DAT\" FOR RANDOM SHARED AS 1 LEN = 128",
            "20 LOCK #1, 2",
            "30 OPEN \"READY\" FOR OUTPUT AS 2: CLOSE 2",
            "40 ON ERROR GOTO 100",
            "50 OPEN \"GO\" FOR INPUT AS 3: CLOSE 3",
            "60 UNLOCK #1, 2: CLOSE 1",
            "70 OPEN \"DATA.DAT\" FOR RANDOM LOCK READ WRITE AS 1",
            "80 OPEN \"READY2\" FOR OUTPUT AS 2: CLOSE 2",
            "85 ON ERROR GOTO 110",
            "90 OPEN \"GO2\" FOR INPUT AS 3: CLOSE: END",
            "100 RESUME 50",
            "110 RESUME 90",
        ],
    );
    program(
        &dir,
        "B.BAS",
        &[
            "10 ON ERROR GOTO 100",
            "20 OPEN \"DATA.DAT\" FOR RANDOM SHARED AS 1 LEN = 128",
            "30 GET #1, 2: PRINT \"get 2\"; E: E = 0",
            "40 GET #1, 1: PRINT \"get 1\"; E: E = 0",
            "50 PUT #1, 2: PRINT \"put 2\"; E: E = 0",
            "60 LOCK #1, 1 TO 3: PRINT \"lock 1-3\"; E: E = 0",
            "70 LOCK #1, 3: PRINT \"lock 3\"; E: E = 0",
            "80 END",
            "100 E = ERR: RESUME NEXT",
        ],
    );
    program(
        &dir,
        "C.BAS",
        &[
            "10 ON ERROR GOTO 100",
            "20 OPEN \"DATA.DAT\" FOR RANDOM SHARED AS 1 LEN = 128: PRINT \"open\"; E: E = 0",
            "30 GET #1, 2: PRINT \"get 2\"; E: E = 0",
            "40 END",
            "100 E = ERR: RESUME NEXT",
        ],
    );
    let mut a = Reaped(spawn(&dir, "A.BAS", &[]));
    assert!(wait_for(&dir.join("READY")), "A did not lock");
    let b = run(&dir, "B.BAS", &[]);
    assert_eq!(
        stdout(&b),
        "get 2 70 \nget 1 0 \nput 2 70 \nlock 1-3 70 \nlock 3 0 \n"
    );
    std::fs::write(dir.join("GO"), b"").expect("go");
    assert!(wait_for(&dir.join("READY2")), "A did not go on");
    // A has unlocked record 2 but holds the file LOCK READ WRITE
    let c = run(&dir, "C.BAS", &[]);
    assert_eq!(stdout(&c), "open 70 \nget 2 54 \n");
    std::fs::write(dir.join("GO2"), b"").expect("go2");
    let deadline = Instant::now() + Duration::from_secs(10);
    while a.0.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(a);
    // A has ended: the record is free
    let c = run(&dir, "C.BAS", &[]);
    assert_eq!(stdout(&c), "open 0 \nget 2 0 \n");
    let _ = std::fs::remove_dir_all(&dir);
}
