//! The engine: a GW-BASIC session (the program workspace and the machine that runs it),
//! driven by a front end in slices. The session owns the program: typed lines edit it,
//! program-management statements (RUN, LOAD, LIST, CHAIN, ...) handed over by the
//! machine are carried out here (`commands`), and the program is compiled only when
//! something is about to run. Errors are typed data inside; this is the edge where they
//! are rendered as GW-BASIC prints them (`Syntax error in 40`, `Break in 100`). Direct
//! mode, the `Ok` prompt, is a state of the session (`repl`).
//!
//! # Driving the engine
//!
//! A front end starts something (`start_program`, `start_line`, `start_direct_mode`),
//! then calls `run(budget)` again and again. `run` never blocks: it returns a `Stop`
//! saying why it came back. `Stop::Budget`: the slice's statements are used up (draw,
//! look at the keyboard, call `run` again). `Stop::Line` / `Stop::Key`: the engine waits
//! for a typed line or a key; give it with `input` and call `run` again, which goes on
//! exactly where it stopped (machine::resume: nothing shown or taken twice).
//! `Stop::Sleep(t)`: call `run` again once the host's monotonic clock reads `t`.
//! Anything else is the end of what was started: `Ended`, `Error`, `Break`, `Exit`.
//! Ctrl-C is `Interrupter::interrupt` (any thread, any time): the run stops with a
//! Break at the next statement, or at once if it waits.
//!
//! ```
//! use gwrun_core::session::{Input, Session, Stop};
//! let mut s = Session::captured(b"");
//! s.load_source(b"10 INPUT \"N\";N\n20 PRINT N*2\n").unwrap();
//! s.start_program();
//! let stop = loop {
//!     match s.run(10_000) {
//!         Stop::Budget => continue,
//!         Stop::Line => s.input(Input::Line(b"21".to_vec())),
//!         other => break other,
//!     }
//! };
//! assert_eq!(stop, Stop::Ended);
//! assert_eq!(s.take_output(), b"N? 21\n 42 \n");
//! ```
//!
//! For tests and tools, `run_program`, `enter_line` and `run_direct_mode` run to the
//! end, answering the waits from a captured session's typed input (`captured`) and
//! moving its clock over the sleeps.

mod commands;
mod interrupter;
mod repl;
#[cfg(test)]
mod tests;

use crate::console::{Console, Script};
use crate::error::{BasicError, ErrorCode};
use crate::host::clock::ManualClock;
use crate::keyboard::{Key, Stroke};
use crate::machine::{Halt, Machine, OpenFiles, Wait};
use crate::program::{Workspace, line_bytes, progfile};
use crate::text::lex::{self, CrunchError};
pub use interrupter::Interrupter;
use repl::Mode;
use std::cell::RefCell;
use std::io::Write as _;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// GW-BASIC lists line 65530 (which only a tokenized file can hold) and hides 65531
/// and above.
const HIDE_LISTING: u16 = 65530;

/// Why `Session::run` returned: the one type for an engine that stopped, for a slice or
/// for good.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The slice's statements are used up: call `run` again.
    Budget,
    /// Waiting for a typed line (the `Ok` prompt, INPUT, LINE INPUT, AUTO, EDIT,
    /// RANDOMIZE's seed): `input(Input::Line(..))`; `line_request` says how a front end
    /// with its own line editor shows it.
    Line,
    /// Waiting for a key (INPUT$, a KYBD: file, the full-screen editor):
    /// `input(Input::Key(..))`.
    Key,
    /// Waiting until the host's monotonic clock reads this (music played live, WAIT):
    /// call `run` again then (or earlier: it waits again if it must).
    Sleep(Duration),
    /// END, the end of the program, a direct line or a typed program line done.
    Ended,
    /// An untrapped error (already shown).
    Error(BasicError),
    /// STOP or Ctrl-C (`Break in NNN` already shown); CONT may go on.
    Break { line: Option<u16> },
    /// SYSTEM, or the end of the input in direct mode.
    Exit,
}

impl Stop {
    /// Whether this is the end of what was started (not a slice or a wait).
    pub fn is_final(&self) -> bool {
        !matches!(self, Stop::Budget | Stop::Line | Stop::Key | Stop::Sleep(_))
    }
}

