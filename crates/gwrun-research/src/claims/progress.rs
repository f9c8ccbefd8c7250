//! What `gwrun claims` is doing, on stderr: one line per stage as it starts, with the
//! seconds since the command began, so a user sees it move and where its time goes. The
//! report itself (stdout or `--out`) never contains a time.

use std::sync::Mutex;
use std::time::Instant;

/// Stage lines on stderr (or nowhere, for `--quiet` and for library callers).
pub struct Progress {
    start: Instant,
    /// Lines written, for tests; None when silent.
    shown: Option<Mutex<Vec<String>>>,
    echo: bool,
}

impl Progress {
    /// Lines on stderr.
    pub fn stderr() -> Progress {
        Progress {
            start: Instant::now(),
            shown: Some(Mutex::new(Vec::new())),
            echo: true,
        }
    }
    /// Nothing shown.
    pub fn silent() -> Progress {
        Progress {
            start: Instant::now(),
            shown: None,
            echo: false,
        }
    }
    /// A stage begins.
    pub fn stage(&self, what: &str) {
        let Some(shown) = &self.shown else {
            return;
        };
        let line = format!(
            "gwrun claims: {:5.1} s  {what}",
            self.start.elapsed().as_secs_f64()
        );
        if self.echo {
            eprintln!("{line}");
        }
        if let Ok(mut v) = shown.lock() {
            v.push(line);
        }
    }
    /// The stage lines so far.
    pub fn lines(&self) -> Vec<String> {
        self.shown
            .as_ref()
            .and_then(|m| m.lock().ok().map(|v| v.clone()))
            .unwrap_or_default()
    }
}
