//! The statement loop (GW's NEWSTT): it runs the statements of a line in turn, enters
//! the next line at the end of one, follows the program counter wherever a statement
//! moved it, and between two statements looks at one flag (`Config::attention`: an
//! event trap may be due, a statement waits to run again, the code is to be recompiled,
//! Ctrl-C) and, every `POLL_EVERY` statements, at the Break flag and the budgets.

use super::counters::{Cost, Dyn};
use super::{Halt, Machine, Res, WORK_PER_STATEMENT};
use crate::compile::code::{CLine, DIRECT, Pos};
use crate::error::ErrorCode;
use std::sync::atomic::Ordering;

/// Statements between two polls of the Break flag (and of the budgets).
pub(super) const POLL_EVERY: u32 = 1024;

/// What a poll adds to `RunState::poll`: past any `poll_left`, so that the two together
/// tell every statement from every other (machine::resume's serial).
const POLL_SERIALS: u64 = 2048;

/// What the statement loop does at a statement whose flag was set (`Machine::boundary`).
enum Boundary {
    /// Run it.
    Go,
    /// Run it again: it waited (not counted again).
    Again,
    /// Ctrl-C: a Break before it.
    Break,
    /// An event trap was taken: the program counter is at its handler.
    Trapped,
}

impl Machine {
    /// Runs from the current program counter until END, STOP, an error, the end, a
    /// program-management statement for the session, a wait (`Halt::Wait`) or the end of
    /// the slice (`Halt::Budget`). A statement that waited runs again first.
    pub(crate) fn execute(&mut self) -> Res<()> {
        if self.statement_waits() {
            // the statement that waited runs first
            self.config.attention.store(true, Ordering::SeqCst);
        }
        let mut code = self.code.clone();
        let mut direct = self.direct.clone();
        // the one flag the loop looks at (held here: one load a statement)
        let attention = self.config.attention.clone();
        // the line at the program counter: a program line, else the direct line (DIRECT
        // is past any program line's index)
        macro_rules! line_at_pc {
            ($line_idx:ident) => {{
                $line_idx = self.pc.line;
                match code.lines.get($line_idx as usize) {
                    Some(l) => l,
                    None if $line_idx == DIRECT => match &direct {
                        Some(d) => d,
                        None => return Ok(()),
                    },
                    None => return self.end_of_program(),
                }
            }};
        }
        let mut line_idx;
        let mut line: &CLine = line_at_pc!(line_idx);
        loop {
            // the statements of one line, until control leaves it
            while let Some(site) = line.instrs.get(self.pc.instr as usize) {
                let at = self.pc;
                // an event trap may be due (GW's NEWSTT), the statement waited and runs
                // again, Ctrl-C came, or the code is to be recompiled: one flag when none
                let fresh = if attention.load(Ordering::Relaxed) {
                    if self.run.recompile {
                        // a DEFtype change compiled new code: run that (only
                        // `recompile_now` replaces the code while the program runs); the
                        // flag stays up for the rest of its work
                        self.recompile_now();
                        code = self.code.clone();
                        direct = self.direct.clone();
                        line = line_at_pc!(line_idx);
                        continue;
                    }
                    match self.boundary(at) {
                        Ok(Boundary::Go) => true,
                        Ok(Boundary::Again) => false,
                        Ok(Boundary::Break) => {
                            return Err(self.stopped_before(Halt::Break, site, at));
                        }
                        Ok(Boundary::Trapped) => {
                            self.lost_arrival(at);
                            line = line_at_pc!(line_idx);
                            continue;
                        }
                        Err(h) => {
                            self.lost_arrival(at);
                            self.pc.instr += 1;
                            self.halted(h, at)?;
                            line = line_at_pc!(line_idx);
                            continue;
                        }
                    }
                } else {
                    true
                };
                if fresh {
                    // the Break flag's poll, every `POLL_EVERY` statements
                    self.run.poll_left -= 1;
                    if self.run.poll_left == 0
                        && let Some(h) = self.between_statements()
                    {
                        return Err(self.stopped_before(h, site, at));
                    }
                    self.pc.instr += 1;
                    Cost::ran(site);
                } else {
                    // counted when it first ran
                    self.pc.instr += 1;
                }
                if let Err(h) = self.exec(&site.instr, at) {
                    self.halted(h, at)?;
                }
                if self.pc.line != line_idx {
                    line = line_at_pc!(line_idx);
                }
            }
            if line_idx == DIRECT {
                return Ok(());
            }
            if line.instrs.is_empty() {
                // no first statement to count the entry (machine::counters)
                self.cost.add(line_idx, Dyn::LineEntry, 1);
            }
            // the next line is entered (fetched here, not again at the program counter)
            let next = line_idx + 1;
            line = match code.lines.get(next as usize) {
                Some(l) => l,
                None => return self.end_of_program(),
            };
            self.enter_line(next);
            line_idx = next;
        }
    }