/// What the user did, for the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A line typed (without its Enter), answering `Stop::Line`.
    Line(Vec<u8>),
    /// A key typed, answering `Stop::Key` (or typed ahead: it goes to the keyboard
    /// buffer); a byte of a redirected stdin is one.
    Key(Key),
    /// A key struck on a PC keyboard as the BIOS reports it (`keyboard::map`), answering
    /// `Stop::Key` or typed ahead: it goes to the keyboard buffer, or raises its ON KEY
    /// trap.
    Stroke(Stroke),
    /// Ctrl-C while a line was being typed in the front end's own line editor.
    Interrupt,
    /// The end of the input (Ctrl-D, the end of a script).
    End,
}

/// How a front end with its own line editor (rustyline) shows the line the engine
/// waits for. The text before it on the screen line (a prompt) was written through the
/// console.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineRequest {
    /// A line put up for editing (EDIT n, the line of a Syntax error): the editor starts
    /// with it.
    pub initial: Option<Vec<u8>>,
    /// A direct-mode line (a history of them may be kept), not a program's reply.
    pub history: bool,
}

/// Things a program or direct line asks of direct mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Request {
    /// AUTO [start] [, step].
    Auto {
        start: Option<u16>,
        step: Option<u16>,
    },
    /// EDIT n: show line n for editing.
    Edit(u16),
}

/// What the session does when `run` is called.
#[derive(Debug)]
enum Activity {
    /// Nothing started: `run` returns `Stop::Ended`.
    Idle,
    /// What was started ended at once (a typed program line): `run` hands this back.
    Done(Stop),
    /// The machine runs a program or a direct line; what follows its stop.
    Running(Then),
    /// Direct mode (`repl`).
    Direct(repl::Direct),
}

/// What follows a run's stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Then {
    /// The stop goes back to the front end.
    Return,
    /// Direct mode goes on after a direct statement: `Ok` (or what the statement asked
    /// for), or AUTO at this number and step when the statement was typed in AUTO mode.
    Direct { auto: Option<(u32, u32)> },
}

/// A console that keeps its output in a shared buffer the session can hand out.
struct Capture {
    out: Rc<RefCell<Vec<u8>>>,
    input: Script,
}

