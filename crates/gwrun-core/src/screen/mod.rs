//! GW-BASIC's text screen as data: 25 rows of 40 or 80 character + attribute cells on
//! eight pages held as the bytes a CGA/EGA shows at segment &HB800, the cursor (with GW's
//! pending-wrap "overflow" state after the last column), the logical lines (a wrap flag
//! and a logical length per row), the VIEW PRINT window and its scrolling, row 25 and the
//! function-key bar, and the statements and functions that act on them: PRINT output
//! with GW's control characters, CLS, LOCATE, COLOR, WIDTH, VIEW PRINT, SCREEN, PCOPY,
//! KEY ON/OFF/LIST, CSRLIN, POS and SCREEN(). Rows and columns are 1-based, as in BASIC.
//! Nothing here does I/O: a front end (`crate::term`) draws `visible_cells`, and the
//! optional `Stream` keeps the transcript (plain, or GW's DOS bytes) for a stdout that
//! is not a terminal.
//! Arguments arrive already converted to integers (the interpreter raises Overflow and
//! Type mismatch while converting); the rules here raise GW's range errors.
//!
//! Here: the cells, scrolling, the cursor and output; the statements and functions in
//! `statements`, logical lines in `lines`, the line editor's screen side in `edit`, video
//! memory as PEEK and POKE see it in `memory`, SCRN: as a file in `scrn`, the
//! transcript's two forms in `stream`.

mod edit;
mod lines;
mod memory;
mod scrn;
mod statements;
mod stream;
#[cfg(test)]
pub(crate) mod testkit;

pub use scrn::ScrnFile;
pub(crate) use stream::Stream;
pub use stream::TranscriptForm;

use crate::error::ErrorCode;

/// Rows of the text screen.
pub const HEIGHT: i32 = 25;
/// Text pages in SCREEN 0 (EGA/VGA: eight at either width).
pub const PAGES: usize = 8;
/// Bytes of video memory visible at segment &HB800.
pub const VRAM_SIZE: usize = 0x8000;
/// The attribute of a fresh screen: light grey on black.
pub const DEFAULT_ATTR: u8 = 0x07;
/// The function keys' texts when GW-BASIC starts (F1-F10).
pub const DEFAULT_KEY_MACROS: [&[u8]; 10] = [
    b"LIST ",
    b"RUN\r",
    b"LOAD\"",
    b"SAVE\"",
    b"CONT\r",
    b",\"LPT1:\"\r",
    b"TRON\r",
    b"TROFF\r",
    b"KEY ",
    b"SCREEN 0,0,0\r",
];

type Res<T> = Result<T, ErrorCode>;

fn ifc<T>() -> Res<T> {
    Err(ErrorCode::IllegalFunctionCall)
}

/// `Ok` when `v` lies in `lo..=hi`, else Illegal function call.
fn range(v: i32, lo: i32, hi: i32) -> Res<()> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        ifc()
    }
}

/// Per-row logical-line state of one page.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct RowInfo {
    /// The logical line continues on the next row (a wrap or a typed line feed).
    wrap: bool,
    /// Logical length: the last column written through the console (0: empty).
    len: u8,
}

/// A byte the console driver puts in a cell as it is (not a control it acts on).
fn is_plain(c: u8) -> bool {
    !matches!(c, b'\t' | b'\n' | b'\r' | 7 | 11 | 12 | 28..=31)
}

/// The bytes GW shows on the key bar in place of control characters in a macro.
fn bar_glyph(c: u8) -> u8 {
    match c {
        0x07 => 0x0E,
        0x08 => 0xFE,
        0x09 => 0x1A,
        0x0A | 0x0D => 0x1B,
        0x0B => 0x7F,
        0x0C => 0x16,
        0x1C => 0x10,
        0x1D => 0x11,
        0x1E => 0x18,
        0x1F => 0x19,
        c => c,
    }
}

/// Replaces control characters the way the key bar and KEY LIST show them.
pub fn key_label(text: &[u8]) -> Vec<u8> {
    text.iter().map(|&c| bar_glyph(c)).collect()
}

/// The cursor as LOCATE sets it: visibility and shape (scan lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CursorShape {
    /// LOCATE's third argument (visible while a program runs).
    pub visible: bool,
    pub start: u8,
    pub stop: u8,
}

