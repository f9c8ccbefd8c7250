//! The interpreter's only door to the outside for screen and keyboard: the `Console`
//! trait, the part of the host seam (`crate::host`) that presents the screen and is
//! polled for keys. It never blocks: a typed line or a key the engine waits for is asked
//! of the front end by returning from `Session::run` (`session::Stop::Line`,
//! `Stop::Key`) and given with `Session::input`. The binary's consoles talk to the
//! process's stdin/stdout and terminal; `BufferConsole` captures output and answers
//! INKEY$ from a `Script` of typed bytes, so tests run without a terminal.
//!
//! Writing never stops the interpreter by itself: a console whose output failed records
//! why (`ConsoleError`) and drops what follows; the machine asks `failure()` when it
//! polls for Ctrl-C and ends the run, and the CLI turns the failure into an exit status
//! (a closed pipe ends quietly, a full disk is an error naming the file). A typed line
//! is at most 255 bytes, as GW-BASIC's line reader keeps (`MAX_LINE`).
//!
//! A console on a terminal can
//! also take the terminal over and show GW-BASIC's full screen (`take_over`, `draw`,
//! `poll_key`, `give_back`: the binary's `TermConsole`), or hand whole frames to a
//! window or a canvas (`present`).

use crate::graphics::{Picture, Scene};
use crate::keyboard::Stroke;
use crate::screen::{Screen, TranscriptForm};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

/// Screen output and keyboard input.
pub trait Console {
    /// Bytes for the screen (code page 437; `\n` ends a screen line).
    fn write(&mut self, bytes: &[u8]);
    /// INKEY$ on the plain stream: a key if one is waiting, without waiting for one (a
    /// redirected stdin's next byte; a terminal's keys come through `poll_key` once the
    /// full screen is shown).
    fn inkey(&mut self) -> Option<u8>;
    /// True when typed replies must be echoed by the interpreter (input is not a
    /// terminal, so nothing else shows them; GW's screen would).
    fn echoes_input(&self) -> bool;
    fn flush(&mut self) {}
    /// Called while a program runs (between statements, every 1024 of them): a console
    /// that holds output back passes on what has waited long enough, so that a program
    /// that goes on without printing or reading (a long computation, an endless loop)
    /// does not keep its last lines from a pipe's reader, nor lose them to a kill that
    /// no handler sees. GW-BASIC wrote a redirected stdout as it printed.
    fn idle(&mut self) {}
    /// KEY n, text$ gave function key n (1-10) a new text (a line editor of the
    /// console's own types it when the key is struck).
    fn key_text_changed(&mut self, _n: usize, _text: &[u8]) {}
    /// Why output stopped reaching its destination, if it did (the run should end).
    fn failure(&self) -> Option<&ConsoleError> {
        None
    }
    /// The form of the transcript `write` receives while no full screen is shown.
    fn transcript_form(&self) -> TranscriptForm {
        TranscriptForm::Plain
    }

    // The full-screen terminal. A console without one keeps the defaults:
    // the screen is then only the plain stream written through `write`.

    /// Whether this console can show GW-BASIC's screen on a terminal.
    fn can_take_over(&self) -> bool {
        false
    }
    /// Takes the terminal over (raw keys, the alternate screen); false if it cannot.
    fn take_over(&mut self) -> bool {
        false
    }
    /// Shows the screen's visible page and the cursor (full-screen mode only).
    fn draw(&mut self, _screen: &Screen, _cursor: CursorShow) {}
    /// A key struck on the terminal or window since the last look, as the BIOS reported
    /// it (`keyboard::map`), without waiting (full-screen mode only: keys struck while a
    /// program runs go to the keyboard buffer).
    fn poll_key(&mut self) -> Option<Stroke> {
        None
    }
    /// The bell, in full-screen mode.
    fn beep(&mut self) {}
    /// Clears the terminal the plain transcript is shown on (CLS typed at `Ok` in text
    /// mode on a terminal, without taking it over); nothing where there is no screen.
    fn clear_screen(&mut self) {}
    /// Whether this console shows graphics modes in pixels (`draw_picture`).
    fn shows_pixels(&self) -> bool {
        false
    }
    /// Shows a graphics mode's picture (full-screen mode only); false if this console
    /// cannot show pixels (the text cells are then drawn instead).
    fn draw_picture(&mut self, _picture: &Picture) -> bool {
        false
    }
    /// Gives the terminal back, leaving the screen's text, or the picture of a graphics
    /// mode where pixels can be shown, in the scrollback.
    fn give_back(&mut self, _screen: &Screen, _picture: Option<&Picture>) {}

    // A front end that draws the card's picture itself (a window, a browser's canvas)
    // is handed `Scene`s (graphics::frame) instead of cells or pictures.

