//! The line printers LPT1: to LPT3: as GW-BASIC 3.23 drives them (GIOLPT.ASM and the
//! real-GW models LPRINTChars, LPRINTComma, LPRINTBackspace, PrinterWIDTH, PrinterComma,
//! PrinterWIDTHLPRINTComma, PrinterBackspace1). Each printer keeps a device width (80;
//! WIDTH LPRINT and WIDTH "LPT1:" set it) and a device column, the one LPOS reads.
//!
//! - A byte updates a column as GW's UPDPOS does: a printable byte (32 and up) counts
//!   one, CR goes back to 0, backspace goes back one (not below 0), other control bytes
//!   (tab included) do not move it.
//! - Before a printable byte, a column at or past the width (not 255) gets CR LF first
//!   (CRIFEL). LPRINT and LLIST use the device's column and width; a file opened on the
//!   printer uses its own column and width (taken from the device at OPEN, WIDTH #n
//!   changes it), and each byte it writes copies its column into the device's.
//! - After a printable byte, a device column equal to the device width (not 255) ends
//!   the printed line: CR LF, and the device column is 0 again (a file keeps its own).
//! - The stream gets CR LF for a CR, and a LF right after a CR is dropped; a file
//!   opened FOR RANDOM with width 255 sends a CR alone.
//!
//! Where the stream goes is the host's choice (`--lpt1=FILE:name`, `--lpt1=STDIO:`);
//! without one it is discarded, as a PC without a printer attached.

use std::fmt;
use std::io::Write;

const CR: u8 = b'\r';
const LF: u8 = b'\n';
const BS: u8 = 8;

/// One printer port.
pub struct Printer {
    /// Device width (255: no limit).
    pub width: u8,
    /// Device column, 0-based (LPOS is this + 1).
    pub col: u8,
    /// The last byte sent was a CR (a LF now is dropped).
    last_cr: bool,
    out: Option<Box<dyn Write>>,
}

impl fmt::Debug for Printer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Printer")
            .field("width", &self.width)
            .field("col", &self.col)
            .field("attached", &self.out.is_some())
            .finish()
    }
}

impl Default for Printer {
    fn default() -> Self {
        Printer {
            width: 80,
            col: 0,
            last_cr: false,
            out: None,
        }
    }
}

/// GW's UPDPOS: the column after `c`.
pub(crate) fn update_column(col: u8, c: u8) -> u8 {
    match c {
        32.. => col.wrapping_add(1),
        CR => 0,
        BS => col.saturating_sub(1),
        _ => col,
    }
}

impl Printer {
    /// Sends the stream to `out` (None: discard it).
    pub fn attach(&mut self, out: Option<Box<dyn Write>>) {
        self.out = out;
    }

    fn raw(&mut self, c: u8) {
        if let Some(o) = &mut self.out {
            // a printer that fails to take a byte is not GW's concern here
            let _ = o.write_all(&[c]);
        }
    }

    /// LPOUT1: the byte to the stream with GW's CR LF filter.
    fn send(&mut self, c: u8, lf_after_cr: bool) {
        if c != LF || !self.last_cr {
            self.raw(c);
        }
        self.last_cr = c == CR;
        if c == CR && lf_after_cr {
            self.raw(LF);
        }
    }

    /// One byte through a column and width: CR LF first when the line is full, then the
    /// byte; returns the new column.
    fn through(&mut self, mut col: u8, width: u8, c: u8, lf_after_cr: bool) -> u8 {
        if c >= 32 && width != 255 && col >= width {
            self.send(CR, lf_after_cr);
            col = 0;
        }
        self.send(c, lf_after_cr);
        update_column(col, c)
    }

    /// The device's own line end: a printable byte that filled the device width.
    fn wrap(&mut self, c: u8) {
        if c >= 32 && self.width != 255 && self.col == self.width {
            self.send(CR, true);
            self.col = 0;
        }
    }

    /// A byte of LPRINT or LLIST.
    pub fn put(&mut self, c: u8) {
        self.col = self.through(self.col, self.width, c, true);
        self.wrap(c);
    }

    /// A byte of a file opened on the printer, with its column and width.
    pub fn put_file(&mut self, col: &mut u8, width: u8, random: bool, c: u8) {
        let lf = !(random && width == 255);
        *col = self.through(*col, width, c, lf);
        self.col = *col;
        self.wrap(c);
    }

    /// Sends what is buffered to the host.
    pub fn flush(&mut self) {
        if let Some(o) = &mut self.out {
            let _ = o.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    struct Shared(Rc<RefCell<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn attached() -> (Printer, Rc<RefCell<Vec<u8>>>) {
        let buf = Rc::new(RefCell::new(Vec::new()));
        let mut p = Printer::default();
        p.attach(Some(Box::new(Shared(buf.clone()))));
        (p, buf)
    }

    #[test]
    fn device_width_ends_the_line_after_the_byte_that_fills_it() {
        // LPRINTChars: the 80th printable byte brings LPOS back to 1
        let (mut p, buf) = attached();
        for _ in 0..79 {
            p.put(b'x');
        }
        assert_eq!(p.col, 79);
        p.put(b'x');
        assert_eq!(p.col, 0);
        assert!(buf.borrow().ends_with(b"x\r\n"));
    }

    #[test]
    fn control_bytes_do_not_move_the_column_but_cr_and_backspace_do() {
        let (mut p, _) = attached();
        p.put(b'h');
        p.put(b'i');
        p.put(9);
        p.put(10);
        assert_eq!(p.col, 2);
        p.put(BS);
        assert_eq!(p.col, 1);
        p.put(CR);
        assert_eq!(p.col, 0);
        p.put(BS);
        assert_eq!(p.col, 0);
    }

    #[test]
    fn cr_gets_lf_and_a_following_lf_is_dropped() {
        let (mut p, buf) = attached();
        p.put(b'a');
        p.put(CR);
        p.put(LF);
        p.put(b'b');
        assert_eq!(&*buf.borrow(), b"a\r\nb");
    }

    #[test]
    fn a_file_keeps_its_column_when_the_device_wraps() {
        // PrinterWIDTH: device width 21, file width 23
        let (mut p, _) = attached();
        p.width = 21;
        let mut col = 0;
        for _ in 0..21 {
            p.put_file(&mut col, 23, false, b'x');
        }
        assert_eq!((col, p.col), (21, 0));
        p.put_file(&mut col, 23, false, b'x');
        assert_eq!((col, p.col), (22, 22));
        p.put_file(&mut col, 23, false, b'x');
        p.put_file(&mut col, 23, false, b'x');
        assert_eq!(
            (col, p.col),
            (1, 1),
            "the file's width breaks before the byte"
        );
    }

    #[test]
    fn random_file_with_width_255_sends_cr_alone() {
        let (mut p, buf) = attached();
        let mut col = 0;
        p.put_file(&mut col, 255, true, b'a');
        p.put_file(&mut col, 255, true, CR);
        assert_eq!(&*buf.borrow(), b"a\r");
    }
}