impl Console for Capture {
    fn write(&mut self, bytes: &[u8]) {
        self.out.borrow_mut().extend_from_slice(bytes);
    }
    fn inkey(&mut self) -> Option<u8> {
        self.input.byte()
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
    /// A pending AUTO/EDIT request for direct mode.
    request: Option<Request>,
    activity: Activity,
    /// Direct mode takes the terminal over for GW's full-screen editor
    /// (`--full-screen`).
    full_screen_direct: bool,
    interrupter: Interrupter,
    captured: Option<Rc<RefCell<Vec<u8>>>>,
    /// Typed input given in advance (captured sessions): the blocking runs answer from it.
    script: Option<Script>,
    /// The clock the machine starts on: the blocking runs move it over sleeps.
    manual_clock: Rc<ManualClock>,
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
    /// A session on a given console; `break_flag` is set by Ctrl-C (through
    /// `interrupter()` the run stops at the next statement; set directly, within 1024).
    pub fn new(console: Box<dyn Console>, break_flag: Arc<AtomicBool>) -> Session {
        Session::with_interrupter(console, Interrupter::on(break_flag))
    }

    /// A session on a given console, interrupted by `interrupter`.
    pub fn with_interrupter(console: Box<dyn Console>, interrupter: Interrupter) -> Session {
        let mut machine = Machine::new(
            console,
            interrupter.brk.clone(),
            interrupter.attention.clone(),
        );
        let manual_clock = Rc::new(ManualClock::default());
        machine.set_host_clock(manual_clock.clone());
        Session {
            machine,
            workspace: Workspace::default(),
            compiled: None,
            current_line: None,
            request: None,
            activity: Activity::Idle,
            full_screen_direct: false,
            interrupter,
            captured: None,
            script: None,
            manual_clock,
            error_log: None,
            hide_protected: true,
            hide_listing: HIDE_LISTING,
            auto_step: 0,
        }
    }

    /// A session whose screen output is kept in memory and whose keyboard reads `input`
    /// (lines and keys for the blocking runs, bytes for INKEY$).
    pub fn captured(input: &[u8]) -> Session {
        let out = Rc::new(RefCell::new(Vec::new()));
        let script = Script::new(input);
        let console = Capture {
            out: out.clone(),
            input: script.clone(),
        };
        let mut s = Session::new(Box::new(console), Arc::new(AtomicBool::new(false)));
        s.captured = Some(out);
        s.script = Some(script);
        s
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

    /// Direct mode takes the terminal over for GW's full-screen editor (`--full-screen`)
    /// instead of giving it back for the front end's line editor.
    pub fn set_full_screen_direct(&mut self, on: bool) {
        self.full_screen_direct = on;
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

    /// Ctrl-C for this session, from anywhere.
    pub fn interrupter(&self) -> Interrupter {
        self.interrupter.clone()
    }

    /// The cost report of the last run.
    pub fn cost_report(&self, model: crate::cost::GotoModel) -> crate::cost::Report {
        self.machine.cost_report(model)
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
        // a literal too large saturates; GW says so as its line is entered, before an
        // error that stops the reading
        self.overflow_messages(loaded.overflows);
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
        self.workspace.replace(loaded.program, loaded.protected);
        // LOAD's NEW forgets `.`; an ASCII file's lines are entered as typed, the last
        // one becoming `.`
        self.take_error_dot();
        self.current_line = loaded.last_line;
        self.program_changed(OpenFiles::Close);
        Ok(())
    }

    // ------------------------------------------------------------------ starting

    /// RUN: the program from its first line; `run` runs it and hands back its stop.
    pub fn start_program(&mut self) {
        self.machine.abandon_wait();
        self.activity = match self.start_run(OpenFiles::Close, None) {
            Ok(()) => Activity::Running(Then::Return),
            Err(h) => Activity::Done(self.finish(Err(h))),
        };
    }

    /// A line as typed at the `Ok` prompt: with a number it stores, replaces or deletes
    /// a program line (`run` then hands back `Ended`, or the error); otherwise `run`
    /// executes it and hands back its stop. Errors are shown.
    pub fn start_line(&mut self, text: &[u8]) {
        self.machine.abandon_wait();
        self.activity = match self.begin_line(text) {
            Some(done) => Activity::Done(done),
            None => Activity::Running(Then::Return),
        };
    }

    /// Direct mode, the `Ok` prompt: `run` asks for lines (`Stop::Line`, `Stop::Key`) and
    /// carries them out until SYSTEM or the end of the input (`Stop::Exit`). `after` is
    /// the stop of a run that came before (a program run with `--keys`): direct mode
    /// starts as after a direct line that ran it (`Ok`, the AUTO or EDIT it asked for, the
    /// line of its Syntax error put up for editing); None starts with `Ok`.
    pub fn start_direct_mode(&mut self, after: Option<&Stop>) {
        let mode = match after {
            Some(stop) => self.after_direct(stop),
            None => {
                self.say_ok();
                Mode::Direct
            }
        };
        self.activity = Activity::Direct(repl::Direct::Prompt(mode));
    }

    // ------------------------------------------------------------------ running

    /// Runs what was started for at most about `budget` statements (counted in steps of
    /// 1024; `u64::MAX`: no limit) and says why it came back.
    pub fn run(&mut self, budget: u64) -> Stop {
        self.machine.set_slice(budget);
        loop {
            match std::mem::replace(&mut self.activity, Activity::Idle) {
                Activity::Idle => return Stop::Ended,
                Activity::Done(stop) => return stop,
                Activity::Running(then) => match self.drive() {
                    Ok(stop) => {
                        self.activity = Activity::Running(then);
                        return stop;
                    }
                    Err(stop) => match then {
                        Then::Return => return stop,
                        Then::Direct { auto } => {
                            let d = self.after_direct_run(&stop, auto);
                            self.activity = Activity::Direct(d);
                        }
                    },
                },
                Activity::Direct(d) => match self.direct_step(d) {
                    Ok(next) => self.activity = next,
                    Err((d, stop)) => {
                        self.activity = Activity::Direct(d);
                        return stop;
                    }
                },
            }
        }
    }

    /// What the user did: a line or a key for the wait `run` came back with (a key
    /// struck while nothing waits for it goes to the keyboard buffer).
    pub fn input(&mut self, input: Input) {
        if let Input::Stroke(s) = input {
            self.machine.key_struck(s);
            return;
        }
        if let Activity::Direct(repl::Direct::Asked(_)) = &self.activity {
            let Activity::Direct(repl::Direct::Asked(mode)) =
                std::mem::replace(&mut self.activity, Activity::Idle)
            else {
                return;
            };
            self.activity = self.typed(mode, input);
            return;
        }
        match input {
            Input::Key(k) => self.machine.key_typed(k),
            Input::Stroke(s) => self.machine.key_struck(s),
            Input::Line(line) => self.machine.line_typed(line),
            Input::Interrupt => self.machine.line_interrupted(),
            Input::End => self.machine.input_ended(),
        }
    }

    /// Whether the session is in direct mode, at the `Ok` prompt or entering a line
    /// there (not running a program or a direct statement).
    pub fn at_prompt(&self) -> bool {
        matches!(self.activity, Activity::Direct(_))
    }

    /// How the line the engine waits for is shown by a front end with its own line
    /// editor.
    pub fn line_request(&self) -> LineRequest {
        match &self.activity {
            Activity::Direct(repl::Direct::Asked(mode)) => LineRequest {
                initial: match mode {
                    Mode::Edit(line, _) if !self.machine.echoes_input() => Some(line.clone()),
                    _ => None,
                },
                history: true,
            },
            _ => LineRequest::default(),
        }
    }

    /// Runs the machine until it stops for good (Err) or waits (Ok), carrying out the
    /// program-management statements it hands over.
    fn drive(&mut self) -> Result<Stop, Stop> {
        loop {
            let r = self.machine.execute();
            match r {
                Err(Halt::Wait) => {
                    return Ok(match self.machine.waiting_for() {
                        Some(Wait::Line) => Stop::Line,
                        Some(Wait::Sleep(t)) => Stop::Sleep(t),
                        _ => Stop::Key,
                    });
                }
                Err(Halt::Budget) => return Ok(Stop::Budget),
                Err(Halt::Command) => {}
                r => return Err(self.finish(r)),
            }
            let Some(cmd) = self.machine.take_command() else {
                return Err(self.finish(Err(ErrorCode::InternalError.into())));
            };
            match self.command(cmd) {
                Ok(commands::Flow::Continue) => {}
                Ok(commands::Flow::Stop) => return Err(self.finish(Err(Halt::End))),
                Err(Halt::Error(code)) => {
                    // an error of the command is the statement's: trappable
                    if let Err(h) = self.machine.command_failed(code) {
                        return Err(self.finish(Err(h)));
                    }
                }
                Err(h) => return Err(self.finish(Err(h))),
            }
        }
    }

    // ------------------------------------------------------------------ blocking runs

    /// Runs until the engine stops for good, answering its waits from the captured
    /// input (none: the end of the input) and moving the session's own clock over its
    /// sleeps: for tests and tools.
    pub fn finish_scripted(&mut self) -> Stop {
        loop {
            match self.run(u64::MAX) {
                Stop::Budget => {}
                Stop::Line => {
                    let line = self.script.as_ref().and_then(Script::line);
                    self.input(line.map_or(Input::End, Input::Line));
                }
                Stop::Key => {
                    let byte = self.script.as_ref().and_then(Script::byte);
                    self.input(byte.map_or(Input::End, |b| Input::Key(Key::Char(b))));
                }
                Stop::Sleep(t) => self.manual_clock.set(t),
                stop => return stop,
            }
        }
    }

    /// RUN to the end (`finish_scripted`).
    pub fn run_program(&mut self) -> Stop {
        self.start_program();
        self.finish_scripted()
    }

    /// A line as typed at the `Ok` prompt, carried out to the end (`finish_scripted`).
    pub fn enter_line(&mut self, text: &str) -> Stop {
        self.enter_bytes(text.as_bytes())
    }

    pub fn enter_bytes(&mut self, text: &[u8]) -> Stop {
        self.start_line(text);
        self.finish_scripted()
    }

    /// Direct mode over the captured input until SYSTEM or its end (`finish_scripted`);
    /// the exit status (1 when a file could not be written at the end).
    pub fn run_direct_mode(&mut self) -> i32 {
        self.start_direct_mode(None);
        self.finish_scripted();
        if self.finish_screen() { 0 } else { 1 }
    }

    // ------------------------------------------------------------------ lines

    /// A typed line: a program line is stored at once (Some: what `run` hands back);
    /// a direct statement line is compiled and the machine pointed at it (None).
    fn begin_line(&mut self, text: &[u8]) -> Option<Stop> {
        self.begin_crunched(lex::crunch(text))
    }

    /// `begin_line` of a line already crunched (AUTO's line with its `*`).
    fn begin_crunched(&mut self, crunched: Result<lex::Crunched, CrunchError>) -> Option<Stop> {
        let crunched = match crunched {
            Ok(c) => c,
            Err(e) => {
                // the literals crunched before the error printed their Overflow
                self.overflow_messages(usize::from(e.overflows()));
                return Some(self.report(e.code(), None));
            }
        };
        self.overflow_messages(usize::from(crunched.overflows));
        match crunched.number {
            Some(n) => Some(self.edit_line(n, crunched.body)),
            None if crunched.body.is_empty() => Some(Stop::Ended),
            None => {
                self.ensure_compiled();
                self.machine.start_direct(&crunched.body);
                None
            }
        }
    }

    /// Stores (or with an empty body deletes) a program line.
    fn edit_line(&mut self, number: u16, body: Vec<u8>) -> Stop {
        if self.workspace.protected {
            // GW's PROCHK: a protected program cannot be edited
            return self.report(ErrorCode::IllegalFunctionCall, None);
        }
        // the number becomes `.` before the line is looked for, so a bare number of a
        // missing line (Undefined line number) and a line that does not fit (Out of
        // memory) set it too [S GWMAIN.ASM EDENT: PROCHK, `MOV DOT,DX`, then FNDLIN]
        self.take_error_dot();
        self.current_line = Some(number);
        let only_blanks = body.iter().all(|&c| c == b' ');
        if only_blanks {
            if !self.workspace.program.remove(number) {
                return self.report(ErrorCode::UndefinedLineNumber, None);
            }
        } else {
            // GWMAIN EDENT: the old line goes first (DEL), then BLTU's REASON wants the
            // new text's end at or below MEMSIZ, else Out of memory and no line
            let old = self.workspace.program.get(number).map_or(0, line_bytes);
            let size = self.workspace.program.byte_size() - old + line_bytes(&body);
            if size > self.machine.program_room() {
                self.workspace.program.remove(number);
                self.workspace.edited();
                self.program_changed(OpenFiles::Close);
                return self.report(ErrorCode::OutOfMemory, None);
            }
            self.workspace.program.insert(number, body);
        }
        self.workspace.edited();
        self.program_changed(OpenFiles::Close);
        Stop::Ended
    }

    /// After any change of the program: variables cleared, CONT impossible, pointers
    /// converted back (digest §11.1); the code is compiled again before anything runs.
    fn program_changed(&mut self, files: OpenFiles) {
        if let Err(e) = self.machine.clear_state(files) {
            // a file that could not be closed (Disk full) stays open; say so
            self.machine.screen_message(&e.to_string());
        }
        self.machine
            .set_program_bytes(self.workspace.program.byte_size());
    }

    /// Compiles the program if it changed since the machine's code was made, or if the
    /// DEFtype table changed (RUN and CLEAR reset it).
    fn ensure_compiled(&mut self) {
        if self.compiled != Some(self.workspace.epoch) {
            self.machine.compile_program(&self.workspace.program);
            self.compiled = Some(self.workspace.epoch);
        } else {
            self.machine.recompile_if_asked();
        }
    }

    /// Turns an execution result into a stop, printing what GW-BASIC prints.
    fn finish(&mut self, r: Result<(), Halt>) -> Stop {
        let line = self.machine.stopped_line();
        // what the program wrote is on disk while it waits (files stay open; a write
        // that fails now is reported when the file is closed)
        let _ = self.machine.flush_files();
        let out = match r {
            Ok(()) | Err(Halt::End | Halt::Command | Halt::Wait | Halt::Budget) => Stop::Ended,
            Err(Halt::System) => Stop::Exit,
            Err(Halt::Error(code)) => {
                if self.machine.take_keyboard_ended() {
                    // GW-BASIC returns to DOS and shows nothing; the error log names it
                    return self.report_elsewhere(code, line);
                }
                return self.report(code, line);
            }
            Err(Halt::Stop | Halt::Break) => {
                let msg = match line {
                    Some(n) => format!("Break in {n}"),
                    None => "Break".to_string(),
                };
                self.machine.error_message(&msg);
                Stop::Break { line }
            }
        };
        self.machine.drop_direct();
        out
    }

    fn report(&mut self, code: ErrorCode, line: Option<u16>) -> Stop {
        let e = BasicError { code, line };
        self.machine.error_message(&e.to_string());
        self.report_elsewhere(code, line)
    }

    /// An error that ends the run: the error log, if there is one, gets it (the screen
    /// shows nothing of it when the keyboard's input ended: GW-BASIC returned to DOS).
    fn report_elsewhere(&mut self, code: ErrorCode, line: Option<u16>) -> Stop {
        let e = BasicError { code, line };
        if let Some(log) = &mut self.error_log {
            // the screen's copy first, so the two arrive in order wherever they go
            self.machine.flush_console();
            let _ = writeln!(log, "{e}").and_then(|()| log.flush());
        }
        self.machine.drop_direct();
        self.take_error_dot();
        if line.is_some() {
            self.current_line = line;
        }
        Stop::Error(e)
    }

    /// The end of a session: ends the screen line if the cursor is not at its start, and
    /// closes every file. False when a file could not be written (the error is shown; the
    /// process then ends with status 1).
    pub fn finish_screen(&mut self) -> bool {
        if self.machine.screen_mid_line() {
            self.machine.screen_newline();
        }
        self.machine.close_files_at_end()
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
    fn syntax_error_edit(&mut self, stop: &Stop) -> Option<(Vec<u8>, usize)> {
        let number = self.machine.take_syntax_error_line()?;
        let text = self.listed_line(number)?;
        let untrapped = matches!(stop, Stop::Error(e) if e.code == ErrorCode::SyntaxError);
        let cursor = if untrapped {
            self.machine
                .fault_prefix(number)
                .map(|prefix| crate::text::list::list_line(number, prefix).len())
                .unwrap_or(0)
        } else {
            0
        };
        Some((text, cursor))
    }

    /// Prints GW-BASIC's `Ok` on its own line.
    fn say_ok(&mut self) {
        self.machine.ok_prompt();
    }

    /// Writes bytes to the screen (a front end's greeting).
    pub fn screen_write(&mut self, bytes: &[u8]) {
        self.machine.screen_write(bytes);
    }

    /// Ends the screen line.
    pub fn screen_newline(&mut self) {
        self.machine.screen_newline();
    }

    /// Types keys as if at the keyboard (`--keys`): programs and direct mode read them.
    pub fn type_keys(&mut self, keys: &[Key]) {
        self.machine.type_keys(keys);
    }

    /// An array's elements as numbers (first subscript fastest), or None.
    pub fn array_values(&self, name: &str) -> Option<Vec<f64>> {
        self.machine.array_values(name)
    }

    /// A string array's elements.
    pub fn array_strings(&self, name: &str) -> Option<Vec<Vec<u8>>> {
        self.machine.array_strings(name)
    }

    /// An array's sizes per dimension (max index + 1 - base).
    pub fn array_dims(&self, name: &str) -> Option<Vec<usize>> {
        self.machine.array_dims(name)
    }

    /// A numeric scalar's value.
    pub fn scalar_f64(&self, name: &str) -> Option<f64> {
        self.machine.scalar_f64(name)
    }
}