/// GW-BASIC's text screen.
#[derive(Debug, Clone)]
pub struct Screen {
    /// SCREEN mode number: 0 is text; 1, 2, 7, 8, 9 keep only their text layer here.
    mode: u8,
    width: i32,
    vram: Vec<u8>,
    rows: Vec<[RowInfo; HEIGHT as usize]>,
    apage: usize,
    vpage: usize,
    row: i32,
    col: i32,
    /// The cursor is past the last column of a row that does not wrap (yet): the next
    /// character goes to the next row, CSRLIN and POS already report that position.
    overflow: bool,
    /// The last byte a program wrote was a CR (GW's LSTCHR): a LF next adds nothing.
    after_cr: bool,
    /// Output past a row's end opens a row below (EDIT listing its line, F_EDIT set).
    open_rows: bool,
    attr: u8,
    border: u8,
    view_top: i32,
    view_bottom: i32,
    view_set: bool,
    /// LOCATE put the cursor on row 25: output may stay there until it leaves.
    bottom_row_allowed: bool,
    bar_visible: bool,
    bar_labels: [Vec<u8>; 10],
    cursor: CursorShape,
    stream: Option<Stream>,
    /// The form a transcript started by `set_streaming` takes.
    form: TranscriptForm,
    stream_out: Vec<u8>,
    bells: u32,
    scrolls: u64,
    /// Cells written since `clear_damage` ((row - 1) × 80 + col - 1), kept only while a
    /// graphics mode draws the text into pixels (`track_damage`).
    damage: Option<Box<[bool]>>,
}

impl Default for Screen {
    fn default() -> Self {
        Screen::new()
    }
}

impl Screen {
    /// An 80-column text screen, cleared, cursor home, key bar off.
    pub fn new() -> Screen {
        let mut s = Screen {
            mode: 0,
            width: 80,
            // every page blank, as `erase_all` leaves them (written once, not zeroed first)
            vram: [b' ', DEFAULT_ATTR].repeat(VRAM_SIZE / 2),
            rows: vec![[RowInfo::default(); HEIGHT as usize]; PAGES],
            apage: 0,
            vpage: 0,
            row: 1,
            col: 1,
            overflow: false,
            after_cr: false,
            open_rows: false,
            attr: DEFAULT_ATTR,
            border: 0,
            view_top: 1,
            view_bottom: HEIGHT - 1,
            view_set: false,
            bottom_row_allowed: false,
            bar_visible: false,
            bar_labels: DEFAULT_KEY_MACROS.map(|t| key_label(&t[..t.len().min(6)])),
            cursor: CursorShape {
                visible: false,
                start: 6,
                stop: 7,
            },
            stream: None,
            form: TranscriptForm::Plain,
            stream_out: Vec::new(),
            bells: 0,
            scrolls: 0,
            damage: None,
        };
        s.mark_rows(1, HEIGHT);
        s
    }

    // ------------------------------------------------------------------ queries

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn mode(&self) -> u8 {
        self.mode
    }

    pub fn attr(&self) -> u8 {
        self.attr
    }

    pub fn border(&self) -> u8 {
        self.border
    }

    /// Active page (written to) and visible page (shown).
    pub fn pages(&self) -> (usize, usize) {
        (self.apage, self.vpage)
    }

    /// The cursor's row and column on the active page (1-based), and whether it is in
    /// the pending-wrap state after the last column.
    pub fn cursor(&self) -> (i32, i32, bool) {
        (self.row, self.col, self.overflow)
    }

    pub fn cursor_shape(&self) -> CursorShape {
        self.cursor
    }

    /// The VIEW PRINT window (top, bottom), and whether one was set.
    pub fn view(&self) -> (i32, i32, bool) {
        (self.view_top, self.view_bottom, self.view_set)
    }

    /// Size in bytes of one text page in video memory.
    pub fn page_size(&self) -> usize {
        if self.width == 80 { 0x1000 } else { 0x800 }
    }

    fn offset(&self, page: usize, row: i32, col: i32) -> usize {
        page * self.page_size() + 2 * ((row - 1) * self.width + (col - 1)) as usize
    }

    /// Character and attribute at a cell of the active page (1-based; out of range → 0).
    pub fn cell(&self, row: i32, col: i32) -> (u8, u8) {
        self.page_cell(self.apage, row, col)
    }

    fn page_cell(&self, page: usize, row: i32, col: i32) -> (u8, u8) {
        if !(1..=HEIGHT).contains(&row) || !(1..=self.width).contains(&col) {
            return (0, 0);
        }
        let o = self.offset(page, row, col);
        (self.vram[o], self.vram[o + 1])
    }

