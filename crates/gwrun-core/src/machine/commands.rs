//! Program-management statements (RUN, LIST, NEW, CONT, LOAD, SAVE, MERGE, CHAIN, DELETE,
//! RENUM, AUTO, EDIT): their operands are evaluated here, in scan order, and the
//! statement is handed to the session as a `Command`, since the session owns the
//! program. Also CLEAR, RANDOMIZE and DEF FN, which act on the machine's own state.

use super::{Halt, Machine, OpenFiles, Res};
use crate::compile::code::Compiled;
use crate::compile::code::{CExpr, DIRECT, Pos};
use crate::error::ErrorCode;
use crate::machine::dataseg::MAXMEM;
use crate::machine::value::{self, Value};
use crate::num::Num;
use crate::syntax::ast::{
    Auto, Chain, Clear, Cont, DefFn, Delete, Edit, List, Load, Merge, New, Randomize, Renum, Run,
    Save,
};
use crate::syntax::ast::{LineRange, ProgramTail, RunTarget, SaveFormat};

/// A program-management statement with its operands evaluated, for the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `RUN [n]`, `RUN "file" [,R]`: load the file if given, clear, run from line `line`;
    /// with `bad_tail` a Syntax error once the file is found.
    Run {
        file: Option<Vec<u8>>,
        line: Option<u16>,
        files: OpenFiles,
        bad_tail: bool,
    },
    /// `LIST [range] [, file]` / `LLIST`
    List {
        range: LineRange,
        file: Option<Vec<u8>>,
    },
    New,
    Cont,
    /// `LOAD "file" [,R]`; with `bad_tail` a Syntax error once the file is found.
    Load {
        file: Vec<u8>,
        run: bool,
        bad_tail: bool,
    },
    /// `SAVE "file" [,A|,P]`
    Save {
        file: Vec<u8>,
        format: SaveFormat,
    },
    /// `MERGE "file"`
    Merge(Vec<u8>),
    /// `CHAIN [MERGE] "file" [, line] [, ALL] [, DELETE range]`
    Chain {
        merge: bool,
        file: Vec<u8>,
        line: Option<i16>,
        all: bool,
        delete: Option<LineRange>,
        /// the error of the line's conversion or of the text after the name, raised
        /// once the file is open (S FIVEO.ASM CHAIN: PRGFLI first)
        pending: Option<ErrorCode>,
    },
    /// DELETE's range and whether text follows it.
    Delete(LineRange, bool),
    Renum {
        new: Option<crate::syntax::ast::LineRef>,
        old: Option<crate::syntax::ast::LineRef>,
        step: Option<u16>,
    },
    Auto {
        start: Option<crate::syntax::ast::LineRef>,
        step: Option<u16>,
        previous_step: bool,
    },
    Edit(Option<u16>),
}

impl Machine {
    /// Hands a command to the session.
    pub(super) fn request(&mut self, cmd: Command) -> Res<()> {
        self.run.command = Some(cmd);
        Err(Halt::Command)
    }

    /// NEW.
    pub(super) fn exec_new(&mut self, _: &New, _at: Pos) -> Res<()> {
        self.request(Command::New)
    }

    /// CONT.
    pub(super) fn exec_cont(&mut self, _: &Cont, _at: Pos) -> Res<()> {
        self.request(Command::Cont)
    }

    /// DELETE range.
    pub(super) fn exec_delete(&mut self, s: &Delete<Compiled>, _at: Pos) -> Res<()> {
        self.request(Command::Delete(s.range, s.junk))
    }

    /// RENUM [new] [, [old] [, inc]].
    pub(super) fn exec_renum(&mut self, s: &Renum<Compiled>, _at: Pos) -> Res<()> {
        self.request(Command::Renum {
            new: s.new,
            old: s.old,
            step: s.step,
        })
    }

    /// AUTO [n | .] [, [inc]].
    pub(super) fn exec_auto(&mut self, s: &Auto<Compiled>, _at: Pos) -> Res<()> {
        self.request(Command::Auto {
            start: s.start,
            step: s.step,
            previous_step: s.previous_step,
        })
    }

