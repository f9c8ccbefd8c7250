//! The `gwrun` binary: parse arguments, install the signal handlers (Ctrl-C's
//! interrupter, termination), call the library.
//!
//! On Linux with glibc the binary has its own C `main` (`#![no_main]`): Rust's runtime
//! start-up finds the main thread's stack guard by reading and parsing
//! `/proc/self/maps` (pthread_getattr_np), a sixth of a trivial program's instructions,
//! for a stack-overflow message gwrun never needs (the engine bounds its own depth). The
//! two things of that start-up a program's run depends on are done here (`start`): the
//! standard descriptors 0-2 opened on /dev/null when closed, so that no file the program
//! opens becomes "stdout", and SIGPIPE ignored, so that a closed pipe is an error gwrun
//! handles. The end goes through `std::process::exit`, which flushes stdout as the
//! runtime's own end does; a panic still prints its message and ends with status 101.

#![cfg_attr(all(target_os = "linux", target_env = "gnu"), no_main)]

use gwrun_core::session::Interrupter;
use std::sync::atomic::Ordering;

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(gwrun_main())
}

/// The C entry point (see the module's note). argc and argv are read by std itself
/// (glibc hands them to its initialiser), so `std::env::args_os` works as usual.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    start();
    let code = std::panic::catch_unwind(gwrun_main).unwrap_or(101);
    std::process::exit(code.into())
}

/// What Rust's runtime start-up does that a run depends on: descriptors 0-2 open, SIGPIPE
/// ignored.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn start() {
    // SAFETY: fcntl(F_GETFD), open and signal are called with valid constant arguments
    // before any other thread or handler exists.
    unsafe {
        for fd in 0..3 {
            if libc::fcntl(fd, libc::F_GETFD) == -1
                && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF)
            {
                // the lowest free descriptor is `fd` itself
                libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
            }
        }
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

/// The run: its exit status.
fn gwrun_main() -> u8 {
    let args = gwrun::cli::parse_args();
    let interrupter = Interrupter::new();
    install_signal_handlers(&interrupter);
    let code = gwrun::cli::run(args, interrupter);
    if code == gwrun::cli::EXIT_BROKEN_PIPE {
        // stdout's reader went away: end as the signal ends other tools in a pipeline
        #[cfg(unix)]
        let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGPIPE);
    }
    code.clamp(0, 255) as u8
}

/// How long the run has to stop after SIGTERM or SIGHUP before the process ends anyway.
#[cfg(unix)]
const GRACE_SECONDS: u32 = 10;

/// Ctrl-C (SIGINT) interrupts the engine (a Break at its next statement) and is counted
/// for the waits on stdout (`waits::count_ctrl_c`). SIGTERM and SIGHUP stop the program
/// as a Break does, then the session ends as SYSTEM ends it: its files are closed with
/// everything written and their Ctrl-Z, stdout is flushed (or abandoned when nobody reads
/// it), and the status is 128 + the signal. Every wait of the run sees the flag
/// (`waits`); a second signal, or `GRACE_SECONDS` without an end (SIGALRM), ends the
/// process at once (a last resort: its files then hold all but at most their last
/// 128-byte sector buffer). A write past the file size limit (SIGXFSZ) fails as Disk
/// full instead of killing the process. Plain signal handlers, no watching thread:
/// start-up stays one thread. If a handler cannot be installed the program still runs
/// (the signal then ends it).
#[cfg(unix)]
fn install_signal_handlers(interrupter: &Interrupter) {
    use signal_hook::consts::{SIGALRM, SIGHUP, SIGINT, SIGTERM, SIGXFSZ};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicI32};
    let _ = signal_hook::flag::register(SIGXFSZ, Arc::new(AtomicBool::new(false)));
    static ENDING: AtomicI32 = AtomicI32::new(0);
    // SAFETY: the handlers only store and add to atomics (Interrupter::interrupt is two
    // atomic stores) and call alarm(2) and _exit(2), which are async-signal-safe.
    unsafe {
        let brk = interrupter.clone();
        let _ = signal_hook::low_level::register(SIGINT, move || {
            brk.interrupt();
            gwrun::waits::count_ctrl_c();
        });
        let _ = signal_hook::low_level::register(SIGALRM, || {
            let sig = ENDING.load(Ordering::Relaxed);
            libc::_exit(128 + if sig == 0 { SIGALRM } else { sig });
        });
        for sig in [SIGTERM, SIGHUP] {
            let brk = interrupter.clone();
            let _ = signal_hook::low_level::register(sig, move || {
                match ENDING.compare_exchange(0, sig, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => {
                        gwrun::cli::TERMINATED.store(sig, Ordering::Relaxed);
                        brk.interrupt();
                        libc::alarm(GRACE_SECONDS);
                    }
                    // a second signal: the process ends now
                    Err(first) => libc::_exit(128 + first),
                }
            });
        }
    }
}

/// Ctrl-C interrupts the engine (a Break at its next statement).
#[cfg(not(unix))]
fn install_signal_handlers(interrupter: &Interrupter) {
    let brk = interrupter.clone();
    let _ = ctrlc::set_handler(move || {
        brk.interrupt();
        gwrun::waits::count_ctrl_c();
    });
}
