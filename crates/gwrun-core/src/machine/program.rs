//! What the session asks of the machine about the program it runs: installing compiled
//! code, starting a run or a direct line, CONT, the traces of the program in the machine
//! (POKEs into the program text, RENUM's ON ERROR line, GOTO pointers a binary SAVE
//! converts back), where a run stopped, and the variables the lab and the claims read.
//! The session reaches the machine's state only through these (and the device methods
//! elsewhere): the machine's parts stay its own.

use super::{Halt, Machine, Res};
use crate::compile::code::{DIRECT, Pos};
use crate::error::ErrorCode;
use crate::machine::vars::{ArrayData, DEFAULT_STACK, VarKey};
use crate::program::Program;
use crate::syntax::ast::VarType;
use std::collections::BTreeMap;
use std::rc::Rc;

impl Machine {
    /// Compiles `program` and runs it from now on.
    pub(crate) fn compile_program(&mut self, program: &Program) {
        let code = crate::compile::compile(program, &mut self.run.vars, &mut self.run.fns);
        self.install(code);
    }

    /// Recompiles if a DEFtype change asked for it.
    pub(crate) fn recompile_if_asked(&mut self) {
        if self.run.recompile {
            self.recompile_now();
        }
    }

    /// The program counter goes to the start of a direct-mode line, compiled from its
    /// crunched `body`.
    pub(crate) fn start_direct(&mut self, body: &[u8]) {
        let line =
            crate::compile::compile_direct(body, &self.code, &mut self.run.vars, &mut self.run.fns);
        self.direct = Some(Rc::new(line));
        self.pc = Pos {
            line: DIRECT,
            instr: 0,
        };
    }

    /// The direct-mode line is done with.
    pub(crate) fn drop_direct(&mut self) {
        self.direct = None;
    }

    /// RUN's part in the machine (after `clear_state`): GW's stack size again, the
    /// program's protection for PEEK, the counters zeroed; the program counter at line
    /// `line` or the first (End when there is no program). A line number, 0 included,
    /// is looked up as GOTO looks it up: Undefined line number when there is no such
    /// line, in an empty program too [S GWMAIN.ASM RUN: a LINCON operand goes to
    /// CONRUN, CLEARC, then GOTO's FNDLIN, USERR].
    pub(crate) fn start_run(&mut self, protected: bool, line: Option<u16>) -> Res<()> {
        self.run.stack_size = DEFAULT_STACK;
        self.io.memory.protected = protected;
        self.start_at(line)
    }

    /// CHAIN's start, after the new program was compiled: the counters zeroed, the
    /// program counter at `line` (0 or none: the first line).
    pub(crate) fn start_chained(&mut self, line: Option<i16>) -> Res<()> {
        self.start_at(line.filter(|&n| n != 0).map(|n| n as u16))
    }

    /// The counters zeroed, the program counter at line `line` (Undefined line number
    /// when there is none) or, without one, at the first line (End when there is none).
    fn start_at(&mut self, line: Option<u16>) -> Res<()> {
        self.abandon_wait();
        self.cost.restart(&self.code);
        self.direct = None;
        let idx = match line {
            Some(n) => self.search_line(n, 0)?,
            None if self.code.lines.is_empty() => return Err(Halt::End),
            None => 0,
        };
        self.enter_line(idx);
        Ok(())
    }

    /// The line of the last error in a program since the last call (the session's `.`).
    pub(crate) fn take_error_dot(&mut self) -> Option<u16> {
        self.run.error_dot.take()
    }

    /// CONT: where the run goes on, if it can (taken: the run's next stop sets it again).
    pub(crate) fn take_cont(&mut self) -> Option<Pos> {
        self.run.cont.take()
    }

    /// A run stopped at `p` (END, STOP, a Break, the end of the program): CONT goes on
    /// there, unless the stop was in a direct-mode statement, which leaves CONT's place as
    /// it was [S BIMISC.ASM ENDCON: CURLIN 65535 skips to DIRIS, OLDTXT not set].
    pub(super) fn stopped_at(&mut self, p: Pos) {
        if p.line != DIRECT {
            self.run.cont = Some(p);
        }
    }

    /// The program counter goes to `p` to continue a run (an arrival that is no line
    /// entry).
    pub(crate) fn continue_at(&mut self, p: Pos) {
        self.arrived_mid(p);
        self.pc = p;
    }

    /// TROFF (NEW turns tracing off).
    pub(crate) fn trace_off(&mut self) {
        self.run.tron = false;
    }

    /// Bytes the program text takes in GW's memory (FRE).
    pub(crate) fn set_program_bytes(&mut self, n: usize) {
        self.run.program_bytes = n;
    }

    /// What POKEs did to the program since the last look: whether POKE 1450,0
    /// unprotected it, and the bytes poked into its lines (line number, offset, byte).
    pub(crate) fn take_program_changes(&mut self) -> (bool, Vec<(u16, usize, u8)>) {
        let unprotected = self.io.memory.take_unprotected();
        (unprotected, self.io.memory.take_program_pokes())
    }

    /// RENUM renumbered the program (`map`: old number → new): the loop and GOSUB
    /// entries are dropped, the ON ERROR handler follows its line.
    pub(crate) fn renumbered(&mut self, map: &BTreeMap<u16, u16>, program_bytes: usize) {
        self.truncate_stack(0);
        if let Some(h) = self.run.trap.handler {
            self.run.trap.handler = Some(map.get(&h).copied().unwrap_or(h));
        }
        self.run.program_bytes = program_bytes;
    }

    /// The command's error is reported as a direct statement's (the statement that
    /// loaded is gone with its program).
    pub(crate) fn command_error_is_direct(&mut self) {
        self.run.command_at = Pos {
            line: DIRECT,
            instr: 0,
        };
    }

