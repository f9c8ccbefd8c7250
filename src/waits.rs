//! Waits that Ctrl-C and the termination signals cut short: reading stdin, writing
//! stdout, waiting for SHELL's command. A blocking read(2) or write(2) cannot see the
//! Break flag the signal handlers raise, so every wait here polls its file descriptor in
//! steps of `STEP` and looks at the flag between them (the flag is only read: the
//! interpreter takes it and stops with a Break). A wait cut short is the error `cut()`
//! (`is_cut` tells it apart).
//!
//! stdin and stdout are used by their descriptors, past std's own buffers (a byte held in
//! `std::io::Stdin`'s buffer would make a poll of the descriptor wait for nothing), and a
//! write is at most `PIPE_BUF` bytes once the descriptor is writable, so that it cannot
//! block on a pipe (POSIX: a writable pipe takes `PIPE_BUF` bytes at once).

use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// The longest a wait goes without looking at the flag.
pub const STEP: Duration = Duration::from_millis(20);

/// The marker inside the error of a wait cut short.
#[derive(Debug)]
struct Cut;

impl std::fmt::Display for Cut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted by Ctrl-C or a termination signal")
    }
}

impl std::error::Error for Cut {}

/// The error of a wait that Ctrl-C or a termination signal cut short.
pub fn cut() -> std::io::Error {
    std::io::Error::other(Cut)
}

/// Whether `e` is a wait cut short.
pub fn is_cut(e: &std::io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Cut>())
}

/// Whether a wait stops: Ctrl-C (the flag; the interpreter takes it when it acts on it)
/// or a termination signal (for good: every later wait stops too).
fn stopping(flag: &AtomicBool) -> bool {
    flag.load(Ordering::Relaxed) || crate::cli::TERMINATED.load(Ordering::Relaxed) != 0
}

/// Ctrl-Cs so far (the handler counts them, `count_ctrl_c`). The Break flag is taken by
/// the interpreter when it acts on it, so a write to stdout looks at this count too: a
/// write that blocks after a Ctrl-C came since the last write went through is cut short
/// (the Break message of a program stopped while stdout was not being read).
static CTRL_C: AtomicU64 = AtomicU64::new(0);

/// Counts a Ctrl-C (the handler's part, beside raising the Break flag).
pub fn count_ctrl_c() {
    CTRL_C.fetch_add(1, Ordering::Relaxed);
}

/// What a wait waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ready {
    Read,
    Write,
}

/// Waits until `fd` can be read or written without blocking, or until `flag` is raised
/// while it cannot (`cut()`).
#[cfg(unix)]
pub fn wait_fd(fd: i32, ready: Ready, flag: &AtomicBool) -> std::io::Result<()> {
    wait_fd_until(fd, ready, &|| stopping(flag))
}

/// Waits until `fd` can be read or written without blocking, or until `stop` says so
/// while it cannot (`cut()`).
#[cfg(unix)]
fn wait_fd_until(fd: i32, ready: Ready, stop: &dyn Fn() -> bool) -> std::io::Result<()> {
    let events = match ready {
        Ready::Read => libc::POLLIN,
        Ready::Write => libc::POLLOUT,
    };
    let mut timeout = 0;
    loop {
        let mut p = libc::pollfd {
            fd,
            events,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the length given
        let r = unsafe { libc::poll(&mut p, 1, timeout) };
        if r > 0 {
            // ready, or an error or hang-up the read or write itself reports
            return Ok(());
        }
        if r < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
        if stop() {
            return Err(cut());
        }
        timeout = STEP.as_millis() as i32;
    }
}

/// Bytes of stdin read ahead by a reader before the console's (the program `gwrun -`
/// read up to its Ctrl-Z): the next `Stdin` read takes them first.
static AHEAD: std::sync::Mutex<Vec<u8>> = std::sync::Mutex::new(Vec::new());

/// Hands bytes read from stdin but not used back to the next `Stdin` read.
pub fn put_back(bytes: &[u8]) {
    if let Ok(mut ahead) = AHEAD.lock() {
        ahead.splice(0..0, bytes.iter().copied());
    }
}

/// Bytes read ahead, into `buf` (0 when there are none).
fn take_ahead(buf: &mut [u8]) -> usize {
    let Ok(mut ahead) = AHEAD.lock() else {
        return 0;
    };
    let n = ahead.len().min(buf.len());
    buf[..n].copy_from_slice(&ahead[..n]);
    ahead.drain(..n);
    n
}

/// The process's stdin, read past std's buffer; a read waits as `wait_fd` does.
#[derive(Debug)]
pub struct Stdin {
    flag: Arc<AtomicBool>,
}

impl Stdin {
    pub fn new(flag: Arc<AtomicBool>) -> Stdin {
        Stdin { flag }
    }
}

impl Read for Stdin {
    #[cfg(unix)]
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = take_ahead(buf);
        if n > 0 || buf.is_empty() {
            return Ok(n);
        }
        loop {
            wait_fd(0, Ready::Read, &self.flag)?;
            // SAFETY: the buffer is valid for its length
            let n = unsafe { libc::read(0, buf.as_mut_ptr().cast(), buf.len()) };
            if n >= 0 {
                return Ok(n as usize);
            }
            let e = std::io::Error::last_os_error();
            match e.kind() {
                // stdin left non-blocking by another process: wait again
                std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock => {}
                _ => return Err(e),
            }
        }
    }

    #[cfg(not(unix))]
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = take_ahead(buf);
        if n > 0 || buf.is_empty() {
            return Ok(n);
        }
        std::io::stdin().read(buf)
    }
}

