//! The machine that runs compiled code: program counter, control stack (FOR, GOSUB,
//! WHILE entries within GW-BASIC's 512-byte stack budget, digest §3.8), soft float
//! errors; the statement loop and its Break polling are `stmtloop`, the dispatch of every statement to its
//! handler, in the module that owns the state it touches (`control`, `eval`, `assign`,
//! `print`, `input`, `files`, `data`, `trap`, `commands`…), is `dispatch`. The program itself belongs to the session: statements that manage
//! it (RUN, LOAD, LIST, ...) are evaluated here and handed to the session as a
//! `commands::Command`.

mod assign;
mod builtins;
pub mod chain;
pub mod clock;
mod cmpnums;
pub mod commands;
mod concat;
mod control;
pub mod counters;
mod data;
mod next;
// ---- the data segment ----
mod dataseg;
mod dispatch;
mod display;
mod eval;
pub mod events;
mod files;
mod front;
mod graphics;
mod host;
mod input;
mod macrovars;
mod memory;
mod ports;
mod print;
mod program;
mod resume;
mod sound;
mod stmtloop;
mod swapflat;
pub mod trap;
mod typed;
pub mod value;
pub mod vars;
mod wend;

use crate::compile::code::{CLine, Code, DIRECT, NextPos, Pos};
use crate::compile::{self, FnTable};
use crate::console::Console;
use crate::error::ErrorCode;
use crate::num::{FloatError, Num};
use crate::rnd::GwRnd;
use counters::{Cost, Dyn};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use vars::{DEFAULT_STACK, Vars};

pub use crate::dos::Files;
pub use commands::Command;
pub(crate) use resume::Wait;
pub use trap::Trap;

/// Why execution stopped: the machine's unwinding (internal; the session turns it into
/// the one public `session::Stop`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Halt {
    /// An untrapped error (line number taken from the program counter).
    Error(ErrorCode),
    /// END, or the end of the program.
    End,
    /// STOP: `Break in NNN`.
    Stop,
    /// Ctrl-C.
    Break,
    /// SYSTEM.
    System,
    /// A program-management statement: the session carries out `Machine::command`.
    Command,
    /// The machine waits (for a line, a key, time: `resume::Wait`); the statement at the
    /// program counter runs again when the front end has given it (machine::resume).
    Wait,
    /// The statements of this slice are used up; the program counter is at the next
    /// statement, which has not begun.
    Budget,
}

impl From<ErrorCode> for Halt {
    fn from(e: ErrorCode) -> Halt {
        Halt::Error(e)
    }
}

pub(crate) type Res<T> = Result<T, Halt>;

/// Behaviours where PC-BASIC differs from GW-BASIC 3.23 and a listing depends on it
/// (digest DISAGREEMENT notes). The default is GW-BASIC's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Compat {
    /// A NEXT finds its FOR entry by the NEXT's position first (PC-BASIC), instead of
    /// taking the innermost FOR entry (GW-BASIC source, digest §3.4).
    pub pcbasic_next: bool,
    /// A zero-trip FOR leaves start+step in the variable (PC-BASIC) instead of the start
    /// value (GW-BASIC source, digest §3.5).
    pub pcbasic_zero_trip: bool,
    /// SQR/SIN/COS/TAN/ATN/LOG/EXP and non-integer powers through the host's IEEE
    /// functions, truncated back to single (PC-BASIC), instead of GW-BASIC's own
    /// single-precision routines.
    pub pcbasic_math: bool,
}

/// What a program replacement or RUN does with the open data files: GW-BASIC closes them,
/// except for RUN "f",R, LOAD "f",R and CHAIN, which keep them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenFiles {
    Close,
    Keep,
}

/// A control-stack entry (digest §3.1, §2.4, §4). (An explicit tag: the searches of the
/// stack tell the kinds apart with one comparison.)
#[derive(Debug, Clone)]
#[repr(u8)]
pub(crate) enum Frame {
    For(ForFrame),
    /// A GOSUB, or an event handler's entry (its trap, released by the RETURN).
    Gosub {
        ret: Pos,
        event: Option<u8>,
    },
    While {
        at: Pos,
        wend: Pos,
    },
}

