//! The `gwrun` binary: parse arguments, install the Ctrl-C handler and the termination
//! watch, call the library.

use gwrun_core::session::Interrupter;
#[cfg(unix)]
use std::sync::atomic::Ordering;

fn main() -> std::process::ExitCode {
    let args = gwrun::cli::parse_args();
    let interrupter = Interrupter::new();
    let handler = interrupter.clone();
    // Ctrl-C interrupts the engine (a Break at its next statement); if a handler cannot
    // be installed the program still runs (Ctrl-C then ends the process).
    let _ = ctrlc::set_handler(move || handler.interrupt());
    #[cfg(unix)]
    watch_termination(interrupter.clone());
    let code = gwrun::cli::run(args, interrupter);
    if code == gwrun::cli::EXIT_BROKEN_PIPE {
        // stdout's reader went away: end as the signal ends other tools in a pipeline
        #[cfg(unix)]
        let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGPIPE);
    }
    std::process::ExitCode::from(code.clamp(0, 255) as u8)
}

/// SIGTERM and SIGHUP stop the program as a Break does, so its files are closed with
/// everything written; a program blocked in a read cannot see that, so the process ends
/// a second later anyway (its files then hold all but at most their last 128-byte sector
/// buffer). A write past the file size limit (SIGXFSZ) fails as Disk full instead of
/// killing the process.
#[cfg(unix)]
fn watch_termination(interrupter: Interrupter) {
    use signal_hook::consts::{SIGHUP, SIGTERM, SIGXFSZ};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let _ = signal_hook::flag::register(SIGXFSZ, Arc::new(AtomicBool::new(false)));
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("gwrun-terminate".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                gwrun::cli::TERMINATED.store(sig, Ordering::Relaxed);
                interrupter.interrupt();
                std::thread::sleep(std::time::Duration::from_secs(1));
                std::process::exit(128 + sig);
            }
        });
}
