//! Parsers of the event and clock statements: `ON <event> GOSUB line`,
//! `<event> ON|OFF|STOP` and `DATE$ =` / `TIME$ =`.

use super::{PResult, Parser, fault};
use crate::error::ErrorCode;
use crate::syntax::ast::*;
use crate::text::token::Keyword;

impl<'a> Parser<'a> {
    /// The event a keyword names (`KEY`, `COM`, `PEN`, `STRIG`, `PLAY`, `TIMER`).
    pub(super) fn event_kind(k: Keyword) -> Option<EventKind> {
        Some(match k {
            Keyword::Key => EventKind::Key,
            Keyword::Com => EventKind::Com,
            Keyword::Pen => EventKind::Pen,
            Keyword::Strig => EventKind::Strig,
            Keyword::Play => EventKind::Play,
            Keyword::Timer => EventKind::Timer,
            _ => return None,
        })
    }

    /// The `(n)` after an event keyword: required for KEY, COM, STRIG, PLAY and TIMER in
    /// `ON ... GOSUB`; PEN takes none.
    fn event_number(&mut self, kind: EventKind) -> PResult<Option<Expr>> {
        if kind == EventKind::Pen {
            return Ok(None);
        }
        self.expect_char(b'(')?;
        let e = self.expr()?;
        self.expect_char(b')')?;
        Ok(Some(e))
    }

    /// on-event -> ON event[(n)] GOSUB line (after ON and the event keyword). GW takes
    /// the event's number and checks its range before it looks for GOSUB, so text that
    /// goes wrong after the number is kept as the statement's fault, raised after the
    /// number's own errors [S GWSTS.ASM ONGOTP, ONFUN: GETSUB, CMP AL,CL, then the ON
    /// statement's GOSUB and LINGET].
    pub(super) fn parse_on_event(&mut self, kind: EventKind) -> PResult<Stmt<Parsed>> {
        let arg = self.event_number(kind)?;
        let (line, fault) = match self
            .expect_kw(Keyword::Gosub)
            .and_then(|_| self.line_number())
        {
            Ok(line) => (line, None),
            Err(f) => {
                self.faulted = true;
                (0, Some(Box::new(f)))
            }
        };
        Ok(Stmt::OnEvent(OnEvent {
            kind,
            arg,
            line,
            fault,
        }))
    }

    /// event-switch -> event[(n)] (ON | OFF | STOP) (after the event keyword): KEY, COM
    /// and STRIG take `(n)`; PEN, PLAY and TIMER none.
    pub(super) fn parse_event_switch(&mut self, kind: EventKind) -> PResult<Stmt<Parsed>> {
        if kind == EventKind::Strig && !self.is_char(b'(') {
            // STRIG ON|OFF: the joystick buttons are read or not (no trap involved)
            if self.eat_kw(Keyword::On) || self.eat_kw(Keyword::Off) {
                return Ok(Stmt::Ignored(Ignored {
                    keyword: Keyword::Strig,
                }));
            }
            return fault(ErrorCode::SyntaxError);
        }
        let arg = match kind {
            EventKind::Key | EventKind::Com | EventKind::Strig => {
                self.expect_char(b'(')?;
                let e = self.expr()?;
                self.expect_char(b')')?;
                Some(e)
            }
            _ => None,
        };
        let switch = if self.eat_kw(Keyword::On) {
            EventSwitch::On
        } else if self.eat_kw(Keyword::Off) {
            EventSwitch::Off
        } else if self.eat_kw(Keyword::Stop) {
            EventSwitch::Stop
        } else {
            return Err(switch_fault(arg.as_ref()));
        };
        if !self.at_stmt_end() {
            return Err(switch_fault(arg.as_ref()));
        }
        Ok(Stmt::EventState(EventState { kind, arg, switch }))
    }

    /// set-clock -> (DATE$ | TIME$) = expr (after the keyword).
    pub(super) fn parse_set_clock(&mut self, date: bool) -> PResult<Stmt<Parsed>> {
        self.expect_kw(Keyword::Equal)?;
        let value = self.expr()?;
        Ok(Stmt::SetClock(SetClock { date, value }))
    }
}

/// The Syntax error of an event switch (`KEY(n)`, `COM(n)`, `STRIG(n)`) whose ON, OFF or
/// STOP is missing or wrong, or is followed by more text.  The number was taken as a byte
/// (GETBYT) right after `(`, so its type mismatch, overflow or a value outside 0..255
/// comes first (CHR$ converts its operand alike); the event's range is checked only
/// after the end of the statement [S GWSTS.ASM SEVSTT: GETBYT, `)`, EOSCH1, CMP AL,CL].
pub(super) fn switch_fault(arg: Option<&Expr>) -> Expr {
    let scanned = arg.map(|e| Expr::Call(Func::ChrS, vec![e.clone()]));
    Expr::Raise(scanned.into_iter().collect(), ErrorCode::SyntaxError)
}
