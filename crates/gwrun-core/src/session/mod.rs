//! The façade: a GW-BASIC session (the program workspace and the machine that runs it)
//! driven by lines as typed at the `Ok` prompt or by whole program files. The session
//! owns the program: typed lines edit it, program-management statements (RUN, LOAD,
//! LIST, CHAIN, ...) handed over by the machine are carried out here (`commands`), and
//! the program is compiled only when something is about to run. Errors are typed data
//! inside; this is the edge where they are rendered as GW-BASIC prints them
//! (`Syntax error in 40`, `Break in 100`). The REPL, the CLI, the tests and the research
//! code all go through it.

mod commands;
pub mod repl;

use crate::compile::code::{DIRECT, Pos};
use crate::console::{BufferConsole, Console};
use crate::error::{BasicError, ErrorCode};
use crate::machine::vars::ArrayData;
use crate::machine::{Halt, Machine, OpenFiles};
use crate::program::{Workspace, progfile};
use crate::syntax::ast::VarType;
use crate::syntax::parse::make_name;
use crate::text::lex::{self, CrunchError};
use std::cell::RefCell;
use std::io::Write as _;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// GW-BASIC lists line 65530 (which only a tokenized file can hold) and hides 65531
/// and above.
const HIDE_LISTING: u16 = 65530;

/// How a run or a direct-mode line ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// END, end of program, or a direct line that finished.
    Ended,
    /// An untrapped error (already printed).
    Error(BasicError),
    /// STOP or Ctrl-C (`Break in NNN` already printed); CONT may resume.
    Break { line: Option<u16> },
    /// SYSTEM.
    Exit,
}

/// Things a program or direct line asks of the interactive front end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// AUTO [start] [, step].
    Auto {
        start: Option<u16>,
        step: Option<u16>,
    },
    /// EDIT n: show line n for editing.
    Edit(u16),
}

/// A console that keeps its output in a shared buffer the session can hand out.
struct Capture {
    out: Rc<RefCell<Vec<u8>>>,
    inner: BufferConsole,
}

impl Console for Capture {
    fn write(&mut self, bytes: &[u8]) {
        self.out.borrow_mut().extend_from_slice(bytes);
    }
    fn read_line(&mut self) -> Option<Vec<u8>> {
        self.inner.read_line()
    }
    fn inkey(&mut self) -> Option<u8> {
        self.inner.inkey()
    }
    fn read_key(&mut self) -> Option<u8> {
        self.inner.read_key()
    }
    fn echoes_input(&self) -> bool {
        true
    }
}

/// A GW-BASIC session.
pub struct Session {
    machine: Machine,
    workspace: Workspace,
    /// The workspace epoch the machine's code was compiled from.
    compiled: Option<u64>,
    /// The current line `.` of LIST, EDIT and AUTO.
    current_line: Option<u16>,
    /// A pending AUTO/EDIT request for the front end.
    request: Option<Request>,
    captured: Option<Rc<RefCell<Vec<u8>>>>,
    /// Where untrapped error lines also go (stderr when stdout is not a terminal).
    error_log: Option<Box<dyn std::io::Write>>,
    /// A protected program cannot be listed or saved as text (GW-BASIC; PC-BASIC's
    /// --hide-protected).
    hide_protected: bool,
    /// LIST and SAVE ,A stop before lines above this number (PC-BASIC's --hide-listing).
    hide_listing: u16,
    /// AUTO's increment, for an AUTO whose comma has none (GW's AUTINC; 0 at start).
    auto_step: u16,
}

impl Session {
    /// A session on a given console; `break_flag` is set by Ctrl-C.
    pub fn new(console: Box<dyn Console>, break_flag: Arc<AtomicBool>) -> Session {
        Session {
            machine: Machine::new(console, break_flag),
            workspace: Workspace::default(),
            compiled: None,
            current_line: None,
            request: None,
            captured: None,
            error_log: None,
            hide_protected: true,
            hide_listing: HIDE_LISTING,
            auto_step: 0,
        }
    }

