//! The binary's loop over the engine's slices (`Session::run`): it answers what the
//! engine waits for from this process's terminal, stdin or a window. A line: rustyline
//! on a terminal (with the history for direct-mode lines), else a line of stdin. A key:
//! on the full-screen terminal its next key, in a window the loop waits until one is
//! struck (the engine takes it from the window's console); after 100 ms without one the
//! engine is run again, so it redraws and asks again; else a byte of stdin. A sleep:
//! real time, in steps of at most 50 ms so Ctrl-C and the keys the engine polls are
//! seen. Ctrl-C is the engine's `Interrupter` (set by the signal handler or the window);
//! the engine honours it at the next statement or at once when it waits.

use crate::host::SystemClock;
use crate::repl_term::{SharedScreen, Term};
use crate::stdio::Stdin;
use gwrun_core::console::Console;
use gwrun_core::host::Clock;
use gwrun_core::keyboard::Key;
use gwrun_core::session::{Input, Interrupter, Session, Stop};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

/// Statements per slice: the loop only comes back between slices for what the engine
/// does not do itself, so the slice is long.
const SLICE: u64 = 1 << 20;
/// How long the full screen waits for a key before the engine looks again.
const KEY_WAIT: Duration = Duration::from_millis(100);
/// The longest step of a sleep.
const SLEEP_STEP: Duration = Duration::from_millis(50);

/// A screen of the front end's own (a window): the console the session runs on, and
/// how the loop waits for a key struck on it.
pub struct Window {
    pub console: Box<dyn Console>,
    /// Returns once a key may have been struck (or the window closed), or after the
    /// given time at the latest; the engine then takes the key from the console.
    pub wait_key: Box<dyn Fn(Duration)>,
    /// Tells the window whether the session is at its `Ok` prompt (where Ctrl-Break is
    /// a key; while a program runs it goes to the Interrupter).
    pub at_prompt: Box<dyn Fn(bool)>,
}

/// Where the front end's input comes from.
pub struct Front {
    /// rustyline, when stdin and stdout are terminals.
    pub term: Option<Rc<RefCell<Term>>>,
    /// stdin (shared with the console, which reads INKEY$'s bytes from it).
    pub stdin: Rc<RefCell<Stdin>>,
    /// The full-screen terminal, when the console took it over.
    pub screen: SharedScreen,
    pub clock: Rc<SystemClock>,
    /// The window's wait for a key (`Window::wait_key`), when the screen is a window.
    pub key_wait: Option<Box<dyn Fn(Duration)>>,
    /// The window's `Window::at_prompt`.
    pub at_prompt: Option<Box<dyn Fn(bool)>>,
    /// Ctrl-C (it cuts short the music heard out at the end).
    pub interrupter: Interrupter,
}

impl Front {
    /// Runs the session until it stops for good (not a slice or a wait) and returns why.
    pub fn drive(&mut self, session: &mut Session) -> Stop {
        loop {
            let stop = session.run(SLICE);
            if let Some(tell) = &self.at_prompt {
                tell(session.at_prompt());
            }
            match stop {
                Stop::Budget => {}
                Stop::Line => {
                    let input = self.line(session);
                    session.input(input);
                }
                Stop::Key => {
                    if let Some(input) = self.key(session) {
                        session.input(input);
                    }
                }
                Stop::Sleep(t) => self.sleep_until(t),
                stop => return stop,
            }
        }
    }

    /// The line the engine waits for.
    fn line(&mut self, session: &Session) -> Input {
        if session.machine().output_failure().is_some() {
            // nobody sees the prompt any more
            return Input::End;
        }
        let request = session.line_request();
        match &self.term {
            Some(t) => t
                .borrow_mut()
                .read(request.initial.as_deref(), request.history),
            None => match self.stdin.borrow_mut().line() {
                Some(line) => Input::Line(line),
                // the read was cut short by Ctrl-C or a termination signal (`waits`)
                None if self.interrupter.is_interrupted() => Input::Interrupt,
                None => Input::End,
            },
        }
    }

    /// The key the engine waits for; None when none came in a while (the engine is run
    /// again and asks again).
    fn key(&mut self, session: &Session) -> Option<Input> {
        if session.machine().is_full_screen() {
            if let Some(wait) = &self.key_wait {
                wait(KEY_WAIT);
                return None;
            }
            return crate::repl_term::poll_key(&self.screen, KEY_WAIT).map(Input::Stroke);
        }
        if session.machine().output_failure().is_some() {
            return Some(Input::End);
        }
        Some(match self.stdin.borrow_mut().byte() {
            Some(b) => Input::Key(Key::Char(b)),
            // cut short by Ctrl-C or a termination signal: the engine breaks at once
            None if self.interrupter.is_interrupted() => return None,
            None => Input::End,
        })
    }

    /// Sleeps towards `t` on the host's clock, a step at a time.
    fn sleep_until(&mut self, t: Duration) {
        let left = t.saturating_sub(self.clock.monotonic());
        if !left.is_zero() {
            std::thread::sleep(left.min(SLEEP_STEP));
        }
    }

    /// At the end of a session: music still queued is heard out when played live
    /// (Ctrl-C cuts it short).
    pub fn hear_out_music(&mut self, session: &mut Session) {
        while let Some(t) = session.machine().music_end() {
            if self.interrupter.is_interrupted() {
                session.machine_mut().stop_music();
                return;
            }
            if self.clock.monotonic() >= t {
                return;
            }
            self.sleep_until(t);
        }
    }
}