/// The process's stdout, written past std's buffer; a write waits as `wait_fd` does (and
/// is also cut short by a Ctrl-C since the last write went through: `CTRL_C`) and writes
/// at most `PIPE_BUF` bytes. Once a write was cut short the output is abandoned: every
/// later write fails at once (a buffer flushed when it is dropped cannot block the end).
#[derive(Debug)]
pub struct Stdout {
    flag: Arc<AtomicBool>,
    /// `CTRL_C` when the last write went through.
    seen: u64,
    abandoned: bool,
}

impl Stdout {
    pub fn new(flag: Arc<AtomicBool>) -> Stdout {
        Stdout {
            flag,
            seen: CTRL_C.load(Ordering::Relaxed),
            abandoned: false,
        }
    }
}

impl Write for Stdout {
    #[cfg(unix)]
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.abandoned {
            return Err(cut());
        }
        let len = buf.len().min(libc::PIPE_BUF);
        loop {
            let (flag, seen) = (&self.flag, self.seen);
            let stop = || stopping(flag) || CTRL_C.load(Ordering::Relaxed) != seen;
            if let Err(e) = wait_fd_until(1, Ready::Write, &stop) {
                self.abandoned = is_cut(&e);
                return Err(e);
            }
            // SAFETY: the buffer is valid for `len` bytes
            let n = unsafe { libc::write(1, buf.as_ptr().cast(), len) };
            if n >= 0 {
                self.seen = CTRL_C.load(Ordering::Relaxed);
                return Ok(n as usize);
            }
            let e = std::io::Error::last_os_error();
            match e.kind() {
                std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock => {}
                _ => return Err(e),
            }
        }
    }

    #[cfg(not(unix))]
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        std::io::stdout().write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        #[cfg(not(unix))]
        std::io::stdout().flush()?;
        Ok(())
    }
}

/// Waits for SHELL's command to end; when `flag` is raised first, the command is
/// stopped (its process group, when it has one of its own: `own_group`) and the wait is
/// `cut()`.
pub fn wait_child(
    child: &mut std::process::Child,
    flag: &AtomicBool,
    own_group: bool,
) -> std::io::Result<std::process::ExitStatus> {
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        if stopping(flag) {
            stop_child(child, own_group);
            return Err(cut());
        }
        std::thread::sleep(STEP);
    }
}

/// Ends a child: SIGTERM to it (or its group), then SIGKILL if it is still there after
/// a moment; the child is reaped.
fn stop_child(child: &mut std::process::Child, own_group: bool) {
    #[cfg(unix)]
    {
        let pid = child.id() as i32;
        let target = if own_group { -pid } else { pid };
        // SAFETY: kill has no memory effects
        unsafe { libc::kill(target, libc::SIGTERM) };
        for _ in 0..25 {
            if matches!(child.try_wait(), Ok(Some(_))) {
                if own_group {
                    // what the command left behind in its group
                    unsafe { libc::kill(target, libc::SIGKILL) };
                }
                return;
            }
            std::thread::sleep(STEP);
        }
        unsafe { libc::kill(target, libc::SIGKILL) };
    }
    let _ = child.kill();
    let _ = child.wait();
}
