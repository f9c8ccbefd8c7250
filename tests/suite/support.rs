//! Running the real binary with a time limit, and measuring what it took: wall time and
//! (on Unix) the child's peak resident memory.
//!
//! The peak is read with `wait4` by a small process of its own: a child forked from the
//! test harness would count the harness's memory as its own (Linux keeps the larger
//! peak across `exec`). So each run re-executes this test binary to run only
//! `measure_child` (every test file using this module declares it), which starts gwrun,
//! enforces the time limit and writes what happened to files the test reads back.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

/// What a run of the binary did.
#[derive(Debug)]
pub struct Ran {
    /// The exit code, None when a signal ended it.
    pub code: Option<i32>,
    /// The signal that ended it.
    pub signal: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub secs: f64,
    /// Peak resident memory in KiB (0 where unknown).
    pub max_rss_kib: u64,
    /// The time limit was reached and the child was killed.
    pub timed_out: bool,
}

impl Ran {
    pub fn out(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
    pub fn err(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }
    /// Ended by itself, with an exit status, and without a Rust panic or abort.
    pub fn assert_clean_end(&self, what: &str) {
        assert!(
            !self.timed_out,
            "{what}: still running after its time limit"
        );
        assert!(
            self.signal.is_none(),
            "{what}: ended by signal {:?}; stderr: {}",
            self.signal,
            self.err()
        );
        let err = self.err();
        assert!(
            !err.contains("panicked") && !err.contains("overflowed its stack"),
            "{what}: {err}"
        );
    }
}

/// Where a run's stdin comes from.
pub enum Input {
    Null,
    File(PathBuf),
}

/// Bytes as stdin (kept in `dir`).
pub fn stdin_bytes(dir: &Path, name: &str, bytes: &[u8]) -> Input {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    Input::File(p)
}

/// Runs the binary in `dir` with `args`, feeding `stdin`, killed after `limit`.
pub fn run_in(dir: &Path, args: &[&str], stdin: Input, limit: Duration) -> Ran {
    let files = dir.join(".measure");
    std::fs::create_dir_all(&files).unwrap();
    let stdin_path = match &stdin {
        Input::Null => PathBuf::new(),
        Input::File(p) => p.clone(),
    };
    let start = Instant::now();
    let st = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "measure_child",
            "--nocapture",
            "--test-threads=1",
            "-q",
        ])
        .env("GWRUN_MEASURE_DIR", dir)
        .env("GWRUN_MEASURE_FILES", &files)
        .env("GWRUN_MEASURE_STDIN", &stdin_path)
        .env("GWRUN_MEASURE_LIMIT_MS", limit.as_millis().to_string())
        .env("GWRUN_MEASURE_ARGS", args.join("\u{1f}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .expect("the measuring process starts");
    let secs = start.elapsed().as_secs_f64();
    assert!(st.success(), "the measuring process failed: {st:?}");
    let read = |n: &str| std::fs::read(files.join(n)).unwrap_or_default();
    let result = String::from_utf8(read("result")).unwrap();
    let field = |k: &str| -> Option<i64> {
        result
            .split_whitespace()
            .find_map(|kv| kv.strip_prefix(&format!("{k}=")))
            .and_then(|v| v.parse().ok())
    };
    let ran = Ran {
        code: field("code").map(|c| c as i32),
        signal: field("signal").map(|c| c as i32),
        stdout: read("stdout"),
        stderr: read("stderr"),
        secs: field("micros").map_or(secs, |m| m as f64 / 1e6),
        max_rss_kib: field("rss").unwrap_or(0) as u64,
        timed_out: field("timed_out") == Some(1),
    };
    let _ = std::fs::remove_dir_all(&files);
    ran
}

/// The body of the `measure_child` test: does nothing in a normal test run; in the
/// measuring process, runs gwrun as `run_in` asked and records the outcome.
pub fn measure_child() {
    let Ok(dir) = std::env::var("GWRUN_MEASURE_DIR") else {
        return;
    };
    let var = |k: &str| std::env::var(k).unwrap();
    let files = PathBuf::from(var("GWRUN_MEASURE_FILES"));
    let limit = Duration::from_millis(var("GWRUN_MEASURE_LIMIT_MS").parse().unwrap());
    let args = var("GWRUN_MEASURE_ARGS");
    let args: Vec<&str> = args.split('\u{1f}').filter(|a| !a.is_empty()).collect();
    let stdin = match var("GWRUN_MEASURE_STDIN").as_str() {
        "" => Stdio::null(),
        p => Stdio::from(std::fs::File::open(p).unwrap()),
    };
    let create = |n: &str| std::fs::File::create(files.join(n)).unwrap();
    let start = Instant::now();
    let mut child = Command::new(BIN)
        .args(&args)
        .current_dir(&dir)
        .stdin(stdin)
        .stdout(create("stdout"))
        .stderr(create("stderr"))
        .spawn()
        .expect("gwrun starts");
    let (code, signal, rss, timed_out) = wait(&mut child, start, limit);
    let micros = start.elapsed().as_micros();
    let mut result = format!(
        "rss={rss} timed_out={} micros={micros}",
        u8::from(timed_out)
    );
    if let Some(c) = code {
        result.push_str(&format!(" code={c}"));
    }
    if let Some(s) = signal {
        result.push_str(&format!(" signal={s}"));
    }
    std::fs::write(files.join("result"), result).unwrap();
}

#[cfg(unix)]
fn wait(
    child: &mut std::process::Child,
    start: Instant,
    limit: Duration,
) -> (Option<i32>, Option<i32>, u64, bool) {
    let pid = child.id() as libc::pid_t;
    let mut timed_out = false;
    loop {
        let mut status = 0;
        // SAFETY: a plain system call on our own child, into structs owned here
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut ru) };
        if r == pid {
            let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
            let signal = libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status));
            // ru_maxrss is in KiB on Linux
            return (code, signal, ru.ru_maxrss.max(0) as u64, timed_out);
        }
        if r < 0 {
            let st = child.wait().expect("wait");
            return (st.code(), None, 0, timed_out);
        }
        if start.elapsed() > limit && !timed_out {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(not(unix))]
fn wait(
    child: &mut std::process::Child,
    start: Instant,
    limit: Duration,
) -> (Option<i32>, Option<i32>, u64, bool) {
    let mut timed_out = false;
    loop {
        if let Some(st) = child.try_wait().expect("wait") {
            return (st.code(), None, 0, timed_out);
        }
        if start.elapsed() > limit && !timed_out {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// A scratch directory for one test (removed on drop).
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        let p = std::env::temp_dir().join(format!("gwrun-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Scratch(p)
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    pub fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
