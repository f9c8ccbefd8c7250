//! The glue between the lab's listing dealer and the interpreter: a [`Session`] with an
//! in-memory console as a [`BasicRunner`], and a watchdog that sets the session's break
//! flag (as Ctrl-C would) when a RUN outlives its time limit.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::LabError;
use super::listing::BasicRunner;
use crate::console::BufferConsole;
use crate::session::{Outcome, Session};

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

fn check(o: Outcome) -> Result<(), String> {
    match o {
        Outcome::Ended => Ok(()),
        Outcome::Error(e) => Err(e.to_string()),
        Outcome::Break { line } => Err(format!("broken off (time limit) in line {line:?}")),
        Outcome::Exit => Err("SYSTEM".into()),
    }
}

impl BasicRunner for SessionRunner {
    fn load(&mut self, source: &[u8]) -> Result<(), String> {
        self.session.load_source(source).map_err(|e| e.to_string())
    }

    fn enter_line(&mut self, line: &str) -> Result<(), String> {
        check(self.session.enter_line(line))
    }

    fn run(&mut self, limit: Duration) -> Result<(), String> {
        self.stop.store(false, Ordering::Relaxed);
        let (done, wait) = mpsc::channel::<()>();
        let stop = self.stop.clone();
        let watchdog = std::thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let outcome = self.session.run();
        let _ = done.send(());
        let _ = watchdog.join();
        check(outcome)
    }

    fn array_values(&self, name: &str) -> Option<Vec<f64>> {
        self.session.array_values(name)
    }
}
