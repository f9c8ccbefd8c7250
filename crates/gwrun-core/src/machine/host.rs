//! What a program may do to the host beyond its files: SHELL, and the environment
//! string table ENVIRON changes, ENVIRON$ reads and SHELL's command sees (its rules:
//! `host::environ`). A
//! program one runs should not start host commands behind the user's back, so SHELL is
//! refused with "Illegal function call" (PC-BASIC's answer when no shell is configured)
//! unless the front end gave the machine a `host::Shell` (the terminal binary does with
//! `--allow-shell`); then the command runs with the screen handed over, and the program
//! goes on when it ends.

use super::value::{Value, to_int};
use super::{Machine, Res};
use crate::compile::code::{Compiled, Pos};
use crate::error::ErrorCode;
use crate::host::environ::EnvError;
use crate::syntax::ast::{Environ, Shell};
use std::rc::Rc;

impl Machine {
    /// SHELL [command$]: the operand is evaluated (a number is a Type mismatch) before
    /// the statement is refused or carried out.
    pub(super) fn exec_shell(&mut self, s: &Shell<Compiled>, _at: Pos) -> Res<()> {
        let command = s.command.as_ref();
        let command = match command {
            Some(e) => Some(self.eval_str(e)?.to_vec()),
            None => None,
        };
        // the screen as the program left it stays in view while the command runs (a
        // window shows frames only when the engine draws them)
        let show = self.running_cursor();
        self.draw(show);
        self.io.console.flush();
        let Some(shell) = self.io.shell.as_mut() else {
            return Err(ErrorCode::IllegalFunctionCall.into());
        };
        let ran = shell.run(command.as_deref(), &self.io.environment);
        if self
            .config
            .break_flag
            .swap(false, std::sync::atomic::Ordering::Relaxed)
        {
            // Ctrl-C ended the command: a Break at SHELL
            self.io.screen.start_line();
            return Err(super::Halt::Break);
        }
        match ran {
            Ok(()) => {
                // the command wrote on the terminal: GW's cursor starts a new line
                self.io.screen.start_line();
                Ok(())
            }
            Err(crate::host::ShellNotStarted) => Err(ErrorCode::IllegalFunctionCall.into()),
        }
    }

    /// SHELL runs commands through `shell` from now on (None: SHELL is refused).
    pub fn set_shell(&mut self, shell: Option<Box<dyn crate::host::Shell>>) {
        self.io.shell = shell;
    }

    /// The environment table the program starts with from now on (the front end's:
    /// `Environment::dos` and the user's entries).
    pub fn set_environment(&mut self, env: crate::host::Environment) {
        self.io.environment = env;
    }

    /// The program's environment table as it is now.
    pub fn environment(&self) -> &crate::host::Environment {
        &self.io.environment
    }

    /// ENVIRON string$: a number is a Type mismatch; a string without a blank or `=`
    /// after a name is an Illegal function call, one that does not fit Out of memory.
    pub(super) fn exec_environ(&mut self, s: &Environ<Compiled>, _at: Pos) -> Res<()> {
        let text = self.eval_str(&s.text)?;
        self.io.environment.set(&text).map_err(|e| {
            match e {
                EnvError::Malformed => ErrorCode::IllegalFunctionCall,
                EnvError::Full => ErrorCode::OutOfMemory,
            }
            .into()
        })
    }

    /// ENVIRON$(name$) is the text of the entry `name$` names ("" when there is none; an
    /// empty name is an Illegal function call); ENVIRON$(n) the n-th entry, 1 to 255
    /// (else Illegal function call), "" past the last.
    pub(crate) fn fn_environ(&mut self, arg: &crate::compile::code::CExpr) -> Res<Value> {
        let bytes = match self.eval(arg)? {
            Value::Str(name) => {
                if name.is_empty() {
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                self.io.environment.value(&name)
            }
            v => {
                let n = to_int(v.num()?)?;
                if !(1..=255).contains(&n) {
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                self.io.environment.entry(n as usize)
            }
        };
        Ok(Value::Str(Rc::from(bytes)))
    }
}
