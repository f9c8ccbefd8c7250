//! The process's stdout as a `Console` (`StdConsole`: code page 437 shown as Unicode on
//! a terminal, raw bytes when redirected), and its stdin (`Stdin`), shared by the console
//! (INKEY$ takes a redirected stdin's bytes) and the front end's loop (the lines and keys
//! the engine waits for); lines are read with bounded memory. Reads and writes wait as
//! `waits` does: Ctrl-C or a termination signal cuts a read short (the engine then
//! breaks) and abandons output nobody reads.

use crate::waits;
use gwrun_core::console::{
    Console, ConsoleError, MAX_DISCARD, MAX_LINE, OutputEncoding, screen_text,
};
use gwrun_core::screen::TranscriptForm;
use std::cell::RefCell;
use std::io::{BufRead, Read, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The process's stdin, read by lines and by bytes.
pub struct Stdin {
    input: Box<dyn BufRead>,
    is_tty: bool,
    /// A line ran on without its end for `MAX_DISCARD` bytes: stdin counts as ended.
    lost: bool,
    /// The last byte read was a CR: a LF right after it belongs to the same line end.
    after_cr: bool,
    /// stdin reached its end (a file, a pipe whose writer closed it).
    ended: bool,
    /// Bytes read as keys since the last line end.
    unended: usize,
}

impl Stdin {
    /// stdin, its reads cut short when `flag` (the Break flag) is raised.
    pub fn new(flag: Arc<AtomicBool>) -> Stdin {
        use std::io::IsTerminal;
        Stdin {
            input: Box::new(std::io::BufReader::new(waits::Stdin::new(flag))),
            is_tty: std::io::stdin().is_terminal(),
            lost: false,
            after_cr: false,
            ended: false,
            unended: 0,
        }
    }

    /// A redirected stdin that reached its end (or ran on without a line end).
    pub fn ended(&self) -> bool {
        self.ended || self.lost
    }

    /// A line ran on for `MAX_DISCARD` bytes past `MAX_LINE` without its end: stdin
    /// counts as ended from now on.
    fn lose(&mut self) {
        self.lost = true;
        eprintln!(
            "gwrun: stdin: no line end in {MAX_DISCARD} bytes (binary data?); input ends here"
        );
    }

    /// Whether stdin is a terminal (typed replies then show by themselves).
    pub fn is_tty(&self) -> bool {
        self.is_tty
    }

    /// A line of at most `MAX_LINE` bytes (the rest up to the line's end is dropped),
    /// without its LF or CR LF; None at the end. A line that runs on for `MAX_DISCARD`
    /// bytes without ending ends the input.
    pub fn line(&mut self) -> Option<Vec<u8>> {
        if self.lost {
            return None;
        }
        self.skip_lf_after_cr();
        let mut line = Vec::new();
        match read_bounded_line(&mut self.input, &mut line) {
            LineEnd::Newline => {}
            LineEnd::Eof if line.is_empty() => return None,
            LineEnd::Eof => {}
            LineEnd::Lost => self.lose(),
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        line.truncate(MAX_LINE);
        Some(line)
    }

    /// The next byte as a key; None at the end. The LF of a CR LF line end is not a key
    /// of its own (a typed line ends with one Enter, CR).
    pub fn byte(&mut self) -> Option<u8> {
        if self.lost {
            return None;
        }
        self.skip_lf_after_cr();
        let mut b = [0u8; 1];
        match self.input.read(&mut b) {
            Ok(1) => {
                self.after_cr = b[0] == b'\r';
                if b[0] == b'\n' || b[0] == b'\r' {
                    self.unended = 0;
                    return Some(b[0]);
                }
                // keys read from a stream without line ends (KYBD:, CON, INPUT$ of
                // /dev/zero) end as a line of INPUT does
                self.unended += 1;
                if self.unended > MAX_LINE + MAX_DISCARD {
                    self.lose();
                    return None;
                }
                Some(b[0])
            }
            Ok(_) => {
                self.ended = true;
                None
            }
            // cut short by Ctrl-C (the engine breaks), or a read error
            Err(_) => None,
        }
    }

    /// After a CR read as a key, a LF that follows it is the rest of the same line end
    /// (a file of typed lines has CR LF where the keyboard gave one Enter).
    fn skip_lf_after_cr(&mut self) {
        if std::mem::take(&mut self.after_cr)
            && let Ok([b'\n', ..]) = self.input.fill_buf()
        {
            self.input.consume(1);
        }
    }
}

/// Process stdout, and stdin for INKEY$.
pub struct StdConsole {
    out: std::io::BufWriter<waits::Stdout>,
    input: Rc<RefCell<Stdin>>,
    /// Flush at each newline (stdout is a terminal).
    line_buffered: bool,
    encoding: OutputEncoding,
    /// The first write error; nothing more is written once it is set.
    failed: Option<ConsoleError>,
    /// When output was last handed on (`flush`); `idle` hands on what waited longer
    /// than `HOLD_AT_MOST`.
    flushed_at: std::time::Instant,
}

/// The longest a redirected stdout holds a running program's output back (`idle`).
const HOLD_AT_MOST: std::time::Duration = std::time::Duration::from_millis(100);

impl StdConsole {
    /// The console of this process; `flag` is the Break flag its writes look at.
    pub fn new(
        encoding: Option<OutputEncoding>,
        input: Rc<RefCell<Stdin>>,
        flag: Arc<AtomicBool>,
    ) -> StdConsole {
        use std::io::IsTerminal;
        let stdout_tty = std::io::stdout().is_terminal();
        // a terminal always gets text (glyphs, never control sequences); `--output`
        // is for a redirected stdout
        let encoding = if stdout_tty {
            OutputEncoding::Unicode
        } else {
            encoding.unwrap_or(OutputEncoding::Raw)
        };
        StdConsole {
            out: std::io::BufWriter::with_capacity(1 << 16, waits::Stdout::new(flag)),
            input,
            line_buffered: stdout_tty,
            encoding,
            failed: None,
            flushed_at: std::time::Instant::now(),
        }
    }

    /// Bytes of gwrun's own for the terminal (a CR before a prompt is redrawn), written
    /// as they are: never a program's output.
    pub fn write_control(&mut self, bytes: &[u8]) {
        if self.failed.is_none() {
            let r = self.out.write_all(bytes);
            self.check(r);
        }
    }

    /// Records the first failure of the output (a write cut short by Ctrl-C or a
    /// termination signal: the output is abandoned).
    fn check(&mut self, r: std::io::Result<()>) {
        if let Err(e) = r
            && self.failed.is_none()
        {
            self.failed = Some(if waits::is_cut(&e) {
                ConsoleError::Abandoned
            } else {
                ConsoleError::of(e)
            });
        }
    }
}

impl Console for StdConsole {
    fn transcript_form(&self) -> TranscriptForm {
        match self.encoding {
            OutputEncoding::Dos => TranscriptForm::Dos,
            OutputEncoding::Raw | OutputEncoding::Unicode => TranscriptForm::Plain,
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.failed.is_some() {
            return;
        }
        let r = match self.encoding {
            OutputEncoding::Raw | OutputEncoding::Dos => self.out.write_all(bytes),
            OutputEncoding::Unicode => self.out.write_all(screen_text(bytes).as_bytes()),
        };
        self.check(r);
        // a terminal sees each line as it is printed; files and pipes get big writes
        if self.line_buffered && bytes.contains(&b'\n') {
            self.flush();
        }
    }

    /// A redirected stdin's next byte (a terminal's keys are not read here).
    fn inkey(&mut self) -> Option<u8> {
        if self.input.borrow().is_tty() {
            return None;
        }
        self.flush();
        self.input.borrow_mut().byte()
    }

    /// A redirected stdin that reached its end (or ran on without a line end).
    fn input_ended(&self) -> bool {
        self.input.borrow().ended()
    }

    fn echoes_input(&self) -> bool {
        !self.input.borrow().is_tty()
    }

    fn flush(&mut self) {
        if self.failed.is_none() {
            let r = self.out.flush();
            self.check(r);
            self.flushed_at = std::time::Instant::now();
        }
    }

    fn idle(&mut self) {
        if !self.out.buffer().is_empty() && self.flushed_at.elapsed() >= HOLD_AT_MOST {
            self.flush();
        }
    }

    fn failure(&self) -> Option<&ConsoleError> {
        self.failed.as_ref()
    }
}

impl Drop for StdConsole {
    fn drop(&mut self) {
        self.flush();
    }
}

/// A printer's stream shown on a terminal (`--lpt1=STDIO:` when stdout is one): its
/// bytes as the screen's glyphs (`screen_text`), the CR of each line end dropped, so no
/// byte a program prints reaches the terminal as a control sequence.
pub struct TerminalText<W: Write>(pub W);

impl<W: Write> Write for TerminalText<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let kept: Vec<u8> = buf.iter().copied().filter(|&b| b != b'\r').collect();
        self.0.write_all(screen_text(&kept).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// How `read_bounded_line` stopped.
#[derive(Debug, PartialEq, Eq)]
enum LineEnd {
    /// At a line feed (not kept).
    Newline,
    /// At the end of input (or a read error).
    Eof,
    /// `MAX_DISCARD` bytes past `MAX_LINE` without a line feed.
    Lost,
}

/// Reads up to a line feed, keeping at most `MAX_LINE + 1` bytes of the line in `line`
/// (one more than GW keeps, so a CR before the line feed can still be seen) and
/// dropping the rest; memory stays bounded whatever the input.
fn read_bounded_line(input: &mut dyn BufRead, line: &mut Vec<u8>) -> LineEnd {
    let mut dropped = 0usize;
    loop {
        let buf = match input.fill_buf() {
            Ok([]) => return LineEnd::Eof,
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            // a read cut short by Ctrl-C (the engine breaks) or a read error
            Err(_) => return LineEnd::Eof,
        };
        let (chunk, found) = match buf.iter().position(|&c| c == b'\n') {
            Some(p) => (&buf[..p], Some(p)),
            None => (buf, None),
        };
        let room = (MAX_LINE + 1).saturating_sub(line.len());
        let keep = chunk.len().min(room);
        line.extend_from_slice(&chunk[..keep]);
        dropped += chunk.len() - keep;
        match found {
            Some(p) => {
                input.consume(p + 1);
                return LineEnd::Newline;
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
        if dropped > MAX_DISCARD {
            return LineEnd::Lost;
        }
    }
}
