//! The program's drives through the real binary: APPEND from two processes at once,
//! drive letters served by the program's folder, `--mount`, program files that are FIFOs,
//! and (through the library, on real folders) how often a name lookup lists a directory.
//! Expectations are GW-BASIC's rules and counts derived from the programs, never gwrun's
//! own output.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const GWRUN: &str = env!("CARGO_BIN_EXE_gwrun");

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gwrun-disk-{}-{name}", std::process::id()));
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

/// Waits for a child (killed after 60 s).
fn finish(mut child: Child) -> Output {
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().ok().flatten().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().expect("wait")
}

fn run(dir: &Path, prog: &str, args: &[&str]) -> String {
    String::from_utf8_lossy(&finish(spawn(dir, prog, args)).stdout).into_owned()
}

/// The lines of a sequential file up to its Ctrl-Z, which must be its last byte and
/// its only one.
fn lines_of(bytes: &[u8]) -> Vec<String> {
    assert_eq!(bytes.last(), Some(&0x1A), "the file ends with its Ctrl-Z");
    assert_eq!(
        bytes.iter().filter(|&&c| c == 0x1A).count(),
        1,
        "no Ctrl-Z inside the file"
    );
    let text = String::from_utf8_lossy(&bytes[..bytes.len() - 1]).into_owned();
    assert!(text.ends_with("\r\n"), "the last record is whole");
    text.split_terminator("\r\n").map(str::to_string).collect()
}

/// Each writer's records, whole and in its own order: `WRITER n xxx...` for n = 1..count.
fn assert_records(lines: &[String], writers: &[&str], count: usize) {
    for w in writers {
        let mine: Vec<&String> = lines
            .iter()
            .filter(|l| l.split(' ').next() == Some(*w))
            .collect();
        assert_eq!(mine.len(), count, "{w}'s records");
        for (k, l) in mine.iter().enumerate() {
            assert_eq!(
                **l,
                format!("{w} {} {}", k + 1, "x".repeat(40)),
                "{w}'s record"
            );
        }
    }
    assert_eq!(lines.len(), count * writers.len(), "no other lines");
}

/// A writer that appends `count` records to LOG.TXT through one SHARED handle, starting
/// when GO exists.
fn shared_writer(dir: &Path, name: &str, count: usize) {
    program(
        dir,
        &format!("{name}.BAS"),
        &[
            "10 OPEN \"LOG.TXT\" FOR APPEND SHARED AS 1",
            "20 ON ERROR GOTO 100",
            "30 OPEN \"GO\" FOR INPUT AS 2: CLOSE 2: ON ERROR GOTO 0",
            &format!("40 X$ = STRING$(40, \"x\"): FOR I = 1 TO {count}"),
            &format!("50 PRINT #1, \"{name}\"; STR$(I); \" \"; X$"),
            "60 NEXT: CLOSE 1: END",
            "100 RESUME 30",
        ],
    );
}

