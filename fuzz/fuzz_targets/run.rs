//! Running any program under a statement budget (an endless loop stops as Ctrl-C stops
//! it), then a few direct-mode lines: no panic, no host stack overflow, no hang. The
//! files a program makes stay on the session's own in-memory disk.
#![no_main]

use gwrun_core::session::Session;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut s = Session::captured(b"1\n2\nA\n");
    s.machine_mut().set_statement_budget(Some(2_000));
    if s.load_source(data).is_ok() {
        let _ = s.run_program();
        for line in ["LIST", "CONT", "RUN"] {
            let _ = s.enter_line(line);
        }
    }
});
