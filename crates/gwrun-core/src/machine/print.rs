//! Output statements: PRINT with `;` `,` zones, TAB and SPC, PRINT USING, WRITE, number
//! layout with the trailing space, on the screen (through the screen model, `display`)
//! and in files (digest §7.1, §7.3).

use super::{Machine, Res};
use crate::compile::code::{CChannel, CExpr, CPrintItem, Compiled, Pos};
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::num::{UsingError, UsingFormatter};
use crate::syntax::ast::{Print, Width, Write};

/// Print zone width.
const ZONE: u16 = 14;

/// Where printed text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sink {
    Screen,
    File(u8),
}

impl Machine {
    fn column(&self, sink: Sink) -> u16 {
        match sink {
            Sink::Screen => self.screen_col0() as u16,
            Sink::File(n) => u16::from(self.file_column(n)),
        }
    }

    fn width(&self, sink: Sink) -> u16 {
        match sink {
            Sink::Screen => self.io.screen.width() as u16,
            Sink::File(n) => u16::from(self.io.files.width(n)),
        }
    }

    /// A program's bytes (PRINT, WRITE, a SCRN: file): `Screen::write_data`.
    pub(crate) fn screen_write_data(&mut self, bytes: &[u8]) {
        self.count(crate::machine::counters::Dyn::OutChars, bytes.len() as u64);
        self.io.screen.write_data(bytes);
        self.flush_screen();
    }

    /// Bytes of a PRINT or WRITE. Each output is an effect a statement that waited does
    /// not make again when it runs again (machine::resume).
    pub(crate) fn emit(&mut self, sink: Sink, bytes: &[u8]) -> Res<()> {
        match sink {
            Sink::Screen => {
                if self.effect() {
                    self.screen_write_data(bytes);
                }
                Ok(())
            }
            Sink::File(n) => self.file_out(n, bytes),
        }
    }

    fn newline(&mut self, sink: Sink) -> Res<()> {
        match sink {
            Sink::Screen => {
                if self.effect() {
                    self.screen_newline();
                }
                Ok(())
            }
            Sink::File(n) => self.file_out(n, b"\r\n"),
        }
    }

    /// An item of PRINT: a new line first if it would not fit on this one.
    fn emit_item(&mut self, sink: Sink, text: &[u8]) -> Res<()> {
        self.fit(sink, text.len())?;
        self.emit(sink, text)
    }

    /// The end of a PRINT or WRITE line (on the screen, a full row is followed by an
    /// empty one).
    fn end_line(&mut self, sink: Sink) -> Res<()> {
        match sink {
            Sink::Screen => {
                if self.effect() {
                    self.io.screen.print_end();
                    self.flush_screen();
                }
                Ok(())
            }
            Sink::File(n) => self.file_out(n, b"\r\n"),
        }
    }

    /// A new line if `len` more characters would not fit on the current one.
    fn fit(&mut self, sink: Sink, len: usize) -> Res<()> {
        if sink == Sink::Screen {
            if self.io.screen.print_needs_break(len) && self.effect() {
                self.screen_newline();
            }
            return Ok(());
        }
        let (col, width) = (self.column(sink), self.width(sink));
        if col > 0 && width < 255 && usize::from(col) + len > usize::from(width) {
            self.newline(sink)?;
        }
        Ok(())
    }

    pub(crate) fn sink(&mut self, channel: &CChannel) -> Res<Sink> {
        match channel {
            CChannel::Screen | CChannel::Printer => Ok(Sink::Screen),
            CChannel::File(e) => {
                let n = self.file_number(e)?;
                self.io.files.output_target(n)?;
                Ok(Sink::File(n))
            }
        }
    }

    /// PRINT [#n,] items [USING fmt; values] (also `?` and LPRINT).
    #[inline]
    pub(super) fn exec_print(&mut self, s: &Print<Compiled>, _at: Pos) -> Res<()> {
        self.print_to(&s.channel, &s.lead, s.using.as_ref(), &s.items)
    }

    /// PRINT's items to `channel`: `lead` are the items before USING.
    #[inline(never)]
    pub(crate) fn print_to(
        &mut self,
        channel: &CChannel,
        lead: &[CPrintItem],
        using: Option<&CExpr>,
        items: &[CPrintItem],
    ) -> Res<()> {
        match channel {
            CChannel::File(f) => return self.print_to_file(f, lead, using, items),
            CChannel::Printer => return self.print_to_printer(lead, using, items),
            CChannel::Screen => {}
        }
        let sink = self.sink(channel)?;
        if let Some(fmt) = using {
            self.print_screen_items(sink, lead, false)?;
            return self.print_using(sink, fmt, items);
        }
        self.print_screen_items(sink, items, true)
    }

