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

    /// on-event -> ON event[(n)] GOSUB line (after ON and the event keyword).
    pub(super) fn parse_on_event(&mut self, kind: EventKind) -> PResult<Stmt<Parsed>> {
        let arg = self.event_number(kind)?;
        self.expect_kw(Keyword::Gosub)?;
        let line = self.line_number()?;
        Ok(Stmt::OnEvent(OnEvent { kind, arg, line }))
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
            return fault(ErrorCode::SyntaxError);
        };
        // the end of the statement is checked before the event's number [S GWSTS.ASM
        // SEVSTT: EOSCH1 after `)` and ON/OFF/STOP, then the range]
        if !self.at_stmt_end() {
            return Err(Expr::Raise(
                arg.into_iter().collect(),
                ErrorCode::SyntaxError,
            ));
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
