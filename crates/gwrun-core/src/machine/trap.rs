//! Error trapping (digest §10.4): ON ERROR GOTO, the jump to the handler with ERR and
//! ERL set, RESUME [0 | NEXT | n], ERROR n. An error while a handler runs is not
//! trapped; RESUME NEXT goes on after the failing statement's text.

use super::{Machine, Res};
use crate::compile::code::{Compiled, DIRECT, Pos};
use crate::error::ErrorCode;
use crate::syntax::ast::{self, OnErrorGoto, Resume, ResumeTo};
use crate::text::decode::statement_end;
use crate::text::token::Keyword;

/// Error-trap state.
#[derive(Debug, Clone, Default)]
pub struct Trap {
    /// The line ON ERROR GOTO armed (None: disarmed).
    pub handler: Option<u16>,
    /// A handler is running (set by a trapped error, cleared by RESUME and END).
    pub active: bool,
    /// ERR and ERL. ERR is GW's ERRFLG: RESUME clears it, and when it is a Syntax
    /// error at the `Ok` prompt the error's line is put up for editing.
    pub err: u8,
    pub erl: u16,
    /// The statement that failed (where RESUME goes back to).
    pub at: Option<Pos>,
    /// Where the error is reported (ERL): the failing statement, or the DATA or NEXT
    /// statement it was found in.
    pub report: Option<Pos>,
    /// The error being raised is never trapped (RESUME without an error to resume).
    pub fatal: bool,
    /// The error being raised is ERROR n's, not the interpreter's own.
    pub simulated: bool,
}

impl Trap {
    /// An error now would be trapped.
    pub fn armed(&self) -> bool {
        self.handler.is_some() && !self.active
    }
}

impl Machine {
    /// An error in the statement at `at`: jump to the ON ERROR handler, or stop with it.
    /// It is reported at `run.error_at` when that is set (a bad DATA item, a FOR's NEXT).
    pub(super) fn trap_error(&mut self, code: ErrorCode, at: Pos) -> Res<()> {
        let report = self.run.error_at.take().unwrap_or(at);
        self.abandon_temp(at);
        // the interpreter's Out of memory throws away every FOR, GOSUB and WHILE entry,
        // trapped or not, so that the stack's room comes back; ERROR 7 keeps them like any
        // other error [S BIMISC.ASM OMERR: SAVSTK = TOPMEM-2, which GWMAIN.ASM ERESET
        // restores; GETSTK, REASON, CLEAR and DIM's size all go there]
        if !std::mem::take(&mut self.run.trap.simulated) && code == ErrorCode::OutOfMemory {
            self.truncate_stack(0);
        }
        self.run.trap.err = code.number();
        self.run.trap.erl = self.number_of(report.line).unwrap_or(65535);
        // every error in a program line makes that line `.`, before the trap is looked
        // at; a direct statement's leaves it [S GWMAIN.ASM ERROR: "ONLY SET UP DOT IF IT
        // ISNT DIRECT"]
        if self.run.trap.erl != 65535 {
            self.run.error_dot = Some(self.run.trap.erl);
        }
        let fatal = std::mem::take(&mut self.run.trap.fatal);
        if let Some(target) = self
            .run
            .trap
            .handler
            .filter(|_| !self.run.trap.active && !fatal)
        {
            self.run.trap.at = Some(at);
            self.run.trap.report = Some(report);
            self.run.trap.active = true;
            let idx = self.search_line(target, 0)?;
            self.enter_line(idx);
            return Ok(());
        }
        self.pc = report;
        // an error not trapped ends any handler that was running [S GWMAIN.ASM ERROR,
        // NOTRAP: "RESET ONEFLG"]: ON ERROR GOTO 0 typed next is no pending error's
        self.run.trap.active = false;
        // an error in a direct statement leaves CONT as it was (a program stopped by STOP
        // or Ctrl-C goes on after it) [S GWMAIN.ASM ERRMOR: "IF DIRECT, DONT MODIFY
        // OLDTXT & OLDLIN"]
        if self.run.trap.erl != 65535 {
            self.run.cont = None;
        }
        Err(code.into())
    }

    /// ON ERROR GOTO names a handler (GW's ONELIN is not 0), whether or not one runs:
    /// what MATH1.ASM TRAPER looks at to make a soft Overflow an error.
    pub(crate) fn error_trap_set(&self) -> bool {
        self.run.trap.handler.is_some()
    }

    /// ON ERROR is off (GW's ONELIN cleared), as a program line's insertion leaves it.
    pub(crate) fn disarm_error_trap(&mut self) {
        self.run.trap.handler = None;
    }

