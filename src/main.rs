//! The `gwrun` binary: parse arguments, install the Ctrl-C flag, call the library.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

fn main() -> std::process::ExitCode {
    let args = gwrun::cli::parse_args();
    let flag = Arc::new(AtomicBool::new(false));
    let handler_flag = flag.clone();
    // Ctrl-C sets the Break flag the interpreter polls; if a handler cannot be installed
    // the program still runs (Ctrl-C then ends the process).
    let _ = ctrlc::set_handler(move || handler_flag.store(true, Ordering::Relaxed));
    let code = gwrun::cli::run(args, flag);
    if code == gwrun::cli::EXIT_BROKEN_PIPE {
        // stdout's reader went away: end as the signal ends other tools in a pipeline
        #[cfg(unix)]
        let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGPIPE);
    }
    std::process::ExitCode::from(code.clamp(0, 255) as u8)
}