    /// PRINT's items on the screen (or a device); `end`: the statement ends here, so a
    /// new line follows unless the last item was `;`, `,`, TAB or SPC.
    fn print_screen_items(&mut self, sink: Sink, items: &[CPrintItem], end: bool) -> Res<()> {
        let mut newline = true;
        for item in items {
            newline = true;
            match item {
                CPrintItem::Expr(e) => {
                    let text = match self.eval(e)? {
                        Value::Str(s) => {
                            self.emit_item(sink, &s)?;
                            // printed, then freed [S GIO86.ASM PRINT: STRPRT, FRESTR]
                            self.recycle_str(s);
                            continue;
                        }
                        v => v.num()?.to_basic_string(),
                    };
                    self.count(crate::machine::counters::Dyn::NumOut, 1);
                    // the number and its trailing space must fit together
                    self.fit(sink, text.len() + 1)?;
                    self.emit(sink, text.as_bytes())?;
                    // always followed by its space, also before a comma: 3.23 has no
                    // MODCOM rule (the 1983 source's GIO86.ASM) [M unsorted/PRFLOAT]
                    self.emit(sink, b" ")?;
                }
                CPrintItem::Semicolon => newline = false,
                CPrintItem::Comma => {
                    newline = false;
                    self.next_zone(sink)?;
                }
                CPrintItem::Tab(e) => {
                    newline = false;
                    let n = self.eval_address(e)?;
                    self.tab(sink, n)?;
                }
                CPrintItem::Spc(e) => {
                    newline = false;
                    let n = self.eval_address(e)?;
                    let count = tab_operand(n, false, self.width(sink));
                    self.emit(sink, &vec![b' '; usize::from(count)])?;
                }
            }
        }
        if newline && end {
            self.end_line(sink)?;
        }
        Ok(())
    }

    /// `,`: pad to the next 14-column zone, or a new line past the last zone.
    fn next_zone(&mut self, sink: Sink) -> Res<()> {
        let (col, width) = (self.column(sink), self.width(sink));
        let last_zone = (width / ZONE).saturating_sub(1) * ZONE;
        if width < 255 && col >= last_zone {
            return self.newline(sink);
        }
        let target = (col / ZONE + 1) * ZONE;
        self.emit(sink, &vec![b' '; usize::from(target - col)])
    }

    /// TAB(n): to column n; past it already → a new line first, then to the column.
    fn tab(&mut self, sink: Sink, n: u16) -> Res<()> {
        let target = tab_operand(n, true, self.width(sink));
        let col = self.column(sink) as u8;
        if target >= col {
            return self.emit(sink, &vec![b' '; usize::from(target - col)]);
        }
        self.newline(sink)?;
        self.emit(sink, &vec![b' '; usize::from(spaces_after_newline(target))])
    }

    /// PRINT USING: the format is applied to each value in turn; the literal text up to
    /// a field is printed before the value is evaluated, as GW-BASIC does, so a soft
    /// error's message (Division by zero, Overflow) comes after it [S BIPRTU.ASM PRINUS:
    /// the format's characters go out through OUTDO as they are scanned, FRMEVL reads
    /// each value when the scan reaches its field].
    pub(super) fn print_using(&mut self, sink: Sink, fmt: &CExpr, items: &[CPrintItem]) -> Res<()> {
        let format = self.eval_str(fmt)?;
        let mut f = UsingFormatter::new(&format).map_err(using_error)?;
        let mut out = Vec::new();
        if !items.iter().any(|i| matches!(i, CPrintItem::Expr(_))) {
            // GW reads a value as soon as the format reaches a field: with the statement
            // over, the operand is missing; a format without a field is an Illegal
            // function call once it has been printed [M gwbasic/various_syntax_errors;
            // S BIPRTU.ASM ISSTRF, REUSST]
            let field = f.next_field(&mut out);
            self.emit(sink, &out)?;
            field.map_err(using_error)?;
            return Err(ErrorCode::MissingOperand.into());
        }
        let mut newline = true;
        let result = self.using_items(sink, &mut f, items, &mut out, &mut newline);
        if result.is_ok() {
            f.finish(&mut out);
        }
        self.emit(sink, &out)?;
        result?;
        if newline {
            self.end_line(sink)?;
        }
        Ok(())
    }