    /// ON ERROR GOTO n (0 disarms; inside a handler, 0 makes the pending error fatal).
    pub(super) fn exec_on_error(&mut self, s: &OnErrorGoto<Compiled>, _at: Pos) -> Res<()> {
        let n = s.line;
        if n == 0 {
            self.run.trap.handler = None;
            if self.run.trap.active {
                // the pending error fires, reported where it happened
                self.run.error_at = self.run.trap.report;
                return Err(ErrorCode::from_number(self.run.trap.err).into());
            }
            return Ok(());
        }
        self.search_line(n, 0)?;
        self.run.trap.handler = Some(n);
        Ok(())
    }

    /// RESUME [0 | NEXT | n]. Without an error being handled it raises Resume without
    /// error, which ON ERROR does not catch [M unsorted/FOROVFL]. It clears ERR (ERL
    /// stays) before it looks at its operand; text after it is then a Syntax error raised
    /// while still in the handler [S GWMAIN.ASM RESUME].
    pub(super) fn exec_resume(&mut self, s: &Resume<Compiled>, _at: Pos) -> Res<()> {
        let to = s.to;
        let at = match self.run.trap.at {
            Some(at) if self.run.trap.active => at,
            _ => {
                self.run.trap.fatal = true;
                return Err(ErrorCode::ResumeWithoutError.into());
            }
        };
        self.run.trap.err = 0;
        if to == ResumeTo::Malformed {
            return Err(ErrorCode::SyntaxError.into());
        }
        match to {
            ResumeTo::Same | ResumeTo::Malformed => {
                let (same, _) = self.resume_points(at);
                self.goto_pos(same);
            }
            ResumeTo::Next => {
                let (_, next) = self.resume_points(at);
                self.goto_pos(next);
            }
            ResumeTo::Line(n) => {
                // a missing line is an error of the handler, still untrapped
                let idx = self.search_line(n, 0)?;
                self.enter_line(idx);
            }
        }
        self.run.trap.active = false;
        Ok(())
    }

    /// Where RESUME and RESUME NEXT go on after an error in the statement at `at`. GW
    /// keeps ERRTXT, the start of the statement NEWSTT last began: the `:`-separated
    /// piece of the line that holds the failing statement (a THEN or ELSE clause is
    /// entered without NEWSTT, so an error in its first statement keeps the IF's start).
    /// RESUME runs that piece again; RESUME NEXT skips to its end (DATA) and goes on
    /// with the statement after it, and when that is an ELSE (the cruncher puts a `:`
    /// before every ELSE) the ELSE skips the rest of the line [S GWMAIN.ASM
    /// RESUME/RESTXT, ELSES].
    fn resume_points(&self, at: Pos) -> (Pos, Pos) {
        let line = if at.line == DIRECT {
            self.direct.as_deref()
        } else {
            self.code.lines.get(at.line as usize)
        };
        let Some(line) = line else {
            let next = Pos {
                line: at.line,
                instr: at.instr + 1,
            };
            return (at, next);
        };
        let body = &line.body;
        let start = line
            .spans
            .get(at.instr as usize)
            .map_or(0, |s| usize::from(s.start));
        // ERRTXT: the last separator before `start` that is not an ELSE's (an ELSE
        // clause is entered from its IF, which stays the statement NEWSTT began)
        let else_at = |mut k: usize| {
            while body.get(k) == Some(&b' ') {
                k += 1;
            }
            body.get(k).map(|&b| u16::from(b)) == Some(Keyword::Else.code())
        };
        let (mut piece, mut head) = (0, 0);
        loop {
            if !else_at(piece) {
                head = piece;
            }
            let e = statement_end(body, piece);
            if e >= start || e >= body.len() {
                break;
            }
            piece = e + 1;
        }
        let end = statement_end(body, head);
        let first_from = |from: usize, after: bool| {
            line.spans
                .iter()
                .position(|s| {
                    let b = usize::from(s.start);
                    if after { b > from } else { b >= from }
                })
                .map_or(u32::MAX, |i| i as u32)
        };
        let same = Pos {
            line: at.line,
            instr: first_from(head, false).min(at.instr),
        };
        let mut k = end;
        while body.get(k) == Some(&b':') {
            k += 1;
        }
        let next = Pos {
            line: at.line,
            instr: if else_at(k) {
                u32::MAX
            } else {
                first_from(end, true)
            },
        };
        (same, next)
    }

    /// ERROR n: n is a byte (else Illegal function call), then the statement must end
    /// (else Syntax error), then 0 is Illegal function call [M unsorted/ERROR; S
    /// GWMAIN.ASM ERRORS].
    pub(super) fn exec_error(&mut self, s: &ast::Error<Compiled>, _at: Pos) -> Res<()> {
        let ast::Error { code: e, junk } = s;
        let junk = *junk;
        let n = self.eval_int(e)?;
        if !(0..=255).contains(&n) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        if junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        if n == 0 {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        self.run.trap.simulated = true;
        Err(ErrorCode::from_number(n as u8).into())
    }
}
