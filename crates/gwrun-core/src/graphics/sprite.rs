//! GET and PUT of graphics: a rectangle of pixels copied into a numeric array and back,
//! in the array layout GW-BASIC uses. The array starts with two 16-bit words: the width
//! (in bits in CGA modes: pixels × bits per pixel; in pixels in EGA modes) and the
//! height. Then come the rows, each starting on a byte: CGA rows are the packed pixels,
//! leftmost in the high bits; EGA rows are four runs of one bit per pixel, plane 0 first.

use super::mode::Layout;
use super::{Coord, IFC, Res, Video};

/// How PUT combines the sprite with the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PutAction {
    Pset,
    Preset,
    And,
    Or,
    Xor,
}

impl Video {
    /// The bytes a GET of a `w` × `h` rectangle fills (header included).
    pub fn get_size(&self, w: usize, h: usize) -> usize {
        4 + h * self.row_bytes(w)
    }

    fn row_bytes(&self, w: usize) -> usize {
        match self.mode.layout {
            Layout::Cga { bpp } => (w * usize::from(bpp)).div_ceil(8),
            _ => 4 * w.div_ceil(8),
        }
    }

    /// Whether a viewport-relative point lies in the viewport.
    fn in_view(&self, (x, y): (i32, i32)) -> bool {
        let (x0, y0, x1, y1) = self.view_bounds();
        (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
    }

    /// GET (x0, y0)-(x1, y1), array: `array` is the numeric array's storage from the
    /// element named on. Both corners must lie in the viewport and the array must hold
    /// the picture (Illegal function call). The cursor ends at the second corner.
    pub fn get(&mut self, a: Coord, b: Coord, array: &mut [u8]) -> Res<()> {
        self.require_graphics()?;
        let p0 = self.physical(a)?;
        self.last = p0;
        if !self.in_view(p0) {
            return Err(IFC);
        }
        let p1 = self.physical(b)?;
        self.last = p1;
        self.draw_pen = None;
        if !self.in_view(p1) {
            return Err(IFC);
        }
        let (x0, x1) = (p0.0.min(p1.0), p0.0.max(p1.0));
        let (y0, y1) = (p0.1.min(p1.1), p0.1.max(p1.1));
        let (w, h) = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
        let size = self.get_size(w, h);
        if array.len() < size {
            return Err(IFC);
        }
        let width_word = match self.mode.layout {
            Layout::Cga { bpp } => w * usize::from(bpp),
            _ => w,
        } as u16;
        array[..2].copy_from_slice(&width_word.to_le_bytes());
        array[2..4].copy_from_slice(&(h as u16).to_le_bytes());
        let (ox, oy) = self.origin();
        let rb = self.row_bytes(w);
        for row in 0..h {
            let out = &mut array[4 + row * rb..4 + (row + 1) * rb];
            out.fill(0);
            let ay = (y0 + oy) as usize + row;
            for col in 0..w {
                let ax = (x0 + ox) as usize + col;
                let v = self.mem.pixel(self.mode, self.apage, ax, ay);
                put_bits(self.mode.layout, out, w, col, v);
            }
        }
        Ok(())
    }

    /// PUT (x, y), array [, action]: the whole picture must fit in the viewport (Illegal
    /// function call otherwise, also for an empty one). Bytes missing from a too-short
    /// array count as 0. The cursor moves to (x, y).
    pub fn put(&mut self, at: Coord, array: &[u8], action: PutAction) -> Res<()> {
        self.require_graphics()?;
        let p = self.physical(at)?;
        self.last = p;
        self.draw_pen = None;
        let byte = |i: usize| array.get(i).copied().unwrap_or(0);
        let width_word = usize::from(u16::from_le_bytes([byte(0), byte(1)]));
        let h = usize::from(u16::from_le_bytes([byte(2), byte(3)]));
        let w = match self.mode.layout {
            Layout::Cga { bpp } => width_word / usize::from(bpp),
            _ => width_word,
        };
        if w == 0 || h == 0 {
            return Err(IFC);
        }
        let far = (p.0 + w as i32 - 1, p.1 + h as i32 - 1);
        if !self.in_view(p) || !self.in_view(far) {
            return Err(IFC);
        }
        let (ox, oy) = self.origin();
        let rb = self.row_bytes(w);
        let mask = self.mode.attrs - 1;
        for row in 0..h {
            let ay = (p.1 + oy) as usize + row;
            for col in 0..w {
                let v = get_bits(self.mode.layout, |i| byte(4 + row * rb + i), w, col);
                let ax = (p.0 + ox) as usize + col;
                let old = self.mem.pixel(self.mode, self.apage, ax, ay);
                let new = match action {
                    PutAction::Pset => v,
                    PutAction::Preset => !v & mask,
                    PutAction::And => old & v,
                    PutAction::Or => old | v,
                    PutAction::Xor => old ^ v,
                };
                self.mem.set_pixel(self.mode, self.apage, ax, ay, new);
            }
        }
        Ok(())
    }
}

/// Stores attribute `v` of pixel `col` into one row of a GET array.
fn put_bits(layout: Layout, row: &mut [u8], w: usize, col: usize, v: u8) {
    match layout {
        Layout::Cga { bpp } => {
            let bit = col * usize::from(bpp);
            row[bit / 8] |= v << (8 - usize::from(bpp) - bit % 8);
        }
        _ => {
            let plane_bytes = w.div_ceil(8);
            for p in 0..4 {
                if v & (1 << p) != 0 {
                    row[p * plane_bytes + col / 8] |= 0x80 >> (col % 8);
                }
            }
        }
    }
}

/// Reads the attribute of pixel `col` from one row of a PUT array.
fn get_bits(layout: Layout, byte: impl Fn(usize) -> u8, w: usize, col: usize) -> u8 {
    match layout {
        Layout::Cga { bpp } => {
            let bit = col * usize::from(bpp);
            (byte(bit / 8) >> (8 - usize::from(bpp) - bit % 8)) & ((1 << bpp) - 1)
        }
        _ => {
            let plane_bytes = w.div_ceil(8);
            (0..4)
                .map(|p| ((byte(p * plane_bytes + col / 8) >> (7 - col % 8)) & 1) << p)
                .sum()
        }
    }
}
