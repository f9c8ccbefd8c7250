//! The screen as memory: the text pages at segment &HB800 (character and attribute byte
//! pairs, page n at n × page size: &H1000 bytes at 80 columns, &H800 at 40, eight pages
//! in 32 KiB) for PEEK and POKE, and the video bytes of the BIOS data area (segment
//! &H40) that programs read to learn the mode, width, page and cursor. POKEd characters
//! change the cells only: like GW, the logical-line state (wrap flags, lengths) is kept
//! by the console and not derived from memory.

use super::{HEIGHT, Screen, VRAM_SIZE};

/// The BIOS video mode number for a SCREEN mode and width.
fn bios_mode(mode: u8, width: i32) -> u8 {
    match (mode, width) {
        (0, 40) => 1,
        (0, _) => 3,
        (1, _) => 4,
        (2, _) => 6,
        (7, _) => 0x0D,
        (8, _) => 0x0E,
        _ => 0x10,
    }
}

impl Screen {
    /// PEEK at segment &HB800, offset `offset`: None beyond the 32 KiB of text pages
    /// (the caller decides what unmapped memory reads as).
    pub fn peek_vram(&self, offset: usize) -> Option<u8> {
        self.vram.get(offset).copied()
    }

    /// POKE at segment &HB800; beyond the text pages nothing happens (false).
    pub fn poke_vram(&mut self, offset: usize, value: u8) -> bool {
        match self.vram.get_mut(offset) {
            Some(b) => {
                *b = value;
                true
            }
            None => false,
        }
    }

    /// The whole video memory (what BSAVE of segment &HB800 writes).
    pub fn vram(&self) -> &[u8] {
        &self.vram[..VRAM_SIZE]
    }

    /// A video byte of the BIOS data area, `offset` from segment &H40 (physical
    /// &H400 + offset): mode (&H49), columns (&H4A), page size (&H4C), visible page
    /// offset (&H4E), cursor position of each page (&H50, column then row, 0-based),
    /// cursor shape (&H60 end line, &H61 start line), visible page (&H62), CRT
    /// controller port (&H63), mode control (&H65), palette (&H66), rows - 1 (&H84).
    /// None for bytes that are not the screen's.
    pub fn bios_peek(&self, offset: usize) -> Option<u8> {
        let page_size = match self.mode {
            0 => self.page_size() as u16,
            7 => 0x2000,
            9 => 0x8000,
            _ => 0x4000,
        };
        let word = |w: u16, hi: bool| if hi { (w >> 8) as u8 } else { w as u8 };
        Some(match offset {
            0x49 => bios_mode(self.mode, self.width),
            0x4A | 0x4B => word(self.width as u16, offset == 0x4B),
            0x4C | 0x4D => word(page_size, offset == 0x4D),
            0x4E | 0x4F => word((self.vpage * self.page_size()) as u16, offset == 0x4F),
            0x50..=0x5F => {
                let page = (offset - 0x50) / 2;
                if page != self.apage {
                    0
                } else if offset.is_multiple_of(2) {
                    (self.col - 1) as u8
                } else {
                    (self.row - 1) as u8
                }
            }
            0x60 => self.cursor.stop,
            0x61 => self.cursor.start,
            0x62 => self.vpage as u8,
            0x63 => 0xD4,
            0x64 => 0x03,
            0x65 => match (self.mode, self.width) {
                (0, 40) => 0x28,
                (0, _) => 0x29,
                (2, _) => 0x1E,
                _ => 0x2A,
            },
            0x66 => 0x30,
            0x84 => (HEIGHT - 1) as u8,
            _ => return None,
        })
    }
}
