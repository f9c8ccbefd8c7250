//! The screen operations of GW-BASIC's full-screen editor: cursor moves that never
//! scroll, the move to the end of a logical line, delete and insert that pull and push
//! the rest of a logical line across its rows (opening or closing rows as needed),
//! the typed line feed that splits a row but keeps the logical line, clearing the rest
//! of a logical line (Esc, Ctrl-End), backspace, TAB, and Ctrl-Left/Right word moves.
//! The editor (`crate::editor`) maps keys to these.

use super::{HEIGHT, Screen, Stream};

/// Letters and digits: what Ctrl-Left and Ctrl-Right treat as a word.
fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric()
}

impl Screen {
    /// Cursor up one row (no scrolling).
    pub(crate) fn cursor_up(&mut self) {
        let (r, c) = (self.row, self.col);
        self.set_pos(r - 1, c, false);
    }

    /// Cursor down one row (no scrolling).
    pub(crate) fn cursor_down(&mut self) {
        let (r, c) = (self.row, self.col);
        self.set_pos(r + 1, c, false);
    }

    /// Cursor right, on to the next row at the edge (no scrolling).
    pub(crate) fn cursor_right(&mut self) {
        let (r, c) = (self.row, self.col);
        self.set_pos(r, c + 1, false);
    }

    /// Cursor left, back to the previous row at the edge.
    pub(crate) fn cursor_left(&mut self) {
        if self.overflow {
            self.col += 1;
            self.overflow = false;
        }
        let (r, c) = (self.row, self.col);
        self.set_pos(r, c - 1, false);
    }

    /// Cursor to the home position (the window's top left).
    pub(crate) fn cursor_home(&mut self) {
        self.set_pos(1, 1, true);
    }

    /// End: after the last character of the logical line (pending wrap if its last row
    /// is full).
    pub(crate) fn cursor_end(&mut self) {
        let row = self.line_end(self.row);
        let len = self.row_len(row);
        if len == self.width {
            self.set_pos(row, len, true);
            self.overflow = true;
        } else {
            self.set_pos(row, len + 1, true);
        }
    }

    /// Moves the cursor to `pos` characters into the logical line holding `row`
    /// (following its rows' lengths), as EDIT and AUTO place it.
    pub fn cursor_to_line_pos(&mut self, row: i32, pos: i32) {
        let mut r = self.line_start(row);
        let mut col = pos + 1;
        while pos >= self.row_len(r) && r <= HEIGHT && self.wraps(r) {
            col -= self.row_len(r);
            r += 1;
        }
        if col >= self.row_len(r) {
            col = self.row_len(r) - 1;
        }
        self.set_pos(r, col.max(1), true);
    }

    /// Deletes the character at a cell of a row (the cells up to the logical end move
    /// left, taking the current attribute); a fill character comes in at the end, and
    /// the logical length shrinks when there is none. Nothing beyond the logical end.
    fn delete_in_row(&mut self, row: i32, col: i32, fill: Option<(u8, u8)>) {
        let len = self.row_len(row);
        if len < col {
            return;
        }
        let attr = self.attr;
        for c in col..len {
            let (ch, _) = self.cell(row, c + 1);
            self.put(row, c, ch, attr, false);
        }
        // every cell that moved, the filled one too, takes the current attribute
        let fc = fill.map_or(b' ', |f| f.0);
        self.put(row, len, fc, attr, false);
        if fill.is_none() {
            self.set_row_len(row, len - 1);
        }
    }

    /// Inserts a character in a row, pushing the cells after it right (the last one
    /// drops off and is returned); moved cells take the given attribute.
    fn insert_in_row(&mut self, row: i32, col: i32, ch: u8, attr: u8) -> u8 {
        let w = self.width;
        let (popped, _) = self.cell(row, w);
        let mut c = w;
        while c > col {
            let (prev, pa) = self.cell(row, c - 1);
            self.put(row, c, prev, pa, false);
            c -= 1;
        }
        self.put(row, col, ch, attr, false);
        let len = self.row_len(row);
        let len = if len >= col { (len + 1).min(w) } else { col };
        self.set_row_len(row, len);
        for c in col..=len.max(col) {
            let (ch, _) = self.cell(row, c);
            self.put(row, c, ch, attr, false);
        }
        popped
    }

    /// Delete: removes the character under the cursor; the rest of the logical line
    /// moves left across its rows, and rows emptied by it close up.
    pub(crate) fn delete_char(&mut self) {
        let (r, c) = (self.row, self.col);
        self.delete_at(r, c, false);
    }