    /// EDIT n.
    pub(super) fn exec_edit(&mut self, s: &Edit<Compiled>, _at: Pos) -> Res<()> {
        self.request(Command::Edit(s.line))
    }

    /// The command the last `Halt::Command` carried.
    pub fn take_command(&mut self) -> Option<Command> {
        self.run.command.take()
    }

    /// Whether the statement running is in the direct-mode line.
    pub fn in_direct_line(&self) -> bool {
        self.pc.line == DIRECT
    }

    /// A program file name operand.
    fn program_name(&mut self, e: &CExpr) -> Res<Vec<u8>> {
        Ok(self.eval_file_name(e)?.to_vec())
    }

    pub(super) fn exec_run(&mut self, s: &Run<Compiled>, _at: Pos) -> Res<()> {
        let target = s.target.as_ref();
        let cmd = match target {
            None => Command::Run {
                file: None,
                line: None,
                files: OpenFiles::Close,
                bad_tail: false,
            },
            Some(RunTarget::Line(n)) => Command::Run {
                file: None,
                line: Some(*n),
                files: OpenFiles::Close,
                bad_tail: false,
            },
            Some(RunTarget::File(e, tail)) => Command::Run {
                file: Some(self.program_name(e)?),
                line: None,
                files: if *tail == ProgramTail::R {
                    OpenFiles::Keep
                } else {
                    OpenFiles::Close
                },
                bad_tail: *tail == ProgramTail::Bad,
            },
        };
        self.request(cmd)
    }

    pub(super) fn exec_list(&mut self, s: &List<Compiled>, _at: Pos) -> Res<()> {
        let List { range, file } = s;
        let (range, file) = (*range, file.as_ref());
        let file = match file {
            Some(e) => Some(self.program_name(e)?),
            None => None,
        };
        self.request(Command::List { range, file })
    }

    pub(super) fn exec_load(&mut self, s: &Load<Compiled>, _at: Pos) -> Res<()> {
        let Load { file, tail } = s;
        let file = self.program_name(file)?;
        self.request(Command::Load {
            file,
            run: *tail == ProgramTail::R,
            bad_tail: *tail == ProgramTail::Bad,
        })
    }

    pub(super) fn exec_save(&mut self, s: &Save<Compiled>, _at: Pos) -> Res<()> {
        let Save { file, format } = s;
        let format = *format;
        let file = self.program_name(file)?;
        self.request(Command::Save { file, format })
    }

    pub(super) fn exec_merge(&mut self, s: &Merge<Compiled>, _at: Pos) -> Res<()> {
        let file = &s.file;
        let file = self.program_name(file)?;
        self.request(Command::Merge(file))
    }

    pub(super) fn exec_chain(&mut self, s: &Chain<Compiled>, _at: Pos) -> Res<()> {
        let Chain {
            merge,
            file,
            line,
            all,
            delete,
            fault,
        } = s;
        let (merge, line, all, delete) = (*merge, line.as_ref(), *all, *delete);
        let file = self.program_name(file)?;
        // the line and the fault are errors of the text after the name, which GW reads
        // only after PRGFLI has opened the file: the session raises them then
        let mut pending = None;
        let line = match line.map(|e| self.eval_int(e)).transpose() {
            Ok(n) => n,
            Err(Halt::Error(code)) => {
                pending = Some(code);
                None
            }
            Err(h) => return Err(h),
        };
        if let (None, Some(f)) = (pending, fault) {
            match self.eval(f) {
                Err(Halt::Error(code)) => pending = Some(code),
                Err(h) => return Err(h),
                Ok(_) => pending = Some(ErrorCode::SyntaxError),
            }
        }
        self.request(Command::Chain {
            merge,
            file,
            line,
            all,
            delete,
            pending,
        })
    }

