//! Pictures: palette indices and their colours, as an indexed-colour PNG (the `png`
//! crate). The visible page of a graphics mode as a picture, and that picture enlarged
//! by whole factors for terminals' pixel protocols: 200-line modes doubled vertically
//! (and 320-pixel ones horizontally), 640×400, or 640×350 for SCREEN 9 (the 4:3
//! pictures of the window and `--screenshot` are `frame` and `scale`'s).

use super::Video;

/// A picture: `width` × `height` palette indices and the RGB of each index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
    pub palette: Vec<[u8; 3]>,
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
