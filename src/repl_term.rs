//! The terminal keyboard: rustyline line editing with a history file, for the lines the
//! engine waits for (direct mode and a program's INPUT). `Term` owns the editor and the
//! screen output; the session writes through `TermConsole`, which remembers the text on
//! the current screen line so that a line read next (an INPUT prompt, AUTO's line
//! number) is handed to rustyline as its prompt and survives redrawing. Ctrl-C while a
//! line is typed is given to the engine as such (`Input::Interrupt`): at an INPUT it is
//! GW-BASIC's Break, in direct mode it abandons the line. When a program uses the
//! screen, `TermConsole` takes the terminal over (`crate::term`) and shares it with the
//! front end's loop, which waits on it for keys.

use crate::stdio::{StdConsole, Stdin};
use crate::term::pixels::{self, Protocol};
use crate::term::{Input as TermInput, Terminal};
use gwrun_core::console::{Console, CursorShow, OutputEncoding, screen_text};
use gwrun_core::graphics::Picture;
use gwrun_core::keyboard::Stroke;
use gwrun_core::screen::DEFAULT_KEY_MACROS;
use gwrun_core::screen::Screen;
use gwrun_core::screen::TranscriptForm;
use gwrun_core::session::Input;
use rustyline::config::Configurer;
use rustyline::error::ReadlineError;
use rustyline::{
    Cmd, ConditionalEventHandler, Config, DefaultEditor, Event, EventContext, EventHandler,
    KeyCode, KeyEvent, Modifiers, RepeatCount,
};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Lines kept in the history file.
const HISTORY_SIZE: usize = 1000;

/// The editor, the screen output and the history file.
pub struct Term {
    editor: DefaultEditor,
    out: StdConsole,
    /// The text written since the last newline (code page 437).
    tail: Vec<u8>,
    history: Option<PathBuf>,
    /// The function keys' texts and what a key with an Enter in its text left to do.
    fkeys: Arc<Mutex<FKeys>>,
    /// Lines a function key's text entered after the first (each ended by its Enter).
    queued: VecDeque<Vec<u8>>,
    /// Text a function key typed after its last Enter: the next line starts with it.
    carried: Option<Vec<u8>>,
}

/// F1-F10 at the line editor: their texts (KEY n, text$) in code page 437.
#[derive(Debug)]
struct FKeys {
    texts: [Vec<u8>; 10],
    /// A key whose text has an Enter was struck: the line as it stands then (text
    /// before the Enter inserted at the cursor) and the text after that Enter.
    struck: Option<(String, Vec<u8>)>,
}

/// The line editor's binding of one function key: its text is typed at the cursor; an
/// Enter in it enters the line (rustyline takes one command per key, so the line is
/// accepted and `Term::read` puts the typed text in and carries the rest).
struct FKeyHandler {
    n: usize,
    keys: Arc<Mutex<FKeys>>,
}

impl ConditionalEventHandler for FKeyHandler {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        let mut keys = self.keys.lock().ok()?;
        let text = keys.texts.get(self.n)?.clone();
        match text.iter().position(|&c| c == b'\r') {
            None if text.is_empty() => Some(Cmd::Noop),
            None => Some(Cmd::Insert(1, screen_text(&text))),
            Some(cr) => {
                let line = ctx.line();
                let at = ctx.pos().min(line.len());
                let entered = format!("{}{}{}", &line[..at], screen_text(&text[..cr]), &line[at..]);
                keys.struck = Some((entered, text[cr + 1..].to_vec()));
                Some(Cmd::AcceptLine)
            }
        }
    }
}

impl Term {
    /// A terminal keyboard; None if rustyline cannot set up the terminal. History is
    /// read from the history file if there is one (errors are ignored).
    pub fn new(
        encoding: Option<OutputEncoding>,
        stdin: Rc<RefCell<Stdin>>,
        break_flag: Arc<std::sync::atomic::AtomicBool>,
    ) -> Option<Term> {
        let mut builder = Config::builder()
            .auto_add_history(false)
            .history_ignore_dups(true)
            .ok()?
            .max_history_size(HISTORY_SIZE)
            .ok()?
            // a pasted listing is typed line by line, as on GW-BASIC's keyboard
            .bracketed_paste(false);
        Configurer::enable_synchronized_output(&mut builder, false);
        let config = builder.build();
        let mut editor = DefaultEditor::with_config(config).ok()?;
        let history = history_path();
        if let Some(path) = &history {
            let _ = editor.load_history(path);
        }
        let fkeys = Arc::new(Mutex::new(FKeys {
            texts: DEFAULT_KEY_MACROS.map(<[u8]>::to_vec),
            struck: None,
        }));
        for n in 0..10u8 {
            editor.bind_sequence(
                KeyEvent(KeyCode::F(n + 1), Modifiers::NONE),
                EventHandler::Conditional(Box::new(FKeyHandler {
                    n: usize::from(n),
                    keys: fkeys.clone(),
                })),
            );
        }
        Some(Term {
            editor,
            out: StdConsole::new(encoding, stdin, break_flag),
            tail: Vec::new(),
            history,
            fkeys,
            queued: VecDeque::new(),
            carried: None,
        })
    }