    /// Untrapped error lines (`Syntax error in 30`) are also written to `log`, besides
    /// the screen (the CLI passes stderr when stdout is redirected).
    pub fn log_errors_to(&mut self, log: Box<dyn std::io::Write>) {
        self.error_log = Some(log);
    }

    /// Whether protected programs are hidden from LIST and SAVE ,A (default true).
    pub fn set_hide_protected(&mut self, hide: bool) {
        self.hide_protected = hide;
    }

    /// The highest line number LIST and SAVE ,A show (default 65530).
    pub fn set_hide_listing(&mut self, last: u16) {
        self.hide_listing = last;
    }

    /// A session whose screen output is kept in memory and whose keyboard reads `input`.
    pub fn captured(input: &[u8]) -> Session {
        let out = Rc::new(RefCell::new(Vec::new()));
        let console = Capture {
            out: out.clone(),
            inner: BufferConsole::new(input),
        };
        let mut s = Session::new(Box::new(console), Arc::new(AtomicBool::new(false)));
        s.captured = Some(out);
        s
    }

    /// The screen output so far (captured sessions), emptying the buffer.
    pub fn take_output(&mut self) -> Vec<u8> {
        self.captured
            .as_ref()
            .map(|o| std::mem::take(&mut *o.borrow_mut()))
            .unwrap_or_default()
    }

    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    pub fn machine_mut(&mut self) -> &mut Machine {
        &mut self.machine
    }

    /// The cost report of the last run.
    pub fn cost_report(&self, model: crate::cost::GotoModel) -> crate::cost::Report {
        let m = &self.machine;
        crate::cost::Report::build(&m.cost, &m.code, &m.run.vars, model)
    }

    /// The program being edited and run.
    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    /// Replaces the program with a file's contents (ASCII, tokenized or protected). A
    /// number alone deleting a line that is not there stops the load with a message on
    /// the screen (GW and PC-BASIC then run what was read); other errors refuse the file.
    /// Text is decoded from the configured `text_encoding` first.
    pub fn load_source(&mut self, bytes: &[u8]) -> Result<(), BasicError> {
        let text = self.machine.config.text_encoding.decode(bytes);
        let loaded = progfile::load_partial(&text);
        match loaded.error {
            Some(e) if e.code == ErrorCode::UndefinedLineNumber => {
                self.machine.error_message(&e.code.to_string());
            }
            Some(e) => {
                return Err(BasicError {
                    code: e.code,
                    line: None,
                });
            }
            None => {}
        }
        // a literal too large for its type saturates; GW says so as the line is entered
        for _ in 0..loaded.overflows {
            self.machine.screen_message("Overflow");
        }
        self.workspace.replace(loaded.program, loaded.protected);
        // the lines are entered as typed: the last one is the current line `.`
        self.current_line = self.workspace.program.last_number();
        self.program_changed(OpenFiles::Close);
        Ok(())
    }

    /// A line as typed at the `Ok` prompt: with a number it stores, replaces or deletes a
    /// program line; otherwise it is executed at once. Errors are printed.
    pub fn enter_line(&mut self, text: &str) -> Outcome {
        self.enter_bytes(text.as_bytes())
    }

    pub fn enter_bytes(&mut self, text: &[u8]) -> Outcome {
        let crunched = match lex::crunch(text) {
            Ok(c) => c,
            Err(CrunchError::BadLineNumber) => return self.report(ErrorCode::SyntaxError, None),
            Err(CrunchError::LineBufferOverflow) => {
                return self.report(ErrorCode::LineBufferOverflow, None);
            }
        };
        for _ in 0..crunched.overflows {
            self.machine.screen_message("Overflow");
        }
        match crunched.number {
            Some(n) => self.edit_line(n, crunched.body),
            None if crunched.body.is_empty() => Outcome::Ended,
            None => self.execute_direct(crunched.body),
        }
    }