    /// The visible page's cells, row by row, as (character, attribute).
    pub fn visible_cells(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let base = self.vpage * self.page_size();
        let n = (self.width * HEIGHT) as usize;
        self.vram[base..base + 2 * n]
            .chunks_exact(2)
            .map(|c| (c[0], c[1]))
    }

    /// The text of a row of the active page, all columns (for tests and debugging).
    pub fn row_text(&self, row: i32) -> Vec<u8> {
        (1..=self.width).map(|c| self.cell(row, c).0).collect()
    }

    /// The row continues on the next one (part of the same logical line).
    pub fn wraps(&self, row: i32) -> bool {
        (1..=HEIGHT).contains(&row) && self.rows[self.apage][(row - 1) as usize].wrap
    }

    fn set_wrap(&mut self, row: i32, wrap: bool) {
        if (1..=HEIGHT).contains(&row) {
            self.rows[self.apage][(row - 1) as usize].wrap = wrap;
        }
    }

    /// Logical length of a row: the last column written to it by the console.
    pub fn row_len(&self, row: i32) -> i32 {
        if (1..=HEIGHT).contains(&row) {
            i32::from(self.rows[self.apage][(row - 1) as usize].len)
        } else {
            0
        }
    }

    fn set_row_len(&mut self, row: i32, len: i32) {
        if (1..=HEIGHT).contains(&row) {
            self.rows[self.apage][(row - 1) as usize].len = len.clamp(0, self.width) as u8;
        }
    }

    /// BEL characters printed since the last call (the front end beeps).
    pub fn take_bells(&mut self) -> u32 {
        std::mem::take(&mut self.bells)
    }

    // ------------------------------------------------------------------ stream

    /// Keeps (or stops keeping) the transcript of what is printed.
    pub fn set_streaming(&mut self, on: bool) {
        self.stream = on.then(|| Stream::new(self.width as u16, self.form));
    }

    /// The form of the transcripts started from now on (the console's choice).
    pub fn set_transcript_form(&mut self, form: TranscriptForm) {
        self.form = form;
    }

