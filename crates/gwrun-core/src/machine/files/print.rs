//! PRINT# and WRITE# to files, with GW-BASIC's own PRINT algorithm on the file's column
//! (one byte: only bytes >= 32 count, CR resets it, it wraps at 256) and width (WIDTH #n,
//! 255 meaning none): the device never breaks a line by itself, so WIDTH only decides
//! where PRINT# starts a new line before an item (an item that would pass the width, when
//! the column is not 0) and where a comma does (past the last comma zone; with a width
//! under 14 a comma always pads to the next 14-column zone). A number always keeps its
//! trailing blank (unsorted/PRFLOAT: 3.23 has no MODCOM exception before a comma). TAB and SPC
//! count modulo the width. WRITE# writes each item as it is evaluated, never breaks a
//! line, and on a random file pads the record with blanks before its CR LF. On a random
//! file everything goes into the record buffer (Field overflow at its end) and the FIELD
//! variables are refreshed. A SCRN: file prints on the screen with this algorithm, on the
//! cursor's column and the file's width (`scrn_out`); a CON file prints as PRINT and WRITE do.

use super::super::{Machine, Res};
use crate::compile::code::{CChannel, CExpr, CPrintItem};
use crate::dos::table::Target;
use crate::error::ErrorCode;
use crate::machine::print::{spaces_after_newline, tab_operand};
use crate::machine::value::Value;

/// Print zone width.
const ZONE: u8 = 14;

/// The last column where a comma still pads (GW's PTRWDC), in byte arithmetic:
/// width - width % 14 - 14.
fn last_comma_column(width: u8) -> u8 {
    width.wrapping_sub(width % ZONE).wrapping_sub(ZONE)
}

impl Machine {
    /// The file number of PRINT#/WRITE# and where its output goes.
    fn output_file(&mut self, f: &CExpr) -> Res<(u8, Target)> {
        let n = self.file_number(f)?;
        let t = self.io.files.output_target(n)?;
        Ok((n, t))
    }

    /// Bytes to file `n` (an effect a statement that waited does not make again when it
    /// runs again: machine::resume).
    pub(crate) fn file_out(&mut self, n: u8, bytes: &[u8]) -> Res<()> {
        if !self.effect() {
            return Ok(());
        }
        if self.io.files.is_scrn(n) {
            self.scrn_out(n, bytes);
            return Ok(());
        }
        Ok(self.io.files.write(n, bytes)?)
    }

    /// The column PRINT# works from: the file's, or for SCRN: the cursor's, never past
    /// the last column (GIOSCN.ASM SCNGPS).
    pub(crate) fn file_column(&self, n: u8) -> u8 {
        if self.io.files.is_scrn(n) {
            let (_, col, _) = self.io.screen.cursor();
            return (col - 1).clamp(0, 255) as u8;
        }
        self.io.files.column(n)
    }

    /// A SCRN: file with the cursor on the screen's last row, where PRINT never starts a
    /// new row before an item, as on the screen (`Screen::print_needs_break`).
    fn scrn_last_row(&self, n: u8) -> bool {
        self.io.files.is_scrn(n) && self.io.screen.cursor().0 == crate::screen::HEIGHT
    }

    /// Bytes of a SCRN: file, as GW's screen device puts them (GIOSCN.ASM SCNOL1 and
    /// SCNOL2): a CR is a new line and a LF right after it adds nothing; before any other
    /// byte, a cursor past the file's width starts a new line (unless it is on the last
    /// column: the screen wraps by itself then), and a cursor past the last column of a
    /// wider file goes back onto it, so such a row is never wrapped [M unsorted/SCRNWID2].
    fn scrn_out(&mut self, n: u8, bytes: &[u8]) {
        let width = i32::from(self.io.files.width(n));
        for &c in bytes {
            // a CR, and a LF right after one: the screen's filter, which the console's
            // output passes too (`Screen::write_data`)
            if c == b'\r' {
                self.screen_write_data(b"\r");
                continue;
            }
            if c == b'\n' && self.io.screen.take_after_cr() {
                continue;
            }
            let linlen = self.io.screen.width();
            let (_, col, pending) = self.io.screen.cursor();
            let csrx = col + i32::from(pending);
            if csrx > width && csrx != linlen {
                self.screen_write(b"\r");
            } else if csrx > linlen {
                self.io.screen.overwrite_last_column(c);
                continue;
            }
            self.screen_write(&[c]);
        }
    }

    /// PRINT #n, items [USING fmt; values].
    pub(crate) fn print_to_file(
        &mut self,
        f: &CExpr,
        lead: &[CPrintItem],
        using: Option<&CExpr>,
        items: &[CPrintItem],
    ) -> Res<()> {
        let (n, target) = self.output_file(f)?;
        if target == Target::Screen && !self.io.files.is_scrn(n) {
            return self.print_to(&CChannel::Screen, lead, using, items);
        }
        let r = self.print_file_parts(n, lead, using, items);
        if self.io.files.is_random(n) {
            self.refresh_fields(n);
        }
        r
    }

