//! Program-management statements (RUN, LIST, NEW, CONT, LOAD, SAVE, MERGE, CHAIN, COMMON,
//! DELETE, RENUM), CLEAR and RANDOMIZE. In a program most of them end the run and return
//! to direct mode, as in GW-BASIC; AUTO and EDIT are passed to the session.

use super::{Halt, Machine, OpenFiles, Res};
use crate::compile::code::{CExpr, Command, DIRECT, Pos, RunTo};
use crate::error::ErrorCode;
use crate::machine::value::{self, Value};
use crate::machine::vars::DEFAULT_STACK;
use crate::num::Num;
use crate::program::progfile;
use crate::session::Request;
use crate::syntax::ast::{LineRange, LineRef, SaveFormat};
use std::path::PathBuf;

impl Machine {
    pub(super) fn exec_command(&mut self, cmd: &Command, at: Pos) -> Res<()> {
        let in_program = at.line != DIRECT;
        match cmd {
            Command::Run(target) => self.exec_run(target.as_ref()),
            Command::List { range, .. } => {
                self.list(range)?;
                if in_program { Err(Halt::End) } else { Ok(()) }
            }
            Command::New => {
                self.new_program();
                Err(Halt::End)
            }
            Command::Cont => match self.cont.take() {
                Some(p) if !in_program => {
                    self.pc = p;
                    Ok(())
                }
                _ => Err(ErrorCode::CantContinue.into()),
            },
            Command::Load { file, run } => {
                let path = self.program_path(file)?;
                let files = if *run {
                    OpenFiles::Keep
                } else {
                    OpenFiles::Close
                };
                self.load_file(&path, files)?;
                if *run {
                    self.start_program(OpenFiles::Keep)?;
                    Ok(())
                } else {
                    Err(Halt::End)
                }
            }
            Command::Save { file, format } => {
                let path = self.program_path(file)?;
                self.save_file(&path, *format)
            }
            Command::Merge(file) => {
                let path = self.program_path(file)?;
                self.merge_file(&path, OpenFiles::Close)?;
                Err(Halt::End)
            }
            Command::Chain {
                merge,
                file,
                line,
                all,
                delete,
            } => self.exec_chain(*merge, file, line.as_ref(), *all, delete.as_ref()),
            Command::Common(_) => Ok(()),
            Command::Delete(range) => {
                self.delete_lines(range)?;
                Err(Halt::End)
            }
            Command::Renum { new, old, step } => {
                self.renum(*new, *old, *step)?;
                Err(Halt::End)
            }
            Command::Auto { start, step } => {
                self.request = Some(Request::Auto {
                    start: *start,
                    step: *step,
                });
                // AUTO in a program returns to direct mode, which starts numbering
                if in_program { Err(Halt::End) } else { Ok(()) }
            }
            Command::Edit(n) => {
                if in_program {
                    return Err(ErrorCode::IllegalDirect.into());
                }
                let n = n
                    .or(self.current_line)
                    .ok_or(ErrorCode::UndefinedLineNumber)?;
                if !self.program.contains(n) {
                    return Err(ErrorCode::UndefinedLineNumber.into());
                }
                if self.protected {
                    // the number is shown, the text is refused (PC-BASIC's screen)
                    self.screen_write(n.to_string().as_bytes());
                    self.screen_newline();
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                self.request = Some(Request::Edit(n));
                Ok(())
            }
        }
    }

    /// RUN [n | "file"].
    pub(crate) fn exec_run(&mut self, target: Option<&RunTo>) -> Res<()> {
        let files = match target {
            Some(RunTo::File(_, true)) => OpenFiles::Keep,
            _ => OpenFiles::Close,
        };
        if let Some(RunTo::File(f, _)) = target {
            let path = self.program_path(f)?;
            self.load_file(&path, files)?;
        }
        self.start_program(files)?;
        if let Some(RunTo::Line(n)) = target {
            let idx = self.search_line(*n, 0)?;
            self.enter_line(idx);
        }
        Ok(())
    }

    /// RUN from the first line: clear everything, compile, point at line 0.
    pub(crate) fn start_program(&mut self, files: OpenFiles) -> Res<()> {
        self.clear_state_keeping(files);
        self.stack_size = DEFAULT_STACK;
        self.ensure_compiled();
        self.cost.restart();
        self.direct = None;
        if self.code.lines.is_empty() {
            return Err(Halt::End);
        }
        self.enter_line(0);
        Ok(())
    }

    /// NEW.
    pub(crate) fn new_program(&mut self) {
        self.program.clear();
        self.protected = false;
        self.code_stale = true;
        self.clear_state();
        self.tron = false;
        self.ensure_compiled();
    }

    /// LIST [range] to the screen (refused for a protected program). The last line
    /// listed becomes the current line `.`.
    pub(crate) fn list(&mut self, range: &LineRange) -> Res<()> {
        if self.protected {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let (from, to) = self.resolve_range(range)?;
        if let Some((last, _)) = self.program.range(from, to).last() {
            self.current_line = Some(last);
        }
        let lines: Vec<Vec<u8>> = self
            .program
            .range(from, to)
            .map(|(n, b)| crate::text::list::list_line(n, b))
            .collect();
        for l in lines {
            self.screen_write(&l);
            self.screen_newline();
        }
        Ok(())
    }

    fn resolve_range(&self, r: &LineRange) -> Res<(u16, u16)> {
        let resolve = |x: Option<LineRef>, default: u16| -> Res<u16> {
            Ok(match x {
                None => default,
                Some(LineRef::Number(n)) => n,
                Some(LineRef::Current) => {
                    self.current_line.ok_or(ErrorCode::IllegalFunctionCall)?
                }
            })
        };
        let from = resolve(r.from, 0)?;
        let to = if r.dash {
            resolve(r.to, 65529)?
        } else {
            resolve(r.to, if r.from.is_some() { from } else { 65529 })?
        };
        Ok((from, to))
    }

    /// DELETE range: the first line of the range must exist.
    pub(crate) fn delete_lines(&mut self, r: &LineRange) -> Res<()> {
        if r.from.is_none() && r.to.is_none() {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let (from, to) = self.resolve_range(r)?;
        if r.from.is_some() && !self.program.contains(from) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let doomed: Vec<u16> = self.program.range(from, to).map(|(n, _)| n).collect();
        for n in doomed {
            self.program.remove(n);
        }
        self.program_edited();
        Ok(())
    }

    /// After any edit of the program: variables cleared, CONT impossible, pointers
    /// converted back (digest §11.1).
    pub(crate) fn program_edited(&mut self) {
        self.program_replaced(OpenFiles::Close);
    }

    /// After the program was edited or replaced by a file, keeping the open files or not.
    fn program_replaced(&mut self, files: OpenFiles) {
        self.code_stale = true;
        self.clear_state_keeping(files);
        self.ensure_compiled();
    }

    /// RENUM [new] [, [old] [, step]].
    pub(crate) fn renum(
        &mut self,
        new: Option<u16>,
        old: Option<u16>,
        step: Option<u16>,
    ) -> Res<()> {
        let warnings = crate::program::renum::renum(
            &mut self.program,
            new.unwrap_or(10),
            old.unwrap_or(0),
            step.unwrap_or(10),
        )
        .map_err(Halt::Error)?;
        for w in warnings {
            self.screen_write(w.as_bytes());
            self.screen_newline();
        }
        self.program_edited();
        Ok(())
    }

    /// A program file name: `.BAS` is added when there is no extension; an existing
    /// file is found whatever the case of its name, a new one is named in upper case; an
    /// empty name is "Bad file number" (as PC-BASIC answers).
    pub(crate) fn program_path(&mut self, e: &CExpr) -> Res<PathBuf> {
        let s = self.eval_str(e)?;
        let name = String::from_utf8_lossy(&s).trim().to_string();
        if name.is_empty() {
            return Err(ErrorCode::BadFileNumber.into());
        }
        let mut p = PathBuf::from(&name);
        if p.extension().is_none() && !name.ends_with('.') {
            p.set_extension("BAS");
        }
        Ok(super::files::dos_path(&p))
    }

    /// LOAD: replaces the program. A file that cannot be read leaves the program as it
    /// was; a bad file (an ASCII line without a number, a truncated tokenized file)
    /// replaces it with the lines read before the bad spot and reports the error, as
    /// GW-BASIC's LOAD does (it clears the program once the file is open).
    pub(crate) fn load_file(&mut self, path: &std::path::Path, files: OpenFiles) -> Res<()> {
        let bytes = read_program_file(path)?;
        let loaded = progfile::load_partial(&bytes);
        self.program = loaded.program;
        self.protected = loaded.protected;
        self.program_replaced(files);
        match loaded.error {
            Some(e) => Err(e.code.into()),
            None => Ok(()),
        }
    }

    /// MERGE: an ASCII file's lines join the program (replacing lines with the same
    /// numbers); lines read before a bad one stay merged.
    fn merge_file(&mut self, path: &std::path::Path, files: OpenFiles) -> Res<()> {
        if self.protected {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let bytes = read_program_file(path)?;
        if progfile::detect(&bytes) != progfile::Format::Ascii {
            return Err(ErrorCode::BadFileMode.into());
        }
        let progfile::Loaded {
            program: incoming,
            error,
            ..
        } = progfile::from_ascii(&bytes);
        for (n, body) in incoming.iter() {
            self.program.insert(n, body.to_vec());
        }
        self.program_replaced(files);
        match error {
            Some(e) => Err(e.code.into()),
            None => Ok(()),
        }
    }

    /// SAVE: written to a temporary file, then renamed over the target, so a failed
    /// SAVE leaves the old file intact.
    pub(crate) fn save_file(&mut self, path: &std::path::Path, format: SaveFormat) -> Res<()> {
        if self.protected && format != SaveFormat::Protected {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let bytes = match format {
            SaveFormat::Ascii => progfile::save_ascii(&self.program),
            SaveFormat::Tokenized => progfile::save_tokenized(&self.program),
            SaveFormat::Protected => progfile::save_protected(&self.program),
        };
        progfile::write_atomic(path, &bytes).map_err(|e| progfile::file_error(path, &e))?;
        if format != SaveFormat::Ascii {
            // a binary SAVE converts GOTO pointers back to numbers (digest §2.3)
            self.converted.iter_mut().for_each(|c| *c = false);
        }
        Ok(())
    }

    /// CHAIN [MERGE] file [, line] [, ALL] [, DELETE range]: COMMON variables (or all)
    /// survive into the new program.
    fn exec_chain(
        &mut self,
        merge: bool,
        file: &CExpr,
        line: Option<&CExpr>,
        all: bool,
        delete: Option<&LineRange>,
    ) -> Res<()> {
        let path = self.program_path(file)?;
        let start = match line {
            Some(e) => Some(self.eval_int(e)?),
            None => None,
        };
        let kept = self.common_values(all);
        if let Some(r) = delete {
            let (from, to) = self.resolve_range(r)?;
            let doomed: Vec<u16> = self.program.range(from, to).map(|(n, _)| n).collect();
            for n in doomed {
                self.program.remove(n);
            }
        }
        if merge {
            self.merge_file(&path, OpenFiles::Keep)?;
        } else {
            self.load_file(&path, OpenFiles::Keep)?;
        }
        self.start_program(OpenFiles::Keep)?;
        for (key, v) in kept {
            let slot = self.vars.scalar_slot_of(key);
            self.store_scalar(slot, v)?;
        }
        if let Some(n) = start {
            let idx = self.search_line(n as u16, 0)?;
            self.enter_line(idx);
        }
        Ok(())
    }

    /// Scalars named in COMMON statements (or all, for CHAIN ..., ALL) with their values.
    fn common_values(&self, all: bool) -> Vec<(crate::machine::vars::VarKey, Value)> {
        let mut keys = Vec::new();
        for line in &self.code.lines {
            for instr in &line.instrs {
                if let crate::compile::code::Instr::Command(c) = instr
                    && let Command::Common(names) = c.as_ref()
                {
                    keys.extend(names.iter().map(|(n, t, _)| (n.clone(), *t)));
                }
            }
        }
        (0..self.vars.scalar_count() as u32)
            .filter(|&s| self.vars.scalar_rank[s as usize] != crate::machine::vars::NOT_CREATED)
            .map(|s| {
                (
                    self.vars.scalar_key(s).clone(),
                    self.vars.scalars[s as usize].clone(),
                )
            })
            .filter(|(k, _)| all || keys.contains(k))
            .collect()
    }

    /// CLEAR [, [mem] [, stack]].
    pub(super) fn exec_clear(&mut self, stack: Option<&CExpr>) -> Res<()> {
        let size = match stack {
            Some(e) => {
                let n = value::to_double(self.eval_num(e)?).to_f64();
                if !(0.0..=65535.0).contains(&n) {
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                if n <= 240.0 {
                    return Err(ErrorCode::OutOfMemory.into());
                }
                Some(n as usize)
            }
            None => None,
        };
        self.clear_state();
        if let Some(s) = size {
            self.stack_size = s;
        }
        self.recompile = true;
        Ok(())
    }

    /// RANDOMIZE [n]: the seed's stored bytes are mixed into the generator (digest §8);
    /// without an argument the seed is asked for.
    pub(super) fn exec_randomize(&mut self, e: Option<&CExpr>) -> Res<()> {
        let n = match e {
            Some(e) => match self.eval(e)? {
                Value::Str(_) => return Err(ErrorCode::TypeMismatch.into()),
                v => v.num()?,
            },
            None => loop {
                self.screen_write(b"Random number seed (-32768 to 32767)? ");
                let Some(line) = self.console.read_line() else {
                    return Err(ErrorCode::InputPastEnd.into());
                };
                if self.console.echoes_input() {
                    self.screen_write(&line);
                    self.screen_newline();
                } else {
                    self.screen.col = 0;
                }
                if let Some(n) = crate::num::parse_input_number(&line) {
                    break Num::Int(value::to_int(n)?);
                }
            },
        };
        match n {
            Num::Int(i) => self.rnd.randomize_bytes(&i.to_le_bytes()),
            Num::Sng(s) => self.rnd.randomize_bytes(&s.to_bytes()),
            Num::Dbl(d) => self.rnd.randomize_bytes(&d.to_bytes()),
        }
        Ok(())
    }

    /// Recompiles the current direct-mode line (after a DEFtype change inside it).
    pub(crate) fn recompile_direct(&mut self) {
        if let Some(body) = self.direct_body.clone() {
            let line =
                crate::compile::compile_direct(&body, &self.code, &mut self.vars, &mut self.fns);
            self.direct = Some(std::rc::Rc::new(line));
        }
    }
}

/// A program file's bytes, or the GW-BASIC error for why it cannot be read.
fn read_program_file(path: &std::path::Path) -> Res<Vec<u8>> {
    std::fs::read(path).map_err(|e| progfile::file_error(path, &e).into())
}
