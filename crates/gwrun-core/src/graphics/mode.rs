//! The screen modes gwrun models (an EGA card with 256 KB on a colour display, as the
//! real-GW models were captured): their geometry, memory layout, pages and colours.

/// How a mode keeps its pixels in video memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// SCREEN 0: character and attribute bytes at segment &HB800.
    Text,
    /// SCREEN 1 and 2: CGA packed pixels at &HB800, even scan lines in the first 8 KB
    /// bank and odd ones in the second, `bpp` bits per pixel, leftmost pixel in the high bits.
    Cga { bpp: u8 },
    /// SCREEN 7, 8 and 9: four bit planes at &HA000, one bit per pixel per plane, plane n
    /// holding bit n of the attribute.
    Ega,
}

/// One screen mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModeInfo {
    /// The SCREEN number.
    pub number: u8,
    /// Pixels across and down (text modes: characters × 8 by rows × 8).
    pub width: u16,
    pub height: u16,
    /// Text columns and rows.
    pub cols: u8,
    pub rows: u8,
    /// Height of a character cell in pixels (the glyph table used in graphics modes).
    pub char_height: u8,
    pub layout: Layout,
    /// Number of video pages.
    pub pages: u8,
    /// Bytes per page (per plane in EGA modes).
    pub page_size: u32,
    /// Number of attributes (pixel values) and of colours the palette can map them to.
    pub attrs: u8,
    pub colours: u8,
    /// The attribute PSET, LINE and text use when none is given, after a mode switch.
    pub default_fg: u8,
}

impl ModeInfo {
    pub fn is_text(&self) -> bool {
        self.layout == Layout::Text
    }

    /// Bytes of one pixel row in one bank or plane.
    pub fn bytes_per_row(&self) -> u32 {
        match self.layout {
            Layout::Text => u32::from(self.cols) * 2,
            Layout::Cga { bpp } => u32::from(self.width) * u32::from(bpp) / 8,
            Layout::Ega => u32::from(self.width) / 8,
        }
    }
}

const fn text(cols: u8) -> ModeInfo {
    ModeInfo {
        number: 0,
        width: cols as u16 * 8,
        height: 200,
        cols,
        rows: 25,
        char_height: 8,
        layout: Layout::Text,
        pages: if cols == 40 { 8 } else { 4 },
        page_size: if cols == 40 { 0x800 } else { 0x1000 },
        attrs: 16,
        colours: 64,
        default_fg: 7,
    }
}

/// SCREEN 0 with 40 columns.
pub const TEXT40: ModeInfo = text(40);
/// SCREEN 0 with 80 columns.
pub const TEXT80: ModeInfo = text(80);

/// SCREEN 1: 320×200, 4 attributes, one page.
pub const SCREEN1: ModeInfo = ModeInfo {
    number: 1,
    width: 320,
    height: 200,
    cols: 40,
    rows: 25,
    char_height: 8,
    layout: Layout::Cga { bpp: 2 },
    pages: 1,
    page_size: 0x4000,
    attrs: 4,
    colours: 16,
    default_fg: 3,
};

/// SCREEN 2: 640×200, 2 attributes, one page.
pub const SCREEN2: ModeInfo = ModeInfo {
    number: 2,
    width: 640,
    height: 200,
    cols: 80,
    rows: 25,
    char_height: 8,
    layout: Layout::Cga { bpp: 1 },
    pages: 1,
    page_size: 0x4000,
    attrs: 2,
    colours: 16,
    default_fg: 1,
};

/// SCREEN 7: 320×200, 16 attributes of 16 colours, eight pages.
pub const SCREEN7: ModeInfo = ModeInfo {
    number: 7,
    width: 320,
    height: 200,
    cols: 40,
    rows: 25,
    char_height: 8,
    layout: Layout::Ega,
    pages: 8,
    page_size: 0x2000,
    attrs: 16,
    colours: 16,
    default_fg: 15,
};

/// SCREEN 8: 640×200, 16 attributes of 16 colours, four pages.
pub const SCREEN8: ModeInfo = ModeInfo {
    number: 8,
    width: 640,
    height: 200,
    cols: 80,
    rows: 25,
    char_height: 8,
    layout: Layout::Ega,
    pages: 4,
    page_size: 0x4000,
    attrs: 16,
    colours: 16,
    default_fg: 15,
};

/// SCREEN 9: 640×350, 16 attributes of 64 colours, two pages, 8×14 characters.
pub const SCREEN9: ModeInfo = ModeInfo {
    number: 9,
    width: 640,
    height: 350,
    cols: 80,
    rows: 25,
    char_height: 14,
    layout: Layout::Ega,
    pages: 2,
    page_size: 0x8000,
    attrs: 16,
    colours: 64,
    default_fg: 15,
};

/// The mode a SCREEN number selects (`width` picks 40 or 80 columns for SCREEN 0);
/// None for the numbers this card does not have (3 to 6, 10 and up: Illegal function call).
pub fn for_screen(number: i16, width: u8) -> Option<&'static ModeInfo> {
    match number {
        0 if width == 40 => Some(&TEXT40),
        0 => Some(&TEXT80),
        1 => Some(&SCREEN1),
        2 => Some(&SCREEN2),
        7 => Some(&SCREEN7),
        8 => Some(&SCREEN8),
        9 => Some(&SCREEN9),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_graphics_page_fits_its_window() {
        for m in [SCREEN1, SCREEN2, SCREEN7, SCREEN8, SCREEN9] {
            let rows = u32::from(m.height);
            let used = match m.layout {
                Layout::Cga { .. } => 0x2000 + (rows / 2) * m.bytes_per_row(),
                _ => rows * m.bytes_per_row(),
            };
            assert!(used <= m.page_size, "SCREEN {}", m.number);
            assert!(u32::from(m.pages) * m.page_size <= 0x10000);
        }
        assert_eq!(for_screen(3, 80), None);
        assert_eq!(for_screen(0, 40).map(|m| m.cols), Some(40));
    }
}