    /// DEF FN: the definition takes effect when the statement runs (not in direct mode).
    pub(super) fn exec_def_fn(&mut self, s: &DefFn<Compiled>, at: Pos) -> Res<()> {
        let func = s.func;
        // GW enters the function in the scalar table (where there is room for it: Out of
        // memory, the function not defined, when there is none), refuses a direct
        // statement, defines it, then enters each parameter (machine::dataseg `find_fn`)
        self.find_fn(func)?;
        if at.line == DIRECT {
            return Err(ErrorCode::IllegalDirect.into());
        }
        if let Some(d) = self.run.fns.defined.get_mut(func as usize) {
            *d = Some(at);
        }
        let (code, direct) = (self.code.clone(), self.direct.clone());
        if let Some(crate::syntax::ast::Stmt::DefFn(crate::syntax::ast::DefFn { params, .. })) =
            code.instr_at(direct.as_deref(), at)
        {
            for p in params {
                self.find_var(p.slot)?;
            }
        }
        Ok(())
    }

    /// CLEAR [n] [, [mem] [, stack]]: n is an integer that must not be negative (and is
    /// ignored); mem is the top of BASIC's memory (at most 65534), stack the stack's
    /// size; 0 for either is an Illegal function call, too little room Out of memory
    /// (BIMISC CLEAR) [M unsorted/CLEARERR]. A memory size above the top is refused as
    /// soon as it is read, before the stack size and the end of the statement are looked
    /// at [S BIMISC.ASM CLEAR: GETMPM, then the MAXMEM check, then CLEARS; 3.23 gives
    /// Out of memory there, M unsorted/CLEARERR `CLEAR , 65535`].
    pub(super) fn exec_clear(&mut self, s: &Clear<Compiled>, _at: Pos) -> Res<()> {
        let Clear {
            first,
            mem,
            stack,
            junk,
        } = s;
        let (first, mem, stack) = (first.as_ref(), mem.as_ref(), stack.as_ref());
        if let Some(e) = first
            && value::to_int(self.eval_num(e)?)? < 0
        {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let top = match mem {
            Some(e) => Some(self.clear_operand(e)?),
            None => None,
        };
        if top.is_some_and(|t| t > MAXMEM) {
            return Err(ErrorCode::OutOfMemory.into());
        }
        let size = match stack {
            Some(e) => Some(self.clear_operand(e)?),
            None => None,
        };
        if *junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        if top.is_some() || size.is_some() {
            let t = top.unwrap_or(self.top_of_memory());
            let s = size.unwrap_or(self.run.stack_size as u32);
            if t > MAXMEM || s <= 240 || t < s || t - s <= self.layout().vartab + 20 {
                return Err(ErrorCode::OutOfMemory.into());
            }
        }
        self.clear_state(OpenFiles::Close)?;
        if let Some(s) = size {
            self.run.stack_size = s as usize;
        }
        if let Some(t) = top {
            self.set_top_of_memory(t);
        }
        self.reset_strings();
        self.ask_recompile();
        Ok(())
    }

    /// A memory size operand of CLEAR: -32768 to 65535 (negative counts from 65536),
    /// not 0.
    fn clear_operand(&mut self, e: &CExpr) -> Res<u32> {
        let n = self.eval_address(e)?;
        if n == 0 {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        Ok(u32::from(n))
    }

    /// RANDOMIZE [n]: the seed's stored bytes are mixed into the generator (digest §8);
    /// without an argument the seed is asked for.
    pub(super) fn exec_randomize(&mut self, s: &Randomize<Compiled>, _at: Pos) -> Res<()> {
        let e = s.seed.as_ref();
        let n = match e {
            Some(e) => match self.eval(e)? {
                // a string seed is an Illegal function call [M unsorted/RANDOMIZ]
                Value::Str(_) => return Err(ErrorCode::IllegalFunctionCall.into()),
                v => v.num()?,
            },
            None => loop {
                let line = self.keyboard_reply(b"Random number seed (-32768 to 32767)? ", false)?;
                if let Some(n) = crate::num::parse_input_number(&line) {
                    break Num::Int(value::to_int(n)?);
                }
            },
        };
        match n {
            Num::Int(i) => self.run.rnd.randomize_bytes(&i.to_le_bytes()),
            Num::Sng(s) => self.run.rnd.randomize_bytes(&s.to_bytes()),
            Num::Dbl(d) => self.run.rnd.randomize_bytes(&d.to_bytes()),
        }
        Ok(())
    }
}
