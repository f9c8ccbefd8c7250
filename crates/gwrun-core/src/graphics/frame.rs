//! The frame: what the monitor shows at one moment, the same for every front end (the
//! window, the browser's canvas, `--screenshot`). A `Scene` is captured from the card
//! between two statements (the visible page, the palette, the cursor) and can be drawn
//! later, on another thread or after the machine moved on; `Scene::render` draws it at a
//! moment in time, because the text cursor and blinking characters change by themselves.
//!
//! What is drawn is what video memory holds: in a graphics mode the visible page's pixels
//! in the palette's colours (the characters a program printed are already in them); in
//! text mode the visible page's cells in the ROM's 8×14 font, as the EGA shows them on
//! its 350-line display (640×350, or 320×350 at 40 columns), foreground and background
//! through the palette, the attribute's bit 7 blinking the character. The pictures have
//! the card's own pixels; `scale` makes them 4:3.
//!
//! Timing is the card's: the display refreshes 60 times a second; the 6845-style cursor
//! is on for 8 fields and off for 8, a blinking character shows for 16 and hides for 16.
//! The text cursor is the hardware cursor: the scan lines LOCATE set (the BIOS's 6 and 7
//! of an 8-line cell, the bottom two of the 14-line one), in the colour of the
//! character under it; the editor's insert mode shows the lower half of the cell. In a
//! graphics mode there is no hardware cursor: the interpreter's own is drawn steadily,
//! the same scan lines exclusive-ored into the pixels. A cursor shows only while the
//! active page is the visible one.

use super::Picture;
use super::Video;
use super::font_data::FONT_8X14;
use super::palette::colour64;
use crate::console::CursorShow;
use crate::screen::{HEIGHT, Screen};

/// Refreshes a second: the clock of the blinking.
const FIELDS_PER_SECOND: u64 = 60;
/// Fields the cursor stays on (and then off).
const CURSOR_FIELDS: u64 = 8;
/// Fields a blinking character stays shown (and then hidden).
const BLINK_FIELDS: u64 = 16;
/// Scan lines of a text-mode character cell.
pub const TEXT_CELL: usize = 14;
/// Rows of the text screen.
const ROWS: usize = HEIGHT as usize;

/// A moment of the card's output, ready to be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene {
    layer: Layer,
    cursor: Option<Mark>,
    /// The characters of the visible text page (in a graphics mode too), `text_cols` a
    /// row: what a front end copies as the screen's text.
    text: Vec<u8>,
    text_cols: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Layer {
    /// A text mode: `cols` × 25 cells (character, attribute), the RGB of each of the 16
    /// attributes' colours, and the glyphs (None: the built-in ones).
    Text {
        cols: usize,
        cells: Vec<[u8; 2]>,
        rgb: [[u8; 3]; 16],
        font: Option<Box<[[u8; 14]; 256]>>,
    },
    /// A graphics mode: its pixels as attributes and their colours.
    Pixels(Picture),
}

/// Where the cursor is and how it looks, in pixels of the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mark {
    x: usize,
    y: usize,
    /// The cell's scan lines the cursor covers: `first..=last` (wrapping to the top of
    /// the cell when `first > last`, as the CGA shows such a shape).
    first: usize,
    last: usize,
    cell_height: usize,
    /// Text mode: the hardware cursor, blinking; graphics: steady, exclusive-ored.
    blinks: bool,
}

impl Default for Scene {
    fn default() -> Self {
        Scene {
            layer: Layer::Pixels(Picture {
                width: 0,
                height: 0,
                pixels: Vec::new(),
                palette: Vec::new(),
            }),
            cursor: None,
            text: Vec::new(),
            text_cols: 80,
        }
    }
}

