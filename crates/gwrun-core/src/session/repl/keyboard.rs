//! Where direct mode gets its typed lines: `Keyboard` is the REPL's view of the keyboard
//! and screen editor. `Piped` reads lines from a non-terminal stdin (or a test buffer) and
//! echoes them, so a scripted session prints the transcript GW-BASIC's screen would show;
//! the terminal keyboard (rustyline) lives in `term`.

use crate::machine::Halt;
use crate::session::Session;

/// What the screen shows on the line being typed before the user types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prefill {
    /// A fresh line.
    Empty,
    /// Text before the cursor that is part of the line (AUTO's `10 ` or `20*`).
    Prompt(Vec<u8>),
    /// A line put up for editing (EDIT n, or the line of a Syntax error) with the
    /// cursor's offset in it: accepting it unchanged enters it again.
    Edit(Vec<u8>, usize),
}

/// A typed line, Ctrl-C, or the end of input (Ctrl-D, end of the piped script).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    Line(Vec<u8>),
    Interrupt,
    Eof,
}

/// The keyboard and screen editor of direct mode.
pub trait Keyboard {
    /// Reads one line. The returned line includes a `Prompt` prefill; for `Edit` it is
    /// the line as edited.
    fn read(&mut self, session: &mut Session, prefill: &Prefill) -> Typed;
}

/// Ctrl-C typed into a scripted session: a 0x03 byte in a line.
const CTRL_C: u8 = 0x03;

/// Lines from a non-terminal stdin. Each line is echoed followed by a newline, as the
/// screen would show it. A prefill is printed first and the typed text goes after it;
/// for an `Edit` prefill an empty typed line accepts the shown line, anything else
/// replaces it (as if the line had been erased and retyped). A 0x03 byte acts as Ctrl-C.
#[derive(Debug, Default)]
pub struct Piped;

impl Keyboard for Piped {
    fn read(&mut self, session: &mut Session, prefill: &Prefill) -> Typed {
        let shown = match prefill {
            Prefill::Empty => &[][..],
            Prefill::Prompt(p) | Prefill::Edit(p, _) => p.as_slice(),
        };
        session.screen_write(shown);
        let Some(raw) = session.read_raw_line() else {
            return Typed::Eof;
        };
        let (text, interrupted) = match raw.iter().position(|&c| c == CTRL_C) {
            Some(i) => (&raw[..i], true),
            None => (&raw[..], false),
        };
        if let Prefill::Edit(line, _) = prefill {
            session.screen_newline();
            if text.is_empty() && !interrupted {
                return Typed::Line(line.clone());
            }
        }
        session.screen_write(text);
        session.screen_newline();
        if interrupted {
            return Typed::Interrupt;
        }
        match prefill {
            Prefill::Prompt(p) => Typed::Line([p.as_slice(), text].concat()),
            _ => Typed::Line(text.to_vec()),
        }
    }
}

/// Direct mode through GW-BASIC's full-screen editor when keys were typed (`--keys`) or
/// the terminal shows the full screen; otherwise the inner keyboard (rustyline on a
/// terminal, echoed lines of a piped stdin). With `full_screen` the terminal is taken
/// over for direct mode itself (`--full-screen`); without it, a program that took the
/// terminal over gives it back when direct mode reads the next line, so the line
/// editor with its history works on the normal screen again.
pub struct ScreenKeys<K: Keyboard> {
    inner: K,
    full_screen: bool,
}

impl<K: Keyboard> ScreenKeys<K> {
    pub fn new(inner: K, full_screen: bool) -> ScreenKeys<K> {
        ScreenKeys { inner, full_screen }
    }
}

impl<K: Keyboard> Keyboard for ScreenKeys<K> {
    fn read(&mut self, session: &mut Session, prefill: &Prefill) -> Typed {
        let m = session.machine_mut();
        if self.full_screen {
            m.want_full_screen();
        } else if m.is_full_screen() && !m.has_typed_keys() {
            m.leave_full_screen();
        }
        if !m.uses_editor() {
            return self.inner.read(session, prefill);
        }
        let prompt = match prefill {
            Prefill::Empty => &[][..],
            Prefill::Prompt(p) => p.as_slice(),
            Prefill::Edit(line, cursor) => {
                m.show_for_editing(line, *cursor);
                &[][..]
            }
        };
        match m.edit_entry(prompt, true, false, true) {
            Ok(Some(line)) => Typed::Line(line),
            Err(Halt::Break) => Typed::Interrupt,
            Ok(None) | Err(_) => Typed::Eof,
        }
    }
}