    fn delete_at(&mut self, row: i32, col: i32, remove_depleted: bool) {
        // bounded by the rows below; each step goes one row further down
        let (mut row, mut col, mut remove_depleted) = (row, col, remove_depleted);
        loop {
            if row > HEIGHT {
                return;
            }
            let len = self.row_len(row);
            if !self.wraps(row) {
                if col > len {
                    return;
                }
                self.delete_in_row(row, col, None);
                if remove_depleted && self.row_len(row) == 0 {
                    self.scroll_up(row);
                }
                return;
            } else if len == self.width {
                // a full row: the first character of the next row comes up
                let fill = if self.row_len(row + 1) == 0 {
                    None
                } else {
                    Some(self.cell(row + 1, 1))
                };
                self.delete_in_row(row, col, fill);
                row += 1;
                col = 1;
                remove_depleted = true;
            } else if col < len || (remove_depleted && col == len) {
                self.delete_in_row(row, col, None);
                return;
            } else if remove_depleted && len == 0 {
                self.scroll_up(row);
                return;
            } else {
                // past the end of a line-feed row: the next row's text joins this one
                for c in col..=self.width {
                    if self.row_len(row + 1) == 0 {
                        break;
                    }
                    let (ch, _) = self.cell(row + 1, 1);
                    let a = self.attr;
                    self.put(row, c, ch, a, true);
                    self.delete_at(row + 1, 1, true);
                }
                return;
            }
        }
    }

    /// Insert mode: inserts characters at the cursor, pushing the logical line on
    /// (opening rows, or scrolling its start up at the bottom of the window; when it
    /// reaches the top the characters are dropped).
    pub(crate) fn insert_chars(&mut self, chars: &[u8]) {
        for &c in chars {
            let (r, col) = (self.row, self.col);
            if self.insert_at(r, col, c) {
                let (r, col) = (self.row, self.col);
                self.set_pos(r, col + 1, false);
            }
        }
    }

    fn insert_at(&mut self, row: i32, col: i32, c: u8) -> bool {
        let attr = self.attr;
        let (mut row, mut col, mut c) = (row, col, c);
        loop {
            if !(1..=HEIGHT).contains(&row) {
                return false;
            }
            if self.row_len(row) < self.width {
                self.insert_in_row(row, col, c, attr);
                if self.wraps(row) && self.row_len(row) == self.width {
                    self.scroll_down(row + 1);
                }
                return true;
            }
            if !self.wraps(row) && row < self.view_bottom {
                self.scroll_down(row + 1);
                self.set_wrap(row, true);
            }
            if row >= self.view_bottom {
                let start = self.line_start(self.row);
                if start <= self.view_top {
                    return false;
                }
                let top = self.view_top;
                self.scroll_up(top);
                row -= 1;
            }
            c = self.insert_in_row(row, col, c, attr);
            row += 1;
            col = 1;
        }
    }

    /// A typed line feed (Ctrl-Enter): inside a row's text, the rest moves to a new row
    /// of the same logical line; at its end, an empty row opens below, joined to it.
    pub(crate) fn line_feed(&mut self) {
        let (r, c) = (self.row, self.col);
        if c < self.row_len(r) {
            let n = (self.width - c + 1) as usize;
            self.insert_chars(&vec![b' '; n]);
            self.set_pos(r, c, false);
            let (r, c) = (self.row, self.col);
            self.set_row_len(r, c - 1);
            self.set_wrap(r, true);
        } else {
            let end = self.line_end(r);
            if end >= self.view_bottom {
                let start = self.line_start(r);
                if start > self.view_top {
                    let top = self.view_top;
                    self.scroll_up(top);
                } else {
                    return;
                }
            }
            let r = self.row;
            if r < HEIGHT {
                self.scroll_down(r + 1);
            }
            self.set_wrap(r, true);
            self.set_pos(r + 1, 1, true);
        }
    }

    /// Clears from a cell to the end of its logical line, closing up the rows below
    /// (with `keep_second`, as when Esc is pressed at an INPUT whose line spans rows,
    /// the second row is cleared but stays).
    pub(crate) fn clear_to_line_end(&mut self, row: i32, col: i32, keep_second: bool) {
        let end = self.line_end(row);
        let attr = self.attr;
        self.clear_area(row, row, col, attr);
        let scroll_from = if keep_second && end > row {
            self.clear_area(row + 1, row + 1, 1, attr);
            row + 1
        } else {
            row
        };
        let mut r = end;
        while r > scroll_from {
            self.scroll_up(r);
            r -= 1;
        }
        self.set_pos(row, col, true);
    }

    /// Backspace: the character left of the cursor goes, unless that would cross the
    /// start of the logical line or, on the prompt row, the furthest left the cursor
    /// has been; then the character under the cursor goes.
    pub(crate) fn backspace(&mut self, prompt_row: i32, furthest_left: i32) {
        let (r, c) = (self.row, self.col);
        let start = self.line_start(r);
        if (c != furthest_left || r != prompt_row) && (c > 1 || r > start) {
            self.cursor_left();
        }
        self.delete_char();
    }

    /// TAB: to the next multiple of 8 plus one; in insert mode by inserting spaces.
    pub(crate) fn tab(&mut self, overwrite: bool) {
        let (r, c) = (self.row, self.col);
        let to = 9 + 8 * ((c - 1) / 8);
        if overwrite {
            self.set_pos(r, to, false);
        } else {
            self.insert_chars(&vec![b' '; (to - c).max(0) as usize]);
        }
    }