    /// LPRINT items [USING fmt; values]: GW's pseudo file on LPT1: (number 0 in the
    /// table), printed with the file algorithm on the device's column and width.
    pub(crate) fn print_to_printer(
        &mut self,
        lead: &[CPrintItem],
        using: Option<&CExpr>,
        items: &[CPrintItem],
    ) -> Res<()> {
        self.print_file_parts(0, lead, using, items)
    }

    fn print_file_parts(
        &mut self,
        n: u8,
        lead: &[CPrintItem],
        using: Option<&CExpr>,
        items: &[CPrintItem],
    ) -> Res<()> {
        match using {
            Some(fmt) => {
                self.print_items(n, lead, false)?;
                self.print_using(super::super::print::Sink::File(n), fmt, items)
            }
            None => self.print_items(n, items, true),
        }
    }

    /// PRINT's items on file n; `end` as in `print_screen_items`.
    fn print_items(&mut self, n: u8, items: &[CPrintItem], end: bool) -> Res<()> {
        let width = self.io.files.width(n);
        let infinite = width == 255;
        let last_comma = last_comma_column(width);
        let mut newline = true;
        for item in items {
            newline = true;
            match item {
                CPrintItem::Expr(e) => {
                    let text = match self.eval(e)? {
                        Value::Str(s) => s,
                        v => {
                            self.count(crate::machine::counters::Dyn::NumOut, 1);
                            // the trailing blank is always there: the 1983 source's
                            // MODCOM exception is not in 3.23 (unsorted/PRFLOAT)
                            let mut t = v.num()?.to_basic_string().into_bytes();
                            t.push(b' ');
                            t.into()
                        }
                    };
                    let col = self.file_column(n);
                    if !infinite && col != 0 && !self.scrn_last_row(n) {
                        let end = u16::from(col) + text.len() as u16;
                        if end > 255 || end > u16::from(width) {
                            self.file_out(n, b"\r\n")?;
                        }
                    }
                    self.file_out(n, &text)?;
                    self.recycle_str(text);
                }
                CPrintItem::Semicolon => newline = false,
                CPrintItem::Comma => {
                    newline = false;
                    let col = self.file_column(n);
                    if !infinite && col >= last_comma {
                        self.file_out(n, b"\r\n")?;
                    } else {
                        let pad = ZONE - col % ZONE;
                        self.file_out(n, &[b' '; ZONE as usize][..usize::from(pad)])?;
                    }
                }
                CPrintItem::Tab(e) | CPrintItem::Spc(e) => {
                    newline = false;
                    let tab = matches!(item, CPrintItem::Tab(_));
                    let arg = self.eval_address(e)?;
                    let to = tab_operand(arg, tab, u16::from(width));
                    let spaces = if tab {
                        let col = self.file_column(n);
                        if to >= col {
                            to - col
                        } else {
                            self.file_out(n, b"\r\n")?;
                            spaces_after_newline(to)
                        }
                    } else {
                        to
                    };
                    self.file_out(n, &vec![b' '; usize::from(spaces)])?;
                }
            }
        }
        if newline && end {
            self.file_out(n, b"\r\n")?;
        }
        Ok(())
    }

    /// WRITE #n, items.
    pub(crate) fn write_to_file(&mut self, f: &CExpr, exprs: &[CExpr], junk: bool) -> Res<()> {
        let (n, target) = self.output_file(f)?;
        if target == Target::Screen && !self.io.files.is_scrn(n) {
            return self.write_to(&CChannel::Screen, exprs, junk);
        }
        let r = self.write_items(n, exprs, junk);
        if self.io.files.is_random(n) {
            self.refresh_fields(n);
        }
        r
    }

    fn write_items(&mut self, n: u8, exprs: &[CExpr], junk: bool) -> Res<()> {
        for (i, e) in exprs.iter().enumerate() {
            if i > 0 {
                self.file_out(n, b",")?;
            }
            match self.eval(e)? {
                Value::Str(s) => {
                    self.file_out(n, b"\"")?;
                    self.file_out(n, &s)?;
                    self.file_out(n, b"\"")?;
                    self.recycle_str(s);
                }
                v => {
                    let t = v.num()?.to_basic_string();
                    let t = t.strip_prefix(' ').unwrap_or(&t);
                    self.file_out(n, t.as_bytes())?;
                }
            }
        }
        if junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        if let Some(room) = self.io.files.field_room(n)
            && room >= 2
        {
            self.file_out(n, &vec![b' '; room - 2])?;
        }
        self.file_out(n, b"\r\n")
    }
}

#[cfg(test)]
mod tests {
    use super::last_comma_column;

    #[test]
    fn last_comma_columns() {
        assert_eq!(last_comma_column(80), 56);
        assert_eq!(last_comma_column(40), 14);
        assert_eq!(last_comma_column(14), 0);
        assert_eq!(
            last_comma_column(10),
            242,
            "under 14 the byte wraps: commas always pad"
        );
        assert_eq!(last_comma_column(255), 238);
    }
}
