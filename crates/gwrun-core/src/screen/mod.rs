//! GW-BASIC's text screen as data: 25 rows of 40 or 80 character + attribute cells on
//! eight pages held as the bytes a CGA/EGA shows at segment &HB800, the cursor (with GW's
//! pending-wrap "overflow" state after the last column), the logical lines (a wrap flag
//! and a logical length per row), the VIEW PRINT window and its scrolling, row 25 and the
//! function-key bar, and the statements and functions that act on them: PRINT output
//! with GW's control characters, CLS, LOCATE, COLOR, WIDTH, VIEW PRINT, SCREEN, PCOPY,
//! KEY ON/OFF/LIST, CSRLIN, POS and SCREEN(). Rows and columns are 1-based, as in BASIC.
//! Nothing here does I/O: a front end (`crate::term`) draws `visible_cells`, and the
//! optional `Stream` keeps the plain transcript for a stdout that is not a terminal.
//! Arguments arrive already converted to integers (the interpreter raises Overflow and
//! Type mismatch while converting); the rules here raise GW's range errors.

mod edit;
mod memory;
mod scrn;
mod stream;
#[cfg(test)]
pub(crate) mod testkit;

pub use scrn::ScrnFile;
pub(crate) use stream::Stream;

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
    stream_out: Vec<u8>,
    bells: u32,
    scrolls: u64,
    /// Cells written since `clear_damage` ((row - 1) × 80 + col - 1), kept only while a
    /// graphics mode draws the text into pixels (`track_damage`; issue 15).
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
            vram: vec![0; VRAM_SIZE],
            rows: vec![[RowInfo::default(); HEIGHT as usize]; PAGES],
            apage: 0,
            vpage: 0,
            row: 1,
            col: 1,
            overflow: false,
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
            stream_out: Vec::new(),
            bells: 0,
            scrolls: 0,
            damage: None,
        };
        s.erase_all();
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

    /// Keeps (or stops keeping) the plain transcript of what is printed.
    pub fn set_streaming(&mut self, on: bool) {
        self.stream = on.then(|| Stream::new(self.width as u16));
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

    /// Runs `f` on the cells only: nothing it prints reaches the transcript (the
    /// CHR$(255) after Ok, a line shown for editing that the editor echoes later).
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
    /// (which wraps if the row above it does, so the logical line stays joined).
    pub(crate) fn scroll_down(&mut self, from: i32) {
        let bottom = self.view_bottom;
        if from > bottom || from < 1 {
            return;
        }
        self.move_rows(from, bottom - 1, from + 1);
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
    fn newline_unwrapped(&mut self) {
        let was_overflow = self.overflow;
        let r = self.row;
        self.set_wrap(r, false);
        self.set_pos(r + 1, 1, true);
        if let Some(s) = &mut self.stream {
            if was_overflow {
                s.wrap_newline(&mut self.stream_out);
            } else {
                s.newline(&mut self.stream_out);
            }
        }
    }

    /// Writes bytes at the cursor as GW's console driver does: printable bytes (and
    /// NUL, BS) are put in the cells; TAB pads to the next multiple of 8; CR and LF end
    /// the line; BEL beeps; 11 homes the cursor; 12 clears the window; 28-31 move the
    /// cursor right, left, up, down without scrolling.
    pub fn write(&mut self, bytes: &[u8]) {
        let mut i = 0;
        while let Some(&c) = bytes.get(i) {
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
                        self.put_char(b' ', false);
                    }
                    self.stream_bytes(b"\t");
                }
                b'\n' | b'\r' => self.newline_unwrapped(),
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
                    self.put_char(c, false);
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

    // ------------------------------------------------------------------ CLS

    /// Clears the VIEW PRINT window (the rows 1-24 when none is set) and homes the
    /// cursor to its top.
    pub fn clear_view(&mut self) {
        let a = self.clear_attr();
        let (t, b) = (self.view_top, self.view_bottom);
        self.clear_area(t, b, 1, a);
        self.set_pos(t, 1, false);
    }

    /// Clears all 25 rows, homes the cursor and redraws the key bar.
    pub fn clear_all(&mut self) {
        let a = self.clear_attr();
        self.clear_area(1, HEIGHT, 1, a);
        self.set_pos(1, 1, false);
        self.redraw_bar();
    }

    /// CLS [n]: none clears the window when VIEW PRINT set one, else the whole screen;
    /// 0 the whole screen; 1 the graphics viewport (nothing in text mode); 2 the text
    /// window. Other values: Illegal function call.
    pub fn cls(&mut self, arg: Option<i32>) -> Res<()> {
        if let Some(v) = arg {
            range(v, 0, 2)?;
        }
        match arg {
            Some(0) => self.clear_all(),
            None if !self.view_set => self.clear_all(),
            Some(2) | None => self.clear_view(),
            _ if self.mode != 0 => {
                // CLS 1 in a graphics mode: the graphics viewport, and the cursor home
                self.set_pos(1, 1, false);
            }
            _ => {}
        }
        Ok(())
    }

    // ------------------------------------------------------------------ LOCATE

    /// LOCATE [row][,[col][,[cursor][,[start][,stop]]]]: row within the window (row 25
    /// too when the key bar is off), col within the width, cursor 0 or 1, start and stop
    /// 0-31 (stop without start: Illegal function call).
    pub fn locate(&mut self, args: [Option<i32>; 5]) -> Res<()> {
        let [row, col, cursor, start, stop] = args;
        let row = row.unwrap_or(self.row);
        let col = col.unwrap_or(self.col);
        if row == HEIGHT && self.bar_visible {
            return ifc();
        }
        if self.view_set {
            range(row, self.view_top, self.view_bottom)?;
        } else {
            range(row, 1, HEIGHT)?;
        }
        range(col, 1, self.width)?;
        if row == HEIGHT {
            self.bottom_row_allowed = true;
        }
        self.set_pos(row, col, false);
        if let Some(v) = cursor {
            range(v, 0, 1)?;
            self.cursor.visible = v != 0;
        }
        if start.is_none() && stop.is_some() {
            return ifc();
        }
        if let Some(s) = start {
            let e = stop.unwrap_or(s);
            range(s, 0, 31)?;
            range(e, 0, 31)?;
            self.cursor.start = s as u8;
            self.cursor.stop = e as u8;
        }
        Ok(())
    }

    // ------------------------------------------------------------------ CSRLIN, POS, SCREEN()

    /// CSRLIN: the cursor row; the next row while a wrap is pending (except at the
    /// bottom of the window).
    pub fn csrlin(&self) -> i32 {
        if self.overflow && self.col == self.width && self.row < self.view_bottom {
            self.row + 1
        } else {
            self.row
        }
    }

    /// POS(x): the cursor column; 1 while a wrap is pending.
    pub fn pos(&self) -> i32 {
        if self.overflow && self.col == self.width {
            1
        } else {
            self.col
        }
    }

    /// SCREEN(row, col[, z]): the character code at a cell of the active page, or its
    /// attribute when z is not 0. z must be 0-255; row 0-25 and col 0-width, not both 0
    /// (a 0 means 1); within VIEW PRINT's window when one is set.
    pub fn screen_fn(&self, row: i32, col: i32, z: Option<i32>) -> Res<i32> {
        if let Some(z) = z {
            range(z, 0, 255)?;
        }
        range(row, 0, HEIGHT)?;
        range(col, 0, self.width)?;
        if row == 0 && col == 0 {
            return ifc();
        }
        let row = row.max(1);
        let col = col.max(1);
        if self.view_set {
            range(row, self.view_top, self.view_bottom)?;
        }
        let (c, a) = self.cell(row, col);
        Ok(match z {
            Some(z) if z != 0 => {
                if self.mode == 0 {
                    i32::from(a)
                } else {
                    0
                }
            }
            _ => i32::from(c),
        })
    }

    // ------------------------------------------------------------------ VIEW PRINT

    /// VIEW PRINT [top TO bottom]: both within 1-24 and top <= bottom; the cursor goes to
    /// the window's top row. Without arguments the window is rows 1-24 again.
    pub fn view_print(&mut self, range_: Option<(i32, i32)>) -> Res<()> {
        match range_ {
            None => {
                self.view_top = 1;
                self.view_bottom = HEIGHT - 1;
                self.view_set = false;
            }
            Some((top, bottom)) => {
                range(top, 1, HEIGHT - 1)?;
                range(bottom, 1, HEIGHT - 1)?;
                if bottom < top {
                    return ifc();
                }
                self.view_top = top;
                self.view_bottom = bottom;
                self.view_set = true;
                self.overflow = false;
                self.row = top;
                self.col = 1;
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------ COLOR

    /// COLOR with its arguments as written (None for an omitted one): in text mode
    /// foreground 0-31 (16 and up blink), background 0-15 (only 0-7 show), border 0-15.
    /// No argument at all, or more than three: Illegal function call. Graphics modes
    /// check their own ranges (SCREEN 1: 0-255 each; SCREEN 2: always an error; 7-9:
    /// foreground 1-15, background 0-15, third argument 0-255).
    pub fn color(&mut self, args: &[Option<i32>]) -> Res<()> {
        if args.is_empty() || args.len() > 3 {
            return ifc();
        }
        let get = |i: usize| args.get(i).copied().flatten();
        let (fore, back, bord) = (get(0), get(1), get(2));
        match self.mode {
            0 => {
                if let Some(f) = fore {
                    range(f, 0, 31)?;
                }
                if let Some(b) = back {
                    range(b, 0, 15)?;
                }
                if let Some(b) = bord {
                    range(b, 0, 15)?;
                }
                let (blink, f) = match fore {
                    Some(f) => (f >= 16, f % 16),
                    None => (self.attr & 0x80 != 0, i32::from(self.attr & 0x0F)),
                };
                let b = back.unwrap_or(i32::from((self.attr >> 4) & 7));
                self.attr = (u8::from(blink) << 7) | (((b & 7) as u8) << 4) | (f as u8 & 0x0F);
                if let Some(b) = bord {
                    self.border = b as u8;
                }
                Ok(())
            }
            1 => {
                for v in [fore, back, bord].into_iter().flatten() {
                    range(v, 0, 255)?;
                }
                Ok(())
            }
            2 => ifc(),
            _ => {
                range(bord.unwrap_or(0), 0, 255)?;
                if let Some(f) = fore {
                    range(f, 1, 15)?;
                }
                if let Some(b) = back {
                    range(b, 0, if self.mode == 9 { 63 } else { 15 })?;
                }
                if let Some(f) = fore {
                    self.attr = f as u8;
                }
                Ok(())
            }
        }
    }

    // ------------------------------------------------------------------ WIDTH, SCREEN, PCOPY

    /// Switches mode and width: all pages erased, pages 0, cursor home, window reset,
    /// key bar redrawn. The attribute survives a width-only change in text mode.
    fn set_mode(&mut self, mode: u8, width: i32, apage: usize, vpage: usize) {
        if !(mode == 0 && self.mode == 0) || apage != self.apage || vpage != self.vpage {
            self.attr = DEFAULT_ATTR;
        }
        self.mode = mode;
        self.width = width;
        self.apage = apage;
        self.vpage = vpage;
        self.erase_all();
        self.view_top = 1;
        self.view_bottom = HEIGHT - 1;
        self.view_set = false;
        self.bottom_row_allowed = false;
        self.overflow = false;
        self.redraw_bar();
        self.row = 1;
        self.col = 1;
        if let Some(s) = &mut self.stream {
            s.set_width(width as u16);
        }
    }

    /// WIDTH n on the screen: 40 or 80 (text mode; SCREEN 1 and 2 switch to each other).
    /// A change clears the screen; the same width does nothing.
    pub fn set_width(&mut self, width: i32) -> Res<()> {
        if width != 40 && width != 80 {
            return ifc();
        }
        if width == self.width {
            return Ok(());
        }
        let mode = match (self.mode, width) {
            (0, _) => 0,
            (1 | 2, 40) => 1,
            (1 | 2, _) => 2,
            (7 | 8, 40) => 7,
            (7 | 8, _) => 8,
            _ => return ifc(),
        };
        self.set_mode(mode, width, 0, 0);
        Ok(())
    }

    /// SCREEN [mode][,[colorswitch][,[apage][,vpage]]] (a fifth argument, erase, is
    /// only for PCjr/Tandy: Illegal function call). Each argument 0-255; the modes are
    /// 0 (text), 1, 2, 7, 8, 9 (their text layer); pages 0-7 in text mode, 0 in
    /// graphics. A mode change clears the screen; a page change alone does not.
    pub fn screen_stmt(&mut self, args: &[Option<i32>]) -> Res<()> {
        let get = |i: usize| args.get(i).copied().flatten();
        for i in 0..4 {
            if let Some(v) = get(i) {
                range(v, 0, 255)?;
            }
        }
        if args.len() > 4 {
            if let Some(e) = get(4) {
                range(e, 0, 2)?;
            }
            return ifc();
        }
        let mode = get(0).unwrap_or(i32::from(self.mode)) as u8;
        let width = match mode {
            0 if get(0).is_some() && self.mode != 0 => {
                if self.width == 40 {
                    40
                } else {
                    80
                }
            }
            0 => self.width,
            1 | 7 => 40,
            2 | 8 | 9 => 80,
            _ => return ifc(),
        };
        let pages = if mode == 0 { PAGES } else { 1 };
        let apage = get(2).map_or(self.apage, |v| v as usize);
        let vpage = get(3).map_or(apage, |v| v as usize);
        if apage >= pages || vpage >= pages {
            return ifc();
        }
        if mode != self.mode || width != self.width {
            self.set_mode(mode, width, apage, vpage);
        } else {
            self.apage = apage;
            self.vpage = vpage;
        }
        Ok(())
    }

    /// PCOPY src, dst: copies a text page (cells and line state); pages 0-7.
    pub fn pcopy(&mut self, src: i32, dst: i32) -> Res<()> {
        let pages = if self.mode == 0 { PAGES as i32 } else { 1 };
        range(src, 0, pages - 1)?;
        range(dst, 0, pages - 1)?;
        let size = self.page_size();
        let (s, d) = (src as usize, dst as usize);
        self.vram.copy_within(s * size..(s + 1) * size, d * size);
        self.rows[d] = self.rows[s];
        Ok(())
    }

    // ------------------------------------------------------------------ key bar

    /// Sets the text shown for function key n (1-10) on the key bar (its first six
    /// characters, control characters replaced).
    pub fn set_key_label(&mut self, n: usize, text: &[u8]) {
        if (1..=10).contains(&n) {
            let t = &text[..text.len().min(6)];
            self.bar_labels[n - 1] = key_label(t);
            if self.bar_visible {
                self.redraw_bar();
            }
        }
    }

    /// KEY ON / KEY OFF: shows or hides the key bar on row 25.
    pub fn show_key_bar(&mut self, on: bool) -> Res<()> {
        if on && self.view_bottom == HEIGHT {
            return ifc();
        }
        if on != self.bar_visible {
            self.bar_visible = on;
            self.redraw_bar();
        }
        Ok(())
    }

    /// Row 25 cleared with the current attribute, then the key bar when shown: for each
    /// key in 8-column cells a blank, the key's digit, and its label in reverse video.
    pub fn redraw_bar(&mut self) {
        let attr = self.attr;
        self.clear_area(HEIGHT, HEIGHT, 1, attr);
        if !self.bar_visible {
            return;
        }
        let reverse = if (attr >> 4) & 7 == 0 { 0x70 } else { 0x07 };
        let keys = (self.width / 8) as usize;
        for k in 0..keys.min(10) {
            let col = 8 * k as i32 + 2;
            let digit = b'0' + ((k + 1) % 10) as u8;
            self.put(HEIGHT, col, digit, attr, false);
            let label = self.bar_labels[k].clone();
            for (i, &c) in label.iter().enumerate() {
                self.put(HEIGHT, col + 1 + i as i32, c, reverse, false);
            }
        }
        let w = self.width;
        self.set_row_len(HEIGHT, w);
    }

    // ------------------------------------------------------------------ logical lines

    /// First row of the logical line that holds `row`.
    pub fn line_start(&self, mut row: i32) -> i32 {
        while row > 1 && self.wraps(row - 1) {
            row -= 1;
        }
        row
    }

    /// Last row of the logical line that holds `row`.
    pub fn line_end(&self, mut row: i32) -> i32 {
        while row < HEIGHT && self.wraps(row) {
            row += 1;
        }
        row
    }

    /// A row that ends in a typed line feed: it continues below but is not full.
    fn has_linefeed(&self, row: i32) -> bool {
        self.wraps(row) && self.row_len(row) < self.width
    }

    /// The text of the logical line holding `row` on the active page: each row up to
    /// its logical length, a `\n` after a row that ends in a line feed; the first row
    /// from column `left`, and when `stop` is given, nothing after that cell
    /// (row, column, inclusive).
    pub fn logical_line(&self, row: i32, left: i32, stop: Option<(i32, i32)>) -> Vec<u8> {
        let start = self.line_start(row);
        let end = self.line_end(row);
        let mut out = Vec::new();
        for r in start..=end {
            let mut text: Vec<u8> = (1..=self.row_len(r)).map(|c| self.cell(r, c).0).collect();
            if self.has_linefeed(r) {
                text.push(b'\n');
            }
            let from = if r == start {
                ((left - 1).max(0) as usize).min(text.len())
            } else {
                0
            };
            let to = match stop {
                Some((sr, _)) if r > sr => 0,
                Some((sr, sc)) if r == sr => (sc.max(0) as usize).min(text.len()),
                _ => text.len(),
            };
            if from < to {
                out.extend_from_slice(&text[from..to]);
            }
        }
        out
    }

    /// How many times the whole window has scrolled up (the editor follows its prompt).
    pub(crate) fn scroll_count(&self) -> u64 {
        self.scrolls
    }
}

#[cfg(test)]
mod tests;
