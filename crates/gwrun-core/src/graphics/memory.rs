//! Video memory laid out byte for byte as on the card: the 32 KB window at segment
//! &HB800 (text pages, CGA graphics) and the EGA's four 64 KB bit planes behind the window
//! at &HA000. Pixels are read and written in the memory itself, so PEEK, POKE, BSAVE,
//! BLOAD, PCOPY and the drawing statements all see the same bytes. The EGA registers a
//! program can reach with OUT (map mask, read map select) decide which planes the
//! &HA000 window reads and writes, as on the card.

use super::mode::{Layout, ModeInfo};

/// Size of the window at &HB800.
pub const CGA_WINDOW: usize = 0x8000;
/// Size of one EGA plane (256 KB card).
pub const PLANE_SIZE: usize = 0x10000;

/// The video card's memory and the registers that route the &HA000 window.
pub struct VideoMemory {
    pub(crate) cga: Box<[u8]>,
    pub(crate) planes: Planes,
    /// Sequencer register 2: planes a write through &HA000 goes to.
    pub(crate) map_mask: u8,
    /// Graphics controller register 4: the plane a read through &HA000 returns.
    pub(crate) read_map: u8,
    seq_index: u8,
    gc_index: u8,
    /// Pixels and bytes the drawing has touched since the machine last took the count
    /// (the statement budget's measure of drawing: `Machine::interrupted`).
    pub(crate) work: u64,
}

impl Default for VideoMemory {
    fn default() -> Self {
        VideoMemory {
            cga: vec![0; CGA_WINDOW].into_boxed_slice(),
            planes: Planes::zeroed(),
            map_mask: 0x0F,
            read_map: 0,
            seq_index: 0,
            gc_index: 0,
            work: 0,
        }
    }
}

/// The four EGA planes in one zeroed block: 256 KB that the allocator takes fresh from
/// the system, so a page is only touched (and costs memory) once a program draws on it;
/// a start-up without graphics never pays for them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Planes(Box<[u8]>);

impl Planes {
    fn zeroed() -> Self {
        Planes(vec![0; 4 * PLANE_SIZE].into_boxed_slice())
    }

    /// Each plane in turn, to write.
    pub fn iter_mut(&mut self) -> std::slice::ChunksExactMut<'_, u8> {
        self.0.chunks_exact_mut(PLANE_SIZE)
    }
}

impl std::ops::Index<usize> for Planes {
    type Output = [u8];
    fn index(&self, p: usize) -> &[u8] {
        &self.0[p * PLANE_SIZE..(p + 1) * PLANE_SIZE]
    }
}

impl std::ops::IndexMut<usize> for Planes {
    fn index_mut(&mut self, p: usize) -> &mut [u8] {
        &mut self.0[p * PLANE_SIZE..(p + 1) * PLANE_SIZE]
    }
}

