//! The host seam: everything the engine asks of the world outside it, as a few small
//! traits a front end implements (the terminal binary with the host OS, the tests in
//! memory, the browser with the page's clock and an in-memory drive). The engine calls
//! nothing else outside itself: no `std::fs`, no `Instant`, no `thread::sleep`, no
//! `std::env`, no `std::process`. It never blocks either: where GW-BASIC waited (a typed
//! line, a key, the music, a port) the engine returns from `Session::run` saying what
//! it waits for (`session::Stop`), and the front end calls `run` again once it has it.
//!
//! | trait or type | module | what it gives the engine |
//! |---|---|---|
//! | `Console` | `crate::console` | the screen's presentation (the plain transcript, or the full screen drawn), the bell, and polls for keys (INKEY$, keys struck while a program runs); never a blocking read |
//! | `Clock` | `clock` | monotonic time and the local date and time (`ManualClock`: a clock tests move by hand) |
//! | `FileSystem` | `fs` | the drives: files, directories, locks, beneath each drive's root |
//! | `LivePlayer` | `crate::sound` | the speaker on a sound card, handed the tones to come |
//! | `Recording` | `crate::sound` | the `--sound` WAV file's bytes as they are made, and its header at the end (`Machine::record_sound`) |
//! | `std::io::Write` | (std) | a printer's stream (LPT1:-LPT3:, `Machine::attach_printer`) |
//! | `Shell` | here | SHELL's command, run with the screen handed over |
//! | `Environment` | `environ` | the program's environment string table (ENVIRON, ENVIRON$, SHELL's command), DOS-like, with the entries the front end adds |

pub mod clock;
pub mod environ;
pub mod fs;

pub use crate::console::Console;
pub use crate::sound::{LivePlayer, Recording};
pub use clock::{Clock, ManualClock};
pub use environ::Environment;

/// SHELL [command$]: the host runs `command` (code page 437 bytes; None: an interactive
/// shell) with the screen handed over, and the program goes on when it ends; the
/// command sees the program's environment table (`Environment::for_child`). Err when it
/// could not be started (GW-BASIC then says Illegal function call). A front end that
/// does not allow SHELL gives the engine no `Shell` at all.
pub trait Shell {
    fn run(
        &mut self,
        command: Option<&[u8]>,
        environment: &Environment,
    ) -> Result<(), ShellNotStarted>;
}

/// The host could not start SHELL's command interpreter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShellNotStarted;
