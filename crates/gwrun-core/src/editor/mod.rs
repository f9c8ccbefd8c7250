//! GW-BASIC's full-screen editor as an engine: given the screen and one key at a time,
//! it edits the screen the way GW's line entry does, in direct mode and at INPUT and
//! LINE INPUT. The cursor moves anywhere; typing overwrites (or inserts, after Ins);
//! Enter hands back the logical line under the cursor, so any line on the screen (a
//! LISTed one, say) can be changed in place and entered again. At an INPUT only the part
//! after the prompt is returned, and Esc on the prompt's row clears back to the prompt.
//! The engine never blocks and does no I/O: the interpreter feeds it keys from
//! `crate::keyboard::Keyboard::read_key` and draws the screen between keys.

use crate::keyboard::{Key, scan};
use crate::screen::{HEIGHT, Screen};

/// Longest line GW takes from the screen.
pub const LINE_MAX: usize = 255;

/// What a key did to the line being entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Still editing: feed the next key.
    Pending,
    /// Enter: the line (at most 255 characters; a program line or command without its
    /// trailing blanks and line feeds, an INPUT or LINE INPUT reply as typed).
    Line(Vec<u8>),
    /// Ctrl-C: Break. The cursor has gone to a new row; the interpreter prints its
    /// Break message.
    Break,
}

/// A line being entered.
#[derive(Debug, Clone)]
pub struct LineEditor {
    is_input: bool,
    newline_after: bool,
    start_row: i32,
    furthest_left: i32,
    /// The furthest the cursor went in the prompt's logical line, counted in cells
    /// from the start of its first row (1 is its first cell).
    furthest_right: i32,
    insert: bool,
}

/// The keyword Alt + a letter types in direct mode (followed by a space).
fn alt_keyword(scan_code: u8) -> Option<&'static [u8]> {
    const ROWS: [(u8, &[u8]); 3] = [
        (scan::ALT_Q, b"QWERTYUIOP"),
        (scan::ALT_A, b"ASDFGHJKL"),
        (scan::ALT_Z, b"ZXCVBNM"),
    ];
    let letter = ROWS.iter().find_map(|(first, letters)| {
        let i = usize::from(scan_code.checked_sub(*first)?);
        letters.get(i).copied()
    })?;
    Some(match letter {
        b'A' => b"AUTO",
        b'B' => b"BSAVE",
        b'C' => b"COLOR",
        b'D' => b"DELETE",
        b'E' => b"ELSE",
        b'F' => b"FOR",
        b'G' => b"GOTO",
        b'H' => b"HEX$",
        b'I' => b"INPUT",
        b'K' => b"KEY",
        b'L' => b"LOCATE",
        b'M' => b"MOTOR",
        b'N' => b"NEXT",
        b'O' => b"OPEN",
        b'P' => b"PRINT",
        b'R' => b"RUN",
        b'S' => b"SCREEN",
        b'T' => b"THEN",
        b'U' => b"USING",
        b'V' => b"VAL",
        b'W' => b"WIDTH",
        b'X' => b"XOR",
        _ => return None,
    })
}

impl LineEditor {
    /// Starts entering a line: writes the prompt (an INPUT prompt with its "? ", AUTO's
    /// line number, or nothing in direct mode), and makes the prompt's row start a new
    /// logical line. `is_input`: only the text after the prompt is the answer.
    /// `newline_after`: Enter moves to a new row (not after `INPUT;`).
    pub fn start(
        screen: &mut Screen,
        prompt: &[u8],
        is_input: bool,
        newline_after: bool,
    ) -> LineEditor {
        screen.write(prompt);
        screen.unwrap_above();
        let (row, col, _) = screen.cursor();
        let prompt_width = if is_input { col - 1 } else { 0 };
        LineEditor {
            is_input,
            newline_after,
            start_row: row,
            furthest_left: 1 + prompt_width,
            furthest_right: col,
            insert: false,
        }
    }

    /// Insert mode is on (the front end shows a larger cursor).
    pub fn insert_mode(&self) -> bool {
        self.insert
    }

