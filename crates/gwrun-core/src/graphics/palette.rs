//! The palette: which colour each attribute shows (PALETTE, PALETTE USING, the CGA
//! palettes COLOR selects in SCREEN 1), and the RGB values of the EGA's 16 and 64
//! colours, for pictures.

use super::mode::ModeInfo;

/// RGB of the 16 CGA-compatible colours (EGA 200-line modes, SCREEN 1 and 2, text).
pub const COLOURS16: [[u8; 3]; 16] = [
    [0x00, 0x00, 0x00],
    [0x00, 0x00, 0xAA],
    [0x00, 0xAA, 0x00],
    [0x00, 0xAA, 0xAA],
    [0xAA, 0x00, 0x00],
    [0xAA, 0x00, 0xAA],
    [0xAA, 0x55, 0x00],
    [0xAA, 0xAA, 0xAA],
    [0x55, 0x55, 0x55],
    [0x55, 0x55, 0xFF],
    [0x55, 0xFF, 0x55],
    [0x55, 0xFF, 0xFF],
    [0xFF, 0x55, 0x55],
    [0xFF, 0x55, 0xFF],
    [0xFF, 0xFF, 0x55],
    [0xFF, 0xFF, 0xFF],
];

/// RGB of EGA colour `c` (0..=63): bits 0-2 are blue, green and red at 2/3 intensity,
/// bits 3-5 the same at 1/3.
pub fn colour64(c: u8) -> [u8; 3] {
    let level = |hi: u8, lo: u8| 0xAA * ((c >> hi) & 1) + 0x55 * ((c >> lo) & 1);
    [level(2, 5), level(1, 4), level(0, 3)]
}

/// SCREEN 9 and text mode default palette (the EGA's power-on registers).
const EGA_DEFAULT: [u8; 16] = [0, 1, 2, 3, 4, 5, 20, 7, 56, 57, 58, 59, 60, 61, 62, 63];
/// CGA 4-colour palettes 0 (green, red, brown) and 1 (cyan, magenta, white), bright.
const CGA4: [[u8; 4]; 2] = [[0, 10, 12, 14], [0, 11, 13, 15]];

/// The attribute → colour table of the current mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Palette {
    pub(crate) entries: [u8; 16],
    /// The CGA palette number SCREEN 1 uses (COLOR's second argument, even or odd).
    pub(crate) cga_palette: u8,
}

impl Palette {
    /// The palette a mode starts with.
    pub fn default_for(mode: &ModeInfo) -> Palette {
        let mut p = Palette {
            entries: [0; 16],
            cga_palette: 1,
        };
        p.reset(mode);
        p
    }

    /// PALETTE without arguments: back to the mode's defaults.
    pub fn reset(&mut self, mode: &ModeInfo) {
        self.entries = match mode.number {
            1 => {
                let mut e = [0; 16];
                e[..4].copy_from_slice(&CGA4[usize::from(self.cga_palette & 1)]);
                e
            }
            2 => {
                let mut e = [0; 16];
                e[1] = 15;
                e
            }
            7 | 8 => std::array::from_fn(|i| i as u8),
            _ => EGA_DEFAULT,
        };
    }

    /// Selects CGA palette `n` (even: 0, odd: 1) for SCREEN 1, keeping entry 0.
    pub(crate) fn set_cga(&mut self, n: u8) {
        self.cga_palette = n & 1;
        let bg = self.entries[0];
        self.entries[..4].copy_from_slice(&CGA4[usize::from(self.cga_palette)]);
        self.entries[0] = bg;
    }

    /// The colour number attribute `attr` shows.
    pub fn entry(&self, attr: u8) -> u8 {
        self.entries[usize::from(attr & 15)]
    }

    /// RGB of attribute `attr` in `mode`.
    pub fn rgb(&self, mode: &ModeInfo, attr: u8) -> [u8; 3] {
        let c = self.entry(attr);
        if mode.colours == 64 {
            colour64(c)
        } else {
            COLOURS16[usize::from(c & 15)]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::mode::{SCREEN1, SCREEN9};
    use super::*;

    #[test]
    fn the_64_colour_set_agrees_with_the_16_for_the_default_ega_palette() {
        let p = Palette::default_for(&SCREEN9);
        for attr in 0..16u8 {
            assert_eq!(
                p.rgb(&SCREEN9, attr),
                COLOURS16[usize::from(attr)],
                "attr {attr}"
            );
        }
    }

    #[test]
    fn cga_palette_switch_keeps_the_background() {
        let mut p = Palette::default_for(&SCREEN1);
        p.entries[0] = 4;
        p.set_cga(0);
        assert_eq!(&p.entries[..4], &[4, 10, 12, 14]);
    }
}
