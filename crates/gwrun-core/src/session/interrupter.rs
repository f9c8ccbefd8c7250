//! The Interrupter: Ctrl-C's way into a session from any thread (a signal handler, a
//! window's event loop). It raises the Break flag the machine polls and the statement
//! loop's attention flag, so a run stops at the next statement or at once in a wait.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Ctrl-C from anywhere (a signal handler, a UI thread): the run stops with a Break at
/// the next statement, or at once if it waits. Cheap to clone; `Send` and `Sync`.
#[derive(Debug, Clone, Default)]
pub struct Interrupter {
    /// The Break flag (also set directly by code that only has it: then the run stops
    /// within 1024 statements).
    pub(super) brk: Arc<AtomicBool>,
    /// The statement loop's flag, raised after the Break flag.
    pub(super) attention: Arc<AtomicBool>,
}

impl Interrupter {
    pub fn new() -> Interrupter {
        Interrupter::default()
    }

    /// An interrupter over a Break flag of the caller's.
    pub fn on(flag: Arc<AtomicBool>) -> Interrupter {
        Interrupter {
            brk: flag,
            attention: Arc::default(),
        }
    }

    /// Asks for a Break.
    pub fn interrupt(&self) {
        self.brk.store(true, Ordering::SeqCst);
        self.attention.store(true, Ordering::SeqCst);
    }

    /// Whether a Break was asked for and not yet taken.
    pub fn is_interrupted(&self) -> bool {
        self.brk.load(Ordering::Relaxed)
    }

    /// The Break flag itself.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.brk.clone()
    }
}
