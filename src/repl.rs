//! Direct mode: the `Ok` prompt. PROVISIONAL minimal loop over stdin lines (no line
//! editing yet).

use crate::session::{Outcome, Session};

/// Runs direct mode until SYSTEM or end of input; returns the exit status.
pub fn run(session: &mut Session) -> i32 {
    session.machine_mut().screen_message("Ok");
    loop {
        let Some(line) = session.machine_mut().read_console_line() else {
            return 0;
        };
        let outcome = session.enter_bytes(&line);
        if outcome == Outcome::Exit {
            return 0;
        }
        if line.first().is_some_and(|c| !c.is_ascii_digit()) {
            session.machine_mut().screen_message("Ok");
        }
    }
}