impl Frame {
    /// Bytes the entry takes on GW-BASIC's stack.
    fn size(&self) -> usize {
        match self {
            Frame::For(_) => 20,
            Frame::Gosub { .. } | Frame::While { .. } => 8,
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct ForFrame {
    pub var: u32,
    pub step: Num,
    pub limit: Num,
    /// The step's sign, -1 or 1; 2 for a zero step (never ends: `ends`).
    pub sign: i8,
    pub at: Pos,
    /// Where its NEXT goes back to (`ForBind::resume`).
    pub resume: Pos,
    pub next: NextPos,
}

/// The interpreter state, in three parts: what a run changes (`run`), the devices it
/// talks to (`io`) and how it was configured (`config`); plus the code it runs and the
/// program counter.
pub struct Machine {
    pub(crate) code: Rc<Code>,
    pub(crate) direct: Option<Rc<CLine>>,
    pub(crate) pc: Pos,
    /// What the machine waits for, and the journal that lets a statement that waited go
    /// on where it stopped.
    pub(crate) resume: resume::Resume,
    pub(crate) run: RunState,
    pub(crate) io: Io,
    pub(crate) config: Config,
    pub(crate) cost: Cost,
}

/// What a run changes: variables, functions, the control stack, traps, the DATA pointer.
pub struct RunState {
    pub vars: Vars,
    pub(crate) fns: FnTable,
    pub rnd: GwRnd,
    pub(crate) stack: Vec<Frame>,
    pub(crate) stack_used: usize,
    pub(crate) stack_size: usize,
    pub(crate) trap: Trap,
    /// Where CONT resumes (None: Can't continue).
    pub(crate) cont: Option<Pos>,
    pub(crate) data_ptr: usize,
    pub(crate) tron: bool,
    /// GW's GOTO-pointer conversion per jump site (survives RUN, reset by edits).
    pub(crate) converted: Vec<bool>,
    /// Set by DEFtype changes (`Machine::ask_recompile`): the code must be recompiled
    /// with the new table.
    pub(crate) recompile: bool,
    /// The program-management statement the session is to carry out (`Halt::Command`),
    /// and where it stands.
    pub(crate) command: Option<Command>,
    pub(crate) command_at: Pos,
    /// Where an error is to be reported when it is not the executing statement (a bad
    /// DATA item is a Syntax error in the DATA line).
    pub(crate) error_at: Option<Pos>,
    /// Bytes the program text takes in GW's memory (FRE); set by the session.
    pub(crate) program_bytes: usize,
    /// Statements left before the Break flag's next poll (every 1024 statements:
    /// `Machine::between_statements`).
    pub(crate) poll_left: u32,
    /// The polls so far, times 2048: with `poll_left` added, the serial of the statement
    /// running, which the journal of a statement that waits is kept by (machine::resume).
    pub(crate) poll: u64,
    /// The event traps (ON TIMER, ON KEY, ...).
    pub(crate) events: events::Events,
    /// Operator nesting of the user function bodies being evaluated (see
    /// `builtins::call_user`).
    pub(crate) fn_levels: usize,
    /// Why a typed expression stopped (`typed::Fault`), until its entry point returns.
    pub(crate) fault: Option<Halt>,
    /// The line of the last error raised in a program line, trapped or not, until the
    /// session takes it as the current line `.` [S GWMAIN.ASM ERROR: DOT].
    pub(crate) error_dot: Option<u16>,
    /// Where a READ item that overflowed goes, found before the item was converted
    /// (GWMAIN.ASM READ: PTRGET, then FIN), until `read_place` takes it.
    pub(crate) read_at: Option<assign::Place>,
}

/// The devices: the console (the outside: a stream or a terminal), the text screen and
/// the keyboard behind it, memory as PEEK and POKE see it, and the open files.
pub struct Io {
    pub(crate) console: Box<dyn Console>,
    // boxed: the machine's hot fields stay close together
    pub(crate) screen: Box<crate::screen::Screen>,
    pub(crate) kb: Box<crate::keyboard::Keyboard>,
    pub(crate) front: display::Front,
    pub(crate) memory: memory::Memory,
    pub(crate) files: Files,
    /// The interpreter's clock (DATE$, TIME$, TIMER, the timer events).
    pub clock: clock::Clock,
    /// FIELD variables: views of the random files' record buffers.
    pub(crate) fields: files::FieldAliases,
    /// The speaker and the ports.
    pub(crate) speaker: Box<sound::Speaker>,
    pub(crate) ports: ports::Ports,
    // ---- graphics ----
    /// The video card: the pixels of the graphics modes (docs/graphics.md).
    pub(crate) video: Box<crate::graphics::Video>,
    pub(crate) gfx_text: graphics::GfxText,
    /// SHELL's host (None: SHELL is refused).
    pub(crate) shell: Option<Box<dyn crate::host::Shell>>,
    /// The program's environment string table (ENVIRON, ENVIRON$, SHELL's command).
    pub(crate) environment: crate::host::Environment,
}

/// Pixels or bytes of video memory drawn that cost the statement budget one statement
/// (about what one statement's own work takes).
const WORK_PER_STATEMENT: u64 = 256;

/// How the machine was set up.
pub(crate) struct Config {
    pub(crate) compat: Compat,
    /// Statements left before the run is stopped as if by Ctrl-C (None: no limit); checked
    /// with the Break flag every 1024 statements, so it costs nothing per statement. It is
    /// a budget of cost, not a count: drawing charges it too, `WORK_PER_STATEMENT`
    /// pixels or bytes of video memory for one statement, so that a run under a budget
    /// ends in bounded time whatever it draws (the fuzz targets' programs).
    pub(crate) budget: Option<u64>,
    /// Statements left in this slice of the run (`Session::run`'s budget), checked with
    /// the Break flag every 1024 statements.
    pub(crate) slice: u64,
    /// Ctrl-C (set from any thread; `session::Interrupter`).
    pub(crate) break_flag: Arc<AtomicBool>,
    /// How program text files are encoded (`--text-encoding`): LOAD, MERGE, CHAIN and
    /// RUN "file" decode them, SAVE ,A encodes.
    pub(crate) text_encoding: crate::program::textenc::TextEncoding,
    /// The statement loop's one flag: set while an event trap may be due, a statement
    /// waits to run again, the code is to be recompiled (`Machine::ask_recompile`), or
    /// Ctrl-C came through the `Interrupter` (which sets it after the Break flag); the
    /// statement loop looks at nothing else between statements but its count of them
    /// (`Machine::boundary`).
    pub(crate) attention: Arc<AtomicBool>,
}

impl Machine {
    /// A machine on `console`, on a `host::ManualClock` until the front end gives the
    /// host's clock (`set_host_clock`); Ctrl-C sets `break_flag`, then `attention`.
    pub(crate) fn new(
        console: Box<dyn Console>,
        break_flag: Arc<AtomicBool>,
        attention: Arc<AtomicBool>,
    ) -> Machine {
        let host_clock: Rc<dyn crate::host::Clock> =
            Rc::new(crate::host::clock::ManualClock::default());
        Machine {
            code: Rc::new(Code::default()),
            direct: None,
            pc: Pos { line: 0, instr: 0 },
            resume: resume::Resume::default(),
            run: RunState {
                vars: Vars::new(),
                fns: FnTable::default(),
                rnd: GwRnd::new(),
                stack: Vec::new(),
                stack_used: 0,
                stack_size: DEFAULT_STACK,
                trap: Trap::default(),
                cont: None,
                data_ptr: 0,
                tron: false,
                converted: Vec::new(),
                recompile: false,
                command: None,
                command_at: Pos { line: 0, instr: 0 },
                error_at: None,
                program_bytes: 0,
                poll_left: stmtloop::POLL_EVERY,
                poll: 0,
                events: events::Events::new(attention.clone()),
                fn_levels: 0,
                fault: None,
                read_at: None,
                error_dot: None,
            },
            io: Io {
                screen: {
                    // the transcript until a terminal shows the full screen
                    let mut s = crate::screen::Screen::new();
                    s.set_transcript_form(console.transcript_form());
                    s.set_streaming(true);
                    Box::new(s)
                },
                console,
                kb: Box::new(crate::keyboard::Keyboard::new()),
                front: display::Front::default(),
                memory: memory::Memory::default(),
                files: Files::default(),
                clock: clock::Clock::on(host_clock.clone()),
                fields: files::FieldAliases::default(),
                speaker: Box::new(sound::Speaker::new(host_clock)),
                ports: ports::Ports::default(),
                video: graphics::new_video(),
                gfx_text: graphics::GfxText::default(),
                shell: None,
                environment: crate::host::Environment::dos(),
            },
            config: Config {
                compat: Compat::default(),
                budget: None,
                slice: u64::MAX,
                break_flag,
                text_encoding: Default::default(),
                attention,
            },
            cost: Cost::default(),
        }
    }

    /// Free bytes as FRE(0) reports them (FRETOP - STREND, machine::dataseg).
    pub fn free_memory(&self) -> usize {
        self.free_bytes()
    }

    /// Runs `code` from now on: a new or edited program (pointer conversions and cost
    /// counters start afresh).
    pub(crate) fn install(&mut self, code: Code) {
        self.run.converted = vec![false; code.jump_sites as usize];
        self.cost.reset_sites(code.sites as usize, code.lines.len());
        self.code = Rc::new(code);
        self.run.recompile = false;
        self.relinked();
    }

    /// Recompiles the program and the direct line with the DEFtype table now in force
    /// (the text is the same, so positions and sites stay valid).
    pub(crate) fn recompile_now(&mut self) {
        #[cfg(not(feature = "nocost"))]
        self.cost.settle(&self.code);
        let code = compile::recompile(&self.code, &mut self.run.vars, &mut self.run.fns);
        self.code = Rc::new(code);
        if let Some(d) = self.direct.take() {
            let line =
                compile::compile_direct(&d.body, &self.code, &mut self.run.vars, &mut self.run.fns);
            self.direct = Some(Rc::new(line));
        }
        self.run.recompile = false;
    }

    /// The code is to be recompiled with the DEFtype table now in force: before the next
    /// statement runs (the statement loop's flag is raised for it), or when the session
    /// next runs something (`recompile_if_asked`).
    pub(crate) fn ask_recompile(&mut self) {
        self.run.recompile = true;
        self.config.attention.store(true, Ordering::SeqCst);
    }

    /// Everything RUN and CLEAR reset (digest §11.1): variables, arrays, functions,
    /// DEFtypes, stack, traps, DATA pointer, RND seed; open files are closed or kept.
    pub(crate) fn clear_state(&mut self, files: OpenFiles) -> Result<(), ErrorCode> {
        self.run.vars.clear();
        self.reset_strings();
        self.io.fields.clear();
        self.run.fns.clear();
        self.run.stack.clear();
        self.run.stack_used = 0;
        self.run.trap = Trap::default();
        self.run.events.reset();
        self.run.data_ptr = 0;
        self.run.rnd.reset();
        self.run.cont = None;
        self.reset_speaker();
        // ---- graphics: GW's CLEARC calls GRPRST ----
        self.io.video.reset_graphics();
        if !self.code.lines.is_empty() {
            self.ask_recompile();
        }
        if files == OpenFiles::Close {
            self.io.files.close_all()?;
        }
        Ok(())
    }

    /// The line number of a line index (None for the direct line).
    pub(crate) fn number_of(&self, line: u32) -> Option<u16> {
        if line == DIRECT {
            None
        } else {
            self.code.lines.get(line as usize).map(|l| l.number)
        }
    }

    /// Free bytes of GW-BASIC's stack.
    pub(crate) fn stack_free(&self) -> usize {
        self.run.stack_size.saturating_sub(2 + self.run.stack_used)
    }

    /// Pushes a control entry if GW-BASIC's stack has room: at least `need` bytes must be
    /// free before the push (FOR 240, GOSUB 232, WHILE 236 + expression headroom).
    pub(crate) fn push_frame(&mut self, f: Frame, need: usize) -> Res<()> {
        if self.stack_free() < need {
            return Err(ErrorCode::OutOfMemory.into());
        }
        self.run.stack_used += f.size();
        self.run.stack.push(f);
        Ok(())
    }

    /// Pushes a control entry whose room `push_frame`'s test found before (nothing was
    /// pushed since).
    #[inline(always)]
    pub(crate) fn push_found_room(&mut self, f: Frame) {
        self.run.stack_used += f.size();
        self.run.stack.push(f);
    }

    pub(crate) fn truncate_stack(&mut self, len: usize) {
        while self.run.stack.len() > len {
            if let Some(f) = self.run.stack.pop() {
                self.run.stack_used -= f.size();
            }
        }
    }

    /// A soft float error: message and saturated value, or an error when ON ERROR
    /// names a handler (digest §6.5): trapped, or, while the handler runs, the error
    /// that stops the program [S MATH1.ASM DV010's TRAPER looks at ONELIN alone and
    /// goes to OVERR or DV0ERR; GWMAIN.ASM ERRMOR finds ONEFLG set: NOTRAP].
    pub(crate) fn soft_error(&mut self, e: FloatError) -> Res<()> {
        let code = match e {
            FloatError::Overflow { .. } => ErrorCode::Overflow,
            FloatError::DivisionByZero { .. } => ErrorCode::DivisionByZero,
        };
        if self.error_trap_set() {
            return Err(code.into());
        }
        if self.effect() {
            self.screen_message(&code.to_string());
        }
        Ok(())
    }

    /// Moves execution to the start of line index `line` (counting the line entry).
    #[inline]
    pub(crate) fn enter_line(&mut self, line: u32) {
        self.pc = Pos { line, instr: 0 };
        self.line_entered(line);
    }

    /// The rest of the line is skipped (a false IF, an ELSE reached): the next line is
    /// entered at once, as the end of this one would enter it.
    #[inline]
    pub(crate) fn skip_line(&mut self) {
        let next = self.pc.line.wrapping_add(1);
        if self.pc.line != DIRECT && (next as usize) < self.code.lines.len() {
            self.enter_line(next);
        } else {
            self.pc.instr = u32::MAX;
        }
    }

    /// The entry itself is counted by its first statement's execution (machine::counters).
    #[inline]
    fn line_entered(&mut self, line: u32) {
        if self.run.tron {
            self.trace_line(line);
        }
    }

    /// Execution goes on at `p` without entering its line (RETURN, RESUME, CONT): at a
    /// line's first statement that is no line entry (machine::counters).
    #[inline]
    pub(crate) fn arrived_mid(&mut self, p: Pos) {
        if p.instr == 0 {
            self.cost.adjust_entries(p.line, u64::MAX);
        }
    }

    /// The statement at `at` counted its own dynamic events this time: its site's
    /// derived counts leave this execution out (machine::counters).
    #[cold]
    pub(crate) fn not_derived(&mut self, at: Pos) {
        if let Some(l) = self.code.lines.get(at.line as usize) {
            self.cost.not_derived(l.site_base + at.instr);
        }
    }

    /// TRON: the line number in brackets.
    #[cold]
    #[inline(never)]
    fn trace_line(&mut self, line: u32) {
        if let Some(n) = self.number_of(line) {
            let s = format!("[{n}]");
            self.screen_write(s.as_bytes());
        }
    }

    /// The command handed to the session failed: the error is its statement's, trapped
    /// by ON ERROR like any other.
    pub(crate) fn command_failed(&mut self, code: ErrorCode) -> Res<()> {
        self.trap_error(code, self.run.command_at)
    }

    /// GW's line search from the top (RESTORE n, ON ERROR, handlers): counted, never
    /// converted to a pointer.
    pub(crate) fn search_line(&mut self, number: u16, from: usize) -> Res<u32> {
        let code = self.code.clone();
        let idx = code.line_at_or_after(number);
        let steps = (idx + 1).saturating_sub(from) as u64;
        self.count(Dyn::LineStepsGw, steps);
        self.count(Dyn::LineStepsNaive, steps);
        match code.lines.get(idx) {
            Some(l) if l.number == number => Ok(idx as u32),
            _ => Err(ErrorCode::UndefinedLineNumber.into()),
        }
    }

    /// Adds to a dynamic cost counter of the current line.
    #[inline(always)]
    pub(crate) fn count(&mut self, kind: Dyn, n: u64) {
        self.cost.add(self.pc.line, kind, n);
    }
}

#[cfg(test)]
mod size_tests {
    /// The hot types stay small: every executed statement copies or matches them.
    #[test]
    fn hot_types_stay_small() {
        assert!(std::mem::size_of::<crate::machine::value::Value>() <= 24);
        assert!(std::mem::size_of::<super::Res<crate::machine::value::Value>>() <= 24);
        assert!(std::mem::size_of::<super::Halt>() <= 4);
        assert!(std::mem::size_of::<crate::compile::code::CExpr>() <= 24);
        assert!(std::mem::size_of::<crate::compile::code::Instr>() <= 112);
    }
}