impl Scene {
    /// The visible page of `video` (the pixels of a graphics mode) or of `screen` (the
    /// cells of a text mode), with the cursor shown as `cursor` says.
    pub fn capture(video: &Video, screen: &Screen, cursor: CursorShow) -> Scene {
        let mode = video.mode();
        let layer = if mode.is_text() {
            let rgb = std::array::from_fn(|a| colour64(video.palette().entry(a as u8)));
            Layer::Text {
                cols: screen.width().clamp(1, 80) as usize,
                cells: screen.visible_cells().map(|(c, a)| [c, a]).collect(),
                rgb,
                font: video.fonts.as_ref().map(|f| Box::new(f.f14)),
            }
        } else {
            Layer::Pixels(video.picture())
        };
        let (apage, vpage) = if mode.is_text() {
            let (a, v) = screen.pages();
            (a, v)
        } else {
            let (a, v) = video.pages();
            (usize::from(a), usize::from(v))
        };
        let cell_height = if mode.is_text() {
            TEXT_CELL
        } else {
            usize::from(mode.char_height)
        };
        let cursor = if apage == vpage {
            cursor_mark(screen, cursor, cell_height, !mode.is_text())
        } else {
            None
        };
        Scene {
            layer,
            cursor,
            text: screen.visible_cells().map(|(c, _)| c).collect(),
            text_cols: screen.width().clamp(1, 80) as usize,
        }
    }

    /// The screen's text, row by row: each character as the screen shows it (control
    /// codes as their glyphs), blanks at the ends of rows and blank rows at the end left
    /// out.
    pub fn text(&self) -> String {
        let mut rows: Vec<String> = self
            .text
            .chunks(self.text_cols)
            .map(|row| {
                let line: String = row
                    .iter()
                    .map(|&c| match c {
                        0 | 0xFF => ' ',
                        c => crate::console::cp437_glyph(c),
                    })
                    .collect();
                line.trim_end().to_string()
            })
            .collect();
        while rows.last().is_some_and(String::is_empty) {
            rows.pop();
        }
        rows.join("\n")
    }

    /// The picture's size in the card's pixels.
    pub fn size(&self) -> (usize, usize) {
        match &self.layer {
            Layer::Text { cols, .. } => (cols * 8, ROWS * TEXT_CELL),
            Layer::Pixels(p) => (p.width, p.height),
        }
    }

    /// Whether the picture changes by itself (a blinking cursor or character): the front
    /// end then draws it again at `next_change`.
    pub fn animated(&self) -> bool {
        self.cursor.is_some_and(|c| c.blinks)
            || matches!(&self.layer, Layer::Text { cells, .. } if cells.iter().any(|c| c[1] & 0x80 != 0))
    }

    /// When (in milliseconds on the same clock as `render`'s) the picture next changes
    /// by itself after `ms`; None when it does not.
    pub fn next_change(&self, ms: u64) -> Option<u64> {
        if !self.animated() {
            return None;
        }
        // both blink periods are whole multiples of the cursor's half period
        let step = CURSOR_FIELDS;
        let field = ms * FIELDS_PER_SECOND / 1000;
        let next_field = (field / step + 1) * step;
        Some((next_field * 1000).div_ceil(FIELDS_PER_SECOND))
    }

    /// The picture at `ms` milliseconds (any monotonic clock; only the blinking phase
    /// depends on it).
    pub fn render(&self, ms: u64) -> Picture {
        let mut p = Picture {
            width: 0,
            height: 0,
            pixels: Vec::new(),
            palette: Vec::new(),
        };
        self.render_into(ms, &mut p);
        p
    }

