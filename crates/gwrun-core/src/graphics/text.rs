//! Text in graphics modes: characters drawn into the active page from the 8×8 (8×14 in
//! SCREEN 9) glyph tables, glyph pixels in the foreground attribute and the rest of the
//! cell in attribute 0, scrolling by whole character rows, and reading a character back
//! by matching the cell against the glyphs (SCREEN(row, col) in graphics modes). Rows and
//! columns count from 1, as LOCATE does.

use super::Video;
use super::font_data::{FONT_8X8, FONT_8X14};

impl Video {
    /// The glyph rows of character `ch` in the current mode's cell height.
    fn glyph(&self, ch: u8) -> &[u8] {
        match (&self.fonts, self.mode.char_height) {
            (Some(f), 14) => &f.f14[usize::from(ch)],
            (Some(f), _) => &f.f8[usize::from(ch)],
            (None, 14) => &FONT_8X14[usize::from(ch)],
            (None, _) => &FONT_8X8[usize::from(ch)],
        }
    }

    /// Byte `i` of the BIOS's 8×8 glyph table at F000:FA6E: characters 0-127, eight rows
    /// each (the glyphs in use, so a program that copies them draws what the screen shows).
    pub fn rom_font_byte(&self, i: usize) -> u8 {
        let f8 = match &self.fonts {
            Some(f) => &f.f8,
            None => &FONT_8X8,
        };
        f8.get(i / 8).map_or(0, |g| g[i % 8])
    }

    /// Replaces the built-in glyphs (for instance with the fonts of the machine a
    /// program's pictures were captured on).
    pub fn set_fonts(&mut self, fonts: Fonts) {
        self.fonts = Some(Box::new(fonts));
    }
}

/// A pair of glyph tables: 8×8 for SCREEN 1, 2, 7 and 8, 8×14 for SCREEN 9.
#[derive(Clone, PartialEq, Eq)]
pub struct Fonts {
    pub f8: [[u8; 8]; 256],
    pub f14: [[u8; 14]; 256],
}

impl Fonts {
    /// The built-in tables.
    pub fn builtin() -> Fonts {
        Fonts {
            f8: FONT_8X8,
            f14: FONT_8X14,
        }
    }

    /// Reads the first 256 glyphs of each of two fonts in the Unifont .hex format PC-BASIC
    /// uses (`code:hexrows` lines in code page order, `#` comments); glyphs missing or of
    /// the wrong size keep the built-in ones.
    pub fn from_hex(text8: &str, text14: &str) -> Fonts {
        let mut f = Fonts::builtin();
        fill_from_hex(text8, &mut f.f8);
        fill_from_hex(text14, &mut f.f14);
        f
    }
}

fn fill_from_hex<const H: usize>(text: &str, table: &mut [[u8; H]; 256]) {
    let glyphs = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(':').map(|(_, hex)| hex));
    for (slot, hex) in table.iter_mut().zip(glyphs) {
        if hex.len() == 2 * H && hex.is_ascii() {
            let mut g = [0u8; H];
            if g.iter_mut().enumerate().all(|(i, b)| {
                u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)
                    .map(|v| *b = v)
                    .is_ok()
            }) {
                *slot = g;
            }
        }
    }
}

impl Video {
    /// Whether (row, col) is a character cell of the current graphics mode.
    fn cell_ok(&self, row: u8, col: u8) -> bool {
        !self.mode.is_text()
            && (1..=self.mode.rows).contains(&row)
            && (1..=self.mode.cols).contains(&col)
    }

    /// Draws character `ch` at (row, col) in attribute `fg` (limited to the mode's
    /// attributes); cells outside the screen are ignored.
    pub fn put_char(&mut self, row: u8, col: u8, ch: u8, fg: u8) {
        if !self.cell_ok(row, col) {
            return;
        }
        let fg = fg.min(self.mode.attrs - 1);
        let h = usize::from(self.mode.char_height);
        let (x0, y0) = (usize::from(col - 1) * 8, usize::from(row - 1) * h);
        let mut glyph = [0u8; 14];
        glyph[..h].copy_from_slice(self.glyph(ch));
        for (dy, &bits) in glyph[..h].iter().enumerate() {
            self.mem
                .put_byte_row(self.mode, self.apage, x0, y0 + dy, bits, fg);
        }
    }

    /// Scrolls text rows top..=bottom up by one row; the bottom row becomes attribute 0.
    pub fn scroll_up(&mut self, top: u8, bottom: u8) {
        self.scroll(top, bottom, true);
    }

    /// Scrolls text rows top..=bottom down by one row; the top row becomes attribute 0.
    pub fn scroll_down(&mut self, top: u8, bottom: u8) {
        self.scroll(top, bottom, false);
    }

    fn scroll(&mut self, top: u8, bottom: u8, up: bool) {
        if self.mode.is_text() || top < 1 || bottom > self.mode.rows || top >= bottom {
            if !self.mode.is_text() && top == bottom {
                self.clear_text_rows(top, bottom);
            }
            return;
        }
        let h = usize::from(self.mode.char_height);
        let (first, last) = (usize::from(top - 1) * h, usize::from(bottom) * h - 1);
        for i in 0..=last - first - h {
            let (y, from) = if up {
                (first + i, first + i + h)
            } else {
                (last - i, last - i - h)
            };
            self.mem.copy_scanline(self.mode, self.apage, from, y);
        }
        let row = if up { bottom } else { top };
        self.clear_text_rows(row, row);
    }

    /// Clears text rows top..=bottom of the active page to attribute 0.
    pub fn clear_text_rows(&mut self, top: u8, bottom: u8) {
        if self.mode.is_text() {
            return;
        }
        let h = usize::from(self.mode.char_height);
        let top = top.max(1);
        let bottom = bottom.min(self.mode.rows);
        for row in top..=bottom {
            for y in usize::from(row - 1) * h..usize::from(row) * h {
                self.mem.fill_scanline(self.mode, self.apage, y, 0);
            }
        }
    }
}