/// Two processes appending 2,000 records each to one file opened SHARED keep all 4,000,
/// whole, each in its order, with one Ctrl-Z at the end (O_APPEND writes at record
/// boundaries; a CLOSE's Ctrl-Z is cut before the other's next write).
#[test]
fn appending_processes_keep_every_record() {
    let dir = scratch("append-shared");
    shared_writer(&dir, "A", 2000);
    shared_writer(&dir, "B", 2000);
    let a = spawn(&dir, "A.BAS", &[]);
    let b = spawn(&dir, "B.BAS", &[]);
    std::thread::sleep(Duration::from_millis(200));
    std::fs::write(dir.join("GO"), b"").expect("go");
    let (a, b) = (finish(a), finish(b));
    assert!(a.status.success() && b.status.success(), "{a:?} {b:?}");
    let lines = lines_of(&std::fs::read(dir.join("LOG.TXT")).expect("log"));
    assert_records(&lines, &["A", "B"], 2000);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without SHARED a process cannot open the file while the other has it (Permission
/// denied, 70, retried); each OPEN ... FOR APPEND writes at the end the other left,
/// over its Ctrl-Z.
#[test]
fn appends_without_sharing_start_at_the_end() {
    let dir = scratch("append-compat");
    for name in ["A", "B"] {
        program(
            &dir,
            &format!("{name}.BAS"),
            &[
                "10 ON ERROR GOTO 100: X$ = STRING$(40, \"x\")",
                "20 FOR I = 1 TO 300",
                "30 OPEN \"LOG.TXT\" FOR APPEND AS 1",
                &format!("40 PRINT #1, \"{name}\"; STR$(I); \" \"; X$: CLOSE 1"),
                "50 NEXT: END",
                "100 IF ERR = 70 AND ERL = 30 THEN RESUME 30 ELSE ERROR ERR",
            ],
        );
    }
    let (a, b) = (spawn(&dir, "A.BAS", &[]), spawn(&dir, "B.BAS", &[]));
    let (a, b) = (finish(a), finish(b));
    assert!(a.status.success() && b.status.success(), "{a:?} {b:?}");
    let lines = lines_of(&std::fs::read(dir.join("LOG.TXT")).expect("log"));
    assert_records(&lines, &["A", "B"], 300);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every drive letter is the program's own folder unless mounted, whatever the working
/// directory; each keeps its current directory, as DOS does.
#[test]
fn drive_letters_are_the_programs_folder() {
    let top = scratch("letters");
    let disk = top.join("GAME");
    std::fs::create_dir_all(disk.join("SUB")).expect("sub");
    std::fs::write(disk.join("SUB").join("IN.TXT"), b"in sub\r\n\x1a").expect("in");
    program(
        &disk,
        "MENU.BAS",
        &["10 PRINT \"menu\"", "20 CHAIN \"A:\\SUB\\PART\""],
    );
    program(&disk.join("SUB"), "PART.BAS", &["10 PRINT \"part\""]);
    program(
        &disk,
        "START.BAS",
        &[
            "10 OPEN \"B:OUT.TXT\" FOR OUTPUT AS 1: PRINT #1, \"via b\": CLOSE",
            "20 CHDIR \"B:\\SUB\": OPEN \"B:IN.TXT\" FOR INPUT AS 1",
            "30 LINE INPUT #1, A$: PRINT A$: CLOSE",
            "40 OPEN \"IN.TXT\" FOR INPUT AS 1",
            "50 RUN \"B:\\MENU\"",
        ],
    );
    // run from the folder above: the drives are the program's folder, not the cwd
    // C:'s current directory is still its root: IN.TXT is not there
    let out = run(&top, "GAME/START.BAS", &[]);
    assert_eq!(out, "in sub\nFile not found in 40\n");
    assert_eq!(
        std::fs::read(disk.join("OUT.TXT")).expect("out"),
        b"via b\r\n\x1a"
    );
    assert!(!top.join("OUT.TXT").exists());
    program(
        &disk,
        "RUNMENU.BAS",
        &["10 CHDIR \"C:\\SUB\": RUN \"B:MENU.BAS\""],
    );
    assert_eq!(run(&top, "GAME/RUNMENU.BAS", &[]), "menu\npart\n");
    let _ = std::fs::remove_dir_all(&top);
}

/// `--mount=B:PATH` (PC-BASIC's option): B: is another folder, confined like C:; NAME
/// across letters is Rename across disks; FILES shows B:'s current directory.
#[test]
fn mounted_letters_are_their_folders() {
    let top = scratch("mount");
    let (home, other) = (top.join("HOME"), top.join("OTHER"));
    std::fs::create_dir_all(&home).expect("home");
    std::fs::create_dir_all(other.join("DIR")).expect("other");
    std::fs::write(top.join("SECRET"), b"secret").expect("secret");
    program(
        &home,
        "M.BAS",
        &[
            "10 ON ERROR GOTO 100",
            "20 OPEN \"B:NEW.TXT\" FOR OUTPUT AS 1: PRINT #1, \"b\": CLOSE",
            "30 NAME \"B:NEW.TXT\" AS \"C:NEW.TXT\"",
            "40 OPEN \"B:..\\SECRET\" FOR INPUT AS 1",
            "50 CHDIR \"B:DIR\": FILES \"B:NOSUCH.*\"",
            "60 END",
            "100 PRINT ERR; ERL: RESUME NEXT",
        ],
    );
    let mount = format!("--mount=b:{}", other.display());
    let out = run(&home, "M.BAS", &[&mount]);
    assert_eq!(out, " 74  30 \n 76  40 \nB:\\DIR\n 53  50 \n");
    assert_eq!(
        std::fs::read(other.join("NEW.TXT")).expect("new"),
        b"b\r\n\x1a"
    );
    assert!(!home.join("NEW.TXT").exists());
    // a folder that is not there is a command-line error
    let bad = Command::new(GWRUN)
        .args(["--mount=B:/no/such/folder", "M.BAS"])
        .current_dir(&home)
        .output()
        .expect("gwrun");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("/no/such/folder"));
    let _ = std::fs::remove_dir_all(&top);
}

/// LOAD, RUN, MERGE, CHAIN, SAVE, BLOAD and BSAVE of a FIFO are refused as OPEN refuses
/// it (Path/File access error), never waiting for a writer or reader.
#[cfg(unix)]
#[test]
fn program_files_are_never_fifos() {
    let dir = scratch("fifo");
    let status = Command::new("mkfifo")
        .arg(dir.join("P.BAS"))
        .status()
        .expect("mkfifo");
    assert!(status.success());
    program(
        &dir,
        "F.BAS",
        &[
            "10 ON ERROR GOTO 100",
            "20 MERGE \"P\"",
            "30 CHAIN \"P\"",
            "40 SAVE \"P\"",
            "50 BSAVE \"P\", 0, 10",
            "60 BLOAD \"P\"",
            "70 SAVE \"P\", A",
            "80 RUN \"P\"",
            "90 LOAD \"P\"",
            "100 PRINT ERR; ERL: IF ERL = 90 THEN END ELSE RESUME NEXT",
        ],
    );
    let out = run(&dir, "F.BAS", &[]);
    // BSAVE and BLOAD answer with their own errors (Device I/O error, File not found)
    assert_eq!(
        out,
        " 75  20 \n 75  30 \n 75  40 \n 57  50 \n 53  60 \n 75  70 \n 75  80 \n 75  90 \n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Name lookups list a directory once: 2,000 failing OPENs and 2,000 new files in a
/// folder of 10,000 read its entries once (plus the few the program made), where a
/// lookup that scanned would read 40 million.
#[test]
fn lookups_list_a_folder_once() {
    let dir = scratch("lookups");
    for k in 0..10_000 {
        std::fs::write(dir.join(format!("old{k}.dat")), b"").expect("file");
    }
    let mut s = gwrun_core::session::Session::captured(b"");
    let fs = gwrun::disk::NativeFs::new(&gwrun::disk::DriveMap {
        home: dir.clone(),
        mounts: Vec::new(),
        confine: true,
    })
    .expect("drives");
    s.machine_mut().set_file_system(Box::new(fs));
    let text = "10 ON ERROR GOTO 100\r\n\
                20 FOR I = 1 TO 2000\r\n\
                30 OPEN \"NO\" + MID$(STR$(I), 2) FOR INPUT AS 1\r\n\
                40 OPEN \"NEW\" + MID$(STR$(I), 2) FOR OUTPUT AS 1: CLOSE 1\r\n\
                50 NEXT\r\n\
                60 OPEN \"OLD9999.DAT\" FOR INPUT AS 1: PRINT LOF(1): END\r\n\
                100 E = E + 1: RESUME NEXT\r\n";
    s.load_source(text.as_bytes()).expect("load");
    s.run_program();
    assert_eq!(String::from_utf8_lossy(&s.take_output()), " 0 \n");
    let stats = s.machine().index_stats();
    assert_eq!(stats.scans, 1, "{stats:?}");
    assert!(stats.entries <= 10_001, "{stats:?}");
    assert!(dir.join("NEW2000").exists() && !dir.join("NEW2001").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