    /// Stores (or with an empty body deletes) a program line.
    fn edit_line(&mut self, number: u16, body: Vec<u8>) -> Outcome {
        if self.workspace.protected {
            // GW's PROCHK: a protected program cannot be edited
            return self.report(ErrorCode::IllegalFunctionCall, None);
        }
        let only_blanks = body.iter().all(|&c| c == b' ');
        if only_blanks {
            if !self.workspace.program.remove(number) {
                return self.report(ErrorCode::UndefinedLineNumber, None);
            }
        } else {
            self.workspace.program.insert(number, body);
        }
        self.workspace.edited();
        self.program_changed(OpenFiles::Close);
        self.current_line = Some(number);
        Outcome::Ended
    }

    /// After any change of the program: variables cleared, CONT impossible, pointers
    /// converted back (digest §11.1); the code is compiled again before anything runs.
    fn program_changed(&mut self, files: OpenFiles) {
        if let Err(e) = self.machine.clear_state(files) {
            // a file that could not be closed (Disk full) stays open; say so
            self.machine.screen_message(&e.to_string());
        }
        self.machine.run.program_bytes = self.workspace.program.byte_size();
    }

    /// Compiles the program if it changed since the machine's code was made, or if the
    /// DEFtype table changed (RUN and CLEAR reset it).
    fn ensure_compiled(&mut self) {
        let m = &mut self.machine;
        if self.compiled != Some(self.workspace.epoch) {
            let code =
                crate::compile::compile(&self.workspace.program, &mut m.run.vars, &mut m.run.fns);
            m.install(code);
            self.compiled = Some(self.workspace.epoch);
        } else if m.run.recompile {
            m.recompile_now();
        }
    }

    /// Runs a direct-mode statement line.
    fn execute_direct(&mut self, body: Vec<u8>) -> Outcome {
        self.ensure_compiled();
        let m = &mut self.machine;
        let line = crate::compile::compile_direct(&body, &m.code, &mut m.run.vars, &mut m.run.fns);
        m.direct = Some(Rc::new(line));
        m.pc = Pos {
            line: DIRECT,
            instr: 0,
        };
        self.drive()
    }

    /// RUN: the program from its first line.
    pub fn run(&mut self) -> Outcome {
        let r = self.start_program(OpenFiles::Close, None);
        match r {
            Ok(()) => self.drive(),
            Err(h) => self.finish(Err(h)),
        }
    }

    /// CONT.
    pub fn cont(&mut self) -> Outcome {
        match self.machine.run.cont.take() {
            Some(p) => {
                self.machine.arrived_mid(p);
                self.machine.pc = p;
                self.drive()
            }
            None => self.report(ErrorCode::CantContinue, None),
        }
    }

    /// Runs the machine until it stops, carrying out the program-management statements
    /// it hands over.
    fn drive(&mut self) -> Outcome {
        loop {
            let r = self.machine.execute();
            if r != Err(Halt::Command) {
                return self.finish(r);
            }
            let Some(cmd) = self.machine.take_command() else {
                return self.finish(Err(ErrorCode::InternalError.into()));
            };
            match self.command(cmd) {
                Ok(commands::Flow::Continue) => {}
                Ok(commands::Flow::Stop) => return self.finish(Err(Halt::End)),
                Err(Halt::Error(code)) => {
                    // an error of the command is the statement's: trappable
                    if let Err(h) = self.machine.command_failed(code) {
                        return self.finish(Err(h));
                    }
                }
                Err(h) => return self.finish(Err(h)),
            }
        }
    }