    /// A binary SAVE converted the GOTO pointers back to line numbers.
    pub(crate) fn forget_pointer_conversions(&mut self) {
        self.run.converted.iter_mut().for_each(|c| *c = false);
    }

    /// The number of the line the run stopped in (None: the direct line).
    pub(crate) fn stopped_line(&self) -> Option<u16> {
        self.number_of(self.pc.line)
    }

    /// GW's ERRFLG: when the last error (trapped or not, not RESUMEd) was a Syntax error,
    /// its line number (taken: it is shown once).
    pub(crate) fn take_syntax_error_line(&mut self) -> Option<u16> {
        let trap = &mut self.run.trap;
        if trap.err != ErrorCode::SyntaxError.number() {
            return None;
        }
        trap.err = 0;
        Some(trap.erl)
    }

    /// Where in the text of program line `number` the statement the machine stopped at
    /// goes wrong: the offset in its crunched bytes and the bytes before it.
    pub(crate) fn fault_prefix(&self, number: u16) -> Option<&[u8]> {
        let line = self.code.lines.get(self.pc.line as usize)?;
        if line.number != number {
            return None;
        }
        let start = line.spans.get(self.pc.instr as usize)?.start;
        let off = crate::syntax::parse::fault_offset(&line.body, start, &self.code.bare_fns)?;
        line.body.get(..usize::from(off))
    }

    /// The compatibility switches where PC-BASIC differs (`--pcbasic-next` and the
    /// others), to set.
    pub fn compat_mut(&mut self) -> &mut super::Compat {
        &mut self.config.compat
    }

    /// At most `n` statements in a run, which then stops as if by Ctrl-C (None: no
    /// limit; fuzzing and tests of programs that never end).
    pub fn set_statement_budget(&mut self, n: Option<u64>) {
        self.config.budget = n;
    }

    /// How program text files are encoded (`--text-encoding`).
    pub fn set_text_encoding(&mut self, e: crate::program::textenc::TextEncoding) {
        self.config.text_encoding = e;
    }

    /// The open-file table and the drives, to change.
    pub(crate) fn files_mut(&mut self) -> &mut super::Files {
        &mut self.io.files
    }

    /// Bytes for printer `p`'s stream (LLIST).
    pub(crate) fn print_on_printer(&mut self, p: u8, bytes: &[u8]) {
        let printer = self.io.files.printer_mut(p);
        for &b in bytes {
            printer.put(b);
        }
    }

    /// The end of a session's files: all closed; those that could not be written are
    /// abandoned after the error is shown. False when one could not be.
    pub(crate) fn close_files_at_end(&mut self) -> bool {
        let closed = self.io.files.close_all();
        if let Err(e) = &closed {
            self.screen_message(&e.to_string());
            self.io.files.abandon_all();
        }
        self.io.console.flush();
        closed.is_ok()
    }

    /// A line editor outside the machine showed and ended the typed line: the screen
    /// model takes it, and the cursor is at the start of the next line.
    pub(crate) fn typed_elsewhere(&mut self, line: &[u8]) {
        self.io.screen.line_typed_elsewhere(line);
    }

    /// Whether typed replies are echoed by the interpreter (the console's input is not
    /// a terminal that shows them).
    pub(crate) fn echoes_input(&self) -> bool {
        self.io.console.echoes_input()
    }

    /// Writes out what the console holds.
    pub(crate) fn flush_console(&mut self) {
        self.io.console.flush();
    }

    /// The cost report of the last run.
    pub fn cost_report(&self, model: crate::cost::GotoModel) -> crate::cost::Report {
        crate::cost::Report::build(&self.cost, &self.code, &self.run.vars, model)
    }

    /// The variable key of a scalar or array name as the program would resolve it now.
    fn key(&self, name: &str) -> VarKey {
        let n = crate::syntax::parse::make_name(name.to_ascii_uppercase().as_bytes());
        (n.text.clone(), self.run.vars.type_of(&n))
    }

    fn named_array(&self, name: &str) -> Option<&crate::machine::vars::Array> {
        let slot = self.run.vars.find_array(&self.key(name))?;
        self.run.vars.arrays.get(slot as usize)?.as_ref()
    }

    /// An array's elements as numbers (first subscript fastest), or None.
    pub fn array_values(&self, name: &str) -> Option<Vec<f64>> {
        Some(match &self.named_array(name)?.data {
            ArrayData::Int(v) => v.iter().map(|&x| f64::from(x)).collect(),
            ArrayData::Sng(v) => v.iter().map(|x| x.to_f64()).collect(),
            ArrayData::Dbl(v) => v.iter().map(|x| x.to_f64()).collect(),
            ArrayData::Str(_) => return None,
        })
    }

    /// A string array's elements.
    pub fn array_strings(&self, name: &str) -> Option<Vec<Vec<u8>>> {
        match &self.named_array(name)?.data {
            ArrayData::Str(v) => Some(v.iter().map(|s| s.to_vec()).collect()),
            _ => None,
        }
    }

    /// An array's sizes per dimension (max index + 1 - base).
    pub fn array_dims(&self, name: &str) -> Option<Vec<usize>> {
        Some(
            self.named_array(name)?
                .dims
                .iter()
                .map(|&d| d as usize)
                .collect(),
        )
    }

    /// A numeric scalar's value.
    pub fn scalar_f64(&self, name: &str) -> Option<f64> {
        let key = self.key(name);
        if key.1 == VarType::Str {
            return None;
        }
        let slot = self.run.vars.find_scalar(&key)?;
        self.run.vars.scalars[slot as usize]
            .num()
            .ok()
            .map(|n| n.to_f64())
    }
}