    /// Ctrl-Right: past the rest of this word and the non-word characters after it, to
    /// the start of the next word (nothing found: the cursor stays).
    pub(crate) fn word_right(&mut self) {
        let (mut r, mut c) = (self.row, self.col);
        for want_word in [false, true] {
            loop {
                if is_word(self.cell(r, c).0) == want_word {
                    break;
                }
                c += 1;
                if c > self.width {
                    if r >= self.view_bottom {
                        return;
                    }
                    r += 1;
                    c = 1;
                }
            }
        }
        self.set_pos(r, c, true);
    }

    /// Ctrl-Left: to the start of the word before the cursor.
    pub(crate) fn word_left(&mut self) {
        let (mut r, mut c) = (self.row, self.col);
        loop {
            c -= 1;
            if c < 1 {
                if r <= self.view_top {
                    return;
                }
                r -= 1;
                c = self.width;
            }
            if is_word(self.cell(r, c).0) {
                break;
            }
        }
        loop {
            let (lr, lc) = (r, c);
            c -= 1;
            if c < 1 {
                if r <= self.view_top {
                    self.set_pos(lr, lc, true);
                    return;
                }
                r -= 1;
                c = self.width;
            }
            if !is_word(self.cell(r, c).0) {
                self.set_pos(lr, lc, true);
                return;
            }
        }
    }

    /// Unhooks the row above the cursor from it (a prompt starts a new logical line).
    pub(crate) fn unwrap_above(&mut self) {
        let r = self.row;
        if r > 1 {
            self.set_wrap(r - 1, false);
        }
    }

    /// Typed text for the plain transcript (the screen already shows it).
    pub(crate) fn echo_to_stream(&mut self, bytes: &[u8]) {
        self.stream_bytes(bytes);
    }

    // -------------------------------------------------------------- console protocol

    /// The Ok prompt: to the start of a row, then "Ok" and CHR$(255), and a new row.
    pub fn ok_prompt(&mut self) {
        self.start_line();
        self.write(b"Ok");
        self.end_marker();
        self.write(b"\r");
    }

    /// The CHR$(255) GW writes after `Ok` and its messages: on the cells, and in the
    /// transcript's DOS form only (the plain transcript leaves it out).
    fn end_marker(&mut self) {
        if self.stream.as_ref().is_some_and(Stream::keeps_markers) {
            self.write(b"\xff");
        } else {
            self.quietly(|s| s.write(b"\xff"));
        }
    }

    /// An error or Break message ("Syntax error in 30", "Break in 20"): at the start
    /// of a row, followed by CHR$(255) unless an INPUT was being answered, then a CR.
    pub fn error_message(&mut self, message: &[u8], at_input: bool) {
        self.start_line();
        self.write(message);
        if !at_input {
            self.end_marker();
        }
        self.write(b"\r");
    }

    /// A program line as LIST shows it on the screen: written over what the rows hold,
    /// each of its parts (split at line feeds, which join them into one logical line)
    /// ending in GW's Ctrl-E, which cuts the logical line at the cursor
    /// (`truncate_line`; S GWLIST.ASM LISPRT/LISEOL); `newline` ends it with a CR.
    pub fn list_line(&mut self, text: &[u8], newline: bool) {
        for (i, part) in text.split(|&c| c == b'\n').enumerate() {
            let part = part.strip_prefix(b"\r").unwrap_or(part);
            if i > 0 {
                let r = self.row;
                if self.open_rows && r < self.view_bottom {
                    self.scroll_down(r + 1);
                }
                self.set_wrap(r, true);
                self.set_pos(r + 1, 1, true);
                self.echo_to_stream(b"\n");
            }
            self.write(part);
            self.truncate_line();
        }
        if newline {
            self.write(b"\r");
        }
    }

    /// Ctrl-E as LIST sends it (S SCNDRV.ASM LTRUNC): the cursor's row is cleared from
    /// the cursor on and ends there, and the rows its logical line went on over are
    /// removed, those below moving up. Past the last column the row keeps its cells.
    fn truncate_line(&mut self) {
        let (r, c) = (self.row, self.col);
        let end = self.line_end(r);
        if !self.overflow {
            let attr = self.attr;
            self.clear_area(r, r, c, attr);
        }
        for k in (r + 1..=end).rev() {
            self.scroll_up(k);
        }
    }

    /// EDIT n (and the line shown after a Syntax error): the line listed without a
    /// final CR, the cursor `pos` characters into it (None: at its start). While it is
    /// listed, text running past a row's end opens a row below rather than writing over
    /// the next one (S SCNEDT.ASM ERED5 sets F_EDIT; SCNDRV.ASM MKRMNL).
    pub fn edit_line(&mut self, text: &[u8], pos: Option<i32>) {
        self.open_rows = true;
        self.list_line(text, false);
        self.open_rows = false;
        if let Some(p) = pos {
            let r = self.row;
            self.cursor_to_line_pos(r, p);
        }
    }
}
