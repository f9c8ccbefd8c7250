//! The glue between the lab's listing dealer and the interpreter: a [`Session`] with an
//! in-memory console as a [`BasicRunner`], and a watchdog that sets the session's break
//! flag when a RUN outlives its time limit or the user presses Ctrl-C.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::LabError;
use super::engine::Stop;
use super::listing::BasicRunner;
use gwrun_core::console::BufferConsole;
use gwrun_core::session::{Session, Stop as Ended};

/// A session as a [`BasicRunner`].
pub struct SessionRunner {
    session: Session,
    stop: Arc<AtomicBool>,
}

/// A fresh runner.
pub fn runner() -> Result<Box<dyn BasicRunner>, LabError> {
    let stop = Arc::new(AtomicBool::new(false));
    let session = Session::new(Box::new(BufferConsole::new(b"")), stop.clone());
    Ok(Box::new(SessionRunner { session, stop }))
}

/// How often the watchdog looks at the Ctrl-C flag.
const POLL: Duration = Duration::from_millis(20);

fn check(o: Ended, limit: Duration) -> Result<(), String> {
    match o {
        Ended::Error(e) => Err(e.to_string()),
        Ended::Break { line } => Err(broken_off(line, limit)),
        Ended::Exit => Err("SYSTEM".into()),
        _ => Ok(()),
    }
}

/// "broken off after the time limit of 60 s, in line 7010".
fn broken_off(line: Option<u16>, limit: Duration) -> String {
    let at = match line {
        Some(n) => format!(", in line {n}"),
        None => String::new(),
    };
    format!(
        "broken off after the time limit of {} s{at}",
        limit.as_secs_f64()
    )
}

impl BasicRunner for SessionRunner {
    fn load(&mut self, source: &[u8]) -> Result<(), String> {
        self.session.load_source(source).map_err(|e| e.to_string())
    }

    fn enter_line(&mut self, line: &str) -> Result<(), String> {
        check(self.session.enter_line(line), Duration::ZERO)
    }

    fn run(&mut self, limit: Duration, user: &Stop) -> Result<(), String> {
        self.stop.store(false, Ordering::Relaxed);
        let (done, wait) = mpsc::channel::<()>();
        let stop = self.stop.clone();
        let user = user.clone();
        let start = Instant::now();
        // returns whether it broke the run off
        let watchdog = std::thread::spawn(move || {
            loop {
                match wait.recv_timeout(POLL) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if user.requested() || start.elapsed() >= limit {
                            stop.store(true, Ordering::Relaxed);
                            return true;
                        }
                    }
                    _ => return false,
                }
            }
        });
        let outcome = self.session.run_program();
        let _ = done.send(());
        let fired = watchdog.join().unwrap_or(true);
        match outcome {
            // a Break the watchdog did not ask for is the program's own STOP
            Ended::Break { line } if !fired => Err(match line {
                Some(n) => format!("Break in {n} (STOP)"),
                None => "Break (STOP)".into(),
            }),
            other => check(other, limit),
        }
    }

    fn array_values(&self, name: &str) -> Option<Vec<f64>> {
        self.session.array_values(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_limit_message_names_the_line_not_an_option() {
        let m = broken_off(Some(7000), Duration::from_secs(60));
        assert_eq!(m, "broken off after the time limit of 60 s, in line 7000");
        assert_eq!(
            broken_off(None, Duration::from_millis(500)),
            "broken off after the time limit of 0.5 s"
        );
    }
}