    /// KEY n, text$ changed a function key's text.
    fn set_key_text(&mut self, n: usize, text: &[u8]) {
        if let Ok(mut k) = self.fkeys.lock()
            && let Some(t) = k.texts.get_mut(n.wrapping_sub(1))
        {
            *t = text.to_vec();
        }
    }

    /// Screen output goes out at once: on a terminal a program's progress must show
    /// while it computes (the terminal, not the write, is the slow part).
    fn write(&mut self, bytes: &[u8]) {
        self.out.write(bytes);
        self.out.flush();
        match bytes.iter().rposition(|&c| c == b'\n' || c == b'\r') {
            Some(i) => self.tail = bytes[i + 1..].to_vec(),
            None => self.tail.extend_from_slice(bytes),
        }
    }

    /// Reads a line with the current screen line as prompt; `initial` pre-fills the
    /// edit buffer; `record` adds the line to the history.
    pub fn read(&mut self, initial: Option<&[u8]>, record: bool) -> Input {
        let prompt = screen_text(&self.tail);
        if let Some(line) = self.queued.pop_front() {
            // a function key's text entered this line already
            self.write(&line);
            self.write(b"\n");
            return Input::Line(line);
        }
        if !self.tail.is_empty() {
            // rustyline draws the prompt itself: go back over the text already shown
            self.out.write_control(b"\r");
        }
        self.out.flush();
        self.tail.clear();
        let carried = self.carried.take();
        let result = match initial.or(carried.as_deref()) {
            Some(text) => {
                let text = screen_text(text);
                self.editor.readline_with_initial(&prompt, (&text, ""))
            }
            None => self.editor.readline(&prompt),
        };
        let struck = self.fkeys.lock().ok().and_then(|mut k| k.struck.take());
        let result = match (result, struck) {
            (Ok(_), Some((entered, rest))) => {
                self.show_entered(&prompt, &entered);
                let mut parts: Vec<&[u8]> = rest.split(|&c| c == b'\r').collect();
                let last = parts.pop().unwrap_or_default();
                self.queued.extend(parts.into_iter().map(<[u8]>::to_vec));
                self.carried = Some(last.to_vec()).filter(|t| !t.is_empty());
                Ok(entered)
            }
            (r, _) => r,
        };
        match result {
            Ok(line) => {
                if record && !line.trim().is_empty() {
                    self.remember(&line);
                }
                Input::Line(utf8_to_cp437(&line))
            }
            Err(ReadlineError::Interrupted) => Input::Interrupt,
            Err(_) => Input::End,
        }
    }

    /// A function key entered the line: rustyline showed it as it was before the key's
    /// text; the row is drawn again as entered.
    fn show_entered(&mut self, prompt: &str, entered: &str) {
        use crossterm::{cursor, queue, terminal};
        let mut out = std::io::stdout();
        let _ = queue!(
            out,
            cursor::MoveUp(1),
            cursor::MoveToColumn(0),
            terminal::Clear(terminal::ClearType::CurrentLine)
        );
        let _ = std::io::Write::flush(&mut out);
        let mut row = utf8_to_cp437(prompt);
        row.extend(utf8_to_cp437(entered));
        row.push(b'\n');
        self.out.write(&row);
        self.out.flush();
    }

    /// Adds a line to the history and to the history file (failures are silent).
    fn remember(&mut self, line: &str) {
        let _ = self.editor.add_history_entry(line);
        if let Some(path) = &self.history {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = self.editor.append_history(path);
        }
    }
}

/// `$XDG_DATA_HOME/gwrun/history`, else `~/.local/share/gwrun/history`; never the
/// working directory.
pub fn history_path() -> Option<PathBuf> {
    history_path_from(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
}

/// The history path from the two variables (a relative value is ignored, as the XDG
/// base directory specification says).
fn history_path_from(xdg: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let absolute = |v: OsString| Some(PathBuf::from(v)).filter(|p| p.is_absolute());
    let base = xdg
        .and_then(absolute)
        .or_else(|| home.and_then(absolute).map(|h| h.join(".local/share")))?;
    Some(base.join("gwrun").join("history"))
}

/// Typed text → code page 437 (characters the IBM PC cannot show become `?`; the
/// control codes' glyphs, as `screen_text` shows them, are those codes).
fn utf8_to_cp437(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| gwrun_core::keyboard::to_cp437(c).unwrap_or(b'?'))
        .collect()
}

/// The terminal taken over for the full screen, shared by the console (which draws on
/// it) and the front end's loop (which waits on it for keys).
pub type SharedScreen = Rc<RefCell<Option<Terminal>>>;

