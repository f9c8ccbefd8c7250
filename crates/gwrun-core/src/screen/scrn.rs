//! The SCRN: device opened as a file (`OPEN "O", #1, "SCRN:"`): output goes to the
//! screen at the cursor, but the file keeps its own width (WIDTH #n, default the
//! screen's) and its own column, which runs on past the screen's edge when the file is
//! wider than the screen (characters beyond the screen's last column are then dropped
//! until the line ends). A string that would not fit in the file's width starts a new
//! line first, except on the last row; a width of 255 means no wrapping.

use super::{HEIGHT, Screen};

/// A SCRN: file's width and column.
#[derive(Debug, Clone)]
pub struct ScrnFile {
    width: i32,
    /// 1-based column as the file counts it.
    col: i32,
}

impl ScrnFile {
    /// A SCRN: file as OPEN makes it: the screen's width.
    pub fn new(screen: &Screen) -> ScrnFile {
        ScrnFile {
            width: screen.width(),
            col: screen.print_col(),
        }
    }

    /// WIDTH #n, w (the caller checks 1-255).
    pub fn set_width(&mut self, width: i32) {
        self.width = width;
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    /// The file's column (1-based) for PRINT #'s zones, TAB and SPC.
    pub fn col(&self) -> i32 {
        self.col
    }

    /// Writes bytes; `can_break`: a PRINT item, which starts a new line when it would
    /// not fit (not so for the spaces of `,`, TAB and SPC).
    pub fn write(&mut self, s: &mut Screen, bytes: &[u8], can_break: bool) {
        if bytes.is_empty() {
            return;
        }
        let (row, col, overflow) = s.cursor();
        self.col = col + i32::from(overflow);
        let mut printing = 0i32;
        let mut newline = false;
        for &c in bytes {
            match c {
                b'\r' | b'\n' => {
                    newline = true;
                    break;
                }
                8 => printing -= 1,
                c if c >= b' ' => printing += 1,
                _ => {}
            }
        }
        if can_break
            && self.width != 255
            && row != HEIGHT
            && self.col != 1
            && self.col - 1 + printing > self.width
            && !newline
        {
            s.write(b"\r");
            self.col = 1;
        }
        let screen_width = s.width();
        for c in bytes {
            if self.width <= screen_width && self.col > self.width {
                s.write(b"\r");
                self.col = 1;
            }
            if self.col <= screen_width || self.width <= screen_width {
                s.write(std::slice::from_ref(c));
            }
            if *c == b'\r' || *c == b'\n' {
                self.col = 1;
            } else {
                self.col += 1;
            }
        }
    }

    /// The end of a PRINT # line: a CR.
    pub fn write_line(&mut self, s: &mut Screen) {
        s.write(b"\r");
        self.col = 1;
    }
}

impl Screen {
    /// A program's bytes written to the screen (PRINT, WRITE, a SCRN: file) as GW's
    /// screen device filters them: each CR is a new line (the driver adds its LF) and a
    /// LF right after a CR adds nothing, also when the CR ended an earlier statement's
    /// output; GW's own CR LF (the end of a PRINT line, `write`'s CR) leaves no CR
    /// behind, so a LF after it is a new line [S GIOSCN.ASM SCNOL1: LSTCHR, which every
    /// byte to the console and to SCRN: passes (GIOKYB.ASM's table sends the console's
    /// output to SCNSOT); GIO86.ASM CRDO: CR, then LF].
    pub fn write_data(&mut self, bytes: &[u8]) {
        let mut rest = bytes;
        while let Some(k) = rest.iter().position(|&c| c == b'\r') {
            self.write(&rest[..=k]);
            self.after_cr = true;
            rest = &rest[k + 1..];
        }
        if !rest.is_empty() {
            self.write(rest);
        }
    }

    /// Whether the last byte a program wrote was a CR, forgetting it (a SCRN: file's LF
    /// after a CR is dropped before its width is looked at: GIOSCN.ASM SCNOL1).
    pub fn take_after_cr(&mut self) -> bool {
        std::mem::take(&mut self.after_cr)
    }
}
