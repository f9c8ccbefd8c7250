//! Pictures of the screen: the visible page of a graphics mode, or text cells drawn with
//! the EGA's 8×14 glyphs, as an indexed-colour PNG (the `png` crate). 200-line modes are
//! doubled vertically (and 320-pixel ones horizontally) so that every picture has the
//! proportions of the 4:3 monitor: 640×400, or 640×350 for SCREEN 9 and text.

use super::Video;
use super::font_data::FONT_8X14;
use super::palette::colour64;

/// A picture: `width` × `height` palette indices and the RGB of each index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
    pub palette: Vec<[u8; 3]>,
}

/// One character cell of a text screen: code, foreground and background colour numbers
/// (EGA colours 0..=63, as the palette maps the attribute).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextCell {
    pub ch: u8,
    pub fg: u8,
    pub bg: u8,
}

impl Picture {
    /// The picture scaled by whole factors.
    pub fn scaled(&self, sx: usize, sy: usize) -> Picture {
        let (w, h) = (self.width * sx, self.height * sy);
        let mut pixels = Vec::with_capacity(w * h);
        for y in 0..h {
            let row = &self.pixels[(y / sy) * self.width..(y / sy + 1) * self.width];
            for x in 0..w {
                pixels.push(row[x / sx]);
            }
        }
        Picture {
            width: w,
            height: h,
            pixels,
            palette: self.palette.clone(),
        }
    }

    /// The picture as PNG bytes (8-bit indexed colour).
    pub fn to_png(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut enc = png::Encoder::new(&mut out, self.width as u32, self.height as u32);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(self.palette.iter().flatten().copied().collect::<Vec<u8>>());
        // Writing into a Vec cannot fail, and the sizes agree by construction.
        if let Ok(mut w) = enc.write_header() {
            let _ = w.write_image_data(&self.pixels);
        }
        out
    }
}

impl Video {
    /// The visible page as attributes with the palette's colours, unscaled.
    pub fn picture(&self) -> Picture {
        let pixels = self.page_pixels(self.vpage);
        let palette = (0..self.mode.attrs)
            .map(|a| self.palette.rgb(self.mode, a))
            .collect();
        Picture {
            width: usize::from(self.mode.width),
            height: usize::from(self.mode.height),
            pixels,
            palette,
        }
    }

    /// The visible page with 4:3 proportions (see the module notes): what the monitor
    /// showed, for screenshots and terminals.
    pub fn screen_picture(&self) -> Picture {
        let p = self.picture();
        let sx = 640 / p.width.max(1);
        let sy = if p.height == 200 { 2 } else { 1 };
        p.scaled(sx.max(1), sy)
    }

    /// The visible page as a PNG with 4:3 proportions.
    pub fn screenshot_png(&self) -> Vec<u8> {
        self.screen_picture().to_png()
    }
}

/// Draws text cells (`cols` per row, row after row) with the 8×14 glyphs; colours are
/// EGA colour numbers. The text screen uses this for its pictures.
pub fn render_text_cells(cols: usize, cells: &[TextCell]) -> Picture {
    let rows = cells.len().div_ceil(cols.max(1));
    let (w, h) = (cols * 8, rows * 14);
    let mut pixels = vec![0u8; w * h];
    for (i, cell) in cells.iter().enumerate() {
        let (cx, cy) = ((i % cols) * 8, (i / cols) * 14);
        for (dy, bits) in FONT_8X14[usize::from(cell.ch)].iter().enumerate() {
            for dx in 0..8 {
                let on = bits & (0x80 >> dx) != 0;
                pixels[(cy + dy) * w + cx + dx] = (if on { cell.fg } else { cell.bg }) & 63;
            }
        }
    }
    Picture {
        width: w,
        height: h,
        pixels,
        palette: (0..64).map(colour64).collect(),
    }
}