impl<'a> IntoIterator for &'a mut Planes {
    type Item = &'a mut [u8];
    type IntoIter = std::slice::ChunksExactMut<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl VideoMemory {
    /// Clears everything (what setting a mode through the BIOS does).
    pub fn clear(&mut self) {
        self.cga.fill(0);
        self.planes = Planes::zeroed();
        self.map_mask = 0x0F;
        self.read_map = 0;
    }

    /// The byte at an absolute address in the video windows, as PEEK sees it in `mode`;
    /// None outside them (or for &HA000 when no EGA mode is set).
    pub fn peek(&self, mode: &ModeInfo, addr: u32) -> Option<u8> {
        match addr {
            0xB8000..=0xBFFFF => Some(self.cga[(addr - 0xB8000) as usize]),
            0xA0000..=0xAFFFF if mode.layout == Layout::Ega => {
                Some(self.planes[usize::from(self.read_map & 3)][(addr - 0xA0000) as usize])
            }
            _ => None,
        }
    }

    /// POKE into the video windows; false when the address is not video memory.
    pub fn poke(&mut self, mode: &ModeInfo, addr: u32, value: u8) -> bool {
        match addr {
            0xB8000..=0xBFFFF => {
                self.cga[(addr - 0xB8000) as usize] = value;
                true
            }
            0xA0000..=0xAFFFF if mode.layout == Layout::Ega => {
                let off = (addr - 0xA0000) as usize;
                for (p, plane) in self.planes.iter_mut().enumerate() {
                    if self.map_mask & (1 << p) != 0 {
                        plane[off] = value;
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// OUT to the EGA sequencer and graphics controller ports; false for other ports.
    pub fn port_out(&mut self, port: u16, value: u8) -> bool {
        match port {
            0x3C4 => self.seq_index = value,
            0x3C5 => {
                if self.seq_index & 0x0F == 2 {
                    self.map_mask = value & 0x0F;
                }
            }
            0x3CE => self.gc_index = value,
            0x3CF => {
                if self.gc_index & 0x0F == 4 {
                    self.read_map = value & 3;
                }
            }
            _ => return false,
        }
        true
    }

    /// INP from the same ports (the index registers read back; data registers read the
    /// selected register where it is modelled, else 0).
    pub fn port_in(&self, port: u16) -> Option<u8> {
        match port {
            0x3C4 => Some(self.seq_index),
            0x3C5 => Some(if self.seq_index & 0x0F == 2 {
                self.map_mask
            } else {
                0
            }),
            0x3CE => Some(self.gc_index),
            0x3CF => Some(if self.gc_index & 0x0F == 4 {
                self.read_map
            } else {
                0
            }),
            _ => None,
        }
    }

    /// The attribute of pixel (x, y) of `page`; the caller has checked the bounds.
    #[inline]
    pub fn pixel(&self, mode: &ModeInfo, page: u8, x: usize, y: usize) -> u8 {
        match mode.layout {
            Layout::Cga { bpp } => {
                let (off, shift, mask) = cga_addr(mode, bpp, x, y);
                (self.cga[off] >> shift) & mask
            }
            Layout::Ega => {
                let off = ega_addr(mode, page, x, y);
                let bit = 7 - (x & 7);
                let mut v = 0;
                for p in 0..4 {
                    v |= ((self.planes[p][off] >> bit) & 1) << p;
                }
                v
            }
            Layout::Text => 0,
        }
    }

    /// The attributes of row `y` of `page`, one byte per pixel into `out` (as many as
    /// `out` holds, at most the mode's width): a whole memory byte at a time, for
    /// pictures of the page. The caller has checked the row.
    pub fn decode_row(&self, mode: &ModeInfo, page: u8, y: usize, out: &mut [u8]) {
        let n = out.len().min(usize::from(mode.width));
        match mode.layout {
            Layout::Cga { bpp } => {
                let (start, _, _) = cga_addr(mode, bpp, 0, y);
                let per = usize::from(8 / bpp);
                for (i, px) in out[..n].chunks_mut(per).enumerate() {
                    let b = self.cga[start + i];
                    for (k, p) in px.iter_mut().enumerate() {
                        *p = if bpp == 2 {
                            (b >> (6 - 2 * k)) & 3
                        } else {
                            (b >> (7 - k)) & 1
                        };
                    }
                }
            }
            Layout::Ega => {
                let start = ega_addr(mode, page, 0, y);
                for (i, px) in out[..n].chunks_mut(8).enumerate() {
                    let bytes = [0, 1, 2, 3].map(|p| self.planes[p][start + i]);
                    for (k, p) in px.iter_mut().enumerate() {
                        let bit = 7 - k;
                        *p = ((bytes[0] >> bit) & 1)
                            | (((bytes[1] >> bit) & 1) << 1)
                            | (((bytes[2] >> bit) & 1) << 2)
                            | (((bytes[3] >> bit) & 1) << 3);
                    }
                }
            }
            Layout::Text => out[..n].fill(0),
        }
    }

    /// Sets pixel (x, y) of `page` to `attr`; the caller has checked the bounds.
    #[inline]
    pub fn set_pixel(&mut self, mode: &ModeInfo, page: u8, x: usize, y: usize, attr: u8) {
        self.work = self.work.wrapping_add(1);
        match mode.layout {
            Layout::Cga { bpp } => {
                let (off, shift, mask) = cga_addr(mode, bpp, x, y);
                let b = &mut self.cga[off];
                *b = (*b & !(mask << shift)) | ((attr & mask) << shift);
            }
            Layout::Ega => {
                let off = ega_addr(mode, page, x, y);
                let bit = 0x80u8 >> (x & 7);
                for p in 0..4 {
                    let b = &mut self.planes[p][off];
                    if attr & (1 << p) != 0 {
                        *b |= bit;
                    } else {
                        *b &= !bit;
                    }
                }
            }
            Layout::Text => {}
        }
    }

    /// Fills pixels x0..=x1 of row y of `page` with `attr` (bounds checked by the caller).
    pub fn fill_span(
        &mut self,
        mode: &ModeInfo,
        page: u8,
        x0: usize,
        x1: usize,
        y: usize,
        attr: u8,
    ) {
        self.work = self.work.wrapping_add(x1.saturating_sub(x0) as u64 / 8);
        match mode.layout {
            Layout::Ega => {
                let mut x = x0;
                while x <= x1 {
                    if x & 7 == 0 && x + 7 <= x1 {
                        let off = ega_addr(mode, page, x, y);
                        for p in 0..4 {
                            self.planes[p][off] = if attr & (1 << p) != 0 { 0xFF } else { 0 };
                        }
                        x += 8;
                    } else {
                        self.set_pixel(mode, page, x, y, attr);
                        x += 1;
                    }
                }
            }
            _ => {
                for x in x0..=x1 {
                    self.set_pixel(mode, page, x, y, attr);
                }
            }
        }
    }

    /// Copies scan line `from` of `page` over scan line `to`, the whole width: one
    /// block move per bank or plane, as text scrolling moves whole rows.
    pub fn copy_scanline(&mut self, mode: &ModeInfo, page: u8, from: usize, to: usize) {
        let n = mode.bytes_per_row() as usize;
        self.work = self.work.wrapping_add(n as u64);
        match mode.layout {
            Layout::Cga { bpp } => {
                let (src, dst) = (cga_addr(mode, bpp, 0, from).0, cga_addr(mode, bpp, 0, to).0);
                self.cga.copy_within(src..src + n, dst);
            }
            Layout::Ega => {
                let (src, dst) = (ega_addr(mode, page, 0, from), ega_addr(mode, page, 0, to));
                for p in &mut self.planes {
                    p.copy_within(src..src + n, dst);
                }
            }
            Layout::Text => {}
        }
    }

    /// Draws 8 pixels from `x0` (a multiple of 8) on scan line `y` of `page`: those whose
    /// bit is set in `bits` (leftmost in the high bit) in attribute `fg`, the others in 0;
    /// what drawing a glyph row of a character cell does, a byte or two at a time.
    pub fn put_byte_row(
        &mut self,
        mode: &ModeInfo,
        page: u8,
        x0: usize,
        y: usize,
        bits: u8,
        fg: u8,
    ) {
        match mode.layout {
            Layout::Cga { bpp: 2 } => {
                let off = cga_addr(mode, 2, x0, y).0;
                let c = u16::from(fg & 3);
                let mut wide = 0u16;
                for i in 0..8 {
                    if bits & (0x80 >> i) != 0 {
                        wide |= c << (14 - 2 * i);
                    }
                }
                self.cga[off..off + 2].copy_from_slice(&wide.to_be_bytes());
            }
            Layout::Cga { bpp } => {
                let off = cga_addr(mode, bpp, x0, y).0;
                self.cga[off] = if fg & 1 != 0 { bits } else { 0 };
            }
            Layout::Ega => {
                let off = ega_addr(mode, page, x0, y);
                for (p, plane) in self.planes.iter_mut().enumerate() {
                    plane[off] = if fg & (1 << p) != 0 { bits } else { 0 };
                }
            }
            Layout::Text => {}
        }
    }

    /// Sets the whole of scan line `y` of `page` to attribute `attr`.
    pub fn fill_scanline(&mut self, mode: &ModeInfo, page: u8, y: usize, attr: u8) {
        let n = mode.bytes_per_row() as usize;
        self.work = self.work.wrapping_add(n as u64);
        match mode.layout {
            Layout::Cga { bpp } => {
                let start = cga_addr(mode, bpp, 0, y).0;
                let byte = if bpp == 2 {
                    (attr & 3) * 0x55
                } else if attr & 1 != 0 {
                    0xFF
                } else {
                    0
                };
                self.cga[start..start + n].fill(byte);
            }
            Layout::Ega => {
                let start = ega_addr(mode, page, 0, y);
                for (p, plane) in self.planes.iter_mut().enumerate() {
                    let byte = if attr & (1 << p) != 0 { 0xFF } else { 0 };
                    plane[start..start + n].fill(byte);
                }
            }
            Layout::Text => {}
        }
    }

    /// Copies page `from` to page `to` (PCOPY).
    pub fn copy_page(&mut self, mode: &ModeInfo, from: u8, to: u8) {
        let size = mode.page_size as usize;
        self.work = self.work.wrapping_add(size as u64);
        let (src, dst) = (usize::from(from) * size, usize::from(to) * size);
        match mode.layout {
            Layout::Ega => {
                for p in &mut self.planes {
                    p.copy_within(src..src + size, dst);
                }
            }
            _ => self.cga.copy_within(src..src + size, dst),
        }
    }

    /// Clears one page of `mode` to attribute 0.
    pub fn clear_page(&mut self, mode: &ModeInfo, page: u8) {
        let size = mode.page_size as usize;
        self.work = self.work.wrapping_add(size as u64);
        let start = usize::from(page) * size;
        match mode.layout {
            Layout::Ega => {
                for p in &mut self.planes {
                    p[start..start + size].fill(0);
                }
            }
            _ => self.cga[start..start + size].fill(0),
        }
    }
}

#[inline]
fn cga_addr(mode: &ModeInfo, bpp: u8, x: usize, y: usize) -> (usize, u8, u8) {
    let row = (y & 1) * 0x2000 + (y >> 1) * mode.bytes_per_row() as usize;
    if bpp == 2 {
        (row + (x >> 2), 6 - 2 * (x & 3) as u8, 3)
    } else {
        (row + (x >> 3), 7 - (x & 7) as u8, 1)
    }
}

#[inline]
fn ega_addr(mode: &ModeInfo, page: u8, x: usize, y: usize) -> usize {
    usize::from(page) * mode.page_size as usize + y * mode.bytes_per_row() as usize + (x >> 3)
}

#[cfg(test)]
mod tests {
    use super::super::mode::{SCREEN1, SCREEN2, SCREEN9};
    use super::*;

    /// A scan line copied or filled whole is the same as pixel by pixel, in every
    /// layout (both CGA banks, all four EGA planes, a page other than 0).
    #[test]
    fn scanline_moves_equal_pixel_moves() {
        use super::super::mode::{SCREEN7, SCREEN8};
        for (mode, page) in [
            (&SCREEN1, 0),
            (&SCREEN2, 0),
            (&SCREEN7, 1),
            (&SCREEN8, 0),
            (&SCREEN9, 1),
        ] {
            let (w, h) = (usize::from(mode.width), usize::from(mode.height));
            let mut by_row = VideoMemory::default();
            let mut seed = 7u32;
            for y in 0..h {
                for x in 0..w {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    by_row.set_pixel(mode, page, x, y, (seed >> 16) as u8 & 15);
                }
            }
            let mut by_pixel = VideoMemory {
                cga: by_row.cga.clone(),
                planes: by_row.planes.clone(),
                ..VideoMemory::default()
            };
            for (from, to) in [(9, 2), (2, 9), (h - 1, 0), (0, h - 2)] {
                by_row.copy_scanline(mode, page, from, to);
                for x in 0..w {
                    let v = by_pixel.pixel(mode, page, x, from);
                    by_pixel.set_pixel(mode, page, x, to, v);
                }
            }
            for (y, attr) in [(3, 0), (4, 3), (h - 1, 2)] {
                by_row.fill_scanline(mode, page, y, attr);
                for x in 0..w {
                    by_pixel.set_pixel(mode, page, x, y, attr);
                }
            }
            for (x0, y, bits, fg) in [
                (0, 0, 0b1010_0111, 3),
                (8, 5, 0xFF, 1),
                (w - 8, h - 1, 0x81, 2),
            ] {
                by_row.put_byte_row(mode, page, x0, y, bits, fg);
                for dx in 0..8 {
                    let on = bits & (0x80 >> dx) != 0;
                    by_pixel.set_pixel(
                        mode,
                        page,
                        x0 + dx,
                        y,
                        if on { fg & (mode.attrs - 1) } else { 0 },
                    );
                }
            }
            assert_eq!(by_row.cga, by_pixel.cga, "SCREEN {}", mode.number);
            assert_eq!(by_row.planes, by_pixel.planes, "SCREEN {}", mode.number);
        }
    }

    #[test]
    fn cga_pixels_land_in_interleaved_banks() {
        let mut m = VideoMemory::default();
        m.set_pixel(&SCREEN1, 0, 1, 0, 3);
        m.set_pixel(&SCREEN1, 0, 4, 1, 2);
        assert_eq!(m.cga[0], 0b0011_0000);
        assert_eq!(m.cga[0x2001], 0b1000_0000);
        assert_eq!(m.pixel(&SCREEN1, 0, 4, 1), 2);
        m.set_pixel(&SCREEN2, 0, 9, 3, 1);
        assert_eq!(m.cga[0x2000 + 80 + 1], 0b0100_0000);
    }

    #[test]
    fn rows_decode_as_the_pixels_read_one_by_one() {
        let mut m = VideoMemory::default();
        for (mode, page) in [(&SCREEN1, 0), (&SCREEN2, 0), (&SCREEN9, 1)] {
            let w = usize::from(mode.width);
            for y in [0, 1, 7, usize::from(mode.height) - 1] {
                for x in (0..w).step_by(3) {
                    m.set_pixel(mode, page, x, y, (x * 7 + y) as u8 & 15);
                }
                let mut row = vec![0xEE; w];
                m.decode_row(mode, page, y, &mut row);
                for (x, &got) in row.iter().enumerate() {
                    assert_eq!(
                        got,
                        m.pixel(mode, page, x, y),
                        "SCREEN {} ({x}, {y})",
                        mode.number
                    );
                }
            }
        }
    }

    #[test]
    fn ega_pixels_split_over_planes_and_the_window_reads_one() {
        let mut m = VideoMemory::default();
        m.set_pixel(&SCREEN9, 1, 8, 2, 5);
        let off = 0x8000 + 2 * 80 + 1;
        assert_eq!(
            (m.planes[0][off], m.planes[1][off], m.planes[2][off]),
            (0x80, 0, 0x80)
        );
        assert_eq!(m.peek(&SCREEN9, 0xA0000 + off as u32), Some(0x80));
        assert!(m.port_out(0x3CE, 4) && m.port_out(0x3CF, 1));
        assert_eq!(m.peek(&SCREEN9, 0xA0000 + off as u32), Some(0));
        assert_eq!(m.peek(&SCREEN1, 0xA0000), None);
    }
}
