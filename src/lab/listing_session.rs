//! The glue between the lab's listing dealer and the interpreter: a captured-console
//! [`Session`] as a [`BasicRunner`].

use super::LabError;
use super::listing::BasicRunner;
use crate::session::{Outcome, Session};

/// A captured-console session as a [`BasicRunner`].
pub struct SessionRunner(Session);

/// A fresh runner.
pub fn runner() -> Result<Box<dyn BasicRunner>, LabError> {
    Ok(Box::new(SessionRunner(Session::captured(b""))))
}

fn outcome(s: &mut Session, o: Outcome) -> Result<(), String> {
    let screen = s.take_output();
    match o {
        Outcome::Ended => Ok(()),
        Outcome::Error(e) => Err(e.to_string()),
        other => Err(format!("{other:?}: {}", String::from_utf8_lossy(&screen).trim())),
    }
}

impl BasicRunner for SessionRunner {
    fn load(&mut self, source: &[u8]) -> Result<(), String> {
        self.0.load_source(source).map_err(|e| e.to_string())
    }
    fn enter_line(&mut self, line: &str) -> Result<(), String> {
        let o = self.0.enter_line(line);
        outcome(&mut self.0, o)
    }
    fn run(&mut self) -> Result<(), String> {
        let o = self.0.run();
        outcome(&mut self.0, o)
    }
    fn array_values(&self, name: &str) -> Option<Vec<f64>> {
        self.0.array_values(name)
    }
}
