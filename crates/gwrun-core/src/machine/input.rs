//! Keyboard and file input statements: INPUT (prompt, `? `, `?Redo from start`),
//! LINE INPUT, INPUT#, LINE INPUT# (digest §9; GW-BASIC manual INPUT). A reply not yet
//! typed is a wait (machine::resume): the statement runs again when it comes, without
//! its prompt shown twice.

use super::resume::{Reply, Taken, Wait};
use super::{Machine, Res};
use crate::compile::code::{CChannel, CLValue, Compiled, Pos};
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::num;
use crate::syntax::ast::VarType;
use crate::syntax::ast::{Input, LineInput};
use crate::text::fields::split_fields;
use std::rc::Rc;

impl Machine {
    /// A reply typed at the keyboard after `prompt` (written first): through the
    /// full-screen editor when keys were typed or the terminal shows the full screen,
    /// else a line of the console's input. `keep_line`: the cursor stays after the
    /// reply (`INPUT;`). A wait for the reply suspends the statement; when it runs
    /// again the prompt is not shown again (machine::resume).
    pub(crate) fn keyboard_reply(&mut self, prompt: &[u8], keep_line: bool) -> Res<Vec<u8>> {
        let editor = match self.replayed() {
            Some(Taken::Editor(e)) => e,
            _ => {
                let e = self.uses_editor();
                self.record(Taken::Editor(e));
                e
            }
        };
        if editor {
            return match self.edit_entry(prompt, true, !keep_line)? {
                Some(line) => Ok(line),
                None => Err(self.keyboard_ended()),
            };
        }
        if self.effect() {
            self.screen_write(prompt);
        }
        self.keyboard_line(keep_line)
    }

    /// The keyboard's input has ended under a statement reading it (a redirected stdin
    /// at its end, no typed keys left, the window closed): GW-BASIC closes its files and
    /// returns to DOS (the GW-BASIC manual, redirection of standard input), so no ON
    /// ERROR handler sees it; gwrun reports it as an untrapped Input past end that the
    /// screen does not show.
    pub(crate) fn keyboard_ended(&mut self) -> super::Halt {
        self.io.front.keyboard_ended = true;
        ErrorCode::InputPastEnd.into()
    }

    /// The run ended because the keyboard's input did (`keyboard_ended`); the mark is
    /// cleared.
    pub(crate) fn take_keyboard_ended(&mut self) -> bool {
        std::mem::take(&mut self.io.front.keyboard_ended)
    }

    /// A line of the console's input, echoed when input is not a terminal (a line
    /// editor on the terminal showed it: the screen model is told). Until the front end
    /// gives it, the statement waits.
    fn keyboard_line(&mut self, keep_line: bool) -> Res<Vec<u8>> {
        if let Some(Taken::Line(line)) = self.replayed() {
            return Ok(line);
        }
        let echo = self.io.console.echoes_input();
        let (line, interrupted) = match self.take_reply() {
            Some(Reply::Line(line)) => (line, false),
            Some(Reply::Interrupt) => (Vec::new(), true),
            Some(Reply::End) => return Err(self.keyboard_ended()),
            Some(Reply::Byte(_)) | None => {
                if !self
                    .config
                    .break_flag
                    .load(std::sync::atomic::Ordering::Relaxed)
                {
                    self.io.console.flush();
                    return Err(self.wait_for(Wait::Line));
                }
                (Vec::new(), false)
            }
        };
        if self
            .config
            .break_flag
            .swap(false, std::sync::atomic::Ordering::Relaxed)
            || interrupted
        {
            // Ctrl-C while typing the reply: Break, as GW-BASIC's INLIN does
            if !echo {
                self.io.screen.line_typed_elsewhere(&line);
            }
            self.io.front.input_break = true;
            return Err(super::Halt::Break);
        }
        if echo {
            self.screen_write(&line);
        }
        // the reply keeps its typed trailing blanks: GW's screen editor strips them
        // from a program statement only [S SCNEDT.ASM INLRET, F_EDPG], and INPUT's
        // unquoted items lose theirs as they are read (BISTRS.ASM STRLT2)
        if !(keep_line && echo) {
            if echo {
                self.screen_newline();
            } else {
                self.io.screen.line_typed_elsewhere(&line);
            }
        }
        self.record(Taken::Line(line.clone()));
        Ok(line)
    }

    /// INPUT [;] ["prompt" ;|,] vars  /  INPUT #n, vars
    pub(super) fn exec_input(&mut self, s: &Input<Compiled>, _at: Pos) -> Res<()> {
        let Input {
            channel,
            keep_line,
            prompt,
            targets,
            fault,
        } = s;
        let (keep_line, prompt) = (*keep_line, prompt.as_ref());
        if let CChannel::File(f) = channel {
            return self.input_from_file(f, targets);
        }
        let mut shown = Vec::new();
        match prompt {
            Some((p, question)) => {
                shown.extend_from_slice(p);
                if *question {
                    shown.extend_from_slice(b"? ");
                }
            }
            None => shown.extend_from_slice(b"? "),
        }
        loop {
            let line = self.keyboard_reply(&shown, keep_line)?;
            match self.input_values(&line, targets, fault.is_none())? {
                Some(values) => {
                    if let Some(fault) = fault {
                        // the values before the faulty variable were good: its error
                        self.eval(fault)?;
                        return Err(ErrorCode::InternalError.into());
                    }
                    for (t, v) in targets.iter().zip(values) {
                        self.store(t, v)?;
                    }
                    return Ok(());
                }
                None => {
                    if self.effect() {
                        self.screen_message("?Redo from start");
                    }
                }
            }
        }
    }

