//! NOT YET COMPILED: the glue between the lab's listing dealer and the interpreter.
//! When `crate::session` exists, add `mod listing_session;` to src/lab/mod.rs and make
//! `listing::new_runner` return `listing_session::runner()`.

use super::LabError;
use super::listing::BasicRunner;
use crate::session::{Outcome, Session};

/// A captured-console session as a [`BasicRunner`].
pub struct SessionRunner(Session);

/// A fresh runner.
pub fn runner() -> Result<Box<dyn BasicRunner>, LabError> {
    Ok(Box::new(SessionRunner(Session::captured(b""))))
}

impl BasicRunner for SessionRunner {
    fn load(&mut self, source: &[u8]) -> Result<(), String> {
        self.0.load_source(source).map_err(|e| e.to_string())
    }
    fn enter_line(&mut self, line: &str) -> Result<(), String> {
        self.0
            .enter_line(line)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    fn run(&mut self) -> Result<(), String> {
        let outcome = self.0.run();
        self.0.take_output();
        match outcome {
            Outcome::Ended => Ok(()),
            other => Err(format!("{other:?}")),
        }
    }
    fn array_values(&self, name: &str) -> Option<Vec<f64>> {
        self.0.array_values(name)
    }
}
