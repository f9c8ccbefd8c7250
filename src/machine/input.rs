//! Keyboard and file input statements: INPUT (prompt, `? `, `?Redo from start`),
//! LINE INPUT, INPUT#, LINE INPUT# (digest §9; GW-BASIC manual INPUT).

use super::{Machine, Res};
use crate::compile::code::{CChannel, CLValue};
use crate::error::ErrorCode;
use crate::machine::value::{Str, Value};
use crate::num;
use crate::syntax::ast::VarType;
use crate::text::fields::split_fields;
use std::rc::Rc;

impl Machine {
    /// A line typed at the keyboard, echoed when input is not a terminal.
    fn keyboard_line(&mut self, keep_line: bool) -> Res<Vec<u8>> {
        self.io.console.flush();
        let Some(mut line) = self.io.console.read_line() else {
            return Err(ErrorCode::InputPastEnd.into());
        };
        if self
            .config
            .break_flag
            .swap(false, std::sync::atomic::Ordering::Relaxed)
        {
            // Ctrl-C while typing the reply: Break, as GW-BASIC's INLIN does
            if !self.io.console.echoes_input() {
                self.io.screen.col = 0;
            }
            return Err(super::Halt::Break);
        }
        if self.io.console.echoes_input() {
            self.screen_write(&line);
        }
        // GW's screen editor returns the typed line without its trailing blanks
        while line.last() == Some(&b' ') {
            line.pop();
        }
        if keep_line && self.io.console.echoes_input() {
            return Ok(line);
        }
        if self.io.console.echoes_input() {
            self.screen_newline();
        } else {
            self.io.screen.col = 0;
        }
        Ok(line)
    }

    /// INPUT [;] ["prompt" ;|,] vars  /  INPUT #n, vars
    pub(super) fn exec_input(
        &mut self,
        channel: &CChannel,
        keep_line: bool,
        prompt: Option<&(Str, bool)>,
        targets: &[CLValue],
    ) -> Res<()> {
        if let CChannel::File(f) = channel {
            return self.input_from_file(f, targets);
        }
        loop {
            match prompt {
                Some((p, question)) => {
                    self.screen_write(&p.clone());
                    if *question {
                        self.screen_write(b"? ");
                    }
                }
                None => self.screen_write(b"? "),
            }
            let line = self.keyboard_line(keep_line)?;
            match self.input_values(&line, targets) {
                Some(values) => {
                    for (t, v) in targets.iter().zip(values) {
                        self.store(t, v)?;
                    }
                    return Ok(());
                }
                None => self.screen_message("?Redo from start"),
            }
        }
    }

    /// Converts a reply into one value per target, or None if it doesn't fit.
    fn input_values(&mut self, line: &[u8], targets: &[CLValue]) -> Option<Vec<Value>> {
        let fields = split_fields(line);
        if fields.len() != targets.len() {
            return None;
        }
        let mut values = Vec::with_capacity(fields.len());
        for (f, t) in fields.iter().zip(targets) {
            if self.lvalue_type(t) == VarType::Str {
                values.push(Value::Str(Rc::from(f.text.as_slice())));
            } else {
                if f.quoted {
                    return None;
                }
                self.count(crate::machine::counters::Dyn::NumIn, 1);
                let n = if f.text.is_empty() {
                    num::Num::Int(0)
                } else {
                    num::parse_number_field(&f.text, self.lvalue_type(t) == VarType::Dbl)?.value
                };
                values.push(Value::from_num(n));
            }
        }
        Some(values)
    }

    /// LINE INPUT [;] ["prompt";] v$  /  LINE INPUT #n, v$
    pub(super) fn exec_line_input(
        &mut self,
        channel: &CChannel,
        keep_line: bool,
        prompt: Option<&Str>,
        target: &CLValue,
    ) -> Res<()> {
        if self.lvalue_type(target) != VarType::Str {
            return Err(ErrorCode::TypeMismatch.into());
        }
        let line = if let CChannel::File(f) = channel {
            return self.line_input_from_file(f, target);
        } else {
            if let Some(p) = prompt {
                self.screen_write(&p.clone());
            }
            self.keyboard_line(keep_line)?
        };
        let v = self.make_str(line)?;
        self.store(target, v)
    }
}
