//! Program-management statements carried out for the machine (digest §11): RUN, LIST,
//! NEW, CONT, LOAD, SAVE, MERGE, CHAIN, DELETE, RENUM, AUTO, EDIT. In a program most of
//! them end the run and return to direct mode, as in GW-BASIC; RUN, CHAIN, LOAD ,R and
//! SAVE go on running.

use super::{Request, Session};
use crate::dos::ProgramFile;
use crate::error::ErrorCode;
use crate::machine::{Command, Halt, OpenFiles};
use crate::program::{Program, progfile};
use crate::syntax::ast::{LineRange, LineRef, SaveFormat};

/// What the machine does after a command.
pub(super) enum Flow {
    /// Go on at the machine's program counter.
    Continue,
    /// Back to direct mode.
    Stop,
}

type CmdResult = Result<Flow, Halt>;

impl Session {
    /// The line of an error raised in a program since `.` was last set becomes `.`
    /// [S GWMAIN.ASM ERROR: DOT]; called before anything else sets or reads it.
    pub(super) fn take_error_dot(&mut self) {
        if let Some(n) = self.machine.take_error_dot() {
            self.current_line = Some(n);
        }
    }

    /// Carries out a program-management statement.
    pub(super) fn command(&mut self, cmd: Command) -> CmdResult {
        let in_program = !self.machine.in_direct_line();
        self.take_error_dot();
        // POKE 1450,0 unprotects the program; POKEs into its lines change them
        let (unprotected, pokes) = self.machine.take_program_changes();
        if unprotected {
            self.workspace.protected = false;
        }
        for (number, k, v) in pokes {
            if let Some(body) = self.workspace.program.get(number) {
                let mut body = body.to_vec();
                if let Some(b) = body.get_mut(k) {
                    *b = v;
                }
                self.workspace.program.insert(number, body);
            }
        }
        match cmd {
            Command::Run {
                file,
                line,
                files,
                bad_tail,
            } => {
                if let Some(f) = file {
                    let path = program_path(self.machine.files_mut(), &f)?;
                    self.check_tail(&path, bad_tail)?;
                    self.load_file(&path, files)?;
                }
                self.start_run(files, line)?;
                Ok(Flow::Continue)
            }
            // LIST (LLIST, SAVE ,A) ends with READY: a program's run, and in direct mode
            // the rest of the typed line, which is never run [S GWLIST.ASM LIST: "GET
            // RID OF NEWSTT RETURN ADDR", then JMP READY after the last line]
            Command::List { range, file } => {
                self.list(&range, file.as_deref())?;
                Ok(Flow::Stop)
            }
            Command::New => {
                self.workspace.replace(Program::new(), false);
                // `.` is forgotten: AUTO . and LIST . start from 0 again (PC-BASIC 2.0.8;
                // the published SCRTCH leaves DOT, 3.23 is taken to clear it as the
                // models' kept-back AUTO case shows)
                self.current_line = None;
                self.program_changed(OpenFiles::Close);
                self.machine.trace_off();
                Ok(Flow::Stop)
            }
            Command::Cont => match self.machine.take_cont() {
                Some(p) if !in_program => {
                    self.machine.continue_at(p);
                    Ok(Flow::Continue)
                }
                _ => Err(ErrorCode::CantContinue.into()),
            },
            Command::Load {
                file,
                run,
                bad_tail,
            } => {
                let path = program_path(self.machine.files_mut(), &file)?;
                self.check_tail(&path, bad_tail)?;
                let files = if run {
                    OpenFiles::Keep
                } else {
                    OpenFiles::Close
                };
                self.load_file(&path, files)?;
                if run {
                    self.start_run(OpenFiles::Keep, None)?;
                    Ok(Flow::Continue)
                } else {
                    Ok(Flow::Stop)
                }
            }
            Command::Save { file, format } => {
                let path = program_path(self.machine.files_mut(), &file)?;
                self.save_file(&path, format)?;
                // SAVE ,A is LIST to a file, which ends a program's run or the typed
                // line; a binary or protected SAVE goes on [S DSKCOM.ASM SAVE: JMP LIST;
                // GIO86.ASM BINSAV]
                Ok(if format == SaveFormat::Ascii {
                    Flow::Stop
                } else {
                    Flow::Continue
                })
            }
            Command::Merge(file) => {
                let path = program_path(self.machine.files_mut(), &file)?;
                self.merge_file(&path, OpenFiles::Close)?;
                Ok(Flow::Stop)
            }
            Command::Chain {
                merge,
                file,
                line,
                all,
                delete,
                pending,
            } => {
                self.chain(merge, &file, line, all, delete.as_ref(), pending)?;
                Ok(Flow::Continue)
            }
            Command::Delete(range, junk) => {
                self.delete_lines(&range, junk)?;
                Ok(Flow::Stop)
            }
            Command::Renum { new, old, step } => {
                // `.` is the current line, 0 before anything set it (GWDATA.ASM DOT)
                let dot = |r: Option<LineRef>| match r {
                    Some(LineRef::Current) => Some(self.current_line.unwrap_or(0)),
                    Some(LineRef::Number(n)) => Some(n),
                    None => None,
                };
                let (new, old) = (dot(new), dot(old));
                self.renum(new, old, step)?;
                Ok(Flow::Stop)
            }
            Command::Auto {
                start,
                step,
                previous_step,
            } => {
                // GWMAIN.ASM AUTO: no comma is 10; a comma alone, the last increment
                // (none before the first AUTO); an increment of 0 is refused
                let step = match (step, previous_step) {
                    (Some(s), _) => s,
                    (None, true) => self.auto_step,
                    (None, false) => 10,
                };
                if step == 0 {
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                self.auto_step = step;
                let start = match start {
                    // `.` on a program nothing has set it for is line 0 (GWDATA.ASM DOT)
                    Some(LineRef::Current) => Some(self.current_line.unwrap_or(0)),
                    Some(LineRef::Number(n)) => Some(n),
                    None => None,
                };
                self.request = Some(Request::Auto {
                    start,
                    step: Some(step),
                });
                // AUTO in a program returns to direct mode, which starts numbering
                Ok(if in_program {
                    Flow::Stop
                } else {
                    Flow::Continue
                })
            }
            Command::Edit(n) => {
                // `.` before any line was entered, listed or reported is 0 (GWDATA.ASM DOT)
                let n = n.or(self.current_line).unwrap_or(0);
                // the line becomes `.` before it is looked for (GW's EREDIT), and a line
                // that is not there is Undefined line number in a program too (EREDIT's
                // FNDLIN comes before anything looks at the mode)
                self.current_line = Some(n);
                if !self.workspace.program.contains(n) {
                    return Err(ErrorCode::UndefinedLineNumber.into());
                }
                if in_program {
                    return Err(ErrorCode::IllegalDirect.into());
                }
                if self.workspace.protected {
                    // the number is shown, the text is refused (PC-BASIC's screen)
                    self.machine.screen_write(n.to_string().as_bytes());
                    self.machine.screen_newline();
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                self.request = Some(Request::Edit(n));
                Ok(Flow::Continue)
            }
        }
    }

    /// RUN from the first line (or `line`): clear everything, compile, point at it.
    pub(super) fn start_run(&mut self, files: OpenFiles, line: Option<u16>) -> Result<(), Halt> {
        self.machine.clear_state(files)?;
        self.ensure_compiled();
        self.machine.start_run(self.workspace.protected, line)
    }

    /// LIST [range] [, file] (GWLIST.ASM LIST): refused for a protected program before
    /// any file is opened; to a file as SAVE ,A writes it (CR LF, Ctrl-Z). The last line
    /// listed becomes the current line `.`.
    fn list(&mut self, range: &LineRange, file: Option<&[u8]>) -> Result<(), Halt> {
        self.check_listable()?;
        let (from, to) = self.resolve_range(range)?;
        let program = &self.workspace.program;
        if let Some((last, _)) = program.range(from, to).last() {
            self.current_line = Some(last);
        }
        let lines: Vec<Vec<u8>> = program
            .range(from, to)
            .map(|(n, b)| progfile::listed_line(program, n, b))
            .collect();
        // LIST to a printer (LLIST, LIST range, "LPT1:") or to the screen device
        use crate::dos::names::{Device, Spec};
        if let Some(name) = file
            && let Ok(Spec::Device(d @ (Device::Printer(_) | Device::Screen | Device::Console))) =
                crate::dos::names::parse(name, false)
        {
            match d {
                Device::Printer(p) => {
                    let mut bytes = Vec::new();
                    for l in &lines {
                        progfile::push_listed(&mut bytes, l);
                    }
                    self.machine.print_on_printer(p, &bytes);
                }
                _ => {
                    for l in lines {
                        self.machine.list_to_screen(&l);
                    }
                }
            }
            return Ok(());
        }
        if let Some(name) = file {
            let files = self.machine.files_mut();
            let path = output_path(files, name)?;
            if files.program_open(&path) {
                return Err(ErrorCode::FileAlreadyOpen.into());
            }
            let mut bytes = Vec::new();
            for l in &lines {
                progfile::push_listed(&mut bytes, l);
            }
            bytes.push(0x1A);
            return Ok(files.write_program(&path, &bytes)?);
        }
        for l in lines {
            self.machine.list_to_screen(&l);
        }
        Ok(())
    }

    /// PROCHK: a protected program is not listed (unless `--hide-protected=false`).
    fn check_listable(&self) -> Result<(), Halt> {
        if self.workspace.protected && self.hide_protected {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        Ok(())
    }

    fn resolve_range(&self, r: &LineRange) -> Result<(u16, u16), Halt> {
        let resolve = |x: Option<LineRef>, default: u16| -> Result<u16, Halt> {
            Ok(match x {
                None => default,
                Some(LineRef::Number(n)) => n,
                // `.` before any line was entered, listed or reported is 0 (GWDATA.ASM
                // DOT, set only by those)
                Some(LineRef::Current) => self.current_line.unwrap_or(0),
            })
        };
        let from = resolve(r.from, 0)?;
        let last = self.hide_listing;
        let to = if r.dash {
            resolve(r.to, last)?
        } else {
            resolve(r.to, if r.from.is_some() { from } else { last })?
        };
        Ok((from, to))
    }

    /// DELETE [from][-[to]]: the lines from `from` to `to` go, neither of which need
    /// exist; a range that holds no line (an empty program, `DELETE -5` with no line up
    /// to 5, an end before the start) is an Illegal function call, checked before the
    /// end of the statement is (GWLIST.ASM DELETE: SCNLIN, FCERRG, then EOSCHK). 3.23
    /// does not demand a line at the range's end as the published source's FNDLIN does
    /// [M unsorted/DELETE: `DELETE 60-` deletes to the end, `DELETE` the whole program].
    fn delete_lines(&mut self, r: &LineRange, junk: bool) -> Result<(), Halt> {
        let (from, to) = self.resolve_range(r)?;
        if from > to || self.workspace.program.range(from, to).next().is_none() {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        if junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        self.remove_range(from, to);
        self.program_changed(OpenFiles::Close);
        Ok(())
    }

    fn remove_range(&mut self, from: u16, to: u16) {
        let program = &mut self.workspace.program;
        let doomed: Vec<u16> = program.range(from, to.max(from)).map(|(n, _)| n).collect();
        for n in doomed {
            program.remove(n);
        }
        self.workspace.edited();
    }

    /// RENUM [new] [, [old] [, step]]. Only numbers change (GW rewrites them in place):
    /// variables, open files and CONT survive; the loop and GOSUB stacks are dropped;
    /// the ON ERROR handler follows its line.
    fn renum(&mut self, new: Option<u16>, old: Option<u16>, step: Option<u16>) -> Result<(), Halt> {
        let (warnings, map) = crate::program::renum::renum_map(
            &mut self.workspace.program,
            new.unwrap_or(10),
            old.unwrap_or(0),
            step.unwrap_or(10),
        )
        .map_err(Halt::Error)?;
        self.workspace.edited();
        for w in warnings {
            self.machine.screen_write(w.as_bytes());
            self.machine.screen_newline();
        }
        self.machine
            .renumbered(&map, self.workspace.program.byte_size());
        Ok(())
    }

    /// LOAD: replaces the program. A file that cannot be read leaves the program as it
    /// was; a bad file (an ASCII line without a number, a truncated tokenized file)
    /// replaces it with the lines read before the bad spot and reports the error, as
    /// GW-BASIC's LOAD does (it clears the program once the file is open).
    fn load_file(&mut self, path: &ProgramFile, files: OpenFiles) -> Result<(), Halt> {
        let bytes = self.read_text(path)?;
        let loaded = progfile::load_within(&bytes, self.machine.program_room());
        self.overflow_messages(loaded.overflows);
        self.workspace.replace(loaded.program, loaded.protected);
        // LOAD's NEW forgets `.`; an ASCII file's lines are entered as typed, the last
        // one becoming `.`
        self.current_line = loaded.last_line;
        self.program_changed(files);
        match loaded.error {
            Some(e) => {
                // the statement that loaded is gone with its program: the error is
                // reported as a direct one [M gwbasic/direct_statement_in_file]
                self.machine.command_error_is_direct();
                Err(e.code.into())
            }
            None => Ok(()),
        }
    }

    /// RUN's or LOAD's text after the file name that is not `,R`: a Syntax error once the
    /// file is found, before anything is loaded (S DSKCOM.ASM LRUN3: PRGFLI opens the
    /// file, then SYNCHR and SNERR).
    fn check_tail(&mut self, path: &ProgramFile, bad_tail: bool) -> Result<(), Halt> {
        if bad_tail {
            self.read_program_file(path)?;
            return Err(ErrorCode::SyntaxError.into());
        }
        Ok(())
    }

    /// A program file's bytes as GW-BASIC holds them (decoded from `--text-encoding`).
    fn read_text(&mut self, path: &ProgramFile) -> Result<Vec<u8>, Halt> {
        let bytes = self.read_program_file(path)?;
        Ok(match self.machine.config.text_encoding.decode(&bytes) {
            std::borrow::Cow::Borrowed(_) => bytes,
            std::borrow::Cow::Owned(decoded) => decoded,
        })
    }

    /// The soft `Overflow` a literal too large prints as its line is crunched (FIN's
    /// once-only message), `n` times: a typed line's, or the lines an ASCII program file
    /// brings in, whatever reads it (the command line, LOAD, RUN, MERGE, CHAIN), since
    /// each is crunched as a typed line is [S GWMAIN.ASM MAIN → CRUNCH → MATH1.ASM FIN,
    /// $OVFLS: DV010 prints the message once a FIN call].
    pub(super) fn overflow_messages(&mut self, n: usize) {
        for _ in 0..n {
            self.machine.screen_message("Overflow");
        }
    }

    /// MERGE: an ASCII file's lines join the program (replacing lines with the same
    /// numbers); lines read before a bad one stay merged.
    fn merge_file(&mut self, path: &ProgramFile, files: OpenFiles) -> Result<(), Halt> {
        if self.workspace.protected {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let bytes = self.read_text(path)?;
        // a tokenised or protected file is refused before a line is read, while MERGE is
        // still the current statement, so ON ERROR traps it; the lines are then read in
        // direct mode (CURLIN 65535), where an error is untrapped and names no line
        // [S DSKCOM.ASM MERGE: OKGET2's DERBFM, then JMP MAIN; GWMAIN.ASM MAIN]
        if progfile::detect(&bytes) != progfile::Format::Ascii {
            return Err(ErrorCode::BadFileMode.into());
        }
        let room = self.machine.program_room();
        let trapping = self.machine.error_trap_set();
        let (error, changed) = self.merge_bytes(&bytes, room, trapping);
        // the variables, traps and files go only when a line is stored or deleted: an
        // error before that (under ON ERROR, a literal's Overflow too) finds them as the
        // program left them, trap and all [S GWMAIN.ASM EDENT → FINI → RUNC; ERROR's
        // ERRMOR traps by ONELIN whatever CURLIN is]
        if changed {
            self.program_changed(files);
        }
        match error {
            Some(code) => {
                self.machine.command_error_is_direct();
                Err(code.into())
            }
            None => Ok(()),
        }
    }

    /// Merges an ASCII program's lines into the workspace, in the file's order and each
    /// as a typed line, within `room` bytes of program (a tokenized or protected file is
    /// Bad file mode); returns the error that stopped the reading, if any, and whether
    /// a line was stored or deleted. A line that does not fit disarms ON ERROR before
    /// its Out of memory [S GWMAIN.ASM EDENT: ONELIN cleared "to prevent OM error from
    /// being trapped"]; with `trapping` (ON ERROR set), until a line is stored or
    /// deleted a literal too large is the trappable Overflow that stops the reading.
    fn merge_bytes(
        &mut self,
        bytes: &[u8],
        room: usize,
        trapping: bool,
    ) -> (Option<ErrorCode>, bool) {
        if progfile::detect(bytes) != progfile::Format::Ascii {
            return (Some(ErrorCode::BadFileMode), false);
        }
        let entered = progfile::enter_ascii(&mut self.workspace.program, bytes, room, trapping);
        self.overflow_messages(entered.overflows);
        // the lines are entered as typed: the last one is `.` [S GWMAIN.ASM EDENT]
        if entered.last_line.is_some() {
            self.current_line = entered.last_line;
        }
        let error = entered.error.map(|e| e.code);
        if error == Some(ErrorCode::OutOfMemory) {
            self.machine.disarm_error_trap();
        }
        if entered.changed {
            self.workspace.edited();
        }
        (error, entered.changed)
    }

    /// SAVE (DSKCOM.ASM SAVE): a file open in the program is File already open; the
    /// file is created before the program is looked at, so saving a protected program
    /// other than ,P leaves an empty file (its Ctrl-Z) and is Illegal function call. The
    /// program is written to a temporary file and renamed over the target, so a failed
    /// write leaves the old file intact. ,A writes what LIST shows (up to the hidden
    /// lines); a binary SAVE converts GOTO pointers back to numbers (digest §2.3).
    fn save_file(&mut self, path: &ProgramFile, format: SaveFormat) -> Result<(), Halt> {
        if self.machine.files_mut().program_open(path) {
            return Err(ErrorCode::FileAlreadyOpen.into());
        }
        if format != SaveFormat::Protected && self.check_listable().is_err() {
            self.machine.files_mut().write_program(path, b"\x1a")?;
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let program = &self.workspace.program;
        let bytes = match format {
            SaveFormat::Ascii => {
                let text = progfile::save_ascii_upto(program, self.hide_listing);
                self.machine.config.text_encoding.encode(&text).into_owned()
            }
            SaveFormat::Tokenized => progfile::save_tokenized(program),
            SaveFormat::Protected => progfile::save_protected(program),
        };
        self.machine.files_mut().write_program(path, &bytes)?;
        if format != SaveFormat::Ascii {
            self.machine.forget_pointer_conversions();
        }
        Ok(())
    }

    /// CHAIN [MERGE] file [, line] [, ALL] [, DELETE range] (FIVEO.ASM CHAIN): the file
    /// is opened first, the DELETE range checked, then what survives is taken out
    /// (`Machine::chain_keep`: COMMON variables or all, OPTION BASE, with MERGE the
    /// DEFtype table), the range deleted, the file loaded or merged, and the new program
    /// run from its start or `line` with the files still open.
    fn chain(
        &mut self,
        merge: bool,
        file: &[u8],
        line: Option<i16>,
        all: bool,
        delete: Option<&LineRange>,
        pending: Option<ErrorCode>,
    ) -> Result<(), Halt> {
        let path = program_path(self.machine.files_mut(), file)?;
        let bytes = self.read_text(&path)?;
        if let Some(code) = pending {
            return Err(code.into());
        }
        let range = match delete {
            Some(r) => Some(self.chain_delete_range(r)?),
            None => None,
        };
        if merge && self.workspace.protected {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let kept = self.machine.chain_keep(all, merge)?;
        if let Some((from, to)) = range {
            self.remove_range(from, to);
        }
        // the kept variables and their strings wait at the top of memory while the
        // lines come in, and FRETOP is one below them [S FIVEO.ASM CHAIN step 5: GARBA2,
        // BLTUC, "one lower to be sure"]
        let room = self.machine.program_room().saturating_sub(kept.bytes() + 1);
        // (CHAIN MERGE's error before its first line is not trapped here: GW's handler
        // would find the variables still in place though CHAIN had moved them up)
        let error = if merge {
            self.merge_bytes(&bytes, room, false).0
        } else {
            let loaded = progfile::load_within(&bytes, room);
            self.overflow_messages(loaded.overflows);
            self.workspace.replace(loaded.program, loaded.protected);
            loaded.error.map(|e| e.code)
        };
        self.program_changed(OpenFiles::Keep);
        if let Some(code) = error.filter(|&c| c != ErrorCode::BadFileMode) {
            // the lines are read in direct mode, CURLIN 65535: an error there (Out of
            // memory, for which the insertion also clears the error trap; Direct
            // statement in file, Line buffer overflow, a constant's Overflow) is
            // untrapped and names no line, and CHNRET never brings the variables back
            // [S DSKCOM.ASM CHNENT, OKGETM/OKGET2 and MAINGO: JMP MAIN; GWMAIN.ASM MAIN,
            // EDENT: ONELIN cleared "to prevent OM error from being trapped"]. A
            // tokenised file refused by MERGE's first byte is the CHAIN's own error.
            self.machine.command_error_is_direct();
            return Err(code.into());
        }
        self.machine.chain_restore(kept)?;
        if let Some(code) = error {
            return Err(code.into());
        }
        self.ensure_compiled();
        self.machine.start_chained(line)
    }

    /// CHAIN's DELETE range: the line ending it must exist, and it must not come before
    /// the start (Illegal function call otherwise).
    fn chain_delete_range(&self, r: &LineRange) -> Result<(u16, u16), Halt> {
        let (from, to) = self.resolve_range(r)?;
        if !self.workspace.program.contains(to) || from > to {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        Ok((from, to))
    }
}

/// A program file name through the DOS layer (drives, current directories, any case of
/// an existing name, 8.3 upper case for a new one): `.BAS` is added when there is no
/// extension; an empty name is "Bad file number" (as PC-BASIC answers).
fn program_path(files: &mut crate::dos::Files, name: &[u8]) -> Result<ProgramFile, Halt> {
    if name.iter().all(|&c| c == b' ') {
        return Err(ErrorCode::BadFileNumber.into());
    }
    Ok(files.program_file(name)?)
}

/// The file LIST writes to, named as programs are (`.BAS` added to a name without an
/// extension) [M unsorted/LIST]; a blank name is Bad file name.
fn output_path(files: &mut crate::dos::Files, name: &[u8]) -> Result<ProgramFile, Halt> {
    if name.iter().all(|&c| c == b' ') {
        return Err(ErrorCode::BadFileName.into());
    }
    Ok(files.program_file(name)?)
}

impl Session {
    /// A program file's bytes, or the GW-BASIC error for why it cannot be read (a file
    /// larger than any program GW's memory could hold is "Out of memory").
    fn read_program_file(&mut self, path: &ProgramFile) -> Result<Vec<u8>, Halt> {
        Ok(self
            .machine
            .files_mut()
            .read_program(path, progfile::MAX_FILE)?)
    }
}
