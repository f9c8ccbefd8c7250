//! The dispatch of every statement to its handler, generated from the statement list
//! (`syntax::ast::with_statements!`: each statement names the `Machine` method that
//! executes it, which takes the statement's payload and its position), and the handlers
//! of the statements that only stop the run or skip: ELSE, END, STOP, SYSTEM, TRON/TROFF,
//! a statement whose text went wrong, and those that do nothing when executed (REM, DATA,
//! COMMON, the statements accepted without effect).

use super::counters::Dyn;
use super::{Halt, Machine, Res};
use crate::compile::code::{CExpr, Compiled, Instr, Pos};
use crate::error::ErrorCode;
use crate::syntax::ast::{Else, End, Raise, Stmt, Stop, System, Tron, with_statements};

/// The `exec` method: one arm per statement of the list, calling its handler. In
/// WebAssembly the same match is `exec_other`, out of line, behind `exec`'s arms for the
/// statements of loops.
macro_rules! dispatch {
    ($($variant:ident($kind:ty) => $handler:ident,)*) => {
        impl Machine {
            /// Executes one statement.
            #[cfg(not(target_arch = "wasm32"))]
            pub(super) fn exec(&mut self, instr: &Instr, at: Pos) -> Res<()> {
                match instr {
                    $(Stmt::$variant(s) => self.$handler(s, at),)*
                }
            }

            /// Executes one statement that `exec` does not take itself.
            #[cfg(target_arch = "wasm32")]
            #[inline(never)]
            fn exec_other(&mut self, instr: &Instr, at: Pos) -> Res<()> {
                match instr {
                    $(Stmt::$variant(s) => self.$handler(s, at),)*
                }
            }
        }
    };
}

with_statements!(dispatch);

/// WebAssembly: the statements of loops dispatched in the statement loop (`execute`,
/// where `exec` is inlined), every other through `exec_other`. With every handler the
/// whole match brings, the statement loop was one function of 59 KB, which the V8 of
/// Node 20 compiled into markedly slower code (shell10k's engine 15 to 20 % slower than
/// with this split; Chromium's newer V8 runs both alike: docs/benchmarks.md, "The
/// browser page"). Native builds keep the one match, as LLVM's code for it is good.
#[cfg(target_arch = "wasm32")]
impl Machine {
    /// Executes one statement.
    pub(super) fn exec(&mut self, instr: &Instr, at: Pos) -> Res<()> {
        match instr {
            Stmt::Let(s) => self.exec_let(s, at),
            Stmt::If(s) => self.exec_if(s, at),
            Stmt::Goto(s) => self.exec_goto(s, at),
            Stmt::Gosub(s) => self.exec_gosub(s, at),
            Stmt::Return(s) => self.exec_return(s, at),
            Stmt::For(s) => self.exec_for(s, at),
            Stmt::Next(s) => self.exec_next(s, at),
            Stmt::While(s) => self.exec_while(s, at),
            Stmt::Wend(s) => self.exec_wend(s, at),
            Stmt::Swap(s) => self.exec_swap(s, at),
            _ => self.exec_other(instr, at),
        }
    }
}

impl Machine {
    /// A statement that does nothing when executed.
    #[inline(always)]
    fn exec_nothing<T>(&mut self, _: &T, _at: Pos) -> Res<()> {
        Ok(())
    }

    /// An ELSE reached while executing: the rest of the line is skipped.
    fn exec_else(&mut self, s: &Else<Compiled>, _at: Pos) -> Res<()> {
        self.count(Dyn::ScanBytes, u64::from(s.skip));
        self.skip_line();
        Ok(())
    }

    /// END: files closed, a pending error handler forgotten; CONT may go on after it.
    fn exec_end(&mut self, _: &End, _at: Pos) -> Res<()> {
        self.close_all_files()?;
        self.run.trap.active = false;
        self.stopped_at(self.pc);
        Err(Halt::End)
    }

    /// STOP: `Break in NNN`.
    fn exec_stop(&mut self, _: &Stop, _at: Pos) -> Res<()> {
        Err(Halt::Stop)
    }

    /// SYSTEM.
    fn exec_system(&mut self, _: &System, _at: Pos) -> Res<()> {
        Err(Halt::System)
    }

    /// TRON / TROFF.
    fn exec_tron(&mut self, s: &Tron<Compiled>, _at: Pos) -> Res<()> {
        self.run.tron = s.on;
        Ok(())
    }

    /// A statement whose text went wrong: its scanned parts are evaluated, then the error.
    fn exec_raise(&mut self, s: &Raise<Compiled>, _at: Pos) -> Res<()> {
        self.eval(&s.fault)?;
        Err(ErrorCode::InternalError.into())
    }

    /// Where a statement's text goes wrong after the parts it has already acted on (a
    /// DIM or COMMON list, an ON event's number): the fault's scanned parts are
    /// evaluated, then its error is raised.
    pub(super) fn raise_fault(&mut self, fault: &CExpr) -> Res<()> {
        self.eval(fault)?;
        Err(ErrorCode::SyntaxError.into())
    }
}