    /// Applies one key.
    pub fn key(&mut self, s: &mut Screen, key: Key) -> Edit {
        let scrolls = s.scroll_count();
        let edit = self.apply(s, key);
        // the window scrolled under the line: its first row moved up with it
        let up = s.scroll_count().saturating_sub(scrolls);
        let top = s.view().0;
        self.start_row = (self.start_row - up.min(HEIGHT as u64) as i32).max(top);
        if edit != Edit::Pending {
            return edit;
        }
        let (row, col, overflow) = s.cursor();
        if row == self.start_row {
            self.furthest_left = self.furthest_left.min(col);
        }
        if row >= self.start_row && s.line_start(row) <= self.start_row {
            let mut at = (row - self.start_row) * s.width() + col;
            if col == s.width() && overflow {
                at += 1;
            }
            self.furthest_right = self.furthest_right.max(at);
        }
        Edit::Pending
    }

    fn apply(&mut self, s: &mut Screen, key: Key) -> Edit {
        use Key::{Char, Ext};
        let moves = matches!(
            key,
            Ext(scan::UP | scan::DOWN | scan::LEFT | scan::RIGHT | scan::HOME | scan::END)
                | Char(0x1E | 0x1F | 0x1C | 0x1D | 0x0B | 0x0E)
        );
        if moves {
            self.insert = false;
        }
        match key {
            Char(3) => {
                self.insert = false;
                s.write(b"\r");
                return Edit::Break;
            }
            Char(b'\r') => return self.finish(s),
            Char(7) => s.write(&[7]),
            Char(8) => s.backspace(self.start_row, self.furthest_left),
            Char(b'\t') => s.tab(!self.insert),
            Char(b'\n') => s.line_feed(),
            Char(27) => {
                let (row, _, _) = s.cursor();
                let start = s.line_start(row);
                if start == self.start_row {
                    s.clear_to_line_end(start, self.furthest_left, self.is_input);
                } else {
                    s.clear_to_line_end(start, 1, false);
                }
            }
            Ext(scan::CTRL_END) | Char(5) => {
                let (row, col, _) = s.cursor();
                s.clear_to_line_end(row, col, false);
            }
            Ext(scan::UP) | Char(0x1E) => s.cursor_up(),
            Ext(scan::DOWN) | Char(0x1F) => s.cursor_down(),
            Ext(scan::RIGHT) | Char(0x1C) => s.cursor_right(),
            Ext(scan::LEFT) | Char(0x1D) => s.cursor_left(),
            Ext(scan::CTRL_RIGHT) | Char(6) => s.word_right(),
            Ext(scan::CTRL_LEFT) | Char(2) => s.word_left(),
            Ext(scan::INSERT) | Char(18) => self.insert = !self.insert,
            Ext(scan::DELETE) | Char(0x7F) => s.delete_char(),
            Ext(scan::HOME) | Char(0x0B) => s.cursor_home(),
            Ext(scan::END) | Char(0x0E) => s.cursor_end(),
            Ext(scan::CTRL_HOME) | Char(0x0C) => s.clear_view(),
            Ext(code) => {
                if let Some(word) = alt_keyword(code) {
                    for &c in word.iter().chain(b" ") {
                        self.type_char(s, c);
                    }
                }
            }
            Char(0) => {}
            Char(c) => self.type_char(s, c),
        }
        Edit::Pending
    }

    fn type_char(&mut self, s: &mut Screen, c: u8) {
        if self.insert {
            s.insert_chars(&[c]);
        } else {
            s.put_char(c, true);
        }
    }

    /// Enter: takes the logical line under the cursor (at an INPUT, from the prompt's
    /// end up to the furthest the cursor went in it), moves to its end and on to a new
    /// row.
    fn finish(&mut self, s: &mut Screen) -> Edit {
        self.insert = false;
        let (row, _, _) = s.cursor();
        let (left, stop) = if self.is_input {
            let last = self.furthest_right - 2;
            let stop = (s.line_start(row) == self.start_row).then(|| {
                (
                    self.start_row + last.div_euclid(s.width()),
                    last.rem_euclid(s.width()) + 1,
                )
            });
            (self.furthest_left, stop)
        } else {
            (1, None)
        };
        let mut line = s.logical_line(row, left, stop);
        s.echo_to_stream(&line);
        s.cursor_end();
        if self.newline_after {
            s.write(b"\r");
        }
        line.truncate(LINE_MAX);
        // only a program statement loses its trailing blanks and line feeds: an INPUT
        // or LINE INPUT reply is what the screen holds up to the furthest the cursor
        // went, typed blanks included [S SCNEDT.ASM INLRET: the backward scan runs
        // only when F_EDPG says PINLIN called]
        if !self.is_input {
            while matches!(line.last(), Some(b' ' | b'\t' | b'\n')) {
                line.pop();
            }
        }
        Edit::Line(line)
    }
}

#[cfg(test)]
mod tests;