    /// Turns an execution result into an outcome, printing what GW-BASIC prints.
    fn finish(&mut self, r: Result<(), Halt>) -> Outcome {
        let line = self.machine.number_of(self.machine.pc.line);
        // what the program wrote is on disk while it waits (files stay open; a write
        // that fails now is reported when the file is closed)
        let _ = self.machine.flush_files();
        let out = match r {
            Ok(()) | Err(Halt::End) | Err(Halt::Command) => Outcome::Ended,
            Err(Halt::System) => Outcome::Exit,
            Err(Halt::Error(code)) => return self.report(code, line),
            Err(Halt::Stop) | Err(Halt::Break) => {
                let msg = match line {
                    Some(n) => format!("Break in {n}"),
                    None => "Break".to_string(),
                };
                self.machine.error_message(&msg);
                Outcome::Break { line }
            }
        };
        self.machine.direct = None;
        out
    }

    fn report(&mut self, code: ErrorCode, line: Option<u16>) -> Outcome {
        let e = BasicError { code, line };
        self.machine.error_message(&e.to_string());
        if let Some(log) = &mut self.error_log {
            // the screen's copy first, so the two arrive in order wherever they go
            self.machine.io.console.flush();
            let _ = writeln!(log, "{e}").and_then(|()| log.flush());
        }
        self.machine.direct = None;
        if line.is_some() {
            self.current_line = line;
        }
        Outcome::Error(e)
    }

    /// The end of a session: ends the screen line if the cursor is not at its start, and
    /// closes every file. False when a file could not be written (the error is shown; the
    /// process then ends with status 1).
    pub fn finish_screen(&mut self) -> bool {
        if self.machine.screen_mid_line() {
            self.machine.screen_newline();
        }
        let closed = self.machine.io.files.close_all();
        if let Err(e) = closed {
            self.machine.screen_message(&e.to_string());
            self.machine.io.files.abandon_all();
        }
        self.machine.io.console.flush();
        closed.is_ok()
    }

    /// A line typed in AUTO mode: like `enter_bytes`, except that a line number with
    /// nothing after it leaves the program alone (GW neither deletes the line nor
    /// complains) [S GWMAIN.ASM EDENT: null input in AUTO mode].
    pub fn enter_auto_line(&mut self, text: &[u8]) -> Outcome {
        match lex::crunch(text) {
            Ok(c) if c.number.is_some() && c.body.iter().all(|&b| b == b' ') => {
                // still a pass through FINI: variables are cleared
                self.program_changed(OpenFiles::Close);
                Outcome::Ended
            }
            _ => self.enter_bytes(text),
        }
    }

    /// Whether program line `n` exists.
    pub fn has_line(&self, n: u16) -> bool {
        self.workspace.program.contains(n)
    }

    /// Line `n` as LIST shows it, for editing; None if it does not exist or the program
    /// is protected.
    pub fn listed_line(&self, n: u16) -> Option<Vec<u8>> {
        if self.workspace.protected && self.hide_protected {
            return None;
        }
        let program = &self.workspace.program;
        program
            .get(n)
            .map(|body| crate::program::progfile::listed_line(program, n, body))
    }

    /// GW's READY after `Ok`: when the last error (trapped or not, and not RESUMEd) was
    /// a Syntax error in a program line, that line is put up for editing, the cursor
    /// where its text went wrong, or at its start when the error had been trapped and
    /// the handler stopped (ERRFLG, ERREDT). The line's text and the cursor's offset.
    pub fn syntax_error_edit(&mut self, outcome: &Outcome) -> Option<(Vec<u8>, usize)> {
        let trap = &mut self.machine.run.trap;
        if trap.err != ErrorCode::SyntaxError.number() {
            return None;
        }
        trap.err = 0;
        let number = trap.erl;
        let text = self.listed_line(number)?;
        let untrapped = matches!(outcome, Outcome::Error(e) if e.code == ErrorCode::SyntaxError);
        let cursor = if untrapped {
            self.fault_column(number).unwrap_or(0)
        } else {
            0
        };
        Some((text, cursor))
    }