    fn using_items(
        &mut self,
        sink: Sink,
        f: &mut UsingFormatter,
        items: &[CPrintItem],
        out: &mut Vec<u8>,
        newline: &mut bool,
    ) -> Res<()> {
        for item in items {
            let CPrintItem::Expr(e) = item else {
                *newline = false;
                continue;
            };
            *newline = true;
            if matches!(e, CExpr::Raise(_)) {
                // text after a value that is not `;` or `,`: the error comes before the
                // format is scanned on [S BIPRTU.ASM FNSTRF]
                self.eval(e)?;
            }
            f.next_field(out).map_err(using_error)?;
            if !out.is_empty() {
                self.emit(sink, out)?;
                out.clear();
            }
            match self.eval(e)? {
                Value::Str(s) => {
                    f.put_str(&s, out).map_err(using_error)?;
                    self.recycle_str(s);
                }
                v => {
                    self.count(crate::machine::counters::Dyn::NumOut, 1);
                    f.put_num(v.num()?, out).map_err(using_error)?
                }
            }
        }
        Ok(())
    }

    /// WRITE [#n,] values.
    #[inline]
    pub(super) fn exec_write(&mut self, s: &Write<Compiled>, _at: Pos) -> Res<()> {
        self.write_to(&s.channel, &s.exprs, s.junk)
    }

    /// WRITE's values to `channel`: comma-separated, strings quoted, numbers without
    /// spaces. Each value is written as it is evaluated and the comma after it before the
    /// next (an error in a value leaves what came before it written); `junk` after the
    /// last value is a Syntax error, with no line end written [S FIVEO.ASM WRITE].
    pub(crate) fn write_to(&mut self, channel: &CChannel, exprs: &[CExpr], junk: bool) -> Res<()> {
        if let CChannel::File(f) = channel {
            return self.write_to_file(f, exprs, junk);
        }
        let sink = self.sink(channel)?;
        for (i, e) in exprs.iter().enumerate() {
            if i > 0 {
                self.emit(sink, b",")?;
            }
            match self.eval(e)? {
                Value::Str(s) => {
                    let mut out = Vec::with_capacity(s.len() + 2);
                    out.push(b'"');
                    out.extend_from_slice(&s);
                    out.push(b'"');
                    self.emit(sink, &out)?;
                    self.recycle_str(s);
                }
                v => {
                    let t = v.num()?.to_basic_string();
                    self.emit(sink, t.trim_start().as_bytes())?;
                }
            }
        }
        if junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        self.end_line(sink)
    }

    /// WIDTH n / WIDTH #f, n.
    pub(super) fn exec_width(&mut self, s: &Width<Compiled>, _at: Pos) -> Res<()> {
        let Width { file, width } = s;
        let file = file.as_ref();
        match file {
            Some(f) => self.exec_file_width(f, width),
            None => {
                let w = self.eval_int(width)?;
                self.io.screen.set_width(i32::from(w))?;
                self.flush_screen();
                Ok(())
            }
        }
    }
}

fn using_error(e: UsingError) -> super::Halt {
    match e {
        UsingError::TypeMismatch => ErrorCode::TypeMismatch.into(),
        _ => ErrorCode::IllegalFunctionCall.into(),
    }
}

/// TAB's and SPC's operand as GW-BASIC takes it [S GIO86.ASM TABER]: a 16-bit word
/// (ADRGET: -32768..65535), 0 when it is not positive as a signed word, TAB's counted from
/// 0, then modulo the line's width unless the width is 255; its low byte is TAB's column
/// (from 0) or SPC's count of spaces.
pub(super) fn tab_operand(n: u16, tab: bool, width: u16) -> u8 {
    let mut d = match n as i16 {
        ..=0 => 0,
        v if tab => (v - 1) as u16,
        v => v as u16,
    };
    if width != 255 {
        d %= width.max(1);
    }
    d as u8
}

/// The spaces TAB writes after it started a new line to reach column `target` (from 0):
/// TABER counts them in a signed byte, so none past column 128.
pub(super) fn spaces_after_newline(target: u8) -> u8 {
    if target <= 128 { target } else { 0 }
}
