//! Parsers of the sound, printer and port statements: SOUND, PLAY, OUT,
//! WAIT, WIDTH LPRINT, WIDTH "device", LCOPY. GW converts each operand as it scans it,
//! so a missing comma after a converted operand is a Syntax error held in the next
//! operand (raised after the conversion), not a fault of the whole statement.

use super::{PResult, Parser};
use crate::error::ErrorCode;
use crate::syntax::ast::{
    DeviceWidth, Expr, Ignored, Ioctl, Lcopy, Out, Parsed, Play, PrinterWidth, Sound, Stmt, Wait,
};
use crate::text::decode::Tok;
use crate::text::token::Keyword;

impl<'a> Parser<'a> {
    /// `, expr` after a converted operand: a missing comma raises Syntax error there.
    pub(super) fn next_operand(&mut self) -> Expr {
        if self.eat_char(b',') {
            let e = self.expr();
            self.embed(e)
        } else {
            self.faulted = true;
            Expr::raise(ErrorCode::SyntaxError)
        }
    }

    /// sound -> SOUND freq , duration: the frequency is converted before the comma is
    /// looked for (`SOUND "",` a Type mismatch, `SOUND 32768` an Overflow, `SOUND -1` a
    /// Syntax error); text after the duration is a Syntax error found after the
    /// frequency is converted but before either is checked [M unsorted/SOUND].
    pub(super) fn parse_sound(&mut self) -> PResult<Stmt<Parsed>> {
        let freq = self.expr()?;
        let duration = self.next_operand();
        let junk = !self.at_stmt_end();
        self.faulted |= junk;
        Ok(Stmt::Sound(Sound {
            freq,
            duration,
            junk,
        }))
    }

    /// play -> PLAY string | PLAY ON|OFF|STOP (the event switch: the events mechanism's).
    pub(super) fn parse_play(&mut self) -> PResult<Stmt<Parsed>> {
        if matches!(
            self.peek(),
            Some(Tok::Kw(Keyword::On | Keyword::Off | Keyword::Stop))
        ) {
            return self.parse_event_switch(crate::syntax::ast::EventKind::Play);
        }
        // GW-BASIC 3.23 reads PLAY's operand list as the PCjr's three voices and refuses
        // anything after the first string with an Illegal function call, before playing
        // (PC-BASIC 2.0.8 does the same in its GW-BASIC mode; the 1983 source's MACLNG
        // would leave a Syntax error to NEWSTT after playing)
        let mml = self.expr()?;
        let junk = !self.at_stmt_end();
        self.faulted |= junk;
        Ok(Stmt::Play(Play { mml, junk }))
    }

    /// out -> OUT port , byte
    pub(super) fn parse_out(&mut self) -> PResult<Stmt<Parsed>> {
        let port = self.expr()?;
        let value = self.next_operand();
        Ok(Stmt::Out(Out { port, value }))
    }

    /// wait -> WAIT port , and [, xor]: after the AND mask anything but the end of the
    /// statement must be a comma and the XOR mask, checked before the port is read
    /// (`WAIT 0,255;1` a Syntax error, not a wait) [S GWEVAL.ASM FNWAIT: CHRGTR, SYNCHR
    /// ',', GETBYT before LOPINP]; text after the XOR mask is NEWSTT's, after the wait.
    pub(super) fn parse_wait(&mut self) -> PResult<Stmt<Parsed>> {
        let port = self.expr()?;
        let and = self.next_operand();
        let xor = if self.faulted || self.at_stmt_end() {
            None
        } else {
            Some(self.next_operand())
        };
        Ok(Stmt::Wait(Wait { port, and, xor }))
    }

    /// lcopy -> LCOPY [n]
    pub(super) fn parse_lcopy(&mut self) -> PResult<Stmt<Parsed>> {
        if self.at_stmt_end() {
            return Ok(Stmt::Lcopy(Lcopy { n: None }));
        }
        Ok(Stmt::Lcopy(Lcopy {
            n: Some(self.expr()?),
        }))
    }

    /// ioctl -> IOCTL [#]file , string
    pub(super) fn parse_ioctl(&mut self) -> PResult<Stmt<Parsed>> {
        self.eat_char(b'#');
        let file = self.expr()?;
        let data = self.next_operand();
        Ok(Stmt::Ioctl(Ioctl { file, data }))
    }

    /// term -> TERM: a 3.23 keyword (0xFEA6, the PCjr's terminal program) that does
    /// nothing; anything after it is a Syntax error [M unsorted/TERM].
    pub(super) fn parse_term(&mut self) -> PResult<Stmt<Parsed>> {
        if self.at_stmt_end() {
            Ok(Stmt::Ignored(Ignored {
                keyword: Keyword::Term,
            }))
        } else {
            super::fault(ErrorCode::SyntaxError)
        }
    }

    /// WIDTH LPRINT n (after the keywords).
    pub(super) fn parse_printer_width(&mut self) -> PResult<Stmt<Parsed>> {
        Ok(Stmt::PrinterWidth(PrinterWidth {
            width: self.expr()?,
        }))
    }

    /// WIDTH "device", n: GIO86.ASM WIDTHS's string path, the device expression already
    /// scanned; then `SYNCHR ','` and GETWDT's byte. A missing comma is a Syntax error
    /// held in `width`, raised after the device name is checked (PARDEV comes first).
    pub(super) fn parse_device_width(&mut self, device: Expr) -> DeviceWidth<Parsed> {
        if !self.eat_char(b',') {
            return DeviceWidth {
                device,
                width: Expr::raise(ErrorCode::SyntaxError),
                junk: false,
            };
        }
        let width = self.expr().unwrap_or_else(|f| f);
        let junk = !width.is_faulty() && !self.at_stmt_end();
        DeviceWidth {
            device,
            width,
            junk,
        }
    }
}