    /// Where in its listed text the statement the machine stopped at goes wrong.
    fn fault_column(&self, number: u16) -> Option<usize> {
        let m = &self.machine;
        let line = m.code.lines.get(m.pc.line as usize)?;
        if line.number != number {
            return None;
        }
        let start = line.spans.get(m.pc.instr as usize)?.start;
        let off = crate::syntax::parse::fault_offset(&line.body, start)?;
        let prefix = line.body.get(..usize::from(off))?;
        Some(crate::text::list::list_line(number, prefix).len())
    }

    /// Prints GW-BASIC's `Ok` on its own line.
    pub fn say_ok(&mut self) {
        self.machine.ok_prompt();
    }

    /// Writes bytes to the screen (echo of typed text, AUTO line numbers).
    pub fn screen_write(&mut self, bytes: &[u8]) {
        self.machine.screen_write(bytes);
    }

    /// Ends the screen line.
    pub fn screen_newline(&mut self) {
        self.machine.screen_newline();
    }

    /// A line editor on the terminal showed and ended the typed line: the screen model
    /// takes it, and the cursor is at the start of the next line.
    pub fn typed_elsewhere(&mut self, line: &[u8]) {
        self.machine.io.screen.line_typed_elsewhere(line);
    }

    /// Types keys as if at the keyboard (`--keys`): programs and direct mode read them.
    pub fn type_keys(&mut self, keys: &[crate::keyboard::Key]) {
        self.machine.type_keys(keys);
    }

    /// A line from the keyboard as typed, without echo; None at end of input.
    pub fn read_raw_line(&mut self) -> Option<Vec<u8>> {
        self.machine.io.console.flush();
        self.machine.io.console.read_line()
    }

    /// A pending AUTO/EDIT request from the last line.
    pub fn take_request(&mut self) -> Option<Request> {
        self.request.take()
    }

    /// The number of a scalar or array name as the program would resolve it now.
    fn key(&self, name: &str) -> crate::machine::vars::VarKey {
        let n = make_name(name.to_ascii_uppercase().as_bytes());
        (n.text.clone(), self.machine.run.vars.type_of(&n))
    }

    /// An array's elements as numbers (first subscript fastest), or None.
    pub fn array_values(&self, name: &str) -> Option<Vec<f64>> {
        let slot = self.machine.run.vars.find_array(&self.key(name))?;
        let a = self.machine.run.vars.arrays[slot as usize].as_ref()?;
        Some(match &a.data {
            ArrayData::Int(v) => v.iter().map(|&x| f64::from(x)).collect(),
            ArrayData::Sng(v) => v.iter().map(|x| x.to_f64()).collect(),
            ArrayData::Dbl(v) => v.iter().map(|x| x.to_f64()).collect(),
            ArrayData::Str(_) => return None,
        })
    }

    /// A string array's elements.
    pub fn array_strings(&self, name: &str) -> Option<Vec<Vec<u8>>> {
        let slot = self.machine.run.vars.find_array(&self.key(name))?;
        match &self.machine.run.vars.arrays[slot as usize].as_ref()?.data {
            ArrayData::Str(v) => Some(v.iter().map(|s| s.to_vec()).collect()),
            _ => None,
        }
    }

    /// An array's sizes per dimension (max index + 1 - base).
    pub fn array_dims(&self, name: &str) -> Option<Vec<usize>> {
        let slot = self.machine.run.vars.find_array(&self.key(name))?;
        let a = self.machine.run.vars.arrays[slot as usize].as_ref()?;
        Some(a.dims.iter().map(|&d| d as usize).collect())
    }

    /// A numeric scalar's value.
    pub fn scalar_f64(&self, name: &str) -> Option<f64> {
        let key = self.key(name);
        if key.1 == VarType::Str {
            return None;
        }
        let slot = self.machine.run.vars.find_scalar(&key)?;
        self.machine.run.vars.scalars[slot as usize]
            .num()
            .ok()
            .map(|n| n.to_f64())
    }
}