    /// Whether this console draws `Scene`s (`present`) instead of `draw` and
    /// `draw_picture`.
    fn shows_scenes(&self) -> bool {
        false
    }
    /// The visible page as the monitor shows it now, to be drawn when the display can.
    fn present(&mut self, _scene: Scene) {}
    /// How often a running program's screen is handed over (`draw` or `present`).
    fn frame_interval(&self) -> Duration {
        Duration::from_millis(40)
    }
    /// Text pasted since the last call (code page 437, CR line ends): the keyboard
    /// types it as the program reads, as `--keys` does.
    fn pasted(&mut self) -> Option<Vec<u8>> {
        None
    }
    /// The keyboard has ended for good (the window was closed, a redirected stdin
    /// reached its end): line entry on the full screen reports the end of input, and
    /// INKEY$ ends the run.
    fn input_ended(&self) -> bool {
        false
    }
}

/// The longest line GW-BASIC's line reader keeps (further characters before Enter are
/// refused with a beep; here they are dropped).
pub const MAX_LINE: usize = 255;
/// How far past `MAX_LINE` a line from a redirected stdin or the keyboard devices (KYBD:,
/// CON) may run on before its end is given up for lost: the input then counts as ended
/// (binary data or `/dev/zero` can neither grow memory nor keep the reader busy).
pub const MAX_DISCARD: usize = 64 * 1024;

/// How the cursor shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CursorShow {
    Hidden,
    /// An underline (typing overwrites).
    Line,
    /// A block (insert mode).
    Block,
}

/// Why screen output failed.
#[derive(Debug)]
pub enum ConsoleError {
    /// The reader went away (a closed pipe): the run ends at once and quietly.
    Closed,
    /// Writing failed (a full disk, an I/O error): an error for the user.
    Write(std::io::Error),
    /// The output was blocked (its reader not reading) when Ctrl-C or a termination
    /// signal came: what it could not take was dropped, and the run ends.
    Abandoned,
}

impl ConsoleError {
    pub fn of(e: std::io::Error) -> ConsoleError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            ConsoleError::Closed
        } else {
            ConsoleError::Write(e)
        }
    }
}

impl std::fmt::Display for ConsoleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConsoleError::Closed => write!(f, "the reader closed the output"),
            ConsoleError::Write(e) => write!(f, "{e}"),
            ConsoleError::Abandoned => write!(f, "nobody read the output; the rest was dropped"),
        }
    }
}

/// How screen bytes are written to a redirected stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputEncoding {
    /// Code page 437 shown as the equivalent Unicode characters (UTF-8).
    Unicode,
    /// The bytes as the program produced them.
    Raw,
    /// GW-BASIC's own bytes for a redirected stdout: the transcript's DOS form (CR LF,
    /// unwrapped rows, the CHR$(255) after `Ok` and messages), written as they are.
    Dos,
}

/// Typed input given in advance, shared by a console (INKEY$ takes its bytes) and the
/// session that answers lines and keys from it (`Session::captured`): lines end with LF
/// or CR LF.
#[derive(Debug, Clone, Default)]
pub struct Script(Rc<RefCell<VecDeque<u8>>>);

impl Script {
    pub fn new(input: &[u8]) -> Script {
        Script(Rc::new(RefCell::new(input.iter().copied().collect())))
    }

    /// The next line without its terminator; None at the end.
    pub fn line(&self) -> Option<Vec<u8>> {
        let mut input = self.0.borrow_mut();
        if input.is_empty() {
            return None;
        }
        let mut line = Vec::new();
        while let Some(c) = input.pop_front() {
            if c == b'\n' {
                break;
            }
            line.push(c);
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Some(line)
    }

    /// The next byte; None at the end.
    pub fn byte(&self) -> Option<u8> {
        self.0.borrow_mut().pop_front()
    }
}

/// Captured output and scripted input, for tests and for the library API.
#[derive(Debug, Default)]
pub struct BufferConsole {
    pub output: Vec<u8>,
    input: Script,
}

impl BufferConsole {
    pub fn new(input: &[u8]) -> BufferConsole {
        BufferConsole {
            output: Vec::new(),
            input: Script::new(input),
        }
    }

    /// The console's typed input (a session answers its lines and keys from it).
    pub fn script(&self) -> Script {
        self.input.clone()
    }
}

impl Console for BufferConsole {
    fn write(&mut self, bytes: &[u8]) {
        self.output.extend_from_slice(bytes);
    }

    fn inkey(&mut self) -> Option<u8> {
        self.input.byte()
    }

    fn echoes_input(&self) -> bool {
        true
    }
}

/// Code page 437 → Unicode (the characters the IBM PC showed for each byte), control
/// codes kept: for text that is not screen output (a SHELL command, a file name).
pub fn cp437_to_utf8(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| cp437_char(b)).collect()
}

