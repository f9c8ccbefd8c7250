//! Running any program under a statement budget (an endless loop stops as Ctrl-C stops
//! it), then a few direct-mode lines: no panic, no host stack overflow, no hang.
#![no_main]

use gwrun_core::session::Session;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    scratch_dir();
    let mut s = Session::captured(b"1\n2\nA\n");
    s.machine_mut().config.budget = Some(2_000);
    if s.load_source(data).is_ok() {
        let _ = s.run();
        for line in ["LIST", "CONT", "RUN"] {
            let _ = s.enter_line(line);
        }
    }
});

/// Files a program creates land in a scratch directory of this process.
fn scratch_dir() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let d = std::env::temp_dir().join(format!("gwrun-fuzz-run-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&d);
        let _ = std::env::set_current_dir(&d);
    });
}