    /// The transcript written since the last call (empty unless streaming).
    pub fn take_stream(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.stream_out)
    }

    /// Appends the transcript to `out` and empties it, without allocating.
    pub fn drain_stream_into(&mut self, out: &mut Vec<u8>) {
        out.append(&mut self.stream_out);
    }

    /// The transcript written since it was last cleared (`clear_stream`).
    pub fn stream_pending(&self) -> &[u8] {
        &self.stream_out
    }

    /// Empties the transcript, keeping its buffer.
    pub fn clear_stream(&mut self) {
        self.stream_out.clear();
    }

    /// Runs `f` on the cells only: nothing it prints reaches the transcript (a line
    /// shown for editing that the editor echoes later, a prompt).
    pub fn quietly<R>(&mut self, f: impl FnOnce(&mut Screen) -> R) -> R {
        let stream = self.stream.take();
        let r = f(self);
        self.stream = stream;
        r
    }

    /// A line was typed and entered outside the screen model (a line editor on the
    /// terminal showed it): the cells get it and a CR, the transcript is at the start
    /// of a line, as the terminal is.
    pub fn line_typed_elsewhere(&mut self, text: &[u8]) {
        self.quietly(|s| {
            s.write(text);
            s.write(b"\r");
        });
        if let Some(st) = &mut self.stream {
            st.at_line_start();
        }
    }

    // ------------------------------------------------------------------ cells

    fn put(&mut self, row: i32, col: i32, c: u8, attr: u8, adjust_end: bool) {
        if !(1..=HEIGHT).contains(&row) || !(1..=self.width).contains(&col) {
            return;
        }
        let o = self.offset(self.apage, row, col);
        self.vram[o] = c;
        self.vram[o + 1] = attr;
        self.mark(row, col, 1);
        if adjust_end && col > self.row_len(row) {
            self.set_row_len(row, col);
        }
    }

    /// Clears columns `from..=width` of rows `top..=bottom` (active page), resetting
    /// their wrap flags and cutting their logical length.
    fn clear_area(&mut self, top: i32, bottom: i32, from: i32, attr: u8) {
        for r in top.max(1)..=bottom.min(HEIGHT) {
            for c in from.max(1)..=self.width {
                self.put(r, c, b' ', attr, false);
            }
            let len = self.row_len(r).min(from - 1);
            self.set_row_len(r, len);
            self.set_wrap(r, false);
        }
    }

    /// The attribute used to clear: the current background, foreground 7.
    fn clear_attr(&self) -> u8 {
        (self.attr & 0x70) | 0x07
    }

    /// Keeps (or stops keeping) the cells written, for a graphics mode's pixels.
    pub fn track_damage(&mut self, on: bool) {
        self.damage = on.then(|| vec![false; 80 * HEIGHT as usize].into_boxed_slice());
    }

    /// The cells written since `clear_damage`, if kept: index (row - 1) × 80 + col - 1.
    pub fn damage(&self) -> Option<&[bool]> {
        self.damage.as_deref()
    }

    pub fn clear_damage(&mut self) {
        if let Some(d) = &mut self.damage {
            d.fill(false);
        }
    }

    #[inline]
    fn mark(&mut self, row: i32, col: i32, n: usize) {
        if let Some(d) = &mut self.damage {
            let at = (row - 1) as usize * 80 + (col - 1) as usize;
            if let Some(cells) = d.get_mut(at..(at + n).min((row as usize) * 80)) {
                cells.fill(true);
            }
        }
    }

    fn mark_rows(&mut self, top: i32, bottom: i32) {
        for r in top.max(1)..=bottom.min(HEIGHT) {
            self.mark(r, 1, 80);
        }
    }

    fn erase_all(&mut self) {
        self.mark_rows(1, HEIGHT);
        for cell in self.vram.chunks_exact_mut(2) {
            cell[0] = b' ';
            cell[1] = self.attr;
        }
        for page in &mut self.rows {
            *page = [RowInfo::default(); HEIGHT as usize];
        }
    }

    /// Moves rows `first..=last` (cells and line state) to start at row `to`, on the
    /// active page.
    fn move_rows(&mut self, first: i32, last: i32, to: i32) {
        if last < first {
            return;
        }
        let a = self.offset(self.apage, first, 1);
        let b = self.offset(self.apage, last, 1) + 2 * self.width as usize;
        let t = self.offset(self.apage, to, 1);
        self.vram.copy_within(a..b, t);
        let page = &mut self.rows[self.apage];
        page.copy_within((first - 1) as usize..last as usize, (to - 1) as usize);
    }

    fn blank_row(&mut self, row: i32, attr: u8) {
        if !(1..=HEIGHT).contains(&row) {
            return;
        }
        let o = self.offset(self.apage, row, 1);
        let n = 2 * self.width as usize;
        for cell in self.vram[o..o + n].chunks_exact_mut(2) {
            cell[0] = b' ';
            cell[1] = attr;
        }
        self.rows[self.apage][(row - 1) as usize] = RowInfo::default();
        self.mark(row, 1, self.width as usize);
    }

    // ------------------------------------------------------------------ scrolling

    /// Scrolls rows `from..=view bottom` up by one; the bottom row is cleared with the
    /// current attribute. A wrapping row above `from` takes over the wrap of the row
    /// that disappears.
    pub(crate) fn scroll_up(&mut self, from: i32) {
        let bottom = self.view_bottom;
        if from > bottom || from < 1 {
            return;
        }
        if from == self.view_top {
            self.scrolls += 1;
            // the pixels scroll with the cells: what was not drawn yet moves along
            if let Some(d) = &mut self.damage {
                d.copy_within(
                    from as usize * 80..bottom as usize * 80,
                    (from - 1) as usize * 80,
                );
            }
        } else {
            self.mark_rows(from, bottom);
        }
        if from > 1 && self.wraps(from - 1) {
            let w = self.wraps(from);
            self.set_wrap(from - 1, w);
        }
        self.move_rows(from + 1, bottom, from);
        let attr = self.attr;
        self.blank_row(bottom, attr);
        if from == self.view_top
            && let Some(d) = &mut self.damage
        {
            // the pixels' own scroll clears the row (text in a graphics mode has
            // background 0): the blanks need not be drawn again
            d[(bottom - 1) as usize * 80..bottom as usize * 80].fill(false);
        }
        if self.row > from {
            self.row -= 1;
        }
    }

    /// Scrolls rows `from..view bottom` down by one, opening an empty row at `from`
    /// (which wraps if the row above it does, so the logical line stays joined); the
    /// row pushed to the window's bottom no longer continues below it.
    pub(crate) fn scroll_down(&mut self, from: i32) {
        let bottom = self.view_bottom;
        if from > bottom || from < 1 {
            return;
        }
        self.move_rows(from, bottom - 1, from + 1);
        // the window's last row ends its logical line (S SCNDRV.ASM SCRDTT)
        self.set_wrap(bottom, false);
        self.mark_rows(from, bottom);
        let attr = self.attr;
        self.blank_row(from, attr);
        if from > 1 && self.wraps(from - 1) {
            self.set_wrap(from, true);
        }
        if self.row >= from {
            self.row += 1;
        }
    }

    // ------------------------------------------------------------------ cursor

    /// Brings the position back inside the screen after a move: past the right edge to
    /// the next row (or stuck at the edge when scrolling is not allowed), before the left
    /// edge to the previous row, below the window by scrolling, above it to its top.
    fn settle(&mut self, scroll_ok: bool) {
        if self.bottom_row_allowed {
            if self.row == HEIGHT {
                self.col = self.col.clamp(1, self.width);
                return;
            }
            self.bottom_row_allowed = false;
        }
        if self.col > self.width {
            if self.row < self.view_bottom || scroll_ok {
                self.col -= self.width;
                self.row += 1;
            } else {
                self.col = self.width;
            }
        } else if self.col < 1 {
            if self.row > self.view_top {
                self.col += self.width;
                self.row -= 1;
            } else {
                self.col = 1;
            }
        }
        if self.row > self.view_bottom {
            if scroll_ok {
                let top = self.view_top;
                self.scroll_up(top);
            }
            self.row = self.view_bottom;
        } else if self.row < self.view_top {
            self.row = self.view_top;
        }
        self.col = self.col.clamp(1, self.width);
    }

    /// Moves the cursor; the pending wrap survives only a move that stays on the last
    /// column.
    pub(crate) fn set_pos(&mut self, row: i32, col: i32, scroll_ok: bool) {
        if col < self.width {
            self.overflow = false;
        }
        self.row = row;
        self.col = col;
        self.settle(scroll_ok);
    }

    // ------------------------------------------------------------------ output

    /// Leaves the pending-wrap state before a character is put: the row becomes part of
    /// a logical line continuing below (with an empty row opened for it when
    /// `insert_row`, as the editor does when typing past the edge).
    fn consume_overflow(&mut self, insert_row: bool) {
        if self.overflow {
            self.col += 1;
            self.overflow = false;
        }
        if self.col > self.width {
            if self.row < HEIGHT {
                if !self.wraps(self.row) {
                    if insert_row && self.row < self.view_bottom {
                        let r = self.row + 1;
                        self.scroll_down(r);
                    }
                    let r = self.row;
                    self.set_wrap(r, true);
                }
                self.row += 1;
                self.col = 1;
            } else {
                self.col = self.width;
            }
        }
    }

    /// Puts one character at the cursor and advances it. At the last column the cursor
    /// stays, in the pending-wrap state, unless the row already continues below.
    pub(crate) fn put_char(&mut self, c: u8, insert_row: bool) {
        self.consume_overflow(insert_row);
        self.settle(true);
        let (r, col, a) = (self.row, self.col, self.attr);
        self.put(r, col, c, a, true);
        if self.col < self.width {
            self.col += 1;
        } else if self.wraps(self.row) {
            self.row += 1;
            self.col = 1;
        } else {
            self.overflow = true;
        }
        self.settle(true);
    }

    /// A byte of a SCRN: file printed past the last column while the file's width is
    /// wider than the screen (GIOSCN.ASM SCNOL2): the cursor goes back to the last
    /// column and the byte replaces the one there, so the row never wraps. The transcript
    /// keeps the row it already showed.
    pub fn overwrite_last_column(&mut self, c: u8) {
        if !is_plain(c) {
            self.write(&[c]);
            return;
        }
        self.overflow = false;
        self.col = self.width;
        self.put_char(c, false);
    }

    /// CR: ends the logical line and moves to the start of the next row, scrolling.
    fn newline_unwrapped(&mut self, c: u8) {
        let was_overflow = self.overflow;
        let r = self.row;
        self.set_wrap(r, false);
        self.set_pos(r + 1, 1, true);
        if let Some(s) = &mut self.stream {
            if was_overflow {
                s.wrap_newline(c, &mut self.stream_out);
            } else {
                s.newline(c, &mut self.stream_out);
            }
        }
    }

    /// Writes bytes at the cursor as GW's console driver does: printable bytes (and
    /// NUL, BS) are put in the cells; TAB pads to the next multiple of 8; CR and LF end
    /// the line, a LF right after a program's CR nothing (`write_data`); BEL beeps; 11 homes the cursor; 12 clears the window; 28-31 move the
    /// cursor right, left, up, down without scrolling.
    pub fn write(&mut self, bytes: &[u8]) {
        let mut i = 0;
        while let Some(&c) = bytes.get(i) {
            let after_cr = std::mem::take(&mut self.after_cr);
            if is_plain(c) && !self.overflow && self.col < self.width {
                // a run inside the row: the cursor just advances (it is always settled)
                let room = (self.width - self.col) as usize;
                let n = bytes[i..]
                    .iter()
                    .take(room)
                    .take_while(|&&b| is_plain(b))
                    .count();
                let run = &bytes[i..i + n];
                self.put_run(run);
                self.stream_bytes(run);
                i += n;
                continue;
            }
            i += 1;
            match c {
                b'\t' => {
                    let n = 8 - (self.col - 1) % 8;
                    for _ in 0..n {
                        self.put_char(b' ', self.open_rows);
                    }
                    self.stream_bytes(b"\t");
                }
                b'\n' if after_cr => {}
                b'\n' | b'\r' => self.newline_unwrapped(c),
                7 => {
                    self.bells += 1;
                    self.stream_bytes(&[7]);
                }
                11 => {
                    self.set_pos(1, 1, false);
                    self.stream_bytes(&[c]);
                }
                12 => {
                    self.clear_view();
                    self.stream_bytes(&[c]);
                }
                28..=31 => {
                    let (r, col) = (self.row, self.col);
                    match c {
                        28 => self.set_pos(r, col + 1, false),
                        29 => self.set_pos(r, col - 1, false),
                        30 => self.set_pos(r - 1, col, false),
                        _ => self.set_pos(r + 1, col, false),
                    }
                    self.stream_bytes(&[c]);
                }
                _ => {
                    self.put_char(c, self.open_rows);
                    self.stream_bytes(&[c]);
                }
            }
        }
    }

    /// Puts bytes that fit in the rest of the cursor's row (no wrap pending) and moves
    /// the cursor after them.
    fn put_run(&mut self, run: &[u8]) {
        let (r, col, a) = (self.row, self.col, self.attr);
        let n = run.len().min((self.width - col + 1).max(0) as usize);
        if (1..=HEIGHT).contains(&r) && n > 0 {
            let o = self.offset(self.apage, r, col);
            for (cell, &b) in self.vram[o..o + 2 * n].chunks_exact_mut(2).zip(run) {
                cell[0] = b;
                cell[1] = a;
            }
            self.mark(r, col, n);
            let end = col + n as i32 - 1;
            if end > self.row_len(r) {
                self.set_row_len(r, end);
            }
        }
        self.col += n as i32;
    }

    fn stream_bytes(&mut self, bytes: &[u8]) {
        if let Some(s) = &mut self.stream {
            s.write(bytes, &mut self.stream_out);
        }
    }

    /// Writes bytes and a CR (GW's write-line).
    pub fn write_line(&mut self, bytes: &[u8]) {
        self.write(bytes);
        self.write(b"\r");
    }

    /// The end of a PRINT statement without `;` or `,`: a CR, preceded by another when
    /// the cursor is in the pending-wrap state (the full row is followed by an empty one).
    pub fn print_end(&mut self) {
        if self.overflow {
            self.write(b"\r");
        }
        self.write(b"\r");
    }

    /// The column PRINT works from (1-based): the cursor column, the last column while
    /// a wrap is pending.
    pub fn print_col(&self) -> i32 {
        self.col
    }

    /// Whether PRINT must start a new line before an item of `len` printing characters:
    /// it would not fit in what remains of the row, the cursor is not at the start of a
    /// row, and the cursor is not on the last screen row.
    pub fn print_needs_break(&self, len: usize) -> bool {
        self.row != HEIGHT && self.col != 1 && (self.col - 1) as usize + len > self.width as usize
    }

    /// Moves to the start of the next row unless the cursor is already at the start of
    /// one, and unhooks the row above (GW does this before the Ok prompt and before an
    /// error or Break message).
    pub fn start_line(&mut self) {
        if self.col != 1 || self.overflow {
            self.write(b"\r");
        }
        let r = self.row;
        self.set_wrap(r - 1, false);
    }

    /// How many times the whole window has scrolled up (the editor follows its prompt).
    pub(crate) fn scroll_count(&self) -> u64 {
        self.scrolls
    }
}

#[cfg(test)]
mod tests;