/// The session's console on a terminal: output through `Term`. When a program uses the
/// screen the console takes the terminal over (`crate::term`): the GW screen is drawn in
/// full and keys are read raw, until it is given back.
pub struct TermConsole {
    term: Rc<RefCell<Term>>,
    screen: SharedScreen,
    /// The pixel protocol the terminal speaks, if any (`term::pixels`).
    pixels: Option<Protocol>,
}

impl TermConsole {
    pub fn new(
        term: Rc<RefCell<Term>>,
        screen: SharedScreen,
        pixels: Option<Protocol>,
    ) -> TermConsole {
        TermConsole {
            term,
            screen,
            pixels,
        }
    }
}

impl Console for TermConsole {
    fn write(&mut self, bytes: &[u8]) {
        self.term.borrow_mut().write(bytes);
    }

    fn inkey(&mut self) -> Option<u8> {
        self.term.borrow_mut().out.inkey()
    }

    fn echoes_input(&self) -> bool {
        false
    }

    fn transcript_form(&self) -> TranscriptForm {
        self.term.borrow().out.transcript_form()
    }

    fn flush(&mut self) {
        self.term.borrow_mut().out.flush();
    }

    fn idle(&mut self) {
        self.term.borrow_mut().out.idle();
    }

    fn key_text_changed(&mut self, n: usize, text: &[u8]) {
        self.term.borrow_mut().set_key_text(n, text);
    }

    fn can_take_over(&self) -> bool {
        true
    }

    fn take_over(&mut self) -> bool {
        let mut screen = self.screen.borrow_mut();
        if screen.is_none() {
            self.term.borrow_mut().out.flush();
            *screen = Terminal::open().ok();
        }
        screen.is_some()
    }

    fn draw(&mut self, screen: &Screen, cursor: CursorShow) {
        if let Some(t) = self.screen.borrow_mut().as_mut() {
            let _ = t.draw(screen, cursor);
        }
    }

    fn poll_key(&mut self) -> Option<Stroke> {
        poll_key(&self.screen, Duration::ZERO)
    }

    fn beep(&mut self) {
        if let Some(t) = self.screen.borrow_mut().as_mut() {
            let _ = t.beep();
        }
    }

    fn shows_pixels(&self) -> bool {
        self.pixels.is_some()
    }

    fn draw_picture(&mut self, picture: &Picture) -> bool {
        match (self.screen.borrow_mut().as_mut(), self.pixels) {
            (Some(t), Some(p)) => {
                let _ = t.draw_picture(&pixels::encode(p, picture, false), p);
                true
            }
            _ => false,
        }
    }

    fn clear_screen(&mut self) {
        let mut t = self.term.borrow_mut();
        t.out.write_control(b"\x1b[H\x1b[2J");
        t.out.flush();
        t.tail.clear();
    }

    fn give_back(&mut self, screen: &Screen, picture: Option<&Picture>) {
        let taken = self.screen.borrow_mut().take();
        if let Some(t) = taken {
            let shown = picture
                .zip(self.pixels)
                .map(|(pic, p)| pixels::encode(p, pic, true));
            t.close(Some(screen), shown.as_deref());
            self.term.borrow_mut().tail.clear();
        }
    }
}

/// A key struck on the full-screen terminal within `wait` (None: none, or the terminal
/// is not taken over).
pub fn poll_key(screen: &SharedScreen, wait: Duration) -> Option<Stroke> {
    match screen.borrow_mut().as_mut()?.poll(wait) {
        Ok(Some(TermInput::Key(k))) => Some(k),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_lives_in_the_data_directory_never_the_working_directory() {
        let os = |s: &str| Some(OsString::from(s));
        assert_eq!(
            history_path_from(os("/x/data"), os("/home/u")),
            Some(PathBuf::from("/x/data/gwrun/history"))
        );
        assert_eq!(
            history_path_from(None, os("/home/u")),
            Some(PathBuf::from("/home/u/.local/share/gwrun/history"))
        );
        assert_eq!(
            history_path_from(os("relative"), os("/home/u")),
            Some(PathBuf::from("/home/u/.local/share/gwrun/history"))
        );
        assert_eq!(history_path_from(os("rel"), os("also-rel")), None);
        assert_eq!(history_path_from(None, None), None);
    }

    #[test]
    fn cp437_round_trip_of_typed_text() {
        assert_eq!(
            utf8_to_cp437("PRINT \"╔═╗ π\""),
            b"PRINT \"\xC9\xCD\xBB \xE3\"".to_vec()
        );
        assert_eq!(utf8_to_cp437("€"), b"?".to_vec());
        let all: Vec<u8> = (1..=0xFF).collect();
        assert_eq!(utf8_to_cp437(&screen_text(&all)), all);
    }
}