    /// `render` into a picture whose buffers are reused.
    pub fn render_into(&self, ms: u64, out: &mut Picture) {
        let field = ms * FIELDS_PER_SECOND / 1000;
        let cursor_on = (field / CURSOR_FIELDS).is_multiple_of(2);
        let blink_on = (field / BLINK_FIELDS).is_multiple_of(2);
        match &self.layer {
            Layer::Text {
                cols,
                cells,
                rgb,
                font,
            } => {
                let glyphs = font.as_deref().unwrap_or(&FONT_8X14);
                draw_text(*cols, cells, glyphs, blink_on, out);
                out.palette.clear();
                out.palette.extend_from_slice(rgb);
                if let Some(m) = self.cursor.filter(|_| cursor_on) {
                    let cell = (m.y / TEXT_CELL) * cols + m.x / 8;
                    let fg = cells.get(cell).map_or(7, |c| c[1] & 15);
                    paint_cursor(out, &m, |_| fg);
                }
            }
            Layer::Pixels(p) => {
                out.width = p.width;
                out.height = p.height;
                out.pixels.clear();
                out.pixels.extend_from_slice(&p.pixels);
                out.palette.clear();
                out.palette.extend_from_slice(&p.palette);
                if let Some(m) = self.cursor {
                    let mask = (p.palette.len().max(1) - 1) as u8;
                    paint_cursor(out, &m, |old| old ^ mask);
                }
            }
        }
    }
}

/// The cursor of the screen model as scan lines of a cell `cell_height` high.
fn cursor_mark(
    screen: &Screen,
    show: CursorShow,
    cell_height: usize,
    graphics: bool,
) -> Option<Mark> {
    let (first, last) = match show {
        CursorShow::Hidden => return None,
        CursorShow::Block => (cell_height / 2, cell_height - 1),
        CursorShow::Line => {
            let shape = screen.cursor_shape();
            (
                scan_line(shape.start, cell_height),
                scan_line(shape.stop, cell_height),
            )
        }
    };
    let (row, col, _) = screen.cursor();
    let row = row.clamp(1, HEIGHT) as usize;
    let col = col.clamp(1, screen.width().max(1)) as usize;
    Some(Mark {
        x: (col - 1) * 8,
        y: (row - 1) * cell_height,
        first,
        last,
        cell_height,
        blinks: !graphics,
    })
}

/// A cursor scan line as LOCATE gives it (0-31, counted in the CGA's 8-line cell) on a
/// cell `height` lines high: the EGA BIOS's cursor emulation keeps the top half where
/// it is and moves the bottom half down to the cell's bottom.
fn scan_line(line: u8, height: usize) -> usize {
    let l = usize::from(line & 31);
    let l = if height > 8 && (4..8).contains(&l) {
        l + height - 8
    } else {
        l
    };
    l.min(height - 1)
}

/// Draws the cell scan lines of `m` with `colour(old attribute)`.
fn paint_cursor(out: &mut Picture, m: &Mark, colour: impl Fn(u8) -> u8) {
    for line in 0..m.cell_height {
        let on = if m.first <= m.last {
            (m.first..=m.last).contains(&line)
        } else {
            line >= m.first || line <= m.last
        };
        let y = m.y + line;
        if !on || y >= out.height {
            continue;
        }
        let row = &mut out.pixels[y * out.width..(y + 1) * out.width];
        for p in row.iter_mut().skip(m.x).take(8) {
            *p = colour(*p);
        }
    }
}

/// The text cells drawn with the glyphs: pixels are attribute numbers 0-15.
fn draw_text(
    cols: usize,
    cells: &[[u8; 2]],
    glyphs: &[[u8; 14]; 256],
    blink_on: bool,
    out: &mut Picture,
) {
    let (w, h) = (cols * 8, ROWS * TEXT_CELL);
    out.width = w;
    out.height = h;
    out.pixels.clear();
    out.pixels.resize(w * h, 0);
    for (i, &[ch, attr]) in cells.iter().enumerate().take(cols * ROWS) {
        let (cx, cy) = ((i % cols) * 8, (i / cols) * TEXT_CELL);
        let bg = (attr >> 4) & 7;
        let fg = if attr & 0x80 != 0 && !blink_on {
            bg
        } else {
            attr & 15
        };
        for (dy, bits) in glyphs[usize::from(ch)].iter().enumerate() {
            let row = &mut out.pixels[(cy + dy) * w + cx..(cy + dy) * w + cx + 8];
            for (dx, p) in row.iter_mut().enumerate() {
                *p = if bits & (0x80 >> dx) != 0 { fg } else { bg };
            }
        }
    }
}

#[cfg(test)]
mod tests;