    /// The statement loop found its flag set before the statement at `at`: the
    /// statement waited and runs again (no event trap is taken before it: it is the same
    /// statement; what it took before its wait is handed back and what it showed is not
    /// shown again: machine::resume), or an event trap may be due.
    #[cold]
    #[inline(never)]
    fn boundary(&mut self, at: Pos) -> Res<Boundary> {
        if self.io.memory.zero_link && at.instr == 0 && self.link_is_zero(at.line) {
            // a POKEd zero link at the line's start: the end of the program [S GWMAIN.ASM
            // GONE4, PRGEND]; past the last line, or No RESUME
            self.zero_link_end(at.line)?;
            return Ok(Boundary::Trapped);
        }
        // the flag is lowered before the Break flag is looked at: a Ctrl-C from now on
        // raises it again
        let waits = self.statement_waits();
        if !self.run.events.watch && !self.io.memory.zero_link {
            self.config.attention.store(false, Ordering::SeqCst);
        }
        if self.config.break_flag.load(Ordering::SeqCst)
            && self.config.break_flag.swap(false, Ordering::SeqCst)
        {
            if waits {
                // Ctrl-C while it waited: a Break at it, as at its wait
                self.abandon_wait();
            }
            return Ok(Boundary::Break);
        }
        if waits {
            self.start_replay(at);
            return Ok(Boundary::Again);
        }
        if !self.run.events.watch {
            return Ok(Boundary::Go);
        }
        Ok(if self.event_boundary(at)? {
            Boundary::Trapped
        } else {
            Boundary::Go
        })
    }

    /// A statement was about to run when the run stopped before it: a Break is counted
    /// as its execution (taken out of the derived counts; CONT runs it), the end of a
    /// slice is not (the next slice runs it).
    #[cold]
    fn stopped_before(&mut self, h: Halt, site: &crate::compile::code::Site, at: Pos) -> Halt {
        self.pc = at;
        if h != Halt::Budget {
            Cost::ran(site);
            // counted, but not run: no derived counts for it
            self.not_derived(at);
        }
        if h == Halt::Break {
            self.stopped_at(at);
        }
        h
    }

    /// An event trap was taken before the statement at `at` ran: at a line's first
    /// statement, an entry its execution does not count (machine::counters).
    #[cold]
    fn lost_arrival(&mut self, at: Pos) {
        if at.instr == 0 {
            self.cost.adjust_entries(at.line, 1);
        }
    }

    /// Between two statements, every `POLL_EVERY` of them: a Break, the end of the run's
    /// output, or the end of the slice.
    #[cold]
    fn between_statements(&mut self) -> Option<Halt> {
        self.run.poll_left = POLL_EVERY;
        self.run.poll = self.run.poll.wrapping_add(POLL_SERIALS);
        self.io.console.idle();
        if let Some(h) = self.interrupted() {
            return Some(h);
        }
        if self.config.slice != u64::MAX {
            self.config.slice = self.config.slice.saturating_sub(1024);
            if self.config.slice == 0 {
                return Some(Halt::Budget);
            }
        }
        None
    }

    /// Ctrl-C or the statement budget used up (Break), or screen output that can no
    /// longer be written (a closed pipe, a full disk: the run ends as SYSTEM ends it, and
    /// the front end reports the console's failure).
    #[cold]
    pub(super) fn interrupted(&mut self) -> Option<Halt> {
        if self.io.console.failure().is_some() {
            return Some(Halt::System);
        }
        if let Some(b) = &mut self.config.budget {
            let drawn = std::mem::take(&mut self.io.video.mem.work) / WORK_PER_STATEMENT;
            *b = b.saturating_sub(1024).saturating_sub(drawn);
            if *b == 0 {
                return Some(Halt::Break);
            }
        }
        (self.config.break_flag.swap(false, Ordering::Relaxed) || self.key_break())
            .then_some(Halt::Break)
    }

    /// A statement stopped: trap the error or pass the halt up.
    #[cold]
    fn halted(&mut self, h: Halt, at: Pos) -> Res<()> {
        // a statement that ran again after a wait is done with its replay
        self.caught_up();
        match h {
            Halt::Error(ErrorCode::InputPastEnd) if self.io.front.keyboard_ended => Err(h),
            Halt::Error(code) => self.trap_error(code, at),
            Halt::Stop => {
                self.stopped_at(self.pc);
                Err(Halt::Stop)
            }
            // Ctrl-C inside a statement (at an INPUT): CONT runs it again
            Halt::Break => {
                self.pc = at;
                self.stopped_at(at);
                self.abandon_wait();
                Err(Halt::Break)
            }
            // the statement waits: it runs again when the machine goes on
            Halt::Wait => {
                self.pc = at;
                self.statement_suspended();
                Err(Halt::Wait)
            }
            Halt::Command => {
                self.run.command_at = at;
                Err(Halt::Command)
            }
            other => Err(other),
        }
    }

    /// The end of the program: END, or No RESUME when an error handler is running. CONT
    /// may go on at the end (where the run ends again) [S GWMAIN.ASM PRGEND jumps to
    /// ENDCON, which saves SAVTXT in OLDTXT].
    fn end_of_program(&mut self) -> Res<()> {
        if self.run.trap.active {
            // never trapped, and the handler is over [S GWMAIN.ASM ERROR, NOTRAP]
            self.run.trap.active = false;
            return Err(ErrorCode::NoResume.into());
        }
        let end = Pos {
            line: self.code.lines.len() as u32,
            instr: 0,
        };
        self.stopped_at(end);
        Err(Halt::End)
    }
}
