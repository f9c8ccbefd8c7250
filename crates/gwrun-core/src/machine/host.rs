//! What a program may do to the host beyond its files: SHELL, and ENVIRON$'s table. A
//! program one runs should not start host commands behind the user's back, so SHELL is
//! refused with "Illegal function call" (PC-BASIC's answer when no shell is configured)
//! unless the front end gave the machine a `host::Shell` (the terminal binary does with
//! `--allow-shell`); then the command runs with the screen handed over, and the program
//! goes on when it ends.

use super::{Machine, Res};
use crate::compile::code::{Compiled, Pos};
use crate::error::ErrorCode;
use crate::syntax::ast::Shell;

impl Machine {
    /// SHELL [command$]: the operand is evaluated (a number is a Type mismatch) before
    /// the statement is refused or carried out.
    pub(super) fn exec_shell(&mut self, s: &Shell<Compiled>, _at: Pos) -> Res<()> {
        let command = s.command.as_ref();
        let command = match command {
            Some(e) => Some(self.eval_str(e)?.to_vec()),
            None => None,
        };
        let Some(shell) = self.io.shell.as_mut() else {
            return Err(ErrorCode::IllegalFunctionCall.into());
        };
        self.io.console.flush();
        let ran = shell.run(command.as_deref());
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

    /// The environment table ENVIRON$ reads from now on.
    pub fn set_environment(&mut self, env: crate::host::Environment) {
        self.io.environment = env;
    }

    /// ENVIRON$(name): the value of `name` in the environment table, or "".
    pub(crate) fn environment_value(&self, name: &[u8]) -> &[u8] {
        self.io
            .environment
            .iter()
            .find(|(n, _)| n.as_slice() == name)
            .map_or(&[][..], |(_, v)| v.as_slice())
    }
}
