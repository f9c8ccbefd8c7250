//! What a program may do to the host beyond its files: SHELL. A program one runs
//! should not start host commands behind the user's back, so SHELL is refused with
//! "Illegal function call" (PC-BASIC's answer when no shell is configured) unless the
//! user allowed it (`--allow-shell`, `Config::allow_shell`); then the command runs
//! through the host's shell with the terminal handed over, and the program goes on when
//! it ends.

use super::{Machine, Res};
use crate::compile::code::CExpr;
use crate::error::ErrorCode;

impl Machine {
    /// SHELL [command$]: the operand is evaluated (a number is a Type mismatch) before
    /// the statement is refused or carried out.
    pub(super) fn exec_shell(&mut self, command: Option<&CExpr>) -> Res<()> {
        let command = match command {
            Some(e) => Some(self.eval_str(e)?.to_vec()),
            None => None,
        };
        if !self.config.allow_shell {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        self.io.console.flush();
        let text = command.map(|c| crate::console::cp437_to_utf8(&c));
        let mut child = host_shell(text.as_deref());
        match child.status() {
            Ok(_) => {
                // the command wrote on the terminal: GW's cursor starts a new line
                self.io.screen.start_line();
                Ok(())
            }
            Err(_) => Err(ErrorCode::IllegalFunctionCall.into()),
        }
    }
}

/// The host's command interpreter, with `command` to run (none: an interactive one).
fn host_shell(command: Option<&str>) -> std::process::Command {
    let (shell, flag) = if cfg!(windows) {
        ("cmd", "/C")
    } else {
        ("sh", "-c")
    };
    let mut c = std::process::Command::new(shell);
    if let Some(text) = command {
        c.arg(flag).arg(text);
    }
    c
}
