//! The interpreter's only door to the outside for screen and keyboard: the `Console`
//! trait. `StdConsole` talks to the process's stdin/stdout (code page 437 shown as
//! Unicode on a terminal, raw bytes when redirected); `BufferConsole` captures output and
//! feeds scripted input, so tests run without a terminal. A console on a terminal can
//! also take the terminal over and show GW-BASIC's full screen (`take_over`, `draw`,
//! `poll_key`, `give_back`; `session::repl::TermConsole`).

use crate::keyboard::Key;
use crate::screen::Screen;
use crate::term::CursorShow;
use std::io::{BufRead, Read, Write};
use std::time::Duration;

/// Screen output and keyboard input.
pub trait Console {
    /// Bytes for the screen (code page 437; `\n` ends a screen line).
    fn write(&mut self, bytes: &[u8]);
    /// One typed line without its terminator (LF or CR LF accepted); None at end of input.
    fn read_line(&mut self) -> Option<Vec<u8>>;
    /// INKEY$: a key if one is waiting, without blocking.
    fn inkey(&mut self) -> Option<u8>;
    /// INPUT$: the next key, waiting for it; None at end of input.
    fn read_key(&mut self) -> Option<u8>;
    /// True when typed replies must be echoed by the interpreter (input is not a
    /// terminal, so nothing else shows them; GW's screen would).
    fn echoes_input(&self) -> bool;
    fn flush(&mut self) {}

    // The full-screen terminal (issue 14). A console without one keeps the defaults:
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
    /// A key struck on the terminal within `wait` (full-screen mode only).
    fn poll_key(&mut self, _wait: Duration) -> Option<Key> {
        None
    }
    /// The bell, in full-screen mode.
    fn beep(&mut self) {}
    /// Gives the terminal back, leaving the screen's text in the scrollback.
    fn give_back(&mut self, _screen: &Screen) {}
}

/// How screen bytes are written to a redirected stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputEncoding {
    /// Code page 437 shown as the equivalent Unicode characters (UTF-8).
    Unicode,
    /// The bytes as the program produced them.
    Raw,
}

/// Process stdin/stdout.
pub struct StdConsole {
    out: std::io::BufWriter<std::io::Stdout>,
    input: Box<dyn BufRead>,
    stdin_is_tty: bool,
    /// Flush at each newline (stdout is a terminal).
    line_buffered: bool,
    encoding: OutputEncoding,
    pending: std::collections::VecDeque<u8>,
}

impl StdConsole {
    pub fn new(encoding: Option<OutputEncoding>) -> StdConsole {
        use std::io::IsTerminal;
        let stdout_tty = std::io::stdout().is_terminal();
        let encoding = encoding.unwrap_or(if stdout_tty {
            OutputEncoding::Unicode
        } else {
            OutputEncoding::Raw
        });
        StdConsole {
            out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()),
            input: Box::new(std::io::BufReader::new(std::io::stdin())),
            stdin_is_tty: std::io::stdin().is_terminal(),
            line_buffered: stdout_tty,
            encoding,
            pending: Default::default(),
        }
    }
}

impl Console for StdConsole {
    fn write(&mut self, bytes: &[u8]) {
        let r = match self.encoding {
            OutputEncoding::Raw => self.out.write_all(bytes),
            OutputEncoding::Unicode => self.out.write_all(cp437_to_utf8(bytes).as_bytes()),
        };
        let _ = r;
        // a terminal sees each line as it is printed; files and pipes get big writes
        if self.line_buffered && bytes.contains(&b'\n') {
            let _ = self.out.flush();
        }
    }

    fn read_line(&mut self) -> Option<Vec<u8>> {
        self.flush();
        let mut line = Vec::new();
        line.extend(self.pending.drain(..));
        if let Some(p) = line.iter().position(|&c| c == b'\n') {
            let rest: Vec<u8> = line.split_off(p + 1);
            self.pending.extend(rest);
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Some(line);
        }
        match self.input.read_until(b'\n', &mut line) {
            Ok(0) if line.is_empty() => None,
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                Some(line)
            }
            Err(_) => None,
        }
    }

    fn inkey(&mut self) -> Option<u8> {
        if self.stdin_is_tty {
            return None;
        }
        self.read_key()
    }

    fn read_key(&mut self) -> Option<u8> {
        self.flush();
        if let Some(c) = self.pending.pop_front() {
            return Some(c);
        }
        let mut b = [0u8; 1];
        match self.input.read(&mut b) {
            Ok(1) => Some(b[0]),
            _ => None,
        }
    }

    fn echoes_input(&self) -> bool {
        !self.stdin_is_tty
    }

    fn flush(&mut self) {
        let _ = self.out.flush();
    }
}

impl Drop for StdConsole {
    fn drop(&mut self) {
        let _ = self.out.flush();
    }
}

/// Captured output and scripted input, for tests and for the library API.
#[derive(Debug, Default)]
pub struct BufferConsole {
    pub output: Vec<u8>,
    input: std::collections::VecDeque<u8>,
}

impl BufferConsole {
    pub fn new(input: &[u8]) -> BufferConsole {
        BufferConsole {
            output: Vec::new(),
            input: input.iter().copied().collect(),
        }
    }

    pub fn push_input(&mut self, input: &[u8]) {
        self.input.extend(input.iter().copied());
    }
}

impl Console for BufferConsole {
    fn write(&mut self, bytes: &[u8]) {
        self.output.extend_from_slice(bytes);
    }

    fn read_line(&mut self) -> Option<Vec<u8>> {
        if self.input.is_empty() {
            return None;
        }
        let mut line = Vec::new();
        while let Some(c) = self.input.pop_front() {
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

    fn inkey(&mut self) -> Option<u8> {
        self.input.pop_front()
    }

    fn read_key(&mut self) -> Option<u8> {
        self.input.pop_front()
    }

    fn echoes_input(&self) -> bool {
        true
    }
}

/// Code page 437 → Unicode (the characters the IBM PC showed for each byte).
pub fn cp437_to_utf8(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| cp437_char(b)).collect()
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
    fn buffer_console_lines_accept_lf_and_crlf() {
        let mut c = BufferConsole::new(b"one\r\ntwo\nthree");
        assert_eq!(c.read_line().unwrap(), b"one");
        assert_eq!(c.read_line().unwrap(), b"two");
        assert_eq!(c.read_line().unwrap(), b"three");
        assert_eq!(c.read_line(), None);
    }
}