    /// Converts a reply into one value per target, or None if it doesn't fit; `whole`:
    /// the reply must have no more fields than there are targets (the variable list
    /// ended; after a faulty variable the rest of the reply is never looked at). Before a
    /// faulty variable the last target's value is scanned but not checked: pass 1 looks
    /// at what ends a value only when the next variable's name and terminator have been
    /// scanned (OKVLST: the data must be at a comma) or at the end of the list, so junk
    /// after that number or a quoted reply for it asks for nothing again before the
    /// faulty variable's Syntax error (S GWMAIN.ASM INPUT: VARLOP, ENDSCN, OKVLST). A number
    /// too large is an overflow FIN reports (S MATH1.ASM $FIN, $OVFLS): under ON ERROR
    /// the trappable Overflow, else the message, and then the reply is asked for again
    /// (GWMAIN.ASM INPUT: OVCSTR set by FINOVC, INPBAK); an `&H` constant of five digits
    /// or an `&O` one past 16 bits prints the message even under ON ERROR (GWEVAL.ASM
    /// OCTCNS's CKOVER with FLGSCN set), an `&O` digit 8 or 9 only asks again (CONER2).
    fn input_values(
        &mut self,
        line: &[u8],
        targets: &[CLValue],
        whole: bool,
    ) -> Res<Option<Vec<Value>>> {
        let fields = split_fields(line);
        if fields.len() < targets.len() || (whole && fields.len() > targets.len()) {
            return Ok(None);
        }
        let mut values = Vec::with_capacity(fields.len());
        for (i, (f, t)) in fields.iter().zip(targets).enumerate() {
            // the last value before a faulty variable: its end is never checked
            let unchecked = !whole && i + 1 == targets.len();
            if self.lvalue_type(t) == VarType::Str {
                if f.junk && !unchecked {
                    // `"a"b`: the data is at neither a comma nor the end
                    return Ok(None);
                }
                values.push(Value::Str(Rc::from(f.text.as_slice())));
                continue;
            }
            if f.quoted {
                if unchecked {
                    // FIN stops at the quote: 0, never stored
                    values.push(Value::Int(0));
                    continue;
                }
                return Ok(None);
            }
            self.count(crate::machine::counters::Dyn::NumIn, 1);
            if f.text.is_empty() {
                values.push(Value::Int(0));
                continue;
            }
            let p = match num::data_number(&f.text, self.lvalue_type(t) == VarType::Dbl) {
                Ok(p) => p,
                Err(num::TextError::Overflow) => {
                    if self.effect() {
                        self.screen_message(&ErrorCode::Overflow.to_string());
                    }
                    return Ok(None);
                }
                Err(num::TextError::SyntaxError) => return Ok(None),
            };
            if p.overflow {
                let negative = p.value.to_f64() < 0.0;
                self.soft_error(num::FloatError::Overflow { negative })?;
                return Ok(None);
            }
            if !unchecked && f.text[p.len..].iter().any(|c| !matches!(c, b' ' | b'\t')) {
                return Ok(None);
            }
            values.push(Value::from_num(p.value));
        }
        Ok(Some(values))
    }

    /// LINE INPUT [;] ["prompt";] v$  /  LINE INPUT #n, v$
    pub(super) fn exec_line_input(&mut self, s: &LineInput<Compiled>, _at: Pos) -> Res<()> {
        let LineInput {
            channel,
            keep_line,
            prompt,
            target,
        } = s;
        let (keep_line, prompt) = (*keep_line, prompt.as_ref());
        if let CChannel::File(f) = channel {
            // the file is checked first, then the variable's type (DLINE: FILINP, FRCSTR)
            return self.line_input_from_file(f, target);
        }
        // the prompt is out, then the variable is located (its subscripts evaluated and
        // checked) and its type checked, and only then is a line read: a variable that
        // goes wrong leaves the typed line to be read [S GWMAIN.ASM LINE: QTINP prints
        // the prompt, then PTRGET and CHKSTR, then SINLIN]
        let at = match self.located(target) {
            Ok(at) if self.lvalue_type(target) == VarType::Str => at,
            located => {
                if let Some(p) = prompt
                    && self.effect()
                {
                    self.screen_write(p);
                }
                located?;
                return Err(ErrorCode::TypeMismatch.into());
            }
        };
        let line = {
            let p = prompt.map_or(&[][..], |p| &p[..]);
            self.keyboard_reply(p, keep_line)?
        };
        let v = self.make_str(line)?;
        self.store_place(at, v)
    }
}