/// Screen output as text for a terminal or a Unicode stream: every byte as the glyph the
/// screen shows for it (CHR$(3) is ♥, CHR$(27) ←), except the line ends the stream is
/// made of and BEL, which GW-BASIC's screen acts on (it beeps). No byte a program prints
/// can then make a terminal control sequence: ESC, the other C0 controls and DEL become
/// glyphs, and no byte maps to a C1 control (U+0080-U+009F).
pub fn screen_text(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            b'\n' | 7 => b as char,
            _ => cp437_glyph(b),
        })
        .collect()
}

/// ORDER: the glyphs of bytes 0x00..=0x1F in the IBM PC's ROM font.
const CP437_LOW: [char; 32] = [
    ' ', '☺', '☻', '♥', '♦', '♣', '♠', '•', '◘', '○', '◙', '♂', '♀', '♪', '♫', '☼', //
    '►', '◄', '↕', '‼', '¶', '§', '▬', '↨', '↑', '↓', '→', '←', '∟', '↔', '▲', '▼',
];

/// The glyph the screen shows for a byte of code page 437, control codes included.
pub fn cp437_glyph(b: u8) -> char {
    match b {
        0..=31 => CP437_LOW[usize::from(b)],
        0x7F => '⌂',
        _ => cp437_char(b),
    }
}

/// The byte whose glyph (`cp437_glyph`) is `c` among the control codes 1-31 and 127.
pub fn control_of_glyph(c: char) -> Option<u8> {
    if c == '⌂' {
        return Some(0x7F);
    }
    CP437_LOW[1..]
        .iter()
        .position(|&g| g == c)
        .map(|i| i as u8 + 1)
}

/// The character code page 437 shows for a byte (control codes 0x00–0x1F and 0x7F stay
/// control characters so terminals still see newlines, tabs and bells).
pub fn cp437_char(b: u8) -> char {
    if b < 0x80 {
        return b as char;
    }
    CP437_HIGH[(b - 0x80) as usize]
}

/// ORDER: bytes 0x80..=0xFF of code page 437.
const CP437_HIGH: [char; 128] = [
    'Ç', 'ü', 'é', 'â', 'ä', 'à', 'å', 'ç', 'ê', 'ë', 'è', 'ï', 'î', 'ì', 'Ä', 'Å', //
    'É', 'æ', 'Æ', 'ô', 'ö', 'ò', 'û', 'ù', 'ÿ', 'Ö', 'Ü', '¢', '£', '¥', '₧', 'ƒ', //
    'á', 'í', 'ó', 'ú', 'ñ', 'Ñ', 'ª', 'º', '¿', '⌐', '¬', '½', '¼', '¡', '«', '»', //
    '░', '▒', '▓', '│', '┤', '╡', '╢', '╖', '╕', '╣', '║', '╗', '╝', '╜', '╛', '┐', //
    '└', '┴', '┬', '├', '─', '┼', '╞', '╟', '╚', '╔', '╩', '╦', '╠', '═', '╬', '╧', //
    '╨', '╤', '╥', '╙', '╘', '╒', '╓', '╫', '╪', '┘', '┌', '█', '▄', '▌', '▐', '▀', //
    'α', 'ß', 'Γ', 'π', 'Σ', 'σ', 'µ', 'τ', 'Φ', 'Θ', 'Ω', 'δ', '∞', 'φ', 'ε', '∩', //
    '≡', '±', '≥', '≤', '⌠', '⌡', '÷', '≈', '°', '∙', '·', '√', 'ⁿ', '²', '■', '\u{a0}',
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cp437_high_bytes() {
        assert_eq!(cp437_char(200), '╚');
        assert_eq!(cp437_char(0xE3), 'π');
        assert_eq!(cp437_char(b'A'), 'A');
        assert_eq!(cp437_to_utf8(&[0xC9, 0xCD, 0xBB]), "╔═╗");
    }

    #[test]
    fn screen_text_has_no_control_but_newline_and_bell() {
        let all: Vec<u8> = (0..=255).collect();
        let text = screen_text(&all);
        assert_eq!(text.chars().count(), 256);
        let controls: Vec<char> = text
            .chars()
            .filter(|c| c.is_control() || ('\u{80}'..='\u{9f}').contains(c))
            .collect();
        assert_eq!(controls, vec!['\x07', '\n']);
        assert_eq!(screen_text(b"\x1b]0;X\x07\x03"), "←]0;X\x07♥");
        for b in (1..32).chain([0x7F]) {
            assert_eq!(control_of_glyph(cp437_glyph(b)), Some(b));
        }
        assert_eq!(control_of_glyph('A'), None);
    }

    #[test]
    fn script_lines_accept_lf_and_crlf() {
        let c = Script::new(b"one\r\ntwo\nthree");
        assert_eq!(c.line().unwrap(), b"one");
        assert_eq!(c.line().unwrap(), b"two");
        assert_eq!(c.byte(), Some(b't'));
        assert_eq!(c.line().unwrap(), b"hree");
        assert_eq!(c.line(), None);
    }
}
